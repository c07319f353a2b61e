"""A Risk to Take, the campaign: goals ("Players are free to set any goals"), the turn limit, and the
fog of war (a side sees enemy armies only within its scouting range)."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risk_to_take_campaign import goals
from game.rulesets.risk_to_take_campaign.actions import Halt, March
from game.rulesets.risk_to_take_campaign.ruleset import RULESET, end_of_turn
from tests.rulesets.risk_to_take_campaign.campaign_helpers import at, game, scenario


def test_goal_taking_the_enemy_capital_wins_at_once():
    units = [{"id": "w1", "side": 0, "hex": [5, 2]}, {"id": "e1", "side": 1, "hex": [3, 4]}]
    s = game([6, 1, 3, 3], units=units)
    engine.apply(s, March("w1", *at(s, 6, 2)))          # into Eastgard, undefended
    engine.apply(s, Halt("e1"))
    assert s.outcome is not None and s.outcome.winner == 0 and "Eastgard" in s.outcome.reason


def test_goal_destroying_the_enemy_armies_wins():
    s = game([6, 1, 3, 3], goals=[{"kind": "destroy"}])
    s.units["e1"].out = True
    assert goals.result(s).winner == 0


def test_goal_towns_held_at_the_turn_limit():
    s = game([6, 1, 3, 3], goals=[{"kind": "towns", "towns": ["Midford"]}], turn_limit=1)
    s.data["holders"]["2,2"] = 0
    res = goals.at_limit(s)
    assert res.winner == 0 and "towns of the goal" in res.reason


def test_every_campaign_has_a_turn_limit():
    s = game([6, 1, 3, 3], goals=[{"kind": "capital"}], turn_limit=1)
    engine.apply(s, Halt("w1"))
    engine.apply(s, Pass(1))
    assert s.outcome is not None and "turn limit" in s.outcome.reason
    assert s.outcome.winner == 1          # East holds Eastgard and Northby, West only Westholm
    (over,) = [e for e in s.log if e.kind == "GameOver"]
    assert over.turn == 1 and s.turn == 1  # the campaign ends on its last turn, not "T2 of 1"


def test_an_army_standing_alone_on_a_town_takes_it_at_the_end_of_the_turn():
    s = game([6, 1, 3, 3])
    s.units["w1"].hex = (2, 2)
    end_of_turn(s)
    assert s.data["holders"]["2,2"] == 0


def test_the_validator_names_what_a_campaign_scenario_lacks():
    sc = scenario(goals=[{"kind": "glory"}])
    problems = RULESET.validate_scenario(sc)
    assert any("victory.goals[0].kind" in p for p in problems)
    bad = scenario(units=[{"id": "w1", "side": 0, "hex": [0, 2], "stats": {"units": ["hussars"]}},
                          {"id": "e1", "side": 1, "hex": [5, 2]}])
    assert any(p.startswith("units[0].stats.units") and "hussars" in p for p in RULESET.validate_scenario(bad))


# -- fog of war ----------------------------------------------------------------------------------
def test_fog_a_side_sees_enemy_armies_only_within_its_scouting_range():
    units = [{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [5, 5]},
             {"id": "e2", "side": 1, "hex": [2, 3]}]
    s = game([6, 1, 3, 3, 3], units=units)
    seen = engine.view(s, 0)
    assert "e2" in seen.units and "e1" not in seen.units and "w1" in seen.units
    close = game([6, 1, 3, 3, 3], units=[dict(u) for u in units], options={"scouting": 1})
    assert "e2" not in engine.view(close, 0).units
    assert RULESET.hides_information(s)


def test_fog_a_sides_march_roll_and_route_are_hidden_from_the_others():
    s = game([6, 1, 3, 3], units=[{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [6, 4]}])
    engine.apply(s, March("w1", *at(s, 1, 2)))
    east = engine.view(s, 1)
    assert not any(e.kind == "Marched" for e in east.log)
    assert not any(r.purpose == "march" and r.who == "West army" for r in east.rolls)
    assert any(e.kind == "Marched" for e in engine.view(s, 0).log)      # its own side sees it


# -- words a player reads --------------------------------------------------------------------------
def test_hexes_are_named_as_a_player_reads_the_map_never_by_axial_coordinates():
    """Issue 24 §2.8: a place by its name, else the frame's grid label with the nearest place."""
    from game.geometry.hexgrid import Hex
    from game.rulesets.risk_to_take_campaign import words
    s = game([6, 1, 3, 3])
    assert words.where(s, Hex(-1, 2)) == "Westholm"
    assert words.where(s, Hex(0, 2)) == "B3, 1 hex east of Westholm"
    assert words.where(s, Hex(2, 0)) == "C1, 1 hex west of Northby"
    assert words.where(s, Hex(-1, 4)) == "B5, 1 hex west of West camp"


def test_the_deployment_prompt_gives_the_scenarios_radius_and_the_log_names_the_hex():
    from game.rulesets.risk_to_take_campaign.actions import Deploy
    s = game([1, 6], deployed=False, deploy_radius=3)
    d = engine.to_act(s)
    assert d.kind == "place" and "within 3 hexes of the capital" in d.reason
    engine.apply(s, Deploy("e1", *at(s, 5, 2)))
    line = [e.text for e in s.log if e.kind == "Deployed"][-1]
    assert line.endswith("takes the field at G3, 1 hex west of Eastgard")
