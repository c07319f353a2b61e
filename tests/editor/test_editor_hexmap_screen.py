"""A hex map made in the editor screen with real events, saved and played (issue 19 "Done means":
"a hex campaign map in the editor, saved and played"; no bundled ruleset plays on hexes yet, so a toy
one does)."""
from __future__ import annotations

import pygame
import pytest

from game.editor import hexpaint


def press(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()
    app.step()


def click(app, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.step()
    app.step()


@pytest.fixture
def app():
    from game.ui.app import App
    from game.ui.settings import Settings
    a = App(1100, 720, settings=Settings(ai_speed="instant"), remember=False, threaded_ai=False)
    yield a
    pygame.quit()


def test_a_hex_map_painted_with_events_saves_and_plays(app, hex_ruleset):
    """Issue 19: "a blank hex map (columns x rows, pointy or flat)", "paint hex terrain with a brush,
    draw rivers and roads on hexsides, place towns and capitals", then Save and Play."""
    from game.ui.components.hex_view import HexView
    from game.ui.editor.start import EditorStart
    from game.ui.screens.editor import EditorScreen
    from game.ui.screens.game import GameScreen
    app.main_menu()
    app.step()
    press(app, pygame.K_e)
    start = app.top
    assert isinstance(start, EditorStart)
    start.ruleset_id = hex_ruleset.id
    start.cols_entry.set_text("8")
    start.rows_entry.set_text("6")
    press(app, pygame.K_h)
    screen = app.top
    assert isinstance(screen, EditorScreen) and isinstance(screen.view, HexView)
    doc = screen.editor.doc
    assert (doc["hexmap"]["cols"], doc["hexmap"]["rows"], doc["hexmap"]["layout"]) == (8, 6, "pointy")
    board = hexpaint.board(doc)
    px = lambda i: tuple(int(v) for v in screen.view.camera.to_screen(*board.centre(board.hexes[i])))  # noqa: E731
    press(app, pygame.K_h)                                 # the brush
    press(app, pygame.K_PERIOD)                            # the next hex kind
    click(app, px(10))
    assert doc["hexmap"]["hexes"][0]["terrain"] != "plain"
    press(app, pygame.K_s)                                 # rivers and roads
    click(app, px(20))
    press(app, pygame.K_t)                                 # towns
    click(app, px(30))
    press(app, pygame.K_u)
    click(app, px(1))
    press(app, pygame.K_2)
    click(app, px(40))
    assert [u["side"] for u in doc["units"]] == [0, 1] and doc["hexmap"]["hexsides"] and doc["hexmap"]["places"]
    assert [p.target for p in screen.problems] == [("units", 0), ("units", 1)]   # the toy wants a strength
    for i in range(2):
        screen.editor.set_value(("units", i, "stats"), {"strength": 2})
    app.step()
    assert screen.problems == []
    press(app, pygame.K_F5)
    app.step()
    assert isinstance(app.top, GameScreen) and app.top.session.state.board.kind == "hexmap"


def test_a_brush_stroke_is_drawn_hex_by_hex_and_checked_once_when_it_ends(app, hex_ruleset, monkeypatch):
    """Issue 19: "the ruleset's validate_scenario runs as you edit" — during a brush stroke each hex
    painted is drawn at once, and the checks wait for the stroke's end (one check, one step of undo)."""
    from game.editor import checks
    from game.editor.document import Editor, blank_hexmap
    from game.ui.screens.editor import EditorScreen
    app.main_menu()
    app.step()
    ed = Editor(blank_hexmap(hex_ruleset.id, 10, 8))
    screen = EditorScreen(app, ed)
    app.push(screen)
    app.step()
    ran = []
    real = checks.problems
    monkeypatch.setattr(checks, "problems", lambda doc: ran.append(1) or real(doc))
    screen.use_tool("brush")
    screen.tools.hex_kind = "forest"
    board = hexpaint.board(ed.doc)
    stroke = board.hexes[11:16]
    px = [tuple(int(v) for v in screen.view.camera.to_screen(*board.centre(h))) for h in stroke]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=px[0], button=1))
    app.step()
    for p, h in zip(px[1:], stroke[1:]):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        app.step()
        assert screen.shown.board.terrain(h).id == "forest"              # drawn at once
    assert ran == [] and screen.tools.stroking
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=px[-1], button=1))
    app.step()
    app.step()
    assert len(ran) == 1 and not screen.tools.stroking and screen.checked == ed.history.version
    assert len(ed.doc["hexmap"]["hexes"]) == 5 and len(ed.history.done) == 1
