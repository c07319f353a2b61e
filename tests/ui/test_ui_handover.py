"""Hotseat with hidden information: a full-window handover between players, and nothing of the
hidden side drawn before the click (not the table, not the log, not a tooltip, not the caption)."""
from __future__ import annotations

import pygame
from conftest import at, click, drag, key, move_to, select, toy_scenario

from game.ui.screens.handover import HandoverScreen
from game.ui.screens.game import GameScreen
from game.ui.session import Session


def start_secret(app):
    session = Session(toy_scenario(secret=True), 5, {"secret": True}, ["human", "human"])
    app.start_session(session)
    table = app.top
    for _ in range(3):
        app.step()
    return session, table


def count_table_draws(table):
    calls = []
    original = table.draw

    def counting(surface):
        calls.append(1)
        original(surface)
    table.draw = counting
    return calls


def test_a_hidden_game_opens_on_a_handover_for_the_first_player(app, toy_ruleset):
    session, table = start_secret(app)
    assert isinstance(app.top, HandoverScreen) and app.top.side == 0
    calls = count_table_draws(table)
    app.step()
    assert calls == []
    assert "Blue to play" in app.fonts.frame_texts
    assert not any("Baker" in t or "Rossi" in t for t in app.fonts.frame_texts)
    click(app, (app.size[0] // 2, 30))
    assert app.top is table and session.viewer == 0
    assert calls


def test_the_other_side_sees_nothing_hidden_before_or_after_the_click(app, toy_ruleset):
    session, table = start_secret(app)
    click(app, (app.size[0] // 2, 30))                   # Blue takes the seat
    # Blue moves in secret: the move passes the initiative to Red
    select(app, table, "b1", tries=4)
    drag(app, at(table, 26, 24), at(table, 36, 24))
    assert any("secretly" in e.text for e in session.state.log)
    assert session.decision().side == 1
    # Blue still sees its own table, with a button to hand over; nothing of Red is asked yet
    assert table.banner_to == 1 and session.viewer == 0
    app.step()
    assert any(t.startswith("Hand over") for t in [b.text for b in table.dynamic_buttons])
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, HandoverScreen) and app.top.side == 1
    # the handover covers the whole window: the table is not drawn at all, the log neither
    calls = count_table_draws(table)
    for _ in range(3):
        app.step()
    assert calls == []
    texts = app.fonts.frame_texts
    assert "Red to play" in texts
    assert not any("secretly" in t or "Baker" in t or "Able" in t for t in texts)
    assert "secret" not in app.caption and "Baker" not in app.caption
    assert app.caption == "Skirmish Table — Toy field"
    # every pixel is the handover's, none the table's
    surface = app.window
    colours = {surface.get_at((x, y))[:3] for x in range(0, app.size[0], 97) for y in range(0, app.size[1], 89)}
    assert (207, 220, 159) not in colours                # the table's open ground
    # Red takes the seat
    click(app, (app.size[0] // 2, 30))
    assert app.top is table and session.viewer == 1
    app.step()
    assert calls
    log_lines = [e.text for e in table.log.entries(table.view(), session.viewer)]
    assert not any("secretly" in line for line in log_lines)
    assert not any("secretly" in t or t == "Baker" for t in app.fonts.frame_texts)
    assert "b1" not in table.view().units                 # the hidden unit is not in Red's view
    # hovering where Baker stands shows no tooltip about him
    move_to(app, at(table, 36, 24), frames=25)
    assert table.sel.hovered != "b1"
    assert not any("Baker" in t for t in app.fonts.frame_texts)


def test_undo_cannot_reach_into_the_other_sides_secret_move(app, toy_ruleset):
    session, table = start_secret(app)
    click(app, (app.size[0] // 2, 30))
    select(app, table, "b1", tries=4)
    drag(app, at(table, 26, 24), at(table, 36, 24))
    key(app, pygame.K_RETURN)
    click(app, (app.size[0] // 2, 30))
    assert session.viewer == 1
    n = len(session.history)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(session.history) == n
    assert "Blue" in table.status_text()[0]


def test_without_hidden_information_the_view_follows_the_decider_silently(app, toy_ruleset):
    session = Session(toy_scenario(), 5, {}, ["human", "human"])
    app.start_session(session)
    table = app.top
    app.step()
    assert session.viewer == 0
    key(app, pygame.K_p)
    assert session.decision().side == 1
    app.step()
    assert isinstance(app.top, GameScreen) and session.viewer == 1 and table.banner_to is None


class _Forbidden(dict):
    def _no(self, *a, **k):
        raise AssertionError("the table read the raw state's units or log while drawing")
    __getitem__ = get = values = items = keys = __iter__ = __len__ = __contains__ = _no


class _ForbiddenList(list):
    def _no(self, *a, **k):
        raise AssertionError("the table read the raw state's log while drawing")
    __getitem__ = __iter__ = __len__ = _no


def test_the_table_draws_from_the_view_never_the_raw_state(app, toy_ruleset):
    session = Session(toy_scenario(secret=True), 5, {"secret": True}, ["human", "random"])
    app.start_session(session)
    table = app.top
    for _ in range(3):
        app.step()
    table.sel.selected = "b1"
    key(app, pygame.K_f, frames=1)
    key(app, pygame.K_r, frames=1)
    move_to(app, at(table, 20, 30), frames=20)           # hover a unit: tooltip and LOS preview
    view = session.view()
    real_units, real_log = session.state.units, session.state.log
    session.state.units, session.state.log = _Forbidden(), _ForbiddenList()
    try:
        table.draw(app.window)
        app.manager.draw_ui(app.window)
    finally:
        session.state.units, session.state.log = real_units, real_log
    assert session.view() is view
