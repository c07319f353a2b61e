"""A battle's result screen in a window playing at a distance (a seat joined to a referee), the same
two defects as in hotseat (test_ui_battle_result_onward.py):
- its button says what comes next, "On to the next battle" over the next battle's table (the campaign
  began it in the action that ended the last), else "Back to the map";
- behind it the side panel said "Waiting for Aubrac" to Aubrac's own window when the decision was
  Aubrac's: it says "Aubrac: your decision", and the options come back once the result is left.
Loopback only (127.0.0.1)."""
from __future__ import annotations

import time

import pygame
from conftest import key
from net_drive import Served, join_from_menu, play_actions, until

from game import simulate
from game.io.scenario_file import load_scenario
from game.net.referee import GUEST, Referee
from game.ui.components.nesting import BACK_TO_THE_MAP, ON_TO_THE_NEXT_BATTLE

CAMPAIGN = "risk-to-take-campaign-two-crowns"
SEED, SEAT = 4, 0          # a game whose results come at the seat's own decision, one over the next battle


def texts(app, *starts: str) -> list[str]:
    """The texts drawn in the last frame that begin with one of `starts`."""
    return [t for t in app.fonts.frame_texts if t.startswith(starts)]


def test_a_joined_seat_s_result_says_what_comes_next_and_its_panel_whose_decision_it_is(app, ui_home):
    app.draw_every_frame = True                # every frame drawn: the texts read are this frame's
    seats = ["easy", "easy"]
    seats[SEAT] = GUEST
    scenario = simulate.with_built_forces(load_scenario(CAMPAIGN), ["human" if s == GUEST else s for s in seats],
                                          SEED)
    referee = Referee.new(scenario, SEED, None, seats, ui_home / "campaign.json")
    served = Served(referee)
    try:
        table = join_from_menu(app, served.address, referee.codes[SEAT])
        game = table.session
        onward, mine_beneath = [], 0
        for _ in range(300):
            while app.top.name == "battle-result":
                screen = app.top
                assert screen.onward_button.text == f"{screen.onward}  (Enter)"
                onward.append((game.state.seats is not None, screen.onward))
                # the referee's next message may still be on its way: a moment for it
                end = time.monotonic() + 0.5
                while time.monotonic() < end:
                    app.step()
                    time.sleep(0.005)
                if table.my_decision() is not None:             # the seat's own decision beneath
                    mine_beneath += 1
                    name = game.side_name(SEAT)
                    assert texts(app, "Waiting for") == [] and f"{name}: your decision" in app.fonts.frame_texts
                    assert not table.panel.rows or not set(app.fonts.frame_texts) & {
                        line for _, _, _, lines in table.panel.rows for line in lines}   # no option beneath
                key(app, pygame.K_RETURN, frames=3)
                assert app.top is table
                if table.my_decision() is not None:
                    until(app, lambda: table.panel.rows, "the options back on the table")
                    name = game.side_name(SEAT)
                    assert texts(app, "Waiting for") == [] and f"{name}: your decision" in app.fonts.frame_texts
            if game.is_over():
                break
            play_actions(app, 1, seed=len(game.history))
    finally:
        served.stop()
    assert (True, ON_TO_THE_NEXT_BATTLE) in onward and (False, BACK_TO_THE_MAP) in onward
    assert all(label == (ON_TO_THE_NEXT_BATTLE if battle else BACK_TO_THE_MAP) for battle, label in onward)
    assert mine_beneath >= 2
