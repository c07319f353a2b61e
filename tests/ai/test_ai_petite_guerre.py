"""The Petite Guerre AI (game/ai/petite_guerre): it fires on good odds, reloads, and plays legal moves."""
from __future__ import annotations

from game.ai.levels import make_level
from game.engine import game as engine
from game.rulesets.petite_guerre.actions import AimedFire, Reload

from tests.rulesets.test_petite_guerre_helpers import fig, game


def _choose(state):
    d = engine.to_act(state)
    player = make_level("normal")(1, d.side)
    return player.choose(engine.view(state, d.side), engine.legal_actions(state), d)


def test_fires_when_the_odds_beat_the_reload_cost():
    s = game([fig("a", 0, 20, 50, "A", "light-infantry"), fig("b", 1, 38, 50, "B", facing=180)])
    assert _choose(s) == AimedFire("a", "b", False)


def test_reloads_in_reach_of_the_enemy():
    s = game([fig("a", 0, 20, 50, "A", "light-infantry"), fig("b", 1, 52, 50, "B", facing=180)])
    s.units["a"].markers.add("fired")
    assert _choose(s) == Reload("a")


def test_its_choice_is_always_legal():
    s = game([fig("a", 0, 20, 50, "A"), fig("a2", 0, 20, 60, "A"), fig("b", 1, 90, 50, "B", facing=180)])
    for _ in range(6):
        if engine.to_act(s) is None:
            break
        action = _choose(s)
        assert engine.check(s, action) is None
        engine.apply(s, action)
