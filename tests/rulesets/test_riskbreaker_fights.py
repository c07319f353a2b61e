"""Fights as the log tells them and as they go on (seed 001, issue 26): a situation that belongs to
some characters, a fight whose characters all changed, the keep-pace condition, Tactics on a friend."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import fights
from game.rulesets.riskbreaker.actions import Follow, Maneuver, Tactics

from tests.rulesets.riskbreaker_helpers import (char, declare_all, fighter_with, game, row, set_advantage, skill, texts,
                                                until_turn_of, with_dice)

PIKES = {"situations": [{"location": "stair", "side": 1, "advantage": 2, "why": "the pikes hold the stairway",
                         "fighting_with": "Pike"}]}


def test_other_elements_gain_further_advantage_only_for_the_characters_they_belong_to():
    """"Other elements such as ambushing the other party can gain 1, 2, or 3 further Advantage": the
    pikes holding the stairway from above get it; a lone Wizard on the stairway does not."""
    pikes = game([char("a", 0, 0, fighter_with("Axe", "muscle", 4)), char("p", 1, 0, fighter_with("Pike", "muscle", 4))],
                 row("stair"), ruleset_data=PIKES)
    declare_all(pikes)
    assert fights.advantage(pikes, "stair", 1) == 2
    wizard = game([char("a", 0, 0, fighter_with("Axe", "muscle", 4)),
                   char("w", 1, 0, fighter_with("Lightning", "wit", 4, fight="ranged"))], row("stair"),
                  ruleset_data=PIKES)
    declare_all(wizard)
    assert fights.advantage(wizard, "stair", 1) == 0


def test_a_fight_whose_characters_all_changed_is_a_new_fight():
    """A fight goes on while each side keeps someone in it: when the archer who shot into the yard
    stops and a swordsman comes in instead, the fight there begins anew from the skill levels."""
    mover = fighter_with("Sword", "muscle", 5, extra=[skill("Maneuver", "agility")])
    bow = fighter_with("Bow", "agility", 5, fight="ranged")
    state = game([char("m", 0, 0, mover), char("b", 1, 1, fighter_with("Club", "muscle", 5)), char("r", 0, 2, bow)],
                 row("gate", "yard", "field"))
    declare_all(state, {"r": ("yard", "Bow"), "m": ("", "Sword")})
    set_advantage(state, "yard", 0, 3)
    until_turn_of(state, "m")
    with_dice(state, [1])
    engine.apply(state, Maneuver("m", "yard", 1))
    declare_all(state, {"r": ("", "Bow")})
    assert fights.members(state, "yard") == [state.units["b"], state.units["m"]]
    assert fights.advantage(state, "yard", 0) == 0
    assert "A fight begins at yard: M (M5: Sword) against B (M5: Club) (skill levels 5 and 5)" in texts(state)


def test_keeping_pace_the_roll_shows_both_conditions_succeed_and_roll_lower_than_the_mover():
    """"If the opponent succeeds on their Agility rolls and roll lower than the maneuvering character
    did, they succeed at keeping pace": one roll needing under the lower of the two, told as such."""
    runner = fighter_with("Axe", "muscle", 5, extra=[skill("Maneuver", "agility")], agility=6)
    chaser = fighter_with("Club", "muscle", 4, extra=[skill("Maneuver", "agility")], agility=6)
    state = game([char("run", 0, 0, runner), char("chase", 1, 0, chaser)], row("yard", "field"))
    declare_all(state)
    until_turn_of(state, "run")
    with_dice(state, [3, 3])                      # the mover rolls 3; the chaser's 3 is not lower
    engine.apply(state, Maneuver("run", "field", 1))
    opts = engine.legal_actions(state)
    assert "needs under 3" in opts[0].label
    engine.apply(state, Follow("chase", True))
    log = texts(state)
    assert any("needs under 3" in t and "lower than Run's 3" in t and "failure" in t for t in log), log[-4:]
    assert "Chase cannot keep pace (3: needed under 3)" in log


def test_tactics_on_a_friend_reads_as_bringing_him_into_the_fight():
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("thief", 1, 0, {"archetype": "thief"}),
                  char("friend", 0, 1, {"archetype": "fighter"})], row("yard", "field"))
    declare_all(state, {"friend": ("", "Sword")})
    until_turn_of(state, "ranger")
    with_dice(state, [1])
    engine.apply(state, Tactics("ranger", "friend", 1))
    assert "Ranger uses W4: Tactics to bring Friend into the fight at yard (Risk 1)" in texts(state)
