"""`python -m game play`: N frames then a screenshot and exit 0; a malformed file gives a message on
screen and on stderr and exit 2, never a traceback."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import toy_scenario

from game.ui.app import run_app

ROOT = Path(__file__).resolve().parents[2]


def test_play_a_scenario_file_for_some_frames_and_save_the_last(toy_ruleset, tmp_path):
    scenario = tmp_path / "toy.json"
    scenario.write_text(json.dumps(toy_scenario().raw), encoding="utf-8")
    png = tmp_path / "shot.png"
    assert run_app(str(scenario), frames=5, screenshot=str(png)) == 0
    assert png.is_file() and png.stat().st_size > 1000


def test_the_main_menu_for_some_frames(tmp_path):
    png = tmp_path / "menu.png"
    assert run_app(None, frames=3, screenshot=str(png)) == 0
    assert png.is_file()


def test_a_malformed_file_gives_a_message_and_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skirmish-table/scenario", "version": 1, "name": ', encoding="utf-8")
    png = tmp_path / "bad.png"
    assert run_app(str(bad), frames=4, screenshot=str(png)) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "Traceback" not in err
    assert png.is_file()


def test_a_malformed_file_on_the_command_line(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_bytes(b"\x00\xff not json at all")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               SKIRMISH_TABLE_HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, "-m", "game", "play", str(bad), "--frames", "3",
                           "--screenshot", str(tmp_path / "x.png")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "broken.json" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_the_error_screen_shows_the_problem(app, tmp_path):
    bad = tmp_path / "wrong.json"
    bad.write_text("[1, 2, 3]", encoding="utf-8")
    assert not app.open_target(str(bad))
    app.step()
    assert app.top.name == "error" and app.exit_code == 2
    assert any("wrong.json" in t for t in app.fonts.frame_texts)


def test_play_refuses_a_save_whose_actions_do_not_reproduce_its_hash(toy_ruleset, tmp_path, capsys):
    """`play SAVE` checks the save's integrity as `validate` and `simulate --load` do: one line, exit 2."""
    from game.engine import game as engine
    from game.io.save_file import save_game
    state = engine.new_game(toy_scenario(), seed=3)
    path = save_game(tmp_path / "game.json", state, [])
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["state_hash"] = "0" * 16
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert run_app(str(path), frames=3) == 2
    err = capsys.readouterr().err
    assert "game.json: state_hash: the actions do not reproduce the saved state" in err
    assert err.count("\n") == 1 and "Traceback" not in err
