"""`make bench` figures for the AI (design §10): how long a decision and a whole turn take.

On the largest bundled scenario (most figures, then the biggest table) the AI plays itself:
- `ai-decision level=normal ms=<median> p95=<95th percentile> turn_ms=<slowest whole turn of one
  side> decisions=<n>`: a turn is the side's consecutive decisions within one game turn (a Risus
  run of actions, a Takipsilim round's orders). Targets: median <= 100 ms, p95 <= 500 ms, a whole
  turn <= 1 s.
- the same for easy, and for hard with its look-ahead budget and whether the median and p95 stay
  within it (the median within the budget, the p95 within twice it);
- then normal and hard on the largest scenario of every other ruleset.
"""
from __future__ import annotations

import statistics
import time

from game import rulesets
from game.ai import tournament
from game.ai.levels import LEVELS
from game.ai.players import make_player
from game.engine import game as engine

HARD_DECISIONS = 60           # the hard level is timed over its first decisions (it is slow by design)


def largest_scenario(ruleset: str | None = None) -> str:
    best = None
    for name in tournament.bundled():
        s = tournament.load(name)
        if ruleset is not None and s.ruleset != ruleset:
            continue
        key = (len(s.units), s.width * s.height, name)
        if best is None or key > best[0]:
            best = (key, name)
    if best is None:
        raise RuntimeError("no bundled scenario")
    return best[1]


def time_game(name: str, players: tuple[str, str], seed: int, measure: str,
              limit: int | None = None) -> tuple[list[float], list[float]]:
    """Decision times (ms) of every seat playing `measure`, and the time of each side's turns."""
    rulesets.load_all()
    state = engine.new_game(tournament.load(name), seed)
    seats = [make_player(p, seed, side) for side, p in enumerate(players)]
    times: list[float] = []
    turns: list[float] = []
    current: tuple[int, int] | None = None
    turn_ms = 0.0
    while True:
        decision = engine.to_act(state)
        if decision is None or (limit is not None and len(times) >= limit):
            break
        options = engine.legal_actions(state)
        view = engine.view(state, decision.seat)
        t0 = time.perf_counter()
        action = seats[decision.seat].choose(view, options, decision)
        ms = (time.perf_counter() - t0) * 1000
        if players[decision.seat] == measure:
            times.append(ms)
            key = (decision.seat, state.flow.turn)
            if key != current:
                if current is not None:
                    turns.append(turn_ms)
                current, turn_ms = key, 0.0
            turn_ms += ms
        engine.apply(state, action)
    if current is not None:
        turns.append(turn_ms)
    return times, turns


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[k]


def line(level: str, times: list[float], turns: list[float], name: str, extra: str = "") -> str:
    med = statistics.median(times) if times else 0.0
    return (f"ai-decision level={level} ms={med:.0f} p95={percentile(times, 0.95):.0f} "
            f"turn_ms={max(turns, default=0.0):.0f} decisions={len(times)} scenario={name}{extra}")


def run() -> list[str]:
    name = largest_scenario()
    lines = []
    for level in ("normal", "easy"):
        times: list[float] = []
        turns: list[float] = []
        for seed in (1, 2):
            t, u = time_game(name, (level, level), seed, level)
            times += t
            turns += u
        lines.append(line(level, times, turns, name))
    budget = LEVELS["hard"].budget_ms
    rulesets = sorted({tournament.load(n).ruleset for n in tournament.bundled()})
    hard_on = [name] + [largest_scenario(r) for r in rulesets if largest_scenario(r) != name]
    for where in hard_on:
        if where != name:                  # each ruleset's largest scenario: normal too
            t, u = time_game(where, ("normal", "normal"), 1, "normal")
            lines.append(line("normal", t, u, where))
        t, u = time_game(where, ("hard", "normal"), 1, "hard", limit=HARD_DECISIONS)
        med = statistics.median(t) if t else 0.0
        within = "yes" if med <= budget and percentile(t, 0.95) <= 2 * budget else "no"
        lines.append(line("hard", t, u, where, f" budget_ms={budget:.0f} within={within}"))
    return lines


if __name__ == "__main__":
    for text in run():
        print(text, flush=True)
