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
from net_drive import joined_campaign, loopback_host, play_actions, until  # noqa: F401

from game.ui.components.nesting import BACK_TO_THE_MAP, ON_TO_THE_NEXT_BATTLE

CAMPAIGN = "risk-to-take-campaign-two-crowns"
SEED, SEAT = 4, 0          # a game whose results come at the seat's own decision, one over the next battle


def head_says_your_decision(app, game) -> bool:
    """The last frame said "<the seat's side>: your decision" and waited for no one."""
    drawn = app.fonts.frame_texts
    return f"{game.side_name(SEAT)}: your decision" in drawn and not any(t.startswith("Waiting for") for t in drawn)


def options_drawn(app, table) -> set[str]:
    """The option rows the side panel drew in the last frame (their labels' lines)."""
    return set(app.fonts.frame_texts) & {line for _, _, _, lines in table.panel.rows for line in lines}


def test_a_joined_seat_s_result_says_what_comes_next_and_its_panel_whose_decision_it_is(app, ui_home):
    app.draw_every_frame = True                # every frame drawn: the texts read are this frame's
    with joined_campaign(app, ui_home, CAMPAIGN, SEED, SEAT) as (_referee, table):
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
                    assert head_says_your_decision(app, game) and not options_drawn(app, table)
                key(app, pygame.K_RETURN, frames=3)
                assert app.top is table
                if table.my_decision() is not None:
                    until(app, lambda: options_drawn(app, table), "the options back on the table")
                    assert head_says_your_decision(app, game)
            if game.is_over():
                break
            play_actions(app, 1, seed=len(game.history))
    assert (True, ON_TO_THE_NEXT_BATTLE) in onward and (False, BACK_TO_THE_MAP) in onward
    assert all(label == (ON_TO_THE_NEXT_BATTLE if battle else BACK_TO_THE_MAP) for battle, label in onward)
    assert mine_beneath >= 2
