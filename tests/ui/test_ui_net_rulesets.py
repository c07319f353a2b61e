"""Issue 29, live play from the window in every ruleset: a seat joined from the menu makes its first
decisions with clicks (secret orders in Takipsilim, declarations in Riskbreaker, a campaign's map), and
the window's game is the referee's. Loopback only (127.0.0.1)."""
from __future__ import annotations

import pytest
from net_drive import Served, join_from_menu, loopback_host, play_actions, same_game, until  # noqa: F401

from game import simulate
from game.io.scenario_file import load_scenario
from game.net.referee import GUEST, Referee

GAMES = ["risus-hidden-ambush", "takipsilim-dusk-ambush", "riskbreaker-tavern-brawl",
         "petite-guerre-cavalry-patrol", "risk-to-take-cavalry-action", "risk-to-take-campaign-two-crowns"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_a_seat_joined_from_the_window_plays_its_decisions(app, ui_home, name, seat):
    seats = ["easy", "easy"]
    seats[seat] = GUEST
    scenario = simulate.with_built_forces(load_scenario(name), ["human" if s == GUEST else s for s in seats], 11)
    referee = Referee.new(scenario, 11, None, seats, ui_home / "game.json")
    served = Served(referee)
    try:
        table = join_from_menu(app, served.address, referee.codes[seat])
        game = table.session
        assert game.viewer == seat
        play_actions(app, 4, seed=seat)
        assert len(game.history) == 4 or game.is_over()
        until(app, lambda: game.is_over() or game.my_turn(), "the referee at rest")
        same_game(referee, game, seat)
    finally:
        served.stop()
