"""Hexes as the legal region of an option: the UI and the AI pick a point, the rules take its hex.

Each hex's polygon is shrunk a little about its centre so that any point of the region lies inside
exactly one legal hex (a point on a shared edge could otherwise name the neighbour).
"""
from __future__ import annotations

from typing import Iterable

import shapely
from shapely import affinity

from game.engine.state import GameState
from game.geometry.hexgrid import Hex

SHRINK = 0.92


def region(state: GameState, hexes: Iterable[Hex]):
    board = state.board
    polys = []
    for h in hexes:
        cx, cy = board.centre(h)
        polys.append(affinity.scale(board.polygon(h), SHRINK, SHRINK, origin=(cx, cy)))
    return shapely.union_all(polys) if polys else shapely.Polygon()


def hex_at(state: GameState, x: float, y: float) -> Hex | None:
    return state.board.hex_at(float(x), float(y))


def point_of(state: GameState, h: Hex) -> tuple[float, float]:
    """The centre of a hex, rounded as an action carries it."""
    x, y = state.board.centre(h)
    return round(x, 3), round(y, 3)
