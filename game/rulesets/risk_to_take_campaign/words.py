"""Hexes named as a player reads the map (issue 24 §2.8): the place on it ("Pont-Sauve"), else the
grid label drawn on the map's frame with the nearest place when one is close ("E7, 2 hexes east of
Pont-Sauve"), else the label alone ("E7"). Never the internal axial coordinates."""
from __future__ import annotations

import math

from game.engine.state import GameState
from game.geometry.hexgrid import Hex

NEARBY = 3                  # a place this close (hexes) names the hex's surroundings
COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")


def hexes(n: int) -> str:
    """A count of hexes in words: "1 hex", "4 hexes"."""
    return f"{n} hex" if n == 1 else f"{n} hexes"


def direction(state: GameState, frm: Hex, to: Hex) -> str:
    """The compass direction from one hex to another as the map is drawn (north up, y grows down)."""
    (x0, y0), (x1, y1) = state.board.centre(frm), state.board.centre(to)
    angle = math.degrees(math.atan2(y0 - y1, x1 - x0)) % 360
    return COMPASS[int((angle + 22.5) // 45) % 8]


def where(state: GameState, h: Hex) -> str:
    board = state.board
    place = board.places.get(h)
    if place is not None and place.name:
        return place.name
    label = board.label(h)
    near = sorted((board.distance(h, p), p.r, p.q) for p, pl in board.places.items() if pl.name)
    if not near or near[0][0] > NEARBY:
        return label
    d, r, q = near[0]
    at = Hex(q, r)
    return f"{label}, {hexes(d)} {direction(state, at, h)} of {board.places[at].name}"
