"""A Risk to Take, the campaign (seed 003, "1. Campaign rules", the supply roll's numbered clauses of
issue 27): a caught train, a late train, looting within reach, the detachment, a side without its
capital. Every die scripted."""
from __future__ import annotations

from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import armies, movement, supply
from tests.rulesets.risk_to_take_campaign.campaign_helpers import game, script


def far_apart(**kw):
    """West's army far from its capital (9 hexes), East's near its own."""
    kw.setdefault("units", [{"id": "w1", "side": 0, "name": "West army", "hex": [5, 5]},
                            {"id": "e1", "side": 1, "name": "East army", "hex": [4, 0]}])
    return game([6, 1, 3, 3], **kw)


def supply_rolls(s, who: str) -> list:
    return [r for r in s.rolls if r.purpose == "supply" and r.who == who]


def march_through(s, uid: str, start: tuple[int, int], goal: Hex) -> None:
    army = s.units[uid]
    army.hex = start
    armies.status(army).update(allowance=6)
    armies.status(army).pop("moved", None)
    movement.march(s, army, goal)


def test_if_it_doesnt_arrive_take_minus_2_a_caught_train_did_not_arrive():
    """"If the train arrives for the second following turn, that army doesn't need to roll; however,
    if it doesn't arrive, take -2 of the roll": a train an enemy army caught never arrived."""
    s = far_apart()
    script(s, [3, 5])                    # West 3: a train from Westholm; East 5: supplied
    supply.roll_supply(s)
    train = armies.trains(s, 0)[0]
    train.hex = (1, 2)
    march_through(s, "e1", (3, 2), Hex(0, 2))
    assert train.out
    script(s, [5])                       # West rolls 5 - 2 = 3; East ate the train: no roll
    supply.roll_supply(s)
    (roll,) = supply_rolls(s, "West army")[1:]
    assert roll.expr == "d6-2" and roll.total == 3
    assert supply_rolls(s, "East army")[1:] == []


def test_if_the_train_arrives_for_the_second_following_turn_it_serves_that_roll_or_none():
    """"this launches the train in current turn ... If the train arrives for the second following
    turn, that army doesn't need to roll": a train serves the supply roll it was sent for, or none.
    West, fed by an East train it caught, skips the next roll; its own train, still on the road,
    spares no later roll."""
    s = far_apart()
    script(s, [3, 3, 2])                 # West 3 and East 3: trains (East's from Eastgard: chance 2)
    supply.roll_supply(s)
    east_train = armies.trains(s, 1)[0]
    east_train.hex = (5, 3)
    march_through(s, "w1", (5, 5), Hex(5, 2))      # West catches it on the way
    assert east_train.out
    script(s, [6, 2])                    # turn 4: West fed (no roll); East 6 - 2: a train (chance 2)
    supply.roll_supply(s)
    assert len(supply_rolls(s, "West army")) == 1
    assert not armies.trains(s, 0)       # West's own train was for this roll: it serves none later
    for _ in range(3):
        supply.advance_trains(s)
    script(s, [5, 5])                    # turn 6: West rolls again
    supply.roll_supply(s)
    assert len(supply_rolls(s, "West army")) == 2


def test_starving_sacks_the_nearest_town_within_a_march_and_marches_there():
    """"1-2 the army is starving and sacks the nearest town/village plus loses initiative in the next
    battle": the nearest town it can reach with a march of 5 hexes ("Movement is 5 hexes per army");
    it marches there, and that is its march of the turn."""
    s = far_apart()
    west = s.units["w1"]
    west.hex = (3, 4)                    # Midford (2, 2) is 3 hexes away, Northby (3, 0) 4
    script(s, [6])                       # the sacked town's roll: not hostile
    supply.loot(s, west)
    assert armies.hex_of(west) == Hex(2, 2) and s.data["sacked"] == ["2,2"]
    assert armies.status(west)["no_initiative"] and armies.status(west)["moved"]
    assert not movement.can_march(s, west)


def test_starving_with_no_town_within_a_march_sacks_nothing_and_stays():
    """The nearest town 6 hexes away is out of reach: nothing is sacked, the army strips the
    countryside where it stands ("plus loses initiative in the next battle" still holds)."""
    s = far_apart()
    west = s.units["w1"]                 # at (5, 5): Midford is 6 hexes away, Northby 7
    script(s, [])
    supply.loot(s, west)
    assert armies.hex_of(west) == Hex(5, 5) and s.data["sacked"] == []
    assert armies.status(west)["no_initiative"]
    assert any(e.kind == "Looted" and "countryside" in e.text for e in s.log)


def unit_types(s, uid: str) -> list[str]:
    return [u["type"] for u in s.units[uid].stats["units"]]


