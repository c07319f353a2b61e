"""`make bench`: opening a long save (issue 24 §2.3). The longest bundled campaign (the one with the
most actions at a fixed seed) is played to its end by the AI and saved; then it is opened as `play
SAVE` opens it (read, replayed without the option search, checked by the saved hash, made a
session) and as it was opened before (a checked replay, then a session replaying it again with
every check and a clone of the state after each action), in the same run.

    save-load actions=N ms=.. cpu_ms=.. old_ms=.. old_cpu_ms=.. scenario=..
"""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

SEED = 7


def campaign_names() -> list[str]:
    from game.engine import registry
    from game.io.scenario_file import bundled_scenarios
    return [name for name, ruleset, _title in bundled_scenarios(user=False)
            if ruleset in registry.known() and registry.get(ruleset).nests]


def played_to_the_end(name: str, seed: int = SEED):
    """The campaign played by the normal AI on every side to its end: (state, actions, players)."""
    from game import simulate
    from game.engine import game as engine
    from game.io.scenario_file import load_scenario
    state = engine.new_game(load_scenario(name), seed, {})
    sim = simulate.run(state, ["normal"])
    return sim.state, sim.actions, sim.players


def longest_save(folder: Path) -> tuple[Path, str, int]:
    from game.io.save_file import save_game
    best = None
    for name in campaign_names():
        state, actions, players = played_to_the_end(name)
        if best is None or len(actions) > best[2]:
            best = (name, (state, actions, players), len(actions))
    assert best is not None, "no bundled campaign"
    name, (state, actions, players), n = best
    path = save_game(folder / f"{name}.json", state, actions, players)
    return path, name, n


def open_now(path: Path):
    from game.io.save_file import load_save
    from game.ui.session import Session
    return Session.from_save(load_save(path), source=str(path))


def open_before(path: Path):
    """The path of before: `resume` with every check, then a session replaying it checked again."""
    from game.io.save_file import _replay, load_save
    from game.ui.session import Session
    save = load_save(path)
    _replay(save, checked=True)
    return Session(save.scenario, save.seed, dict(save.options), list(save.players), list(save.actions))


def _ms(fn, path: Path) -> tuple[float, float]:
    """Wall and CPU milliseconds (on a machine shared with other work the CPU time is the steadier)."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn(path)
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def run() -> list[str]:
    from game.rulesets import load_all
    load_all()
    with tempfile.TemporaryDirectory() as folder:
        path, name, n = longest_save(Path(folder))
        open_now(path)                              # warm: imports and the rulesets' caches
        now, cpu = min(_ms(open_now, path) for _ in range(3))
        before, before_cpu = _ms(open_before, path)
    return [f"save-load actions={n} ms={now:.0f} cpu_ms={cpu:.0f} old_ms={before:.0f} old_cpu_ms={before_cpu:.0f} "
            f"scenario={name}"]


if __name__ == "__main__":
    for line in run():
        print(line)
