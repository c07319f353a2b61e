"""Map labels that avoid each other: objective names first (they decide the game), then terrain
pieces' names, largest piece first. Each label is measured before it is drawn and goes to the
first of a few spots near its anchor where it overlaps no label and no objective's flag; a label
with no free spot is left out (the legend and the tooltip still name the ground).

On the table the names are not baked into the cached terrain image: a `NameLayer` keeps them
measured, with their spots, and places them each frame after the units' own labels and badges,
so a name moves to another of its spots, or yields, rather than sit under a unit's label."""
from __future__ import annotations

import dataclasses
from typing import Any, Iterable

import pygame

from game.ui import theme

OBJECTIVE_INK = (70, 20, 70)


class LabelPlacer:
    def __init__(self, bounds: pygame.Rect | None = None, soft: list[pygame.Rect] | None = None,
                 gap: tuple[int, int] = (16, 4)):
        """`soft`: places better left free (the map's names): a label goes there only when none of
        its spots avoids them. `gap`: the clear space kept around a label (two names never read
        as one)."""
        self.taken: list[pygame.Rect] = []
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.bounds = bounds
        self.soft = soft or []
        self.gap = gap

    def block(self, rect: pygame.Rect) -> None:
        """Something drawn that labels must not cover (an objective's flag)."""
        self.taken.append(pygame.Rect(rect))

    def free(self, rect: pygame.Rect) -> bool:
        if self.bounds is not None and not self.bounds.contains(rect):
            return False
        grown = rect.inflate(*self.gap)
        return grown.collidelist(self.taken) < 0

    def place(self, text: str, size: tuple[int, int], spots: Iterable[tuple[str, tuple[float, float]]]) \
            -> pygame.Rect | None:
        """The first spot (anchor name, point) where a label of `size` is free, a spot clear of the
        soft places first; None when none is."""
        best = None
        for anchor, point in spots:
            rect = pygame.Rect((0, 0), size)
            setattr(rect, anchor, (int(point[0]), int(point[1])))
            if self.free(rect):
                if rect.collidelist(self.soft) < 0:
                    best = rect
                    break
                best = best or rect
        if best is not None:
            self.taken.append(best)
            self.placed.append((text, best))
        return best


def objective_spots(cx: float, cy: float, h: int) -> list[tuple[str, tuple[float, float]]]:
    """Beside the flag (right, left), then under the marker, then above the flag, then farther."""
    near = [("midleft", (cx + 14, cy - 14)), ("midright", (cx - 4, cy - 14)), ("midtop", (cx, cy + 6)),
            ("midbottom", (cx, cy - 22)), ("midleft", (cx + 14, cy + 2)), ("midright", (cx - 4, cy + 2))]
    # then farther out, a line at a time, when units crowd the objective
    far = [(a, (cx, cy + 6 + k * (h + 2)) if a == "midtop" else (cx, cy - 22 - k * (h + 2)))
           for k in range(1, 7) for a in ("midtop", "midbottom")]
    return near + far


def piece_spots(centre: tuple[float, float], h: int, box: tuple[float, float, float, float]) \
        -> list[tuple[str, tuple[float, float]]]:
    """The piece's centre, then up and down inside its bounds, then its top and bottom edges."""
    cx, cy = centre
    x0, y0, x1, y1 = box
    out = [("center", (cx, cy))]
    for k in (1, 2, 3):
        out += [("center", (cx, cy - k * (h + 2))), ("center", (cx, cy + k * (h + 2)))]
    out += [("midtop", (cx, y0 + 2)), ("midbottom", (cx, y1 - 2))]
    return [(a, p) for a, p in out if y0 - h <= p[1] <= y1 + h]


@dataclasses.dataclass
class MapName:
    """An objective's or terrain piece's name, measured: its image, its spots in priority order
    (in the terrain image's pixels) and, for an objective, the colour of the box behind it."""
    text: str
    img: pygame.Surface
    spots: list[tuple[str, tuple[float, float]]]
    back: tuple | None = None


