"""Seeded random points of a region and options completed with them, at the bottom so every player draws points alike."""
from __future__ import annotations

import shapely

from game.engine.actions import Action
from game.engine.dice import PlayerRng
from game.engine.ruleset import Option


def point_in_region(region, rng: PlayerRng) -> tuple[float, float]:
    """A uniformly random point of a region: a triangle weighted by area, then a point in it."""
    polys = [g for g in getattr(region, "geoms", [region]) if g.geom_type == "Polygon" and g.area > 0]
    if not polys:
        p = region.representative_point() if not region.is_empty else shapely.Point(0, 0)
        return (p.x, p.y)
    triangles = []
    for poly in polys:
        tris = shapely.constrained_delaunay_triangles(poly)
        triangles.extend(t for t in getattr(tris, "geoms", [tris]) if t.area > 0)
    total = sum(t.area for t in triangles)
    pick = rng.random() * total
    tri = triangles[-1]
    for t in triangles:
        pick -= t.area
        if pick <= 0:
            tri = t
            break
    (ax, ay), (bx, by), (cx, cy) = list(tri.exterior.coords)[:3]
    u, v = rng.random(), rng.random()
    if u + v > 1:
        u, v = 1 - u, 1 - v
    return (ax + u * (bx - ax) + v * (cx - ax), ay + u * (by - ay) + v * (cy - ay))


def complete(option: Option, rng: PlayerRng) -> Action:
    """The option's action, or its template at a random point of its region, facing anywhere."""
    if option.action is not None:
        return option.action
    x, y = point_in_region(option.region, rng)
    return option.at(x, y, rng.uniform(0.0, 360.0))
