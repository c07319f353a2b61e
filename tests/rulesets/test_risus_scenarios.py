"""Risus Skirmish's bundled scenarios: they validate, carry what the issue asks for, and random play
ends with a winner in most seeds with a log that reads like a game of Risus Skirmish."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.engine.registry import get
from game.rulesets import load_all
from game.simulate import run
from test_risus_helpers import RS

load_all()
SCENARIOS = ("risus-farm-assault", "risus-hidden-ambush")


def load(name):
    from game.io.scenario_file import load_scenario
    return load_scenario(name)


@pytest.mark.parametrize("name", SCENARIOS)
def test_bundled_scenario_validates_and_sets_up(name):
    sc = load(name)
    assert sc.ruleset == RS and get(RS).validate_scenario(sc) == []
    assert len(sc.sides) == 2 and sc.turn_limit > 0 and sc.victory.get("kind")
    assert sc.ruleset_data.get("teams") and sc.ruleset_data.get("action_limit")
    state = engine.new_game(sc, seed=1)
    assert engine.to_act(state) is not None


def test_farm_assault_has_the_terrain_of_a_farm_assault():
    sc = load("risus-farm-assault")
    kinds = {p.kind for p in sc.pieces}
    assert {"wood", "high-crops", "hedge", "low-wall", "house"} <= kinds
    assert any(p.rooms for p in sc.pieces if p.kind == "house")
    assert sc.victory["kind"] == "hold"


def test_hidden_ambush_uses_hidden_deployment_and_grenades():
    sc = load("risus-hidden-ambush")
    opts = get(RS).resolve_options(sc.options)
    assert opts["hidden_deployment"] and opts["grenades"] and opts["diving_for_cover"]
    assert opts["houses"] == "walls"
    assert any(u.stats.get("blank") for u in sc.units)
    assert sc.ruleset_data["grenade_blast_radius"] > 0 and sc.ruleset_data["grenade_range"] > 0
    characters = [u for u in sc.units if not u.stats.get("blank")]
    assert len(characters) < len(load("risus-farm-assault").units)        # the smaller action


@pytest.mark.parametrize("name", SCENARIOS)
def test_random_play_reaches_a_winner_in_most_seeds(name):
    sc = load(name)
    winners = []
    for seed in (1, 2, 3, 4):
        sim = run(engine.new_game(sc, seed=seed), ["random", "random"])
        assert sim.state.outcome is not None
        winners.append(sim.state.outcome.winner)
    assert sum(w is not None for w in winners) >= 3


WORDS = ("is pinned", "is rallied", "OP fire!", "take the initiative", "is in cover", "Close combat!",
         "hold their fire", "is revealed", "grenade", "The game ends")


def test_simulated_logs_read_like_risus_skirmish():
    missing = set(WORDS)
    for name, seeds in (("risus-farm-assault", (1, 2)), ("risus-hidden-ambush", range(1, 11))):
        for seed in seeds:
            sim = run(engine.new_game(load(name), seed=seed), ["random", "random"])
            joined = "\n".join(e.text for e in sim.state.log)
            missing -= {w for w in missing if w in joined}
            if not missing:
                return
    assert not missing, missing


def test_hidden_figures_never_show_in_the_attackers_view_during_play():
    sc = load("risus-hidden-ambush")
    state = engine.new_game(sc, seed=5)
    from game.ai.players import RandomPlayer
    players = [RandomPlayer(5, 0), RandomPlayer(5, 1)]
    secret_names = {u.name for u in sc.units if u.side == 1}
    for _ in range(150):
        d = engine.to_act(state)
        if d is None:
            break
        seen = engine.view(state, 0)
        for u in seen.units.values():
            if u.side == 1 and "hidden" in state.units.get(u.id, u).markers and not u.out:
                assert u.id.startswith("marker-") and u.name not in secret_names
        hidden_now = {u.name for u in state.units.values() if "hidden" in u.markers}
        assert not any(n in e.text for e in seen.log for n in hidden_now if n)
        opts = engine.legal_actions(state)
        engine.apply(state, players[d.side].choose(engine.view(state, d.side), opts, d))
