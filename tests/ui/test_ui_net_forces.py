"""Issue 29: a guest builds its own force on points on its own machine, in the window.

The host leaves the guest's side "built by the guest" (the default when the guest is a person); the
guest's window opens the hotseat's force builder for its own side, sends the force, and the game
begins once the referee has checked it. Meanwhile the host's window says it waits for that force
and is sent nothing of it. Through a host and through a club server, the window on either side.
Loopback only (127.0.0.1)."""
from __future__ import annotations

import asyncio
import json
import threading

import pygame
import pytest
from conftest import key
from e2e_drive import press
from net_drive import (Served, ask_to_join, host_setup, loopback_host, play_actions,  # noqa: F401
                       same_game, until)

from game import simulate
from game.engine import registry
from game.io.scenario_file import load_scenario
from game.net import client
from game.net.guest import Guest
from game.net.link import Link
from game.net.mustering import Mustering, force_message
from game.net.referee import GUEST, Referee
from game.net.server import Tables, host_referee
from game.ui.remote import FORCES_BY_HOST

DUEL = "riskbreaker-bridge-duel"          # West and East each build a party on points (10 a character)


def names_of(state, side: int) -> list[str]:
    return sorted(u.name for u in state.units.values() if u.side == side)


def secret_force(side: int) -> list[dict]:
    """Two of the scenario's characters, renamed: names found nowhere else."""
    scenario = load_scenario(DUEL)
    return [dict(e, name=f"Secret{side} {n}") for n, e in enumerate(
        registry.get(scenario.ruleset).muster_force(scenario, side)[:2])]


@pytest.fixture
def heard(monkeypatch):
    """Every message the window's links received, as sent, in order."""
    texts: list[str] = []
    received = Link.received

    def record(self, text):
        texts.append(text if isinstance(text, str) else text.decode())
        return received(self, text)
    monkeypatch.setattr(Link, "received", record)
    return texts


def before_the_game(texts: list[str]) -> str:
    """What was received before the first state of the game."""
    kinds = [json.loads(t)["type"] for t in texts]
    return "".join(texts[:kinds.index("state")] if "state" in kinds else texts)


def gated_guest(address: str, code: str, force: list[dict], gate: threading.Event) -> dict:
    """A headless guest (the easy AI) that builds `force` once `gate` is set, then plays on."""
    out: dict = {"received": []}

    def build_force(guest: Guest) -> str:
        return force_message(guest.seat, force)

    def run():
        try:
            out["guest"] = asyncio.run(client.play(address, code, "easy", record=out["received"], reconnect_for=1,
                                                   on_state=lambda g: gate.wait(60) if g.to_build else None))
        except Exception as exc:            # the window stopped: the guest's connection ends
            out["error"] = exc
    Guest.build_force = build_force         # (undone by the fixture below)
    out["thread"] = threading.Thread(target=run, daemon=True)
    out["thread"].start()
    return out


@pytest.fixture(autouse=True)
def guest_builder_kept():
    kept = Guest.build_force
    yield
    Guest.build_force = kept


def choices_shown(setup) -> dict[str, bool]:
    """The guest side's choices on the host's setup: {label: chosen}."""
    return {b.text: "#primary" in (b.object_ids or []) for b in setup.container.elements
            if getattr(b, "text", "") in ("Guest", "Scenario", "You")}


def lobby_line(app) -> str:
    return app.top.status() if app.top.name == "net-lobby" else ""


