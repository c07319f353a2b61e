"""The new-game screen builds a side's force on points from the form its ruleset declares (Riskbreaker's
duel: "stats with +/- buttons, skills picked from a list or typed with their stat, the points left
always visible, and an illegal sheet refused with the reason"), and the game starts with it."""
from __future__ import annotations

import pygame
import pytest
import pygame_gui
from conftest import click, key

from game import rulesets
from game.ui.screens.menu import MainMenu
from game.ui.screens.muster import MusterScreen
from game.ui.screens.setup import SetupScreen

rulesets.load_all()
DUEL = "riskbreaker-bridge-duel"


def open_duel(app):
    names = [n for n, _, _ in SetupScreen(app).scenarios]
    setup = SetupScreen(app, preselect=next(n for n in names if DUEL in n))
    app.reset(MainMenu(app), setup)
    app.step()
    setup = app.top
    setup.players = ["human", "human"]
    return setup


def build_west(app, setup) -> MusterScreen:
    button = next(b for b in setup.container.elements if getattr(b, "text", "") == "West: build the force…")
    click(app, button.rect.center)
    assert isinstance(app.top, MusterScreen)
    return app.top


def only_a_thief(app, screen) -> MusterScreen:
    """Remove every character, then add the Thief preset with its button."""
    while screen.entries:
        screen.remove()
        app.step()
    screen = app.top
    thief = next(b for b in screen.container.elements if getattr(b, "text", "").startswith("+ Thief"))
    click(app, thief.rect.center)
    return app.top


def test_a_party_is_built_from_presets_with_plus_minus_and_typed_skills(app):
    setup = open_duel(app)
    screen = build_west(app, setup)
    assert [e["name"] for e in screen.entries][0] == "Aldo the Blade"        # the scenario's own party first
    screen = only_a_thief(app, screen)
    assert screen.tally().entry_left == (2,)                                 # "2 Points Left Over"
    plus = [b for b in screen.container.elements if getattr(b, "text", "") == "+"]
    click(app, plus[0].rect.center)                                          # Muscle 4 -> 5 costs 5
    assert screen.entries[0]["muscle"] == 5 and screen.tally().entry_left == (-3,)
    key(app, pygame.K_RETURN)                                                # refused, with the reason
    assert app.top is screen and "spends 3 more than its 10 points" in screen.message
    minus = [b for b in screen.container.elements if getattr(b, "text", "") == "-"]
    click(app, minus[0].rect.center)
    screen.typed.set_text("Garrotte (M, melee)")
    screen.add_typed()
    app.step()
    screen = app.top
    assert screen.entries[0]["skills"][-1] == "Garrotte (M, melee)" and screen.tally().entry_left == (1,)
    screen.done()
    app.step()
    assert app.top is setup and [e["name"] for e in setup.forces[0]] == ["Thief"]
    setup.start()
    for _ in range(3):
        app.step()
    session = app.top.session
    west = [u for u in session.state.units.values() if u.side == 0]
    assert [u.name for u in west] == ["Thief"] and setup.scenario().raw["units"][0]["name"] == "Aldo the Blade"
    assert session.scenario.raw["units"][-1]["name"] == "Thief"                  # a save embeds the built party
    assert any(k["name"] == "Garrotte" for k in west[0].stats["skills"])


def test_an_ai_side_builds_its_own_party_from_the_seed(app):
    setup = open_duel(app)
    setup.players = ["human", "normal"]
    setup.seed_entry.set_text("11")
    setup.start()
    for _ in range(3):
        app.step()
    east = [u.name for u in app.top.session.state.units.values() if u.side == 1]
    assert len(east) == 4 and "Edda the Blade" not in east


def test_the_selected_character_shows_its_sheet_as_the_text_prints_it(app):
    setup = open_duel(app)
    setup.players = ["human", "normal"]
    setup.start()
    for _ in range(3):
        app.step()
    game = app.top
    game.sel.selected = "w-blade"
    for _ in range(3):
        app.step()
    sheet = game.panel.card_sheet
    assert sheet.tables[0].header == ("Stat", "Rating\u00a0-", "Skill Damage", "=\u00a0Effective Skill", "Skills")
    assert sheet.tables[0].rows[0][:4] == ("Muscle", "6 -", "0", "= 6")


def test_a_skill_picked_from_the_list_joins_the_sheet_and_costs_its_point(app):
    setup = open_duel(app)
    screen = build_west(app, setup)
    menu = next(w for w, fid in screen.field_widgets.items() if fid == "skills")
    before = screen.tally().entry_left[0]
    pygame.event.post(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=menu,
                                         text="Fireball* (W, ranged)"))
    for _ in range(3):
        app.step()
    screen = app.top
    assert screen.entries[0]["skills"][-1] == "Fireball* (W, ranged)"
    assert screen.tally().entry_left[0] == before - 2                      # magical: 2 points


def _build_a_thief_for_west(app, setup):
    only_a_thief(app, build_west(app, setup)).done()
    app.step()
    assert app.top is setup


def _side_pixels(setup, side: int) -> int:
    from game.ui import theme
    surf = setup.thumbnail(setup.thumb_rect.inflate(-12, -12).size)
    return pygame.mask.from_threshold(surf, theme.side_colour(side), (2, 2, 2, 255)).count()


