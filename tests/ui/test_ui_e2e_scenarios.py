"""Issue 24 §1, end to end through the real App for every bundled scenario: main menu, New game, its
row clicked, Start (every side an AI, then side 0 human), at least 50 actions (the human's chosen by
clicks on the action panel), Ctrl+S, back to the menu, Continue: the same state hash as when it left."""
from __future__ import annotations

import pygame
import pytest
from conftest import key
from e2e_drive import (button_named, clear_the_way, human_turn, no_failure, open_new_game, pick_scenario,
                       press, start_game, wait_for)

from game.engine.state import state_hash
from game.ui.components.ai_driver import AiDriver
from game.ui.screens.battle_result import BattleResultScreen
from game.ui.screens.endgame import EndGameScreen
from game.ui.screens.game import GameScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu

ACTIONS = 50
AI = "random"          # the fastest player (the AI levels are tested on their own; here the screens are)
SEED = 7
WAIT = 0.25            # one frame stands for this long while nobody acts (the options settle, the AI waits)


def _bundled() -> list[str]:
    from game.io.scenario_file import bundled_scenarios
    from game.rulesets import load_all
    load_all()
    return [name for name, _rid, _title in bundled_scenarios()]


@pytest.fixture
def ai_failures(monkeypatch):
    """An AI that fails falls back to a random move on screen; here it is a failure of the test."""
    seen = []
    real = AiDriver.failed
    monkeypatch.setattr(AiDriver, "failed", lambda self, exc: (seen.append(exc), real(self, exc)))
    return seen


def play(app, screen, actions: int, seed: int) -> None:
    """Frames until `actions` actions were played or the game ended; the human's through clicks."""
    from game.engine.dice import PlayerRng
    rng = PlayerRng(seed, "ui-e2e")
    session = screen.session
    idle, last = 0, -1
    for _ in range(20 * actions + 400):
        if len(session.history) >= actions or session.is_over():
            return
        no_failure(app)
        if clear_the_way(app):
            continue
        if isinstance(app.top, GameScreen) and screen.my_decision() is not None and screen.panel.on_screen():
            human_turn(app, screen, rng)
        else:
            app.step(WAIT)
        idle = 0 if session.version != last else idle + 1
        last = session.version
        assert idle < 300, f"stuck at {session.decision()}"
    raise AssertionError(f"only {len(session.history)} actions were played")


def past_a_result(app) -> bool:
    """A campaign battle's result that comes up while the AIs move is dismissed with Enter, as a player
    does (never done by itself: False)."""
    if isinstance(app.top, BattleResultScreen):
        key(app, pygame.K_RETURN, frames=1)
    return False


def save_leave_continue(app, screen) -> None:
    """Ctrl+S, Esc to the game menu, its Main menu button, Continue: the game as it was left. With a
    human seat, the keys are pressed on the human's turn (no AI moves while they are); with AIs only,
    Ctrl+S and Esc come in one frame, before the AI's next move."""
    session = screen.session
    if isinstance(app.top, EndGameScreen):
        key(app, pygame.K_ESCAPE, frames=2)
    if any(session.is_human(s) for s in range(len(session.players))):
        wait_for(app, lambda: past_a_result(app) or session.is_over() or screen.my_decision() is not None, 400,
                 "the human's turn")
    version = session.version
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL, frames=0)
    for _ in range(4):
        key(app, pygame.K_ESCAPE, frames=1)
        if isinstance(app.top, PauseMenu):
            break
    assert isinstance(app.top, PauseMenu)
    assert session.version == version, "an action was played between the save and the menu"
    left = state_hash(session.state)
    press(app, button_named(app.top, "Main menu"))
    wait_for(app, lambda: isinstance(app.top, MainMenu), 10, "the main menu")
    app.settings.ai_speed = "slow"      # the AI waits a moment before its next move: the game is seen as loaded
    press(app, app.top.buttons["C"], frames=2)
    wait_for(app, lambda: isinstance(app.top, GameScreen), 30, "the game continued")
    assert app.top.session is not session
    assert len(app.top.session.history) == len(session.history)
    assert state_hash(app.top.session.state) == left


@pytest.mark.parametrize("name", _bundled())
@pytest.mark.parametrize("side0", ["ai", "human"])
def test_a_bundled_scenario_from_the_menu_to_continue(app, ui_home, ai_failures, name, side0):
    app.main_menu()
    app.step()
    setup = open_new_game(app)
    pick_scenario(app, setup, name)
    sides = len(setup.players)
    screen = start_game(app, setup, [AI if side0 == "ai" or i else "human" for i in range(sides)], seed=SEED)
    assert isinstance(app.top, GameScreen) and app.top.session.scenario.name == name
    play(app, screen, ACTIONS, seed=sides)
    no_failure(app)
    assert not ai_failures, f"the AI failed: {ai_failures[0]!r}"
    assert len(screen.session.history) >= ACTIONS or screen.session.is_over()
    if side0 == "human":
        assert any(d.side == 0 for d in screen.session.history) or screen.session.is_over()
    save_leave_continue(app, screen)
    no_failure(app)
