"""`make bench` self-play lines (issue 12): do two `normal` AIs make a real game of each bundled
scenario, of every ruleset (the campaigns too: their nested battles are played by the AI)?

One line per scenario: `selfplay scenario=<name> seeds=<n> at_limit=<share of games that reached the
turn or action limit> wins=<side>:<n>,... draws=<n> turns=<mean> s=<seconds>`. The issue's target, over
10 seeds: at most 5 games at the limit and at least 2 wins for each side; here a few seeds
(SELFPLAY_SEEDS, default 4; a campaign, whose every game plays several battles, SELFPLAY_CAMPAIGN_SEEDS,
default 2) keep `make bench` short, which is enough to see a stalled scenario (every game at the limit)
or a one-sided one. SELFPLAY_ONLY=<part of a name> keeps the scenarios whose name holds it.
"""
from __future__ import annotations

import os
import time
from typing import Iterator

from game import rulesets, simulate
from game.ai import tournament
from game.engine import game as engine
from game.engine.state import GameState

CAMPAIGNS = ("risk-to-take-campaign",)      # rulesets whose games are campaigns of nested battles
SEEDS = int(os.environ.get("SELFPLAY_SEEDS", "4"))
CAMPAIGN_SEEDS = int(os.environ.get("SELFPLAY_CAMPAIGN_SEEDS", "2"))
ONLY = os.environ.get("SELFPLAY_ONLY", "")


def at_limit(state: GameState) -> bool:
    """Did the game end by running out of turns (or of actions) rather than by a side winning it?"""
    reason = state.outcome.reason if state.outcome is not None else ""
    return state.flow.turn > state.scenario.turn_limit or "action limit" in reason


def selfplay(name: str, seeds: int | None = None) -> str:
    rulesets.load_all()
    scenario = tournament.load(name)
    if seeds is None:
        seeds = CAMPAIGN_SEEDS if scenario.ruleset in CAMPAIGNS else SEEDS
    wins = [0] * len(scenario.sides)
    draws = limit = turns = 0
    t0 = time.perf_counter()
    for seed in range(1, seeds + 1):
        players = ["normal"] * len(scenario.sides)
        built = simulate.with_built_forces(scenario, players, seed)     # as `simulate` plays a points scenario
        state = simulate.run(engine.new_game(built, seed), players).state
        winner = state.outcome.winner if state.outcome is not None else None
        if winner is None:
            draws += 1
        else:
            wins[winner] += 1
        limit += at_limit(state)
        turns += min(state.flow.turn, scenario.turn_limit)
    by_side = ",".join(f"{s.name.replace(' ', '_')}:{n}" for s, n in zip(scenario.sides, wins))
    return (f"selfplay scenario={name} seeds={seeds} at_limit={limit / seeds:.2f} wins={by_side} "
            f"draws={draws} turns={turns / seeds:.1f} s={time.perf_counter() - t0:.1f}")


def run() -> Iterator[str]:
    rulesets.load_all()
    for name in tournament.bundled():
        if ONLY in name:
            yield selfplay(name)
