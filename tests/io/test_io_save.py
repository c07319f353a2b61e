"""Design §6: saves embed the scenario, hold the seed and the actions (the truth), replay on load,
are written atomically (temp file, fsync, os.replace) and live in the user's data folder."""
from __future__ import annotations

import json
import os
import time
import re

import pytest

from game.engine import game as engine
from game.engine.actions import Pass
from game.io import paths, save_file, validate
from game.io.errors import FileProblem
from game.io.save_file import (autosave_path, list_saves, load_save, resume, save_game, saves_dir,
                               settings_path)
from game.io.scenario_file import scenario_from_doc


def play(state, n):
    """n actions by the first legal option, returned as the action list."""
    actions = []
    for _ in range(n):
        option = engine.legal_actions(state)[0]
        engine.apply(state, option.action)
        actions.append(option.action)
    return actions


@pytest.fixture
def game(toy_ruleset, doc):
    scenario = scenario_from_doc(doc, "toy.json")
    state = engine.new_game(scenario, seed=1234, options={"fog": True})
    return state, play(state, 3)


@pytest.fixture
def saved(game):
    state, actions = game
    path = save_game(saves_dir() / "game.json", state, actions, players=["human", "random"], label="lunch")
    return path, state, actions


def edit(path, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_round_trip_restores_the_same_state(saved):
    path, state, actions = saved
    save = load_save(path)
    assert (save.ruleset, save.seed, save.players, save.label, save.turn) == \
        ("io-toy", 1234, ["human", "random"], "lunch", state.turn)
    assert save.options == state.options and save.options["fog"] is True
    assert save.actions == actions
    assert save.scenario.raw == state.scenario.raw
    resumed = resume(save)
    assert engine.state_hash(resumed) == engine.state_hash(state) == save.state_hash


def test_a_resumed_game_continues_exactly_as_the_uninterrupted_one(saved):
    path, state, _ = saved
    resumed = resume(load_save(path))
    play(state, 2)
    play(resumed, 2)
    assert engine.result(state) is not None
    assert engine.state_hash(resumed) == engine.state_hash(state)
    assert engine.result(resumed) == engine.result(state)


def test_the_save_is_plain_json_with_the_scenario_embedded(saved, doc):
    path, state, _ = saved
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "skirmish-table/save" and data["version"] == 1
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", data["saved_at"])
    assert data["scenario"] == doc            # a save never depends on a map file that may change
    assert data["actions"] == [{"type": "Pass", "side": 0}] * 3
    assert data["seed"] == 1234 and data["turn"] == state.turn == 4
    assert data["state_hash"] == engine.state_hash(state)


def test_a_finished_game_round_trips(toy_ruleset, doc):
    state = engine.new_game(scenario_from_doc(doc, "toy.json"), seed=7)
    actions = play(state, 5)
    assert engine.to_act(state) is None
    resumed = resume(load_save(save_game(saves_dir() / "end.json", state, actions)))
    assert engine.result(resumed) == engine.result(state)


def test_a_save_needs_every_action(game):
    state, actions = game
    with pytest.raises(ValueError, match="3 given|2 given"):
        save_game(saves_dir() / "x.json", state, actions[:2])


@pytest.mark.parametrize("breaks", ["json.dumps", "os.replace", "os.fsync"])
def test_a_failed_write_leaves_the_previous_save_intact(saved, monkeypatch, breaks):
    path, state, actions = saved
    before = path.read_bytes()
    more = actions + play(state, 1)
    module, name = breaks.split(".")
    target = {"json": save_file.json, "os": save_file.os}[module]

    def fail(*args, **kwargs):
        raise RuntimeError("the disk caught fire")
    monkeypatch.setattr(target, name, fail)
    with pytest.raises(RuntimeError):
        save_game(path, state, more)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"]   # no temp file left
    assert load_save(path).actions == actions


def test_a_failed_first_write_leaves_nothing(game, tmp_path, monkeypatch):
    state, actions = game
    monkeypatch.setattr(save_file.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(28, "No space")))
    with pytest.raises(FileProblem, match=r"new\.json: expected a writable place for the save \(No space\)"):
        save_game(tmp_path / "new.json", state, actions)
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_place_is_a_file_problem(game, tmp_path):
    state, actions = game
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(FileProblem, match="expected a writable place for the save"):
        save_game(blocker / "save.json", state, actions)


def test_actions_that_do_not_reproduce_the_saved_state(saved):
    path, _, _ = saved
    edit(path, lambda d: d.update(state_hash="0123456789abcdef"))
    with pytest.raises(FileProblem) as info:
        resume(load_save(path))
    assert re.fullmatch(rf"{re.escape(str(path))}: state_hash: the actions do not reproduce the saved state "
                        r"\(hash 0123456789abcdef, replayed [0-9a-f]{16}\)", str(info.value))


def test_an_illegal_action_is_named_by_its_place(saved):
    path, _, _ = saved
    edit(path, lambda d: d["actions"].__setitem__(1, {"type": "Pass", "side": 1}))
    with pytest.raises(FileProblem, match=r": actions\[1\]: expected a legal action on replay"):
        resume(load_save(path))


