"""Goals (seed 003_24994b0dfd86b84f, "1. Campaign rules": "Players are free to set any goals").

A scenario declares its goals in victory {"kind": "campaign", "goals": [...]}, any of:
- {"kind": "capital"}: the first side to hold an enemy capital (its army standing there after the
  battles, or winning the battle on it) wins at once;
- {"kind": "destroy"}: a side with no army left (placed or waiting to be placed; rebels do not count)
  is out of the war; the last side in it wins;
- {"kind": "towns", "towns": [names]}: at the turn limit, the side holding most of these towns wins.
At the turn limit without a "towns" goal, the side holding most capitals and towns wins; equal: a draw.
"""
from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Result

from . import armies


def goals(state: GameState) -> list[dict[str, Any]]:
    return list(state.scenario.victory.get("goals") or [{"kind": "capital"}, {"kind": "destroy"}])


def _has(state: GameState, kind: str) -> dict[str, Any] | None:
    return next((g for g in goals(state) if g.get("kind") == kind), None)


def in_the_war(state: GameState) -> list[int]:
    return [s for s in range(state.sides) if armies.armies(state, s, placed=False)]


def held_count(state: GameState, names: list[str] | None = None) -> list[int]:
    counts = [0] * state.sides
    for h, place in armies.places(state):
        if place.kind == "camp" or (names is not None and place.name not in names):
            continue
        side = armies.holder(state, h)
        if side is not None:
            counts[side] += 1
    return counts


def _data(state: GameState) -> dict[str, Any]:
    return {"held": held_count(state), "armies": [len(armies.armies(state, s, placed=False))
                                                  for s in range(state.sides)]}


def _rank(state: GameState, side: int) -> int:
    """Capitals taken at once (the end of a turn): the side first in the turn's order of initiative
    took its capital first (Interpretation: not the map's order of the capitals)."""
    ranks = state.data.get("ranks") or []
    return ranks.index(side) if side in ranks else len(ranks) + side


def result(state: GameState) -> Result | None:
    names = [s.name for s in state.scenario.sides]
    if _has(state, "capital"):
        taken = [(side, place) for h, place in armies.places(state, "capital")
                 if (side := armies.holder(state, h)) is not None and place.side is not None and side != place.side]
        if taken:
            side, place = min(taken, key=lambda t: _rank(state, t[0]))
            return Result(side, f"the {names[side]} hold {place.name}, the capital of the "
                                f"{names[place.side]}", _data(state))
    if _has(state, "destroy"):
        left = in_the_war(state)
        if len(left) == 1:
            return Result(left[0], f"the {names[left[0]]} alone have armies left", _data(state))
        if not left:
            return Result(None, "no army is left in the war", _data(state))
    return None


def at_limit(state: GameState) -> Result:
    names = [s.name for s in state.scenario.sides]
    towns = _has(state, "towns")
    counts = held_count(state, list(towns.get("towns", [])) if towns else None)
    best = max(counts)
    if counts.count(best) == 1:
        side = counts.index(best)
        what = "the towns of the goal" if towns else "places"
        return Result(side, f"the turn limit: the {names[side]} hold the most {what} ({best})", _data(state))
    return Result(None, "the turn limit: no side holds more than the others", _data(state))
