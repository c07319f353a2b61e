"""Issue 29, live play from the window through a campaign's battles: a seat plays the campaign's map
with clicks, fights its battles on its table and comes back to the map, to the campaign's end; the
window's game is the referee's. After each battle its result screen comes over the table, as in
hotseat: the seat joined to a host, the host's own seat, and a seat of a game made on a club server.
Loopback only (127.0.0.1)."""
from __future__ import annotations

import pygame
import pytest
from conftest import key
from e2e_drive import press, type_into
from net_drive import (Served, headless_guest, host_setup, joined_campaign, loopback_host,  # noqa: F401
                       play_actions, same_game, until)

from game.io.scenario_file import load_scenario
from game.ui.components.nesting import past_battles

CAMPAIGN = "risk-to-take-campaign-two-crowns"


def facts(report) -> tuple:
    return (report.title, report.winner, report.winner_seat, report.reason, report.on_the_map, report.turn,
            [(a.name, a.seat, a.units, a.lost, a.routed, a.survivors) for a in report.armies])


def play_the_campaign(app, referee_of, seat: int) -> int:
    """The window's seat plays with clicks to the campaign's end; each battle's result screen, when it
    comes, is read and left with Enter (back to the table). It came for every battle, in order, once,
    and says what the referee's campaign recorded. Returns how many came over the next battle's table
    (the campaign starts it in the action that ended the last: the seat is never sent the map between)."""
    table = app.top
    game = table.session
    shown = [game.state.ruleset_id]                 # the games the table showed, in turn
    names: set[str] = set()                         # what the seat was called in its battles
    results, over_a_battle = [], 0
    for _ in range(300):
        while app.top.name == "battle-result":
            report = app.top.report
            assert game.state.scenario.title != report.title        # that battle is over on the table
            results.append(report)
            over_a_battle += game.state.seats is not None
            assert app.top.onward == ("On to the next battle" if game.state.seats is not None else "Back to the map")
            key(app, pygame.K_RETURN, frames=2)
            assert app.top is table
        if game.is_over():
            break
        play_actions(app, 1, seed=len(game.history))
        if game.state.ruleset_id != shown[-1]:
            shown.append(game.state.ruleset_id)
        if game.state.seats is not None and not game.is_over():      # in a battle: the seat's own army
            names.add(game.side_name(seat))                            # (a battle's sides need not be
                                                                       # in the seats' order)
    referee = referee_of()
    assert shown[:3] == ["risk-to-take-campaign", "risk-to-take", "risk-to-take-campaign"]
    mine = referee.state.scenario.sides[seat].name     # "Kessel": its battles' side is "Kessel army N"
    assert names and all(name.startswith(f"{mine} army") for name in names), (mine, names)
    assert game.played == len(referee.actions)      # the whole game's count, not the seat's own
    assert game.is_over() and referee.over and game.result().winner == referee.state.outcome.winner
    same_game(referee, game, seat)
    battles = past_battles(referee.state)
    assert battles and [facts(r) for r in results] == [facts(r) for r in battles]
    return over_a_battle


@pytest.mark.parametrize("seed,seat", [(2, 0), (3, 1)])      # seeds whose game meets a battle early
def test_a_campaign_joined_from_the_window_goes_to_its_battles_their_results_and_back(app, ui_home, seed, seat):
    with joined_campaign(app, ui_home, CAMPAIGN, seed, seat) as (referee, _table):
        play_the_campaign(app, lambda: referee, seat)


def host_the_campaign(app, seed: int, server: str = ""):
    """Play over the network → Host (on this machine, or on the server at `server`): the campaign, the
    seed; an AI guest joins with the code the lobby shows; the table once it is there."""
    setup = host_setup(app, CAMPAIGN, server)
    type_into(app, setup.seed_entry, str(seed))
    press(app, setup.start_button, frames=3)
    lobby = app.top
    assert lobby.name == "net-lobby", setup.message
    side = load_scenario(CAMPAIGN).sides[1].name
    until(app, lambda: lobby.game.ready and f"Join code ({side})" in lobby.fields, "the guest's code on screen")
    where = server or f"127.0.0.1:{lobby.game.port}"
    guest = headless_guest(where, lobby.fields[f"Join code ({side})"].get_text())
    if server:
        press(app, lobby.table_button)
    until(app, lambda: app.top.name == "table", "the table")
    return guest


def test_the_hosts_own_seat_sees_each_battles_result_between_its_battles(app, ui_home):
    host_the_campaign(app, 4)                       # a seed whose third battle follows the second at once
    game = app.top.session
    assert play_the_campaign(app, lambda: game.referee, 0) == 1


def test_a_campaign_made_on_a_club_server_shows_each_battles_result(app, ui_home):
    from game.net.server import Tables
    served = Served(None, tables=Tables(ui_home / "server", open_to_create=True))
    try:
        host_the_campaign(app, 4, served.address)
        host_seat = lambda: next(iter(served.tables.games.values()))      # noqa: E731
        assert play_the_campaign(app, host_seat, 0) == 1       # (this seed too: one battle after another)
    finally:
        served.stop()
