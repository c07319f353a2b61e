"""How a Risus Skirmish battle ends. The seed sets no victory conditions, so scenarios carry them:

- {"kind": "eliminate"}: a side whose characters are all out (or, with "pinned_counts": true, the
  default, all pinned or out: nobody left fighting) has lost. At the limit the side with more
  characters still fighting wins; then more still in the battle; else a draw.
- {"kind": "hold", "objective": id, "side": s}: side s holds the objective. The enemy wins at once
  when it has a character able to fight inside it and side s has nobody there (captured); at the
  limit side s wins unless the objective is captured. The rule above about a side with nobody left
  fighting applies too.

Every game ends: the turn limit (initiative changes) and ruleset_data.action_limit (actions).
"""
from __future__ import annotations

import math
from typing import Any

import shapely

from game.engine.ruleset import other_side
from game.engine.state import GameState, Result, Unit

from . import forces

DEFAULT_ACTION_LIMIT = 600


def action_limit(state: GameState) -> int:
    return int(state.scenario.ruleset_data.get("action_limit", DEFAULT_ACTION_LIMIT))


def _names(state: GameState, sides: list[int]) -> str:
    return " and ".join(state.scenario.sides[s].name for s in sides)


def _fighting(state: GameState, side: int) -> list[Unit]:
    return [u for u in state.units.values() if u.side == side and forces.is_real(u)]


def objective(state: GameState, oid: Any) -> dict[str, Any] | None:
    return next((o for o in state.scenario.objectives if o.get("id") == oid), None)


def in_objective(obj: dict[str, Any], u: Unit) -> bool:
    if obj.get("polygon"):
        return bool(shapely.Polygon(obj["polygon"]).covers(shapely.Point(u.x, u.y)))
    return math.dist((float(obj["x"]), float(obj["y"])), u.pos) <= float(obj["radius"])


def captured(state: GameState) -> bool:
    v = state.scenario.victory
    obj = objective(state, v.get("objective"))
    if obj is None:
        return False
    holder = int(v.get("side", 1))
    attackers = [u for u in state.units.values()
                 if u.side != holder and forces.able(u) and in_objective(obj, u)]
    defenders = [u for u in _fighting(state, holder) if in_objective(obj, u)]
    return bool(attackers) and not defenders


def result(state: GameState) -> Result | None:
    limit = action_limit(state)
    if state.action_count >= limit:
        r = at_limit(state)
        return Result(r.winner, f"the action limit ({limit}) was reached; {r.reason}")
    v = state.scenario.victory
    pinned_counts = bool(v.get("pinned_counts", True))
    sides = list(range(state.sides))
    down = []
    for s in sides:
        fighting = _fighting(state, s)
        if not fighting or (pinned_counts and not any(forces.able(u) for u in fighting)):
            down.append(s)
    if down:
        standing = [s for s in sides if s not in down]
        how = "pinned or out" if pinned_counts else "out"
        if len(standing) == 1:
            return Result(standing[0], f"the {_names(state, down)} are all {how}")
        if not standing:
            return Result(None, f"both sides are all {how}")
    if v.get("kind") == "hold" and captured(state):
        holder = int(v.get("side", 1))
        obj = objective(state, v.get("objective")) or {}
        return Result(other_side(state, holder), f"{_the(obj)} is captured")
    return None


def _the(obj: dict[str, Any]) -> str:
    """The objective's name with its article: "the farmhouse"; a name that has one keeps it."""
    name = str(obj.get("name") or obj.get("id"))
    return name if name.lower().startswith("the ") else f"the {name}"


def at_limit(state: GameState) -> Result:
    v = state.scenario.victory
    if v.get("kind") == "hold":
        holder = int(v.get("side", 1))
        obj = objective(state, v.get("objective")) or {}
        if captured(state):
            return Result(other_side(state, holder), f"{_the(obj)} is captured")
        return Result(holder, f"the {state.scenario.sides[holder].name} still hold {_the(obj)}")
    able = [sum(forces.able(u) for u in _fighting(state, s)) for s in range(state.sides)]
    alive = [len(_fighting(state, s)) for s in range(state.sides)]
    for counts, what in ((able, "more characters still fighting"), (alive, "more characters left in the battle")):
        best = max(counts)
        if counts.count(best) == 1:
            return Result(counts.index(best), f"the {state.scenario.sides[counts.index(best)].name} have {what}")
    return Result(None, "both sides have as many characters left fighting")
