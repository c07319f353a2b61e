"""End to end through the real App: the New game screen over every bundled scenario (issue 24
§2.1: choosing or arrowing past a campaign crashed the game), and a screen that fails shows an error
panel while the game keeps running."""
from __future__ import annotations

import pygame
import pytest
from conftest import click, key
from e2e_drive import no_failure, open_new_game, pick_scenario, press, wait_for

from game.ui.screens.base import Screen
from game.ui.screens.error import ErrorScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.setup import SetupScreen


def _bundled() -> list[str]:
    from game.io.scenario_file import bundled_scenarios
    from game.rulesets import load_all
    load_all()
    return [name for name, _rid, _title in bundled_scenarios()]


def _thumbnail_drawn(app, setup) -> bool:
    """Something other than the empty panel is drawn in the thumbnail's middle."""
    r = setup.thumb_rect.inflate(-setup.thumb_rect.w // 2, -setup.thumb_rect.h // 2)
    colours = {tuple(app.window.get_at((x, y)))[:3] for x in range(r.x, r.right, 7) for y in range(r.y, r.bottom, 7)}
    return len(colours) > 2


@pytest.mark.parametrize("name", ["risk-to-take-campaign-two-crowns", "risk-to-take-campaign-three-kingdoms"])
def test_choosing_a_campaign_in_new_game_draws_its_map(app, ui_home, name):
    """Issue 24 §2.1: "Choosing "Two Crowns on the Sauve" or "Three Kingdoms" ... closes the game:
    ZeroDivisionError in setup.py's thumbnail (a hex map has no width in cm)"."""
    app.main_menu()
    app.step()
    setup = open_new_game(app)
    pick_scenario(app, setup, name)
    app.step()
    no_failure(app)
    assert app.top is setup and "hex map" in setup.desc.html_text
    assert _thumbnail_drawn(app, setup)


def test_arrowing_past_every_bundled_scenario_keeps_the_new_game_screen(app, ui_home):
    app.main_menu()
    app.step()
    setup = open_new_game(app)
    names = _bundled()
    seen = set()
    for _ in range(len(names)):
        key(app, pygame.K_DOWN, frames=2)
        no_failure(app)
        assert app.top is setup and setup.message == "", setup.message
        assert _thumbnail_drawn(app, setup), setup.current
        seen.add(setup.current)
    assert seen == set(names)


class Failing(Screen):
    """A screen that raises in the part of the frame named."""
    name = "failing"

    def __init__(self, app, where: str):
        super().__init__(app)
        self.where = where

    def handle(self, event):
        if self.where == "handle" and event.type == pygame.KEYDOWN:
            raise RuntimeError("handle broke")

    def update(self, dt):
        if self.where == "update":
            raise RuntimeError("update broke")

    def draw(self, surface):
        if self.where == "draw":
            raise RuntimeError("draw broke")


@pytest.mark.parametrize("where", ["handle", "update", "draw"])
def test_a_screen_that_fails_shows_an_error_panel_and_the_game_keeps_running(app, ui_home, where):
    """Issue 24 §2.1: "the menu must never die: an exception in a screen shows an error panel and keeps
    the game running"; Back leaves the failed screen for the one beneath."""
    app.main_menu()
    app.step()
    app.push(Failing(app, where))
    key(app, pygame.K_x, frames=2)
    assert app.running and isinstance(app.top, ErrorScreen)
    assert f"{where} broke" in app.top.message and "failing" not in app.top.title
    assert [str(e) for e in app.failures] == [f"{where} broke"]
    button = app.top.container.elements[0]
    click(app, tuple(button.rect.center), frames=2)
    assert isinstance(app.top, MainMenu) and app.running
    app.failures.clear()
    press(app, app.top.buttons["N"])
    wait_for(app, lambda: isinstance(app.top, SetupScreen), 10, "the menu still works")
