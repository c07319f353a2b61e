"""A small campaign map for the tests: 8 x 6 pointy hexes, two capitals, two towns, a camp, a river
with a road bridge, a forest and hills; small armies so that battles are short."""
from __future__ import annotations

from typing import Any

from game.engine import game as engine
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import armies, regions

SMALL = ["line-infantry", "cavalry", "commander"]


def doc(units: list[dict[str, Any]] | None = None, deployed: bool = True, turn_limit: int = 8,
        goals: list[dict[str, Any]] | None = None, sides: int = 2, **ruleset_data: Any) -> dict[str, Any]:
    places = [{"q": -1, "r": 2, "kind": "capital", "name": "Westholm", "side": 0},
              {"q": 6, "r": 2, "kind": "capital", "name": "Eastgard", "side": 1},
              {"q": 2, "r": 2, "kind": "town", "name": "Midford", "side": None},
              {"q": 3, "r": 0, "kind": "town", "name": "Northby", "side": 1},
              {"q": 0, "r": 4, "kind": "camp", "name": "West camp", "side": 0}]
    side_docs = [{"name": "West"}, {"name": "East"}]
    if sides == 3:
        places.append({"q": 2, "r": 5, "kind": "capital", "name": "Southwick", "side": 2})
        side_docs.append({"name": "South"})
    if units is None:
        units = [{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                 {"id": "e1", "side": 1, "name": "East army", "hex": [5, 2]}]
    for u in units:
        u.setdefault("stats", {}).setdefault("units", list(SMALL))
    return {
        "format": "skirmish-table/scenario", "version": 1, "name": "campaign-test", "title": "Test campaign",
        "ruleset": "risk-to-take-campaign",
        "hexmap": {"layout": "pointy", "size": 5, "cols": 8, "rows": 6, "default": "plain",
                   "hexes": [{"q": 1, "r": 1, "terrain": "forest"}, {"q": 3, "r": 3, "terrain": "hills"},
                             {"q": 4, "r": 4, "terrain": "marsh"}],
                   "hexsides": [{"a": [2, 1], "b": [3, 1], "kind": "river"},
                                {"a": [2, 2], "b": [3, 2], "kind": "river"},
                                {"a": [1, 3], "b": [2, 3], "kind": "river"},
                                {"a": [2, 2], "b": [3, 2], "kind": "road"},
                                {"a": [1, 2], "b": [2, 2], "kind": "road"}],
                   "places": places},
        "sides": side_docs, "units": units,
        "victory": {"kind": "campaign", "goals": goals or [{"kind": "capital"}, {"kind": "destroy"}]},
        "turn_limit": turn_limit,
        "ruleset_data": {"deployed": deployed, "army": SMALL, **ruleset_data}}


def scenario(**kw: Any) -> Scenario:
    return Scenario.from_dict(doc(**kw))


def game(dice: list[int] | None = None, options: dict[str, Any] | None = None, **kw: Any):
    """A new campaign; `dice` scripts the stream from the first roll (the initiative)."""
    return engine.new_game(scenario(**kw), seed=1, options=options,
                           dice=scripted(dice) if dice is not None else None)


def at(state, q: int, r: int) -> tuple[float, float]:
    return regions.point_of(state, Hex(q, r))


def hex_of(state, uid: str) -> Hex:
    return armies.hex_of(state.units[uid])


def script(state, dice: list[int]) -> None:
    state.dice = scripted(dice)


def marches_of_side_0(state) -> list:
    """The normal AI's decisions for side 0 until another side is to act (its marches of the turn)."""
    from game.ai.players import make_player
    done = []
    while engine.to_act(state) is not None and engine.to_act(state).side == 0:
        d = engine.to_act(state)
        a = make_player("normal", 1, 0).choose(engine.view(state, 0), engine.legal_actions(state), d)
        done.append(a)
        engine.apply(state, a)
    return done
