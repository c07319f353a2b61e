"""Speed of LOS in bulk (design 10: measured by `make bench`, never asserted in a timed test).

run() builds a deterministic 120 x 80 cm table with 400 pieces of mixed kinds (woods with clearings, crops,
bushes, houses with walls and doors, walls, hedges, fields, water ...), 200 figures (a quarter of them placed inside
high pieces, at their edges or deep inside), and times los_matrix against a naive per-pair, per-polygon loop of
shapely calls under the same rules, and los_row for one figure. All randomness from random.Random(1).random().
"""
from __future__ import annotations

import math
import random
import statistics
import time

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box

from .los import BAND, CORE, OUT, LosIndex, LosRules, _canonical
from .table import Table
from .terrain import Piece, load_kinds

BENCH_RULES = LosRules(edge_depth=1.0, same_piece_sees=True, houses="walls")

# kind, share of the pieces, radius range (cm)
_MIX = [
    ("wood", 0.07, (2.0, 5.0)), ("high-crops", 0.04, (1.5, 4.0)), ("bushes", 0.04, (1.0, 2.5)),
    ("house", 0.05, (1.5, 3.0)), ("low-wall", 0.10, (2.0, 4.0)), ("hedge", 0.08, (2.0, 5.0)),
    ("log", 0.05, (1.0, 2.0)), ("field", 0.14, (2.0, 5.0)), ("rough", 0.12, (1.5, 3.5)),
    ("water", 0.06, (1.5, 3.5)), ("ruins", 0.08, (1.5, 3.0)), ("marsh", 0.12, (2.0, 4.0)),
]


def _pick_kind(u: float):
    acc = 0.0
    for name, share, radii in _MIX:
        acc += share
        if u < acc:
            return name, radii
    return _MIX[-1][0], _MIX[-1][2]


def _convex(rnd, cx, cy, rad):
    n = 5 + int(rnd() * 6)
    angles = sorted(rnd() * 2 * math.pi for _ in range(n))
    return Polygon([(cx + rad * math.cos(a), cy + rad * math.sin(a)) for a in angles])


def _blob(rnd, cx, cy, rad):
    n = 8 + int(rnd() * 8)
    pts = []
    for i in range(n):
        a = 2 * math.pi * (i + 0.3 * rnd()) / n
        r = rad * (0.45 + 0.55 * rnd())
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return Polygon(pts)


def _shape(rnd, name, cx, cy, rad):
    turn = rnd() * 180
    if name in ("low-wall", "hedge", "log"):  # thin linear obstacles
        return affinity.rotate(box(cx - rad, cy - 0.2, cx + rad, cy + 0.2), turn, origin=(cx, cy))
    if name in ("house", "field", "ruins"):
        w, h = rad * (0.8 + 0.6 * rnd()), rad * (0.6 + 0.6 * rnd())
        return affinity.rotate(box(cx - w, cy - h, cx + w, cy + h), turn, origin=(cx, cy))
    u = rnd()
    if u < 0.4:
        poly = _convex(rnd, cx, cy, rad)
    elif u < 0.8:
        poly = _blob(rnd, cx, cy, rad)
    else:  # an L
        a = box(cx - rad, cy - rad, cx + rad, cy - rad / 3)
        b = box(cx - rad, cy - rad, cx - rad / 3, cy + rad)
        poly = affinity.rotate(a.union(b), turn, origin=(cx, cy))
    if name == "wood" and rad > 3.5 and rnd() < 0.5:  # a clearing
        hole = Point(cx, cy).buffer(rad / 5, quad_segs=3)
        if poly.contains(hole.buffer(0.3)):
            poly = poly.difference(hole)
    return poly


def _house_walls(poly: Polygon):
    """Walls of a rectangular house with a door in its first side."""
    c = list(poly.exterior.coords)
    (x0, y0), (x1, y1) = c[0], c[1]
    door = LineString([(x0 + (x1 - x0) * 0.4, y0 + (y1 - y0) * 0.4), (x0 + (x1 - x0) * 0.6, y0 + (y1 - y0) * 0.6)])
    walls = poly.exterior.difference(door.buffer(1e-6))
    return tuple(shapely.get_parts(shapely.line_merge(walls))), (door,)


