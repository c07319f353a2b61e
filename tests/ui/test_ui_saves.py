"""Issue 24 §2.3, issue 30 §3: every game autosaves in its own slot after every action (inside a
campaign's battle too); Continue and Load resume at that exact action; Ctrl+S and F9 through real
key presses, F9 asking before it replaces a game with actions not saved."""
from __future__ import annotations

import pygame
from conftest import click, key, toy_scenario

from game.engine import game as engine
from game.engine.state import state_hash
from game.io.save_file import latest_autosave, list_saves, load_save
from game.ui.screens.game import GameScreen
from game.ui.screens.menu import MainMenu
from game.ui.session import Session
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario as campaign


def _to_menu(app):
    """Back to the main menu under the table, as the pause menu's Main menu does."""
    app.main_menu()
    app.step()
    assert isinstance(app.top, MainMenu)


def _step_until(app, session, done, frames=4000):
    for _ in range(frames):
        if done():
            return
        app.step()
    raise AssertionError(f"not reached after {frames} frames (actions {len(session.history)})")


def test_each_game_autosaves_in_its_own_slot_after_every_action_and_continue_resumes_the_latest(app, toy_ruleset):
    """"Autosave each game in its own slot (named by scenario and start time, listed in Load) after
    every action"; "Continue and Load resume at the exact action"."""
    first = Session(toy_scenario(), 3, None, ["normal", "normal"])
    app.start_session(first)
    _step_until(app, first, lambda: len(first.history) >= 2)
    slot = first.autosave_to
    assert slot is not None and slot.name.startswith("autosave-ui-toy-field-")
    assert len(load_save(slot).actions) == len(first.history)       # written after the last action too
    _to_menu(app)

    second = Session(toy_scenario(), 4, None, ["normal", "normal"])
    second.started = first.started.replace(year=first.started.year + 1)   # began later: its own slot
    app.start_session(second)
    _step_until(app, second, lambda: len(second.history) >= 2)
    assert second.autosave_to != slot
    listed = [p for p, _ in list_saves()]
    assert slot in listed and second.autosave_to in listed              # both games in the Load screen
    assert len(load_save(slot).actions) == len(first.history)          # the later game left it alone
    _to_menu(app)
    played, at_hash = len(second.history), state_hash(second.state)

    key(app, pygame.K_c, frames=1)                                      # Continue: the latest game
    table = app.top
    assert isinstance(table, GameScreen)
    resumed = table.session                     # (the AI may already have played on from there)
    assert resumed.actions[:played] == second.actions and state_hash(resumed.moments[played]) == at_hash
    assert resumed.autosave_to == second.autosave_to                   # and it goes on writing its slot


def _into_battle(app):
    """A campaign whose two armies meet on turn 1; the AI plays every side until the battle on the
    table has had a few actions."""
    sc = campaign(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]}], turn_limit=2)
    session = Session(sc, 4, None, ["normal", "normal"])
    app.start_session(session)
    return session


def test_inside_a_campaign_battle_every_action_is_autosaved_and_continue_resumes_inside_it(app):
    """"after EVERY action (inside a nested campaign battle too)"; issue 30 §3: "289 of 583 actions
    happen inside battles with no autosave"."""
    session = _into_battle(app)
    seen_inside = 0
    for _ in range(4000):
        before = len(session.history)
        app.step()
        if len(session.history) != before:
            assert len(load_save(session.autosave_to).actions) == len(session.history)
            if session.state.child is not None:
                seen_inside += 1
        if seen_inside >= 6:
            break
    assert seen_inside >= 6 and session.state.child is not None
    _to_menu(app)
    inner = engine.innermost(session.state)
    played, at_hash, decision = len(session.history), state_hash(session.state), session.decision()

    assert latest_autosave() == session.autosave_to
    key(app, pygame.K_c, frames=1)
    resumed = app.top.session
    there = resumed.moments[played]
    assert resumed.actions[:played] == session.actions and state_hash(there) == at_hash
    assert there.child is not None                                     # still in the battle
    assert engine.innermost(there).action_count == inner.action_count
    assert engine.to_act(there).side == decision.side and engine.to_act(there).kind == decision.kind


def test_ctrl_s_then_f9_loads_at_once_but_asks_when_actions_were_played_since(app, toy_ruleset):
    """"F9 (quick load) asks before replacing a running game that has unsaved actions"."""
    session = Session(toy_scenario(), 3, None, ["human", "normal"])
    app.start_session(session)
    app.step()
    table = app.top
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)                          # quick save
    saved = len(session.history)
    key(app, pygame.K_F9, frames=3)                                     # nothing unsaved: loads at once
    assert app.top is not table and isinstance(app.top, GameScreen)
    table, session = app.top, app.top.session
    assert len(session.history) == saved and table.confirm_load is None

    session.act(next(o.action for o in session.legal() if o.action is not None))   # a human action
    app.step()
    key(app, pygame.K_F9, frames=2)
    assert app.top is table and table.confirm_load is not None          # asked, nothing replaced yet
    click(app, table.confirm_load.confirm_button.rect.center, frames=4)
    assert app.top is not table and len(app.top.session.history) == saved


def test_a_refused_quick_load_keeps_the_game(app, toy_ruleset):
    session = Session(toy_scenario(), 3, None, ["human", "normal"])
    app.start_session(session)
    app.step()
    table = app.top
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    session.act(next(o.action for o in session.legal() if o.action is not None))
    app.step()
    key(app, pygame.K_F9, frames=2)
    click(app, table.confirm_load.cancel_button.rect.center, frames=3)
    assert app.top is table and table.confirm_load is None and session.unsaved() == 1


def test_a_loaded_game_goes_on_writing_its_own_slot_labelled_with_the_time_it_began(app, toy_ruleset):
    """"A game continued or loaded must keep writing its own slot (the one named by its scenario and
    start time)": a quick load of a game begun a quarter of an hour ago starts no second slot, and
    its autosave still says when the game began, not when it was loaded."""
    import datetime as dt
    from game.io.save_file import autosaves
    session = Session(toy_scenario(), 3, None, ["human", "normal"])
    session.started = (dt.datetime.now() - dt.timedelta(minutes=15)).replace(microsecond=0)
    app.start_session(session)
    app.step()
    app.top.commit(next(o.action for o in session.legal() if o.action is not None))   # as a click does
    _step_until(app, session, lambda: session.autosave_to is not None)
    slot = session.autosave_to
    assert slot is not None and autosaves() == [slot]
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)                          # quick save
    key(app, pygame.K_F9, frames=3)                                     # quick load
    loaded = app.top.session
    assert loaded is not session and loaded.started == session.started
    app.top.commit(next(o.action for o in loaded.legal() if o.action is not None))
    _step_until(app, loaded, lambda: loaded.autosave_to is not None)
    assert loaded.autosave_to == slot and autosaves() == [slot]         # one slot: Load lists it once
    assert len(load_save(slot).actions) == len(loaded.history)
    assert f"begun {session.started:%Y-%m-%d %H:%M}" in load_save(slot).label
