"""The table view: a cm table's terrain (drawn once per zoom level), the units as bases to scale with
their facing (moves animated), the legal move region, the move being placed with its facing, the
option's target, the table tools' drawings, the hovered unit's tooltip and the terrain legend."""
from __future__ import annotations

import math

import pygame

from game.ui import render, theme
from game.ui.labels import LabelPlacer
from game.ui.components import orders
from game.ui.components.board_view import BoardView, Frame, looks_of

ANIM_TIME = 0.35


class TableView(BoardView):
    kind = "table"
    has_tools = True

    def __init__(self, app, size: tuple[float, float]):
        super().__init__(app, size)
        self.terrain = render.TerrainCache(app.fonts)
        self.painter = render.UnitPainter(app.fonts)
        self.regions = render.RegionCache()
        self.positions: dict[str, tuple[float, float, float]] = {}
        self.anims: dict[str, tuple[tuple, tuple, float]] = {}
        self._sight: dict[tuple, tuple[bool, str]] = {}
        self._looks: dict = {}
        self.overlay = LabelPlacer()          # this frame's labels and markers, for the ones drawn over them

    # -- moves, animated ------------------------------------------------------------------------
    def follow(self, view, animate: bool, now: float) -> None:
        new_pos = {uid: (u.x, u.y, u.facing) for uid, u in view.units.items()}
        anims = {}
        if animate:
            for uid, target in new_pos.items():
                old = self.positions.get(uid)
                if old is not None and any(abs(old[i] - target[i]) > 1e-6 for i in range(3)):
                    anims[uid] = (old, target, now)
        self.anims = anims
        self.positions = dict(new_pos)
        for uid, (old, _target, _t0) in anims.items():
            self.positions[uid] = old

    def update(self, now: float) -> None:
        done = []
        for uid, (a, b, t0) in self.anims.items():
            t = min(1.0, (now - t0) / ANIM_TIME)
            e = t * t * (3 - 2 * t)
            da = ((b[2] - a[2] + 180) % 360) - 180
            self.positions[uid] = (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e, a[2] + da * e)
            if t >= 1:
                done.append(uid)
        for uid in done:
            del self.anims[uid]

    def busy(self) -> bool:
        return bool(self.anims)

    def settle(self, view) -> None:
        self.anims = {}
        self.positions = {uid: (u.x, u.y, u.facing) for uid, u in view.units.items()}

    def unit_at(self, pos, view):
        fanned = self.painter.fanned_at(pos)          # a crowd's unit, drawn away from its spot
        if fanned is not None and fanned in view.units:
            return view.units[fanned]
        wx, wy = self.world(pos)
        return render.unit_hit(view.units.values(), wx, wy, 4 / self.camera.scale)

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, surface, frame: Frame) -> None:
        view, sel, cam = frame.view, frame.sel, self.camera
        self.terrain.blit(surface, view, cam)
        if frame.region is not None:
            self.regions.blit(surface, frame.region, cam, fill=(255, 214, 90, 80 if frame.strong else 40),
                              edge=(240, 190, 70, 255 if frame.strong else 150))
        if frame.tools is not None:
            frame.tools.draw_under(surface, view, cam, self.positions, frame.cursor)
        self.painter.draw(surface, cam, view.units.values(), self.positions, frame.marker_labels,
                          sel.selected, sel.hovered, set(frame.acting), seats=view,
                          looks=looks_of(view, frame.look, self._looks), map_names=self.terrain.names)
        if frame.orders:
            orders.draw(surface, cam, view, frame.orders, self.positions, seats=view)
        self.overlay = self.painter.placer_after()
        if frame.tools is not None:
            frame.tools.draw_ring_labels(surface, self.overlay)
        self.draw_moment(surface, frame)
        self.draw_preview(surface, frame)
        self.draw_placing(surface, frame)
        self.draw_target(surface, frame)
        if frame.tools is not None:
            frame.tools.draw_over(surface, view, cam, frame.cursor)
        busy_tool = frame.tools is not None and frame.tools.tool is not None
        chip = next((m for r, m in reversed(self.painter.chip_spots) if r.collidepoint(self.app.mouse)), None)
        if chip is not None and not busy_tool:
            self.draw_chip_tip(surface, frame, chip)
        elif sel.hovered and sel.hovered in view.units and frame.now - sel.hover_time > 0.25 and not busy_tool:
            self.draw_tip(surface, frame, sel.hovered)

    def drawn_labels(self) -> list[pygame.Rect]:
        return list(self.overlay.taken)          # every label, marker and name, and what was placed over them

    def draw_placing(self, surface, frame: Frame) -> None:
        """The move being placed: a line from the unit, its base at the point, an arrow for the facing."""
        pl, cam, view = frame.sel.placing, self.camera, frame.view
        if pl is None or pl.point is None:
            return
        u = view.units.get(frame.sel.selected) if frame.sel.selected else None
        p = cam.to_screen(*pl.point)
        if u is not None:
            pygame.draw.line(surface, (255, 255, 255), cam.to_screen(u.x, u.y), p, 1)
            pygame.draw.circle(surface, theme.ACCENT, p, max(4, int(render.base_radius_cm(u.base) * cam.scale)), 2)
        if pl.facing is not None:
            t = math.radians(pl.facing)
            L = max(30, self.s(40))
            tip = (p[0] + math.cos(t) * L, p[1] + math.sin(t) * L)
            pygame.draw.line(surface, theme.ACCENT, p, tip, 3)
            left = (tip[0] - math.cos(t - 0.5) * 10, tip[1] - math.sin(t - 0.5) * 10)
            right = (tip[0] - math.cos(t + 0.5) * 10, tip[1] - math.sin(t + 0.5) * 10)
            pygame.draw.polygon(surface, theme.ACCENT, [tip, left, right])

    def draw_moment(self, surface, frame: Frame) -> None:
        """A log entry's moment: its units ringed, and a line of fire from the one acting to the others."""
        if frame.moment is None:
            return
        units = involved(frame.view, frame.moment)
        cam = self.camera
        pts = [cam.to_screen(*self.positions.get(u.id, (u.x, u.y))[:2]) for u in units]
        for a in pts[1:]:
            pygame.draw.line(surface, (20, 20, 20), pts[0], a, 5)
            pygame.draw.line(surface, theme.BAD, pts[0], a, 3)
        for u, p in zip(units, pts):
            r = max(8, int(render.base_radius_cm(u.base) * cam.scale) + 7)
            pygame.draw.circle(surface, (20, 20, 20), p, r + 1, 4)
            pygame.draw.circle(surface, theme.ACCENT, p, r, 3)

    def draw_preview(self, surface, frame: Frame) -> None:
        """The move being chosen, before the click: the base at the cursor, the path from the unit, and
        the enemies who could see it there (exposure), each with a line to it."""
        pv = frame.preview
        if pv is None:
            return
        unit, point, watchers, path_seen = pv
        cam = self.camera
        start = cam.to_screen(unit.x, unit.y)
        end = cam.to_screen(*point)
        for (a, b), seen in path_seen:
            colour = theme.BAD if seen else (255, 255, 255)
            pygame.draw.line(surface, colour, cam.to_screen(*a), cam.to_screen(*b), 3 if seen else 2)
        if not path_seen:
            pygame.draw.line(surface, (255, 255, 255), start, end, 2)
        ghost = [cam.to_screen(*p) for p in base_outline_at(unit, point)]
        layer_col = theme.side_colour(theme.seat_of(frame.view, unit.side))
        pygame.draw.polygon(surface, theme.shade(layer_col, 1.3), ghost, 2)
        for w in watchers:
            pygame.draw.line(surface, (230, 60, 50), cam.to_screen(w.x, w.y), end, 1)
        if watchers:
            names = ", ".join(w.name or w.id for w in watchers[:3]) + (" …" if len(watchers) > 3 else "")
            text = f"seen there by {len(watchers)}: {names}"
        else:
            text = "no enemy sees this spot"
        d = self.s(14)
        spots = [(a, (end[0] + dx * d, end[1] + k * d)) for k in range(0, 9) for a, dx, k in
                 (("midbottom", 0, -k - 1), ("midtop", 0, k + 1), ("bottomleft", 1, -k), ("bottomright", -1, -k),
                  ("topleft", 1, k), ("topright", -1, k))]
        render.placed_label(surface, self.fonts, self.overlay, text, spots, 11,
                            bg=(250, 225, 220) if watchers else (225, 245, 230), needed=True)

    def why_outside(self, view, unit, point, region) -> str:
        """Too far (beyond the farthest point the region reaches), or within reach but blocked: by
        ground that cannot be entered, by a figure standing there, or by what lies on the way."""
        if unit is None or region is None or getattr(region, "is_empty", True):
            return ""
        import shapely
        d = math.hypot(point[0] - unit.x, point[1] - unit.y)
        hull = region.convex_hull
        ring = list(hull.exterior.coords) if hull.geom_type == "Polygon" else list(hull.coords)
        reach = max((math.hypot(x - unit.x, y - unit.y) for x, y in ring), default=0.0)
        if d > reach + 0.5:
            return f"too far: {d:.1f} cm from {unit.name}, this move reaches {reach:.1f} cm at most"
        here = shapely.Point(point)
        for piece in getattr(view.table, "pieces", ()):
            if piece.polygon.contains(here) and getattr(piece.kind, "impassable", False):
                return f"blocked: {piece.name or render.kind_label(piece.kind)} cannot be entered"
        other = render.unit_hit([u for u in view.units.values() if u.id != unit.id], point[0], point[1])
        if other is not None:
            return f"blocked: {other.name} stands there"
        way = shapely.LineString([(unit.x, unit.y), point])
        for piece in getattr(view.table, "pieces", ()):
            kind = piece.kind
            if way.intersects(piece.polygon) and not piece.polygon.contains(shapely.Point(unit.x, unit.y)) and \
                    (getattr(kind, "impassable", False) or getattr(kind, "building", False) or
                     getattr(kind, "rough", False)):
                return f"blocked: within reach, but {piece.name or render.kind_label(kind)} is in the way"
        return "blocked: within reach, but the rules bar the way there"

    # -- whose dice count: the members of a team that see the target ---------------------------------
    def who_counts(self, frame: Frame, actors: list, targets: list):
        """A team's attack: only the members with a line of sight (the rules' own LOS rules,
        TableRules.los_rules) to a target roll; the others are left out, with what blocks them.
        One actor, or no member seeing at all (the rules judge otherwise): every actor is drawn."""
        if len(actors) < 2 or frame.tools is None or frame.tools.thinking():
            return super().who_counts(frame, actors, targets)
        view = frame.view
        counting: dict[str, list] = {}
        blocked: dict[str, str] = {}
        for t in targets:
            for a in actors:
                clear, what = self.sight(view, frame.tools, a, t)
                if clear:
                    counting.setdefault(t.id, []).append(a)
                else:
                    blocked.setdefault(a.id, what)
        if not counting:
            return super().who_counts(frame, actors, targets)
        seeing = {a.id for group in counting.values() for a in group}
        left_out = [(a, f"no line of sight ({blocked[a.id]})" if blocked.get(a.id) else "no line of sight")
                    for a in actors if a.id not in seeing]
        return counting, left_out

    def sight(self, view, tools, a, t) -> tuple[bool, str]:
        """LOS from a to t on this state, cached: (clear, the blocker's name)."""
        key = (id(view), a.id, t.id, a.x, a.y, t.x, t.y)
        found = self._sight.get(key)
        if found is None:
            if len(self._sight) > 256:
                self._sight.clear()
            rules = tools.los_rules()
            try:
                res = view.table.los((a.x, a.y), (t.x, t.y), rules) if rules is not None else \
                    view.table.los((a.x, a.y), (t.x, t.y))
            except Exception:
                return True, ""
            what = ""
            if not res.clear:
                piece = getattr(view.table, "by_id", {}).get(res.blocker)
                what = (getattr(piece, "name", "") or render.kind_label(getattr(piece, "kind", None))) \
                    if piece is not None else str(res.blocker or "")
            found = (bool(res.clear), what)
            self._sight[key] = found
        return found

    # -- the legend: the terrain kinds on this table -----------------------------------------------
    def legend_entries(self, view) -> list:
        return render.legend_entries(view)


def involved(view, event) -> list:
    """The units a log entry names (by id in its data, or a roll's `who` by name), actor first."""
    found: list = []
    data = getattr(event, "data", {}) or {}
    for key in ("actor", "unit", "who", "target", "targets"):
        value = data.get(key)
        for v in (value if isinstance(value, (list, tuple)) else [value]):
            if not isinstance(v, str) or not v:
                continue
            u = view.units.get(v) or next((w for w in view.units.values() if w.name == v), None)
            if u is not None and u not in found:
                found.append(u)
    for v in data.values():
        if isinstance(v, str) and v in view.units and view.units[v] not in found:
            found.append(view.units[v])
    return found


def base_outline_at(unit, point) -> list:
    """The unit's base outline moved to a point (its facing kept)."""
    if unit.base.get("shape", "round") == "round":
        r = render.base_radius_cm(unit.base)
        return [(point[0] + r * math.cos(a * math.pi / 8), point[1] + r * math.sin(a * math.pi / 8)) for a in range(16)]
    return render.base_outline(point[0], point[1], unit.facing, unit.base)
