"""Design §6 (contract): `python -m game validate FILE` exits 0 with one line naming the kind of
file and the ruleset id, or exits 2 with one line naming the file, the place and the expectation."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import resources
from game.io import validate

ROOT = Path(__file__).resolve().parents[2]


def test_a_good_scenario(toy_ruleset, doc, write, capsys):
    assert validate.main([str(write(doc))]) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ("ok: scenario toy-raid for ruleset io-toy\n", "")


def test_a_bundled_scenario_by_name(toy_ruleset, doc, tmp_path, monkeypatch):
    (tmp_path / "toy-raid.json").write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(resources, "maps_dir", lambda: tmp_path)
    monkeypatch.chdir(tmp_path.parent)
    assert validate.validate_file("toy-raid") == "ok: scenario toy-raid for ruleset io-toy"


def test_neither_scenario_nor_save(write, capsys):
    path = write({"type": "map", "tiledversion": "1.10"})
    assert validate.main([str(path)]) == 2
    assert capsys.readouterr().err == (f"error: {path}: format: expected 'skirmish-table/scenario' or "
                                       f"'skirmish-table/save', no format header\n")


def test_a_scenario_the_ruleset_cannot_set_up(toy_ruleset, doc, write, capsys, monkeypatch):
    def setup(self, state):
        raise KeyError("rating")
    monkeypatch.setattr(type(toy_ruleset), "setup", setup)
    path = write(doc)
    assert validate.main([str(path)]) == 2
    assert capsys.readouterr().err == (f"error: {path}: (scenario): expected a scenario the ruleset can set up "
                                       f"(KeyError: 'rating')\n")


@pytest.mark.parametrize("argv, code", [([], 2), (["a.json", "b.json"], 2), (["--help"], 0)])
def test_usage(argv, code, capsys):
    assert validate.main(argv) == code
    out, err = capsys.readouterr()
    assert (out + err).startswith("usage: python -m game validate FILE")


def test_the_last_resort_still_gives_one_line_naming_the_file(monkeypatch, capsys):
    def explode(path):
        raise RuntimeError("a bug\nwith two lines")
    monkeypatch.setattr(validate, "validate_file", explode)
    assert validate.main(["odd.json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "error: odd.json: could not be checked (RuntimeError: a bug\\x0awith two lines)\n"


def run_validate(path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "game.io.validate", str(path)], capture_output=True,
                          text=True, timeout=60, cwd=ROOT, env=env)


def test_no_traceback_from_a_fresh_process(tmp_path):
    """The whole boundary in a real process: deep nesting must not reach a RecursionError traceback."""
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    proc = run_validate(path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"error: {path}: line 1 column 65: expected at most 64 levels of nesting\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_hang(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    proc = run_validate(path)
    assert proc.returncode == 2
    assert proc.stderr == f"error: {path}: expected a regular file\n"


def test_a_bundled_scenario_must_carry_its_files_name(toy_ruleset, make_doc, tmp_path, monkeypatch, capsys):
    (tmp_path / "toy-raid.json").write_text(json.dumps(make_doc(name="other-raid")), encoding="utf-8")
    monkeypatch.setattr(resources, "maps_dir", lambda: tmp_path)
    assert validate.main(["toy-raid"]) == 2
    assert capsys.readouterr().err == ("error: maps/toy-raid.json: name: expected 'toy-raid' (the file's name), "
                                       "got 'other-raid'\n")
