"""Issue 30 §4, "A game at rest rests": the app redrew and flipped every frame with nothing happening.
It now draws a frame only when something changed: input (and the hover effects that follow it for
LINGER seconds), a screen that animates or an AI that plays, the screens changing, a window event.
Counted in frames drawn, with real events; the CPU figure itself is measured by game.ui.bench_idle."""
from __future__ import annotations

import pygame
from conftest import key, post, toy_scenario

from game.ui.app import LINGER
from game.ui.session import Session


def _rest(app, seconds: float = LINGER + 0.5) -> None:
    for _ in range(int(seconds / 0.25) + 1):
        app.step(0.25)


def test_the_menu_at_rest_draws_nothing_until_a_key_or_the_pointer_moves(app):
    app.draw_every_frame = False
    app.main_menu()
    _rest(app)
    drawn = app.drawn
    _rest(app, 10)
    assert app.drawn == drawn and app.at_rest()
    post(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))
    app.step(0.25)
    assert app.drawn == drawn + 1 and not app.at_rest()      # hover highlights follow for a moment
    _rest(app)
    assert app.at_rest()
    key(app, pygame.K_n, frames=1)                           # a key: New game opens, drawn
    assert app.top.name == "setup" and app.drawn > drawn + 1


def test_a_table_draws_while_the_ai_plays_and_rests_on_the_humans_turn(app, toy_ruleset):
    app.draw_every_frame = False
    app.settings.ai_speed = "fast"                            # the AI moves a few frames after the table shows
    session = Session(toy_scenario(secret=True), 12, {"secret": True}, ["random", "human"])   # hidden: no log to animate
    app.start_session(session)
    app._last_input = -LINGER                                # nobody touched it: no hover to follow
    for _ in range(400):
        if app.top.my_decision() is not None:
            break
        before = app.drawn
        app.step(0.25)
        assert app.drawn == before + 1                        # the AI's turn: every frame drawn
    assert app.top.my_decision() is not None and session.history
    app.step(0.25)
    assert app.top.panel.drawn == (session.version, session.viewer)   # the human's options were drawn
    _rest(app)
    drawn = app.drawn
    _rest(app, 10)
    assert app.drawn == drawn                                # the human's turn, untouched: at rest


def test_a_window_event_redraws(app):
    app.draw_every_frame = False
    app.main_menu()
    _rest(app)
    drawn = app.drawn
    post(pygame.WINDOWEXPOSED)
    app.step(0.25)
    assert app.drawn == drawn + 1
