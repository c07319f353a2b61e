"""A Risk to Take, the campaign (seed 003, "1. Campaign rules"): initiative, deployment, movement.
One test per clause; every die scripted."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.engine.actions import Pass
from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import armies, movement
from game.rulesets.risk_to_take_campaign.actions import Deploy, Halt, March
from tests.rulesets.risk_to_take_campaign.campaign_helpers import at, game, hex_of, script


def test_initiative_players_throw_dice_and_act_in_rank_order():
    """"Players decide initiative by throwing dice": the highest roll acts first."""
    s = game([2, 5, 3, 3])               # West 2, East 5; then the marches' dice
    assert s.data["ranks"] == [1, 0] and s.flow.initiative == 1
    d = engine.to_act(s)
    assert (d.side, d.kind) == (1, "march")


def test_initiative_equal_rolls_re_roll_only_among_the_tied():
    """"If two player's roll is equal, they re-roll": three sides, two tie and roll again."""
    s = game([4, 4, 2, 1, 6, 3, 3, 3, 3], sides=3,
             units=[{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [5, 2]},
                    {"id": "s1", "side": 2, "hex": [2, 4]}])
    # West 4, East 4, South 2: West and East re-roll (1 and 6): East, West, South
    assert s.data["ranks"] == [1, 0, 2]
    assert any("roll again" in e.text for e in s.log)


def test_deployment_the_initiative_winner_places_first_within_ten_hexes_of_its_capital():
    """"Player with initiative places his armies in the 10 hex vicinity of his capital ... Followed
    by the remaining players in rank order"."""
    s = game([1, 6], deployed=False, deploy_radius=3)
    d = engine.to_act(s)
    assert (d.side, d.kind, d.actor) == (1, "place", ("e1",))
    far = at(s, 1, 2)                      # 5 hexes from Eastgard (6, 2), beyond the radius of 3
    assert "not within reach" in engine.check(s, Deploy("e1", *far))
    engine.apply(s, Deploy("e1", *at(s, 4, 2)))
    d = engine.to_act(s)
    assert (d.side, d.actor) == (0, ("w1",))
    script(s, [3, 3])                      # the marches' dice once both are placed
    engine.apply(s, Deploy("w1", *at(s, 0, 2)))
    assert hex_of(s, "e1") == Hex(4, 2) and hex_of(s, "w1") == Hex(0, 2)
    assert engine.to_act(s).kind == "march"


def test_deployment_three_armies_per_side_by_default():
    """"3 armies per side is the basic rule but this, obviously, can be changed"."""
    s = game([6, 1], units=[], deployed=False)
    assert [len(armies.armies(s, side, placed=False)) for side in (0, 1)] == [3, 3]
    two = game([6, 1], units=[], deployed=False, armies_per_side=2)
    assert [len(armies.armies(two, side, placed=False)) for side in (0, 1)] == [2, 2]


def test_no_army_is_placed_on_a_place_another_side_holds():
    s = game([1, 6], deployed=False)
    assert "not within reach" in engine.check(s, Deploy("e1", *at(s, -1, 2)))   # Westholm


def test_army_contents_are_set_by_the_scenario():
    """"One army's construction and the number of units included is conventional"."""
    s = game([6, 1, 3, 3], units=[{"id": "w1", "side": 0, "hex": [0, 2],
                                   "stats": {"units": ["artillery", "dragoons", "commander"]}},
                                  {"id": "e1", "side": 1, "hex": [5, 2]}])
    assert [u["type"] for u in s.units["w1"].stats["units"]] == ["artillery", "dragoons", "commander"]
    assert s.units["w1"].stats["strength"] == 2


@pytest.mark.parametrize("face, allowance", [(1, 4), (2, 4), (3, 5), (4, 5), (5, 6), (6, 6)])
def test_movement_is_five_hexes_a_d6_of_1_2_gives_four_and_5_6_gives_six(face, allowance):
    """"Movement is 5 hexes per army + roll 1d6: 1-2 ... 4 hexes only, 5-6 ... 6 hexes"."""
    s = game([6, 1, 3, face])             # e1 rolls 3, w1 rolls `face`
    assert armies.status(s.units["w1"])["allowance"] == allowance
    reached = movement.reach(s, s.units["w1"])
    assert max(c for c, _ in reached.values()) <= allowance


def test_the_legal_hexes_come_with_the_path_the_cheapest_by_a_star():
    """With terrain costs, the path over the bridge costs 1 a hex; fording the river 2 more; a road
    never makes a hex cost less than 1 ("5 hexes" stays 5)."""
    s = game([6, 1, 3, 3], units=[{"id": "w1", "side": 0, "hex": [1, 2]}, {"id": "e1", "side": 1, "hex": [6, 4]}],
             options={"terrain_costs": True})
    w1 = s.units["w1"]
    path = movement.path_to(s, w1, Hex(3, 2))
    assert path == [Hex(1, 2), Hex(2, 2), Hex(3, 2)]           # the road and its bridge: 1 + 1
    assert movement.reach(s, w1)[Hex(3, 2)][0] == 2.0
    assert s.board.move_cost(Hex(2, 1), Hex(3, 1)) == 3.0       # fording the river costs 2 more
    assert movement.path_to(s, w1, Hex(3, 1)) == [Hex(1, 2), Hex(2, 2), Hex(3, 1)]   # over the bridge
    assert movement.reach(s, w1)[Hex(3, 1)][0] == 2.0
    engine.apply(s, March("w1", *at(s, 3, 2)))
    marched = [e for e in s.log if e.kind == "Marched"][-1]
    assert marched.data["path"] == [[1, 2], [2, 2], [3, 2]]


