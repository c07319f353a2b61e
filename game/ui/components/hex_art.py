"""The hex map drawn as a campaign map (issue 24 §3): each hex in its kind's colour with the table's
pattern for that ground (canopies, contours, reeds), forests dressed with trees and hills with
hillocks by the table's own seed-per-piece generation (game.ui.dressing: a hex is a piece named by
its coordinates, so the same hex always looks the same), rivers as water along the hexsides with
banks, roads as roads from centre to centre, towns, capitals and camps as small drawn places, and a
frame with the grid labels a player names hexes by ("E7", HexMap.label).

Everything comes from the board (its kinds, sides and places), never from a ruleset. The picture is
drawn once per map and zoom (`MapArt.image`), so a frame only blits it; `flat` draws the plain
colour hexes instead (the bench compares the two)."""
from __future__ import annotations

import dataclasses
import math
from typing import Any

import pygame

from game.geometry.hexmap import axial_to_offset, column_letters, offset_to_axial
from game.ui import dressing, patterns, theme

RIVER = (60, 120, 215)
RIVER_BANK = (34, 64, 120)
ROAD = (176, 140, 92)
ROAD_EDGE = (96, 70, 44)
GRID = (40, 44, 40)
WALL = (120, 112, 100)
ROOFS = ((170, 70, 50), (150, 60, 45), (120, 84, 60), (186, 96, 62))
MOST_PIXELS = 5000 * 5000          # a map image larger than this is drawn for the viewport instead
# the table's pattern for each ground of the hex kinds file (game/geometry/hex_kinds.json); a scenario's
# own kind gets one from what it costs (impassable: cross-hatched; slow: hatched)
KIND_PATTERNS = {"forest": "canopy", "hills": "contours", "marsh": "reeds", "plain": "plain", "town": "plain",
                 "capital": "plain"}
TOWN_HOUSES = ((-0.2, -0.08), (0.18, -0.12), (0.0, 0.2))             # a house's place, in hex radii
CAPITAL_HOUSES = ((-0.3, -0.05), (0.3, -0.08), (-0.22, 0.3), (0.22, 0.28), (0.0, 0.36))
FRAME = 18                          # px: the band round the map that carries the grid labels


@dataclasses.dataclass
class HexPiece:
    """A hex as the table's dressing sees a piece: an id that seeds it and a polygon, in units
    where a hex is 12 across (the dressing's trees and stones keep their size to the hex)."""
    id: str
    polygon: Any


def hex_pattern(kind) -> str:
    found = KIND_PATTERNS.get(kind.id)
    if found:
        return found
    if kind.move_cost is None:
        return "crosshatch"
    return "hatch" if kind.move_cost >= 3 else "plain"


def hex_radius(board) -> float:
    size = board.layout.size
    return float(size[0] if isinstance(size, (tuple, list)) else size)


def corners(board, h) -> list[tuple[float, float]]:
    return list(board.polygon(h).exterior.coords)[:-1]


def shared_edge(board, a, b):
    """The two corners hexes a and b share (None when they are not neighbours)."""
    pb = corners(board, b)
    common = [p for p in corners(board, a) if any(abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6 for q in pb)]
    return tuple(common[:2]) if len(common) >= 2 else None


