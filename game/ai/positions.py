"""Where to go: candidate points of a move option's region and what a point offers, shared by every ruleset's moves.

A move option carries a region of legal destinations (design §9); the AI tries a few dozen points in it: the
parts of cover pieces and their edge bands, the points nearest to objectives and enemies, a grid, and
a few seeded random points. Each kept point is inside the region after `Option.at` rounds it.
The features (cover, exposure to enemy fire, targets in sight) use the table's bulk LOS.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Point
from shapely.ops import nearest_points

from game.ai.sampling import point_in_region
from game.engine.dice import PlayerRng
from game.engine.game import ruleset_of
from game.engine.ruleset import REGION_TOLERANCE, Option
from game.engine.state import GameState
from game.geometry.sectors import angle_to

INWARD = 0.05          # cm a boundary point is moved toward the inside, so rounding keeps it legal


def _parts(region: Any) -> list[Any]:
    """The region's parts in an order of their own (by their rounded boxes), not the geometry library's."""
    parts = [g for g in shapely.get_parts(region) if not g.is_empty]
    return sorted(parts, key=lambda g: tuple(round(b, 3) for b in g.bounds))


def _inside(option: Option, x: float, y: float) -> bool:
    rx, ry = round(float(x), 3), round(float(y), 3)
    return bool(option.region.distance(Point(rx, ry)) <= REGION_TOLERANCE)


def nearest_inside(option: Option, x: float, y: float) -> tuple[float, float] | None:
    """The legal destination nearest to (x, y), a hair inside the region's edge."""
    region = option.region
    p = Point(x, y)
    if region.distance(p) <= REGION_TOLERANCE and _inside(option, x, y):
        return (x, y)
    for inset in (INWARD / 5, INWARD, 0.0):
        inner = _shrunk(region, inset) if inset else region
        if inner is None or inner.is_empty:
            continue
        q = nearest_points(inner, p)[0]
        if _inside(option, q.x, q.y):
            return (q.x, q.y)
    return None


_SHRUNK: dict[tuple[int, float], Any] = {}


def _shrunk(region: Any, inset: float) -> Any:
    """The region less a thin band along its edge (cached: regions are shared and never change)."""
    key = (id(region), inset)
    hit = _SHRUNK.get(key)
    if hit is None or hit[0] is not region:
        if len(_SHRUNK) > 512:
            _SHRUNK.clear()
        hit = (region, region.buffer(-inset) if region.area > 0 else None)
        _SHRUNK[key] = hit
    return hit[1]


def grid_points(region: Any, n: int) -> list[tuple[float, float]]:
    """About n points of a regular grid over the region's box, kept where the region covers them."""
    if region.is_empty or region.area <= 0:
        return []
    minx, miny, maxx, maxy = region.bounds
    step = max(math.sqrt(region.area / max(n, 1)), 0.5)
    xs = np.arange(minx + step / 2, maxx, step)
    ys = np.arange(miny + step / 2, maxy, step)
    if len(xs) == 0 or len(ys) == 0:
        return []
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    inside = shapely.contains_xy(region, gx, gy)
    return [(float(a), float(b)) for a, b in zip(gx[inside], gy[inside])]


