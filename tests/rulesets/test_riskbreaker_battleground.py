"""The battleground (locations are terrain pieces) and Special actions (seed 001): maneuvers and their
followers, ranged Fight skills into adjacent fights, alteration, tactics, recovery, first aid, fleeing."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import battleground, characters, fights
from game.rulesets.riskbreaker.actions import (Alteration, Declare, FirstAid, Flee, Follow, Hold, Maneuver,
                                                Recovery, Tactics)

from tests.rulesets.riskbreaker_helpers import (char, declare_all, fighter_with, game, row, set_advantage, skill,
                                                until_turn_of, with_dice)


def _loc(state, uid):
    return battleground.location_of(state, state.units[uid])


def test_a_maneuvers_risk_is_distance_1_2_3_steps_and_3_across_difficult_terrain():
    state = game([char("r", 0, 0, {"archetype": "ranger"}), char("t", 1, 4, {"archetype": "thief"})],
                 row("a", "b", "c", "d", "e"))
    assert battleground.maneuver_risks(state, "a") == {"b": 1, "c": 2, "d": 3}
    rough = game([char("r", 0, 0, {"archetype": "ranger"}), char("t", 1, 4, {"archetype": "thief"})],
                 row("a", "b", "c", "d", "e", kinds={"b": "rough"}))
    assert battleground.maneuver_risks(rough, "a") == {"b": 3, "c": 3, "d": 3}


def test_a_maneuver_always_arrives_and_a_failure_costs_its_risk_next_turn():
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("p", 1, 2, fighter_with("Pike", "muscle", 2))],
                 row("a", "b", "c"))
    until_turn_of(state, "ranger")
    with_dice(state, [10])
    engine.apply(state, Maneuver("ranger", "c", 2))
    assert _loc(state, "ranger") == "c"
    assert any("poor" in e.text for e in state.log)
    engine.apply(state, Hold("p"))
    declare_all(state)
    # new fight at c: 5 - 2 = +3 for the ranger, less the 2 owed
    assert fights.advantage(state, "c", 0) == 1


def _chase(dice):
    state = game([char("thief", 0, 0, {"archetype": "thief"}), char("guard", 1, 0, {"archetype": "ranger"})],
                 row("a", "b"))
    until_turn_of(state, "thief")
    with_dice(state, dice)
    engine.apply(state, Maneuver("thief", "b", 1))
    return state


def test_following_a_maneuver_is_an_interrupt_for_the_other_side():
    state = _chase([5])
    d = engine.to_act(state)
    assert d.kind == "follow" and d.side == 1 and d.the_actor == "guard" and d.resume == "follow-on"
    assert _loc(state, "thief") == "a"               # the move waits on the answer


def test_an_opponent_keeps_pace_if_it_succeeds_and_rolls_lower_than_the_mover():
    state = _chase([5, 4])
    engine.apply(state, Follow("guard", True))
    assert _loc(state, "thief") == "b" and _loc(state, "guard") == "b"


def test_an_opponent_rolling_a_success_but_not_lower_cannot_keep_pace():
    state = _chase([5, 5])
    engine.apply(state, Follow("guard", True))
    assert _loc(state, "thief") == "b" and _loc(state, "guard") == "a"


def test_an_opponent_may_let_the_mover_go():
    state = _chase([5])
    engine.apply(state, Follow("guard", False))
    assert _loc(state, "thief") == "b" and _loc(state, "guard") == "a"


def test_a_ranged_fight_skill_joins_a_fight_in_an_adjacent_location_it_sees():
    state = game([char("ranger", 0, 1, {"archetype": "ranger"}), char("fighter", 0, 0, {"archetype": "fighter"}),
                  char("thief", 1, 0, {"archetype": "thief"})], row("yard", "wall"))
    declare_all(state, {"ranger": ("yard", "Bow")})
    assert set(state.data["fights"]["yard"]["members"]) == {"ranger", "fighter", "thief"}


def test_a_ranged_fight_skill_cannot_join_a_fight_out_of_sight():
    pieces = row("yard", "wood", "hill")
    pieces[1]["kind"] = "wood"
    state = game([char("ranger", 0, 2, {"archetype": "ranger"}), char("thief", 1, 1, {"archetype": "thief"}),
                  char("f", 0, 1, {"archetype": "fighter"})], pieces)
    state.units["thief"].x, state.units["thief"].y = 30.0, 10.0      # deep in the wood
    assert fights.join_choices(state, state.units["ranger"]) == []


def test_a_melee_fight_skill_cannot_join_an_adjacent_fight():
    state = game([char("fighter", 0, 1, {"archetype": "fighter", "fighting_with": "Sword"}),
                  char("thief", 1, 0, {"archetype": "thief"}), char("mage", 0, 0, {"archetype": "mage"})],
                 row("yard", "wall"))
    opts = [o.action for o in engine.legal_actions(state) if isinstance(o.action, Declare) and o.action.actor == "fighter"]
    assert all(a.skill == "Bow" for a in opts if a.fight == "yard")


def _wizard(dice, blue_below=True):
    wizard = fighter_with("Lightning", "wit", 5, fight="ranged")
    units = [char("wizard", 0, 0, wizard), char("pike", 1, 1, fighter_with("Pike", "muscle", 3))]
    if blue_below:
        units += [char("ally", 0, 2, fighter_with("Axe", "muscle", 4)), char("foe", 1, 2, fighter_with("Axe", "muscle", 4))]
    state = game(units, row("landing", "stair", "hall"))
    until_turn_of(state, "wizard")
    return with_dice(state, dice)


def test_alteration_success_delays_movement_for_risk_turns():
    state = _wizard([3])
    engine.apply(state, Alteration("wizard", "Lightning", "landing", "stair", 2))
    assert battleground.closed(state, "landing", "stair", 1)
    assert "landing" not in battleground.maneuver_risks(state, "stair", 1)
    assert state.data["closed"]["landing|stair"]["until"] == 3


def test_alteration_at_risk_3_stops_movement_outright():
    state = _wizard([3])
    engine.apply(state, Alteration("wizard", "Lightning", "landing", "stair", 3))
    assert state.data["closed"]["landing|stair"]["until"] == -1


def test_alteration_failure_the_change_still_happens_to_the_actors_side_cost():
    """The Wizard's stairway: he fails; "his opponents manage to get down the stairwell while below his
    allies are caught in a downpour of broken rocks, losing 2 Advantage in their fight the next turn"."""
    state = _wizard([9])
    engine.apply(state, Alteration("wizard", "Lightning", "hall", "stair", 2))
    assert not battleground.closed(state, "stair", "hall", 1)
    assert state.data["pending"] == [{"side": 0, "risk": 2, "why": "Wizard's alteration went wrong", "uid": "",
                                      "fight": "hall"}]


