"""The five rules issue 26 found wrong, each named after its clause and quoting it (seed 001)."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import characters, fights
from game.rulesets.riskbreaker.actions import Declare, Hold, KillDamage, Maneuver, Recovery, FirstAid, Follow

from tests.rulesets.riskbreaker_helpers import (char, declare_all, fighter_with, game, row, set_advantage, skill,
                                                until_turn_of, with_dice)


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
