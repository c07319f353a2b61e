"""Issue 29, live play from the window: Play over the network → Host or Join, driven with posted events
on the real App, over loopback (127.0.0.1, a free port) only. The other player is a headless guest
(game.net.client.play with an AI level) or a referee served on a thread of the test."""
from __future__ import annotations

import asyncio
import threading
import time

import pygame
import pytest
from conftest import key
from e2e_drive import human_turn, no_failure, pick_scenario, press, type_into

from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.engine.state import state_hash
from game.io.scenario_file import load_scenario
from game.net import client, wire
from game.net.referee import GUEST, Referee
from game.net.server import host_referee, serve_forever

SCENARIO = "risus-meeting-engagement"
SEED = 4_417
WAIT_S = 60              # the longest any step of these tests may wait for the other end


def until(app, done, what: str, seconds: float = WAIT_S) -> None:
    """Step frames (sleeping a little: the other end is a thread) until `done()`, at most `seconds`."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"not reached in {seconds} s: {what}"
        app.step()
        no_failure(app)
        time.sleep(0.005)


def net_menu(app):
    app.main_menu()
    app.step()
    press(app, app.top.buttons["P"])
    assert app.top.name == "net"
    return app.top


def play_actions(app, count: int, seed: int = 3) -> None:
    """The window's seat makes `count` decisions with clicks (a unit, an option row, a point of its
    area), waiting for the referee's answer after each; stops early at the game's end."""
    rng = PlayerRng(seed, "ui-net")
    table = app.top
    made = 0
    while made < count and not table.session.is_over():
        until(app, lambda: table.session.is_over() or (table.my_decision() is not None and table.panel.on_screen()),
              "the window's turn")
        if table.session.is_over():
            return
        sent = len(table.session.history)
        human_turn(app, table, rng)
        if len(table.session.history) > sent:
            made += 1
            until(app, lambda: not table.session.awaiting, "the referee's answer")


def seat_actions(scenario, seed, actions, seat: int) -> list:
    """The actions `seat` decided, replayed from the start (each checked): the game is a legal one."""
    state = engine.new_game(scenario, seed, None)
    mine = []
    for action in actions:
        if engine.to_act(state).seat == seat:
            mine.append(action)
        engine.apply(state, action)
    return mine, state


def same_game(referee: Referee, game, seat: int) -> None:
    """What the window did is what the referee applied for its seat, the referee's game replays to its
    hash, and the window shows exactly the view the referee gives that seat."""
    mine, replayed = seat_actions(referee.state.scenario, referee.state.seed, referee.actions, seat)
    assert [d.action for d in game.history] == mine
    assert state_hash(replayed) == state_hash(referee.state)
    assert wire.view_json(game.state) == wire.view_json(engine.view(referee.state, seat))


class Served:
    """A referee served on a thread of the test, on 127.0.0.1 and a free port."""

    def __init__(self, referee: Referee | None, port: int = 0, tables=None) -> None:
        self.referee = referee
        self.tables = tables if tables is not None else host_referee(referee)
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = port
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)
        self.address = f"127.0.0.1:{self.port}"

    def run(self) -> None:
        def ready(server):
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
        self.task = self.loop.create_task(serve_forever(self.tables, "127.0.0.1", self.port, ready))
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)


def headless_guest(address: str, code: str, level: str = "easy", pause: float = 0.0) -> dict:
    """client.play on a thread; `pause`: seconds it waits before each answer (a player thinking)."""
    out: dict = {}

    def run():
        try:
            out["guest"] = asyncio.run(client.play(address, code, level, reconnect_for=1,
                                                   on_state=lambda g: time.sleep(pause) if g.my_turn else None))
        except Exception as exc:           # the window stopped hosting: the guest's connection ends
            out["error"] = exc
    out["thread"] = threading.Thread(target=run, daemon=True)
    out["thread"].start()
    return out


@pytest.fixture
def served_game(ui_home):
    """Risus on a test thread: side 0 a guest (the window joins it), side 1 the referee's easy AI."""
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, "easy"], ui_home / "served.json")
    served = Served(referee)
    yield served
    served.stop()


