"""Cover, grenade blasts and movement reach: rules that look at terrain around figures (design 5).

Functions here take a Table (game.geometry.table) and are exposed as its methods.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon

from .measure import CIRCLE_QUAD_SEGS

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table
    from .terrain import Piece


def cover(table: "Table", target, attacker, behind_distance: float = 3.0) -> "Piece | None":
    """The piece giving the target cover from this attacker, or None (Risus Skirmish "Cover").

    "A combatant has cover if he is inside a terrain type that provides cover like a house or a wood" (the
    topmost cover piece containing the target), "or if he is behind an object that provides cover like a log or
    low wall": a linear obstacle or cover piece crossing the line attacker -> target within behind_distance cm
    of the target (nearest to the target wins; a piece that also contains the attacker is not between them).
    "Being in a field with high crop or in some bushes does not provide cover": such kinds have cover=False.
    """
    tx, ty = float(target[0]), float(target[1])
    for piece in reversed(table.pieces_at(tx, ty)):
        if piece.kind.cover:
            return piece
    ax, ay = float(attacker[0]), float(attacker[1])
    length = math.hypot(ax - tx, ay - ty)
    if length == 0 or behind_distance <= 0 or not table.near_shelter(tx, ty, behind_distance):
        return None
    t = min(behind_distance, length) / length
    near = LineString([(tx, ty), (tx + (ax - tx) * t, ty + (ay - ty) * t)])
    a_pt, t_pt = Point(ax, ay), Point(tx, ty)
    best = None
    for i in table.tree.query(near, predicate="intersects"):
        piece = table.pieces[i]
        if not (piece.kind.linear_obstacle or piece.kind.cover):
            continue
        if shapely.intersects(piece.polygon, a_pt):
            continue
        key = (float(shapely.distance(t_pt, piece.polygon)), -int(i))
        if best is None or key < best[0]:
            best = (key, piece)
    return best[1] if best else None


def room_at(table: "Table", x: float, y: float) -> Polygon | None:
    """The room of a building containing the point (topmost building first); a building without rooms is one
    room. None outside buildings."""
    pt = Point(x, y)
    for piece in reversed(table.pieces_at(x, y)):
        if not piece.kind.building:
            continue
        for room in piece.rooms:
            if room.covers(pt):
                return room
        return piece.polygon
    return None


def blast_area(table: "Table", centre, radius: float, shield_buildings: bool = True):
    """The blast area of a hand grenade (Risus Skirmish "Grenades").

    "A successful handgrenade attack will affect all characters inside the agreed blast radius (R1) if in the
    open. If inside a building the whole room counts as blast area." In the open the area is the disc of the
    radius; with shield_buildings (our reading of "if in the open") it excludes buildings, whose walls shield
    the figures inside.
    """
    room = room_at(table, centre[0], centre[1])
    if room is not None:
        return room
    disc = Point(centre[0], centre[1]).buffer(radius, quad_segs=CIRCLE_QUAD_SEGS) if radius > 0 else Polygon()
    if shield_buildings and table.buildings_union is not None:
        disc = disc.difference(table.buildings_union)
    return disc


def blast(table: "Table", centre, radius: float, points, shield_buildings: bool = True) -> np.ndarray:
    """Indices of the points hit by a blast at centre (see blast_area). In the open the test is the exact
    distance <= radius, not the drawn polygon."""
    pts = np.asarray(points, dtype=float).reshape(-1, 2)
    room = room_at(table, centre[0], centre[1])
    if room is not None:
        return np.nonzero(shapely.intersects_xy(room, pts[:, 0], pts[:, 1]))[0]
    hit = np.hypot(pts[:, 0] - centre[0], pts[:, 1] - centre[1]) <= radius
    if shield_buildings and table.buildings_union is not None and hit.any():
        hit &= ~shapely.intersects_xy(table.buildings_union, pts[:, 0], pts[:, 1])
    return np.nonzero(hit)[0]


def _part_at(geom, start: Point):
    """The connected part(s) of geom that contain start."""
    parts = [p for p in shapely.get_parts(geom) if not p.is_empty and p.distance(start) <= 1e-9]
    return shapely.union_all(parts) if parts else Polygon()


def movement_reach(table: "Table", start, budget_open: float, budget_rough: float):
    """Where a figure may move this action (Takipsilim "Movement": "up to 10 meters over open ground. Obstacles
    or impeding terrain reduce that to 6 meters").

    Approximation (straight-line distance, not path length): the union of
      - the part of the disc of budget_open, minus rough and impassable pieces, connected to the start, and
      - the part of the disc of budget_rough, minus impassable pieces, connected to the start,
    clipped to the table. It overestimates where the way around an obstacle is longer than the straight line,
    and a figure starting in rough terrain gets only budget_rough. Empty when the start is impassable.
    """
    sp = Point(float(start[0]), float(start[1]))
    quad = CIRCLE_QUAD_SEGS
    parts = []
    if budget_open > 0:
        free = sp.buffer(budget_open, quad_segs=quad).intersection(table.bounds)
        if table.rough_union is not None:
            free = free.difference(table.rough_union)
        if table.impassable_union is not None:
            free = free.difference(table.impassable_union)
        parts.append(_part_at(free, sp))
    if budget_rough > 0:
        slow = sp.buffer(budget_rough, quad_segs=quad).intersection(table.bounds)
        if table.impassable_union is not None:
            slow = slow.difference(table.impassable_union)
        parts.append(_part_at(slow, sp))
    if not parts:
        return Polygon()
    return shapely.union_all(parts)