def sample_points(view: GameState, option: Option, rng: PlayerRng, n: int,
                  anchors: Iterable[tuple[float, float]] = (),
                  cover_depth: float | None = None) -> list[tuple[float, float]]:
    """Up to n distinct legal destinations of a move option, most telling first.

    In order: the region's own representative points, inside each cover or high piece the region
    reaches (its edge band first: there a figure sees and is seen, behind its cover), the points
    nearest to the anchors (objectives, enemies, the mover), a grid, then seeded random points.
    """
    region = option.region
    if region is None or region.is_empty:
        return []
    found: list[tuple[float, float]] = []
    seen: set[tuple[int, int]] = set()

    def add(pt: tuple[float, float] | None) -> None:
        if pt is None or len(found) >= n:
            return
        key = (int(round(pt[0] * 2)), int(round(pt[1] * 2)))
        if key in seen:
            return
        if not _inside(option, pt[0], pt[1]):
            return
        seen.add(key)
        found.append((float(pt[0]), float(pt[1])))

    for part in _parts(region)[:6]:
        if part.area > 0:
            rp = part.representative_point()
            add((rp.x, rp.y))
        elif part.geom_type == "Point":
            add((part.x, part.y))
    table = view.table
    depth = view.scenario.edge_band if cover_depth is None else cover_depth
    # the pieces the region meets, in table order, found through the table's spatial index
    for k in np.sort(table.tree.query(region, predicate="intersects")):
        piece = table.pieces[int(k)]
        if not (piece.kind.cover or piece.kind.high or piece.kind.linear_obstacle):
            continue
        inter = piece.polygon.intersection(region)
        if inter.is_empty:
            continue
        if piece.kind.high and depth > 0:
            band = inter.intersection(table.edge_band(piece.id, depth))
            if not band.is_empty and band.area > 0:
                rp = band.representative_point()
                add((rp.x, rp.y))
        if inter.area > 0:
            rp = inter.representative_point()
            add((rp.x, rp.y))
        elif piece.kind.linear_obstacle:
            add(nearest_inside(option, *piece.polygon.centroid.coords[0]))
    for ax, ay in anchors:
        add(nearest_inside(option, ax, ay))
    for pt in grid_points(region, max(n // 2, 4)):
        if len(found) >= n:
            break
        add(pt)
    tries = 0
    while len(found) < n and tries < n:
        tries += 1
        if region.area <= 0:
            break
        add(point_in_region(region, rng))
    return found


def los_pairs(view: GameState, coords: Sequence[tuple[float, float]], first: Sequence[int],
              second: Sequence[int]) -> np.ndarray:
    """LOS for many pairs at once, under the ruleset's LOS rules (clear (M,) bool)."""
    if len(first) == 0:
        return np.zeros(0, dtype=bool)
    rules = ruleset_of(view).los_rules(view)
    index = view.table.los_index(rules)
    clear, _ = index.pairs(np.asarray(coords, dtype=float), np.asarray(first), np.asarray(second))
    return clear


def sight_matrix(view: GameState, points: Sequence[tuple[float, float]],
                 others: Sequence[tuple[float, float]]) -> np.ndarray:
    """(P, O) bool: which of `others` each point sees (LOS is symmetric)."""
    p, o = len(points), len(others)
    if p == 0 or o == 0:
        return np.zeros((p, o), dtype=bool)
    coords = list(points) + list(others)
    first = np.repeat(np.arange(p), o)
    second = np.tile(np.arange(p, p + o), p)
    return los_pairs(view, coords, first, second).reshape(p, o)


def has_cover(view: GameState, point: tuple[float, float], attacker: tuple[float, float]) -> bool:
    return view.table.cover(point, attacker) is not None


def in_cover_piece(view: GameState, point: tuple[float, float]) -> bool:
    return any(p.kind.cover for p in view.table.pieces_at(point[0], point[1]))


def facing_toward(x: float, y: float, targets: Sequence[tuple[float, float]]) -> float:
    """Degrees (from +x toward +y) toward the nearest target, or 0 with none."""
    if not targets:
        return 0.0
    target = min(targets, key=lambda t: (t[0] - x) ** 2 + (t[1] - y) ** 2)
    return angle_to((x, y), target)


def objective_points(view: GameState) -> list[tuple[float, float]]:
    return [(float(o["x"]), float(o["y"])) for o in view.scenario.objectives
            if "x" in o and "y" in o]


def nearest(items: Sequence[Any], where: Sequence[tuple[float, float]], origin: Sequence[float],
            k: int) -> list[Any]:
    """The k items nearest to origin (where[i]: item i's position), in their own order; all of them
    when there are k or fewer, so a small battle is looked at whole (ties: the earlier item)."""
    if len(items) <= k:
        return list(items)
    xy = np.asarray(where, dtype=float).reshape(-1, 2)
    d2 = (xy[:, 0] - origin[0]) ** 2 + (xy[:, 1] - origin[1]) ** 2
    keep = np.sort(np.lexsort((np.arange(len(d2)), d2))[:k])
    return [items[i] for i in keep.tolist()]


def dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])
