"""Drawing the units on a table: bases to scale with their facing, side marks, status markers and
names, from a small sprite cache; and finding the unit under a point."""
from __future__ import annotations

import math
from typing import Any, Iterable

import pygame

from game.engine.ruleset import initials
from game.geometry.measure import base_radius
from game.ui import theme
from game.ui.camera import Camera
from game.ui.labels import LabelPlacer, draw_names
from game.ui.markers import badge_spots, chip_width, draw_chip, marker_ink


class UnitSprites:
    """Base sprites by (side, size in px, shape): a filled base with its side mark."""

    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}

    def round_base(self, side: int, radius: int, faded: bool = False) -> pygame.Surface:
        key = ("round", side, radius, faded)
        surf = self._cache.get(key)
        if surf is None:
            size = radius * 2 + 4
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size / 2
            col = theme.side_colour(side)
            if faded:
                col = theme.shade(col, 0.55)
            pygame.draw.circle(surf, (15, 15, 18), (c, c), radius + 1)
            pygame.draw.circle(surf, col, (c, c), radius)
            _side_mark(surf, side, (c, c), radius)
            self._cache[key] = surf
        return surf


def _side_mark(surf: pygame.Surface, side: int, centre: tuple[float, float], radius: float) -> None:
    """The shape that tells the sides apart without colour."""
    if radius < 5:
        return
    cx, cy = centre
    r = radius * 0.5
    white = (245, 245, 245)
    w = max(1, int(radius / 7))
    mark = theme.side_mark(side)
    if mark == "ring":
        pygame.draw.circle(surf, white, (cx, cy), r, w)
    elif mark == "diamond":
        pygame.draw.polygon(surf, white, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], w)
    elif mark == "triangle":
        pygame.draw.polygon(surf, white, [(cx, cy - r), (cx + r * 0.9, cy + r * 0.6), (cx - r * 0.9, cy + r * 0.6)], w)
    else:
        pygame.draw.line(surf, white, (cx - r, cy - r), (cx + r, cy + r), w + 1)
        pygame.draw.line(surf, white, (cx - r, cy + r), (cx + r, cy - r), w + 1)


base_radius_cm = base_radius     # half the largest size of a base (hit tests, marker placement)


def base_outline(x: float, y: float, facing: float, base: dict) -> list[tuple[float, float]]:
    """The corners of a rect base (width across the facing, depth along it), or a 16-gon for an oval."""
    w = float(base.get("width", 4.0))
    d = float(base.get("depth", 2.0))
    t = math.radians(facing)
    ux, uy = math.cos(t), math.sin(t)           # along the facing
    vx, vy = -uy, ux                            # across it
    if base.get("shape") == "oval":
        pts = []
        for i in range(16):
            a = 2 * math.pi * i / 16
            pa, pb = d / 2 * math.cos(a), w / 2 * math.sin(a)
            pts.append((x + ux * pa + vx * pb, y + uy * pa + vy * pb))
        return pts
    out = []
    for sa, sb in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
        pa, pb = sa * d / 2, sb * w / 2
        out.append((x + ux * pa + vx * pb, y + uy * pa + vy * pb))
    return out


def unit_hit(units: Iterable[Any], wx: float, wy: float, slack_cm: float = 0.0) -> Any | None:
    """The unit whose base is under the table point (the nearest when bases overlap)."""
    best, best_d = None, None
    for u in units:
        if getattr(u, "out", False):
            continue
        r = base_radius_cm(u.base) + slack_cm
        d = math.hypot(u.x - wx, u.y - wy)
        if d <= r and (best_d is None or d < best_d):
            best, best_d = u, d
    return best


def badge_text(marker: str, marker_labels: dict[str, str]) -> str:
    """A marker's short badge: the ruleset's label, the common one, else the words' initials
    ("2 failed saves" -> "2FS", "routed 2x" -> "R2x")."""
    found = marker_labels.get(marker) or theme.MARKER_LABELS.get(marker)
    if found:
        return found
    words = marker.replace("-", " ").split()
    if len(words) > 1:
        return "".join(w if w[0].isdigit() else w[0].upper() for w in words)
    return marker[:1].upper()


