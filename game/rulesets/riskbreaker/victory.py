"""How a Riskbreaker battle ends: "until one group flees, surrenders, or receives full Kill Damage,
knocking them out of the battle". A side is beaten when every character is out (knocked out or fled
off the table) or when it surrenders. Scenarios add objectives and a round limit:

- {"kind": "eliminate"} (the default): the text's end; at the limit, the side with more characters
  standing wins (equal: a draw).
- {"kind": "escape", "side": s, "escapes": n}: side s wins once n of its characters have left the
  table by an exit location; it loses when it can no longer get n away, or at the limit. With
  "of": [unit ids], only those characters count (an escort: the merchant must get away).

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from game.engine.state import GameState, Result

KINDS = ("eliminate", "escape")


def runners(state: GameState, side: int) -> list[str]:
    """The characters whose escape counts: the scenario's "of" list, else every one of the side."""
    of = state.scenario.victory.get("of")
    return [u.id for u in state.units.values() if u.side == side and (not of or u.id in of)]


def _fled(state: GameState, side: int, counted: list[str] | None = None) -> int:
    return sum(1 for u in state.units.values() if u.side == side and "fled" in u.markers
               and (counted is None or u.id in counted))


def _standing(state: GameState, side: int, counted: list[str] | None = None) -> int:
    return sum(1 for u in state.units.values() if u.side == side and not u.out
               and (counted is None or u.id in counted))


def result(state: GameState) -> Result | None:
    names = [s.name for s in state.scenario.sides]
    gave_up = state.data.get("surrendered")
    if gave_up is not None:
        return Result(1 - gave_up, f"{names[gave_up]} surrendered")
    v = state.scenario.victory
    if v.get("kind") == "escape":
        side, need = int(v.get("side", 0)), int(v.get("escapes", 1))
        counted = runners(state, side)
        fled = _fled(state, side, counted)
        if fled >= need:
            return Result(side, f"{fled} of {names[side]} escaped off the table")
        if fled + _standing(state, side, counted) < need:
            return Result(1 - side, f"{names[side]} can no longer get {need} away ({fled} escaped)")
        if _standing(state, 1 - side) == 0:
            return Result(side, f"every one of {names[1 - side]} is out of the battle")
        return None
    standing = [_standing(state, s) for s in range(state.sides)]
    if all(n == 0 for n in standing):
        return Result(None, "every side is out of the battle")
    if state.sides > 2:                 # more than two sides: the last one standing wins
        alive = [s for s in range(state.sides) if standing[s]]
        return Result(alive[0], f"{names[alive[0]]} are the last side standing") if len(alive) == 1 else None
    for s in range(state.sides):
        if standing[s] == 0:
            how = "fled" if _fled(state, s) == sum(1 for u in state.units.values() if u.side == s) else \
                "knocked out or fled"
            return Result(1 - s, f"every one of {names[s]} is {how}")
    return None


def result_at_limit(state: GameState) -> Result:
    names = [s.name for s in state.scenario.sides]
    v = state.scenario.victory
    if v.get("kind") == "escape":
        side = int(v.get("side", 0))
        return Result(1 - side, f"the round limit: {names[side]} did not get away "
                                f"({_fled(state, side, runners(state, side))} escaped)")
    standing = [_standing(state, s) for s in range(state.sides)]
    most = max(standing)
    if standing.count(most) > 1:
        return Result(None, f"the round limit: {most} character{'s' if most != 1 else ''} standing on more "
                            f"than one side")
    best = standing.index(most)
    others = " and ".join(str(n) for s, n in enumerate(standing) if s != best)
    return Result(best, f"the round limit: more characters standing ({most} to {others})")
