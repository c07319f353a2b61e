"""Design §4: the same seed makes the same game on every machine, whatever shapely version the project
allows is installed (issue 30 §0).

A short seeded game of every bundled scenario is played by `python -m game simulate` twice: under the
shapely of this environment (the newest: the project sets no upper bound) and under the oldest that
pyproject.toml allows, installed once with pip into a cache folder beside the tests and reused. Their
summary lines (winner, turns, state hash) must agree. Without a network the oldest shapely cannot be
installed: the test is skipped, saying so.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.io.scenario_file import bundled_scenarios

ROOT = Path(__file__).resolve().parents[2]
SEED, TURNS, PLAYERS = 7, 3, "easy"

# run in a child process: every bundled scenario through the CLI's own `simulate`, one summary line each
PLAY_ALL = """
import contextlib, io, sys
from game.cli import main
for name in sys.argv[1:]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["simulate", name, "--seed", "{seed}", "--max-turns", "{turns}", "--players", "{players}"])
    print(name, out.getvalue().strip().splitlines()[-1], flush=True)
""".format(seed=SEED, turns=TURNS, players=PLAYERS)


def oldest_allowed_shapely() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'"shapely>=([0-9.]+)', text)
    assert found, "pyproject.toml names no lower bound for shapely"
    return found.group(1)


@pytest.fixture(scope="session")
def oldest_shapely_path(request) -> Path:
    """A folder holding the oldest allowed shapely (pip install --target), put first on PYTHONPATH."""
    version = oldest_allowed_shapely()
    folder = Path(request.config.cache.mkdir(f"shapely-{version}"))
    done = folder / "installed"
    if not done.exists():
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
               "--upgrade", "--target", str(folder), f"shapely=={version}"]
        try:
            result = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as exc:
            pytest.skip(f"shapely {version} could not be installed to compare with ({exc})")
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or ["pip failed"])[-1]
            pytest.skip(f"shapely {version} could not be installed to compare with (no network?): {last}")
        done.write_text(version, encoding="utf-8")
    return folder


def _play_all(extra_path: Path | None) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(p) for p in (extra_path, ROOT) if p is not None] + [os.environ.get("PYTHONPATH", "")]))
    names = [name for name, _, _ in bundled_scenarios(user=False)]
    return subprocess.Popen([sys.executable, "-c", PLAY_ALL, *names], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _lines(proc: subprocess.Popen) -> dict[str, str]:
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err[-2000:]
    return dict(line.split(" ", 1) for line in out.splitlines() if line.strip())


def test_seeded_games_agree_under_the_oldest_and_newest_allowed_shapely(oldest_shapely_path):
    version = oldest_allowed_shapely()
    check = subprocess.run([sys.executable, "-c", "import shapely; print(shapely.__version__)"],
                           env=dict(os.environ, PYTHONPATH=f"{oldest_shapely_path}{os.pathsep}{ROOT}"),
                           capture_output=True, text=True, check=True)
    installed = [int(n) for n in check.stdout.strip().split(".")[:3]]
    assert installed == [int(n) for n in (version.split(".") + ["0", "0"])[:3]]
    newest, oldest = _play_all(None), _play_all(oldest_shapely_path)   # the two run side by side
    here, there = _lines(newest), _lines(oldest)
    names = [name for name, _, _ in bundled_scenarios(user=False)]
    assert sorted(here) == sorted(there) == sorted(names)
    differ = {n: (here[n], there[n]) for n in names if here[n] != there[n]}
    assert not differ, f"seed {SEED}, {PLAYERS}, {TURNS} turns: newest shapely vs {version}: {differ}"
