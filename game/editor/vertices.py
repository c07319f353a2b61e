"""The corners of a drawn shape (issue 19 "move, rotate, scale ... snap to a grid", for single
corners): find the corner or edge of the selected piece, zone or objective nearest a point, and move,
insert or delete one corner as one step of undo. A building's walls and rooms that share the moved
corner move with it, so the outline, its walls and its rooms stay joined."""
from __future__ import annotations

import math
from typing import Any

from game.editor.commands import SetAt

Point = tuple[float, float]
SHARED = ("walls", "rooms")        # lines and rings of a piece whose points can be the outline's corners


def ring_of(item: dict[str, Any] | None) -> list[list[float]] | None:
    ring = (item or {}).get("polygon")
    return ring if isinstance(ring, list) and len(ring) >= 3 else None


def nearest_corner(item: dict[str, Any] | None, point: Point, tolerance: float) -> int | None:
    """The index of the outline's corner within `tolerance` of the point (the nearest), or None."""
    ring = ring_of(item)
    if ring is None:
        return None
    best = min(range(len(ring)), key=lambda i: math.dist(ring[i], point))
    return best if math.dist(ring[best], point) <= tolerance else None


def nearest_edge(item: dict[str, Any] | None, point: Point, tolerance: float) -> int | None:
    """The index i of the outline's edge (corner i to corner i+1) within `tolerance`, or None."""
    ring = ring_of(item)
    if ring is None:
        return None
    found = []
    for i in range(len(ring)):
        a, b = ring[i], ring[(i + 1) % len(ring)]
        found.append((_segment_distance(point, a, b), i))
    d, i = min(found)
    return i if d <= tolerance else None


def _segment_distance(p: Point, a, b) -> float:
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.dist(p, (ax + t * dx, ay + t * dy))


def _same(p, q) -> bool:
    return abs(p[0] - q[0]) + abs(p[1] - q[1]) < 1e-6


def _pt(p: Point) -> list[float]:
    return [round(float(p[0]), 3), round(float(p[1]), 3)]


def _without(line: list, old) -> list:
    """The line without the point; a closed line (a building's outer wall) stays closed."""
    kept = [p for p in line if not _same(p, old)]
    if len(line) > 2 and _same(line[0], line[-1]) and kept and not _same(kept[0], kept[-1]):
        kept.append(list(kept[0]))
    return kept


def move_corner(editor, index: int, to: Point) -> bool:
    """Corner `index` of the selection's outline to the point (snapped); shared wall and room points too."""
    sel, item = editor.selection, editor.item()
    ring = ring_of(item)
    if ring is None or not 0 <= index < len(ring):
        return False
    old, new = ring[index], _pt(editor.snap(to))
    if _same(old, new):
        return False
    parts = [SetAt(sel + ("polygon", index), new)]
    for key in SHARED:
        for j, line in enumerate(item.get(key) or ()):
            for k, p in enumerate(line):
                if _same(p, old):
                    parts.append(SetAt(sel + (key, j, k), list(new)))
    editor.apply("move a corner", *parts)
    return True


def insert_corner(editor, edge: int, at: Point) -> int | None:
    """A new corner on edge `edge` (after corner `edge`) at the point (snapped); its index."""
    sel, item = editor.selection, editor.item()
    ring = ring_of(item)
    if ring is None or not 0 <= edge < len(ring):
        return None
    new = _pt(editor.snap(at))
    if any(_same(p, new) for p in ring):
        editor.message = "a corner is already there"
        return None
    editor.apply("add a corner", SetAt(sel + ("polygon",), ring[:edge + 1] + [new] + ring[edge + 1:]))
    return edge + 1


def delete_corner(editor, index: int) -> bool:
    """Corner `index` taken out of the outline (three corners stay at least); shared points of the
    walls and rooms go too, where those keep enough points."""
    sel, item = editor.selection, editor.item()
    ring = ring_of(item)
    if ring is None or not 0 <= index < len(ring):
        return False
    if len(ring) <= 3:
        editor.message = "a shape keeps three corners at least"
        return False
    old = ring[index]
    parts = [SetAt(sel + ("polygon",), ring[:index] + ring[index + 1:])]
    for key, least in (("walls", 2), ("rooms", 3)):
        lines = item.get(key) or []
        kept = [_without(line, old) for line in lines]
        kept = [k if len(k) >= least else line for k, line in zip(kept, lines)]
        if kept != lines:
            parts.append(SetAt(sel + (key,), kept))
    editor.apply("delete a corner", *parts)
    return True