def test_a_detachment_must_be_sent_back_for_a_supply_train_and_rides_back_with_it():
    """"3-4 a detachment must be sent back for a supply train": the army's fastest fighting unit
    leaves it with the train, and rejoins it when the train reaches the army."""
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    (train,) = armies.trains(s, 0)
    assert unit_types(s, "w1") == ["line-infantry", "commander"]
    assert train.stats["detachment"]["type"] == "cavalry"
    supply.advance_trains(s)
    supply.advance_trains(s)
    assert train.out and unit_types(s, "w1") == ["line-infantry", "cavalry", "commander"]
    assert s.units["w1"].stats["strength"] == 2


def test_a_detachment_sent_back_for_a_train_is_lost_when_the_enemy_catches_the_train():
    s = far_apart()
    script(s, [3, 5])
    supply.roll_supply(s)
    armies.trains(s, 0)[0].hex = (1, 2)
    march_through(s, "e1", (3, 2), Hex(0, 2))
    assert unit_types(s, "w1") == ["line-infantry", "commander"]
    assert any(e.kind == "TrainCaught" and "cavalry" in e.text for e in s.log)


def test_an_army_of_one_fighting_unit_sends_no_detachment():
    """An army cannot send away its last fighting unit: its commander's escort goes, nothing leaves."""
    s = far_apart(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [5, 5],
                          "stats": {"units": ["line-infantry", "commander"]}},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [4, 0]}])
    script(s, [3, 5])
    supply.roll_supply(s)
    assert "detachment" not in armies.trains(s, 0)[0].stats
    assert unit_types(s, "w1") == ["line-infantry", "commander"]


def test_a_train_to_the_capital_or_by_chance_the_nearest_town_a_side_without_its_capital_sends_to_its_town():
    """"a detachment must be sent back for a supply train to the capital or by chance the nearest
    town": a side that lost its capital (a campaign without the capital goal) sends to the nearest
    town it holds, with no roll of chance (there is no capital to send to)."""
    s = far_apart(goals=[{"kind": "destroy"}])
    s.data["holders"].update({"-1,2": 1, "2,2": 0})      # Westholm lost, Midford held
    script(s, [3, 5])                    # West 3: a train; East 5
    supply.roll_supply(s)
    assert armies.hex_of(armies.trains(s, 0)[0]) == Hex(2, 2)
    assert not [r for r in s.rolls if r.purpose == "train from a town"]


def test_a_side_with_nowhere_to_send_for_a_train_gets_none_and_takes_minus_2():
    """No capital and no town: no train is sent, so none arrives: "if it doesn't arrive, take -2"."""
    s = far_apart(goals=[{"kind": "destroy"}])
    s.data["holders"]["-1,2"] = 1
    script(s, [3, 5])
    supply.roll_supply(s)
    assert not armies.trains(s, 0) and any(e.kind == "NoTrain" for e in s.log)
    script(s, [6, 5])
    supply.roll_supply(s)
    assert supply_rolls(s, "West army")[-1].expr == "d6-2"


def test_sacked_towns_can_become_hostile_once_a_second_sack_turns_nothing_more():
    """"Sacked towns/villages can become hostile": a town already hostile to the side is not rolled
    for again, and the log says it turns hostile once."""
    s = far_apart()
    script(s, [1])
    supply.sack(s, Hex(2, 2), 0, "West army")
    script(s, [])
    supply.sack(s, Hex(2, 2), 0, "West army 2")
    assert [e.kind for e in s.log].count("TownHostile") == 1
    assert [r.purpose for r in s.rolls].count("sacked town turns hostile") == 1


def test_a_looting_march_that_runs_into_an_army_in_the_fog_fights_and_sacks_nothing():
    """The looting march goes as a march: an enemy army the side could not see, standing in the
    town, stops it in its hex (a battle after all moves), and the town is not sacked."""
    s = far_apart(options={"scouting": 1})
    west, east = s.units["w1"], s.units["e1"]
    west.hex, east.hex = (3, 4), (2, 2)              # East in Midford, 3 hexes away: unseen
    script(s, [])
    supply.loot(s, west)
    assert armies.hex_of(west) == Hex(2, 2) and s.data["sacked"] == []
    assert s.data["pending"] and s.data["pending"][0]["attacker"] == "w1"


def test_the_train_is_consumed_when_reaches_the_army_at_once_when_it_leaves_the_armys_own_hex():
    """"this launches the train in current turn - the train moves 7 hexes and is consumed when
    reaches the army": a garrison fed from its own capital has its train at once; no detachment
    leaves it, no enemy can catch the train on the road, and the next roll is spared."""
    s = far_apart(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [-1, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [4, 0]}])
    script(s, [3, 5])                    # West 3: a train from Westholm, where West army stands
    supply.roll_supply(s)
    assert not armies.trains(s, 0)
    assert unit_types(s, "w1") == ["line-infantry", "cavalry", "commander"]
    script(s, [5])                       # turn 4: West fed (no roll); East 5
    supply.roll_supply(s)
    assert supply_rolls(s, "West army")[1:] == []
