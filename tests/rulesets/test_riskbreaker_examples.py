"""The text's worked examples, exactly (seed 001, Riskbreaker), with scripted dice."""
from __future__ import annotations

from fractions import Fraction

from game.engine import game as engine
from game.rulesets.riskbreaker import characters, fights
from game.rulesets.riskbreaker.actions import Declare, GainAdvantage, KillDamage, SkillDamage

from tests.rulesets.riskbreaker_helpers import (declare_all, char, fighter_with, game, row, set_advantage, skill, until_turn_of,
                                                with_dice)

SWORD = fighter_with("Sword", "muscle", 5)
PIKE = fighter_with("Pike", "muscle", 2)


def _pikes(n):
    return [char(f"pike{i}", 1, 0, PIKE, slot=i) for i in range(n)]


def test_calculating_advantage_one_sword_against_two_pikes_starts_at_0():
    """"(M5: Sword) against another side of two fighters using (M2: Pike) begins equally matched at 0
    Advantage (2 + 2 for the pike fighters + 1 for outnumbering the other side by one)"."""
    state = game([char("sword", 0, 0, SWORD)] + _pikes(2), row("yard"))
    assert fights.advantage(state, "yard", 0) == 0
    assert fights.advantage(state, "yard", 1) == 0


def test_calculating_advantage_a_third_pike_makes_it_minus_3_for_the_sword():
    """"If another Pike fighter joined the mêlée, the Advantage for the Sword fighter would be -3 (or +3
    for the Pike fighters)"."""
    state = game([char("sword", 0, 0, SWORD)] + _pikes(3), row("yard"))
    declare_all(state)          # the Sword, outnumbered three to one, is asked (it may surrender)
    assert fights.advantage(state, "yard", 0) == -3
    assert fights.advantage(state, "yard", 1) == 3


def _fighter_at_minus_2(dice):
    state = game([char("fighter", 0, 0, {"archetype": "fighter"})] + _pikes(2), row("yard"))
    until_turn_of(state, "fighter")
    set_advantage(state, "yard", 0, -2)
    return with_dice(state, dice)


def test_advantage_resolution_knockdown_at_risk_2_from_minus_2_succeeds_under_7_to_0():
    state = _fighter_at_minus_2([6])
    opt = next(o for o in engine.legal_actions(state) if o.action == GainAdvantage("fighter", "Knockdown", 2))
    assert opt.odds == Fraction(6, 10) and "under 7" in opt.odds_text
    engine.apply(state, opt.action)
    assert fights.advantage(state, "yard", 0) == 0


def test_advantage_resolution_knockdown_failure_gives_the_opponents_4():
    state = _fighter_at_minus_2([7])
    engine.apply(state, GainAdvantage("fighter", "Knockdown", 2))
    assert fights.advantage(state, "yard", 0) == -4
    assert fights.advantage(state, "yard", 1) == 4


def _ranger_at_plus_3(dice):
    fighter = fighter_with("Sword", "muscle", 3)
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("hurt", 1, 0, fighter, slot=0),
                  char("fresh", 1, 0, fighter, slot=1)], row("ledge"))
    characters.sheet(state, "hurt")["kill"] = 2          # "one badly wounded fighter"
    until_turn_of(state, "ranger")
    set_advantage(state, "ledge", 0, 3)
    return with_dice(state, dice)


def test_kill_damage_resolution_ranger_risk_2_at_plus_3_goes_to_plus_1():
    state = _ranger_at_plus_3([1])
    action = KillDamage("ranger", 2, ("fresh", "hurt"))
    assert any(o.action == action for o in engine.legal_actions(state))
    events = engine.apply(state, action)
    assert state.units["hurt"].out                      # 1 point takes the wounded fighter out
    assert characters.sheet(state, "fresh")["kill"] == 1 and not state.units["fresh"].out
    assert advantage_after(events, "ledge") == 1        # the Risk is spent


