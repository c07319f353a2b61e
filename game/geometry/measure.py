"""Measuring on the table (design 5): distances, unit bases, range bands, movement sticks.

Lengths are centimetres. The table's y axis points down (as on screen). Angles are degrees measured from the
+x axis toward the +y axis, so facing 90 points down the screen (on screen that turns clockwise); every module
of game.geometry uses this convention.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

import shapely
from shapely import affinity
from shapely.geometry import Point, Polygon, box

CIRCLE_QUAD_SEGS = 16  # segments per quarter circle for round bases, discs and sticks


def distance(a, b) -> float:
    """Centre to centre."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def base_radius(base: Mapping) -> float:
    """Half the largest size of a base (round: the diameter; rect or oval: width or depth), the
    radius of the circle a base is taken as for contact and reach."""
    if base.get("shape", "round") == "round":
        return float(base["diameter"]) / 2
    return max(float(base["width"]), float(base["depth"])) / 2


def base_polygon(x: float, y: float, facing_deg: float, base: Mapping) -> Polygon:
    """The footprint of a unit's base centred on (x, y).

    base: {"shape": "round", "diameter": d}, {"shape": "rect", "width": w, "depth": d} or
    {"shape": "oval", "width": w, "depth": d}. Width is the frontage (across the facing), depth runs along the
    facing; facing 0 points along +x.
    """
    shape = base.get("shape", "round")
    if shape == "round":
        d = float(base["diameter"])
        if d <= 0:
            raise ValueError(f"base diameter must be > 0, got {d}")
        return Point(x, y).buffer(d / 2, quad_segs=CIRCLE_QUAD_SEGS)
    if shape in ("rect", "oval"):
        w, d = float(base["width"]), float(base["depth"])
        if w <= 0 or d <= 0:
            raise ValueError(f"base width and depth must be > 0, got {w} x {d}")
        if shape == "rect":
            poly = box(-d / 2, -w / 2, d / 2, w / 2)
        else:
            poly = affinity.scale(Point(0, 0).buffer(1.0, quad_segs=CIRCLE_QUAD_SEGS), d / 2, w / 2)
        poly = affinity.rotate(poly, facing_deg, origin=(0, 0))  # +x toward +y, see module docstring
        return affinity.translate(poly, x, y)
    raise ValueError(f"unknown base shape {shape!r} (expected round, rect or oval)")


def edge_distance(poly_a, poly_b) -> float:
    """Base edge to base edge: 0 when the bases touch or overlap."""
    return float(shapely.distance(poly_a, poly_b))


def range_band(dist: float, bands: Sequence[tuple[str, float]]) -> str | None:
    """The first band (in the order given) whose limit is >= the distance; None when beyond every band."""
    for name, limit in bands:
        if dist <= limit:
            return name
    return None


def stick_reach(origin, length: float) -> Polygon:
    """Where a movement stick of this length reaches from origin: a disc (A Risk to Take, Petite Guerre)."""
    if length <= 0:
        return Polygon()
    return Point(origin[0], origin[1]).buffer(length, quad_segs=CIRCLE_QUAD_SEGS)