@pytest.mark.parametrize("costs, hills, marsh", [(False, 4.0, 6.0), (True, 5.0, None)])
def test_movement_is_5_hexes_counted_as_the_text_counts_unless_terrain_costs_are_on(costs, hills, marsh):
    """"Movement is 5 hexes per army + roll 1d6 ... 5-6 means the unit can move 6 hexes": by default
    every hex costs 1 (the hills 4 hexes away cost 4, the marsh 6 hexes away is reached on a 6); with
    the `terrain_costs` option forest and hills cost 2 and marsh 3 (the marsh is out of reach)."""
    s = game([6, 1, 3, 6], units=[{"id": "w1", "side": 0, "hex": [1, 1]}, {"id": "e1", "side": 1, "hex": [6, 5]}],
             options={"terrain_costs": costs})
    w1 = s.units["w1"]                   # in the forest (1, 1), marching 6
    assert armies.status(w1)["allowance"] == 6
    reached = movement.reach(s, w1)
    assert reached[Hex(3, 3)][0] == hills
    assert reached.get(Hex(4, 4), (None,))[0] == marsh
    assert all(c <= 6 for c, _ in reached.values())


def test_a_hex_beyond_the_allowance_is_refused_with_a_reason():
    s = game([6, 1, 3, 1])                # w1 marches 4
    assert "beyond" in engine.check(s, March("w1", *at(s, 4, 5)))   # 7 hexes away


def test_entering_a_hex_held_by_an_enemy_army_ends_the_move():
    """"Entering a hex held by an enemy army ends the move and starts a battle after all moves"."""
    s = game([6, 1, 3, 6], units=[{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [1, 2]}])
    w1 = s.units["w1"]
    reached = movement.reach(s, w1)
    assert Hex(1, 2) in reached
    assert all(prev != Hex(1, 2) for _c, prev in reached.values())   # nothing is reached through it
    engine.apply(s, March("w1", *at(s, 1, 2)))
    # the army whose hex was entered stands to fight: it cannot march away, so the East, with
    # nothing left to march, are not asked: the battle is fought now that every side has moved
    assert not movement.can_march(s, s.units["e1"])
    assert s.child is not None
    assert s.data["pending"] == [{"hex": [1, 2], "attacker": "w1", "defender": "e1"}]


def test_the_battle_waits_until_every_side_has_moved():
    units = [{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [1, 2]},
             {"id": "e2", "side": 1, "hex": [5, 4]}]
    s = game([6, 1, 3, 3, 6], units=units)
    engine.apply(s, March("w1", *at(s, 1, 2)))
    assert s.child is None and engine.to_act(s).side == 1      # e2 still marches
    engine.apply(s, Halt("e2"))
    assert s.child is not None


def test_an_army_may_not_stop_on_its_own_army():
    s = game([6, 1, 3, 3, 3], units=[{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "w2", "side": 0, "hex": [1, 2]},
                                  {"id": "e1", "side": 1, "hex": [6, 4]}])
    assert Hex(1, 2) not in movement.destinations(s, s.units["w1"])
    assert Hex(2, 2) in movement.destinations(s, s.units["w1"])      # but passes through it


def test_each_side_moves_all_its_armies_then_the_next_side_in_rank_order():
    s = game([6, 1, 3, 3])
    engine.apply(s, Halt("w1"))
    d = engine.to_act(s)
    assert d.side == 1 and d.kind == "march"
    script(s, [6, 1, 1, 1])               # turn 2: initiative, then one reinforcement each (d4 1)
    engine.apply(s, Pass(1))
    assert s.turn == 2 and engine.to_act(s).kind == "place"


def test_in_the_fog_an_unseen_army_bars_nothing_and_the_march_runs_into_it():
    """The legal hexes are what the side can know; marching through an unseen enemy army's hex,
    the army runs into it and stops there: a battle after all moves."""
    units = [{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [4, 2]},
             {"id": "e2", "side": 1, "hex": [6, 4]}]
    s = game([6, 1, 3, 3, 6], units=units, options={"scouting": 1})
    w1 = s.units["w1"]
    assert "e1" not in engine.view(s, 0).units
    assert Hex(5, 2) in movement.destinations(s, w1)            # beyond e1, which West cannot see
    engine.apply(s, March("w1", *at(s, 5, 2)))
    assert hex_of(s, "w1") == Hex(4, 2)
    assert s.data["pending"] == [{"hex": [4, 2], "attacker": "w1", "defender": "e1"}]
    assert any(e.kind == "RanInto" for e in s.log)