def test_kill_damage_resolution_failure_leaves_the_side_at_minus_1():
    state = _ranger_at_plus_3([10])
    events = engine.apply(state, KillDamage("ranger", 2, ("fresh", "hurt")))
    assert not state.units["hurt"].out and characters.sheet(state, "fresh")["kill"] == 0
    assert advantage_after(events, "ledge") == -1       # twice the Risk


def advantage_after(events, loc):
    """Side 0's Advantage after the action's own shifts (before any later round's calculation)."""
    shifts = [e for e in events if e.kind == "Advantage" and e.phase == "actions" and e.data.get("fight") == loc]
    return shifts[-1].data["advantage"]


def _thief_at_plus_6(dice):
    mage = fighter_with("Fireball", "wit", 8, fight="ranged")
    state = game([char("thief", 0, 0, {"archetype": "thief"}), char("mage", 1, 0, mage)], row("hall"))
    until_turn_of(state, "thief")
    set_advantage(state, "hall", 0, 6)
    return with_dice(state, dice)


def test_skill_damage_resolution_thief_risk_3_rolls_as_m7_at_80_percent():
    state = _thief_at_plus_6([8])
    opt = next(o for o in engine.legal_actions(state) if o.action == SkillDamage("thief", 3, ("mage",) * 3))
    assert opt.odds == Fraction(8, 10) and "under 9" in opt.odds_text and "M7" in opt.label
    engine.apply(state, opt.action)
    mage = state.units["mage"]
    assert characters.effective(state, mage, "wit") == 5          # W8 to W5
    assert characters.fight_rating(state, mage) == 5
    assert fights.advantage(state, "hall", 0) == 3


def test_skill_damage_resolution_failure_leaves_no_advantage():
    state = _thief_at_plus_6([9])
    engine.apply(state, SkillDamage("thief", 3, ("mage",) * 3))
    assert characters.effective(state, state.units["mage"], "wit") == 8
    assert fights.advantage(state, "hall", 0) == 0


def test_kill_damage_example_the_fighter_takes_4_with_his_a4_bow_and_switches_to_his_sword_after_3():
    archer = fighter_with("Bow", "agility", 4, fight="ranged")
    state = game([char("fighter", 0, 0, {"archetype": "fighter", "fighting_with": "Bow"}),
                  char("archer", 1, 0, archer)], row("wall"))
    fighter = state.units["fighter"]
    assert characters.capacity(fighter, characters.weapon(state, fighter)) == 4
    characters.sheet(state, "fighter")["kill"] = 3                 # after taking 3 Kill Damage...
    until_turn_of(state, "archer")
    assert not fighter.out
    # ... next round he switches to his sword so as to stay in the battle longer
    while engine.to_act(state).kind != "declare":
        engine.apply(state, engine.legal_actions(state)[-1].action)
    labels = [o.label for o in engine.legal_actions(state)]
    assert any("M5: Sword" in x for x in labels)
    engine.apply(state, Declare("fighter", "wall", "Sword"))
    until_turn_of(state, "archer")
    assert characters.capacity(fighter, characters.weapon(state, fighter)) == 5
    with_dice(state, [1])
    set_advantage(state, "wall", 1, 1)
    engine.apply(state, KillDamage("archer", 1, ("fighter",)))     # a 4th point: out with the bow,
    assert characters.sheet(state, "fighter")["kill"] == 4 and not fighter.out   # still in with the sword


def test_combat_counters_a_mook_lasts_three_rounds():
    """"Mooks (with a Stat of 1 in their Fight skill) can only last three turns before being knocked
    out of battle"."""
    mook = fighter_with("Club", "muscle", 1)
    state = game([char("mook", 0, 0, mook), char("hero", 1, 0, fighter_with("Sword", "muscle", 5))],
                 row("yard"), turn_limit=5)
    from game.rulesets.riskbreaker.actions import Hold
    rounds = 0
    while not state.units["mook"].out:
        d = engine.to_act(state)
        engine.apply(state, Hold(d.the_actor))
        if d.the_actor == "hero":
            rounds += 1
    assert rounds == 3
    assert any("mook marks combat counter 3 of 3" in e.text.lower() for e in state.log)
