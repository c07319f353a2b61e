"""The way round deep water, for the computer's moves.

In A Risk to Take only deep water is impassable: a river is crossed by a bridge or a ford.

A move is scored by how much nearer it brings a unit to the objective and the enemy. Measured
straight, a unit on a river bank is as near as it gets and stays there; measured along the way a
base can go, it heads for the bridge or the ford. The way runs between the corners of the
impassable ground grown by a base's reach (a visibility graph: corners joined when the straight line
between them keeps off the ground); the table keeps its graph, and the distances to a target are
kept per target.
"""
from __future__ import annotations

import functools
import heapq
import math

import shapely
from shapely.geometry import LineString

from game.rulesets.risk_to_take.movement import impassable

KEEP = 3.2            # cm: a base's centre keeps about its reach off deep water on the way round
CORNER = 0.4          # the corners stand this much further out, clear of the kept ground


@functools.lru_cache(maxsize=16)
def _graph(table):
    """(kept ground, corners, their neighbours) for a table with impassable ground, else None."""
    ground = impassable(table)
    if ground is None:
        return None
    kept = ground.buffer(KEEP, join_style="mitre")
    shapely.prepare(kept)
    out = ground.buffer(KEEP + CORNER, join_style="mitre")
    corners = [c for g in shapely.get_parts(out) for c in list(g.exterior.coords)[:-1]]
    edges = {i: [] for i in range(len(corners))}
    for i, a in enumerate(corners):
        for j in range(i + 1, len(corners)):
            b = corners[j]
            if not kept.intersects(LineString([a, b])):
                d = math.dist(a, b)
                edges[i].append((j, d))
                edges[j].append((i, d))
    return kept, corners, edges


@functools.lru_cache(maxsize=512)
def _to(table, target: tuple[float, float]) -> tuple[float, ...]:
    """The length of the way from each corner to the target (Dijkstra)."""
    kept, corners, edges = _graph(table)
    best = [math.inf] * len(corners)
    todo = []
    for i, c in enumerate(corners):
        if not kept.intersects(LineString([c, target])):
            best[i] = math.dist(c, target)
            todo.append((best[i], i))
    heapq.heapify(todo)
    while todo:
        d, i = heapq.heappop(todo)
        if d > best[i]:
            continue
        for j, w in edges[i]:
            if d + w < best[j]:
                best[j] = d + w
                heapq.heappush(todo, (best[j], j))
    return tuple(best)


@functools.lru_cache(maxsize=8192)
def way(table, a: tuple[float, float], b: tuple[float, float]) -> float:
    """The length of the way from a to b round the table's impassable ground (straight when none
    stands between them, or when there is no way round: then the straight line is all we know).
    Kept per question: a move's start is asked again for every point the move weighs."""
    a, b = (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))
    straight = math.dist(a, b)
    graph = _graph(table)
    if graph is None:
        return straight
    kept, corners, _ = graph
    if not kept.intersects(LineString([a, b])):
        return straight
    far = _to(table, (round(b[0], 1), round(b[1], 1)))
    seen = ~shapely.intersects(kept, shapely.linestrings([[a, c] for c in corners]))   # all at once
    best = min((math.dist(a, c) + far[i] for i, c in enumerate(corners) if seen[i] and far[i] < math.inf),
               default=math.inf)
    return best if best < math.inf else straight
