"""New game and load screens share one file dialog: a picked file opens, Esc closes the dialog
before it leaves the screen."""
from __future__ import annotations

import pygame
import pygame_gui


def test_picked_scenario_file_is_opened_and_esc_closes_the_dialog_first(tmp_path, monkeypatch):
    monkeypatch.setenv("SKIRMISH_TABLE_HOME", str(tmp_path))
    from game.resources import maps_dir
    from game.rulesets import load_all
    from game.ui.app import App
    from game.ui.screens.setup import SetupScreen
    from game.ui.settings import Settings
    load_all()
    app = App(1280, 800, settings=Settings(), remember=False, threaded_ai=False)
    screen = SetupScreen(app)
    app.push(screen)
    app.step()
    screen.open_dialog()
    app.step()
    path = str(maps_dir() / "risus-farm-assault.json")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=path,
                                         ui_element=screen.dialog))
    app.step()
    app.step()
    assert screen.current == path and screen.dialog is None
    screen.open_dialog()
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step()
    assert screen.dialog is None and app.top is screen
    pygame.quit()
