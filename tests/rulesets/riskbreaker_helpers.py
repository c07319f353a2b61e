"""Builders for the Riskbreaker rule tests: a row of locations, characters, scripted dice, and driving
the round to a chosen character's action. (No tests here; test_riskbreaker_*.py import these.)"""
from __future__ import annotations

from typing import Any, Sequence

import game.rulesets.riskbreaker  # noqa: F401  (registers the ruleset)
from game.engine import game as engine
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.rulesets.riskbreaker.actions import Declare, Hold

ID = "riskbreaker"
WIDTH = 20.0                      # each location is a 20 x 20 cm square, side by side


def row(*names: str, kinds: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Locations in a row, each adjacent to the next: a, b, c... (x from 0, 20, 40...)."""
    kinds = kinds or {}
    return [{"id": n, "kind": kinds.get(n, "open"), "name": n,
             "polygon": [[i * WIDTH, 0], [(i + 1) * WIDTH, 0], [(i + 1) * WIDTH, WIDTH], [i * WIDTH, WIDTH]]}
            for i, n in enumerate(names)]


def skill(name: str, stat: str, fight: str | None = None, magical: bool = False) -> dict[str, Any]:
    k: dict[str, Any] = {"name": name, "stat": stat}
    if fight:
        k["fight"] = fight
    if magical:
        k["magical"] = True
    return k


def fighter_with(weapon: str, stat: str, value: int, fight: str = "melee", extra: Sequence[dict] = (),
                 **stats: int) -> dict[str, Any]:
    """A sheet fighting with one skill at `value` (enough points to buy it)."""
    sheet = {"muscle": 4, "agility": 4, "wit": 4, "personality": 4, "points": 60, **stats}
    sheet[stat] = value
    sheet["skills"] = [skill(weapon, stat, fight)] + list(extra)
    sheet["fighting_with"] = weapon
    return sheet


def char(uid: str, side: int, at: int, stats: dict[str, Any], slot: int = 0, name: str | None = None) -> dict:
    """A character in the at-th location of the row."""
    x = at * WIDTH + 3 + 3 * (slot % 5)
    y = 4 + 4 * (slot // 5) + 8 * side
    return {"id": uid, "side": side, "name": name or uid.capitalize(), "x": x, "y": y,
            "base": {"shape": "round", "diameter": 1.0}, "stats": stats}


def scenario(units: Sequence[dict], pieces: Sequence[dict], *, victory: dict | None = None,
             ruleset_data: dict | None = None, turn_limit: int = 10,
             sides: Sequence[str] = ("Blue", "Red"), height: float = WIDTH) -> Scenario:
    width = max(max(p[0] for p in piece["polygon"]) for piece in pieces)
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "riskbreaker-test", "title": "test",
        "ruleset": ID, "table": {"width": width, "height": height, "edge_band": 1},
        "terrain": list(pieces), "sides": [{"name": n} for n in sides],
        "units": list(units), "victory": victory or {"kind": "eliminate"}, "turn_limit": turn_limit,
        "ruleset_data": {"first_side": 0, **(ruleset_data or {})}})


def game(units: Sequence[dict], pieces: Sequence[dict], dice: Sequence[int] | None = None, **kw: Any):
    return engine.new_game(scenario(units, pieces, **kw), seed=1,
                           dice=scripted(dice) if dice is not None else None)


def with_dice(state, faces: Sequence[int]):
    state.dice = scripted(list(faces))
    return state


def declare_all(state, choices: dict[str, tuple[str, str]] | None = None) -> None:
    """Answer the declarations: `choices` uid -> (fight, skill), else the first option."""
    choices = choices or {}
    while True:
        d = engine.to_act(state)
        if d is None or d.kind != "declare":
            return
        uid = d.the_actor
        if uid in choices:
            engine.apply(state, Declare(uid, *choices[uid]))
        else:
            engine.apply(state, engine.legal_actions(state)[0].action)


def until_turn_of(state, uid: str) -> None:
    """Everyone acting before `uid` takes no action."""
    declare_all(state)
    for _ in range(50):
        d = engine.to_act(state)
        assert d is not None, "the game ended"
        if d.kind == "act" and d.the_actor == uid:
            return
        assert d.kind == "act", f"unexpected decision {d.kind}"
        engine.apply(state, Hold(d.the_actor))
    raise AssertionError(f"{uid} never acted")


def set_advantage(state, loc: str, side: int, value: int) -> None:
    f = state.data["fights"][loc]
    f["adv"] = value if side == 0 else -value


def texts(state) -> list[str]:
    return [e.text for e in state.log]
