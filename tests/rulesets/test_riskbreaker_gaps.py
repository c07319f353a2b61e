"""Gaps the text leaves, each decided in assets/rules/riskbreaker.md (seed 001): the drift, tied
Advantage, Recovery's skill, First Aid on oneself, alterations and doubled names."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import battleground, characters, fights
from game.rulesets.riskbreaker.actions import Alteration, FirstAid, Hold, Recovery

from tests.rulesets.riskbreaker_helpers import (char, declare_all, fighter_with, game, row, set_advantage, skill,
                                                until_turn_of)


def _next_round(state):
    turn = state.turn
    while state.turn == turn:
        engine.apply(state, Hold(engine.to_act(state).the_actor))
    declare_all(state)


def test_the_drift_greater_by_one_increases_by_one_so_greater_by_three_increases_by_three():
    """"If one side's skill level is greater than the other's by one, its Advantage increases by one
    during this phase the next round": one Advantage per point of difference."""
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 5)), char("b", 1, 0, fighter_with("Club", "muscle", 2))],
                 row("yard"))
    declare_all(state)
    assert fights.advantage(state, "yard", 0) == 3
    _next_round(state)
    assert fights.advantage(state, "yard", 0) == 6
    assert "Blue: +3 Advantage at yard (its skill level was greater by 3 last round): +3 -> +6" \
        in [e.text for e in state.log]


def _acting_order(state):
    seen, turn = [], state.turn
    while state.turn == turn:
        d = engine.to_act(state)
        seen.append(d.the_actor)
        engine.apply(state, Hold(d.the_actor))
    return seen


def test_ties_between_opposing_sides_at_equal_advantage_go_to_the_scenarios_first_side():
    """"Ties between opposing sides are broken by the side with less Advantage going first": at equal
    Advantage and equal skill levels, the scenario's first side goes first (not the names)."""
    state = game([char("z", 0, 0, fighter_with("Axe", "muscle", 4)), char("a", 1, 0, fighter_with("Axe", "muscle", 4))],
                 row("yard"))
    declare_all(state)
    assert _acting_order(state) == ["z", "a"]


def test_ties_between_opposing_sides_at_equal_advantage_go_to_the_lower_skill_level_first():
    state = game([char("z", 0, 0, fighter_with("Axe", "muscle", 4), slot=0),
                  char("y", 0, 0, fighter_with("Club", "muscle", 3), slot=1),
                  char("a", 1, 0, fighter_with("Axe", "muscle", 4), slot=0),
                  char("b", 1, 0, fighter_with("Club", "muscle", 1), slot=1)], row("yard"))
    declare_all(state)
    set_advantage(state, "yard", 0, 0)
    assert _acting_order(state) == ["b", "y", "a", "z"]


def test_recovery_may_make_an_advantage_action_using_only_wit_or_personality_skills_the_player_picks():
    """"The character regains 2 lost Skill Damage, and may either make an additional Advantage Action
    using only Wit or Personality skills": every such skill is offered."""
    state = game([char("fighter", 0, 0, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"}),
                  char("ranger", 0, 1, {"archetype": "ranger"})], row("yard", "field"))
    declare_all(state, {"ranger": ("", "Bow")})
    characters.sheet(state, "ranger")["skill"]["agility"] = 2
    until_turn_of(state, "ranger")
    picked = {o.action.skill for o in engine.legal_actions(state) if isinstance(o.action, Recovery)}
    assert picked == {"", "Tactics", "Charm", "Inspire", "Observation"}


def test_first_aid_a_character_may_treat_himself_when_not_fighting():
    """"Kill Damage is only recoverable through a skill such as First Aid ... Use of such skills requires
    that both parties are not currently fighting": nothing forbids the healer being the patient."""
    state = game([char("fighter", 0, 1, {"archetype": "fighter"}), char("thief", 1, 0, {"archetype": "thief"}),
                  char("ranger", 0, 0, {"archetype": "ranger"})], row("yard", "field"))
    declare_all(state, {"fighter": ("", "Sword")})
    characters.sheet(state, "fighter")["kill"] = 2
    until_turn_of(state, "fighter")
    aid = [o.action for o in engine.legal_actions(state) if isinstance(o.action, FirstAid)]
    assert FirstAid("fighter", "First Aid", "fighter", 2) in aid


def test_no_alteration_is_offered_on_a_way_into_an_impassable_piece_and_twin_names_are_told_apart():
    pieces = row("west", "bridge", "east")
    gorge = [{"id": "gorge-n", "kind": "water", "name": "gorge",
              "polygon": [[20, -20], [40, -20], [40, 0], [20, 0]]},
             {"id": "gorge-s", "kind": "water", "name": "gorge",
              "polygon": [[20, 20], [40, 20], [40, 40], [20, 40]]}]
    for p in pieces:
        p["polygon"] = [[x, y + 20] for x, y in p["polygon"]]
    for g in gorge:
        g["polygon"] = [[x, y + 20] for x, y in g["polygon"]]
    blade = fighter_with("Axe", "muscle", 5, extra=[skill("Push", "muscle")])
    units = [char("blade", 0, 1, blade), char("foe", 1, 1, fighter_with("Axe", "muscle", 5))]
    for u in units:
        u["y"] += 20
    state = game(units, pieces + gorge, height=60)
    declare_all(state)
    until_turn_of(state, "blade")
    ways = {(o.action.a, o.action.b) for o in engine.legal_actions(state) if isinstance(o.action, Alteration)}
    assert ways and not any(a.startswith("gorge") or b.startswith("gorge") for a, b in ways)
    assert battleground.name(state, "gorge-n") == "gorge (north)"
    assert battleground.name(state, "gorge-s") == "gorge (south)"
