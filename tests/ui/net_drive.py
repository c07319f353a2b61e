"""Driving the App in a game played at a distance, for the network UI tests: a referee served on a
thread of the test (127.0.0.1, a free port), a headless guest played by an AI level, the window's seat
played with clicks, and the check that the window's game is the referee's."""
from __future__ import annotations

import asyncio
import contextlib
import threading
import time

import pytest
from e2e_drive import human_turn, no_failure, press, type_into

from game import simulate
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


def host_setup(app, scenario: str, server: str = "", ca: str = ""):
    """Play over the network → Host (any free port; on the club server at `server`, trusted by the
    certificate `ca`): the setup screen in its host mode, `scenario` picked."""
    from e2e_drive import pick_scenario
    net = net_menu(app)
    type_into(app, net.entries["port"], "0")
    for field, text in (("server", server), ("ca", ca)):
        if text:
            type_into(app, net.entries[field], text)
    press(app, net.host_button)
    setup = app.top
    assert setup.name == "setup" and setup.host is not None, net.message
    pick_scenario(app, setup, scenario)
    return setup


def ask_to_join(app, address: str, code: str):
    """From the main menu: Play over the network, the address and the code typed, Join pressed."""
    net = net_menu(app)
    type_into(app, net.entries["address"], address)
    type_into(app, net.entries["code"], code)
    press(app, net.join_button)
    return net


def join_from_menu(app, address: str, code: str):
    """Joined from the main menu: the table once it shows."""
    ask_to_join(app, address, code)
    until(app, lambda: app.top.name == "table", "the table after joining")
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

    def __init__(self, referee: Referee | None, port: int = 0, tables=None, ssl=None) -> None:
        self.referee, self.ssl = referee, ssl      # ssl: a server context, to listen with TLS
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
        self.task = self.loop.create_task(serve_forever(self.tables, "127.0.0.1", self.port, ready,
                                                       ssl=self.ssl))
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)


@contextlib.contextmanager
def joined_campaign(app, ui_home, name: str, seed: int, seat: int):
    """The scenario `name` (its forces built) served on a test thread, side `seat` a guest and the
    others the referee's easy AI; the window joins it from the main menu. Yields the referee and the
    window's table."""
    seats = ["easy"] * len(load_scenario(name).sides)
    seats[seat] = GUEST
    scenario = simulate.with_built_forces(load_scenario(name), ["human" if s == GUEST else s for s in seats], seed)
    referee = Referee.new(scenario, seed, None, seats, ui_home / "campaign.json")
    served = Served(referee)
    try:
        yield referee, join_from_menu(app, served.address, referee.codes[seat])
    finally:
        served.stop()


def headless_guest(address: str, code: str, level: str = "easy", pause: float = 0.0, ca: str | None = None) -> dict:
    """client.play on a thread; `pause`: seconds it waits before each answer (a player thinking);
    `ca`: the certificate a TLS host is trusted by."""
    out: dict = {}

    def run():
        try:
            out["guest"] = asyncio.run(client.play(address, code, level, reconnect_for=1, ca=ca,
                                                   on_state=lambda g: time.sleep(pause) if g.my_turn else None))
        except Exception as exc:           # the window stopped hosting: the guest's connection ends
            out["error"] = exc
    out["thread"] = threading.Thread(target=run, daemon=True)
    out["thread"].start()
    return out


@pytest.fixture(autouse=True)
def loopback_host(monkeypatch, app):
    """A game hosted from the window listens on 127.0.0.1 only (the window's default: every address);
    after the test every screen leaves, so no network thread of the window outlives it."""
    from game.ui import remote_link
    monkeypatch.setattr(remote_link, "BIND", "127.0.0.1")
    yield
    app.reset()


@pytest.fixture
def served_game(ui_home):
    """Risus on a test thread: side 0 a guest (the window joins it), side 1 the referee's easy AI."""
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, "easy"], ui_home / "served.json")
    served = Served(referee)
    yield served
    served.stop()