class MapArt:
    """The map's picture per zoom, and the frame's labels."""

    def __init__(self, fonts: theme.Fonts):
        self.fonts = fonts
        self.flat = False
        self._image: tuple | None = None          # (key, surface)

    def image(self, board, scale: float) -> pygame.Surface | None:
        """The whole map at this zoom (map point (x, y) at pixel (x*scale, y*scale)); None when it
        would be too large to keep (the caller draws the viewport's part with `draw`)."""
        w, h = int(board.width * scale) + 2, int(board.height * scale) + 2
        if w * h > MOST_PIXELS:
            return None
        key = (id(board), round(scale, 6), self.flat)
        if self._image is None or self._image[0] != key:
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            self.draw(surf, board, lambda x, y: (x * scale, y * scale), scale)
            self._image = (key, surf)
        return self._image[1]

    def draw(self, surface: pygame.Surface, board, to_px, scale: float) -> None:
        """The hexes, their ground, the rivers, the roads and the places, through `to_px`."""
        by_kind: dict[str, list] = {}
        for h in board.hexes:
            by_kind.setdefault(board.terrain(h).id, []).append(h)
        for kind_id, hexes in by_kind.items():
            kind = board.kinds[kind_id]
            colour = theme.hex_colour(kind.color)
            polys = [board.polygon(h) for h in hexes]
            for h in hexes:
                pygame.draw.polygon(surface, colour, [to_px(*p) for p in corners(board, h)])
            if self.flat:
                continue
            pattern = hex_pattern(kind)
            patterns.fill_polygons(surface, polys, to_px, pattern, colour)
            for h in hexes:
                self.dress(surface, board, h, pattern, colour, to_px, scale)
        edge = GRID if self.flat else (88, 96, 70)
        for h in board.hexes:
            pygame.draw.polygon(surface, edge, [to_px(*p) for p in corners(board, h)], 1)
        self.draw_sides(surface, board, to_px, scale)
        if not self.flat:
            for h, place in board.places.items():
                draw_place(surface, board, h, place, to_px, scale)

    def dress(self, surface, board, h, pattern: str, colour, to_px, scale: float) -> None:
        """A hex dressed as a table piece of its ground: trees in a forest (dressing.dress), hillocks
        on hills, pools in a marsh, each seeded by the hex."""
        r = hex_radius(board)
        f = 6.0 / r
        import shapely.affinity
        inner = shapely.affinity.scale(board.polygon(h), 0.78, 0.78)       # trees stand inside the hex
        piece = HexPiece(f"hex {h.q},{h.r}", shapely.affinity.scale(inner, f, f, origin=(0, 0)))
        px_scale = scale / f
        if pattern == "canopy":
            dressing.dress(surface, piece, pattern, colour, lambda x, y: to_px(x / f, y / f), px_scale)
            return
        rng = dressing.piece_rng(piece)
        cx, cy = to_px(*board.centre(h))
        rp = r * scale
        if rp < 14:
            return
        if pattern == "contours":
            for _ in range(3):
                x, y = cx + rng.uniform(-0.45, 0.45) * rp, cy + rng.uniform(-0.35, 0.45) * rp
                w = rng.uniform(0.35, 0.55) * rp
                box = pygame.Rect(0, 0, w, w * 0.7)
                box.midbottom = (x, y)
                pygame.draw.ellipse(surface, theme.shade(colour, 0.72), box.move(2, 2))
                pygame.draw.ellipse(surface, theme.shade(colour, 1.12), box)
                pygame.draw.arc(surface, theme.shade(colour, 1.35), box.inflate(-w * 0.3, -w * 0.2), 1.6, 2.9, 2)
        elif pattern == "reeds":
            for _ in range(3):
                x, y = cx + rng.uniform(-0.45, 0.45) * rp, cy + rng.uniform(-0.4, 0.4) * rp
                box = pygame.Rect(0, 0, rng.uniform(0.2, 0.35) * rp, rng.uniform(0.08, 0.14) * rp)
                box.center = (x, y)
                pygame.draw.ellipse(surface, theme.shade(RIVER, 0.9), box)

    def draw_sides(self, surface, board, to_px, scale: float) -> None:
        """Rivers as water along the hexsides (a bank each side, joined at the corners), then roads
        from centre to centre over them (a road across a river is a bridge)."""
        rp = hex_radius(board) * scale
        rivers, roads = [], []
        for a, b, features in board.sides():
            if "river" in features:
                edge = shared_edge(board, a, b)
                if edge is not None:
                    rivers.append((to_px(*edge[0]), to_px(*edge[1])))
            if "road" in features:
                roads.append((to_px(*board.centre(a)), to_px(*board.centre(b))))
        if self.flat:
            for p, q in rivers:
                pygame.draw.line(surface, RIVER, p, q, max(3, int(scale)))
            for p, q in roads:
                pygame.draw.line(surface, ROAD_EDGE, p, q, max(2, int(scale * 0.6)))
            return
        wide = max(3, int(rp * 0.2))
        strokes(surface, rivers, RIVER_BANK, wide + 2)
        strokes(surface, rivers, RIVER, wide)
        road = max(2, int(rp * 0.11))
        strokes(surface, roads, ROAD_EDGE, road + 2)
        strokes(surface, roads, ROAD, road)

    def draw_frame(self, surface: pygame.Surface, board, cam, viewport) -> None:
        """The frame: column letters along the top and rows' numbers down the left, each at its
        column's or row's hexes, in a band at the viewport's edge (it stays while the map pans)."""
        x, y, w, h = viewport
        band = pygame.Rect(x, y, w, FRAME)
        side = pygame.Rect(x, y, FRAME + 6, h)
        shade = (24, 28, 34, 200)
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(layer, shade, pygame.Rect(0, 0, w, FRAME))
        pygame.draw.rect(layer, shade, pygame.Rect(0, 0, FRAME + 6, h))
        surface.blit(layer, (x, y))
        cols, rows = set(), set()
        for hx in board.hexes:
            c, r = axial_to_offset(hx, board.orientation)
            cols.add(c)
            rows.add(r)
        step = max(1, int(math.ceil(24 / max(1.0, hex_radius(board) * cam.scale * 1.5))))
        for c in sorted(cols)[::step]:
            px, _py = cam.to_screen(*board.centre(offset_to_axial(c, min(rows), board.orientation)))
            if band.x + 6 < px < band.right - 6:
                theme.draw_text(surface, self.fonts, column_letters(c), (px, band.centery), 11, theme.TEXT, "b",
                                anchor="center")
        for r in sorted(rows)[::step]:
            _px, py = cam.to_screen(*board.centre(offset_to_axial(min(cols), r, board.orientation)))
            if side.y + FRAME < py < side.bottom - 6:
                theme.draw_text(surface, self.fonts, str(r + 1), (side.centerx, py), 11, theme.TEXT, "b",
                                anchor="center")


