"""Issue 29: the action journal beside a save (game/io/journal.py). A game is its save followed by its
journal's lines; a line a crash cut short is ignored with a note; a line that does not replay is
named; a journal of another game is refused; a whole save makes the journal before it obsolete."""
from __future__ import annotations

import json
import os
import re

import pytest

from game.engine import game as engine
from game.engine.state import state_hash
from game.io.errors import FileProblem
from game.io.journal import Checkpoint, Journal, game_key, journal_path, read_journal
from game.io.save_file import action_json, load_save, resume, save_game, saves_dir
from game.io.scenario_file import scenario_from_doc

SAVED, JOURNALED = 3, 6          # actions in the save written whole, then in the journal after it


def play_one(state):
    option = engine.legal_actions(state)[0]
    engine.apply(state, option.action)
    return option.action


@pytest.fixture
def journaled(toy_ruleset, doc):
    doc["turn_limit"] = 20
    """A game saved whole after SAVED actions, then JOURNALED more in its journal (every other line
    with the state hash after it, as a referee writes one line in a few with it)."""
    state = engine.new_game(scenario_from_doc(doc, "toy.json"), seed=1234)
    actions = [play_one(state) for _ in range(SAVED)]
    path = save_game(saves_dir() / "game.json", state, actions, players=["human", "human"])
    journal = Journal.start(journal_path(path), game_key(state.ruleset_id, state.scenario.name, state.seed),
                            len(actions))
    for i in range(JOURNALED):
        actions.append(play_one(state))
        journal.append(action_json(actions[-1], state.ruleset_id),
                       Checkpoint(state_hash(state), state.turn) if i % 2 else None)
    journal.sync()
    return path, state, actions


def lines_of(path):
    return journal_path(path).read_text(encoding="ascii").splitlines()


def write_lines(path, lines, end="\n"):
    journal_path(path).write_text("\n".join(lines) + end, encoding="ascii")


def test_a_save_and_its_journal_load_as_one_game(journaled):
    path, state, actions = journaled
    save = load_save(path)
    assert save.actions == actions and save.journal.first == SAVED and save.journal.note == ""
    assert save.journal.lines == list(range(2, 2 + JOURNALED))
    assert state_hash(resume(save)) == state_hash(state)
    assert json.loads(lines_of(path)[0]) == {"format": "skirmish-table-journal", "version": 1,
                                             "game": game_key("io-toy", state.scenario.name, 1234), "base": SAVED}


def test_a_resumed_game_goes_on_as_the_uninterrupted_one(journaled):
    path, state, _ = journaled
    resumed = resume(load_save(path))
    play_one(resumed), play_one(state)
    assert state_hash(resumed) == state_hash(state)


def test_a_line_cut_short_by_a_crash_is_ignored_with_a_note(journaled):
    path, state, actions = journaled
    lines = lines_of(path)
    write_lines(path, lines[:-1] + [lines[-1][:17]], end="")          # the last line's write cut short
    save = load_save(path)
    assert save.actions == actions[:-1]
    assert save.journal.note == (f"{journal_path(path)}: line {len(lines)}: cut short (the process stopped "
                                 "while writing it); its action was never acknowledged to anyone: ignored")
    resumed = resume(save)
    assert resumed.action_count == len(actions) - 1
    assert state_hash(resumed) == state_hash(engine.replay(state.scenario, 1234, None, actions[:-1]))


def test_a_whole_line_that_is_not_json_is_refused_by_its_number(journaled):
    path, _, _ = journaled
    lines = lines_of(path)
    write_lines(path, lines[:3] + [lines[3][:10]] + lines[4:])
    with pytest.raises(FileProblem, match=re.escape(f"{journal_path(path)}: line 4: invalid JSON")):
        load_save(path)


def test_an_action_that_does_not_replay_names_its_line(journaled):
    path, _, _ = journaled
    lines = lines_of(path)
    bad = json.loads(lines[4])
    bad["action"]["side"] = 1 - bad["action"]["side"]              # the other side's pass: not its turn
    write_lines(path, lines[:4] + [json.dumps(bad)] + lines[5:])
    with pytest.raises(FileProblem, match=re.escape(f"{journal_path(path)}: line 5: expected a legal action on replay")):
        resume(load_save(path))


def test_a_state_hash_the_lines_do_not_reproduce_names_its_line(journaled):
    path, _, _ = journaled
    lines = lines_of(path)
    bad = json.loads(lines[2])
    assert "hash" in bad
    bad["hash"] = "0123456789abcdef"
    write_lines(path, lines[:2] + [json.dumps(bad)] + lines[3:])
    with pytest.raises(FileProblem) as info:
        resume(load_save(path))
    assert re.fullmatch(rf"{re.escape(str(journal_path(path)))}: line 3: the actions do not reproduce the state hash "
                        r"written with this line \(hash 0123456789abcdef, replayed [0-9a-f]{16}\)", str(info.value))


