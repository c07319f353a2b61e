"""Issue 29, forces on points over the network, as the host chooses them in its setup: its own, and
the guest's when it does not leave it to the guest (it builds it there, "You", or leaves the
scenario's own); the guest is then told so when its table opens. A game made on a club server takes
the forces built in the setup with it (the server checks them as the setup does). The guest building
its own on its machine: test_ui_net_forces.py. Loopback only (127.0.0.1)."""
from __future__ import annotations

import pygame
import pytest
from conftest import click, key
from e2e_drive import press
from net_drive import (Served, headless_guest, host_setup, join_from_menu, loopback_host,  # noqa: F401
                       play_actions, until)

from game import simulate
from game.io.scenario_file import load_scenario
from game.net.referee import GUEST, Referee, RefereeError
from game.net.server import Tables
from game.ui.remote import FORCES_BY_HOST

DUEL = "riskbreaker-bridge-duel"          # West and East each build a party on points


def host_the_duel(app, server: str = ""):
    setup = host_setup(app, DUEL, server)
    assert setup.players == ["you", "guest"]
    return setup


def build_only_a_thief(app, setup, side: str) -> list[dict]:
    """The side's "build the force…" button, every character removed, the Thief preset added, Enter."""
    button = next(b for b in setup.container.elements if getattr(b, "text", "") == f"{side}: build the force…")
    click(app, button.rect.center)
    screen = app.top
    assert screen.name == "muster"
    while screen.entries:
        screen.remove()
        app.step()
        screen = app.top
    click(app, next(b for b in screen.container.elements if getattr(b, "text", "").startswith("+ Thief")).rect.center)
    key(app, pygame.K_RETURN, frames=3)
    assert app.top is setup
    return setup.forces


def names_of(state, side: int) -> list[str]:
    return [u.name for u in state.units.values() if u.side == side]


def choose_for_the_guest(app, setup, label: str) -> None:
    """One of the guest side's choices of who makes its force: "Guest", "Scenario", "You"."""
    press(app, next(b for b in setup.container.elements if getattr(b, "text", "") == label), frames=3)


def test_the_host_builds_the_guests_force_too_and_the_guest_plays_it(app, ui_home):
    setup = host_the_duel(app)
    choose_for_the_guest(app, setup, "You")
    assert "East's force: you build it" in [
        t for t, *_ in setup.right_labels]
    forces = build_only_a_thief(app, setup, "East")
    assert [e["name"] for e in forces[1]] == ["Thief"]
    press(app, setup.start_button, frames=3)
    lobby = app.top
    assert lobby.name == "net-lobby", setup.message
    until(app, lambda: lobby.game.port is not None and "Join code (East)" in lobby.fields, "the code")
    guest = headless_guest(f"127.0.0.1:{lobby.game.port}", lobby.fields["Join code (East)"].get_text())
    until(app, lambda: app.top.name == "table", "the table")
    referee = app.top.session.referee
    assert names_of(referee.state, 1) == ["Thief"]                          # the force the host built
    assert names_of(referee.state, 0) == [u["name"] for u in load_scenario(DUEL).raw["units"] if u["side"] == 0]
    play_actions(app, 200)                                                  # to the end, the guest with it
    guest["thread"].join(30)
    assert app.top.session.is_over() and names_of(guest["guest"].view, 1) == ["Thief"]


@pytest.mark.parametrize("on_points", [True, False])
def test_a_guest_is_told_when_its_table_opens_that_the_host_chose_the_forces(app, ui_home, on_points):
    name = DUEL if on_points else "risus-meeting-engagement"
    scenario = simulate.with_built_forces(load_scenario(name), ["human", "easy"], 5)
    referee = Referee.new(scenario, 5, None, [GUEST, "easy"], ui_home / "points.json")
    served = Served(referee)
    try:
        table = join_from_menu(app, served.address, referee.codes[0])
        app.step()
        told = table.bars.live_toast(table.now)
        assert (told is not None and FORCES_BY_HOST in told[0]) == on_points, told
    finally:
        served.stop()


def test_a_game_made_on_a_club_server_takes_the_forces_built_in_the_setup(app, ui_home):
    served = Served(None, tables=Tables(ui_home / "server", open_to_create=True))
    try:
        setup = host_the_duel(app, served.address)
        choose_for_the_guest(app, setup, "Scenario")
        build_only_a_thief(app, setup, "West")                               # the host's own force
        press(app, setup.start_button, frames=3)
        lobby = app.top
        until(app, lambda: lobby.game.ready, "the game made on the server")
        (referee,) = served.tables.games.values()
        assert names_of(referee.state, 0) == ["Thief"]                      # not the scenario's own party
        assert lobby.game.forces_note() is None                             # its maker is not told
    finally:
        served.stop()


def test_a_club_server_refuses_an_illegal_force_in_one_line(ui_home):
    tables = Tables(ui_home / "server", open_to_create=True)
    for forces, line in (({"0": [{"name": "Giant", "muscle": 9}]}, "create.forces: West: "),
                         ([1, 2], "create.forces: expected the forces built on points, a list of entries by side")):
        with pytest.raises(RefereeError) as refused:
            tables.create({"scenario": DUEL, "players": [GUEST, GUEST], "seed": 1, "forces": forces})
        assert str(refused.value).startswith(line) and "\n" not in str(refused.value)
    assert not tables.games