def test_alteration_failure_with_no_fight_of_the_side_delays_its_own_side():
    state = _wizard([9], blue_below=False)
    engine.apply(state, Alteration("wizard", "Lightning", "landing", "stair", 1))
    assert battleground.closed(state, "landing", "stair", 0) and not battleground.closed(state, "landing", "stair", 1)


def _tactics(dice):
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("p1", 1, 0, fighter_with("Pike", "muscle", 2)),
                  char("p2", 1, 0, fighter_with("Pike", "muscle", 2), slot=1),
                  char("friend", 0, 1, fighter_with("Axe", "muscle", 4))], row("yard", "field"))
    until_turn_of(state, "ranger")
    return with_dice(state, dice)


def test_tactics_takes_an_enemy_out_of_the_fight():
    state = _tactics([2])
    engine.apply(state, Tactics("ranger", "p1", 1))
    assert "p1" not in state.data["fights"]["yard"]["members"]
    assert state.data["held_off"]["p1"]["until"] == 2


def test_tactics_brings_a_friend_into_the_fight():
    state = _tactics([2])
    engine.apply(state, Tactics("ranger", "friend", 1))
    assert _loc(state, "friend") == "yard" and "friend" in state.data["fights"]["yard"]["members"]


def test_tactics_failure_loses_risk():
    state = _tactics([9])
    before = fights.advantage(state, "yard", 0)
    engine.apply(state, Tactics("ranger", "p1", 1))
    assert fights.advantage(state, "yard", 0) == before - 1


def _resting(dice):
    state = game([char("mage", 0, 1, {"archetype": "mage"}), char("fighter", 0, 1, {"archetype": "fighter"}, slot=1),
                  char("thief", 1, 0, {"archetype": "thief"}), char("f2", 0, 0, fighter_with("Axe", "muscle", 5))],
                 row("yard", "camp"))
    characters.sheet(state, "mage")["skill"]["wit"] = 3
    characters.sheet(state, "fighter")["kill"] = 3
    declare_all(state, {"mage": ("", "Lightning"), "fighter": ("", "Sword")})
    return state


def test_recovery_regains_3_skill_damage_out_of_the_fights():
    state = _resting([])
    until_turn_of(state, "mage")
    engine.apply(state, Recovery("mage", "wit"))
    assert characters.sheet(state, "mage")["skill"]["wit"] == 0


def test_recovery_regains_2_and_makes_an_advantage_action_with_wit_or_personality():
    state = _resting([])
    until_turn_of(state, "mage")
    with_dice(state, [1])
    before = fights.advantage(state, "yard", 0)
    opts = [o.action for o in engine.legal_actions(state) if isinstance(o.action, Recovery) and o.action.skill]
    assert opts and all(characters.skill(state.units["mage"], a.skill)["stat"] in ("wit", "personality") for a in opts)
    engine.apply(state, Recovery("mage", "wit", "Observation", "yard", 2))
    assert characters.sheet(state, "mage")["skill"]["wit"] == 1
    assert fights.advantage(state, "yard", 0) == before + 2


