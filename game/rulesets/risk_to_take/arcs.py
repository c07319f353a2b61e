"""Bases, front edges and the 30-degree arcs of A Risk to Take (seed 003_24994b0dfd86b84f, "c)
Combat": "Maximum degree of fire (or melee) is 30 degrees both on left and right").

A unit stands on a 6 x 2 cm base; its facing is the direction its front edge faces. A unit fires
or fights at what lies in the region swept by a 60-degree sector (30 degrees left and right of the
front) from every point of its front edge, out to the range, measured from the front edge.
"""
from __future__ import annotations

import functools
import math

import shapely
import shapely.ops
from shapely.geometry import LineString, Point, Polygon

from game.engine.state import Unit
from game.geometry.measure import base_polygon
from game.geometry.sectors import sector

from .troops import ARC_HALF


_MEMO_SIZE = 1 << 13          # answers kept per question: the least recently asked go first (issue 30 §4:
                              # 65,536 per question made a long evening of games grow by 100 MB and more)


def remembered(store: dict, key, make, size: int = _MEMO_SIZE):
    """`make()`, kept in `store` under `key` (a pure answer: the same key, the same answer); the store
    keeps the `size` most recently asked (a dict keeps its order: a hit moves to the end)."""
    try:
        hit = store.pop(key, store)
    except TypeError:                   # a base with a list in it: not kept
        return make()
    if hit is store:
        if len(store) >= size:
            del store[next(iter(store))]
        hit = make()
    store[key] = hit
    return hit


def unit_key(unit: Unit) -> tuple:
    """Everything of a unit the geometry here reads: its place, facing and base."""
    return (unit.x, unit.y, unit.facing, tuple(unit.base.items()))


def footprint(unit: Unit, x: float | None = None, y: float | None = None, facing: float | None = None):
    """The base on the table (the geometry's base_polygon; rectangles built directly, cached)."""
    x = unit.x if x is None else x
    y = unit.y if y is None else y
    facing = unit.facing if facing is None else facing
    return base_at(x, y, facing, unit.base)


def base_at(x: float, y: float, facing: float, b: dict):
    """A base of shape `b` standing at (x, y) with that facing."""
    if b.get("shape") != "rect":
        return base_polygon(x, y, facing, b)
    return _rect(round(x, 6), round(y, 6), round(facing, 6), float(b["width"]), float(b["depth"]))


@functools.lru_cache(maxsize=4096)
def _rect(x: float, y: float, facing: float, width: float, depth: float):
    f = math.radians(facing)
    c, s = math.cos(f), math.sin(f)
    hd, hw = depth / 2, width / 2
    pts = [(x + c * dx - s * dy, y + s * dx + c * dy) for dx, dy in ((-hd, -hw), (hd, -hw), (hd, hw), (-hd, hw))]
    poly = Polygon(pts)
    shapely.prepare(poly)
    return poly


def front_edge(unit: Unit) -> LineString:
    """The edge of the base toward its facing."""
    f = math.radians(unit.facing)
    half_depth = float(unit.base.get("depth", unit.base.get("diameter", 2))) / 2
    half_width = float(unit.base.get("width", unit.base.get("diameter", 2))) / 2
    cx, cy = unit.x + half_depth * math.cos(f), unit.y + half_depth * math.sin(f)
    px, py = -math.sin(f) * half_width, math.cos(f) * half_width
    return LineString([(cx - px, cy - py), (cx + px, cy + py)])


def front_centre(unit: Unit) -> tuple[float, float]:
    c = front_edge(unit).interpolate(0.5, normalized=True)
    return (c.x, c.y)


def arc_zone(unit: Unit, reach: float):
    """The 60-degree sector swept along the front edge, `reach` cm deep (the firing-arc tool's shape)."""
    return remembered(_ZONES, (unit_key(unit), reach), lambda: _arc_zone(unit, reach))


def _arc_zone(unit: Unit, reach: float):
    a, b = front_edge(unit).coords
    s1 = sector(a, unit.facing, 2 * ARC_HALF, reach)
    s2 = sector(b, unit.facing, 2 * ARC_HALF, reach)
    return shapely.convex_hull(shapely.union(s1, s2))


def in_arc_and_reach(unit: Unit, target: Unit, reach: float) -> bool:
    """Does any part of the target's base lie within the unit's arc, `reach` cm from its front edge?"""
    return remembered(_IN_ARC, (unit_key(unit), unit_key(target), reach),
                      lambda: bool(arc_zone(unit, reach).intersects(footprint(target))))


def gap(a: Unit, b: Unit) -> float:
    """Base edge to base edge (0 when the bases touch)."""
    return remembered(_GAPS, (unit_key(a), unit_key(b)), lambda: float(shapely.distance(footprint(a), footprint(b))))


_ZONES: dict = {}
_IN_ARC: dict = {}
_GAPS: dict = {}


def line_of_fire(unit: Unit, target: Unit) -> LineString:
    """From the middle of the battery's front edge to the target's centre."""
    return LineString([front_centre(unit), (target.x, target.y)])


def point_gap(unit: Unit, point) -> float:
    return float(shapely.distance(footprint(unit), Point(point)))


def nearest(a: Unit, b: Unit) -> tuple[tuple[float, float], tuple[float, float]]:
    """The nearest points of two bases (a's, then b's)."""
    pa, pb = shapely.ops.nearest_points(footprint(a), footprint(b))
    return (pa.x, pa.y), (pb.x, pb.y)