def map_names(pieces: list, objectives: list[tuple[str, float, float]], to_px, scale: float,
              fonts: theme.Fonts, colour_of) -> list[MapName]:
    """Objective names (with their flag spots `objectives`: (name, px, py)), then piece names (at
    a zoom where they fit), in the order they claim their places."""
    out = []
    for name, cx, cy in objectives:
        if name:
            img = fonts.render(name, 12, OBJECTIVE_INK, "b")
            out.append(MapName(name, img, objective_spots(cx, cy, img.get_height()), (250, 244, 250)))
    if scale < 3.5:
        return out
    for piece in pieces:
        name = getattr(piece, "name", "") or ""
        if not name:
            continue
        try:
            p = piece.polygon.representative_point()
            x0, y0, x1, y1 = piece.polygon.bounds
        except Exception:
            continue
        img = fonts.render(name, 11, theme.shade(colour_of(piece), 0.35), "i")
        if (x1 - x0) * scale <= img.get_width() * 0.8:
            continue
        (px0, py0), (px1, py1) = to_px(x0, y0), to_px(x1, y1)
        out.append(MapName(name, img, piece_spots(to_px(p.x, p.y), img.get_height(), (px0, py0, px1, py1))))
    return out


def flag_rect(cx: float, cy: float, dx: int = 0, dy: int = 0) -> pygame.Rect:
    """An objective's flag (drawn by render.draw_terrain), which no label covers."""
    return pygame.Rect(int(cx) - 2 + dx, int(cy) - 19 + dy, 16, 11)


def place_names(placer: LabelPlacer, names: list[MapName], dx: int = 0, dy: int = 0) \
        -> list[tuple[MapName, pygame.Rect]]:
    """Each name at its first free spot, shifted by (dx, dy); a name with none is left out."""
    out = []
    for n in names:
        rect = placer.place(n.text, n.img.get_size(), [(a, (x + dx, y + dy)) for a, (x, y) in n.spots])
        if rect is not None:
            out.append((n, rect))
    return out


def draw_names(surface: pygame.Surface, placed: list[tuple[MapName, pygame.Rect]]) -> None:
    for n, rect in placed:
        if n.back is not None:
            pygame.draw.rect(surface, n.back, rect.inflate(4, 0), border_radius=3)
        surface.blit(n.img, rect)


def draw_labels(surface: pygame.Surface, state: Any, pieces: list, objectives: list[tuple[str, float, float]],
                to_px, scale: float, fonts: theme.Fonts, colour_of) -> list[tuple[str, pygame.Rect]]:
    """The names drawn into a still picture (no units over them); returns them with their rects."""
    placer = LabelPlacer(surface.get_rect())
    for _name, cx, cy in objectives:
        placer.block(flag_rect(cx, cy))
    draw_names(surface, place_names(placer, map_names(pieces, objectives, to_px, scale, fonts, colour_of)))
    return placer.placed


class NameLayer:
    """The map's names for one cached terrain image, placed each frame around the units, clear of
    the flags. Objective names (they decide the game) are placed first, around the bases and
    badges, and unit labels go round them; then the units' labels; then the terrain's names,
    which move to another spot, or yield, where a unit's label stands. `homes` are where the terrain
    names stand with no unit about: unit labels leave them free when they can."""

    def __init__(self, names: list[MapName], flags: list[pygame.Rect], size: tuple[int, int]):
        self.names, self.flags, self.size = names, flags, size
        self.objectives = [n for n in names if n.back is not None]
        self.pieces = [n for n in names if n.back is None]
        placer = LabelPlacer(pygame.Rect((0, 0), size))
        for f in flags:
            placer.block(f)
        self._homes = [r for n, r in place_names(placer, names) if n.back is None]
        self.offset = (0, 0)
        self._kept: dict[bool, tuple[Any, list]] = {}

    def homes(self) -> list[pygame.Rect]:
        """The terrain names' own places and the flags, on screen (better left free)."""
        dx, dy = self.offset
        return [r.move(dx, dy) for r in self._homes] + [f.move(dx, dy) for f in self.flags]

    def place(self, taken: list[pygame.Rect], objectives: bool, view: pygame.Rect | None = None) \
            -> list[tuple[MapName, pygame.Rect]]:
        """The objective names (or the terrain names) placed around `taken`, those near `view`
        only; kept while nothing moves."""
        names = self.objectives if objectives else self.pieces
        if not names:
            return []
        dx, dy = self.offset
        key = (self.offset, tuple(view or ()), tuple(tuple(r) for r in taken))
        kept = self._kept.get(objectives)
        if kept is None or kept[0] != key:
            placer = LabelPlacer(pygame.Rect((dx, dy), self.size))
            for r in [f.move(dx, dy) for f in self.flags] + taken:
                placer.block(r)
            near = view.inflate(200, 100).move(-dx, -dy) if view is not None else None
            names = [n for n in names if near is None or near.collidepoint(n.spots[0][1])]
            kept = (key, place_names(placer, names, dx, dy))
            self._kept[objectives] = kept
        return kept[1]
