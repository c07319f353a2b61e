"""A Risk to Take, the campaign (seed 003, "1. Campaign rules", TURN 2): reinforcements, supply,
trains, looting, hostile towns, refusing to loot and rebellion. Every die scripted."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import armies, movement, supply, turn
from game.rulesets.risk_to_take_campaign.actions import Deploy, Halt, Loot
from game.rulesets.risk_to_take_campaign.ruleset import RULESET, marchers
from tests.rulesets.risk_to_take_campaign.campaign_helpers import at, game, hex_of, script


def phase(name):
    return next(p for p in RULESET.flow.phases if p.name == name)


def far_apart(**kw):
    """West's army far from its capital (9 hexes), East's near its own."""
    units = [{"id": "w1", "side": 0, "name": "West army", "hex": [5, 5]},
             {"id": "e1", "side": 1, "name": "East army", "hex": [4, 0]}]
    return game([6, 1, 3, 3], units=units, **kw)


# -- reinforcements -------------------------------------------------------------------------------
def test_reinforcements_and_supply_come_every_second_turn():
    """"In each SECOND turn after turn 1 on the map (e. g. turn 2, 4, 6, etc.)"."""
    for name in ("reinforcements", "supply"):
        assert [t for t in range(1, 8) if phase(name).happens_on(t)] == [2, 4, 6]


@pytest.mark.parametrize("face, count", [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_reinforcements_on_a_d4_1_2_one_army_3_4_two(face, count):
    """"Rolling 1d4: 1-2 = 1 army; 3-4 = 2 armies"."""
    s = far_apart()
    script(s, [face, 1])
    turn.roll_reinforcements(s, None)
    assert len([u for u in armies.armies(s, 0, placed=False) if armies.TO_PLACE in u.markers]) == count


@pytest.mark.parametrize("face, count", [(1, 1), (2, 2), (3, 1), (4, 2), (5, 1), (6, 2)])
def test_reinforcements_on_the_d6_variant_odd_one_army_even_two(face, count):
    """"Rolling 1d6: odds (1,3,5)=1 army; evens (2,4,6)=2 armies" (a campaign option)."""
    s = far_apart(options={"reinforcement_die": "d6"})
    script(s, [face, 1])
    turn.roll_reinforcements(s, None)
    assert len([u for u in armies.armies(s, 0, placed=False) if armies.TO_PLACE in u.markers]) == count


def test_reinforcements_are_placed_near_the_capital_or_the_base_camp():
    """"placed nearby the capital / base camp": within 2 hexes of either."""
    s = far_apart()
    script(s, [1, 1])
    turn.roll_reinforcements(s, None)
    new = next(u for u in armies.armies(s, 0, placed=False) if armies.TO_PLACE in u.markers)
    hexes = turn.placement_hexes(s, new)
    assert Hex(-1, 2) in hexes and Hex(0, 4) in hexes            # the capital, the camp
    assert all(min(s.board.distance(h, Hex(-1, 2)), s.board.distance(h, Hex(0, 4))) <= turn.NEAR
               for h in hexes)
    assert Hex(3, 2) not in hexes


def test_turn_two_asks_to_place_the_reinforcements_in_rank_order():
    s = far_apart()
    engine.apply(s, Halt("w1"))
    script(s, [1, 6, 1, 1])              # turn 2: East first; one army each
    engine.apply(s, Halt("e1"))
    d = engine.to_act(s)
    assert (d.kind, d.side) == ("place", 1)
    new = d.actor[0]
    engine.apply(s, Deploy(new, *at(s, 6, 3)))
    assert hex_of(s, new) == Hex(6, 3)


# -- supply ---------------------------------------------------------------------------------------
def test_supply_5_6_provisions_for_the_next_two_turns():
    s = far_apart()
    script(s, [5, 6])
    supply.roll_supply(s)
    assert not armies.trains(s) and s.data["starving"] == []
    assert sum(e.kind == "Supplied" for e in s.log) == 2


def test_supply_3_4_a_train_leaves_the_capital_and_moves_seven_hexes_a_turn():
    """"3-4 ... the train moves 7 hexes and is consumed when reaches the army"."""
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    (train,) = armies.trains(s)
    assert hex_of(s, train.id) == Hex(-1, 2) and train.stats["for"] == "w1"
    supply.advance_trains(s)
    assert s.board.distance(hex_of(s, train.id), Hex(-1, 2)) == 7
    supply.advance_trains(s)
    assert train.out and armies.status(s.units["w1"])["fed"]


def test_supply_by_chance_the_train_leaves_the_nearest_town():
    """"to the capital or by chance the nearest town": a d6, 5-6, from the side's nearest town."""
    s = far_apart()
    script(s, [5, 4, 6])                 # West supplied; East 4, then the chance 6: from Northby
    supply.roll_supply(s)
    (train,) = armies.trains(s)
    assert hex_of(s, train.id) == Hex(3, 0)
    s2 = far_apart()
    script(s2, [5, 4, 2])
    supply.roll_supply(s2)
    assert hex_of(s2, armies.trains(s2)[0].id) == Hex(6, 2)      # Eastgard


