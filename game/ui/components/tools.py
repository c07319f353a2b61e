"""The tools a tabletop player reaches for on a cm table: measuring tape, LOS line, field of vision,
blast template and range bands. The rules behind them (field_of_vision, blast_radius, range_bands,
los_rules) are asked of the ruleset only on a table board, and only when it has them."""
from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui import render, theme
from game.ui.components.choices import Selection

CM_PER_INCH = 2.54
ARC_STEPS = [30, 45, 60, 90, 120, 180, 270, 360]
HINTS = {"measure": "Tape: drag on the table to measure", "los": "LOS: drag from a unit or a point",
         "blast": "Blast template: click to pin it, [ and ] change its radius"}


def board_kind(view) -> str:
    board = getattr(view, "board", None)
    return getattr(board, "kind", None) or "table"


def table_rule(ruleset, view, name: str, *args, default=None):
    """Ask the ruleset for a table tool's rule (the engine's TableRules mixin) when it has one."""
    if board_kind(view) != "table":
        return default
    fn = getattr(ruleset, name, None)
    if fn is None:
        return default
    try:
        found = fn(view, *args)
    except Exception:
        return default
    return default if found is None else found


class TableTools:
    """Inputs: the app (fonts, settings), the session (its ruleset and the viewer's view), the shared
    selection and `thinking()`: the AI's thread is using the table's prepared geometry."""

    def __init__(self, app, session, sel: Selection, thinking: Callable[[], bool]):
        self.app = app
        self.fonts = app.fonts
        self.session = session
        self.sel = sel
        self.thinking = thinking
        self.tool: str | None = None
        self.a: tuple[float, float] | None = None
        self.tape_from: str | None = None        # the unit the tape was pulled from, if any
        self.b: tuple[float, float] | None = None
        self.dragging = False
        self.blast_pinned: tuple[float, float] | None = None
        self.arc: float | None = None
        self.blast_r: float | None = None
        self.rings_on = False
        self.ring_labels: list = []          # (text, spots) of the bands drawn, placed over the units
        self._los_cache: dict[tuple, list] = {}

    def s(self, v: float) -> int:
        return int(round(v * self.app.settings.ui_scale))

    def state(self) -> dict[str, bool]:
        """Which tool buttons are on."""
        return {"measure": self.tool == "measure", "los": self.tool == "los", "arc": self.arc is not None,
                "blast": self.tool == "blast", "rings": self.rings_on}

    # -- the rules behind the tools ------------------------------------------------------------
    def default_arc(self) -> float:
        """The selected unit's field of vision, as the ruleset declares it."""
        if not self.sel.selected:
            return 90.0
        return float(table_rule(self.session.ruleset, self.session.view(), "field_of_vision", self.sel.selected,
                                default=90.0))

    def ruled_arc(self, view, sel, reach: float):
        """The arc as the rules shape it (TableRules.firing_arc, e.g. swept from a front edge), while
        the tool shows the unit's own field of vision; None: draw the plain sector."""
        if self.arc != self.default_arc():
            return None
        key = ("arc", sel.id, sel.x, sel.y, sel.facing, round(reach, 1))
        if key not in self._los_cache:
            self._los_cache[key] = table_rule(self.session.ruleset, view, "firing_arc", sel.id, reach)
        return self._los_cache[key]

    def default_blast(self) -> float:
        return float(table_rule(self.session.ruleset, self.session.view(), "blast_radius", default=4.0))

    def range_bands(self, uid: str | None = None) -> list[tuple[str, float]]:
        """The unit's range bands as the rules give them (TableRules.range_bands); none: no rings."""
        uid = uid or self.sel.selected
        bands = table_rule(self.session.ruleset, self.session.view(), "range_bands", uid,
                           default=[]) if uid else []
        return [(str(n), float(cm)) for n, cm in bands]

    def has_range_bands(self) -> bool:
        """Do the rules give range bands to any unit on the table (else there is no Ranges tool)?"""
        view = self.session.view()
        return any(self.range_bands(uid) for uid, u in view.units.items() if not u.out)

    def los_rules(self):
        return table_rule(self.session.ruleset, self.session.view(), "los_rules")

    # -- switching ---------------------------------------------------------------------------------
    def toggle(self, key: str) -> str | None:
        """Switch a tool; returns a hint to show, if any."""
        if key == "arc":
            self.arc = None if self.arc is not None else self.default_arc()
        elif key == "rings":
            if not self.rings_on and not self.has_range_bands():
                return "These rules have no range bands"
            self.rings_on = not self.rings_on
        elif key in ("measure", "los", "blast"):
            self.tool = None if self.tool == key else key
            self.a = self.b = None
            self.blast_pinned = None
            if self.tool == "blast" and self.blast_r is None:
                self.blast_r = self.default_blast()
            if self.tool:
                return HINTS[self.tool]
        return None

    def adjust(self, step: int) -> None:
        """[ and ]: the blast radius, else the arc."""
        if self.tool == "blast" and self.blast_r is not None:
            self.blast_r = max(0.5, self.blast_r + 0.5 * step)
        elif self.arc is not None:
            i = min(range(len(ARC_STEPS)), key=lambda j: abs(ARC_STEPS[j] - self.arc))
            self.arc = float(ARC_STEPS[max(0, min(len(ARC_STEPS) - 1, i + step))])

    def reset_line(self) -> None:
        self.a = self.b = None

    def clear(self) -> bool:
        """Switch every tool off (Esc); False when none was on."""
        was_on = self.tool is not None or self.arc is not None or self.rings_on
        self.tool = None
        self.a = self.b = None
        self.dragging = False
        self.blast_pinned = None
        self.arc = None
        self.rings_on = False
        return was_on

    # -- gestures on the table ---------------------------------------------------------------------
    def press(self, world, unit) -> bool:
        """A left press on the table; True when a tool took it."""
        if self.tool in ("measure", "los"):
            self.a = (unit.x, unit.y) if unit is not None else world
            self.b = self.a
            self.tape_from = unit.id if unit is not None else None
            self.dragging = True
            return True
        if self.tool == "blast":
            self.blast_pinned = None if self.blast_pinned is not None else world
            return True
        return False

    def release(self, world, unit) -> bool:
        if not self.dragging:
            return False
        self.dragging = False
        if self.a is not None:
            self.b = (unit.x, unit.y) if unit is not None else world
        return True

    def motion(self, world) -> None:
        if self.dragging and self.a is not None and world is not None:
            self.b = world

    # -- LOS ---------------------------------------------------------------------------------------
    def los_from(self, uid: str) -> list[tuple[str, bool, str | None]]:
        """LOS from one unit to every visible enemy, computed once per (unit, state, viewer)."""
        key = (uid, self.session.version, self.session.viewer)
        found = self._los_cache.get(key)
        if found is not None:
            return found
        if self.thinking():
            return []          # the AI's thread is using the table's prepared geometry: wait for it
        view = self.session.view()
        u = view.units.get(uid)
        found = []
        if u is not None and not u.out and board_kind(view) == "table":
            others = [o for o in view.units.values() if o.side != u.side and not o.out]
            if others:
                rules = self.los_rules()
                points = [(u.x, u.y)] + [(o.x, o.y) for o in others]
                try:
                    row = view.table.los_row(0, points, rules) if rules is not None else view.table.los_row(0, points)
                    found = [(o.id, bool(row.clear[i + 1]), row.blockers[i + 1]) for i, o in enumerate(others)]
                except Exception:
                    found = []
        if len(self._los_cache) > 32:
            self._los_cache.clear()
        self._los_cache[key] = found
        return found

    # -- drawing -------------------------------------------------------------------------------------
    def draw_under(self, surface, view, cam, positions: dict, cursor_world) -> None:
        """Under the units: the field of vision, the range bands, the LOS preview."""
        sel = view.units.get(self.sel.selected) if self.sel.selected else None
        self.ring_labels = []
        if self.arc is not None and sel is not None and not sel.out:
            x, y, f = positions.get(sel.id, (sel.x, sel.y, sel.facing))
            diag = math.hypot(*render.table_size(view))
            zone = self.ruled_arc(view, sel, diag) if (x, y, f) == (sel.x, sel.y, sel.facing) else None
            if zone is not None:
                render.draw_zone(surface, cam, zone, (255, 255, 255, 38), (255, 255, 255, 170))
            else:
                render.draw_sector(surface, cam, (x, y), f, self.arc, diag, (255, 255, 255, 38),
                                   (255, 255, 255, 170))
        if self.rings_on and sel is not None and not sel.out:
            bands = self.range_bands()
            if bands:
                x, y, _f = positions.get(sel.id, (sel.x, sel.y, sel.facing))
                self.ring_labels = render.draw_rings(surface, cam, (x, y), bands)
        if self.app.settings.los_preview and self.tool is None and self.sel.placing is None:
            self.draw_los_preview(surface, view, cam)

    def draw_ring_labels(self, surface, placer) -> None:
        """The range bands' names, over the units: each at the first spot on its ring where it covers
        no unit's label nor marker (the placer holds those)."""
        for text, spots in self.ring_labels:
            render.placed_label(surface, self.fonts, placer, text, spots)

    def draw_los_preview(self, surface, view, cam) -> None:
        uid = self.sel.hovered
        u = view.units.get(uid) if uid is not None else None
        if u is None or u.out:
            return
        a = cam.to_screen(u.x, u.y)
        for oid, clear, _blocker in self.los_from(uid):
            o = view.units.get(oid)
            if o is None:
                continue
            b = cam.to_screen(o.x, o.y)
            # clear: a thick green line with a dark edge; blocked: a thin red one (thickness, not only
            # colour, tells them apart)
            if clear:
                pygame.draw.line(surface, (20, 20, 20), a, b, 4)
                pygame.draw.line(surface, theme.GOOD, a, b, 2)
            else:
                pygame.draw.line(surface, (185, 45, 40), a, b, 1)

    def draw_over(self, surface, view, cam, cursor_world) -> None:
        """Over the units: the tape, the LOS line, the blast template."""
        fonts = self.fonts
        if self.tool in ("measure", "los") and self.a is not None and self.b is not None:
            a, b = self.a, self.b
            pa, pb = cam.to_screen(*a), cam.to_screen(*b)
            dist = math.hypot(b[0] - a[0], b[1] - a[1])
            if self.tool == "measure":
                pygame.draw.line(surface, (20, 20, 20), pa, pb, 5)
                pygame.draw.line(surface, (255, 235, 120), pa, pb, 3)
                for pt in (pa, pb):
                    pygame.draw.circle(surface, (255, 235, 120), pt, 4)
                inches = dist / CM_PER_INCH
                text = f"{inches:.1f} in · {dist:.1f} cm" if self.app.settings.inches else f"{dist:.1f} cm · {inches:.1f} in"
                own = table_rule(self.session.ruleset, view, "tape_unit")
                if own is not None and own[1] > 0:
                    text = f"{dist / own[1]:.2f} {own[0]}s · " + text
                    self.draw_tape_marks(surface, cam, a, b, dist, own[1])
                marks = table_rule(self.session.ruleset, view, "tape_marks", self.tape_from or self.sel.selected,
                                   default=[])
                reached = self.draw_named_marks(surface, cam, a, b, dist, marks)
                if reached:
                    text = f"{reached} · " + text
                render.label_box(surface, fonts, text, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - 6), 13)
            else:
                self.draw_los_line(surface, view, cam, a, b, pa, pb, dist)
        if self.tool == "blast":
            self.draw_blast(surface, view, cam, self.blast_pinned or cursor_world)

    def draw_tape_marks(self, surface, cam, a, b, dist: float, step: float) -> None:
        """A tick across the tape at every whole measure of the rules' own (a stick)."""
        n = int(dist // step)
        if n == 0 or n > 200:
            return
        ux, uy = (b[0] - a[0]) / dist, (b[1] - a[1]) / dist
        for i in range(1, n + 1):
            px, py = cam.to_screen(a[0] + ux * step * i, a[1] + uy * step * i)
            nx, ny = -uy * 7, ux * 7
            pygame.draw.line(surface, (20, 20, 20), (px - nx, py - ny), (px + nx, py + ny), 3)

    def draw_named_marks(self, surface, cam, a, b, dist: float, marks) -> str:
        """The rules' named marks along the tape (a movement stick's speeds), each a tick with its name
        where the tape reaches it; returns the first mark at or beyond the tape's length ("" none)."""
        if dist <= 0:
            return ""
        ux, uy = (b[0] - a[0]) / dist, (b[1] - a[1]) / dist
        beyond = ""
        for name, cm in sorted(marks, key=lambda m: m[1]):
            if cm > dist:
                beyond = beyond or f"within {name} ({cm:g})"
                continue
            px, py = cam.to_screen(a[0] + ux * cm, a[1] + uy * cm)
            nx, ny = -uy * 9, ux * 9
            pygame.draw.line(surface, (20, 20, 20), (px - nx, py - ny), (px + nx, py + ny), 3)
            render.label_box(surface, self.fonts, name, (px + nx * 1.6, py + ny * 1.6), 10)
        return beyond or (f"beyond {max(marks, key=lambda m: m[1])[0]}" if marks else "")

    def draw_blast(self, surface, view, cam, centre) -> None:
        if centre is None or not self.blast_r:
            return
        c = cam.to_screen(*centre)
        r = self.blast_r * cam.scale
        tmp = pygame.Surface((int(2 * r) + 4, int(2 * r) + 4), pygame.SRCALPHA)
        pygame.draw.circle(tmp, (230, 90, 40, 70), (r + 2, r + 2), r)
        pygame.draw.circle(tmp, (230, 90, 40, 230), (r + 2, r + 2), r, 2)
        surface.blit(tmp, (c[0] - r - 2, c[1] - r - 2))
        hit = 0
        for u in view.units.values():
            if u.out:
                continue
            if math.hypot(u.x - centre[0], u.y - centre[1]) <= self.blast_r + render.base_radius_cm(u.base):
                hit += 1
                pygame.draw.circle(surface, (230, 90, 40), cam.to_screen(u.x, u.y),
                                   max(5, int(render.base_radius_cm(u.base) * cam.scale)) + 5, 2)
        render.label_box(surface, self.fonts, f"blast r {self.blast_r:g} cm · {hit} inside", (c[0], c[1] - r - 4), 12)

    def draw_los_line(self, surface, view, cam, a, b, pa, pb, dist) -> None:
        fonts = self.fonts
        if self.thinking():
            render.label_box(surface, fonts, "LOS: waiting for the AI…", pb, 12)
            return
        rules = self.los_rules()
        try:
            res = view.table.los(a, b, rules) if rules is not None else view.table.los(a, b)
        except Exception as exc:
            render.label_box(surface, fonts, f"LOS failed: {exc}", pb, 12)
            return
        if res.clear:
            pygame.draw.line(surface, (20, 20, 20), pa, pb, 6)
            pygame.draw.line(surface, theme.GOOD, pa, pb, 4)
            text = f"clear · {dist:.1f} cm"
        else:
            piece = getattr(view.table, "by_id", {}).get(res.blocker)
            if piece is not None:
                for poly in render.polygons_of(piece.polygon):
                    render.outline_polygon(surface, poly, (255, 240, 60), cam.to_screen, 5)
                    render.outline_polygon(surface, poly, theme.BAD, cam.to_screen, 2)
            pygame.draw.line(surface, (20, 20, 20), pa, pb, 6)
            render.dashed_line(surface, theme.BAD, pa, pb, 4, 12, 6)
            name = (getattr(piece, "name", "") or "") if piece is not None else ""
            kind = render.kind_label(getattr(piece, "kind", None)) if piece is not None else ""
            what = name or kind or str(res.blocker)
            text = f"blocked by {what} · {dist:.1f} cm"
        for pt in (pa, pb):
            pygame.draw.circle(surface, (255, 255, 255), pt, 4)
        render.label_box(surface, fonts, text, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - 6), 13,
                         bg=(230, 250, 235) if res.clear else (255, 230, 225))

