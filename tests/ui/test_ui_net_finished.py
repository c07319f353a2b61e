"""Issue 29: hosting a game that is already over. `python -m game host SAVE` on a finished game (a
player's save, or the referee's own save of a host restarted after the end) says so in one line and
stops at once, exit 2, writing nothing: there is nobody to wait for. The window's Host, given the same
save as the file to host, says it in the same line, and no game is hosted."""
from __future__ import annotations

import html

import pygame
import pygame_gui
from conftest import key
from e2e_drive import press
from net_drive import loopback_host, net_menu  # noqa: F401

from game import simulate
from game.engine import game as engine
from game.io.paths import saves_dir
from game.io.save_file import save_game
from game.io.scenario_file import load_scenario
from game.net.referee import Referee
from tests.net.test_commands import game_command
from tests.net.test_server_restart import free_port

SCENARIO = "riskbreaker-tavern-brawl"


def finished_save(path, turns: int = 2):
    """A two-round brawl played to its end by the easy AI, saved as the window saves a game."""
    state = engine.new_game(simulate.with_turn_limit(load_scenario(SCENARIO), turns), 7, None)
    played = simulate.run(state, ["easy", "easy"])
    assert played.state.outcome is not None
    save_game(path, played.state, played.actions, players=["human", "easy"])
    return played.state


def over_line(path, state) -> str:
    outcome = state.outcome
    who = "a draw" if outcome.winner is None else f"won by {state.scenario.sides[outcome.winner].name}"
    return (f"{path}: this game is over ({who} on turn {state.scenario.turn_limit}: {outcome.reason}); "
            f"there is nothing left to host: load it to look back at it")


def test_hosting_a_finished_game_from_the_command_line_says_so_in_one_line_and_stops(tmp_path):
    save = tmp_path / "done.json"
    state = finished_save(save)
    referee = Referee.new(simulate.with_turn_limit(load_scenario(SCENARIO), 2), 7, None, ["easy", "easy"],
                          tmp_path / "network-over.json")             # a referee's save, its seats beside it
    assert referee.over
    for path, end in ((save, state), (referee.save_path, referee.state)):
        host = game_command("host", str(path), "--bind", "127.0.0.1", "--port", str(free_port()), home=tmp_path)
        out, err = host.communicate(timeout=60)
        assert host.returncode == 2 and out == ""
        assert err == f"error: {over_line(path, end)}\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json") == \
        ["done.json", "network-over.json", "network-over.seats.json"]        # nothing written


def open_to_host(app, path: str):
    """Play over the network → Host → Open a scenario file… (O): `path` picked in the dialog."""
    net = net_menu(app)
    press(app, net.host_button)
    setup = app.top
    key(app, pygame.K_o)
    assert setup.dialog is not None
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=path, ui_element=setup.dialog))
    for _ in range(3):
        app.step()
    assert setup.current == path
    return setup


def test_the_windows_host_given_a_finished_game_says_so_and_hosts_nothing(app, ui_home):
    save = ui_home / "done.json"
    state = finished_save(save)
    setup = open_to_host(app, str(save))
    line = over_line(save, state)
    assert setup.loaded[str(save)] == line and html.escape(line) in setup.desc.html_text
    key(app, pygame.K_RETURN, frames=3)                     # Start: nothing is hosted
    assert app.top is setup and not list(saves_dir().glob("network-*"))


def test_the_windows_host_given_a_save_still_going_on_names_the_command_that_hosts_it(app, ui_home):
    save = ui_home / "going-on.json"
    state = engine.new_game(load_scenario(SCENARIO), 7, None)
    save_game(save, state, [], players=["human", "easy"])
    setup = open_to_host(app, str(save))
    assert setup.loaded[str(save)] == f"{save}: a saved game, not a scenario: host it with python -m game host {save}"
