"""The table dressed as a tabletop would be, generated from each piece's own id (so the same piece
always looks the same, and nothing needs an artist): tree canopies in woods, boulders on rocky
ground, broken stones in ruins, and a shadow under high terrain. Drawn into the terrain cache, once
per zoom level, so a frame pays nothing for it."""
from __future__ import annotations

import math
import random
import zlib
from typing import Any

import pygame

from game.ui import theme

MOST_ITEMS = 260                  # per piece: a huge wood gets no more trees than this


def piece_rng(piece: Any) -> random.Random:
    """A private stream seeded by the piece's id (never the game's dice, never global random)."""
    return random.Random(zlib.crc32(str(getattr(piece, "id", "") or getattr(piece, "name", "")).encode()))


def shadow(surface: pygame.Surface, polys: list, to_px, scale: float, fill_polygon, ground) -> None:
    """A high piece's shadow on the ground, cast to the lower right (the light comes from the top left)."""
    off = max(2, int(round(0.6 * scale)))

    def shifted(x, y):
        px, py = to_px(x, y)
        return px + off, py + off
    for poly in polys:
        fill_polygon(surface, poly, theme.shade(ground, 0.72), shifted)


def _points_inside(piece: Any, rng: random.Random, n: int) -> list[tuple[float, float]]:
    import shapely
    poly = piece.polygon
    x0, y0, x1, y1 = poly.bounds
    out: list[tuple[float, float]] = []
    prepared = shapely.prepared.prep(poly) if hasattr(shapely, "prepared") else None
    for _ in range(n * 3):
        if len(out) >= n:
            break
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        pt = shapely.Point(x, y)
        if (prepared.contains(pt) if prepared is not None else poly.contains(pt)):
            out.append((x, y))
    return out


def dress(surface: pygame.Surface, piece: Any, pattern: str, colour, to_px, scale: float) -> None:
    """Dress one piece by its pattern (only where the zoom shows it)."""
    if scale < 2.5 or pattern not in ("canopy", "boulders", "rubble"):
        return
    rng = piece_rng(piece)
    area = float(getattr(piece.polygon, "area", 0.0))
    if pattern == "canopy":
        # tree canopies, about one per 4 cm², a dark rim, a lit crown
        n = min(MOST_ITEMS, max(1, int(area / 4.0)))
        for x, y in sorted(_points_inside(piece, rng, n), key=lambda p: p[1]):
            r = (0.9 + 0.7 * rng.random()) * scale
            px, py = to_px(x, y)
            pygame.draw.circle(surface, theme.shade(colour, 0.55), (px + r * 0.25, py + r * 0.3), r)
            pygame.draw.circle(surface, theme.shade(colour, 0.9 + 0.25 * rng.random()), (px, py), r * 0.92)
            pygame.draw.circle(surface, theme.shade(colour, 1.3), (px - r * 0.3, py - r * 0.3), max(1, r * 0.35))
    elif pattern == "boulders":
        n = min(MOST_ITEMS, max(1, int(area / 6.0)))
        for x, y in _points_inside(piece, rng, n):
            r = (0.4 + 0.6 * rng.random()) * scale
            px, py = to_px(x, y)
            pts = [(px + r * math.cos(a) * (0.7 + 0.3 * rng.random()), py + r * math.sin(a) * (0.7 + 0.3 * rng.random()))
                   for a in (k * math.pi / 3 for k in range(6))]
            pygame.draw.polygon(surface, theme.shade(colour, 0.6), [(a + 1, b + 1) for a, b in pts])
            pygame.draw.polygon(surface, theme.shade(colour, 1.15), pts)
    elif pattern == "rubble":
        n = min(MOST_ITEMS, max(1, int(area / 5.0)))
        for x, y in _points_inside(piece, rng, n):
            w, h = (0.4 + 0.8 * rng.random()) * scale, (0.3 + 0.4 * rng.random()) * scale
            px, py = to_px(x, y)
            pygame.draw.rect(surface, theme.shade(colour, 0.65), pygame.Rect(px + 1, py + 1, w, h))
            pygame.draw.rect(surface, theme.shade(colour, 1.25), pygame.Rect(px, py, w, h))
