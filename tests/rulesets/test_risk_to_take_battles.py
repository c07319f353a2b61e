"""A Risk to Take: battles built from two armies' lists and campaign terrain (for the campaign's
nested games), and the bundled scenarios."""
from __future__ import annotations

import itertools
import json

import pytest

from game.ai.players import RandomPlayer
from game.engine import game as engine
from game.engine.flow import Flow, Phase
from game.engine.registry import register, unregister
from game.engine.ruleset import Ruleset
from game.engine.scenario import Scenario
from game.engine.state import Result
from game.io.scenario_file import scenario_from_doc
from game.rulesets import load_all
from game.rulesets.risk_to_take import battle_from_armies
from game.rulesets.risk_to_take.battle import TERRAIN_KINDS

load_all()

LISTS = {
    "line": {"name": "French", "units": ["line-infantry"] * 4 + ["artillery", "cavalry", "commander", "commander"]},
    "raid": {"name": "Austrians", "units": {"dragoons": 2, "light-infantry": 2, "commander": 1}},
    "horse": {"name": "Prussians", "units": [{"type": "cuirassiers", "name": "Garde du Corps"}, "cavalry"]},
    "big": {"name": "Russians", "units": ["line-infantry"] * 16 + ["artillery"] * 3 + ["commander"] * 3},
}


def play_out(scenario: Scenario, seed: int) -> Result:
    state = engine.new_game(scenario, seed)
    players = [RandomPlayer(seed, s) for s in range(2)]
    for _ in range(5000):
        d = engine.to_act(state)
        if d is None:
            break
        engine.apply(state, players[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))
    assert state.outcome is not None
    return state.outcome


@pytest.mark.parametrize("terrain", TERRAIN_KINDS)
def test_battle_from_armies_is_a_valid_scenario_on_every_terrain(terrain):
    sc = battle_from_armies([LISTS["line"], LISTS["raid"]], terrain)
    again = scenario_from_doc(json.loads(json.dumps(sc.raw)), "generated")   # game.io's checks
    assert again.ruleset == "risk-to-take" and len(again.units) == 13


@pytest.mark.parametrize("river", ["across", "flank"])
@pytest.mark.parametrize("terrain", TERRAIN_KINDS)
def test_a_river_is_a_fordable_stream_clear_of_both_lines_on_every_terrain(terrain, river):
    """Campaign rivers on the battle table (rules md: a stream "across" between the middle ground and
    the attacker's line, or down the defender's flank); deep water is impassable, a stream is not."""
    sc = battle_from_armies([LISTS["big"], LISTS["line"]], terrain, river=river)
    again = scenario_from_doc(json.loads(json.dumps(sc.raw)), "generated")
    stream = [p for p in again.raw["terrain"] if p["kind"] == "river"]
    assert len(stream) == 1
    from shapely.geometry import Point, Polygon
    poly = Polygon(stream[0]["polygon"])
    assert not any(poly.distance(Point(u["x"], u["y"])) < 3 for u in sc.raw["units"])
    assert play_out(sc, 3).winner in (0, 1, None)


def test_an_unknown_river_is_refused_with_the_known_ones():
    with pytest.raises(ValueError, match="across, flank"):
        battle_from_armies([LISTS["line"], LISTS["raid"]], "plain", river="sideways")


@pytest.mark.parametrize("a,b", list(itertools.combinations(LISTS, 2)))
def test_any_two_lists_give_a_playable_battle(a, b):
    sc = battle_from_armies([LISTS[a], LISTS[b]], "plain", turn_limit=4)
    result = play_out(sc, 2)
    assert set(result.data) >= {"losses", "survivors", "field"}


def test_battle_units_stay_on_the_table_and_face_each_other():
    sc = battle_from_armies([LISTS["big"], LISTS["line"]], "town")
    for u in sc.units:
        assert 0 < u.x < sc.width and 0 < u.y < sc.height
        assert u.facing == (270.0 if u.side == 0 else 90.0)


def test_battle_keeps_the_campaign_units_state():
    sc = battle_from_armies([{"units": [{"type": "line-infantry", "id": "ir4", "routs": 2}]},
                             {"units": ["cavalry"]}], "hills")
    state = engine.new_game(sc, 1)
    assert state.units["ir4"].stats["routs"] == 2


def test_battle_from_armies_rejects_an_unknown_type():
    with pytest.raises(ValueError):
        battle_from_armies([{"units": ["hussars-of-death"]}, {"units": ["cavalry"]}], "plain")


# -- a nested game, as the campaign will start it ------------------------------------------------
def _start_battle(state, phase):
    if state.data.get("result") is None:
        sc = battle_from_armies([LISTS["line"], LISTS["raid"]], "forest", turn_limit=3)
        engine.start_child(state, sc, "battle-over", seats=(1, 0))


def _battle_over(state, result):
    state.data["result"] = result.to_json()


class Campaign(Ruleset):
    id = "toy-rtt-campaign"
    flow = Flow((Phase("battle", order="auto", steps=(_start_battle,)),))
    resumes = {"battle-over": _battle_over}
    nests = ("risk-to-take",)

    def legal_actions(self, state, decision):
        return []

    def result(self, state):
        r = state.data.get("result")
        return None if r is None else Result(r["winner"], "the battle was fought", r.get("data", {}))


def test_the_campaign_starts_a_battle_as_a_nested_game_and_gets_its_losses():
    register(Campaign())
    try:
        sc = Scenario.from_dict({"format": "skirmish-table/scenario", "version": 1, "name": "camp",
                                 "title": "camp", "ruleset": "toy-rtt-campaign",
                                 "table": {"width": 10, "height": 10}, "sides": [{"name": "A"}, {"name": "B"}],
                                 "victory": {"kind": "toy"}, "turn_limit": 2})
        state = engine.new_game(sc, 4)
        assert state.child is not None and state.child.ruleset_id == "risk-to-take"
        players = [RandomPlayer(4, s) for s in range(2)]
        for _ in range(5000):
            d = engine.to_act(state)
            if d is None:
                break
            engine.apply(state, players[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))
        data = state.data["result"]["data"]
        assert set(data["losses"]) == {"0", "1"} and "field" in data and "survivors" in data
    finally:
        unregister("toy-rtt-campaign")


# -- the bundled scenarios --------------------------------------------------------------------
@pytest.mark.parametrize("name", ["risk-to-take-village-line", "risk-to-take-fortified-farm",
                                  "risk-to-take-river-crossing", "risk-to-take-cavalry-action"])
def test_bundled_scenario_validates_and_plays_to_a_decision(name):
    from game.io.scenario_file import bundled_scenarios
    found = {n: p for n, p, _ in bundled_scenarios()}
    assert name in found
