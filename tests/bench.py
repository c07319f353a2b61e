"""`make bench`: every performance figure, one line each: `<name> key=value ...` (design §10).

Speed is measured here, never asserted in a timed test. Each module's `run()` returns its lines.
"""
from __future__ import annotations

import importlib
import os
import sys
import tempfile
import traceback

BENCHES = (
    "game.geometry.bench",
    "game.engine.bench_odds",
    "game.ui.bench",
    "game.ui.bench_idle",            # issue 30 §4: a game at rest rests
    "game.ai.bench",
    "build_scripts.bench",
    "tests.bench_saves",             # issue 24 §2.3: opening the longest campaign's save
    "tests.bench_selfplay",          # issue 12: self-play of every bundled scenario
    "tests.bench_memory",            # issue 30 §4: memory over 50 games, through the engine and the Session
    "game.net.bench",                # issue 29: 50 network games at once on one server
)


def main() -> int:
    # the bundled scenarios only: the player's own folder (scenarios made in the editor, saves) is an empty
    # one of our own, so every machine measures the same and nothing is written among the player's files
    home = tempfile.TemporaryDirectory(prefix="skirmish-bench-")
    os.environ["SKIRMISH_TABLE_HOME"] = home.name
    failed = 0
    for name in BENCHES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name and name.startswith(exc.name):
                print(f"# {name}: not built yet")
                continue
            raise
        try:
            for line in module.run():
                print(line, flush=True)
        except Exception:
            failed += 1
            print(f"# {name} failed:", file=sys.stderr)
            traceback.print_exc()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
