"""Map labels that avoid each other: objective names first (they decide the game), then terrain
pieces' names, largest piece first. Each label is measured before it is drawn and goes to the
first of a few spots near its anchor where it overlaps no label and no objective's flag; a label
with no free spot is left out (the legend and the tooltip still name the ground)."""
from __future__ import annotations

from typing import Any, Iterable

import pygame

from game.ui import theme

OBJECTIVE_INK = (70, 20, 70)


class LabelPlacer:
    def __init__(self, bounds: pygame.Rect | None = None):
        self.taken: list[pygame.Rect] = []
        self.placed: list[tuple[str, pygame.Rect]] = []
        self.bounds = bounds

    def block(self, rect: pygame.Rect) -> None:
        """Something drawn that labels must not cover (an objective's flag)."""
        self.taken.append(pygame.Rect(rect))

    def free(self, rect: pygame.Rect) -> bool:
        if self.bounds is not None and not self.bounds.contains(rect):
            return False
        grown = rect.inflate(16, 4)          # a clear gap: two names never read as one
        return grown.collidelist(self.taken) < 0

    def place(self, text: str, size: tuple[int, int], spots: Iterable[tuple[str, tuple[float, float]]]) \
            -> pygame.Rect | None:
        """The first spot (anchor name, point) where a label of `size` is free; None when none is."""
        for anchor, point in spots:
            rect = pygame.Rect((0, 0), size)
            setattr(rect, anchor, (int(point[0]), int(point[1])))
            if self.free(rect):
                self.taken.append(rect)
                self.placed.append((text, rect))
                return rect
        return None


def objective_spots(cx: float, cy: float, h: int) -> list[tuple[str, tuple[float, float]]]:
    """Beside the flag (right, left), then under the marker, then above the flag."""
    return [("midleft", (cx + 14, cy - 14)), ("midright", (cx - 4, cy - 14)), ("midtop", (cx, cy + 6)),
            ("midbottom", (cx, cy - 22)), ("midleft", (cx + 14, cy + 2)), ("midright", (cx - 4, cy + 2))]


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


def draw_labels(surface: pygame.Surface, state: Any, pieces: list, objectives: list[tuple[str, float, float]],
                to_px, scale: float, fonts: theme.Fonts, colour_of) -> list[tuple[str, pygame.Rect]]:
    """Objective names (with their flag spots `objectives`: (name, px, py)), then piece names;
    returns the labels drawn, with their rects."""
    placer = LabelPlacer(surface.get_rect())
    for _name, cx, cy in objectives:
        placer.block(pygame.Rect(int(cx) - 2, int(cy) - 19, 16, 11))      # the flag
    for name, cx, cy in objectives:
        if not name:
            continue
        img = fonts.render(name, 12, OBJECTIVE_INK, "b")
        rect = placer.place(name, img.get_size(), objective_spots(cx, cy, img.get_height()))
        if rect is not None:
            back = rect.inflate(4, 0)
            pygame.draw.rect(surface, (250, 244, 250), back, border_radius=3)
            surface.blit(img, rect)
    if scale < 3.5:
        return placer.placed
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
        rect = placer.place(name, img.get_size(), piece_spots(to_px(p.x, p.y), img.get_height(), (px0, py0, px1, py1)))
        if rect is not None:
            surface.blit(img, rect)
    return placer.placed
