"""Every screen draws a frame; the menus and the setup screen work from the keyboard and mouse."""
from __future__ import annotations

import pygame
import pytest
from conftest import click, key, toy_scenario

from game.ui.screens.endgame import EndGameScreen
from game.ui.screens.error import ErrorScreen
from game.ui.screens.handover import HandoverScreen
from game.ui.screens.help import HelpOverlay
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseMenu
from game.ui.screens.rules import RulesScreen
from game.ui.screens.saves import SavesScreen
from game.ui.screens.settings import SettingsScreen
from game.ui.screens.setup import SetupScreen
from game.ui.screens.game import GameScreen
from game.ui.session import Session


def drawn(app):
    """Some pixels differ from the first one: something was drawn."""
    s = app.window
    first = s.get_at((0, 0))
    return any(s.get_at((x, y)) != first for x in range(0, app.size[0], 37) for y in range(0, app.size[1], 29))


@pytest.mark.parametrize("make", [
    lambda app, s: MainMenu(app),
    lambda app, s: SetupScreen(app),
    lambda app, s: GameScreen(app, s),
    lambda app, s: HandoverScreen(app, s, 1, lambda side: None),
    lambda app, s: RulesScreen(app),
    lambda app, s: SavesScreen(app, mode="load"),
    lambda app, s: SavesScreen(app, mode="save", session=s),
    lambda app, s: SettingsScreen(app),
    lambda app, s: HelpOverlay(app),
    lambda app, s: PauseMenu(app),
    lambda app, s: EndGameScreen(app, s),
    lambda app, s: ErrorScreen(app, "This file cannot be opened", "bad.json: line 1: expected an object"),
], ids=["menu", "setup", "table", "handover", "rules", "load", "save", "settings", "help", "pause", "endgame", "error"])
def test_every_screen_draws_a_frame(app, toy_ruleset, make):
    session = Session(toy_scenario(), 1, {}, ["human", "random"])
    app.reset(MainMenu(app))
    app.push(make(app, session))
    for _ in range(3):
        app.step()
    assert drawn(app)
    app.resize(900, 640)                                 # and survives a resize
    app.step()
    assert drawn(app)


def test_the_main_menu_opens_each_screen_by_its_key(app, toy_ruleset):
    app.main_menu()
    app.step()
    for k, name in ((pygame.K_n, "setup"), (pygame.K_l, "saves"), (pygame.K_r, "rules"), (pygame.K_s, "settings")):
        key(app, k)
        assert app.top.name == name
        key(app, pygame.K_ESCAPE)
        assert app.top.name == "menu"
    key(app, pygame.K_q)
    assert not app.running


def test_continue_resumes_the_autosave(app, toy_ruleset, ui_home):
    session = Session(toy_scenario(), 1, {}, ["human", "human"])
    app.start_session(session)
    app.step()
    key(app, pygame.K_p)
    assert session.autosave_to.parent == ui_home / "saves" and session.autosave_to.is_file()   # its own slot
    app.main_menu()
    app.step()
    key(app, pygame.K_c)
    top = app.top
    assert isinstance(top, GameScreen) and len(top.session.history) == 1


def test_the_load_screen_lists_saves_with_date_scenario_and_turn(app, toy_ruleset, ui_home):
    session = Session(toy_scenario(), 1, {}, ["human", "human"])
    from game.io.save_file import saves_dir
    session.save(saves_dir() / "one.json", label="before the attack")
    app.reset(MainMenu(app), SavesScreen(app, mode="load"))
    app.step()
    items = list(app.top.by_text)
    assert len(items) == 1
    assert "Toy field" in items[0] and "turn 1" in items[0] and "before the attack" in items[0]
    app.top.list.set_default_selection() if hasattr(app.top.list, "set_default_selection") else None
    app.top.list.item_list[0]["selected"] = True
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, GameScreen)


def test_save_as_writes_a_named_save(app, toy_ruleset, ui_home):
    session = Session(toy_scenario(), 1, {}, ["human", "human"])
    app.start_session(session)
    app.step()
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert app.top.name == "saves"
    app.top.entry.set_text("my game")
    app.top.save_now()
    app.step()
    assert (ui_home / "saves" / "my game.json").is_file()
    assert isinstance(app.top, GameScreen)


def test_new_game_setup_lists_options_and_players_and_starts(app, toy_ruleset, tmp_path):
    import json
    path = tmp_path / "toy.json"
    path.write_text(json.dumps(toy_scenario().raw), encoding="utf-8")
    setup = SetupScreen(app)
    app.reset(MainMenu(app), setup)
    setup.loaded[str(path)] = toy_scenario()
    setup.extra.append((str(path), "ui-toy", "Toy field"))
    setup.choose(str(path))
    for _ in range(3):
        app.step()
    setup = app.top
    assert [sid for sid, _ in setup.option_widgets.values()] == ["secret"]
    assert "Players" in [t for t, *_ in setup.right_labels]
    assert "Secret moves" in [t for t, *_ in setup.right_labels]
    toggle = next(w for w, (sid, kind) in setup.option_widgets.items() if kind == "bool")
    click(app, toggle.rect.center)
    assert setup.values["secret"] is True
    setup.players = ["human", "random"]
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, GameScreen)
    assert table.session.options == {"secret": True} and table.session.players == ["human", "random"]


def test_settings_change_the_ui_scale_and_remember_it(app, ui_home):
    app.remember = True
    app.reset(MainMenu(app), SettingsScreen(app))
    app.step()
    app.set_ui_scale(1.25)
    app.step()
    from game.ui.settings import load_settings
    assert load_settings().ui_scale == 1.25
    assert app.fonts.scale == 1.25
    assert app.top.name == "settings"


def test_setup_and_settings_work_from_the_keyboard(app, toy_ruleset, tmp_path):
    setup = SetupScreen(app)
    app.reset(MainMenu(app), setup)
    setup.loaded["toy"] = toy_scenario()
    setup.extra.append(("toy", "ui-toy", "Toy field"))
    setup.choose("toy")
    app.step()
    setup = app.top
    key(app, pygame.K_1)                                   # the first option: secret moves on
    assert setup.values["secret"] is True
    before = list(setup.players)
    key(app, pygame.K_2, mod=pygame.KMOD_SHIFT)            # the second side's player changes
    assert setup.players[1] != before[1]
    app.reset(MainMenu(app), SettingsScreen(app))
    app.step()
    scale = app.settings.ui_scale
    key(app, pygame.K_EQUALS)
    assert app.settings.ui_scale > scale
    speed = app.settings.ai_speed
    key(app, pygame.K_a)
    assert app.settings.ai_speed != speed
    legend = app.settings.show_legend
    key(app, pygame.K_2)
    assert app.settings.show_legend != legend