def bench_table(n_pieces: int = 400, n_units: int = 200, seed: int = 1):
    """The deterministic bench table and figure positions (N, 2)."""
    rnd = random.Random(seed).random
    kinds = load_kinds()
    pieces = []
    for i in range(n_pieces):
        name, (r_lo, r_hi) = _pick_kind(rnd())
        cx, cy = 2 + rnd() * 116, 2 + rnd() * 76
        rad = r_lo + (r_hi - r_lo) * rnd()
        poly = _shape(rnd, name, cx, cy, rad)
        walls, openings = ((), ())
        if name == "house":
            walls, openings = _house_walls(poly)
        pieces.append(Piece(f"{name}-{i}", kinds[name], poly, walls=walls, openings=openings))
    table = Table(120, 80, pieces)
    high = [p for p in pieces if p.kind.high and not p.kind.building]
    units = []
    while len(units) < n_units:
        if rnd() < 0.25:  # inside a high piece: at its edge or deep inside
            piece = high[int(rnd() * len(high))]
            x0, y0, x1, y1 = piece.polygon.bounds
            for _ in range(50):
                x, y = x0 + (x1 - x0) * rnd(), y0 + (y1 - y0) * rnd()
                if piece.polygon.contains(Point(x, y)):
                    units.append((x, y))
                    break
        else:
            units.append((1 + rnd() * 118, 1 + rnd() * 78))
    return table, np.array(units, dtype=float)


def naive_los_matrix(table: Table, points: np.ndarray, rules: LosRules) -> np.ndarray:
    """Reference: every pair against every high piece and wall, one shapely call at a time, same rules."""
    index: LosIndex = table.los_index(rules)
    pts = [Point(float(x), float(y)) for x, y in points]
    n = len(pts)
    status = [{} for _ in range(n)]
    for i, pt in enumerate(pts):
        for k, g in enumerate(index.geoms):
            if shapely.intersects(g, pt):
                status[i][k] = CORE if shapely.contains(index.cores[k], pt) else BAND
    out = np.ones((n, n), dtype=bool)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = tuple(points[i]), tuple(points[j])
            if a == b or (rules.same_piece_sees and status[i].keys() & status[j].keys()):
                continue
            p0, p1, swapped = _canonical(a, b)
            m0, m1 = (status[j], status[i]) if swapped else (status[i], status[j])
            seg = LineString([p0, p1])
            blocked = any(shapely.intersects(w, seg) for w in index.walls)
            for k, g in enumerate(index.geoms):
                if blocked:
                    break
                s0, s1 = m0.get(k, OUT), m1.get(k, OUT)
                if s0 == OUT and s1 == OUT:
                    blocked = bool(shapely.crosses(g, seg))
                else:
                    blocked = index.endpoint_piece_blocks(seg, k, s0, s1)
            out[i, j] = out[j, i] = not blocked
    return out


def _median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def run(n_pieces: int = 400, n_units: int = 200, repeats: int = 5) -> list[str]:
    table, units = bench_table(n_pieces, n_units)
    rules = BENCH_RULES
    table.los_index(rules)  # built once with the table, not part of the timed query
    fast = table.los_matrix(units, rules)
    ms = _median_ms(lambda: table.los_matrix(units, rules), repeats)
    t = time.perf_counter()
    naive = naive_los_matrix(table, units, rules)
    naive_ms = (time.perf_counter() - t) * 1000
    same = "yes" if np.array_equal(fast, naive) else "no"
    row_ms = _median_ms(lambda: table.los_row(0, units, rules), 10 * repeats + 1)
    n = len(units)
    return [
        f"los-matrix units={n} terrain={len(table.pieces)} ms={ms:.1f} naive_ms={naive_ms:.0f} "
        f"speedup={naive_ms / ms:.1f} identical={same}",
        f"los-row units={n} ms={row_ms:.2f}",
    ]


if __name__ == "__main__":  # pragma: no cover
    print("\n".join(run()))
