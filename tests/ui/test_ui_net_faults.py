"""Issue 29, live play from the window, when things go wrong: a wrong code and an unreachable address
each show one line and the window goes on; a dropped connection says "reconnecting…", and once the
host is back the guest is at its decision again. Loopback only (127.0.0.1)."""
from __future__ import annotations

import pygame
from conftest import key
from e2e_drive import press, type_into
from net_drive import (SCENARIO, SEED, Served, ask_to_join, join_from_menu, loopback_host, net_menu,  # noqa: F401
                       play_actions, same_game, served_game, until)

from game.io.scenario_file import load_scenario
from game.net.referee import GUEST, Referee


# -- (c) one line for what goes wrong -----------------------------------------------------------------
def test_a_wrong_code_shows_one_line_and_the_window_goes_on(app, served_game):
    before = served_game.referee.state.action_count
    net = ask_to_join(app, served_game.address, "not-the-code")
    until(app, lambda: net.joining is None, "the refusal")
    assert app.top is net and "no seat" in net.message and "\n" not in net.message
    assert served_game.referee.state.action_count == before


def test_an_unreachable_address_shows_one_line_and_the_window_goes_on(app):
    import socket
    with socket.socket() as s:                      # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    net = ask_to_join(app, f"127.0.0.1:{port}", "abc")
    until(app, lambda: net.joining is None, "the failure")
    assert app.top is net and "cannot reach" in net.message and "\n" not in net.message
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "menu"


def test_a_dropped_connection_says_reconnecting_and_the_guest_is_back_at_its_decision(app, ui_home):
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, "easy"], ui_home / "drop.json")
    served = Served(referee)
    table = join_from_menu(app, served.address, referee.codes[0])
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


def test_a_referee_of_another_version_is_told_in_one_line(app):
    """A host of another protocol version answers the hello with its own version: one line says so."""
    import asyncio
    import json
    import threading

    import websockets
    ready, port = threading.Event(), []

    async def other_version(ws):
        async for _text in ws:
            await ws.send(json.dumps({"v": 99, "type": "error", "message": "speak version 99"}))

    async def serve():
        async with websockets.serve(other_version, "127.0.0.1", 0) as server:
            port.append(server.sockets[0].getsockname()[1])
            ready.set()
            await asyncio.sleep(30)
    threading.Thread(target=lambda: asyncio.run(serve()), daemon=True).start()
    assert ready.wait(10)
    net = ask_to_join(app, f"127.0.0.1:{port[0]}", "abc")
    until(app, lambda: net.joining is None, "the refusal")
    assert app.top is net and "version" in net.message and "\n" not in net.message, net.message


def test_hosting_on_a_port_already_taken_shows_one_line(app, ui_home):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        net = net_menu(app)
        type_into(app, net.entries["port"], str(port))
        press(app, net.host_button)
        press(app, app.top.start_button, frames=3)
        lobby = app.top
        assert lobby.name == "net-lobby"
        until(app, lambda: lobby.game.connection == "failed", "the refusal to listen")
        app.step()
        assert lobby.message.startswith(f"cannot listen on 127.0.0.1:{port}") and "\n" not in lobby.message
        assert not lobby.table_button.is_enabled


def test_a_host_back_without_the_game_ends_the_rejoining_in_one_line(app, ui_home):
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, "easy"], ui_home / "gone.json")
    served = Served(referee)
    table = join_from_menu(app, served.address, referee.codes[0])
    game = table.session
    served.stop()
    until(app, lambda: game.connection == "reconnecting", "the drop noticed")
    other = Referee.new(load_scenario(SCENARIO), SEED + 1, None, [GUEST, "easy"], ui_home / "other.json")
    served = Served(other, served.port)            # the same address, another game: the code binds no seat
    try:
        until(app, lambda: game.connection == "failed", "the refusal")
        app.step()
        line = table.status_text(hints_only=True)[0]
        assert line.startswith("Disconnected: ") and "no seat" in line and "\n" not in line
        assert table.my_decision() is None and app.top is table
    finally:
        served.stop()
