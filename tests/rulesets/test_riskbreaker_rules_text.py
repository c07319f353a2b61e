"""The five rules issue 26 found wrong, each named after its clause and quoting it (seed 001)."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import characters, fights
from game.rulesets.riskbreaker.actions import Hold, KillDamage, Maneuver, SkillDamage

from tests.rulesets.riskbreaker_helpers import (char, declare_all, fighter_with, game, row, set_advantage, skill,
                                                texts, until_turn_of, with_dice)


def _archer(**extra):
    return fighter_with("Bow", "agility", 5, fight="ranged", extra=[skill("Maneuver", "agility")], **extra)


def test_fights_are_everyone_close_enough_to_hit_one_another_two_archers_are_one_fight():
    """"Every battle is broken down into individual fights, which are made up of everyone close enough
    to hit one another and actively involved in same": two A5 bowmen in adjacent locations, each
    declaring the other's location, are one fight."""
    state = game([char("west", 0, 0, _archer()), char("east", 1, 1, _archer())], row("left", "right"))
    declare_all(state, {"west": ("right", "Bow"), "east": ("left", "Bow")})
    assert len(state.data["fights"]) == 1
    key = fights.fight_of(state, "west")
    assert key is not None and key == fights.fight_of(state, "east")
    assert fights.advantage(state, key, 0) == 0          # 5 against 5, one against one
    until_turn_of(state, "east")
    set_advantage(state, key, 1, 1)
    kinds = {o.kind for o in engine.legal_actions(state)}
    assert {"KillDamage", "SkillDamage", "Advantage"} <= kinds


def _typed(*skills: str) -> list[str]:
    from game.rulesets.riskbreaker.muster import sheet_of
    from game.rulesets.riskbreaker.characters import sheet_problems
    entry = {"name": "Test", "muscle": 4, "agility": 4, "wit": 4, "personality": 4, "skills": list(skills)}
    sheet, bad = sheet_of(entry, 20)
    assert not bad
    return sheet_problems(sheet)


def test_skills_belong_to_their_stat_muscle_melee_agility_ranged_wit_all_spells():
    """"Muscle: Fight with <Mêlée Weapon>, Knockdown, Push. Agility: Fight with <Ranged Weapon>,
    Maneuver ... Wit: All spells, including Fight with <Magical Spell>, Illusion, Heal, as well as
    Tactics. Personality: All social skills ... as well as perception skills": the builder refuses a
    skill on another stat, naming the skill, its stat and what was expected."""
    sword = _typed("Sword (A, melee)")
    assert any("Sword" in p and "Muscle" in p and "expected M, got A" in p for p in sword), sword
    fireball = _typed("Fireball* (M, ranged)", "Sword (M, melee)")
    assert any("Fireball" in p and "expected W, got M" in p for p in fireball), fireball
    lightning = _typed("Lightning* (P)", "Sword (M, melee)")
    assert any("Lightning" in p and "expected W, got P" in p for p in lightning), lightning
    wrong = _typed("Sword (M, melee)", "Tactics (P)", "Maneuver (M)", "Knockdown (A)", "Observation (W)")
    assert [p.split(":")[0] for p in wrong] == ["skills[1]", "skills[2]", "skills[3]", "skills[4]"]
    assert _typed("Sword (M, melee)", "Bow (A, ranged)", "Lightning* (W, ranged)", "Tactics (W)",
                  "Charm (P)", "Maneuver (A)") == []


def test_a_skill_the_text_does_not_name_takes_its_family_stat_or_the_players_choice():
    """A skill the text does not name takes the stat its family implies (Medicine heals as First Aid
    does: Wit; Taunt is social: Personality), or the player's choice where none does."""
    assert any("Medicine" in p and "expected W" in p for p in _typed("Axe (M, melee)", "Medicine (P)"))
    assert any("Taunt" in p and "expected P" in p for p in _typed("Axe (M, melee)", "Taunt (M)"))
    for stat in "MAWP":
        assert _typed("Axe (M, melee)", f"Juggling ({stat})") == []


def test_scenario_validation_refuses_a_skill_on_the_wrong_stat():
    from game.rulesets.riskbreaker.validation import problems
    from tests.rulesets.riskbreaker_helpers import scenario
    wrong = fighter_with("Sword", "agility", 8)
    found = problems(scenario([char("a", 0, 0, wrong), char("b", 1, 0, _archer())], row("yard")))
    assert any(p.startswith("units[0].stats.skills[0]") and "Sword" in p and "expected M, got A" in p
               for p in found), found


def _hold_to_round_end(state):
    turn = state.turn
    while state.turn == turn:
        d = engine.to_act(state)
        assert d is not None and d.kind == "act"
        engine.apply(state, Hold(d.the_actor))