def test_a_train_that_arrived_spares_the_next_roll():
    """"If the train arrives for the second following turn, that army doesn't need to roll"."""
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    supply.advance_trains(s)
    supply.advance_trains(s)
    script(s, [5])                       # only East rolls
    supply.roll_supply(s)
    assert any("no roll needed" in e.text for e in s.log)


def test_a_train_that_did_not_arrive_makes_the_roll_minus_two():
    """"however, if it doesn't arrive, take -2 of the roll": 5 - 2 = 3, a new train."""
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    first = armies.trains(s)[0]
    script(s, [5, 5])
    supply.roll_supply(s)
    roll = [r for r in s.rolls if r.purpose == "supply"][-2]
    assert roll.expr == "d6-2" and roll.total == 3
    assert first.out and len(armies.trains(s)) == 1


def test_an_enemy_army_catches_a_train_and_eats_its_provisions():
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    train = armies.trains(s)[0]
    train.hex = (1, 2)
    east = s.units["e1"]
    east.hex = (3, 2)
    armies.status(east).update(allowance=6)
    armies.status(east).pop("moved", None)
    movement.march(s, east, Hex(0, 2))   # passing through the train's hex
    assert train.out and armies.status(east)["fed"]
    script(s, [6])                       # the army it was meant for got nothing: it rolls at -2
    supply.roll_supply(s)
    assert [r.expr for r in s.rolls if r.purpose == "supply" and r.who == "West army"][-1] == "d6-2"


# -- starving, looting, hostile towns ---------------------------------------------------------------
def test_supply_1_2_the_army_starves_and_its_player_chooses_to_loot_or_not():
    s = far_apart()
    script(s, [2, 5])
    supply.roll_supply(s)
    assert s.data["starving"] == ["w1"]
    (d,) = supply.starving_decisions(s, None)
    assert (d.side, d.kind, d.actor) == (0, "forage", ("w1",))
    kinds = {o.kind for o in RULESET.legal_actions(s, d)}
    assert kinds == {"Loot", "ForbidLooting"}


@pytest.mark.parametrize("face, hostile", [(1, True), (2, True), (3, False), (6, False)])
def test_looting_sacks_the_nearest_town_which_may_turn_hostile(face, hostile):
    """"sacks the nearest town/village plus loses initiative in the next battle. Sacked
    towns/villages can become hostile": on a d6 of 1-2."""
    s = far_apart()
    s.units["e1"].hex = (3, 0)
    s.data["holders"]["3,0"] = 1
    s.units["e1"].hex = (4, 0)
    script(s, [face])
    supply.loot(s, s.units["e1"])                     # nearest town to (4, 0): Northby (3, 0)
    assert "3,0" in s.data["sacked"]
    assert armies.status(s.units["e1"])["no_initiative"]
    assert armies.hostile_to(s, Hex(3, 0), 1) is hostile
    assert (armies.holder(s, Hex(3, 0)) is None) is hostile     # a hostile town throws its holder out


def test_a_hostile_town_sends_no_train_and_its_partisans_strike_an_army_inside():
    s = far_apart()
    supply.make_hostile(s, Hex(3, 0), 1)
    script(s, [5, 4])                    # East 4: a train; the town is hostile: no chance roll
    supply.roll_supply(s)
    assert hex_of(s, armies.trains(s)[0].id) == Hex(6, 2)
    east = s.units["e1"]
    east.hex = (3, 0)
    before = east.stats["strength"]
    supply.hostile_towns(s)
    assert east.stats["strength"] == before - 1


# -- refusing to loot, rebellion -----------------------------------------------------------------
def forbidden():
    s = far_apart()
    script(s, [2, 5])
    supply.roll_supply(s)
    script(s, [])
    supply.forbid(s, s.units["w1"])        # West holds no town: the train leaves the capital
    return s


def test_forbidding_the_looting_sends_for_a_train_and_it_arrives_in_time():
    s = forbidden()
    assert armies.trains(s)
    supply.advance_trains(s)
    supply.advance_trains(s)
    script(s, [5])                        # no rebellion roll, no supply roll for West
    supply.roll_supply(s)
    assert not any(e.kind == "ArmyHostile" for e in s.log)


def test_train_late_the_army_turns_hostile_and_on_3_6_obeys():
    """"the army becomes hostile, and rolls 1d6: 1-2 = the army starts a rebellion"."""
    s = forbidden()
    script(s, [3, 5, 5])                  # hostile roll 3: obeys; then its supply roll (at -2), East
    supply.roll_supply(s)
    assert any(e.kind == "ArmyHostile" for e in s.log) and any(e.kind == "ArmyObeys" for e in s.log)
    assert armies.REBEL not in s.units["w1"].markers


