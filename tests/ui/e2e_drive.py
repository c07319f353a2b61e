"""Driving the real App the way a player does, for the end-to-end suite: clicks at the widgets'
rects, key presses, frames stepped until something shows. Nothing here calls a screen's methods
to make a choice; it only reads where things are drawn."""
from __future__ import annotations

import pygame
from conftest import click, key, post

from game.ui.screens.error import ErrorScreen


def centre(widget) -> tuple[int, int]:
    return tuple(int(v) for v in widget.rect.center)


def press(app, widget, frames: int = 2) -> None:
    """Click a pygame_gui widget where it is drawn."""
    assert widget.visible and widget.is_enabled, f"{widget} is not clickable"
    click(app, centre(widget), frames=frames)


def no_failure(app) -> None:
    """No screen raised (the error panel would have caught it): name what did."""
    assert not app.failures, f"a screen failed: {app.failures[0]!r}"
    assert not isinstance(app.top, ErrorScreen), app.top.message


def wait_for(app, done, frames: int = 600, what: str = "") -> None:
    for _ in range(frames):
        if done():
            return
        app.step()
        no_failure(app)
    assert done(), f"not reached after {frames} frames: {what}"


def list_row(app, selection_list, text: str):
    """The row button of `text` in a UISelectionList, scrolled into sight with the wheel."""
    for _ in range(60):
        for item in selection_list.item_list:
            if item["text"] == text and item["button_element"] is not None and \
                    selection_list.rect.contains(item["button_element"].rect):
                return item["button_element"]
        post(pygame.MOUSEMOTION, pos=selection_list.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
        app.step()
    raise AssertionError(f"no row {text!r} in the list")


def open_new_game(app):
    """From the main menu: the New game button clicked; returns the setup screen."""
    from game.ui.screens.menu import MainMenu
    from game.ui.screens.setup import SetupScreen
    assert isinstance(app.top, MainMenu)
    press(app, app.top.buttons["N"])
    wait_for(app, lambda: isinstance(app.top, SetupScreen), 30, "the New game screen")
    return app.top


def pick_scenario(app, setup, name: str) -> None:
    """Its row clicked in the scenario list."""
    text = next(t for t, n in setup.items.items() if n == name)
    press(app, list_row(app, setup.list, text), frames=3)
    wait_for(app, lambda: app.top.current == name, 30, f"{name} chosen")


def set_players(app, setup, players: list[str]) -> None:
    """Shift+1-9 cycles the n-th side's player until it is the one wanted."""
    for i, want in enumerate(players):
        for _ in range(12):
            if app.top.players[i] == want:
                break
            key(app, pygame.K_1 + i, mod=pygame.KMOD_SHIFT, frames=2)
        assert app.top.players[i] == want, (i, app.top.players)
