"""Play by e-mail through the real App: a game with both sides played by people, side A's part played
by clicks, Send turn from the game menu (refused, with why, while it is still A's decision), the turn
file opened from the Load screen as the other player (the handover, their part, Send turn back), for
a few exchanges; then a file whose history was altered since it was sent, refused with its line."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
from conftest import key
from e2e_drive import (button_named, clear_the_way, human_turn, list_row, no_failure, open_new_game,
                       pick_scenario, press, start_game, type_into, wait_for)

from game.engine.dice import PlayerRng
from game.engine.state import state_hash
from game.io import turnfile
from game.io.paths import saves_dir
from game.ui.screens.error import ErrorScreen
from game.ui.screens.game import GameScreen
from game.ui.screens.handover import HandoverScreen
from game.ui.screens.mail_sent import TurnSentScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.saves import SavesScreen
from game.ui.session import MAIL, seat_of

SCENARIO = "risus-meeting-engagement"
WAIT = 0.25


def table(app) -> GameScreen:
    found = app.find(GameScreen)
    assert found is not None, type(app.top).__name__
    return found


def deciding(app) -> int | None:
    d = table(app).session.decision()
    return None if d is None else seat_of(d)


def play_part(app, side: int, rng) -> int:
    """`side`'s decisions made by clicks until the decision passes to another side; the count made."""
    session = table(app).session
    start = len(session.history)
    for _ in range(4000):
        no_failure(app)
        if session.is_over() or deciding(app) != side:
            return len(session.history) - start
        if clear_the_way(app):
            continue
        t = table(app)
        if app.top is t and t.my_decision() is not None and t.panel.on_screen():
            human_turn(app, t, rng)
        else:
            app.step(WAIT)
    raise AssertionError(f"{side}'s part never ended")


def game_menu(app) -> PauseMenu:
    for _ in range(4):
        if isinstance(app.top, PauseMenu):
            break
        key(app, pygame.K_ESCAPE, frames=2)
    assert isinstance(app.top, PauseMenu), type(app.top).__name__
    return app.top


def send(app, from_panel: bool = False) -> Path:
    """Esc, Send turn (or, `from_panel`, the panel's Send button of a game by e-mail): the turn-sent
    screen names the file; back to the table."""
    if from_panel:
        t = table(app)
        wait_for(app, lambda: any(b.text.startswith("Send your turn to") for b in t.dynamic_buttons), 30,
                 "the panel's Send button")
        press(app, next(b for b in t.dynamic_buttons if b.text.startswith("Send your turn to")))
    else:
        menu = game_menu(app)
        assert menu.send_note == "" and menu.send_button.is_enabled, menu.send_note
        press(app, menu.send_button)
    wait_for(app, lambda: isinstance(app.top, TurnSentScreen), 30, "the turn-sent screen")
    path = app.top.path
    assert path.is_file() and path.parent == saves_dir() / "turns"
    assert str(path) in app.top.lines()
    press(app, button_named(app.top, "Back to the table"))
    wait_for(app, lambda: isinstance(app.top, GameScreen), 30, "the table")
    return path


def open_turn(app, path: Path, from_list: bool = False) -> None:
    """From wherever the window is: the main menu, Load game, then the file's path typed and Open turn
    file, or (`from_list`) its row in the list and Load."""
    app.main_menu()
    app.step()
    press(app, app.top.buttons["L"])
    wait_for(app, lambda: isinstance(app.top, SavesScreen), 30, "the Load screen")
    screen = app.top
    if from_list:
        summary = turnfile.read_summary(path)
        text = next(t for t, p in screen.by_text.items() if p == path)
        assert f"{summary.title}   turn file from {summary.sender} to {summary.receiver}, turn {summary.turn}, " \
               f"action {summary.actions}" in text
        press(app, list_row(app, screen.list, text), frames=2)
        press(app, button_named(screen, "Load"))
    else:
        type_into(app, screen.turn_entry, str(path))
        press(app, button_named(screen, "Open turn file"))
    for _ in range(10):
        if not isinstance(app.top, SavesScreen):
            break
        app.step()


