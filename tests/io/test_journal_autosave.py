"""Issue 29: the window's autosave after every action appends the new actions to a journal beside the
game's autosave rather than writing it whole each time (a long campaign's save is hundreds of KB); it is
written whole the first time, after an undo, every AUTOSAVE_WHOLE_EVERY actions and at the game's end.
Continue, the Load list and loading read the save and its journal as one game."""
from __future__ import annotations

import datetime as dt
import os

from game.ai.players import make_player
from game.engine import game as engine
from game.engine.state import state_hash
from game.io.journal import journal_path
from game.io.save_file import latest_autosave, list_saves, load_save, read_summary, resume
from game.io.scenario_file import load_scenario
from game.rulesets import load_all
from game.ui import session as session_module
from game.ui.session import Session

load_all()
SCENARIO = "takipsilim-dusk-ambush"


def a_session(started=dt.datetime(2026, 11, 26, 10, 0)):
    return Session(load_scenario(SCENARIO), 4242, None, ["human", "human"], started=started)


def play(session, count=1):
    """`count` actions as the easy level would choose them, each autosaved as the window does."""
    for _ in range(count):
        decision = engine.to_act(session.state)
        player = make_player("easy", session.seed, decision.seat)
        session.act(player.choose(engine.view(session.state, decision.seat), session.legal(), decision))
        assert session.maybe_autosave() is None


def lines(session):
    return journal_path(session.autosave_to).read_text(encoding="ascii").splitlines()


def loads_as_the_session(session):
    save = load_save(session.autosave_to)
    assert save.actions == session.actions and state_hash(resume(save)) == state_hash(session.state)
    again = Session.from_save(save, source=str(session.autosave_to))
    assert state_hash(again.state) == state_hash(session.state)


def test_after_the_first_autosave_each_action_is_a_journal_line(io_home):
    session = a_session()
    play(session)
    whole = session.autosave_to.read_bytes()
    assert len(lines(session)) == 1                                   # the header only
    for n in range(2, 7):
        play(session)
        assert session.autosave_to.read_bytes() == whole              # not written again
        assert len(lines(session)) == n                               # the header and n - 1 actions
        loads_as_the_session(session)


def test_the_load_list_and_continue_see_the_journal(io_home):
    first, second = a_session(), a_session(dt.datetime(2026, 11, 26, 11, 0))
    play(first)
    play(second)
    os.utime(second.autosave_to, (0, 10 ** 9 + 50))                   # the second written later...
    os.utime(first.autosave_to, (0, 10 ** 9))
    assert latest_autosave() == second.autosave_to
    play(first, 3)                                                    # ...then the first played on
    assert latest_autosave() == first.autosave_to
    summary = read_summary(first.autosave_to)
    assert summary.actions == 4 and summary.turn == first.state.flow.turn
    assert summary.label.endswith(", action 4")
    listed = dict(list_saves())
    assert listed[first.autosave_to].actions == 4 and listed[second.autosave_to].actions == 1
    assert load_save(first.autosave_to).label.endswith(", action 4")


def test_an_undo_writes_the_autosave_whole_again(io_home):
    session = a_session()
    play(session, 3)
    session.set_viewer(session.history[-1].side)                      # the side that acted last undoes
    assert session.undo() is None
    assert session.maybe_autosave() is None
    assert len(lines(session)) == 1 and len(load_save(session.autosave_to).actions) == 2
    play(session, 2)
    loads_as_the_session(session)


def test_an_undo_and_another_action_before_the_autosave_write_it_whole_again(io_home):
    """As many actions as the journal holds, but not the same ones: the journal is not appended to."""
    session = a_session()
    play(session, 3)
    undone = session.actions[-1]
    session.set_viewer(session.history[-1].side)
    assert session.undo() is None
    session.act(next(o.action for o in session.legal() if o.action is not None and o.action != undone))
    assert session.maybe_autosave() is None
    assert len(lines(session)) == 1
    loads_as_the_session(session)


def test_the_autosave_is_written_whole_every_so_many_actions_and_at_the_end(io_home, monkeypatch):
    monkeypatch.setattr(session_module, "AUTOSAVE_WHOLE_EVERY", 3)
    session = a_session()
    play(session)
    for n in range(2, 9):
        play(session)
        assert len(lines(session)) == 1 + (n - 1) % 3
        loads_as_the_session(session)
    while not session.is_over():
        play(session)
    assert not journal_path(session.autosave_to).exists()
    save = load_save(session.autosave_to)
    assert save.journal is None and save.actions == session.actions


def test_a_failed_autosave_is_said_and_the_next_one_is_whole(io_home, monkeypatch):
    session = a_session()
    play(session, 2)
    journal_path(session.autosave_to).unlink()                         # gone under the game's feet
    decision = engine.to_act(session.state)
    player = make_player("easy", session.seed, decision.seat)
    session.act(player.choose(engine.view(session.state, decision.seat), session.legal(), decision))
    assert session.maybe_autosave().startswith("autosave failed: ")
    play(session)
    assert len(lines(session)) == 1
    loads_as_the_session(session)
