"""Issue 24 §2.3: each game's own autosave slot, Continue's choice among them, old saves still loaded,
and the fast load (a replay without the option search, its end checked by the saved hash) giving
exactly the game the checked replay gives, a tampered or mismatching file falling back to the checked
replay and refused with the place of the problem."""
from __future__ import annotations

import datetime as dt
import json
import os

import pytest

from game import simulate
from game.engine import game as engine
from game.engine.state import state_hash
from game.io.errors import FileProblem
from game.io.paths import autosave_path, autosave_slot, latest_autosave, saves_dir
from game.io.save_file import list_saves, load_save, resume, save_game
from game.io.scenario_file import load_scenario
from game.ui.session import Session


def test_a_slot_is_named_by_scenario_and_start_time():
    when = dt.datetime(2026, 11, 26, 10, 5, 12)
    assert autosave_slot("risk-to-take-campaign-two-crowns", when).name == \
        "autosave-risk-to-take-campaign-two-crowns-20261126-100512.json"
    assert autosave_slot("../my game", when).name == "autosave-___my_game-20261126-100512.json"
    assert autosave_slot("x", when).parent == saves_dir()


@pytest.fixture(scope="module")
def game():
    """Thirty actions of a bundled game, by the AI."""
    state = engine.new_game(load_scenario("risus-meeting-engagement"), 5, {})
    sim = simulate.run(state, ["normal"], stop_after=30)
    return sim.state, sim.actions


def test_continue_takes_the_autosave_written_last_the_old_single_one_too(game):
    state, actions = game
    old = save_game(autosave_path(), state, actions)                       # an earlier version's autosave
    a = save_game(autosave_slot("risus-meeting-engagement", dt.datetime(2026, 1, 1)), state, actions)
    b = save_game(autosave_slot("risus-meeting-engagement", dt.datetime(2026, 1, 2)), state, actions)
    for path, age in ((old, 300), (a, 100), (b, 200)):
        os.utime(path, (1_800_000_000 - age, 1_800_000_000 - age))
    assert latest_autosave() == a                        # the one written last, not the last begun
    os.utime(old, (1_900_000_000, 1_900_000_000))
    assert latest_autosave() == old
    assert {p for p, _ in list_saves()} == {old, a, b}   # every slot in the Load screen
    assert len(Session.from_save(load_save(old), source=str(old)).history) == len(actions)


def test_the_fast_load_is_the_checked_replay(game, tmp_path):
    """The same state, the same log, the same moments, at each action."""
    state, actions = game
    path = save_game(tmp_path / "g.json", state, actions)
    save = load_save(path)
    fast = Session.from_save(save, source=str(path))
    checked = Session(save.scenario, save.seed, save.options, save.players, save.actions)
    assert state_hash(fast.state) == state_hash(checked.state) == save.state_hash
    assert fast.log_lines() == checked.log_lines()
    assert [d.side for d in fast.history] == [d.side for d in checked.history]
    assert [state_hash(m) for m in fast.moments] == [state_hash(m) for m in checked.moments]
    assert state_hash(resume(save)) == save.state_hash


def _edit(path, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_a_save_whose_hash_does_not_match_is_refused_with_the_place(game, tmp_path):
    state, actions = game
    path = save_game(tmp_path / "g.json", state, actions)
    _edit(path, lambda d: d.__setitem__("state_hash", "0123456789abcdef"))
    with pytest.raises(FileProblem, match=r"state_hash: the actions do not reproduce the saved state"):
        Session.from_save(load_save(path), source=str(path))


def test_a_tampered_action_falls_back_to_the_checked_replay_and_is_named(game, tmp_path):
    """An action the fast replay would apply (a Pass of the other side): the hash check or the cheap
    check sends it to the checked replay, which names it."""
    state, actions = game
    path = save_game(tmp_path / "g.json", state, actions)
    doc = json.loads(path.read_text(encoding="utf-8"))
    i = next(i for i, a in enumerate(doc["actions"]) if a.get("actor") in state.units)
    side = state.units[doc["actions"][i]["actor"]].side
    _edit(path, lambda d: d["actions"].__setitem__(i, {"type": "Pass", "side": 1 - side}))
    with pytest.raises(FileProblem, match=rf"actions\[{i}\]: expected a legal action on replay"):
        Session.from_save(load_save(path), source=str(path))
    with pytest.raises(FileProblem, match=rf"actions\[{i}\]"):
        resume(load_save(path))


def test_a_save_without_a_hash_is_replayed_with_every_check(game, tmp_path):
    """Old or hand-made saves without a hash still load (nothing to confirm a fast replay by)."""
    state, actions = game
    path = save_game(tmp_path / "g.json", state, actions)
    _edit(path, lambda d: d.pop("state_hash"))
    session = Session.from_save(load_save(path), source=str(path))
    assert state_hash(session.state) == state_hash(state)