def test_a_game_by_e_mail_through_several_exchanges_then_a_tampered_file_refused(app):
    app.main_menu()
    setup = open_new_game(app)
    pick_scenario(app, setup, SCENARIO)
    start_game(app, setup, ["human", "human"], seed=31)
    rng = PlayerRng(5, "ui-mail")
    first = deciding(app)
    other = 1 - first

    # before anyone has played, Send turn is offered but says why not
    menu = game_menu(app)
    assert not menu.send_button.is_enabled
    assert "nobody has played yet" in menu.send_note
    key(app, pygame.K_ESCAPE, frames=2)

    played = play_part(app, first, rng)
    assert played >= 1
    files, hashes = [], []
    for exchange in range(4):
        session = table(app).session
        if session.is_over():
            break
        sender = first if exchange % 2 == 0 else other
        receiver = 1 - sender
        assert deciding(app) == receiver
        path = send(app, from_panel=exchange >= 2)
        files.append(path)
        hashes.append(state_hash(session.state))
        # the sender's table now waits: the other side is by e-mail, no AI plays it, no handover comes
        assert session.players[receiver] == MAIL
        version = session.version
        for _ in range(20):
            app.step(WAIT)
        assert session.version == version and isinstance(app.top, GameScreen)
        waiting = f"Turn sent to {session.side_name(receiver)}: wait for their turn file"
        assert table(app).status_text()[0] == waiting
        if exchange == 0:           # left and continued, it is still a game by e-mail, its turn sent
            press(app, button_named(game_menu(app), "Main menu"))
            press(app, app.top.buttons["C"])
            wait_for(app, lambda: isinstance(app.top, GameScreen), 30, "the continued game")
            assert table(app).session.players[receiver] == MAIL
            assert state_hash(table(app).session.state) == hashes[-1]
            assert table(app).status_text()[0] == waiting

        # the other player opens the file: the handover, then their table at their decision
        open_turn(app, path, from_list=exchange == 1)
        assert isinstance(app.top, HandoverScreen), type(app.top).__name__
        assert app.top.side == receiver
        assert f"A turn by e-mail from {session.side_name(sender)}" in app.top.note
        # both players share this test's saves folder: the file is known as one sent from here
        assert f"It was sent from this computer: it is for the {session.side_name(receiver)} player." in app.top.note
        clear_the_way(app)
        wait_for(app, lambda: isinstance(app.top, GameScreen), 30, "the receiver's table")
        mine = table(app).session
        assert state_hash(mine.state) == hashes[-1]
        assert mine.viewer == receiver and mine.players[sender] == MAIL and mine.players[receiver] == "human"
        # while it is their decision, Send turn says why not
        menu = game_menu(app)
        assert not menu.send_button.is_enabled and "it is still your decision" in menu.send_note
        key(app, pygame.K_ESCAPE, frames=2)
        play_part(app, receiver, rng)
        if not mine.is_over():
            assert table(app).status_text()[0] == f"Your part is done: send your turn to {mine.side_name(sender)}"
    assert len(files) >= 3, "the game ended before three exchanges"
    chain = turnfile.read_turn(files[-1]).chain
    assert [link.hash for link in chain] == hashes

    # a file whose history was changed since its receiver sent its part: refused with its line
    doc = json.loads(files[-1].read_text())
    actions = doc["game"]["actions"]
    at = max(i for i, a in enumerate(actions[:chain[-2].actions]) if any(isinstance(v, float) for v in a.values()))
    field = next(k for k, v in actions[at].items() if isinstance(v, float))
    actions[at][field] += 1.0
    tampered = files[-1].with_name("tampered.json")
    tampered.write_text(json.dumps(doc))
    open_turn(app, tampered)
    assert isinstance(app.top, ErrorScreen), type(app.top).__name__
    assert app.top.title == "This turn file is refused"
    assert f"tampered.json: the file's history differs from the turn you sent on " in app.top.message
    assert f" at action {at + 1} (turn " in app.top.message and "\n" not in app.top.message
    key(app, pygame.K_ESCAPE, frames=2)
    assert isinstance(app.top, (MainMenu, SavesScreen))


def test_with_hidden_information_the_turn_is_sent_from_behind_the_handover(app):
    """Hotseat with secrets: once A's part is done the window would be handed over; A sends the turn
    instead (from the banner's game menu), and no handover to the side by e-mail comes after."""
    app.main_menu()
    setup = open_new_game(app)
    pick_scenario(app, setup, "risus-hidden-ambush")
    start_game(app, setup, ["human", "human"], seed=8)
    rng = PlayerRng(9, "ui-mail")
    clear_the_way(app) if isinstance(app.top, HandoverScreen) else None
    first = deciding(app)
    play_part(app, first, rng)
    session = table(app).session
    assert session.hides() and deciding(app) == 1 - first
    assert table(app).banner_to == 1 - first or isinstance(app.top, HandoverScreen)
    if isinstance(app.top, HandoverScreen):
        key(app, pygame.K_ESCAPE, frames=2)      # the handover's own menu, the table covered
    path = send(app)
    for _ in range(20):
        app.step(WAIT)
    assert isinstance(app.top, GameScreen) and app.find(HandoverScreen) is None
    assert table(app).banner_to is None and session.viewer == first
    open_turn(app, path)
    assert isinstance(app.top, HandoverScreen) and app.top.side == 1 - first


def test_a_malformed_turn_file_or_a_wrong_path_gets_one_line_on_the_load_screen(app, tmp_path):
    bad = tmp_path / "from-my-friend.json"
    bad.write_text('{"format": "skirmish-table/turn", "version": 1, "game_id": "x"}', encoding="utf-8")
    app.main_menu()
    open_turn(app, tmp_path / "not-there.json")
    assert isinstance(app.top, SavesScreen) and app.top.message == f"No file at {tmp_path / 'not-there.json'}."
    open_turn(app, bad)
    assert isinstance(app.top, ErrorScreen), type(app.top).__name__
    assert app.top.message == f"{bad}: sent_at: expected this field of a turn file, it is missing"
