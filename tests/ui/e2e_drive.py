"""Driving the real App the way a player does, for the end-to-end suite: clicks at the widgets'
rects, key presses, frames stepped until something shows. Nothing here calls a screen's methods
to make a choice; it only reads where things are drawn."""
from __future__ import annotations

import pygame
from conftest import click, key, place_in_region, post, select

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
    """The row button of `text` in a UISelectionList, scrolled into sight by holding the scroll bar's
    down arrow (as a player does)."""
    for _ in range(40):
        for item in selection_list.item_list:
            if item["text"] == text and item["button_element"] is not None and \
                    selection_list.rect.contains(item["button_element"].rect):
                return item["button_element"]
        bar = selection_list.scroll_bar
        assert bar is not None, f"no row {text!r} in the list"
        pos = bar.bottom_button.rect.center
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        for _ in range(6):
            app.step()
        post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
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


def button_named(screen, text: str):
    """A button of the screen whose text begins with `text` ("Main menu" in "Main menu  (M)")."""
    from pygame_gui.elements import UIButton
    found = [e for e in screen.container.elements if isinstance(e, UIButton) and e.text.startswith(text)]
    assert found, f"no button {text!r} on the {screen.name} screen"
    return found[0]


def type_into(app, entry, text: str) -> None:
    """Click a text entry, empty it with Backspace, type the text."""
    press(app, entry, frames=1)
    for _ in range(len(entry.get_text()) + 2):
        key(app, pygame.K_END, frames=0)
        key(app, pygame.K_BACKSPACE, frames=1)
    for ch in text:
        post(pygame.TEXTINPUT, text=ch)
        app.step()
    assert entry.get_text() == text, entry.get_text()


def start_game(app, setup, players: list[str], seed: int | None = None):
    """The players set, the Start button clicked: returns the game screen when the table shows."""
    from game.ui.screens.game import GameScreen
    set_players(app, setup, players)
    if seed is not None:
        type_into(app, setup.seed_entry, str(seed))
    press(app, setup.start_button, frames=2)
    assert setup.message == "", setup.message
    wait_for(app, lambda: app.find(GameScreen) is not None, 30, "the table or map")
    return app.find(GameScreen)


def clear_the_way(app) -> bool:
    """A handover, a hand-over banner or a screen between games (a battle's result) is dismissed the
    way a player does (a click on its button, Enter); True when one was."""
    from game.ui.screens.game import GameScreen
    from game.ui.screens.handover import HandoverScreen
    top = app.top
    if isinstance(top, HandoverScreen):
        click(app, (app.size[0] // 2, 30), frames=1)
        press(app, button_named(top, ""), frames=1) if app.top is top else None
        return True
    if isinstance(top, GameScreen):
        if top.banner_to is not None:
            key(app, pygame.K_RETURN, frames=1)
            return True
        return False
    return False


def human_turn(app, screen, rng) -> bool:
    """One human decision through the action panel's clicks: a unit picked (Tab), an option row
    clicked where it is drawn, a point of its region clicked on the board. True when an action was made."""
    session = screen.session
    before = session.version
    acts = screen.actors()
    if acts and rng.random() < 0.7:
        select(app, screen, acts[rng.below(len(acts))], tries=len(acts) + 1, must=False)
    rows = [(rect, option) for rect, option, _k, _l in screen.panel.rows if option is not None]
    if not rows:
        if screen.panel.row_options:            # options exist but none is drawn: the panel failed them
            raise AssertionError(f"options but no row drawn: {[o.label for o in screen.panel.row_options]}")
        key(app, pygame.K_TAB, frames=1)
        return False
    rect, option = rows[rng.below(len(rows))]
    click(app, rect.center, frames=1)
    if option.region is not None and session.version == before and screen.sel.placing is not None:
        place_in_region(app, screen, option, rng, before)
    return session.version != before