def test_recovery_is_not_offered_in_a_fight():
    state = game([char("mage", 0, 0, {"archetype": "mage"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard"))
    characters.sheet(state, "mage")["skill"]["agility"] = 1
    until_turn_of(state, "mage")
    assert not [o for o in engine.legal_actions(state) if o.kind == "Recovery"]


def test_first_aid_restores_risk_kill_damage_when_neither_party_is_fighting():
    state = _resting([])
    until_turn_of(state, "fighter")
    with_dice(state, [2])
    opts = [o.action for o in engine.legal_actions(state) if isinstance(o.action, FirstAid)]
    assert FirstAid("fighter", "First Aid", "fighter", 3) in opts
    engine.apply(state, FirstAid("fighter", "First Aid", "fighter", 2))
    assert characters.sheet(state, "fighter")["kill"] == 1


def test_first_aid_is_not_offered_to_a_patient_in_a_fight():
    state = game([char("fighter", 0, 0, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard"))
    characters.sheet(state, "fighter")["kill"] = 2
    until_turn_of(state, "fighter")
    assert not [o for o in engine.legal_actions(state) if o.kind == "FirstAid"]


def test_a_side_that_all_leaves_the_table_by_an_exit_has_fled():
    state = game([char("thief", 0, 1, {"archetype": "thief"}), char("guard", 1, 0, fighter_with("Pike", "muscle", 2))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]})
    until_turn_of(state, "thief")
    engine.apply(state, Flee("thief"))
    assert state.outcome.winner == 1 and "fled" in state.outcome.reason


def test_an_escape_scenario_is_won_by_getting_enough_away():
    state = game([char("thief", 0, 1, {"archetype": "thief"}), char("guard", 1, 0, fighter_with("Pike", "muscle", 2))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    until_turn_of(state, "thief")
    engine.apply(state, Flee("thief"))
    assert state.outcome.winner == 0


def test_locations_are_adjacent_when_they_share_a_border_not_only_a_corner():
    pieces = row("a", "b")
    pieces.append({"id": "c", "kind": "open", "name": "c", "polygon": [[40, 20], [60, 20], [60, 40], [40, 40]]})
    state = game([char("r", 0, 0, {"archetype": "ranger"}), char("t", 1, 1, {"archetype": "thief"})], pieces)
    state_table_adjacent = state.table.adjacent("b")
    assert "c" in state_table_adjacent                       # the table counts the touching corner
    assert battleground.adjacent(state, "b") == ["a"]        # a location does not


def test_the_follow_option_shows_the_odds_of_succeeding_and_rolling_lower():
    state = _chase([5])
    opt = next(o for o in engine.legal_actions(state) if o.action == Follow("guard", True))
    assert float(opt.odds) == 0.4 and "under 5" in opt.label      # A5 needs under 7, the mover rolled 5


def _break_away(dice):
    """The thief stands at the gate (an exit) in a fight with a guard who can maneuver (Agility 4)."""
    state = game([char("thief", 0, 1, {"archetype": "thief"}),
                  char("guard", 1, 1, fighter_with("Pike", "muscle", 4, extra=[skill("Maneuver", "agility")]))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    declare_all(state)
    until_turn_of(state, "thief")
    with_dice(state, dice)
    engine.apply(state, Flee("thief"))
    return state


def test_escaping_from_a_fight_is_a_maneuver_an_opponent_who_keeps_pace_stops():
    """"Special Actions ... moving around, escaping": leaving by an exit from a fight is a maneuver, and
    "each member of the other side has the option to attempt to move with them. If the opponent
    succeeds on their Agility rolls and roll lower than the maneuvering character did, they succeed at
    keeping pace": a guard who keeps pace has not been shaken off, so the thief stays at the gate."""
    state = _break_away([5, 3])          # the thief rolls 5 (A5: success), the guard 3 (A4: under 5)
    assert engine.to_act(state).kind == "follow"
    engine.apply(state, Follow("guard", True))
    thief = state.units["thief"]
    assert not thief.out and _loc(state, "thief") == "gate" and fights.fight_of(state, "thief") == "gate"
    assert state.outcome is None


def test_escaping_from_a_fight_succeeds_when_nobody_keeps_pace_even_on_a_failed_roll():
    """"Succeed or fail, they make it to the location": the thief fails (10), the guard rolls 7 (A4 needs
    under 6: a failure) and cannot keep pace, so the thief is off the table."""
    state = _break_away([10, 7])
    engine.apply(state, Follow("guard", True))
    assert "fled" in state.units["thief"].markers and state.outcome.winner == 0


def test_leaving_by_an_exit_out_of_any_fight_rolls_nothing():
    """Nobody is there to keep pace with a character in no fight: it leaves, and no die is rolled."""
    state = game([char("thief", 0, 1, {"archetype": "thief"}), char("guard", 1, 0, fighter_with("Pike", "muscle", 2))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    declare_all(state)
    until_turn_of(state, "thief")
    rolled = len(state.rolls)
    engine.apply(state, Flee("thief"))
    assert state.outcome.winner == 0 and len(state.rolls) == rolled
