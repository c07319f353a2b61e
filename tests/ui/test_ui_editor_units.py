"""Issue 24 §2.10, the editor, driven with real keys and clicks: a table with no units is not "no
problems: it plays"; units placed with the Unit tool face the enemy (else the table's centre) and
are numbered per kind; a third side is added with the panel's button."""
from __future__ import annotations

import math

import pygame
import pygame_gui
from test_ui_editor import open_editor

from conftest import at, click, key


def test_an_empty_table_is_not_said_to_play(app):
    """"'no problems: it plays' on a table with no units": each side without units is a problem."""
    screen = open_editor(app)
    for _ in range(40):
        app.step()
    assert {p.place for p in screen.problems} >= {"sides[0]", "sides[1]"}
    assert all("cannot play" in p.what for p in screen.problems if p.place.startswith("sides"))


def test_placed_units_face_the_enemy_and_are_numbered_per_kind(app):
    """"new units face sideways" and "every placed unit is named 'Line infantry'": the first of a
    side faces the table's centre, later ones the enemy's middle; the second of a kind is "... 2"."""
    screen = open_editor(app)
    view = screen.view
    key(app, pygame.K_u)
    click(app, at(view, 60, 10))                 # side 0, at the top edge's middle: faces the centre (down)
    click(app, at(view, 30, 12))
    units = screen.editor.doc["units"]
    assert len(units) == 2
    assert abs(units[0]["facing"] - 90.0) < 1.0
    assert units[1]["name"] == units[0]["name"] + " 2"
    screen.tools.side = 1
    click(app, at(view, 45, 70))                 # side 1 faces side 0's two units
    enemy = units[2]
    mx, my = (units[0]["x"] + units[1]["x"]) / 2, (units[0]["y"] + units[1]["y"]) / 2
    want = math.degrees(math.atan2(my - enemy["y"], mx - enemy["x"])) % 360
    assert abs(enemy["facing"] - want) < 1.0


def test_a_third_side_is_added_with_a_visible_button(app):
    """"adding a third side (Ctrl+N) is not discoverable: a button": clicking it adds the side."""
    screen = open_editor(app)
    button = next(b for b in _all_buttons(app) if "Add a side" in b.text and b.visible)
    click(app, button.rect.center)
    assert len(screen.editor.doc["sides"]) == 3


def _all_buttons(app):
    out, todo = [], [app.manager.get_root_container()]
    while todo:
        c = todo.pop()
        for e in getattr(c, "elements", []):
            if isinstance(e, pygame_gui.elements.UIButton):
                out.append(e)
            if hasattr(e, "elements"):
                todo.append(e)
    return out
