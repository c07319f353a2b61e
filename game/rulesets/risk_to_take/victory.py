"""Victory (the scenario's condition; the text leaves it to the players, seed
003_24994b0dfd86b84f "1. Campaign rules": "Players are free to set any goals").

A scenario's victory {"kind": "break", "share": S, "objective": id?}: at the end of a turn a side
whose destroyed, fled and routed units reach S of its fighting units is broken and loses (both
broken: the one with the larger share lost loses; equal: a draw). A side with no unit left loses
at once. At the turn limit the side alone holding the objective (a formed unit within its radius)
wins; without one, the side that lost the smaller share; else a draw.
The Result's data: losses, survivors and who holds the field (in words), for the campaign.
"""
from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Result

from . import arcs
from .troops import fighting, is_commander, routed, type_id


def share_lost(state: GameState, side: int) -> float:
    units = [u for u in state.units.values() if u.side == side and not is_commander(u)]
    if not units:
        return 0.0
    lost = sum(1 for u in units if u.out or routed(u))
    return lost / len(units)


def data(state: GameState, field: int | None) -> dict[str, Any]:
    losses, survivors = {}, {}
    for side in range(state.sides):
        units = [u for u in state.units.values() if u.side == side]
        losses[str(side)] = sorted(u.id for u in units if u.out)
        survivors[str(side)] = [{"id": u.id, "type": type_id(u), "routed": routed(u),
                                 "routs": int(u.stats.get("routs", 0))}
                                for u in sorted(units, key=lambda u: u.id) if not u.out]
    held = "held by nobody" if field is None else f"held by the {state.scenario.sides[field].name}"
    return {"losses": losses, "survivors": survivors, "field": held,      # in words, for a summary
            "share_lost": {str(s): round(share_lost(state, s), 3) for s in range(state.sides)}}


def _other(state: GameState, side: int) -> int:
    return (side + 1) % state.sides


def check_break(state: GameState, phase: Any = None) -> None:
    """Step, at the end of the turn: is a side broken? At the end of the last turn the turn limit
    decides (the log says so in that turn: "T12 [end of turn] The game ends")."""
    share = float(state.scenario.victory.get("share", 0.5))
    lost = [share_lost(state, s) for s in range(state.sides)]
    broken = [s for s in range(state.sides) if lost[s] >= share]
    if not broken:
        if state.turn >= state.scenario.turn_limit:       # the last turn ends the game, in its own turn
            last = at_limit(state)
            state.data["decided"] = {"winner": last.winner, "reason": last.reason}
        return
    if len(broken) > 1 and lost[0] == lost[1]:
        state.data["decided"] = {"winner": None, "reason": "both armies are broken"}
        return
    loser = max(broken, key=lambda s: lost[s])
    name = state.scenario.sides[loser].name
    state.data["decided"] = {"winner": _other(state, loser),
                             "reason": f"the {name} are broken ({lost[loser]:.0%} of their units lost or routed)"}


def result(state: GameState) -> Result | None:
    for side in range(state.sides):
        if not any(not u.out and not is_commander(u) for u in state.units.values() if u.side == side):
            winner = _other(state, side)
            return Result(winner, f"the {state.scenario.sides[side].name} have no unit left",
                          data(state, winner))
    decided = state.data.get("decided")
    if decided:
        return Result(decided["winner"], decided["reason"], data(state, decided["winner"]))
    return None


def holder(state: GameState) -> int | None:
    """The side alone holding the scenario's objective with a formed unit."""
    wanted = state.scenario.victory.get("objective")
    for obj in state.scenario.objectives:
        if obj.get("id") != wanted or obj.get("x") is None:
            continue
        radius = float(obj.get("radius", 6.0))
        there = {u.side for u in state.units.values()
                 if fighting(u) and arcs.point_gap(u, (obj["x"], obj["y"])) <= radius}
        if len(there) == 1:
            return there.pop()
    return None


def at_limit(state: GameState) -> Result:
    held = holder(state)
    if held is not None:
        return Result(held, f"the turn limit: the {state.scenario.sides[held].name} hold the objective",
                      data(state, held))
    lost = [share_lost(state, s) for s in range(state.sides)]
    if lost[0] != lost[1]:
        winner = 0 if lost[0] < lost[1] else 1
        return Result(winner, f"the turn limit: the {state.scenario.sides[winner].name} lost less",
                      data(state, winner))
    return Result(None, "the turn limit: neither side gained the upper hand", data(state, None))
