"""`make bench` memory lines (issue 30 §4): does a long evening of play stay flat? One process plays 50 short
games of the bundled scenarios in turn (the `easy` AI on every side), first through the engine as `simulate`
does, then through the UI's Session as the game screen does (no window: SDL's dummy driver), and prints its
resident memory before and after each run:

    memory via=engine games=0 rss_mb=<at the start>
    memory via=engine games=19 rss_mb=<once every bundled scenario has been played (data and tables loaded)>
    memory via=engine games=50 rss_mb=<after 50 games>
    memory via=session games=19 rss_mb=<after 19 more through the Session (the UI's modules loaded)>
    memory via=session games=50 rss_mb=<after 50 more through the Session>

A long evening stays flat when the figures after the warm one (games=19) grow little.

MEMORY_GAMES=<n> changes the number of games (default 50).
"""
from __future__ import annotations

import gc
import os
import resource
from pathlib import Path

GAMES = int(os.environ.get("MEMORY_GAMES", "50"))
TURNS = 2                  # short games: what grows, grows with the number of games
PLAYER = "easy"


def rss_mb() -> float:
    """The process's resident memory now (Linux: /proc), else its peak (other systems)."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        return int(statm.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2 ** 20 if os.uname().sysname == "Darwin" else peak / 1024


def _scenarios() -> list:
    from game import simulate
    from game.io.scenario_file import bundled_scenarios, load_scenario
    return [simulate.with_turn_limit(load_scenario(name), TURNS) for name, _, _ in bundled_scenarios(user=False)]


def _by_engine(scenario, seed: int) -> None:
    from game import simulate
    from game.engine import game as engine
    players = [PLAYER] * len(scenario.sides)
    built = simulate.with_built_forces(scenario, players, seed)
    simulate.run(engine.new_game(built, seed), players)


def _by_session(scenario, seed: int) -> None:
    """As the game screen plays an AI-only game: ask the AI, act, until the end."""
    from game import simulate
    from game.ui.session import Session
    players = [PLAYER] * len(scenario.sides)
    session = Session(simulate.with_built_forces(scenario, players, seed), seed, {}, players)
    while not session.is_over():
        inputs = session.ai_inputs()
        if inputs is None:
            break
        player, view, options, decision = inputs
        session.act(player.choose(view, options, decision))


def run() -> list[str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.rulesets import load_all
    load_all()
    scenarios = _scenarios()
    lines = []
    for via, play in (("engine", _by_engine), ("session", _by_session)):
        if via == "engine":
            gc.collect()
            lines.append(f"memory via=engine games=0 rss_mb={rss_mb():.0f}")
        for i in range(GAMES):
            play(scenarios[i % len(scenarios)], 1 + i // len(scenarios))
            if i + 1 == len(scenarios) < GAMES:     # warm: every scenario played once (its data loaded)
                gc.collect()
                lines.append(f"memory via={via} games={i + 1} rss_mb={rss_mb():.0f}")
        gc.collect()
        lines.append(f"memory via={via} games={GAMES} rss_mb={rss_mb():.0f}")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line, flush=True)
