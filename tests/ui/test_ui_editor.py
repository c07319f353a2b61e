"""The editor screen driven headless with real events (issue 19 "The scenario editor"): from the main
menu, tools by their keys, drawing by dragging, undo and redo, a problem clicked, save, play, and
closing with unsaved changes."""
from __future__ import annotations

import pygame
import pygame_gui

from conftest import at, click, drag, key, post
from game.editor.document import Editor
from game.ui.editor.keys import EDITOR_KEYMAP
from game.ui.editor.start import EditorStart
from game.ui.screens.editor import EditorScreen
from game.ui.screens.game import GameScreen
from game.ui.screens.help import HelpOverlay, shortcuts


def open_editor(app) -> EditorScreen:
    """Main menu, E (Editor), T (a blank table): the editor on a 120 x 80 cm table."""
    app.main_menu()
    app.step()
    key(app, pygame.K_e)
    assert isinstance(app.top, EditorStart)
    app.top.ruleset_id = "risus-skirmish"
    key(app, pygame.K_t)
    assert isinstance(app.top, EditorScreen)
    return app.top


def test_menu_editor_draws_by_keys_and_drags_with_undo_and_redo(app):
    """Issue 19: "draw polygons vertex by vertex, rectangles by dragging" with "keyboard shortcuts for
    every tool", and "undo and redo for every edit"."""
    screen = open_editor(app)
    view = screen.view
    assert screen.editor.size == (120.0, 80.0)
    key(app, pygame.K_r)
    drag(app, at(view, 10, 10), at(view, 40, 30))
    pieces = screen.editor.doc["terrain"]
    assert len(pieces) == 1 and pieces[0]["kind"] == "wood"
    x0, y0, x1, y1 = (min(p[0] for p in pieces[0]["polygon"]), min(p[1] for p in pieces[0]["polygon"]),
                      max(p[0] for p in pieces[0]["polygon"]), max(p[1] for p in pieces[0]["polygon"]))
    assert abs(x0 - 10) <= 1 and abs(y1 - 30) <= 1
    key(app, pygame.K_p)
    key(app, pygame.K_PERIOD)              # the next terrain kind
    for p in [(60, 10), (80, 12), (70, 30)]:
        click(app, at(view, *p))
    key(app, pygame.K_RETURN)
    assert len(pieces) == 2 and pieces[1]["kind"] != "wood"
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(screen.editor.doc["terrain"]) == 1
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)
    assert len(screen.editor.doc["terrain"]) == 2
    # select and move the rectangle with the arrow keys, rotate it with ]
    key(app, pygame.K_v)
    click(app, at(view, 20, 20))
    assert screen.editor.selection == ("terrain", 0)
    before = [list(p) for p in screen.editor.doc["terrain"][0]["polygon"]]
    key(app, pygame.K_RIGHT)
    assert screen.editor.doc["terrain"][0]["polygon"][0][0] == before[0][0] + 1
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert len(screen.editor.doc["terrain"]) == 3
    key(app, pygame.K_DELETE)
    assert len(screen.editor.doc["terrain"]) == 2


def test_a_problem_clicked_selects_its_piece_and_the_gaps_show(app):
    """Issue 19: "Problems are listed with their place, and clicking one selects the piece. A Risus
    table with gaps shows the gaps." """
    screen = open_editor(app)
    key(app, pygame.K_u)
    click(app, at(screen.view, 30, 30))
    screen.editor.set_value(("units", 0, "stats", "cliches"), [])
    screen.editor.select(None)
    for _ in range(3):
        app.step()
    places = [p.place for p in screen.problems]
    assert "terrain" in places and "units[0].stats.cliches" in places
    gap = next(p for p in screen.problems if p.place == "terrain")
    assert gap.point is not None
    # the gap is drawn over the open table in the problems' colour
    px = at(screen.view, *gap.point)
    colour = app.window.get_at((px[0] + 12, px[1] + 12))[:3]
    assert colour[0] > colour[1] + 30
    i = places.index("units[0].stats.cliches")
    post(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=screen.panel.problem_list,
         text=screen.panel.problem_texts[screen.panel.problem_lines.index(i)])
    for _ in range(3):
        app.step()
    assert screen.editor.selection == ("units", 0)