# -- the window hosts ------------------------------------------------------------------------------------
def test_the_window_hosts_and_the_guest_builds_its_force_on_its_machine(app, ui_home, heard):
    setup = host_setup(app, DUEL)
    assert choices_shown(setup) == {"Guest": True, "Scenario": False, "You": False}
    assert "East's force: the guest builds it" in [t for t, *_ in setup.right_labels]
    assert not any(getattr(b, "text", "").startswith("East: build") for b in setup.container.elements)
    press(app, setup.start_button, frames=3)
    lobby = app.top
    assert lobby.name == "net-lobby", setup.message
    until(app, lambda: lobby.game.port is not None and "Join code (East)" in lobby.fields, "the code")
    assert lobby_line(app) == "Waiting for the other player to join (then it builds its force on points)…"
    gate = threading.Event()
    guest = gated_guest(f"127.0.0.1:{lobby.game.port}", lobby.fields["Join code (East)"].get_text(),
                        secret_force(1), gate)
    until(app, lambda: lobby_line(app).startswith("Waiting for the guest's force (East)"), "the wait for the force")
    assert not lobby.table_button.is_enabled and lobby.game.referee.begun is None
    assert lobby.game.title() == load_scenario(DUEL).title                      # (the lobby's heading)
    gate.set()
    until(app, lambda: app.top.name == "table", "the table once the force is in")
    referee = lobby.game.referee.begun
    assert names_of(referee.state, 1) == ["Secret1 0", "Secret1 1"]
    base = load_scenario(DUEL)
    assert referee.state.scenario.raw == simulate.with_built_forces(
        base, ["human", "human"], referee.state.seed, {1: secret_force(1)}).raw     # the seed rule: as simulate
    assert "Secret1" not in before_the_game(heard)                                 # the host saw none of it
    play_actions(app, 200)
    guest["thread"].join(30)
    assert app.top.session.is_over()
    same_game(referee, app.top.session, 0)


def test_the_host_may_still_leave_the_guest_the_scenario_s_force(app, ui_home):
    setup = host_setup(app, DUEL)
    press(app, next(b for b in setup.container.elements if getattr(b, "text", "") == "Scenario"), frames=3)
    assert choices_shown(setup)["Scenario"] and "East's force: the scenario's own" in [
        t for t, *_ in setup.right_labels]
    press(app, setup.start_button, frames=3)
    assert isinstance(app.top.game.referee, Referee)       # no force awaited: the game is made at once


# -- the window joins ------------------------------------------------------------------------------------
def waiting_duel(ui_home, on_server: bool):
    """The duel waiting for West's force (East: the referee's easy AI, which builds its own), served
    by a host, or made on a club server. (Served, the waiting game, West's code)."""
    if on_server:
        tables = Tables(ui_home / "server", open_to_create=True)
        created = tables.create({"scenario": DUEL, "players": [GUEST, "easy"], "seed": 11, "build": [0]})
        (waiting,) = tables.games.values()
        return Served(None, tables=tables), waiting, created["codes"]["0"]
    waiting = Mustering.new(load_scenario(DUEL), 11, None, [GUEST, "easy"], None, [0], ui_home / "duel.json")
    return Served(None, tables=host_referee(waiting)), waiting, waiting.codes[0]


def at_builder(app):
    until(app, lambda: app.top.name == "muster", "the force builder")
    return app.top


@pytest.mark.parametrize("on_server", [False, True], ids=["host", "club-server"])
def test_the_window_joins_builds_its_force_and_a_refused_one_is_one_line(app, ui_home, on_server):
    served, waiting, code = waiting_duel(ui_home, on_server)
    try:
        net = ask_to_join(app, served.address, code)
        builder = at_builder(app)
        assert builder.side == 0 and builder.muster.budget == 10 and builder.scenario.raw == load_scenario(DUEL).raw
        key(app, pygame.K_ESCAPE)                         # put off: the window waits, and says how to go on
        assert app.top is net and net.message.startswith("Your force is not sent")
        app.step()
        assert app.top is net
        over = registry.get("riskbreaker").muster_force(builder.scenario, 0)
        over[0]["muscle"] = 9                              # over its 10 points (a client that does not check)
        net.joining.send_force(over)
        builder = at_builder(app)
        assert net.message.startswith("The referee refused your force: force: West: character 1")
        assert builder.entries == over and waiting.awaited == [0]       # nothing changed over there
        builder.restore()                                  # the scenario's own, legal
        while len(builder.entries) > 2:
            builder.remove()
        mine = sorted(e["name"] for e in builder.entries)
        key(app, pygame.K_RETURN, frames=3)
        until(app, lambda: app.top.name == "table", "the table once the force is in")
        game = served.tables.games[next(iter(served.tables.games))]
        assert names_of(game.state, 0) == mine and len(mine) == 2
        table = app.top
        app.step()
        told = table.bars.live_toast(table.now)
        assert told is None or FORCES_BY_HOST not in told[0]         # it built its own: no word of the host's
    finally:
        served.stop()