@pytest.mark.parametrize("how, commanders", [(1, 0), (3, 0), (4, 1), (6, 1)])
def test_train_late_on_1_2_the_army_rebels_kills_its_commanders_or_goes_looting(how, commanders):
    """"1-2 = the army starts a rebellion and either kills its commanders or goes free looting":
    a second d6, 1-3 kills them, 4-6 loots; either way it leaves its player's control."""
    s = forbidden()
    script(s, [2, how, 5])
    supply.roll_supply(s)
    w1 = s.units["w1"]
    assert armies.REBEL in w1.markers
    assert sum(u["type"] == "commander" for u in w1.stats["units"]) == commanders
    assert w1 not in armies.armies(s, 0)
    assert not [d for d in marchers(s, None) if d.side == 0]          # no orders for it


def test_a_rebel_army_marches_on_the_nearest_town_and_sacks_it():
    s = forbidden()
    script(s, [1, 5, 5])
    supply.roll_supply(s)
    w1 = s.units["w1"]
    w1.hex = (2, 4)
    script(s, [6])                        # the sacked town's hostility roll
    supply.rebels_loot(s)
    assert hex_of(s, "w1") == Hex(2, 2) and "2,2" in s.data["sacked"]


def test_a_rebel_army_scatters_when_an_army_enters_its_hex():
    s = forbidden()
    script(s, [1, 5, 5])
    supply.roll_supply(s)
    s.units["w1"].hex = (3, 1)
    east = s.units["e1"]
    armies.status(east).update(allowance=6)
    movement.march(s, east, Hex(3, 1))
    assert s.units["w1"].out and not s.data["pending"]


def test_an_army_raised_this_turn_does_not_roll_for_supply():
    s = far_apart()
    s.flow.turn = 2
    script(s, [1, 1])                     # one reinforcement each
    turn.roll_reinforcements(s, None)
    script(s, [5, 5])                     # only w1 and e1 roll
    supply.roll_supply(s)
    assert [r.who for r in s.rolls if r.purpose == "supply"] == ["West army", "East army"]


def test_the_forage_decision_comes_in_the_supply_phase_and_looting_is_done_through_the_engine():
    """Turn 2: West's army rolls a 2 and starves; its player is asked, and loots."""
    s = far_apart()
    engine.apply(s, Halt("w1"))
    # turn 2: initiative West 6 East 1; reinforcements 1, 1; placement asks; then supply
    script(s, [6, 1, 1, 1])
    engine.apply(s, Halt("e1"))
    for side in (0, 1):
        d = engine.to_act(s)
        assert d.kind == "place"
        hexes = turn.placement_hexes(s, s.units[d.actor[0]])
        script(s, [2, 5] if side == 1 else [])        # after the last placement: supply w1 2, e1 5
        engine.apply(s, Deploy(d.actor[0], *at(s, hexes[0].q, hexes[0].r)))
    d = engine.to_act(s)
    assert (d.kind, d.side, d.actor) == ("forage", 0, ("w1",))
    s.units["w1"].hex = (3, 4)                         # Midford (2, 2) within a march
    script(s, [6, 3, 3, 3, 3, 3])                      # the sacked town's roll, then the marches
    engine.apply(s, Loot("w1"))
    assert s.data["sacked"] == ["2,2"] and armies.status(s.units["w1"])["no_initiative"]
    assert engine.to_act(s).kind == "march"


def test_rebels_count_for_no_goal():
    """A side whose only army rebelled has no army left in the war."""
    s = forbidden()
    script(s, [1, 5, 5])
    supply.roll_supply(s)
    from game.rulesets.risk_to_take_campaign import goals
    assert goals.in_the_war(s) == [1]
    assert goals.result(s).winner == 1


def test_fog_hides_an_enemy_train_out_of_scouting_range():
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)                              # West's train at Westholm (-1, 2)
    train = armies.trains(s)[0].id
    assert train in engine.view(s, 0).units
    assert train not in engine.view(s, 1).units        # East's army at (4, 0) is too far to see it


def test_a_train_never_passes_through_an_enemy_army_and_waits_when_barred():
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    train = armies.trains(s)[0]
    train.hex = (0, 0)                   # in the map corner: its only ways out
    for h in s.board.neighbours(Hex(0, 0)):
        army = armies.raise_army(s, 1, "test")
        army.markers.clear()
        army.hex = (h.q, h.r)
    supply.advance_trains(s)
    assert train.hex == (0, 0) and not train.out
    assert s.board.contains(Hex(0, 0)) and len(s.board.neighbours(Hex(0, 0))) >= 2