def test_the_form_edits_the_selection_and_closing_unsaved_asks_first(app):
    """Issue 19: "edit their stats in a form the ruleset declares", "Closing with unsaved changes asks first"."""
    screen = open_editor(app)
    key(app, pygame.K_u)
    click(app, at(screen.view, 30, 30))
    app.step()
    panel = screen.panel
    name_box = next(w for w, f in panel.widgets.items() if f.path == ("units", 0, "name"))
    post(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=name_box, text="Sgt Rock")
    for _ in range(3):
        app.step()
    assert screen.editor.doc["units"][0]["name"] == "Sgt Rock"
    weapon = next(f for f in screen.panel.widgets.values() if f.path == ("units", 0, "stats", "weapon"))
    assert weapon.kind == "text"
    key(app, pygame.K_ESCAPE)                  # the selection first
    assert screen.editor.selection is None
    key(app, pygame.K_ESCAPE)                  # then closing: it asks
    assert app.top is screen and screen.confirm is not None
    post(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=screen.confirm)
    for _ in range(2):
        app.step()
    assert app.top is not screen


def test_help_lists_every_editor_shortcut(app):
    """Issue 19: "Keyboard shortcuts for every tool, listed in the help overlay"."""
    screen = open_editor(app)
    key(app, pygame.K_F1)
    assert isinstance(app.top, HelpOverlay)
    listed = {k for _, rows in shortcuts(app.top.bindings) for k, _ in rows}
    assert {"P", "R", "E", "L", "B", "D", "W", "I", "U", "Z", "O", "H", "S", "T"} <= listed
    assert listed == {b.keys for b in EDITOR_KEYMAP}
    key(app, pygame.K_ESCAPE)
    assert app.top is screen


def test_build_a_small_risus_table_save_it_and_play_it(app):
    """Issue 19 "Done means": a Risus table built in the editor, saved (listed for a new game), played."""
    screen = open_editor(app)
    view = screen.view
    key(app, pygame.K_r)
    drag(app, at(view, 20, 20), at(view, 50, 45))
    key(app, pygame.K_e)
    drag(app, at(view, 70, 10), at(view, 100, 40))
    key(app, pygame.K_x)                          # the rest of the table: open ground
    key(app, pygame.K_u)
    click(app, at(view, 5, 5))
    key(app, pygame.K_2)
    click(app, at(view, 115, 75))
    key(app, pygame.K_o)
    click(app, at(view, 60, 40))
    oid = screen.editor.doc["objectives"][0]["id"]
    screen.editor.set_value(("victory",), {"kind": "hold", "objective": oid, "side": 1})
    for _ in range(3):
        app.step()
    assert screen.problems == []
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert not screen.editor.dirty and screen.editor.path.endswith("my-table.json")
    from game.ui.screens.setup import bundled
    assert any(name == screen.editor.path for name, _r, _t in bundled())
    key(app, pygame.K_F5)
    for _ in range(3):
        app.step()
    assert isinstance(app.top, GameScreen)
    assert app.top.session.state.scenario.name == "my-table"


def test_an_editor_on_a_bundled_scenario_opens_it_as_it_is(app):
    """Issue 19: "Start from ... any bundled or saved scenario"."""
    from game.editor.opening import open_scenario
    doc, own = open_scenario("takipsilim-ruined-compound")
    app.main_menu()
    app.push(EditorScreen(app, Editor(doc, own)))
    for _ in range(3):
        app.step()
    assert app.top.problems == [] and len(app.top.editor.doc["terrain"]) == len(doc["terrain"])
    assert app.top.view.camera is not None


def test_closing_the_window_with_unsaved_changes_asks_first(app):
    """Issue 19: "Closing with unsaved changes asks first" — the window's close button too."""
    screen = open_editor(app)
    key(app, pygame.K_o)
    click(app, at(screen.view, 50, 40))
    assert screen.editor.dirty
    post(pygame.QUIT)
    app.step()
    assert app.running and screen.confirm is not None
    post(pygame_gui.UI_WINDOW_CLOSE, ui_element=screen.confirm)         # "no": the editor stays
    app.step()
    assert app.running and screen.confirm is None and app.top is screen
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert not screen.editor.dirty
    post(pygame.QUIT)                                                   # saved: it closes at once
    app.step()
    assert not app.running