@pytest.mark.parametrize("action, expected", [
    ({"type": "Fly", "side": 0}, "type: expected an action of io-toy (Pass), got 'Fly'"),
    ({"type": ["Pass"]}, "type: expected an action of io-toy (Pass), got an array of 1"),
    ({"side": 0}, "type: expected an action of io-toy (Pass), got none"),
    ({"type": "Pass", "side": "0"}, "side: expected a whole number, got '0'"),
    ({"type": "Pass", "side": True}, "side: expected a whole number, got true"),
    ({"type": "Pass", "wings": 2}, "wings: expected a field of Pass (side)"),
    ([1, 2], "expected an object"),
])
def test_an_unknown_action_is_named_by_its_place(saved, action, expected):
    path, _, _ = saved
    edit(path, lambda d: d["actions"].__setitem__(2, action))
    with pytest.raises(FileProblem) as info:
        load_save(path)
    assert str(info.value).startswith(f"{path}: actions[2]")
    assert expected in str(info.value)


@pytest.mark.parametrize("change, place, expected", [
    (lambda d: d["scenario"]["units"][0].update(x=500), "scenario.units[0].x", "inside the table"),
    (lambda d: d["scenario"].update(version=3), "scenario.version", "newer Skirmish Table"),
    (lambda d: d.update(version=2), "version", "newer Skirmish Table"),
    (lambda d: d.update(ruleset="chess"), "ruleset", "expected the scenario's ruleset 'io-toy'"),
    (lambda d: d.update(options={"pace": "crawl"}), "options.pace", "must be one of"),
    (lambda d: d.update(seed="1234"), "seed", "expected a whole number, got a string '1234'"),
    (lambda d: d.update(saved_at="yesterday"), "saved_at", "ISO 8601"),
    (lambda d: d.update(state_hash="XYZ"), "state_hash", "expected"),
    (lambda d: d.pop("actions"), "actions", "missing"),
    (lambda d: d.update(cheat=True), "cheat", "unknown field"),
])
def test_a_bad_save_names_the_place(saved, change, place, expected):
    path, _, _ = saved
    edit(path, change)
    with pytest.raises(FileProblem) as info:
        load_save(path)
    assert str(info.value).startswith(f"{path}: {place}: "), str(info.value)
    assert expected in str(info.value)


def test_validate_replays_a_save(saved, capsys):
    path, _, _ = saved
    assert validate.main([str(path)]) == 0
    assert capsys.readouterr().out == "ok: save of toy-raid for ruleset io-toy (3 actions, turn 4)\n"
    edit(path, lambda d: d.update(state_hash="0123456789abcdef"))
    assert validate.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: state_hash: the actions do not reproduce the saved state")


def test_folders_come_from_the_environment_override(io_home):
    assert saves_dir() == io_home / "saves" and saves_dir().is_dir()
    assert autosave_path() == io_home / "saves" / "autosave.json"
    assert settings_path() == io_home / "settings.json"


def test_folders_default_to_the_user_folders(monkeypatch, tmp_path):
    monkeypatch.delenv("SKIRMISH_TABLE_HOME")
    for kind in ("data", "config"):
        monkeypatch.setattr(paths.platformdirs, f"user_{kind}_dir",
                            lambda app, appauthor=None, kind=kind: str(tmp_path / f"{kind}-{app}"))
    assert saves_dir() == tmp_path / "data-skirmish-table" / "saves" and saves_dir().is_dir()
    assert settings_path() == tmp_path / "config-skirmish-table" / "settings.json"


def test_list_saves_newest_first_skipping_unreadable_files(game):
    state, actions = game
    for name, when in (("old.json", "2024-01-01T10:00:00Z"), ("new.json", "2025-06-01T09:30:00Z"),
                       ("mid.json", "2024-12-24T18:00:00+00:00")):
        path = save_game(saves_dir() / name, state, actions, label=name)
        edit(path, lambda d: d.update(saved_at=when))
    (saves_dir() / "broken.json").write_bytes(b"\x00garbage")
    (saves_dir() / "scenario.json").write_text('{"format": "skirmish-table/scenario"}')
    listed = list_saves()
    assert [p.name for p, _ in listed] == ["new.json", "mid.json", "old.json"]
    summary = listed[0][1]
    assert (summary.title, summary.scenario, summary.turn, summary.label, summary.actions) == \
        ("Toy raid", "toy-raid", 4, "new.json", 3)


def test_opening_the_saves_folder_clears_stale_temporary_files_but_not_a_save_in_progress(game):
    """A crash in the middle of a save leaves `.autosave.json.*.tmp`: older than a minute, it goes
    when the saves folder is opened; a fresh one (a save being written now) and other files stay."""
    state, actions = game
    save_game(autosave_path(), state, actions)
    stale, fresh = saves_dir() / ".autosave.json.a1b2.tmp", saves_dir() / ".autosave.json.c3d4.tmp"
    other = saves_dir() / "notes.tmp"
    for f in (stale, fresh, other):
        f.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    assert [p.name for p, _ in list_saves()] == ["autosave.json"]
    assert not stale.exists() and fresh.exists() and other.exists()


def test_autosave_replaces_the_previous_one(game):
    state, actions = game
    first = save_game(autosave_path(), state, actions)
    more = actions + play(state, 1)
    second = save_game(autosave_path(), state, more)
    assert first == second and len(load_save(second).actions) == 4
    assert [p.name for p in saves_dir().iterdir()] == ["autosave.json"]


def test_pass_actions_are_rebuilt_as_the_rulesets_classes(saved):
    path, _, _ = saved
    assert all(type(a) is Pass for a in load_save(path).actions)
    assert os.path.basename(load_save(path).source) == "game.json"