class UnitPainter:
    """Units drawn from their looks (the ruleset's `unit_look`): a base in the side's colour with its
    front edge, the type's symbol on it, status badges, a short tag or the name placed where no
    other label is, team members joined, and tethered points (a place the unit keeps, named by the rules)."""

    def __init__(self, fonts: theme.Fonts):
        self.fonts = fonts
        self.sprites = UnitSprites()
        self.labels_drawn: list[tuple[str, str, pygame.Rect]] = []     # (unit id, text, rect), last frame
        self.badges_drawn: list[pygame.Rect] = []                       # the status badges, last frame
        self.badge_owner: list[str] = []                                # whose each badge row is
        self.badge_placer = LabelPlacer()
        self.chips: list[tuple] = []                                    # the markers to draw over the bases
        self.chip_spots: list[tuple[pygame.Rect, str]] = []             # each chip drawn, and its marker
        self.names_drawn: list[tuple[str, pygame.Rect]] = []            # the map's names, last frame
        self.fanned: dict[str, tuple[float, float, int]] = {}           # crowded units as drawn: (px, py, r)

    def draw(self, surface: pygame.Surface, cam: Camera, units: Iterable[Any], positions: dict[str, tuple],
             marker_labels: dict[str, str], selected: str | None = None, hovered: str | None = None,
             acting: set[str] | frozenset = frozenset(), names: bool = True, seats=None,
             looks: dict[str, Any] | None = None, map_names=None) -> None:
        """`seats`: the view whose side numbering the units use (a nested game's sides keep the
        colours of the outer sides playing them); `looks`: unit id -> Look; `map_names`: the
        terrain's NameLayer, its names placed after the units' labels and badges, around them."""
        s = cam.scale
        vx, vy, vw, vh = cam.viewport
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(vx, vy, vw, vh))
        looks = looks or {}
        units = list(units)
        on_screen = []
        for u in units:
            x, y, facing = positions.get(u.id, (u.x, u.y, u.facing))
            px, py = cam.to_screen(x, y)
            r = max(3, int(round(base_radius_cm(u.base) * s)))
            if px < vx - r - 20 or px > vx + vw + r + 20 or py < vy - r - 20 or py > vy + vh + r + 20:
                continue
            on_screen.append((u, x, y, facing, px, py, r))
        on_screen = self.fan_out(surface, cam, on_screen)
        self.draw_teams(surface, on_screen)
        for u, x, y, facing, px, py, r in on_screen:
            look = looks.get(u.id)
            for name, hx, hy in (getattr(look, "points", ()) or ()) if not u.out else ():
                draw_tether(surface, cam, self.fonts, (px, py), (hx, hy), theme.side_colour(theme.seat_of(seats, u.side)),
                            str(name))
        self.badges_drawn, self.badge_owner = [], []
        self.badge_placer = LabelPlacer(pygame.Rect(vx, vy, vw, vh), gap=(4, 2))
        self.chips: list[tuple] = []
        self.chip_spots: list[tuple[pygame.Rect, str]] = []     # each chip drawn and its marker (tooltips)
        for u, x, y, facing, px, py, r in on_screen:
            self.draw_unit(surface, cam, u, x, y, facing, px, py, r, seats, looks.get(u.id), marker_labels,
                           selected, hovered, acting)
        for chip in self.chips:             # over every base: a neighbour's base never hides a marker
            self.draw_badges(surface, *chip)
        self.draw_all_labels(surface, on_screen, looks, selected, hovered, names, map_names)
        surface.set_clip(clip)

    def draw_all_labels(self, surface, on_screen, looks, selected, hovered, names: bool, layer) -> None:
        """The objectives' names (placed around the bases and badges), the units' labels (around
        those), then the terrain's names (around everything: they move, or yield)."""
        self.labels_drawn = []
        self.names_drawn = []
        layer, view = layer if layer is not None and layer.names else None, surface.get_clip()
        taken = [pygame.Rect(int(px - r), int(py - r), 2 * r, 2 * r)
                 for u, _x, _y, _f, px, py, r in on_screen if not u.out] + self.badges_drawn if layer else []
        goals = layer.place(taken, True, view) if layer is not None else []
        if names:
            self.draw_labels(surface, on_screen, looks, selected, hovered, [r for _n, r in goals],
                             layer.homes() if layer is not None else [])
        if layer is not None:
            placed = goals + layer.place(taken + [r for _n, r in goals] +
                                         [rect for _u, _t, rect in self.labels_drawn], False, view)
            draw_names(surface, placed)
            self.names_drawn = [(n.text, r) for n, r in placed]

    def fan_out(self, surface, cam: Camera, on_screen: list) -> list:
        """Three or more figures crowded in one spot (their round bases all but touching, no room
        for a name) are drawn fanned out on a ring round their middle, each with a thin line to where it
        really stands, so every token and its name can be read and clicked (`fanned`: where each
        is drawn). Only the picture moves: the game's positions are untouched."""
        self.fanned = {}
        # figures and tokens on round bases only: a rectangular base's place and facing are the game
        # (a unit in contact must be seen in contact)
        live = [e for e in on_screen if not e[0].out and e[0].base.get("shape", "round") == "round"]
        groups = crowds([(e[4], e[5], e[6]) for e in live])
        moved: dict[str, tuple] = {}
        for group in groups:
            members = [live[i] for i in group]
            cx = sum(e[4] for e in members) / len(members)
            cy = sum(e[5] for e in members) / len(members)
            r = max(e[6] for e in members)
            ring = max(2 * r + 10, len(members) * (r + 12) / math.pi)
            members.sort(key=lambda e: (math.atan2(e[5] - cy, e[4] - cx), e[0].id))
            for k, (u, _x, _y, facing, px, py, ru) in enumerate(members):
                a = -math.pi / 2 + 2 * math.pi * k / len(members)
                qx, qy = cx + ring * math.cos(a), cy + ring * math.sin(a)
                pygame.draw.line(surface, (40, 40, 40), (px, py), (qx, qy), 1)
                pygame.draw.circle(surface, (40, 40, 40), (int(px), int(py)), 2)
                wx, wy = cam.to_world(qx, qy)
                moved[u.id] = (u, wx, wy, facing, qx, qy, ru)
                self.fanned[u.id] = (qx, qy, ru)
        return [moved.get(e[0].id, e) for e in on_screen]

    def fanned_at(self, pos) -> str | None:
        """The fanned-out unit drawn under a screen point, if any."""
        for uid, (qx, qy, r) in self.fanned.items():
            if (pos[0] - qx) ** 2 + (pos[1] - qy) ** 2 <= (r + 3) ** 2:
                return uid
        return None

    def placer_after(self) -> LabelPlacer:
        """A placer for the labels drawn over this frame's units (range bands, the move's hint):
        it knows the units' labels, their markers and the map's names, and keeps clear of them."""
        placer = LabelPlacer(self.badge_placer.bounds, gap=(4, 2))
        for rect in [r for _u, _t, r in self.labels_drawn] + self.badges_drawn + [r for _n, r in self.names_drawn]:
            placer.block(rect)
        return placer

    def draw_teams(self, surface, on_screen) -> None:
        """Team grouping: each member joined by a faint line to its nearest team mate."""
        teams: dict[str, list] = {}
        for u, _x, _y, _f, px, py, r in on_screen:
            if u.team and not u.out:
                teams.setdefault(u.team, []).append((px, py))
        for pts in teams.values():
            if len(pts) < 2:
                continue
            for i, p in enumerate(pts):
                q = min((q for j, q in enumerate(pts) if j != i), key=lambda q: (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2)
                pygame.draw.line(surface, (250, 250, 240), p, q, 1)

    def draw_unit(self, surface, cam, u, x, y, facing, px, py, r, seats, look, marker_labels,
                  selected, hovered, acting) -> None:
        s = cam.scale
        side = theme.seat_of(seats, u.side)
        if u.out:
            k = max(3, r // 2)
            pygame.draw.line(surface, (90, 90, 95), (px - k, py - k), (px + k, py + k), 2)
            pygame.draw.line(surface, (90, 90, 95), (px - k, py + k), (px + k, py - k), 2)
            return
        if u.id in acting:
            pygame.draw.circle(surface, (255, 255, 255), (px, py), r + 4, 1)
        if u.id == selected:
            pygame.draw.circle(surface, theme.ACCENT, (px, py), r + 5, 3)
        elif u.id == hovered:
            pygame.draw.circle(surface, (255, 255, 255), (px, py), r + 4, 2)
        shape = u.base.get("shape", "round")
        t = math.radians(facing)
        symbol = getattr(look, "symbol", "figure") or "figure"
        if shape == "round":
            sprite = self.sprites.round_base(side, r, faded="hidden" in u.markers)
            # a soft shadow under the base, to the lower right
            pygame.draw.circle(surface, (40, 44, 30), (px + 2, py + 2), r + 1)
            surface.blit(sprite, (px - sprite.get_width() / 2, py - sprite.get_height() / 2))
            front = (px + math.cos(t) * r, py + math.sin(t) * r)
            back = (px + math.cos(t) * r * 0.35, py + math.sin(t) * r * 0.35)
            pygame.draw.line(surface, (255, 255, 255), back, front, max(2, r // 4))
            if symbol != "figure" and r >= 7:
                draw_symbol(surface, symbol, (px, py), r * 0.9, r * 0.6)
        else:
            pts = [cam.to_screen(*p) for p in base_outline(x, y, facing, u.base)]
            col = theme.side_colour(side)
            pygame.draw.polygon(surface, (40, 44, 30), [(a + 2, b + 2) for a, b in pts])     # its shadow
            pygame.draw.polygon(surface, col, pts)
            pygame.draw.polygon(surface, (15, 15, 18), pts, 1)
            # the front edge, in white, and a tick out of its middle: the facing
            pygame.draw.line(surface, (255, 255, 255), pts[0], pts[1], max(2, r // 5))
            mid = ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
            if r >= 8:
                tick = max(3, r // 4)
                pygame.draw.line(surface, (255, 255, 255), mid,
                                 (mid[0] + math.cos(t) * tick, mid[1] + math.sin(t) * tick), 2)
            depth_px = float(u.base.get("depth", 2)) * s
            if symbol != "figure" and r >= 8:
                h = max(6.0, min(depth_px * 0.8, r * 0.5))
                draw_symbol(surface, symbol, (px, py), h * 1.6, h)
                # the side's mark on the base's left end, so sides differ without colour
                lx = (pts[1][0] + pts[2][0]) / 2 * 0.75 + px * 0.25
                ly = (pts[1][1] + pts[2][1]) / 2 * 0.75 + py * 0.25
                _side_mark(surface, side, (lx, ly), min(r, int(depth_px / 1.4)))
            else:
                _side_mark(surface, side, (px, py), min(r, int(depth_px / 1.4)))
        if r >= 6:
            shown = [m for m in sorted(u.markers) if not (m == "hidden" and "hidden" not in marker_labels)]
            shown += [m for m in (getattr(look, "markers", ()) or ()) if m not in u.markers]
            if shown:
                outline = [(px, py - r), (px + r, py), (px, py + r), (px - r, py)] if shape == "round" else pts
                self.chips.append((u.id, shown, marker_labels, outline))

    def draw_badges(self, surface, uid: str, shown: list[str], marker_labels: dict[str, str], outline) -> None:
        """A unit's status markers as one row of chips touching its base (at its top, else its right,
        bottom or left), placed clear of the other units' chips: a marker never floats off its unit."""
        chips = [(m, self.fonts.render(badge_text(m, marker_labels), 10, marker_ink(m), "b")) for m in shown]
        h = max(img.get_height() for _m, img in chips) + 2
        w = sum(chip_width(img, h) for _m, img in chips) + 2 * (len(chips) - 1)
        rect = self.badge_placer.place(uid, (w, h), badge_spots(outline))
        if rect is None:                      # no free spot: still on the unit, over a neighbour's chip
            rect = pygame.Rect((0, 0), (w, h))
            setattr(rect, *badge_spots(outline)[0])
        x = rect.x
        for marker, img in chips:
            cw = chip_width(img, h)
            draw_chip(surface, pygame.Rect(x, rect.y, cw, h), marker, img)
            self.chip_spots.append((pygame.Rect(x, rect.y, cw, h), marker))
            x += cw + 2
        self.badges_drawn.append(rect)
        self.badge_owner.append(uid)

    def draw_labels(self, surface, on_screen, looks, selected, hovered, goals=(), soft=()) -> None:
        """The selected and hovered units' names first, then each unit's name where it fits and
        else its short tag: measured, and placed where it covers no other label, base, badge nor
        objective name (`goals`), and where it leaves the `soft` places (the terrain's names and
        flags) free when it can."""
        placer = LabelPlacer(surface.get_clip(), list(soft))
        chip_texts = {badge_text(m, labels) for _uid, shown, labels, _o in self.chips for m in shown}
        bases = []
        for u, _x, _y, _f, px, py, r in on_screen:
            if not u.out:
                bases.append(pygame.Rect(int(px - r * 0.7), int(py - r * 0.7), int(r * 1.4), int(r * 1.4)))
        for b in bases + self.badges_drawn + list(goals):
            placer.block(b)
        first = [e for e in on_screen if e[0].id in (selected, hovered)]
        rest = [e for e in on_screen if e[0].id not in (selected, hovered)]
        missed = []
        for u, _x, _y, _f, px, py, r in first + rest:
            if u.out:
                continue
            keen = u.id in (selected, hovered)
            if not keen and r < 6:
                continue
            missed.append((u, px, py, r))
            name = u.name or u.id
            tag = getattr(looks.get(u.id), "label", "") or ""
            # the name where it fits; else the name cut short; else the Look's tag, when it names the
            # unit (its initials), never a kind's word ("Line") in place of the name
            # and never a text a status chip on screen shows ("BK" the man beside "BK" the marker)
            texts = [t for t in dict.fromkeys([name, short_name(name), tag if tag == initials(name) else ""])
                     if t and (t == name or t not in chip_texts)]
            for text in texts:
                img = self.fonts.render(text, 11 if text == name else 10, (20, 20, 20), "b")
                size = (img.get_width() + 6, img.get_height())
                spots = label_spots(px, py, r, size[1], far=4 if keen else 1)
                rect = placer.place(text, size, spots)
                if rect is None and keen:
                    rect = pygame.Rect((0, 0), size)
                    rect.midtop = (int(px), int(py + r + 3))
                if rect is not None:
                    pygame.draw.rect(surface, (250, 248, 240), rect, border_radius=3)
                    surface.blit(img, (rect.x + 3, rect.y))
                    self.labels_drawn.append((u.id, text, rect))
                    missed.pop()
                    break
        for u, px, py, r in missed:           # no room beside it: farther out, a thin line to it
            self.draw_far_label(surface, placer, u, px, py, r)

    def draw_far_label(self, surface, placer: LabelPlacer, u, px: float, py: float, r: int) -> None:
        """A crowded unit's name a few lines away from it, tied to its base by a thin line."""
        name = u.name or u.id
        for text in dict.fromkeys([name, short_name(name)]):
            img = self.fonts.render(text, 11 if text == name else 10, (20, 20, 20), "b")
            size = (img.get_width() + 6, img.get_height())
            rect = placer.place(text, size, label_spots(px, py, r, size[1], far=5)[8:])
            if rect is None:
                continue
            end = (min(max(px, rect.left), rect.right), min(max(py, rect.top), rect.bottom))
            pygame.draw.line(surface, (30, 30, 30), (px, py), end, 1)
            pygame.draw.rect(surface, (250, 248, 240), rect, border_radius=3)
            surface.blit(img, (rect.x + 3, rect.y))
            self.labels_drawn.append((u.id, text, rect))
            return


def crowds(tokens: list[tuple[float, float, int]], least: int = 3) -> list[list[int]]:
    """Groups (indices) of at least `least` tokens (px, py, r) that stand almost base to base, too
    close for a name beside each: joined when nearer than their radii plus a finger's width."""
    parent = list(range(len(tokens)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for i, (ax, ay, ar) in enumerate(tokens):
        for j in range(i + 1, len(tokens)):
            bx, by, br = tokens[j]
            if (ax - bx) ** 2 + (ay - by) ** 2 < (ar + br + 12) ** 2:
                parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(tokens)):
        groups.setdefault(root(i), []).append(i)
    return [g for g in groups.values() if len(g) >= least and heaped([tokens[i][:2] for i in g])]


def heaped(points: list[tuple[float, float]]) -> bool:
    """A heap, not a line: the points spread about as much one way as the other (a line of figures
    along a wall keeps its shape; a crowd in one spot is fanned out)."""
    n = len(points)
    mx, my = sum(p[0] for p in points) / n, sum(p[1] for p in points) / n
    a = sum((p[0] - mx) ** 2 for p in points) / n
    b = sum((p[1] - my) ** 2 for p in points) / n
    c = sum((p[0] - mx) * (p[1] - my) for p in points) / n
    mid, half = (a + b) / 2, math.sqrt(((a - b) / 2) ** 2 + c * c)
    return mid + half > 0 and (mid - half) / (mid + half) > 0.2


def short_name(name: str, most: int = 10) -> str:
    """A long name cut at a word with "…" ("IR 4 Hoch- und Deutschmeister" -> "IR 4 Hoch…"); a short
    name is kept whole."""
    if len(name) <= most + 2:
        return name
    cut = name[:most].rsplit(" ", 1)[0] if " " in name[:most] else name[:most]
    return cut.rstrip(" -,") + "…"


def label_spots(px: float, py: float, r: int, h: int, far: int = 1) -> list[tuple[str, tuple[float, float]]]:
    """Where a unit's label may go: under, over, right and left of its base; then the corners
    and lines farther under and over (a crowded melee leaves few places free): `far` lines out."""
    d = r * 0.7
    out = [("midtop", (px, py + r + 3)), ("midbottom", (px, py - r - 3)),
           ("midleft", (px + r + 4, py)), ("midright", (px - r - 4, py)),
           ("topleft", (px + d, py + d + 2)), ("topright", (px - d, py + d + 2)),
           ("bottomleft", (px + d, py - d - 2)), ("bottomright", (px - d, py - d - 2))]
    for k in range(1, far + 1):
        out += [("midtop", (px, py + r + k * (h + 5))), ("midbottom", (px, py - r - k * (h + 5))),
                ("topleft", (px + d, py + d + k * (h + 5))), ("bottomright", (px - d, py - d - k * (h + 5)))]
    return out


def draw_symbol(surface: pygame.Surface, symbol: str, centre, w: float, h: float) -> None:
    """A unit's type as a small NATO-like frame, each told apart by its outline as much as its
    strokes: infantry a cross; light infantry a cross in a narrow frame over a dotted ground line;
    cavalry one diagonal; heavy cavalry a diagonal with the upper half filled; mounted infantry a
    diagonal crossed by a bar; artillery a filled dot; a command a flag."""
    cx, cy = centre
    w, h = max(6, int(w)), max(4, int(h))
    if symbol == "light-infantry":
        w = max(6, int(w * 0.62))
    box = pygame.Rect(0, 0, w, h)
    box.center = (int(cx), int(cy))
    ink = (20, 20, 24)
    paper = (245, 243, 232)
    if symbol == "command":
        pole = (box.x + w * 0.3, box.bottom)
        flag = [(pole[0], box.y - h * 0.3), (pole[0] + w * 0.55, box.y + h * 0.05), (pole[0], box.y + h * 0.4)]
        pygame.draw.line(surface, paper, pole, (pole[0], box.y - h * 0.3), 2)
        pygame.draw.polygon(surface, paper, flag)
        pygame.draw.polygon(surface, ink, flag, 1)
        return
    pygame.draw.rect(surface, paper, box)
    a, b, c, d = box.topleft, box.topright, box.bottomright, box.bottomleft
    if symbol == "heavy-cavalry":
        pygame.draw.polygon(surface, ink, [a, b, d])
    pygame.draw.rect(surface, ink, box, 1)
    if symbol in ("infantry", "light-infantry"):
        pygame.draw.line(surface, ink, a, c, 1)
        pygame.draw.line(surface, ink, d, b, 1)
    if symbol in ("cavalry", "heavy-cavalry", "mounted-infantry"):
        pygame.draw.line(surface, ink, d, b, 2)
    if symbol == "mounted-infantry":
        pygame.draw.line(surface, ink, (box.x + 1, box.centery), (box.right - 2, box.centery), 2)
    if symbol == "light-infantry":
        for i in range(3):
            pygame.draw.circle(surface, paper, (box.x + w * (i + 0.5) / 3, box.bottom + 3), 1.5)
    if symbol == "artillery":
        pygame.draw.circle(surface, ink, box.center, max(2, h // 3))


def draw_tether(surface: pygame.Surface, cam: Camera, fonts: theme.Fonts, frm, point, colour, name: str = "") -> None:
    """A named point tied to a unit (a place the rules say it keeps): a small brown disc with the
    name's initial, and a dashed line to the unit."""
    hx, hy = cam.to_screen(*point)
    steps = max(1, int(math.hypot(hx - frm[0], hy - frm[1]) // 6))
    for i in range(0, steps, 2):
        a = (frm[0] + (hx - frm[0]) * i / steps, frm[1] + (hy - frm[1]) * i / steps)
        b = (frm[0] + (hx - frm[0]) * (i + 1) / steps, frm[1] + (hy - frm[1]) * (i + 1) / steps)
        pygame.draw.line(surface, colour, a, b, 2)
    r = max(7, int(cam.scale * 0.8))
    pygame.draw.circle(surface, (120, 80, 40), (hx, hy), r)
    pygame.draw.circle(surface, (250, 248, 240), (hx, hy), r, 2)
    if r >= 6:
        img = fonts.render((name[:1] or "*").upper(), 10, (250, 248, 240), "b")
        surface.blit(img, img.get_rect(center=(int(hx), int(hy))))
