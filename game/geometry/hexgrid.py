"""Hex grid for the campaign map (design 5), after Red Blob Games' "Hexagonal Grids" reference implementation.

Axial/cube coordinates Hex(q, r) with s = -q - r; Layout(orientation, size, origin) converts to table or screen
coordinates (y down) for pointy- and flat-topped hexes. A* finds the cheapest path with per-hex entry costs.
"""
from __future__ import annotations

import heapq
import itertools
import math
from dataclasses import dataclass
from typing import Callable, Iterator

from shapely.geometry import Polygon


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r


@dataclass(frozen=True)
class FractionalHex:
    q: float
    r: float

    @property
    def s(self) -> float:
        return -self.q - self.r


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    return Hex(a.q * k, a.r * k)


def hex_length(h: Hex) -> int:
    return (abs(h.q) + abs(h.r) + abs(h.s)) // 2


def hex_distance(a: Hex, b: Hex) -> int:
    return hex_length(hex_subtract(a, b))


HEX_DIRECTIONS = (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def hex_direction(direction: int) -> Hex:
    return HEX_DIRECTIONS[direction % 6]


def hex_neighbor(h: Hex, direction: int) -> Hex:
    return hex_add(h, hex_direction(direction))


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes around h, in direction order 0..5."""
    return [hex_add(h, d) for d in HEX_DIRECTIONS]


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from center (6 * radius of them; [center] for radius 0)."""
    if radius < 0:
        return []
    if radius == 0:
        return [center]
    out = []
    h = hex_add(center, hex_scale(hex_direction(4), radius))
    for side in range(6):
        for _ in range(radius):
            out.append(h)
            h = hex_neighbor(h, side)
    return out


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Center, then ring 1, ring 2 ... up to ``radius``: every hex within that distance."""
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(center, k))
    return out


def hex_round(h: FractionalHex) -> Hex:
    """The hex containing a fractional position (round each coordinate, then fix the one that moved most)."""
    qi, ri, si = round(h.q), round(h.r), round(h.s)
    dq, dr, ds = abs(qi - h.q), abs(ri - h.r), abs(si - h.s)
    if dq > dr and dq > ds:
        qi = -ri - si
    elif dr > ds:
        ri = -qi - si
    return Hex(int(qi), int(ri))


def hex_lerp(a: FractionalHex, b: FractionalHex, t: float) -> FractionalHex:
    return FractionalHex(a.q * (1 - t) + b.q * t, a.r * (1 - t) + b.r * t)


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes on the straight line from a to b (distance + 1 of them); a nudge keeps ties off hex edges."""
    n = hex_distance(a, b)
    a_n = FractionalHex(a.q + 1e-6, a.r + 1e-6)  # s nudged by -2e-6
    b_n = FractionalHex(b.q + 1e-6, b.r + 1e-6)
    if n == 0:
        return [a]
    return [hex_round(hex_lerp(a_n, b_n, i / n)) for i in range(n + 1)]


# ---- layout ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Orientation:
    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in multiples of 60 degrees


_SQ3 = math.sqrt(3.0)
POINTY = Orientation(_SQ3, _SQ3 / 2, 0.0, 3 / 2, _SQ3 / 3, -1 / 3, 0.0, 2 / 3, 0.5)
FLAT = Orientation(3 / 2, 0.0, _SQ3 / 2, _SQ3, 2 / 3, 0.0, -1 / 3, _SQ3 / 3, 0.0)


@dataclass(frozen=True)
class Layout:
    """orientation: POINTY or FLAT; size: (sx, sy) hex radius in each axis; origin: centre of Hex(0, 0)."""

    orientation: Orientation
    size: tuple[float, float]
    origin: tuple[float, float] = (0.0, 0.0)


def hex_to_pixel(layout: Layout, h: Hex) -> tuple[float, float]:
    """Centre of a hex."""
    m = layout.orientation
    x = (m.f0 * h.q + m.f1 * h.r) * layout.size[0]
    y = (m.f2 * h.q + m.f3 * h.r) * layout.size[1]
    return (x + layout.origin[0], y + layout.origin[1])


def pixel_to_fractional_hex(layout: Layout, p) -> FractionalHex:
    m = layout.orientation
    px = (p[0] - layout.origin[0]) / layout.size[0]
    py = (p[1] - layout.origin[1]) / layout.size[1]
    return FractionalHex(m.b0 * px + m.b1 * py, m.b2 * px + m.b3 * py)


def pixel_to_hex(layout: Layout, p) -> Hex:
    """The hex containing a point (fractional coordinates, then rounded)."""
    return hex_round(pixel_to_fractional_hex(layout, p))


def hex_corner_offset(layout: Layout, corner: int) -> tuple[float, float]:
    angle = 2.0 * math.pi * (layout.orientation.start_angle - corner) / 6.0
    return (layout.size[0] * math.cos(angle), layout.size[1] * math.sin(angle))


def hex_corners(layout: Layout, h: Hex) -> list[tuple[float, float]]:
    """The six corners of a hex (for shapely and pygame alike)."""
    cx, cy = hex_to_pixel(layout, h)
    return [(cx + dx, cy + dy) for dx, dy in (hex_corner_offset(layout, i) for i in range(6))]


def hex_polygon(layout: Layout, h: Hex) -> Polygon:
    return Polygon(hex_corners(layout, h))


# ---- path finding ---------------------------------------------------------------------------------------------

def a_star(start: Hex, goal: Hex, cost: Callable[[Hex], float | None],
           in_bounds: Callable[[Hex], bool] | None = None, min_cost: float = 1.0,
           max_expansions: int = 200_000) -> tuple[list[Hex], float] | None:
    """Cheapest path from start to goal, or None when there is none.

    cost(h): the cost of entering hex h; None means impassable. in_bounds(h): False for hexes off the map (when
    not given, the search is bounded by the cost function and max_expansions). min_cost: a lower bound on any
    entry cost; the heuristic is hex_distance * min_cost, so pass a smaller one if some costs are below 1.
    Returns (path from start to goal inclusive, total cost). Ties are broken in a fixed order (deterministic).
    """
    if start != goal and cost(goal) is None:
        return None
    return a_star_steps(start, goal, lambda _a, b: cost(b), in_bounds, min_cost, max_expansions)


def a_star_steps(start: Hex, goal: Hex, step_cost: Callable[[Hex, Hex], float | None],
                 in_bounds: Callable[[Hex], bool] | None = None, min_cost: float = 1.0,
                 max_expansions: int = 200_000) -> tuple[list[Hex], float] | None:
    """A* where a step's cost depends on the side crossed: step_cost(a, b) is the cost of moving from hex a
    to its neighbour b (None: that step is not allowed), e.g. a river between them or a road along it.

    Otherwise as ``a_star``: min_cost must not exceed any step's cost (the heuristic stays admissible).
    """
    if start == goal:
        return [start], 0.0
    if in_bounds is not None and not in_bounds(goal):
        return None
    counter = itertools.count()
    frontier: list[tuple[float, int, Hex]] = [(0.0, next(counter), start)]
    came_from: dict[Hex, Hex | None] = {start: None}
    best: dict[Hex, float] = {start: 0.0}
    done: set[Hex] = set()
    expansions = 0
    while frontier:
        _, _, current = heapq.heappop(frontier)
        if current == goal:
            break
        if current in done:
            continue
        done.add(current)
        expansions += 1
        if expansions > max_expansions:
            return None
        for nxt in neighbours(current):
            if in_bounds is not None and not in_bounds(nxt):
                continue
            step = step_cost(current, nxt)
            if step is None:
                continue
            g = best[current] + step
            if nxt not in best or g < best[nxt]:
                best[nxt] = g
                came_from[nxt] = current
                heapq.heappush(frontier, (g + hex_distance(nxt, goal) * min_cost, next(counter), nxt))
    if goal not in came_from:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])  # type: ignore[arg-type]
    path.reverse()
    return path, best[goal]


def hexes_in_rect(layout: Layout, width: float, height: float) -> Iterator[Hex]:
    """Every hex whose centre lies in the rectangle [0, width] x [0, height] (a rectangular map)."""
    corners = [pixel_to_fractional_hex(layout, p) for p in ((0, 0), (width, 0), (0, height), (width, height))]
    q_lo = math.floor(min(c.q for c in corners)) - 1
    q_hi = math.ceil(max(c.q for c in corners)) + 1
    r_lo = math.floor(min(c.r for c in corners)) - 1
    r_hi = math.ceil(max(c.r for c in corners)) + 1
    for r in range(r_lo, r_hi + 1):
        for q in range(q_lo, q_hi + 1):
            x, y = hex_to_pixel(layout, Hex(q, r))
            if 0 <= x <= width and 0 <= y <= height:
                yield Hex(q, r)
