"""Issue 30 §3: "260 kill -9s during saves left 56 temporary files ... Clean the temporaries of earlier
processes wherever the game writes, and test it with kills." Real processes write saves (the game's
own atomic writer, a save of a few MB so that a kill lands inside a write) and are killed with
SIGKILL while a temporary is on disk; then the game starts (simulate --save beside the same file,
the main menu for the saves folder) and no temporary is left."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.io.paths import clean_stale_temp_files

ROOT = Path(__file__).resolve().parents[2]
WRITER = """
import sys
from game.io.save_file import write_json_atomic
doc = {"actions": [{"type": "Move", "actor": "u%d" % i, "x": i * 0.5, "y": 1.25} for i in range(120000)]}
while True:
    write_json_atomic(sys.argv[1], doc)
"""
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="kill -9 is POSIX")


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT), SKIRMISH_TABLE_HOME=str(home), SDL_VIDEODRIVER="dummy",
                SDL_AUDIODRIVER="dummy")


def temporaries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".tmp"))


def kill_while_writing(target: Path, env: dict[str, str], kills: int = 3) -> int:
    """Start a writer, wait until one of its temporaries is on disk, SIGKILL it; `kills` times.
    Returns how many temporaries the killed writers left."""
    for _ in range(kills):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], env=env, cwd=ROOT)
        try:
            for _ in range(2_000_000):
                if proc.poll() is not None:
                    raise AssertionError(f"the writer stopped by itself ({proc.returncode})")
                if any(p.name.startswith(f".{target.name}.{proc.pid}.") for p in temporaries(target.parent)):
                    break
            os.kill(proc.pid, signal.SIGKILL)
        finally:
            proc.kill()
            proc.wait()
    return len(temporaries(target.parent))


def test_temporaries_beside_a_save_elsewhere_go_at_the_next_start(tmp_path):
    elsewhere = tmp_path / "my games"
    elsewhere.mkdir()
    target = elsewhere / "long.json"
    env = _env(tmp_path / "home")
    left = kill_while_writing(target, env)
    assert left >= 1                                   # the kills did land inside writes
    run = subprocess.run([sys.executable, "-m", "game", "simulate", "risus-meeting-engagement", "--seed", "1",
                          "--stop-after", "3", "--save", str(target)], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert temporaries(elsewhere) == []                # 0 temporaries left
    assert "skirmish-table/save" in target.read_text(encoding="utf-8")


def test_temporaries_in_the_saves_folder_go_when_the_game_opens(tmp_path):
    home = tmp_path / "home"
    saves = home / "saves"
    saves.mkdir(parents=True)
    env = _env(home)
    left = kill_while_writing(saves / "autosave-risus-meeting-engagement-20261126-101010.json", env)
    assert left >= 1
    run = subprocess.run([sys.executable, "-m", "game", "play", "--frames", "2"], env=env, cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert temporaries(saves) == []


def test_a_write_going_on_in_a_live_process_is_never_touched(tmp_path):
    """Only the temporaries of processes that are gone (or older than a minute) are cleared."""
    mine = tmp_path / f".game.json.{os.getpid()}.abc123.tmp"
    gone = tmp_path / ".game.json.999999999.def456.tmp"
    other = tmp_path / ".not-ours.tmp"
    for p in (mine, gone, other):
        p.write_text("{", encoding="utf-8")
    removed = clean_stale_temp_files(tmp_path)
    assert removed == [gone] and mine.exists() and other.exists()