def strokes(surface, segments, colour, width: int) -> None:
    """Thick segments joined smoothly: each end a disc as wide as the stroke."""
    for p, q in segments:
        pygame.draw.line(surface, colour, p, q, width)
        for end in (p, q):
            pygame.draw.circle(surface, colour, end, width / 2)


def draw_place(surface, board, h, place, to_px, scale: float) -> None:
    """A town as a few houses round a square, a capital as more of them inside a wall with a keep,
    a camp as tents; each laid out by the hex's own seed (the same place always looks the same)."""
    rp = hex_radius(board) * scale
    cx, cy = to_px(*board.centre(h))
    rng = dressing.piece_rng(HexPiece(f"place {h.q},{h.r}", None))
    if rp < 10:
        pygame.draw.circle(surface, (235, 235, 235), (cx, cy), max(2, rp * 0.3))
        return
    if place.kind == "camp":
        for i in range(3):
            x, y = cx + (i - 1) * rp * 0.28, cy - rp * 0.1 + (i % 2) * rp * 0.18
            k = rp * 0.16
            tent = [(x, y - k), (x - k, y + k * 0.6), (x + k, y + k * 0.6)]
            pygame.draw.polygon(surface, (226, 216, 184), tent)
            pygame.draw.polygon(surface, (70, 60, 40), tent, 1)
        return
    capital = place.kind == "capital"
    if capital:
        pygame.draw.circle(surface, theme.shade(WALL, 0.7), (cx + 1, cy + 1), rp * 0.56, max(2, int(rp * 0.07)))
        pygame.draw.circle(surface, WALL, (cx, cy), rp * 0.56, max(2, int(rp * 0.06)))
    pygame.draw.circle(surface, (214, 200, 168), (cx, cy + rp * 0.05), rp * (0.5 if capital else 0.4))
    layout = CAPITAL_HOUSES if capital else TOWN_HOUSES
    spots = [(cx + (dx + rng.uniform(-0.04, 0.04)) * rp, cy + (dy + rng.uniform(-0.03, 0.03)) * rp)
             for dx, dy in layout]
    for i, (x, y) in enumerate(sorted(spots, key=lambda p: p[1])):
        house(surface, x, y, rp * rng.uniform(0.2, 0.25), ROOFS[rng.randrange(len(ROOFS))])
    if capital:
        keep = pygame.Rect(0, 0, rp * 0.22, rp * 0.4)
        keep.midbottom = (int(cx), int(cy + rp * 0.02))
        pygame.draw.rect(surface, (196, 186, 168), keep)
        pygame.draw.rect(surface, (60, 52, 44), keep, 1)
        for i in range(3):
            pygame.draw.rect(surface, (196, 186, 168),
                             pygame.Rect(keep.x + i * keep.w / 3, keep.y - 3, keep.w / 3 - 1, 3))


def house(surface, x: float, y: float, k: float, roof) -> None:
    """A house seen from the front: a wall and a pitched roof."""
    wall = pygame.Rect(0, 0, k * 1.2, k * 0.8)
    wall.midbottom = (int(x), int(y))
    pygame.draw.rect(surface, (232, 222, 200), wall)
    pygame.draw.rect(surface, (70, 60, 50), wall, 1)
    top = [(wall.x - 1, wall.y), (wall.centerx, wall.y - k * 0.6), (wall.right, wall.y)]
    pygame.draw.polygon(surface, roof, top)
    pygame.draw.polygon(surface, (60, 40, 30), top, 1)


def draw_holder(surface, centre, rp: float, side: int | None, viewer_side: int | None) -> None:
    """Who holds a town: a small flag in its side's colour; a town held by another side than the
    viewer's ringed in red (a hostile town)."""
    if side is None:
        return
    cx, cy = centre
    if viewer_side is not None and side != viewer_side:
        pygame.draw.circle(surface, (30, 10, 10), (cx, cy), rp * 0.72, 4)
        pygame.draw.circle(surface, theme.BAD, (cx, cy), rp * 0.72, 2)
    pole = (cx + rp * 0.42, cy - rp * 0.1)
    k = max(5, rp * 0.22)
    pygame.draw.line(surface, (30, 30, 30), pole, (pole[0], pole[1] - k * 1.6), 2)
    flag = [(pole[0], pole[1] - k * 1.6), (pole[0] + k * 1.1, pole[1] - k * 1.25), (pole[0], pole[1] - k * 0.9)]
    pygame.draw.polygon(surface, theme.side_colour(side), flag)
    pygame.draw.polygon(surface, (20, 20, 20), flag, 1)
