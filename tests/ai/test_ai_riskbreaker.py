"""The Riskbreaker AI (game/ai/riskbreaker): it spends Advantage where it knocks characters out, runs
for the exit when the scenario is won by escaping."""
from __future__ import annotations

from game.ai.players import make_player
from game.engine import game as engine
from game.rulesets.riskbreaker.actions import Flee, KillDamage

from tests.rulesets.riskbreaker_helpers import char, fighter_with, game, row, set_advantage, until_turn_of


def _choose(state, side=0):
    d = engine.to_act(state)
    player = make_player("normal", 1, side)
    return player.choose(engine.view(state, d.seat), engine.legal_actions(state), d)


def test_normal_spends_advantage_to_knock_out_a_wounded_enemy():
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("hurt", 1, 0, fighter_with("Axe", "muscle", 3)),
                  char("fresh", 1, 0, fighter_with("Axe", "muscle", 3), slot=1)], row("yard"))
    from game.rulesets.riskbreaker import characters
    characters.sheet(state, "hurt")["kill"] = 2
    until_turn_of(state, "ranger")
    set_advantage(state, "yard", 0, 6)
    action = _choose(state)
    assert isinstance(action, KillDamage) and "hurt" in action.targets


def test_normal_leaves_by_the_exit_when_escaping_wins():
    state = game([char("thief", 0, 1, {"archetype": "thief"}), char("guard", 1, 0, fighter_with("Pike", "muscle", 2))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    until_turn_of(state, "thief")
    assert _choose(state) == Flee("thief")
