"""Bases may not overlap (issue 12, every table ruleset): the geometry every ruleset shares.

A figure's base is taken as the circle of its base radius (measure.base_radius). Two bases overlap when
their centres are closer than the sum of their radii; bases that just touch (base contact) do not overlap.
A mover of radius r may therefore end anywhere outside the other bases *grown by r*; and it moves
*through* a base when its straight path from where it starts to where it ends comes within the sum of
the radii of that base's centre (its own base would sweep over the other base).

Lengths are table units (cm). TOLERANCE absorbs positions rounded to 3 decimals (saves, actions):
bases overlapping by less than this still count as touching.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

import shapely
from shapely.geometry import Point, Polygon

from .kept import Kept
from .measure import CIRCLE_QUAD_SEGS

TOLERANCE = 1e-3
OVERLAP_AREA = 1e-3     # cm^2: two bases meeting over less than this touch; more, they overlap
Base = tuple[float, float, float]       # (x, y, radius) of another figure's base

# a buffered circle is a polygon inscribed in the circle; grown by this factor it is circumscribed, so
# every point outside the polygon is at least the full radius away from the centre
_CIRCUMSCRIBE = 1.0 / math.cos(math.pi / (4 * CIRCLE_QUAD_SEGS))


def clearance(base) -> float:
    """The move clearance of a base, the one number every table ruleset keeps a mover's centre off
    other bases by: the radius of the smallest circle round its centre that holds the whole base
    whatever its facing (round: half the diameter; rect: half the diagonal, 3.16 cm for a 6 x 2 base;
    oval: half its larger size)."""
    shape = base.get("shape", "round")
    if shape == "round":
        return float(base["diameter"]) / 2
    w, d = float(base["width"]), float(base["depth"])
    return math.hypot(w, d) / 2 if shape == "rect" else max(w, d) / 2


def overlaps(x: float, y: float, radius: float, other: Base) -> bool:
    """Do a base of `radius` at (x, y) and the base `other` overlap (touching is not overlapping)?"""
    ox, oy, r = other
    return math.hypot(ox - x, oy - y) < radius + r - TOLERANCE


def overlapping(x: float, y: float, radius: float, others: Iterable[Base]) -> list[int]:
    """Indices of the bases in `others` that a base of `radius` at (x, y) would overlap."""
    return [i for i, o in enumerate(others) if overlaps(x, y, radius, o)]


def grown(other: Base, radius: float) -> Polygon:
    """Where the centre of a base of `radius` may not stand: the other base grown by that radius.
    Kept (GROWN_SIZE of them): the figures standing still are grown again for every mover's region,
    each time the same polygon (a geometry never changes once made)."""
    key = (*map(float, other), float(radius))
    hit = _GROWN.get(key)
    if hit is not None:
        return hit
    ox, oy, r = other
    return _GROWN.put(key, Point(ox, oy).buffer((r + radius) * _CIRCUMSCRIBE, quad_segs=CIRCLE_QUAD_SEGS))


GROWN_SIZE = 2048
_GROWN = Kept(GROWN_SIZE)


_MARGIN = 1e-6          # cm: the prefilter keeps a base this much nearer than it could possibly reach


def _grown_radius(other: Base, radius: float) -> float:
    return (other[2] + radius) * _CIRCUMSCRIBE * (1 + 1e-9)


def _within_reach(box: tuple[float, float, float, float], radius: float, others: Sequence[Base],
                  start: Sequence[float] | None, blockers: Sequence[Base]) -> tuple[list[Base], list[Base]]:
    """A battle has hundreds of bases: only those whose grown base or shadow could meet the region's
    box are drawn (the rest could not meet the region, so the cut is the same), in their own order."""
    near = [o for o in others if _may_reach(box, o, radius)]
    if start is None or not blockers:
        return near, list(blockers)
    sx, sy = float(start[0]), float(start[1])
    # every point of a shadow lies at least (distance - grown radius) from start
    farthest = max(math.hypot(x - sx, y - sy) for x in (box[0], box[2]) for y in (box[1], box[3]))
    return near, [b for b in blockers
                  if math.hypot(b[0] - sx, b[1] - sy) - _grown_radius(b, radius) <= farthest + _MARGIN]


def _may_reach(box: tuple[float, float, float, float], other: Base, radius: float) -> bool:
    """Could the grown base (a polygon inside its circumscribed circle) meet the box?"""
    minx, miny, maxx, maxy = box
    ox, oy = other[0], other[1]
    dx = max(minx - ox, 0.0, ox - maxx)
    dy = max(miny - oy, 0.0, oy - maxy)
    return math.hypot(dx, dy) <= _grown_radius(other, radius) + _MARGIN


def shadow(start: Sequence[float], other: Base, radius: float, reach: float) -> Polygon:
    """The destinations within `reach` of start whose straight path from start would take a base of
    `radius` through the base `other` (the grown base and the cone behind it, as seen from start).
    Empty when the mover already overlaps that base at start (it may step out of it)."""
    ox, oy, r = other
    big = (r + radius) * _CIRCUMSCRIBE
    sx, sy = float(start[0]), float(start[1])
    d = math.hypot(ox - sx, oy - sy)
    if d <= r + radius - TOLERANCE:
        return Polygon()
    disc = grown(other, radius)          # the same polygon, kept
    ahead = math.atan2(oy - sy, ox - sx)
    far = max(reach, d) * 2 + big
    if d <= big:
        # in base contact: every step with any part toward the other base enters it, so the shadow is
        # the half plane beyond the line through start square to the centres' line
        ux, uy = math.cos(ahead), math.sin(ahead)
        px, py = -uy * far, ux * far
        half_plane = Polygon([(sx + px, sy + py), (sx + px + ux * far, sy + py + uy * far),
                              (sx - px + ux * far, sy - py + uy * far), (sx - px, sy - py)])
        return shapely.union(disc, half_plane)
    half = math.asin(min(1.0, big / d))
    tangent = math.sqrt(max(d * d - big * big, 0.0))
    pts = []
    for a in (ahead - half, ahead + half):
        pts.append((sx + tangent * math.cos(a), sy + tangent * math.sin(a)))
    f1 = (sx + far * math.cos(ahead - half), sy + far * math.sin(ahead - half))
    f2 = (sx + far * math.cos(ahead + half), sy + far * math.sin(ahead + half))
    fm = (sx + far / math.cos(half) * math.cos(ahead), sy + far / math.cos(half) * math.sin(ahead))
    cone = Polygon([pts[0], f1, fm, f2, pts[1]])
    return shapely.union(disc, cone.buffer(0))


CLEARED_SIZE = 2048           # regions of several games' moves, no more (issue 30 §4: memory stays flat;
                              # a region cut is kept under two keys, the answer held once)


def clear_region(region, radius: float, others: Sequence[Base], start: Sequence[float] | None = None,
                 blockers: Sequence[Base] = ()):
    """The part of a move `region` where a mover of `radius` may end: outside every base in `others`
    grown by its radius, and, when `start` is given, not behind any base in `blockers` (an enemy base
    the straight path would cross). Only polygonal parts are kept.

    The AI's look-ahead asks the same question over and over while figures stand still: answers are
    kept per (region, radius, start, bases), the region held in the entry so its id stays its own;
    one not kept is looked for again under the bases that can reach the region (_within_reach: the
    others change nothing), so a figure moving far away does not make the region be cut again."""
    at = None if start is None else (float(start[0]), float(start[1]))
    asked = (id(region), float(radius), at, tuple(map(tuple, others)), tuple(map(tuple, blockers)))
    hit = _CLEARED.get(asked)
    if hit is not None and hit[0] is region:
        return hit[1]
    box = _box(region)
    others, blockers = _within_reach(box, radius, others, start, blockers)
    near = (id(region), float(radius), at, tuple(map(tuple, others)), tuple(map(tuple, blockers)))
    hit = _CLEARED.get(near)
    if hit is None or hit[0] is not region:
        hit = _CLEARED.put(near, (region, _cut(region, box, radius, others, start, blockers)))
    return _CLEARED.put(asked, hit)[1]


_CLEARED = Kept(CLEARED_SIZE)


def _box(region) -> tuple[float, float, float, float]:
    return region.bounds if not region.is_empty else (0, 0, 0, 0)


def _clear_region(region, radius: float, others: Sequence[Base], start: Sequence[float] | None,
                  blockers: Sequence[Base]):
    box = _box(region)
    others, blockers = _within_reach(box, radius, others, start, blockers)
    return _cut(region, box, radius, others, start, blockers)


def _cut(region, box: tuple[float, float, float, float], radius: float, others: Sequence[Base],
         start: Sequence[float] | None, blockers: Sequence[Base]):
    """The region less the grown bases and the shadows of the blockers (those that can reach it)."""
    cut = [grown(o, radius) for o in others]
    if start is not None and blockers:
        minx, miny, maxx, maxy = box
        reach = math.hypot(maxx - minx, maxy - miny) + 1.0
        cut += [shadow(start, b, radius, reach) for b in blockers]
    cut = [c for c in cut if not c.is_empty and c.intersects(region)]
    if not cut:
        return region
    out = region.difference(shapely.union_all(cut))
    polys = [g for g in shapely.get_parts(out) if g.geom_type in ("Polygon", "MultiPolygon") and g.area > 0]
    return shapely.union_all(polys) if polys else Polygon()


def _interval(start, end, other: Base, radius: float) -> tuple[float, float] | None:
    """The fractions t of the straight path start -> end (t in [0, 1] along it) where the mover's base
    overlaps `other`: an open interval (t0, t1), or None when it never does."""
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    ox, oy, r = other
    R = r + radius
    fx, fy = sx - ox, sy - oy
    a = dx * dx + dy * dy
    b = 2 * (fx * dx + fy * dy)
    c = fx * fx + fy * fy - R * R
    if a <= 1e-18:
        return (-math.inf, math.inf) if c < -TOLERANCE * R else None
    disc = b * b - 4 * a * c
    if disc <= 0:
        return None
    root = math.sqrt(disc)
    return ((-b - root) / (2 * a), (-b + root) / (2 * a))


def stop_on_path(start: Sequence[float], end: Sequence[float], radius: float, others: Sequence[Base],
                 blockers: Sequence[Base] = ()) -> tuple[float, float]:
    """Where a mover of `radius` going straight from start toward end stops:
      - a base in `blockers` (an enemy) it would move through stops it in base contact, where its path
        first touches that base (a base it already overlaps at start does not hold it back);
      - it may not end overlapping any base in `others` (friend or enemy): it stops at the nearest clear
        point short of its destination on its path, or where it started when there is none.
    """
    start = (float(start[0]), float(start[1]))
    end = (float(end[0]), float(end[1]))
    limit = 1.0
    for b in blockers:
        iv = _interval(start, end, b, radius)
        if iv is None:
            continue
        t0, t1 = iv
        if t1 <= 1e-9 or overlaps(start[0], start[1], radius, b):
            continue            # behind the mover, or already overlapping at start (it may step out)
        limit = min(limit, max(0.0, t0))    # in base contact at start: not a step toward it
    every = list(others) + list(blockers)
    ivs = [iv for iv in (_interval(start, end, o, radius) for o in every) if iv is not None]

    def clear(t: float) -> bool:
        p = _at(start, end, t)
        return not any(overlaps(p[0], p[1], radius, o) for o in every)

    candidates = sorted({limit} | {t0 for t0, _ in ivs if 0 < t0 < limit}, reverse=True)
    for t in candidates:
        if clear(t):
            return _at(start, end, t)
    return start


def _at(start, end, t: float) -> tuple[float, float]:
    return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