def test_hotseat_the_second_player_sees_the_first_force_only_as_built_n_points(app):
    """Two humans at one screen: a force one of them built is shown to the other only as "built, N
    points" — in the new-game screen, in the preview and in the other side's builder — and building it
    again starts from the scenario's force; the game still starts with the force that was built."""
    setup = open_duel(app)                                   # human vs human
    _build_a_thief_for_west(app, setup)
    setup = app.top
    points = sum(setup.ruleset().muster_tally(setup.scenario(), 0, setup.forces[0]).costs)
    texts = [getattr(b, "text", "") for b in setup.container.elements]
    assert "West: build it again…" in texts and "West: build the force…" not in texts
    assert f"built, {points} points (hidden)" in [t for t, *_ in setup.right_labels]
    east = next(b for b in setup.container.elements if getattr(b, "text", "") == "East: build the force…")
    click(app, east.rect.center)
    builder = app.top
    assert isinstance(builder, MusterScreen) and builder.others == [f"West: built, {points} points"]
    assert "Thief" not in repr(builder.entries)
    builder.back()
    app.step()
    again = next(b for b in app.top.container.elements if getattr(b, "text", "") == "West: build it again…")
    click(app, again.rect.center)
    assert app.top.entries[0]["name"] == "Aldo the Blade"    # not the sealed thief
    app.top.back()
    app.step()
    app.top.start()
    for _ in range(3):
        app.step()
    assert [u.name for u in app.top.session.state.units.values() if u.side == 0] == ["Thief"]


def test_against_the_ai_the_player_sees_and_edits_the_force_they_built(app):
    """Only one human: nothing to hide, the builder reopens with the built force."""
    setup = open_duel(app)
    setup.players = ["human", "normal"]
    _build_a_thief_for_west(app, setup)
    setup = app.top
    assert not setup.sealed(0) and setup.sealed_notes() == []
    click(app, next(b for b in setup.container.elements
                    if getattr(b, "text", "") == "West: build the force…").rect.center)
    assert [e["name"] for e in app.top.entries] == ["Thief"]


def test_hotseat_the_preview_hides_a_built_force_and_names_it_built_n_points(app):
    """The preview of the table draws no figure of a force another player built (the piquet shows its
    figures: nothing is hidden by its rules), only "French: built, N points" over it."""
    names = [n for n, _, _ in SetupScreen(app).scenarios]
    setup = SetupScreen(app, preselect=next(n for n in names if "petite-guerre-the-piquet" in n))
    app.reset(MainMenu(app), setup)
    app.step()
    setup = app.top
    setup.players = ["human", "normal"]
    setup.forces = {0: setup.ruleset().muster_force(setup.scenario(), 0)}
    assert _side_pixels(setup, 0) > 0 and setup.sealed_notes() == []
    setup.players = ["human", "human"]
    points = sum(setup.ruleset().muster_tally(setup.scenario(), 0, setup.forces[0]).costs)
    assert _side_pixels(setup, 0) == 0 and _side_pixels(setup, 1) > 0
    assert setup.sealed_notes() == [f"French: built, {points} points"]


@pytest.fixture
def small_app():
    from game.ui.app import App
    from game.ui.settings import Settings
    a = App(800, 560, settings=Settings(ai_speed="instant"), remember=False, threaded_ai=False)
    yield a
    pygame.quit()


def test_a_long_skill_list_scrolls_so_the_add_controls_stay_in_an_800x560_window(small_app):
    """"Skills picked from a list or typed": however many a sheet holds, the list scrolls (up/down and
    the mouse wheel) and the pick list, the typing line and Add stay in the smallest window."""
    app = small_app
    setup = open_duel(app)
    screen = build_west(app, setup)
    extra = ["Dodge (A)", "Climb (A)", "Swim (M)", "Lore (W)", "Haggle (P)", "Sneak (A)"]
    for skill in extra:
        screen.typed.set_text(skill)
        screen.add_typed()
        app.step()
        screen = app.top
    skills = list(screen.entries[0]["skills"])
    add = next(b for b in screen.container.elements if getattr(b, "text", "") == "Add")
    assert add.rect.bottom <= 560 and screen.typed.rect.bottom <= 560
    shown = [item for _, item in screen.item_rows]
    assert len(shown) < len(skills) and shown[-1] == "Sneak (A)"          # the newest one in view
    up = next(b for b in screen.container.elements if getattr(b, "text", "") == "up")
    click(app, up.rect.center, frames=3)
    screen = app.top
    assert [item for _, item in screen.item_rows] == skills[len(skills) - len(shown) - 1:-1]
    post_wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=screen.items_rect.center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(post_wheel)
    for _ in range(3):
        app.step()
    screen = app.top
    assert [item for _, item in screen.item_rows] == shown                  # wheel down: back to the end
    first = screen.item_rows[0][1]
    cross = [b for b in screen.container.elements if getattr(b, "text", "") == "×"][0]
    click(app, cross.rect.center, frames=3)
    assert first not in app.top.entries[0]["skills"] and len(app.top.entries[0]["skills"]) == len(skills) - 1