def test_every_character_who_fought_marks_a_combat_counter_a_friend_brought_in_by_tactics_too():
    """"At the end of every round of combat, every character who fought marks a combat counter": a
    friend brought into the fight by Tactics this round fought, and marks one."""
    from game.rulesets.riskbreaker.actions import Tactics
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("thief", 1, 0, {"archetype": "thief"}),
                  char("friend", 0, 1, {"archetype": "fighter"})], row("yard", "field"))
    declare_all(state, {"friend": ("", "Sword")})
    assert fights.fight_of(state, "friend") is None
    until_turn_of(state, "ranger")
    with_dice(state, [1])                                  # W4 Tactics: under 6
    engine.apply(state, Tactics("ranger", "friend", 1))
    assert fights.fight_of(state, "friend") == "yard"
    _hold_to_round_end(state)
    assert characters.sheet(state, "friend")["counters"] == 1
    assert characters.sheet(state, "ranger")["counters"] == 1


def _one_on_one_after_skill_damage():
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 5)), char("b", 1, 0, fighter_with("Axe", "muscle", 5))],
                 row("hall"))
    until_turn_of(state, "a")
    set_advantage(state, "hall", 0, 3)
    with_dice(state, [1])
    engine.apply(state, SkillDamage("a", 3, ("b", "b", "b")))          # b fights as M2 now
    assert fights.advantage(state, "hall", 0) == 0
    _hold_to_round_end(state)
    declare_all(state)
    return state


def test_the_risk_established_is_spent_skill_damage_is_not_given_back_next_round():
    """"In addition, the Risk established is 'spent': the character's side immediately loses Advantage
    equal to the established Risk." Advantage carries into the next round: a Risk 3 Skill Damage is
    not refunded when the target's skill level falls (the skill levels were equal last round, so no
    drift either)."""
    state = _one_on_one_after_skill_damage()
    assert fights.advantage(state, "hall", 0) == 0
    assert not any("the sides changed" in t for t in texts(state))


def test_the_risk_established_is_spent_a_knock_out_refunds_only_the_outnumbering():
    """"The Risk established is 'spent'" and "when one side is outnumbered, the opposing side gains +1
    Advantage for each additional member": knocking out one of two enemies moves the Advantage by the
    outnumbering alone, not by the knocked-out character's fight rating."""
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 5)),
                  char("b", 1, 0, fighter_with("Club", "muscle", 4), slot=1),
                  char("c", 1, 0, fighter_with("Club", "muscle", 1), slot=2)], row("hall"))
    declare_all(state)
    assert fights.advantage(state, "hall", 0) == -1             # 5 - 5, outnumbered by one
    until_turn_of(state, "a")
    set_advantage(state, "hall", 0, 3)
    with_dice(state, [1])
    engine.apply(state, KillDamage("a", 1, ("c",)))
    assert state.units["c"].out and "Blue: -1 Advantage at hall (the Risk is spent): +3 -> +2" in texts(state)
    declare_all(state)                                          # a acted last: round 2 began
    assert fights.advantage(state, "hall", 0) == 3              # +1: no longer outnumbered


def test_recovery_only_if_the_character_is_not_currently_fighting_an_enemy_arriving_makes_it_fighting():
    """"If a character manages to get away from a fight, they can catch their breath and recover ...
    This action is only available if the character is not currently fighting", and First Aid "requires
    that both parties are not currently fighting": a character an enemy has just maneuvered in on is
    fighting, so it may neither Recover nor give First Aid there."""
    mover = fighter_with("Axe", "muscle", 5, extra=[skill("Maneuver", "agility")])
    lone = fighter_with("Club", "muscle", 5, extra=[skill("First Aid", "wit"), skill("Maneuver", "agility")])
    state = game([char("a", 0, 0, mover), char("b", 1, 0, fighter_with("Spear", "muscle", 4)),
                  char("c", 1, 1, lone)], row("yard", "field"))
    declare_all(state)
    characters.sheet(state, "c")["skill"]["muscle"] = 2
    characters.sheet(state, "c")["kill"] = 1
    until_turn_of(state, "a")
    with_dice(state, [1])
    engine.apply(state, Maneuver("a", "field", 1))
    d = engine.to_act(state)
    assert d.the_actor == "c"
    kinds = {o.kind for o in engine.legal_actions(state)}
    assert "Recovery" not in kinds and "FirstAid" not in kinds


def test_recovery_is_available_once_the_character_got_away_from_every_enemy():
    lone = fighter_with("Club", "muscle", 5, extra=[skill("First Aid", "wit")])
    state = game([char("a", 0, 0, fighter_with("Axe", "muscle", 5)), char("b", 1, 0, fighter_with("Spear", "muscle", 4)),
                  char("c", 1, 1, lone)], row("yard", "field"))
    declare_all(state)
    characters.sheet(state, "c")["skill"]["muscle"] = 2
    characters.sheet(state, "c")["kill"] = 1
    until_turn_of(state, "c")
    kinds = {o.kind for o in engine.legal_actions(state)}
    assert {"Recovery", "FirstAid"} <= kinds
