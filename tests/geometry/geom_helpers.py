"""Shared builders for the geometry tests (plain module, imported by the test_geom_* files)."""
from __future__ import annotations

import math

import numpy as np
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, Polygon, box

from game.geometry.table import Table
from game.geometry.terrain import Piece, load_kinds

KINDS = load_kinds()


def piece(pid, kind, poly, **kw) -> Piece:
    return Piece(pid, KINDS[kind], poly, **kw)


def table(*pieces, width=120, height=80) -> Table:
    return Table(width, height, list(pieces))


def _convex(cx, cy, r, angles):
    return Polygon([(cx + r * math.cos(a), cy + r * math.sin(a)) for a in sorted(angles)])


def _star(cx, cy, radii):
    n = len(radii)
    return Polygon([(cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
                    for i, r in enumerate(radii)])


@st.composite
def polygons(draw, cx, cy):
    """A valid polygon around (cx, cy): a box, a convex polygon, a star (non-convex), an L or a ring."""
    shape = draw(st.sampled_from(["box", "convex", "star", "L", "ring"]))
    r = draw(st.floats(1.0, 14.0))
    if shape == "box":
        w, h = draw(st.floats(0.5, 14.0)), draw(st.floats(0.5, 14.0))
        poly = box(cx - w, cy - h, cx + w, cy + h)
        if draw(st.booleans()):
            poly = affinity.rotate(poly, draw(st.floats(0, 180)), origin=(cx, cy))
        return poly
    if shape == "convex":
        angles = draw(st.lists(st.floats(0, 2 * math.pi), min_size=3, max_size=8, unique=True))
        poly = _convex(cx, cy, r, angles)
        return poly if poly.is_valid and poly.area > 0.5 else box(cx - 1, cy - 1, cx + 1, cy + 1)
    if shape == "star":
        radii = draw(st.lists(st.floats(0.3, 1.0), min_size=5, max_size=10))
        return _star(cx, cy, [r * q for q in radii])
    if shape == "L":
        a = box(cx - r, cy - r, cx + r, cy - r / 3)
        b = box(cx - r, cy - r, cx - r / 3, cy + r)
        return a.union(b)
    hole = r * draw(st.floats(0.2, 0.6))
    return box(cx - r, cy - r, cx + r, cy + r).difference(box(cx - hole, cy - hole, cx + hole, cy + hole))


@st.composite
def random_tables(draw, max_pieces=7, max_points=8):
    """A table of random pieces (high and low, houses with and without doors) and figure positions,
    often inside pieces, sometimes on integer coordinates to provoke touching and collinear cases."""
    n = draw(st.integers(1, max_pieces))
    grid = draw(st.booleans())
    coord = (lambda lo, hi: st.integers(int(lo), int(hi)).map(float)) if grid else st.floats
    pieces, centres = [], []
    for i in range(n):
        cx, cy = draw(coord(5, 95)), draw(coord(5, 55))
        poly = draw(polygons(cx, cy))
        kind = draw(st.sampled_from(["wood", "wood", "high-crops", "house", "field", "low-wall"]))
        kw = {}
        if kind == "house" and draw(st.booleans()):
            c = list(poly.exterior.coords)
            (x0, y0), (x1, y1) = c[0], c[1]
            door = LineString([(x0 + (x1 - x0) * 0.3, y0 + (y1 - y0) * 0.3), (x0 + (x1 - x0) * 0.7, y0 + (y1 - y0) * 0.7)])
            kw["openings"] = (door,)
        pieces.append(Piece(f"p{i}", KINDS[kind], poly, **kw))
        centres.append((cx, cy))
    m = draw(st.integers(2, max_points))
    pts = []
    for _ in range(m):
        if draw(st.booleans()):
            cx, cy = centres[draw(st.integers(0, n - 1))]
            pts.append((cx + draw(coord(-9, 9)), cy + draw(coord(-9, 9))))
        else:
            pts.append((draw(coord(0, 100)), draw(coord(0, 60))))
    return Table(100, 60, pieces), np.array(pts, dtype=float)
