"""Issue 29, live play from the window through a campaign's battle: a seat joined from the menu plays
the campaign's map with clicks, fights a battle on its table and comes back to the map, to the
campaign's end; the window's game is the referee's. Loopback only (127.0.0.1)."""
from __future__ import annotations

import pytest
from net_drive import Served, join_from_menu, loopback_host, play_actions, same_game  # noqa: F401

from game import simulate
from game.io.scenario_file import load_scenario
from game.net.referee import GUEST, Referee

CAMPAIGN = "risk-to-take-campaign-two-crowns"


@pytest.mark.parametrize("seed,seat", [(2, 0), (3, 1)])      # seeds whose game meets a battle early
def test_a_campaign_played_from_the_window_goes_to_a_battle_and_back(app, ui_home, seed, seat):
    seats = ["easy", "easy"]
    seats[seat] = GUEST
    scenario = simulate.with_built_forces(load_scenario(CAMPAIGN), ["human" if s == GUEST else s for s in seats],
                                          seed)
    referee = Referee.new(scenario, seed, None, seats, ui_home / "campaign.json")
    served = Served(referee)
    try:
        table = join_from_menu(app, served.address, referee.codes[seat])
        game = table.session
        shown = [game.state.ruleset_id]                 # the games the table showed, in turn
        names: set[str] = set()                         # what the seat was called in its battles
        for _ in range(200):
            play_actions(app, 1, seed=len(game.history))
            if game.state.ruleset_id != shown[-1]:
                shown.append(game.state.ruleset_id)
            if game.state.seats is not None and not game.is_over():      # in a battle: the seat's own army
                names.add(game.side_name(seat))                            # (a battle's sides need not be
                                                                           # in the seats' order)
            if game.is_over():
                break
        assert shown[:3] == ["risk-to-take-campaign", "risk-to-take", "risk-to-take-campaign"]
        mine = scenario.sides[seat].name                # "Kessel": its battles' side is "Kessel army N"
        assert names and all(name.startswith(f"{mine} army") for name in names), (mine, names)
        assert game.played == len(referee.actions)      # the whole game's count, not the seat's own
        assert game.is_over() and referee.over and game.result().winner == referee.state.outcome.winner
        same_game(referee, game, seat)
    finally:
        served.stop()