# -- (a) host from the menu ---------------------------------------------------------------------------
def test_hosting_from_the_menu_a_guest_joins_with_the_code_on_screen_and_the_game_is_the_referees(app, ui_home):
    net = net_menu(app)
    type_into(app, net.entries["port"], "0")              # any free port
    press(app, net.host_button)
    setup = app.top
    assert setup.name == "setup" and setup.host is not None and setup.players == ["you", "guest"]
    pick_scenario(app, setup, SCENARIO)
    type_into(app, setup.seed_entry, str(SEED))
    press(app, setup.start_button, frames=3)
    assert setup.message == ""
    lobby = app.top
    assert lobby.name == "net-lobby"
    until(app, lambda: lobby.game.port is not None and any(k.startswith("Join code") for k in lobby.fields),
          "the join code on screen")
    port = lobby.game.port
    assert f"127.0.0.1:{port}" in [f.get_text() for f in lobby.fields.values()]
    code = lobby.fields["Join code (Germans)"].get_text()     # read from the screen, as the host would
    guest = headless_guest(f"127.0.0.1:{port}", code)
    until(app, lambda: app.top.name == "table", "the table once the guest joined")
    table = app.top
    game = table.session
    assert game.seated == {1: "127.0.0.1"} and game.viewer == 0
    play_actions(app, 6)
    assert len(game.history) == 6 or game.is_over()
    until(app, lambda: game.is_over() or game.my_turn(), "the referee at rest")
    same_game(game.referee, game, 0)
    assert "seed" not in wire.view_json(game.state)
    app.main_menu()                                            # leaving the table stops hosting
    assert game.link.stopped
    guest["thread"].join(10)
    assert not guest["thread"].is_alive()


def test_hosting_on_a_club_server_makes_the_game_there_and_shows_the_guests_code(app, ui_home):
    from game.net.server import Tables
    served = Served(None, tables=Tables(ui_home / "server", open_to_create=True))
    try:
        net = net_menu(app)
        type_into(app, net.entries["server"], served.address)
        press(app, net.host_button)
        setup = app.top
        assert setup.title == f"Host a game on the server at {served.address}"
        pick_scenario(app, setup, SCENARIO)
        type_into(app, setup.seed_entry, str(SEED))
        press(app, setup.start_button, frames=3)
        lobby = app.top
        assert lobby.name == "net-lobby"
        until(app, lambda: lobby.game.ready and "Join code (Germans)" in lobby.fields, "the code on screen")
        assert lobby.fields["Server"].get_text() == served.address
        (referee,) = served.tables.games.values()          # the server is the referee: both seats guests
        assert referee.seats == [GUEST, GUEST]
        guest = headless_guest(served.address, lobby.fields["Join code (Germans)"].get_text())
        press(app, lobby.table_button)
        until(app, lambda: app.top.name == "table", "the table")
        game = app.top.session
        play_actions(app, 4)
        until(app, lambda: game.is_over() or game.my_turn(), "the server at rest")
        same_game(referee, game, 0)
        app.main_menu()
    finally:
        served.stop()


# -- (b) join from the menu --------------------------------------------------------------------------
def test_joining_from_the_menu_with_the_address_and_code_plays_the_seat(app, served_game):
    net = net_menu(app)
    type_into(app, net.entries["address"], served_game.address)
    type_into(app, net.entries["code"], served_game.referee.codes[0])
    press(app, net.join_button)
    until(app, lambda: app.top.name == "table", "the table after joining")
    table = app.top
    game = table.session
    assert game.viewer == 0 and game.state.seed == 0 and not game.hosting
    play_actions(app, 5)
    assert len(game.history) == 5 or game.is_over()
    until(app, lambda: game.is_over() or game.my_turn(), "the referee at rest")
    same_game(served_game.referee, game, 0)
    assert table.bars is not None and game.undo_reason() is not None      # no undo over the network
    key(app, pygame.K_F4)                                      # the replay needs the whole game
    assert table.review is None and "look back" in table.bars.live_toast(table.now)[0]


# -- (c) one line for what goes wrong -----------------------------------------------------------------
def test_a_wrong_code_shows_one_line_and_the_window_goes_on(app, served_game):
    before = served_game.referee.state.action_count
    net = net_menu(app)
    type_into(app, net.entries["address"], served_game.address)
    type_into(app, net.entries["code"], "not-the-code")
    press(app, net.join_button)
    until(app, lambda: net.joining is None, "the refusal")
    assert app.top is net and "no seat" in net.message and "\n" not in net.message
    assert served_game.referee.state.action_count == before


