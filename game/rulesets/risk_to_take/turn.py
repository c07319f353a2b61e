"""The turn of A Risk to Take (seed 003_24994b0dfd86b84f, "b) Movement": "players roll initiative:
highest wins and moves first"; "IV. Destruction of units": "At the end of each turn, players roll a
save again on their previously routed units. If a unit rolls a 1 again, it is destroyed").

Interpretation: a routed unit that survives its end-of-turn roll rallies (formed again, where it
stands, facing as before) on a 6, or on a 5-6 with a friendly commander in its vicinity; otherwise
it stays routed and rolls again at the end of the next turn.
"""
from __future__ import annotations

from typing import Any

from game.engine.state import GameState

from . import arcs, saves
from .troops import DATA, RANGES, ROUTED, is_commander, routed


def roll_initiative(state: GameState) -> None:
    """turn_begin: both sides roll a d6, ties are re-rolled; the highest moves first."""
    for key in ("moved", "charged", "commanders_used", "saves"):
        state.data[key] = []
    state.data["aims"] = {}
    names = [s.name for s in state.scenario.sides]
    lost = state.scenario.ruleset_data.get("initiative_lost_by")     # the campaign's starving army
    if state.turn == 1 and lost in range(state.sides):
        winner = (lost + 1) % state.sides
        state.flow.initiative = winner
        state.emit("Initiative", f"Initiative: {names[winner]} (moves first; starving, "
                                 f"{names[lost]} lost the initiative)", side=winner)
        return
    while True:
        rolls = [state.roll("d6", "initiative", names[s]).total for s in range(state.sides)]
        best = max(rolls)
        if rolls.count(best) == 1:
            break
        state.emit("Initiative", "Equal initiative rolls: both roll again")
    winner = rolls.index(best)
    state.flow.initiative = winner
    # worded to read right for any side's name, one army ("Kessel army 2") or a people ("French")
    state.emit("Initiative", f"Initiative: {names[winner]} (moves first)", side=winner)


def rally_figure(state: GameState, unit) -> int:
    near = any(is_commander(c) and not c.out and c.side == unit.side
               and arcs.point_gap(unit, c.pos) <= RANGES["commander_vicinity"]
               for c in state.units.values())
    return DATA["destruction"]["rally_on_with_commander" if near else "rally_on"]


def destruction_meaning(total: int, rally: int) -> tuple[str, bool]:
    """What a destruction roll means for the routed unit's side: only a rally is good news."""
    if total <= DATA["destruction"]["destroyed_on"]:
        return "destroyed", False
    return ("rallies", True) if total >= rally else ("stays routed", False)


def destruction(state: GameState, phase: Any = None) -> None:
    """Step: every routed unit rolls again: a 1 destroys it, a rally figure rallies it."""
    for unit in sorted(state.units.values(), key=lambda u: (u.side, u.id)):
        if unit.out or not routed(unit):
            continue
        rally = rally_figure(state, unit)
        roll = state.roll("d6>=2", "destruction roll", unit.name,
                          odds_text=f"destroyed on a 1 (1 in 6); rallies on {rally}+", side=unit.side,
                          meaning=lambda r, rally=rally: destruction_meaning(r.total, rally))
        if roll.total <= DATA["destruction"]["destroyed_on"]:
            saves.destroy(state, unit, "routed and rolled a 1")
        elif roll.total >= rally:
            unit.markers.discard(ROUTED)
            state.emit("Rallied", f"{unit.name} rallies (rolled {roll.total})", actor=unit.id)
        else:
            state.emit("StillRouted", f"{unit.name} stays routed (rolled {roll.total})", actor=unit.id)
