"""The round (seed 001 "Combat Flow"): declarations, Advantage, the order of actions, Risk limits,
combat counters."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import characters, fights
from game.rulesets.riskbreaker.actions import (Declare, GainAdvantage, Hold, KillDamage, SkillDamage, Surrender)

from tests.rulesets.riskbreaker_helpers import (char, declare_all, fighter_with, game, row, set_advantage, skill,
                                                until_turn_of, with_dice)


def _order_of_actions(state):
    declare_all(state)
    seen, turn = [], state.turn
    while state.turn == turn and engine.to_act(state).kind == "act":
        d = engine.to_act(state)
        seen.append(d.the_actor)
        engine.apply(state, Hold(d.the_actor))
    return seen


def test_actions_go_in_reverse_fight_rating_order_lowest_first():
    state = game([char("m6", 0, 0, fighter_with("Axe", "muscle", 6), slot=0),
                  char("m2", 0, 0, fighter_with("Club", "muscle", 2), slot=1),
                  char("m4", 1, 0, fighter_with("Spear", "muscle", 4))], row("yard"))
    assert _order_of_actions(state) == ["m2", "m4", "m6"]


def test_ties_between_sides_go_to_the_side_with_less_advantage_first():
    # Blue 4 + 3 against Red 4 alone: Blue +4, so Red's M4 acts before Blue's M4
    state = game([char("blue4", 0, 0, fighter_with("Axe", "muscle", 4), slot=0),
                  char("blue3", 0, 0, fighter_with("Club", "muscle", 3), slot=1),
                  char("red4", 1, 0, fighter_with("Spear", "muscle", 4))], row("yard"))
    declare_all(state)          # Red, outnumbered two to one, is asked (it may surrender)
    assert fights.advantage(state, "yard", 0) == 4
    assert _order_of_actions(state) == ["blue3", "red4", "blue4"]


def test_a_character_knocked_out_before_its_turn_takes_no_action():
    state = game([char("weak", 0, 0, fighter_with("Club", "muscle", 1), slot=0),
                  char("strong", 0, 0, fighter_with("Axe", "muscle", 6), slot=1),
                  char("mid", 1, 0, fighter_with("Spear", "muscle", 3))], row("yard"))
    until_turn_of(state, "mid")
    set_advantage(state, "yard", 1, 3)
    with_dice(state, [1])
    engine.apply(state, KillDamage("mid", 1, ("weak",)))
    assert state.units["weak"].out
    d = engine.to_act(state)
    assert d.the_actor == "strong"


def test_damage_actions_need_risk_at_most_the_sides_positive_advantage():
    state = game([char("fighter", 0, 0, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard"))
    until_turn_of(state, "fighter")
    set_advantage(state, "yard", 0, 2)
    risks = {o.action.risk for o in engine.legal_actions(state) if isinstance(o.action, (KillDamage, SkillDamage))}
    assert risks == {1, 2}


def test_a_side_with_no_advantage_may_only_take_advantage_and_special_actions():
    state = game([char("fighter", 0, 0, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard", "field"))
    until_turn_of(state, "fighter")
    set_advantage(state, "yard", 0, 0)
    kinds = {o.kind for o in engine.legal_actions(state)}
    assert "KillDamage" not in kinds and "SkillDamage" not in kinds
    assert "Advantage" in kinds and "Maneuver" in kinds


def test_advantage_actions_use_any_skill_but_the_fight_skill_in_use():
    state = game([char("fighter", 0, 0, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard"))
    until_turn_of(state, "fighter")
    skills = {o.action.skill for o in engine.legal_actions(state) if isinstance(o.action, GainAdvantage)}
    assert "Sword" not in skills
    assert {"Knockdown", "Push", "Bow", "Intimidate"} <= skills


def test_an_advantage_action_success_gains_risk_and_failure_loses_it():
    state = game([char("fighter", 0, 0, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard"))
    until_turn_of(state, "thief")
    set_advantage(state, "yard", 1, 0)
    with_dice(state, [3])
    engine.apply(state, GainAdvantage("thief", "Distract", 3))      # P4: under 6
    assert fights.advantage(state, "yard", 1) == 3


def test_combat_counters_every_fighter_marks_one_and_three_make_one_kill_damage():
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 5)), char("b", 1, 0, fighter_with("Axe", "muscle", 5)),
                  char("idle", 0, 1, fighter_with("Axe", "muscle", 5))], row("yard", "field"))
    for _ in range(3):
        until_turn_of(state, "a")
        engine.apply(state, Hold("a"))
        engine.apply(state, Hold(engine.to_act(state).the_actor))
        engine.apply(state, Hold(engine.to_act(state).the_actor))
    sheet = characters.sheet(state, "a")
    assert sheet["kill"] == 1 and sheet["counters"] == 0
    assert characters.sheet(state, "idle")["counters"] == 0          # it did not fight


def test_the_later_round_drift_the_greater_skill_level_gains_1_next_round():
    """"If one side's skill level is greater than the other's by one, its Advantage increases by one
    during this phase the next round": greater by one, +1 the next round (one per point of difference:
    test_riskbreaker_gaps)."""
    state = game([char("sword", 0, 0, fighter_with("Sword", "muscle", 5)),
                  char("p1", 1, 0, fighter_with("Pike", "muscle", 2), slot=1),
                  char("p2", 1, 0, fighter_with("Pike", "muscle", 2), slot=2)], row("yard"))
    assert fights.advantage(state, "yard", 0) == 0
    until_turn_of(state, "sword")
    engine.apply(state, Hold("sword"))                     # the round ends; the next is calculated
    declare_all(state)
    assert fights.advantage(state, "yard", 0) == 1


def test_a_scenario_situation_an_ambush_adds_1_to_3_advantage():
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 4)), char("b", 1, 0, fighter_with("Axe", "muscle", 4))],
                 row("pass"), ruleset_data={"situations": [{"location": "pass", "side": 1, "advantage": 2,
                                                            "why": "ambush", "round": 1}]})
    assert fights.advantage(state, "pass", 1) == 2


def test_declarations_are_hidden_from_the_other_side_until_revealed():
    bow = {"archetype": "ranger"}
    state = game([char("ranger", 0, 1, bow), char("fighter", 0, 1, {"archetype": "fighter"}, slot=1),
                  char("thief", 1, 0, {"archetype": "thief"})], row("yard", "wall"))
    d = engine.to_act(state)
    assert d.kind == "declare" and d.hidden
    uid = d.the_actor
    engine.apply(state, Declare(uid, "yard", "Bow"))
    red_view = engine.view(state, 1)
    assert uid in state.data["declared"]
    assert all(state.units[u].side == 1 for u in red_view.data["declared"])
    assert all(state.units[u].side == 1 for u in red_view.data["declared_weapon"])
    assert uid in engine.view(state, 0).data["declared"]


def test_declarations_carry_over_from_the_last_round():
    state = game([char("ranger", 0, 1, {"archetype": "ranger"}), char("thief", 1, 0, {"archetype": "thief"})],
                 row("yard", "wall"))
    declare_all(state, {"ranger": ("yard", "Bow")})
    until_turn_of(state, "thief")
    engine.apply(state, Hold("thief"))
    engine.apply(state, Hold("ranger"))
    first = engine.legal_actions(state)[0]
    assert first.action == Declare("ranger", "yard", "Bow") and "(as last round)" in first.label


def test_a_fight_skill_the_kill_damage_already_reaches_cannot_be_chosen():
    state = game([char("fighter", 0, 1, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"}),
                  char("ranger", 0, 1, {"archetype": "ranger"}, slot=1)], row("yard", "wall"))
    characters.sheet(state, "fighter")["kill"] = 4
    d = engine.to_act(state)
    if d.the_actor != "fighter":
        engine.apply(state, engine.legal_actions(state)[0].action)
    labels = [o.label for o in engine.legal_actions(state) if o.kind == "Declare"]
    assert labels and not any("Bow" in x for x in labels)


def test_a_side_outnumbered_two_to_one_may_surrender():
    state = game([char("a", 0, 1, {"archetype": "ranger"}), char("b", 1, 0, {"archetype": "thief"}, slot=0),
                  char("c", 1, 0, {"archetype": "thief"}, slot=1)], row("yard", "wall"))
    declare_all(state, {"a": ("", "Bow")})
    until_turn_of(state, "a")
    # worded with no verb to agree with the side's name ("Blue", "French", "Kessel army 2")
    assert [o.label for o in engine.legal_actions(state) if o.kind == "Surrender"] == \
        [f"Surrender: {state.scenario.sides[0].name}"]
    engine.apply(state, Surrender(0))
    assert state.outcome.winner == 1 and "surrendered" in state.outcome.reason
    assert f"Surrender: {state.scenario.sides[0].name}" in [e.text for e in state.log]


def test_only_the_declarations_are_secret_so_hotseat_hands_over_only_then():
    from game.engine.registry import get
    state = game([char("ranger", 0, 1, {"archetype": "ranger"}), char("fighter", 0, 1, {"archetype": "fighter"}, slot=1),
                  char("thief", 1, 0, {"archetype": "thief"})], row("yard", "wall"))
    rules = get("riskbreaker")
    assert rules.hides_information(state)
    declare_all(state)
    assert engine.to_act(state).kind == "act" and not rules.hides_information(state)


def test_surrender_is_one_option_among_the_first_actors_actions_once_a_round():
    """"Until one group flees, surrenders, or receives full Kill Damage": a side with at most half as
    many characters standing may surrender, offered once a round among the actions of its first
    character to act, so a random player surrenders at the odds of any other option (it was put to
    every character at every declaration: a lone character with one declaration gave up half the
    time)."""
    from game.ai.players import make_player
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 5, extra=[skill("Knockdown", "muscle"),
                                                                             skill("Push", "muscle")])),
                  char("b", 1, 0, {"archetype": "thief"}, slot=0),
                  char("c", 1, 0, {"archetype": "thief"}, slot=1)], row("yard"))
    declare_all(state)
    assert not any(o.kind == "Surrender" for o in engine.legal_actions(state))   # Red may not surrender
    until_turn_of(state, "a")
    kinds = [o.kind for o in engine.legal_actions(state)]
    assert kinds.count("Surrender") == 1 and len(kinds) > 3
    picks = [make_player("random", seed, 0).choose(engine.view(state, 0), engine.legal_actions(state),
                                                   engine.to_act(state)) for seed in range(200)]
    assert sum(isinstance(p, Surrender) for p in picks) < 200 / len(kinds) * 2.5
    engine.apply(state, Surrender(0))
    assert state.outcome.winner == 1 and "surrendered" in state.outcome.reason
