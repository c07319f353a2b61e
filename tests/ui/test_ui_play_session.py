"""What a play session in a real window found confusing, driven through the App with posted events.

In an A Risk to Take battle, after the AI's moves the panel still showed the unit the player had
moved last turn ("Commander 1 (a) can: Move / End of moves"), hiding the other units' options; the
next "1" moved that unit instead of the first one listed."""
from __future__ import annotations

import pygame
from conftest import key, select, settle, toy_scenario

from game.ui.screens.game import GameScreen
from game.ui.session import Session


def test_the_players_turn_again_after_the_ai_shows_every_unit_that_can_act(app, toy_ruleset):
    session = Session(toy_scenario(), 3, {}, ["human", "random"])
    for uid in ("b1", "b2"):                             # unseen by Red: its AI moves or passes, never wins
        session.state.units[uid].markers.add("hidden")
    app.start_session(session)
    table = app.top
    assert isinstance(table, GameScreen)
    settle(app, table)
    assert session.decision().side == 0
    select(app, table, "b1")                             # Tab to Baker: the panel is about him alone
    assert table.sel.selected == "b1"
    key(app, pygame.K_p, frames=1)                       # pass: Red (the AI) takes the initiative
    assert session.decision().side == 1 or len(session.history) > 1
    assert app.run_until(lambda: session.decision() is not None and session.decision().side == 0
                         and table.panel.on_screen(), 600)
    assert "b1" in session.view().units and table.choices.can_act("b1")     # Baker could act again...
    assert table.sel.selected is None                    # ...but the panel lists every unit's options
    app.step()
    assert "Choose, or select one of the 2 units that can act (Tab)" in app.fonts.frame_texts
    key(app, pygame.K_1, frames=1)                       # "1" is the first option listed, not Baker's
    assert table.sel.placing is not None and table.sel.placing.option is table.panel.row_options[0]


def test_within_the_players_own_run_the_selected_unit_stays_selected(app, toy_ruleset):
    session = Session(toy_scenario(), 3, {}, ["human", "human"])
    app.start_session(session)
    table = app.top
    settle(app, table)
    select(app, table, "b2")
    for _ in range(5):                                   # frames of the same decision: nothing changes
        app.step()
    assert table.sel.selected == "b2"