@pytest.mark.parametrize("change, place, expected", [
    (lambda d: d.update(game="0" * 16), "line 1.game", "expected the journal of this save's game"),
    (lambda d: d.update(version=2), "line 1.version", "expected 1, got 2"),
    (lambda d: d.update(format="something"), "line 1", "expected a journal's header"),
    (lambda d: d.update(base=SAVED + 1), "line 1.base", "expected a journal starting at most at the save's"),
])
def test_a_journal_of_another_game_or_kind_is_refused(journaled, change, place, expected):
    path, _, _ = journaled
    lines = lines_of(path)
    header = json.loads(lines[0])
    change(header)
    skipped = header.get("base", SAVED) - SAVED           # a journal that begins after the save's end
    write_lines(path, [json.dumps(header)] + lines[1 + skipped:])
    with pytest.raises(FileProblem, match=re.escape(f"{journal_path(path)}: {place}: {expected}")):
        load_save(path)


def test_the_journal_of_a_game_of_another_seed_is_refused(journaled, doc):
    path, _, _ = journaled
    other = engine.new_game(scenario_from_doc(doc, "toy.json"), seed=99)
    moves = [play_one(other) for _ in range(SAVED)]
    elsewhere = save_game(saves_dir() / "other.json", other, moves)
    journal_path(elsewhere).write_bytes(journal_path(path).read_bytes())
    with pytest.raises(FileProblem, match=r"other.journal: line 1.game: expected the journal of this save's game"):
        load_save(elsewhere)


def test_lines_the_save_already_holds_are_passed_over_when_they_are_its_own(journaled):
    """Killed after the save was written whole and before the journal began again: the old journal's
    lines up to the save's end are the save's own actions."""
    path, state, actions = journaled
    old_journal = journal_path(path).read_bytes()
    save_game(path, state, actions, players=["human", "human"])
    assert not journal_path(path).exists()        # a whole save: the journal before it is done with
    journal_path(path).write_bytes(old_journal)
    save = load_save(path)
    assert save.actions == actions and save.journal is None
    assert state_hash(resume(save)) == state_hash(state)


def test_a_line_the_save_holds_otherwise_is_refused(journaled):
    path, state, actions = journaled
    lines = lines_of(path)
    save_game(path, state, actions, players=["human", "human"])
    bad = json.loads(lines[2])
    bad["action"]["side"] = 1 - bad["action"]["side"]
    write_lines(path, lines[:2] + [json.dumps(bad)] + lines[3:])
    with pytest.raises(FileProblem, match=r"game.journal: line 3: expected the save's action 4: this journal "
                                          r"does not follow this save"):
        load_save(path)


def test_lines_must_follow_each_other(journaled):
    path, _, _ = journaled
    lines = lines_of(path)
    write_lines(path, lines[:2] + lines[3:])
    with pytest.raises(FileProblem, match=r"game.journal: line 3.n: expected action 4 \(the lines follow each other\)"):
        load_save(path)


def test_reading_a_journal_alone(journaled):
    path, state, actions = journaled
    read = read_journal(journal_path(path), game_key("io-toy", state.scenario.name, 1234))
    assert (read.base, read.note) == (SAVED, "")
    assert [e.n for e in read.entries] == list(range(SAVED, SAVED + JOURNALED))
    assert [e.action for e in read.entries] == [action_json(a, "io-toy") for a in actions[SAVED:]]
    assert [e.checkpoint is not None for e in read.entries] == [i % 2 == 1 for i in range(JOURNALED)]


@pytest.mark.parametrize("change, place, expected", [
    (lambda d: d.pop("turn"), "line 3.turn", "expected a whole number, got null"),
    (lambda d: d.update(hash=5), "line 3.hash", "expected a state hash (a string), got 5"),
    (lambda d: d.update(label=["x"]), "line 3.label", "expected a string, got an array of 1"),
    (lambda d: d.update(wings=2), "line 3.wings", "expected only n, action, hash, turn and label"),
])
def test_a_checkpoint_is_a_hash_and_a_turn_and_maybe_a_label(journaled, change, place, expected):
    path, _, _ = journaled
    lines = lines_of(path)
    bad = json.loads(lines[2])
    change(bad)
    write_lines(path, lines[:2] + [json.dumps(bad)] + lines[3:])
    with pytest.raises(FileProblem, match=re.escape(f"{journal_path(path)}: {place}: {expected}")):
        load_save(path)


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts the process's open files (Linux)")
def test_the_file_is_open_only_from_an_append_to_the_sync_after_it(journaled):
    """A server holds a journal for each of its games: none of them keeps its file open between actions."""
    path, state, actions = journaled
    journal = Journal.start(journal_path(path), game_key(state.ruleset_id, state.scenario.name, state.seed),
                            len(actions))
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(3):
        journal.append(action_json(actions[0], state.ruleset_id))
    assert len(os.listdir("/proc/self/fd")) == before + 1       # one handle for the appends and their sync
    journal.sync()
    assert len(os.listdir("/proc/self/fd")) == before
    journal.append(action_json(actions[0], state.ruleset_id))
    journal.close()                                             # given up before its sync
    assert len(os.listdir("/proc/self/fd")) == before and len(lines_of(path)) == 5
