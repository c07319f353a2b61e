"""Seeded random points of a region and options completed with them, at the bottom so every player draws points alike.

The same seed must draw the same point on every machine (design §4), whatever version of the geometry library
is installed. So a point is drawn only through what every version computes alike: the region's box, rounded
outward to a grid of 1/1000 cm (the grid actions are rounded to); a position in it from the seeded stream, on the same grid; "is it inside"; and
the areas of the box's quarters, rounded. Nothing depends on how the library cuts or orders a region's
vertices (a triangulation does: GEOS 3.13 and 3.14 cut the same region into other triangles).
"""
from __future__ import annotations

import math
from typing import Any

import shapely

from game.engine.actions import Action
from game.engine.dice import PlayerRng
from game.engine.ruleset import Option

GRID = 1000            # positions per cm: the box is rounded to it, and so is every point drawn (Option.at rounds to it)
TRIES = 8              # draws in a box before it is split into quarters
DEPTH = 24             # quarters within quarters: a box of 1/1000 cm after about 17 for a table of a metre
AREA_DIGITS = 6        # the quarters' areas are compared rounded, so float noise never picks another


def point_in_region(region, rng: PlayerRng) -> tuple[float, float]:
    """A uniformly random point of a region.

    Draw in the region's box until a point falls inside; after a few misses, pick one of the box's quarters
    weighted by the region's area in it and draw there. Each step is uniform over the region within the box,
    so the point is uniform over the region."""
    if region.is_empty or region.area <= 0:
        return _fallback(region)
    box = _grid_box(region.bounds)
    for _ in range(DEPTH):
        for _ in range(TRIES):
            x, y = _draw(box, rng)
            if shapely.contains_xy(region, x, y):
                return (x, y)
        quarters = _quarters(box)
        areas = [round(region.intersection(shapely.box(*q)).area, AREA_DIGITS) for q in quarters]
        total = sum(areas)
        if total <= 0:
            break
        pick = rng.below(1 << 30) / (1 << 30) * total
        box = [q for q, area in zip(quarters, areas) if area > 0][-1]    # if rounding leaves pick >= 0
        for q, area in zip(quarters, areas):
            pick -= area
            if pick < 0 and area > 0:
                box = q
                break
    return _fallback(region)


def _grid_box(bounds) -> tuple[float, float, float, float]:
    minx, miny, maxx, maxy = bounds
    return (math.floor(minx * GRID) / GRID, math.floor(miny * GRID) / GRID,
            math.ceil(maxx * GRID) / GRID, math.ceil(maxy * GRID) / GRID)


def _draw(box, rng: PlayerRng) -> tuple[float, float]:
    """A grid position of the box (the box's corners are on the grid, so this is exact everywhere)."""
    minx, miny, maxx, maxy = box
    nx, ny = max(round((maxx - minx) * GRID), 1), max(round((maxy - miny) * GRID), 1)
    return (minx + rng.below(nx) / GRID, miny + rng.below(ny) / GRID)


def _quarters(box) -> list[tuple[float, float, float, float]]:
    minx, miny, maxx, maxy = box
    mx = math.floor((minx + maxx) / 2 * GRID) / GRID
    my = math.floor((miny + maxy) / 2 * GRID) / GRID
    return [(minx, miny, mx, my), (mx, miny, maxx, my), (minx, my, mx, maxy), (mx, my, maxx, maxy)]


def _fallback(region) -> tuple[float, float]:
    """A region without area (or one too thin for the grid): its first vertex in sorted order, rounded."""
    if region.is_empty:
        return (0.0, 0.0)
    coords = sorted(shapely.get_coordinates(region).tolist())
    x, y = coords[0] if coords else (0.0, 0.0)
    return (round(x * GRID) / GRID, round(y * GRID) / GRID)


def complete(option: Option, rng: PlayerRng) -> Action:
    """The option's action, or its template at a random point of its region, facing anywhere."""
    if option.action is not None:
        return option.action
    x, y = point_in_region(option.region, rng)
    return option.at(x, y, rng.below(360 * 1000) / 1000)
