"""Seeded random points of a region and options completed with them, at the bottom so every player draws points alike."""
from __future__ import annotations

from typing import Any

import shapely

from game.engine.actions import Action
from game.engine.dice import PlayerRng
from game.engine.ruleset import Option


def point_in_region(region, rng: PlayerRng) -> tuple[float, float]:
    """A uniformly random point of a region: a triangle weighted by area, then a point in it."""
    triangles, areas, total = _triangles(region)
    if not triangles:
        p = region.representative_point() if not region.is_empty else shapely.Point(0, 0)
        return (p.x, p.y)
    pick = rng.random() * total
    tri = triangles[-1]
    for t, area in zip(triangles, areas):
        pick -= area
        if pick <= 0:
            tri = t
            break
    (ax, ay), (bx, by), (cx, cy) = list(tri.exterior.coords)[:3]
    u, v = rng.random(), rng.random()
    if u + v > 1:
        u, v = 1 - u, 1 - v
    return (ax + u * (bx - ax) + v * (cx - ax), ay + u * (by - ay) + v * (cy - ay))


_TRIANGLES: dict[int, tuple[Any, list, list, float]] = {}


def _triangles(region) -> tuple[list, list[float], float]:
    """The region's polygons cut into triangles of positive area, their areas and the total (remembered
    per region: a move's region is shared by every point drawn in it, and geometries never change)."""
    hit = _TRIANGLES.get(id(region))
    if hit is None or hit[0] is not region:
        if len(_TRIANGLES) > 512:
            _TRIANGLES.clear()
        triangles = []
        for poly in getattr(region, "geoms", [region]):
            if poly.geom_type == "Polygon" and poly.area > 0:
                tris = shapely.constrained_delaunay_triangles(poly)
                triangles.extend(t for t in getattr(tris, "geoms", [tris]) if t.area > 0)
        areas = [t.area for t in triangles]
        hit = _TRIANGLES[id(region)] = (region, triangles, areas, sum(areas))
    return hit[1], hit[2], hit[3]


def complete(option: Option, rng: PlayerRng) -> Action:
    """The option's action, or its template at a random point of its region, facing anywhere."""
    if option.action is not None:
        return option.action
    x, y = point_in_region(option.region, rng)
    return option.at(x, y, rng.uniform(0.0, 360.0))
