"""Issue 24 §2.6, with real key events: "A key acts only on the options drawn when it was pressed; a
phase change clears pending input" (quick "1" presses declared fights, then made manoeuvres)."""
from __future__ import annotations

import pygame
from conftest import key, post, toy_scenario

from game.ui.components.action_panel import SETTLE_SECONDS
from game.ui.screens.game import GameScreen
from game.ui.session import Session


def _table(app):
    session = Session(toy_scenario(), 3, {}, ["human", "human"])
    app.start_session(session)
    screen = app.top
    assert isinstance(screen, GameScreen)
    for _ in range(int(SETTLE_SECONDS * 60) + 5):
        app.step()
    assert screen.my_decision() is not None and screen.panel.on_screen()
    return session, screen


def test_a_number_key_pressed_with_the_action_that_changes_the_phase_does_nothing(app, toy_ruleset):
    session, screen = _table(app)
    side = session.decision().side
    post(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0)     # pass: the other side decides
    post(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1", scancode=0)     # in the same frame
    app.step()
    assert session.decision().side != side and len(session.history) == 1
    assert screen.sel.placing is None                    # "1" did not start the new side's move


def test_a_key_just_after_a_new_phase_is_drawn_is_dropped_and_later_it_acts(app, toy_ruleset):
    session, screen = _table(app)
    key(app, pygame.K_p, frames=1)
    assert len(session.history) == 1 and screen.panel.drawn is not None   # the new options are drawn
    key(app, pygame.K_1, frames=1)                       # pressed as they appeared: meant for the last phase
    assert screen.sel.placing is None and len(session.history) == 1
    assert "press again" in screen.bars.toast[0]
    for _ in range(int(SETTLE_SECONDS * 60) + 2):
        app.step()
    key(app, pygame.K_1, frames=1)                       # read, then pressed: it acts
    assert screen.sel.placing is not None and screen.sel.placing.option is screen.panel.row_options[0]


def test_within_one_phase_keys_act_at_once(app, toy_ruleset):
    """The settling is for a new phase only: a run of the same side's options answers every key."""
    session, screen = _table(app)
    key(app, pygame.K_1, frames=1)
    assert screen.sel.placing is not None
    key(app, pygame.K_ESCAPE, frames=1)
    assert screen.sel.placing is None
    key(app, pygame.K_1, frames=1)
    assert screen.sel.placing is not None