def test_an_unreachable_address_shows_one_line_and_the_window_goes_on(app):
    import socket
    with socket.socket() as s:                      # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    net = net_menu(app)
    type_into(app, net.entries["address"], f"127.0.0.1:{port}")
    type_into(app, net.entries["code"], "abc")
    press(app, net.join_button)
    until(app, lambda: net.joining is None, "the failure")
    assert app.top is net and "cannot reach" in net.message and "\n" not in net.message
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "menu"


# -- (d) the window's title says whose turn it is ------------------------------------------------------
def test_the_title_says_your_turn_and_the_status_line_names_who_is_thinking(app, ui_home):
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, GUEST], ui_home / "two.json")
    served = Served(referee)
    try:
        other = headless_guest(served.address, referee.codes[1], pause=0.6)
        net = net_menu(app)
        type_into(app, net.entries["address"], served.address)
        type_into(app, net.entries["code"], referee.codes[0])
        press(app, net.join_button)
        until(app, lambda: app.top.name == "table", "the table")
        table = app.top
        game = table.session
        app.step()
        assert app.caption.startswith("Skirmish Table — Your turn")
        rng = PlayerRng(5, "ui-net")
        for _ in range(40):                          # until the initiative passes to the Germans
            until(app, lambda: game.waiting_for() is not None or table.my_decision() is not None, "a decision")
            if game.waiting_for() == 1:
                break
            until(app, lambda: table.panel.on_screen(), "the options")
            human_turn(app, table, rng)
            until(app, lambda: not game.awaiting, "the answer")
        assert game.waiting_for() == 1
        app.step()
        assert "Your turn" not in app.caption
        assert table.status_text()[0] == f"Waiting for Germans (on {served.address}) …"
        told = table.remote.turns_told
        until(app, lambda: game.my_turn() or game.is_over(), "the Germans' answer")
        app.step()
        if not game.is_over():
            assert app.caption.startswith("Skirmish Table — Your turn")
            assert "Your turn" in table.bars.live_toast(table.now)[0]
            assert table.remote.turns_told == told + 1
    finally:
        served.stop()


# -- to the end, and a dropped connection ------------------------------------------------------------
def test_a_joined_game_played_to_its_end_shows_the_results_from_what_the_guest_holds(app, toy_ruleset, ui_home):
    from conftest import toy_scenario
    from game.ui.screens.endgame import EndGameScreen
    referee = Referee.new(toy_scenario(turn_limit=4), SEED, None, [GUEST, "easy"], ui_home / "toy.json")
    served = Served(referee)
    try:
        net = net_menu(app)
        type_into(app, net.entries["address"], served.address)
        type_into(app, net.entries["code"], referee.codes[0])
        press(app, net.join_button)
        until(app, lambda: app.top.name == "table", "the table")
        game = app.top.session
        play_actions(app, 200)
        assert game.is_over() and referee.over
        until(app, lambda: isinstance(app.top, EndGameScreen), "the results")
        assert game.result().winner == referee.state.outcome.winner
        assert game.log_lines() == [e.log_line() for e in engine.view(referee.state, 0).log if e.visible_to(0)]
        same_game(referee, game, 0)
    finally:
        served.stop()


def test_a_dropped_connection_says_reconnecting_and_the_guest_is_back_at_its_decision(app, ui_home):
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, "easy"], ui_home / "drop.json")
    served = Served(referee)
    net = net_menu(app)
    type_into(app, net.entries["address"], served.address)
    type_into(app, net.entries["code"], referee.codes[0])
    press(app, net.join_button)
    until(app, lambda: app.top.name == "table", "the table")
    table = app.top
    game = table.session
    play_actions(app, 2)
    served.stop()                                  # the host's machine drops off the network
    until(app, lambda: game.connection == "reconnecting", "the drop noticed")
    app.step()
    assert table.status_text()[0].endswith("reconnecting…")            # said at once, for a while
    assert table.status_text(hints_only=True)[0] == f"Reconnecting to {served.address}…"
    served = Served(referee, served.port)          # back, with the same game
    try:
        until(app, lambda: game.connection == "connected" and (game.my_turn() or game.is_over()), "the rejoin")
        played = len(game.history)
        play_actions(app, 2)
        assert len(game.history) == played + 2 or game.is_over()
        until(app, lambda: game.is_over() or game.my_turn(), "the referee at rest")
        same_game(referee, game, 0)
    finally:
        served.stop()