def test_a_long_form_in_a_small_window_turns_pages_so_every_field_can_be_edited(app):
    """Issue 19: "set victory conditions, turn limit and rule options" — every one reachable, even in
    the smallest window."""
    from game.editor.opening import open_scenario
    doc, own = open_scenario("risus-farm-assault")
    app.main_menu()
    screen = EditorScreen(app, Editor(doc, own))
    app.push(screen)
    app.resize(800, 560)
    for _ in range(2):
        app.step()
    seen = set()
    for _ in range(4):
        seen |= {f.path for f in screen.panel.widgets.values()}
        more = [e for e in screen.container.elements if getattr(e, "text", "").startswith(("More fields", "Back to"))]
        if not more:
            break
        click(app, more[0].rect.center)
        app.step()
    from game.editor import forms
    assert seen == {f.path for f in forms.fields(screen.editor.doc, None)}


def test_a_corner_of_a_rectangle_is_dragged_with_the_mouse_and_undone(app):
    """Issue 19: the select tool moves one corner ("move ... snap to a grid", "undo and redo for every
    edit"); Delete then takes a corner out."""
    screen = open_editor(app)
    view = screen.view
    key(app, pygame.K_r)
    drag(app, at(view, 10, 10), at(view, 40, 30))
    key(app, pygame.K_v)
    click(app, at(view, 20, 20))
    assert screen.editor.selection == ("terrain", 0)
    drag(app, at(view, 40, 30), at(view, 50, 45))
    ring = screen.editor.doc["terrain"][0]["polygon"]
    assert [50, 45] in ring and [40, 30] not in ring and len(ring) == 4
    key(app, pygame.K_DELETE)
    assert len(screen.editor.doc["terrain"]) == 1 and len(screen.editor.doc["terrain"][0]["polygon"]) == 3
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert [40, 30] in screen.editor.doc["terrain"][0]["polygon"]


def test_a_kind_override_typed_into_the_form_applies_and_an_empty_one_comes_out(app):
    """SCENARIO_FORMAT.md "terrain_kinds": overrides of a kind, edited in the selected piece's form;
    {} typed in takes the override out (one step of undo each)."""
    from game.editor import forms
    screen = open_editor(app)
    view = screen.view
    key(app, pygame.K_r)
    drag(app, at(view, 10, 10), at(view, 40, 30))
    field = next(f for f in forms.fields(screen.editor.doc, ("terrain", 0)) if f.label == "Kind override")
    screen.set_field(field, '{"impassable": true}')
    assert screen.editor.doc["terrain_kinds"] == {"wood": {"impassable": True}}
    screen.set_field(field, "{}")
    assert "wood" not in screen.editor.doc.get("terrain_kinds", {})
    screen.editor.undo()
    assert screen.editor.doc["terrain_kinds"]["wood"] == {"impassable": True}


def test_a_long_problem_wraps_onto_more_lines_and_any_of_them_selects_its_piece(app):
    """Issue 19: "Problems are listed with their place, and clicking one selects the piece" — a long
    problem is shown whole, wrapped, never cut."""
    from game.editor.checks import Problem
    screen = open_editor(app)
    key(app, pygame.K_u)
    click(app, at(screen.view, 30, 30))
    screen.editor.select(None)
    long = Problem("units[0].stats.cliches", "expected " + " ".join(f"word{n}" for n in range(40)), ("units", 0))
    screen.problems = [Problem("terrain", "a short one"), long]
    screen.rebuild()
    panel = screen.panel
    lines = [t for t, i in zip(panel.problem_texts, panel.problem_lines) if i == 1]
    assert len(lines) >= 3 and " ".join(t.strip() for t in lines) == f"2. {long}"
    assert all(app.fonts.get(15).size(t)[0] <= panel.problem_list.rect.w for t in lines)
    post(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=panel.problem_list, text=lines[-1])
    app.step()
    assert screen.editor.selection == ("units", 0)