def test_a_guest_whose_side_builds_nothing_is_told_it_waits_for_the_other_s_force(app, ui_home):
    tables = Tables(ui_home / "server", open_to_create=True)
    created = tables.create({"scenario": DUEL, "players": [GUEST, GUEST], "seed": 5, "build": [1]})
    served = Served(None, tables=tables)
    try:
        net = ask_to_join(app, served.address, created["codes"]["0"])
        until(app, lambda: net.message == "Waiting for East's force: the game begins when it is in.", "the wait")
        gate = threading.Event()
        gate.set()
        gated_guest(served.address, created["codes"]["1"], secret_force(1), gate)
        until(app, lambda: app.top.name == "table", "the table once East's force is in")
    finally:
        served.stop()


def test_a_guest_that_drops_while_building_is_back_at_its_builder(app, ui_home):
    served, waiting, code = waiting_duel(ui_home, on_server=False)
    try:
        ask_to_join(app, served.address, code)
        at_builder(app)
        app.reset(app.screen("menu"))                       # the window left while building: joining again
        ask_to_join(app, served.address, code)
        builder = at_builder(app)
        builder.remove()                                    # a force half built
        (seat,) = served.tables.seated
        served.loop.call_soon_threadsafe(lambda: asyncio.ensure_future(seat.ws.close()))   # the connection drops
        link = builder.on_done.__self__.link                # (the builder's game's)
        until(app, lambda: any(s.ws is not seat.ws for s in served.tables.seated), "the link taken up again")
        until(app, lambda: any(a.kind == "connected" for a in list(link.inbox.queue)), "the window told so")
        assert app.top is builder and len(builder.entries) == 3        # still at it, as it was
        built = sorted(e["name"] for e in builder.entries)
        key(app, pygame.K_RETURN, frames=3)
        until(app, lambda: app.top.name == "table", "the table once the force is in")
        assert waiting.begun is not None and names_of(waiting.begun.state, 0) == built
    finally:
        served.stop()


# -- through a club server, the window hosting -------------------------------------------------------
def test_the_window_hosts_on_a_club_server_and_waits_for_the_guest_s_force(app, ui_home, heard):
    served = Served(None, tables=Tables(ui_home / "server", open_to_create=True))
    try:
        setup = host_setup(app, DUEL, served.address)
        press(app, setup.start_button, frames=3)
        lobby = app.top
        until(app, lambda: "Join code (East)" in lobby.fields and lobby.game.guest.sides, "the game made")
        (waiting,) = served.tables.games.values()
        assert isinstance(waiting, Mustering) and waiting.awaited == [1]
        until(app, lambda: lobby_line(app).startswith("Waiting for the guest's force (East)"), "the wait")
        gate = threading.Event()
        guest = gated_guest(served.address, lobby.fields["Join code (East)"].get_text(), secret_force(1), gate)
        gate.set()
        until(app, lambda: lobby.game.ready, "the game begun")
        press(app, lobby.table_button, frames=3)
        assert app.top.name == "table"
        (game,) = served.tables.games.values()
        assert isinstance(game, Referee) and names_of(game.state, 1) == ["Secret1 0", "Secret1 1"]
        assert "Secret1" not in before_the_game(heard)
        play_actions(app, 200)
        guest["thread"].join(30)
        assert app.top.session.is_over()
    finally:
        served.stop()
