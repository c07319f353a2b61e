"""The campaign's AI and headless play: `simulate` runs a campaign with auto-resolved battles to a
decided end; `normal` beats `random`; a whole AI campaign turn (battles excluded) takes under 1 s."""
from __future__ import annotations

import time

from game.ai.players import make_player
from game.engine import game as engine
from game.io.scenario_file import load_scenario
from game.simulate import run
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario

SMALL = dict(deployed=False, turn_limit=10, deploy_radius=3)


def test_simulate_plays_a_campaign_with_auto_resolved_battles_to_a_decided_end():
    state = engine.new_game(scenario(**SMALL), seed=1, options={"auto_battles": True})
    sim = run(state, ["normal", "normal"])
    assert state.data["battles"]
    assert state.outcome is not None and state.outcome.winner is not None
    assert "turn limit" not in state.outcome.reason
    assert engine.replay(state.scenario, 1, {"auto_battles": True}, sim.actions).outcome == state.outcome


def test_normal_beats_random_in_most_seeded_campaigns():
    wins, games = 0, 0
    for seed in range(1, 6):
        for normal in (0, 1):
            state = engine.new_game(scenario(**SMALL), seed=seed, options={"auto_battles": True})
            run(state, ["normal" if s == normal else "random" for s in range(2)])
            wins += state.outcome.winner == normal
            games += 1
    assert wins / games >= 0.8


def test_a_whole_ai_campaign_turn_battles_excluded_takes_under_a_second():
    """On the 20 x 15 map: all of a side's decisions in a turn (placing, foraging, marching), the
    time its AI takes to choose them, for the first turns until a battle begins."""
    sc = load_scenario("risk-to-take-campaign-two-crowns")
    state = engine.new_game(sc, seed=3)
    seats = [make_player("normal", state.seed, s) for s in range(2)]
    spent: dict[tuple[int, int], float] = {}
    while state.outcome is None and state.child is None and state.turn <= 4:
        d = engine.to_act(state)
        view, options = engine.view(state, d.seat), engine.legal_actions(state)
        started = time.perf_counter()
        action = seats[d.seat].choose(view, options, d)
        key = (state.turn, d.seat)
        spent[key] = spent.get(key, 0.0) + time.perf_counter() - started
        engine.apply(state, action)
    assert spent and max(spent.values()) < 1.0
