"""Fields of vision and firing arcs as sector polygons (design 5).

Risus Skirmish "Facing": a 90 or 180 degree field of vision (or 360 in the open); A Risk to Take: 30 degree
fire arcs. Angles follow game.geometry.measure: degrees from +x toward +y (y points down on the table).
"""
from __future__ import annotations

import functools
import math

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

_ARC_STEP_DEG = 3.0  # the arc is drawn with a vertex at least every 3 degrees
_ANGLE_EPS = 1e-9


def angle_to(a, b) -> float:
    """Direction from a to b in degrees, in [0, 360); 0 when the points coincide."""
    ang = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0
    return 0.0 if ang >= 360.0 else ang


def angle_difference(a_deg: float, b_deg: float) -> float:
    """Smallest absolute difference between two directions, in [0, 180]."""
    d = (b_deg - a_deg) % 360.0
    return min(d, 360.0 - d)


def in_arc(origin, facing_deg: float, arc_deg: float, point) -> bool:
    """Is the point within the arc (centred on the facing, arc_deg wide, edges included)? The origin itself is."""
    return in_arc_many(origin, facing_deg, arc_deg, (point,))[0]


def in_arc_many(origin, facing_deg: float, arc_deg: float, points) -> list[bool]:
    """in_arc for many points from one origin: angle_difference(facing, angle_to(origin, point)) within
    half the arc, the same arithmetic written out once for the whole row."""
    if arc_deg >= 360.0:
        return [True] * len(points)
    ox, oy = origin[0], origin[1]
    limit = arc_deg / 2 + _ANGLE_EPS
    out = []
    for p in points:
        px, py = p[0], p[1]
        if px == ox and py == oy:
            out.append(True)
            continue
        ang = math.degrees(math.atan2(py - oy, px - ox)) % 360.0       # angle_to
        if ang >= 360.0:
            ang = 0.0
        d = (ang - facing_deg) % 360.0                                  # angle_difference
        out.append(min(d, 360.0 - d) <= limit)
    return out


def sector(origin, facing_deg: float, arc_deg: float, radius: float) -> Polygon:
    """The sector polygon: origin, then the arc from facing - arc/2 to facing + arc/2; arc >= 360 gives a disc.

    The same arguments give the same (immutable) polygon object: A Risk to Take asks for one unit's arc
    once per enemy it looks at.
    """
    return _sector(float(origin[0]), float(origin[1]), float(facing_deg), float(arc_deg), float(radius))


@functools.lru_cache(maxsize=2048)      # polygons: bounded so a long session stays flat (issue 30 §4)
def _sector(ox: float, oy: float, facing_deg: float, arc_deg: float, radius: float) -> Polygon:
    if radius <= 0 or arc_deg <= 0:
        return Polygon()
    if arc_deg >= 360.0:
        return Point(ox, oy).buffer(radius, quad_segs=int(90 / _ARC_STEP_DEG))
    n = max(2, math.ceil(arc_deg / _ARC_STEP_DEG) + 1)
    start = facing_deg - arc_deg / 2
    pts = [(ox, oy)]
    for i in range(n):
        t = math.radians(start + arc_deg * i / (n - 1))
        pts.append((ox + radius * math.cos(t), oy + radius * math.sin(t)))
    pts.append(pts[0])
    return shapely.polygons(np.array(pts))
