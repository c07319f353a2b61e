"""How a Takipsilim battle ends. The seed sets no victory conditions ("Selective Use": the rules
resolve a fight), so scenarios carry them (assets/rules/takipsilim.md):

- {"kind": "eliminate"}: a side with every character out of combat has lost; at the turn limit, the
  side with more characters still in combat wins.
- {"kind": "ambush"}: the ambushed win by escaping ("escapes": how many, off "escape_edge"), by
  putting every ambusher out of combat, or by surviving "survive_rounds" rounds; the ambushers win
  when every ambushed character still on the table is out of combat. With "at_limit": "ambushers"
  the ambush must be broken, not sat out: there are no rounds to survive, and when the turn limit
  passes before enough have escaped, the ambushers hold the road and win.
- "operate": {"objective": id, "side": s, "times": n}: side s wins once it has operated the machinery
  n times (with either kind).

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from game.engine.state import GameState, Result

VICTORY_KINDS = ("eliminate", "ambush")
AT_LIMIT = ("ambushed", "ambushers")     # who wins an ambush when the turn limit passes
EDGES = ("left", "right", "top", "bottom")


def _in_combat(state: GameState) -> dict[int, int]:
    """The characters still in combat, per side (asked after every step: one pass over the units)."""
    standing = dict.fromkeys(range(state.sides), 0)
    for u in state.units.values():
        if not u.out and u.side in standing:
            standing[u.side] += 1
    return standing


def result(state: GameState) -> Result | None:
    v = state.scenario.victory
    sides = range(state.sides)
    standing = _in_combat(state)
    op = v.get("operate")
    if op:
        side = int(op.get("side", 0))
        times = int(op.get("times", 1))
        done = state.data["operated"].get(str(side), {}).get(op.get("objective"), 0)
        if done >= times:
            return Result(side, f"{state.scenario.sides[side].name} operated the "
                                f"{op.get('objective')} {done} times")
    if v.get("kind") == "ambush":
        return _ambush_result(state, standing)
    alive = [s for s in sides if standing[s] > 0]
    if len(alive) == 1:
        return Result(alive[0], "every enemy is out of combat")
    if not alive:
        return Result(None, "both sides are out of combat")
    return None


def _ambush_result(state: GameState, standing: dict[int, int]) -> Result | None:
    v = state.scenario.victory
    ambushers = state.data["ambushers"]
    prey = [s for s in range(state.sides) if s not in ambushers]
    escaped = _escaped(state)
    need = int(v.get("escapes", 0) or 0)
    if need and escaped >= need:
        return Result(prey[0], f"{escaped} characters escaped the ambush")
    if all(standing[s] == 0 for s in prey):
        return Result(ambushers[0], "every ambushed character still on the table is out of combat"
                      + (f" ({escaped} escaped, {need} needed)" if escaped else ""))
    if all(standing[s] == 0 for s in ambushers):
        return Result(prey[0], "every ambusher is out of combat")
    if _held_by_ambushers(state):
        return None                      # the road is held until the limit: result_at_limit
    rounds = int(v.get("survive_rounds", state.scenario.turn_limit))
    if state.turn > rounds:
        return Result(prey[0], f"survived {rounds} rounds of the ambush")
    return None


def result_at_limit(state: GameState) -> Result:
    v = state.scenario.victory
    if v.get("kind") == "ambush":
        if _held_by_ambushers(state):
            ambushers = state.data["ambushers"]
            return Result(ambushers[0], f"the turn limit: {_names(state, ambushers)} hold the road "
                                        f"({_escaped(state)} escaped, {int(v.get('escapes', 0) or 0)} needed)")
        prey = [s for s in range(state.sides) if s not in state.data["ambushers"]]
        return Result(prey[0], "the ambushed survived to the end")
    counts = _in_combat(state)
    best = max(counts.values())
    leaders = [s for s, c in counts.items() if c == best]
    if len(leaders) == 1:
        return Result(leaders[0], f"the turn limit: most characters still in combat ({best})")
    return Result(None, "the turn limit: as many characters in combat on each side")


def _held_by_ambushers(state: GameState) -> bool:
    return state.scenario.victory.get("at_limit", "ambushed") == "ambushers"


def _escaped(state: GameState) -> int:
    ambushers = state.data["ambushers"]
    return sum(1 for u in state.units.values() if u.side not in ambushers and "escaped" in u.markers)


def _names(state: GameState, sides: list[int]) -> str:
    return " and ".join(state.scenario.sides[s].name for s in sides)
