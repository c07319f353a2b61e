"""`make bench` figures for the AI (design §10): how long a decision and a whole turn take.

- `ai-scale units=N level=normal ms=<median> p95=<95th percentile> turn_ms=<slowest whole turn of one
  side> decisions=<n> growth=<this median / the one at half the units>` for N = 25, 50, 100, 200 figures a
  side, on a generated battle (game.ai.scaled: risus-farm-assault tiled), normal against normal over the
  first turns. Targets: at 100 a side median <= 100 ms, p95 <= 300 ms, a whole turn <= 2 s; at 200 a side
  median <= 200 ms; growth per doubling <= 2.5.
- `ai-decision level=L ms=.. p95=.. turn_ms=.. decisions=n scenario=S cpu_ms=.. cpu_turn_ms=..`: a whole
  self-play game of every bundled scenario (the campaigns too, their battles played by the same level;
  a scenario of three sides has the level on every side), for normal and for hard (a turn is the side's
  consecutive decisions within one turn of the game deciding: a Risus run of actions, a Takipsilim
  round's orders, a campaign battle's move phase); hard's lines say whether the median and the
  slowest turn are within the targets (median <= 150 ms, a whole turn <= 1.5 s). Easy on the largest.
  `ms`/`turn_ms` are wall-clock (what a player waits); `cpu_ms`/`cpu_turn_ms` the same figures in this
  process's CPU time, which other work on a shared machine does not inflate.
"""
from __future__ import annotations

import statistics
import time

from game import rulesets
from game.ai import scaled, tournament
from game.ai.levels import LEVELS
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.scenario import Scenario

SCALE = (25, 50, 100, 200)    # figures a side of the generated battles
SCALE_TURNS = 4               # game turns timed on them (a Risus turn is one side's run)
SCALE_DECISIONS = 60          # and at most this many decisions
HARD_TURN_MS = 1500.0         # the hard level's slowest whole turn on a bundled scenario
# normal on the generated battles, by figures a side: median, p95 and slowest whole turn (ms)
SCALE_TARGETS = {100: (100.0, 300.0, 2000.0), 200: (200.0, float("inf"), float("inf"))}
GROWTH = 2.5                  # the most a median may grow when the figures double


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


def time_game(name: str | Scenario, players: tuple[str, ...], seed: int, measure: str,
              limit: int | None = None, turns_limit: int | None = None,
              cpu: list[list[float]] | None = None) -> tuple[list[float], list[float]]:
    """Decision times (ms) of every seat playing `measure`, and the time of each side's whole turns
    (a bundled scenario by name, or a scenario), to the end or the limits. The last player plays
    any further sides. `cpu`, when given, receives the same two lists in CPU time."""
    rulesets.load_all()
    state = engine.new_game(tournament.load(name) if isinstance(name, str) else name, seed)
    kinds = [players[min(side, len(players) - 1)] for side in range(state.sides)]
    seats = [make_player(p, seed, side) for side, p in enumerate(kinds)]
    times: list[float] = []
    turns: list[float] = []
    cpu_times: list[float] = []
    cpu_turns: list[float] = []
    current: tuple | None = None
    turn_ms = cpu_turn = 0.0
    while True:
        decision = engine.to_act(state)
        if decision is None or (limit is not None and len(times) >= limit) or \
                (turns_limit is not None and state.flow.turn > turns_limit):
            break
        options = engine.legal_actions(state)
        view = engine.view(state, decision.seat)
        c0, t0 = time.process_time(), time.perf_counter()
        action = seats[decision.seat].choose(view, options, decision)
        ms = (time.perf_counter() - t0) * 1000
        cpu_ms = (time.process_time() - c0) * 1000
        if kinds[decision.seat] == measure:
            times.append(ms)
            cpu_times.append(cpu_ms)
            key = (decision.seat, state.flow.turn, state.children, engine.innermost(state).flow.turn)
            if key != current:
                if current is not None:
                    turns.append(turn_ms)
                    cpu_turns.append(cpu_turn)
                current, turn_ms, cpu_turn = key, 0.0, 0.0
            turn_ms += ms
            cpu_turn += cpu_ms
        engine.apply(state, action)
    if current is not None:
        turns.append(turn_ms)
        cpu_turns.append(cpu_turn)
    if cpu is not None:
        cpu[:] = [cpu_times, cpu_turns]
    return times, turns


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))
    return xs[k]


def line(level: str, times: list[float], turns: list[float], name: str, extra: str = "",
         cpu: list[list[float]] | None = None) -> str:
    med = statistics.median(times) if times else 0.0
    if cpu:
        extra += (f" cpu_ms={statistics.median(cpu[0]) if cpu[0] else 0.0:.0f} "
                  f"cpu_turn_ms={max(cpu[1], default=0.0):.0f}")
    return (f"ai-decision level={level} ms={med:.0f} p95={percentile(times, 0.95):.0f} "
            f"turn_ms={max(turns, default=0.0):.0f} decisions={len(times)} scenario={name}{extra}")


def scale_lines(sizes=SCALE, level: str = "normal") -> list[str]:
    """The generated battles, biggest last: how a decision's time grows with the figures."""
    out, before = [], None
    for n in sizes:
        times, turns = time_game(scaled.tiled(n), (level, level), 1, level, SCALE_DECISIONS, SCALE_TURNS)
        med = statistics.median(times) if times else 0.0
        p95, turn = percentile(times, 0.95), max(turns, default=0.0)
        ok = (before is None or med <= GROWTH * before) and all(
            v <= t for v, t in zip((med, p95, turn), SCALE_TARGETS.get(n, (float("inf"),) * 3)))
        growth = f"{med / before:.1f}" if before else "-"
        before = med or None
        out.append(f"ai-scale units={n} level={level} ms={med:.0f} p95={p95:.0f} turn_ms={turn:.0f} "
                   f"decisions={len(times)} growth={growth} within={'yes' if ok else 'no'}")
    return out


def run() -> list[str]:
    lines = scale_lines()
    name = largest_scenario()
    t, u = time_game(name, ("easy", "easy"), 1, "easy")
    lines.append(line("easy", t, u, name))
    budget = LEVELS["hard"].budget_ms
    for where in tournament.bundled():
        lines.append(hard_line(where, "normal"))
        lines.append(hard_line(where, "hard", budget))
    return lines


def hard_line(where: str, level: str = "hard", budget: float | None = None, seed: int = 1) -> str:
    """One bundled scenario's whole self-play game at one level; with a budget, whether it was within."""
    cpu: list[list[float]] = []
    t, u = time_game(where, (level, level), seed, level, cpu=cpu)
    if budget is None:
        return line(level, t, u, where, cpu=cpu)
    med = statistics.median(t) if t else 0.0
    within = "yes" if med <= budget and max(u, default=0.0) <= HARD_TURN_MS else "no"
    return line(level, t, u, where, f" budget_ms={budget:.0f} within={within}", cpu=cpu)


if __name__ == "__main__":
    for text in run():
        print(text, flush=True)
