"""Play by e-mail in the Session and the game menu's reasons: a side by e-mail is neither a person at
this window nor an AI (nothing plays it, no handover goes to it), its moves cannot be undone, a game
by e-mail saves and resumes as one, and Send turn says why not until the decision is the other's."""
from __future__ import annotations

import pytest
from conftest import Move, toy_scenario

from game.engine.actions import Pass
from game.io.save_file import load_save
from game.ui import mail
from game.ui.session import MAIL, Session


def test_a_side_by_e_mail_is_played_by_nobody_here(toy_ruleset):
    s = Session(toy_scenario(secret=True), 1, {"secret": True}, ["human", MAIL])
    s.act(Move("b1", 25, 20, 0))
    assert s.decision().side == 1 and s.is_mail(1)
    assert not s.is_human(1) and not s.is_ai(1) and s.ai_inputs() is None
    assert s.wanted_viewer() == (0, False)          # no handover to a side that is not at this window


def test_the_other_players_moves_by_e_mail_cannot_be_undone(toy_ruleset):
    s = Session(toy_scenario(), 1, {}, ["human", MAIL])
    s.act(Move("b1", 25, 20, 0))
    s.act(Move("r1", 66, 20, 180))                  # came in the other player's turn file
    assert s.undo_reason() == "the other player's moves came by e-mail"
    assert s.undo() is not None and len(s.history) == 2


def test_a_game_by_e_mail_saves_and_resumes_as_one(toy_ruleset, ui_home):
    s = Session(toy_scenario(), 1, {}, ["human", MAIL])
    s.act(Pass(0))
    path = s.save(ui_home / "mail-game.json")
    again = Session.from_save(load_save(path), source=str(path))
    assert again.players == ["human", MAIL] and again.is_mail(1)


@pytest.mark.parametrize("players, moves, reason", [
    (["human", "human"], [], "nobody has played yet: Blue plays first, then sends it"),
    (["human", "random"], [Pass(0)], "a game by e-mail needs two sides played by people"),
    (["human", MAIL], [], "it is still your decision (Blue): play your part, then send it"),
    (["human", MAIL], [Pass(0)], None),
    (["human", "human"], [Pass(0)], None),
])
def test_send_turn_says_why_not_until_the_decision_is_the_other_players(toy_ruleset, players, moves, reason):
    s = Session(toy_scenario(), 1, {}, players)
    for action in moves:
        s.act(action)
    got = mail.why_not(s)
    assert got == reason if reason is None else got.startswith(reason), got


def test_a_turn_sent_writes_the_file_and_the_record_and_hands_the_side_to_e_mail(toy_ruleset, ui_home):
    s = Session(toy_scenario(), 1, {}, ["human", "human"])
    s.act(Pass(0))
    path = mail.send_turn(s)
    assert path.parent == mail.turns_dir() and path.name == "ui-toy-field-Blue-turn2-action1.json"
    assert s.players == ["human", MAIL] and s.mail_sent == 1
    assert mail.last_sent(s) == 1
    assert mail.waiting_line(s) == "Turn sent to Red: wait for their turn file"
    # sent again (the e-mail was lost): the same file, one exchange in the record
    assert mail.send_turn(s) == path
    from game.io import turnfile
    record = turnfile.read_record(ui_home / "saves", mail.game_id_of_session(s))
    assert [(link.actions, link.hand) for link in record.sent] == [(1, 0)] and len(record.chain) == 1


def test_open_turn_on_the_command_line_hands_the_window_to_the_receiver(toy_ruleset, ui_home, tmp_path):
    from game.ui.app import run_app
    s = Session(toy_scenario(), 1, {}, ["human", "human"])
    s.act(Pass(0))
    path = mail.send_turn(s)
    assert run_app(str(path), frames=3, turn=True) == 0


def test_open_turn_on_a_file_that_is_no_turn_file_says_so_in_one_line_and_exits_2(tmp_path, capsys):
    from game.ui.app import run_app
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skirmish-table/save", "version": 1}', encoding="utf-8")
    assert run_app(str(bad), frames=3, turn=True) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"error: {bad}: format: expected 'skirmish-table/turn', got 'skirmish-table/save'", err
