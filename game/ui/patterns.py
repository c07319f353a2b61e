"""Terrain patterns: each kind of ground drawn with its colour *and* a pattern of its own (furrows,
canopies, bricks, reeds...), so no two kinds rely on colour alone. The pattern of each kind is data,
in game/geometry/terrain_kinds.json's "patterns"; a kind without one (a scenario's own kind) gets
one from what it does (impassable: cross-hatched, rough: hatched, else plain).

A pattern is a small tile drawn once per (pattern, colour), tiled over the pieces' polygons."""
from __future__ import annotations

import functools
import json
import math
from typing import Any

import pygame

from game.ui import theme

TILE = 16                                 # px: patterns keep their size at every zoom level

PATTERNS = ("plain", "furrows", "ruts", "contours", "canopy", "rows", "tufts", "roof", "rubble", "boulders",
            "bricks", "zigzag", "grain", "blocks", "hatch", "reeds", "waves", "crosshatch")


@functools.cache
def kind_patterns() -> dict[str, str]:
    """Kind id -> pattern, from terrain_kinds.json."""
    try:
        from game.geometry import terrain
        path = terrain._KINDS_FILE
        data = json.loads(path.read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in (data.get("patterns") or {}).items() if v in PATTERNS}
    except Exception:
        return {}


def pattern_of(kind: Any) -> str:
    name = getattr(kind, "name", None)
    found = kind_patterns().get(name) if name else None
    if found:
        return found
    if getattr(kind, "impassable", False):
        return "crosshatch"
    if getattr(kind, "rough", False) and not getattr(kind, "building", False):
        return "hatch"
    return "plain"


def ink(colour) -> tuple[int, int, int, int]:
    """The pattern's ink: darker on light ground, lighter on dark ground."""
    r, g, b = colour[:3]
    light = 0.2126 * r + 0.7152 * g + 0.0722 * b > 110
    return (*theme.shade(colour, 0.62 if light else 1.75), 200)


@functools.lru_cache(maxsize=128)
def tile(pattern: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """One TILE x TILE tile of the pattern's ink (transparent between the strokes)."""
    t = TILE
    s = pygame.Surface((t, t), pygame.SRCALPHA)
    c = ink(colour)
    line = pygame.draw.line
    if pattern == "furrows":
        for y in (3, 11):
            line(s, c, (0, y), (t, y), 1)
    elif pattern == "ruts":
        line(s, c, (0, 5), (t, 5), 1)
        for x in (2, 10):
            pygame.draw.circle(s, c, (x, 12), 1)
    elif pattern == "contours":
        pygame.draw.arc(s, c, pygame.Rect(-4, 4, t + 8, t), 0.3, math.pi - 0.3, 1)
    elif pattern == "canopy":
        pygame.draw.circle(s, c, (5, 5), 4, 1)
        pygame.draw.circle(s, c, (12, 12), 3, 1)
    elif pattern == "rows":
        for x in (3, 11):
            line(s, c, (x, 0), (x, t), 2)
    elif pattern == "tufts":
        for x, y in ((3, 6), (11, 14)):
            line(s, c, (x, y), (x - 2, y - 4), 1)
            line(s, c, (x, y), (x + 2, y - 4), 1)
            line(s, c, (x, y), (x, y - 5), 1)
    elif pattern == "roof":
        for y in (0, 8):
            line(s, c, (0, y), (t, y), 1)
        for x, y in ((4, 0), (12, 8)):
            line(s, c, (x, y), (x, y + 8), 1)
    elif pattern == "rubble":
        for x, y, w in ((2, 3, 3), (9, 1, 2), (6, 9, 4), (13, 12, 2), (1, 13, 2)):
            pygame.draw.rect(s, c, (x, y, w, w - 1))
    elif pattern == "boulders":
        for x, y, r in ((4, 4, 3), (12, 10, 3), (5, 13, 2)):
            pygame.draw.circle(s, c, (x, y), r)
    elif pattern == "bricks":
        for y in (0, 5, 10, 15):
            line(s, c, (0, y), (t, y), 1)
        for x, y in ((0, 0), (8, 0), (4, 5), (12, 5), (0, 10), (8, 10)):
            line(s, c, (x, y), (x, y + 5), 1)
    elif pattern == "zigzag":
        pts = [(0, 10), (4, 5), (8, 10), (12, 5), (16, 10)]
        pygame.draw.lines(s, c, False, pts, 2)
    elif pattern == "grain":
        line(s, c, (0, 4), (9, 4), 1)
        line(s, c, (6, 12), (t, 12), 1)
        pygame.draw.ellipse(s, c, (10, 2, 5, 4), 1)
    elif pattern == "blocks":
        pygame.draw.rect(s, c, (1, 1, 6, 6), 2)
        pygame.draw.rect(s, c, (9, 9, 6, 6), 2)
    elif pattern == "hatch":
        line(s, c, (0, t), (t, 0), 1)
    elif pattern == "reeds":
        for x in (3, 11):
            y = 13 if x == 3 else 7
            line(s, c, (x, y), (x, y - 6), 1)
            line(s, c, (x - 3, y), (x + 3, y), 1)
    elif pattern == "waves":
        for y0 in (4, 12):
            pts = [(x, y0 + 2 * math.sin(x / t * 2 * math.pi)) for x in range(0, t + 1, 2)]
            pygame.draw.lines(s, c, False, pts, 1)
    elif pattern == "crosshatch":
        line(s, c, (0, t), (t, 0), 1)
        line(s, c, (0, 0), (t, t), 1)
    return s


def fill(target: pygame.Surface, rect: pygame.Rect, pattern: str, colour, origin=(0, 0)) -> None:
    """Tile the pattern over a rect of the target (aligned on `origin` so pieces' patterns join)."""
    if pattern == "plain" or rect.w <= 0 or rect.h <= 0:
        return
    t = tile(pattern, tuple(colour[:3]))
    x0 = rect.x - (rect.x - origin[0]) % TILE
    y0 = rect.y - (rect.y - origin[1]) % TILE
    clip = target.get_clip()
    target.set_clip(rect.clip(clip) if clip else rect)
    for y in range(y0, rect.bottom, TILE):
        for x in range(x0, rect.right, TILE):
            target.blit(t, (x, y))
    target.set_clip(clip)


def fill_polygons(target: pygame.Surface, polys: list, to_px, pattern: str, colour) -> None:
    """The pattern inside the polygons (their holes left clear)."""
    if pattern == "plain" or not polys:
        return
    from game.ui.render import paint_inside

    def ink(layer: pygame.Surface, x0: int, y0: int) -> None:
        fill(layer, layer.get_rect(), pattern, colour, origin=(-x0 % TILE, -y0 % TILE))
    paint_inside(target, polys, to_px, ink)


def swatch(surface: pygame.Surface, rect: pygame.Rect, colour, pattern: str | None) -> None:
    """A legend's sample: the colour and the pattern, edged."""
    pygame.draw.rect(surface, colour, rect)
    if pattern:
        fill(surface, rect, pattern, colour, origin=rect.topleft)
    pygame.draw.rect(surface, (10, 10, 10), rect, 1)
