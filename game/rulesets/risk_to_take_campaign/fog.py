"""Fog of war (issue 17: "a side sees enemy armies only within a scouting range of its own armies
and towns"): the scouting range is a campaign option (3 hexes by default). Enemy armies and trains
out of sight are taken out of the side's view, with the contents of armies waiting to be placed."""
from __future__ import annotations

from game.engine.state import GameState
from game.geometry.hexgrid import Hex

from . import armies


def eyes(state: GameState, side: int) -> list[Hex]:
    """Where the side looks from: its armies on the map and the places it holds."""
    out = [armies.hex_of(u) for u in armies.armies(state, side)]
    out += [h for h, _p in armies.places(state) if armies.holder(state, h) == side]
    return out


def seen_by(state: GameState, side: int, h: Hex, looking: list[Hex] | None = None) -> bool:
    scouting = int(state.options.get("scouting", 3))
    looking = eyes(state, side) if looking is None else looking
    return any(state.board.distance(h, e) <= scouting for e in looking)


def hide(state: GameState, seen: GameState, side: int) -> None:
    """Remove from `seen` (a copy of the state for `side`) what the side cannot see."""
    looking = eyes(state, side)
    for uid, u in list(seen.units.items()):
        if u.side == side and armies.REBEL not in u.markers:
            continue
        if u.hex is None or u.out or not seen_by(state, side, armies.hex_of(u), looking):
            del seen.units[uid]
