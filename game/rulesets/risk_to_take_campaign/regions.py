"""Hexes as the legal region of an option: the UI and the AI pick a point, the rules take its hex.

Each hex's polygon is shrunk a little about its centre so that any point of the region lies inside
exactly one legal hex (a point on a shared edge could otherwise name the neighbour).
"""
from __future__ import annotations

import weakref
from typing import Callable, Iterable

import shapely
from shapely import affinity

from game.engine.dice import stable_random
from game.engine.state import GameState
from game.geometry.hexgrid import Hex

SHRINK = 0.92
_SHRUNK: "weakref.WeakKeyDictionary[object, dict[Hex, shapely.Polygon]]" = weakref.WeakKeyDictionary()
_STEPS: "weakref.WeakKeyDictionary[object, dict[bool, dict[Hex, list[tuple[Hex, float]]]]]" = weakref.WeakKeyDictionary()


def _shrunk(board, h: Hex):
    cache = _SHRUNK.setdefault(board, {})
    poly = cache.get(h)
    if poly is None:
        cx, cy = board.centre(h)
        poly = cache[h] = affinity.scale(board.polygon(h), SHRINK, SHRINK, origin=(cx, cy))
    return poly


def region(state: GameState, hexes: Iterable[Hex]):
    """The legal hexes as one geometry (the shrunk hexes never touch: no union needed)."""
    polys = [_shrunk(state.board, h) for h in hexes]
    return shapely.MultiPolygon(polys) if polys else shapely.Polygon()


def steps(board, terrain_costs: bool = True) -> dict[Hex, list[tuple[Hex, float]]]:
    """Each hex's neighbours with the cost of the step there (impassable ones left out), worked out
    once per board (a board never changes during a game). With terrain costs: the board's cost, but
    never below 1 (a road spares an army the rough ground and the ford, it does not stretch "5
    hexes" further); without: every step costs 1, the text's count of hexes."""
    tables = _STEPS.setdefault(board, {})
    table = tables.get(terrain_costs)
    if table is None:
        table = tables[terrain_costs] = {}
        for h in board.hexes:
            table[h] = [(n, max(1.0, c) if terrain_costs else 1.0) for n in board.neighbours(h)
                        if (c := board.move_cost(h, n)) is not None]
    return table


def terrain_costs(state: GameState) -> bool:
    """The `terrain_costs` rule option (off: every hex costs 1, as the text counts a march)."""
    return bool(state.options.get("terrain_costs", False))


def hex_at(state: GameState, x: float, y: float) -> Hex | None:
    return state.board.hex_at(float(x), float(y))


def point_of(state: GameState, h: Hex) -> tuple[float, float]:
    """The centre of a hex, rounded as an action carries it."""
    x, y = state.board.centre(h)
    return round(x, 3), round(y, 3)


def nudge(board, *keys) -> Callable[[Hex], float]:
    """A tiny cost per hex entered, drawn from the keys (the march, the turn, who goes), to choose
    among the cheapest paths: a whole path's nudges add up to less than a fifth of a hex, so the
    path stays one of the cheapest. Interpretation: never the map's order (the path finder's first
    direction, east, then north-east...: the armies marching one way ran into other armies and
    caught trains differently from those marching the other way); what the player can see (no secret
    seed), so the path drawn is the path marched."""
    eps = 1.0 / (1 + 5 * len(board.hexes))
    drawn: dict[Hex, float] = {}

    def cost(h: Hex) -> float:
        if h not in drawn:
            drawn[h] = eps * stable_random(0, "path", *keys, h.q, h.r)
        return drawn[h]
    return cost
