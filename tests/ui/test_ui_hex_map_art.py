"""Issue 24 §3, the campaign map worth looking at: the hex map on screen through the App, checked
on the drawn picture: forests textured and dressed (not one flat colour), rivers as water along
the hexsides, towns drawn, hostile towns ringed, a frame with the grid labels; the picture drawn
once per zoom, not every frame."""
from __future__ import annotations

import pygame

from game.io.scenario_file import load_scenario
from game.rulesets import load_all
from game.ui import theme
from game.ui.bench import _show as show
from game.ui.components import hex_art
from game.ui.session import Session

load_all()


def open_map(app, name="risk-to-take-campaign-three-kingdoms"):
    session = Session(load_scenario(name), 1, {}, ["human"] * 3)
    return session, show(app, session).board


def colours_in(surface, points) -> set:
    return {tuple(surface.get_at((int(x), int(y)))[:3]) for x, y in points}


def hex_points(view, h, share=0.6, n=9):
    cx, cy = view.camera.to_screen(*view.board.centre(h))
    r = hex_art.hex_radius(view.board) * view.camera.scale * share
    return [(cx + r * (i / (n - 1) * 2 - 1) * 0.8, cy + r * (j / (n - 1) * 2 - 1) * 0.6)
            for i in range(n) for j in range(n)]


def test_a_forest_is_textured_and_a_plain_stays_quiet(app):
    """"the table's procedural textures for forest": a forest hex holds many shades (trees, their
    rims and crowns), where the flat drawing held one."""
    _session, view = open_map(app)
    board = view.board
    forest = next(h for h in board.hexes if board.terrain(h).id == "forest")
    assert len(colours_in(app.window, hex_points(view, forest))) >= 4
    view.art.flat = True
    for _ in range(2):
        app.step()
    assert len(colours_in(app.window, hex_points(view, forest))) <= 2


def test_rivers_run_as_water_along_the_hexsides(app):
    """A river hexside: the middle of the shared edge is water, with a bank."""
    _session, view = open_map(app)
    board = view.board
    a, b = next((a, b) for a, b, f in board.sides() if "river" in f)
    p, q = hex_art.shared_edge(board, a, b)
    mid = view.camera.to_screen((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    assert tuple(app.window.get_at((int(mid[0]), int(mid[1]))))[:3] == hex_art.RIVER


def test_towns_are_drawn_and_hostile_ones_ringed(app):
    """A town is drawn as houses (a roof's colour near its centre); a place held by another side
    than the viewer's is ringed in red, the viewer's own is not."""
    session, view = open_map(app)
    board = view.board
    town = next(h for h, p in board.places.items() if p.kind in ("town", "capital"))
    assert colours_in(app.window, hex_points(view, town, 0.5, 15)) & set(hex_art.ROOFS)
    own = next(h for h, p in board.places.items() if p.side == 0)
    other = next(h for h, p in board.places.items() if p.side not in (None, 0))
    for h, hostile in ((own, False), (other, True)):
        cx, cy = view.camera.to_screen(*board.centre(h))
        r = hex_art.hex_radius(board) * view.camera.scale * 0.72
        ring = colours_in(app.window, [(cx - r, cy), (cx - r + 1, cy)])
        assert (theme.BAD in ring) == hostile, board.places[h].name


def test_the_frame_names_columns_and_rows_as_the_log_does(app, monkeypatch):
    """"a frame with the grid labels": the letters and numbers HexMap.label uses, drawn at the
    viewport's edges."""
    drawn = []
    real = theme.draw_text
    monkeypatch.setattr(theme, "draw_text", lambda s, f, text, *a, **k: drawn.append(text) or real(s, f, text, *a, **k))
    _session, view = open_map(app)
    labels = {view.board.label(h) for h in view.board.hexes}
    assert {"A", "B", "1", "2"} <= set(drawn)
    assert "A1" in labels or "B2" in labels


def test_the_map_is_drawn_once_per_zoom_not_every_frame(app, monkeypatch):
    calls = []
    real = hex_art.MapArt.draw
    monkeypatch.setattr(hex_art.MapArt, "draw", lambda self, *a: calls.append(1) or real(self, *a))
    _session, view = open_map(app)
    first = len(calls)
    for _ in range(5):
        app.step()
    assert len(calls) == first == 1
    x, y, w, h = view.viewport
    view.camera.zoom_at(x + w // 2, y + h // 2, 1)
    for _ in range(3):
        app.step()
    assert len(calls) == 2
    pygame.event.pump()


def test_the_pointer_names_a_hex_by_its_grid_label(app):
    """Hexes are named to the player as the frame names them ("E7"), never by axial coordinates."""
    _session, view = open_map(app)
    board = view.board
    h = next(h for h in board.hexes if h.q < 0) if any(h.q < 0 for h in board.hexes) else board.hexes[-1]
    text = view.cursor_text(tuple(board.centre(h)))
    assert board.label(h) in text and f"{h.q},{h.r}" not in text


def test_an_armys_status_marker_is_a_chip_not_its_name_tag(app, monkeypatch):
    """A looted army (a marker) shows a marker chip on its counter; its name tag stays its name's."""
    from game.ui.components import hex_view
    chips = []
    real = hex_view.draw_chip
    monkeypatch.setattr(hex_view, "draw_chip", lambda s, rect, marker, img: chips.append(marker) or real(s, rect, marker, img))
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario
    session = Session(scenario(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                                      {"id": "e1", "side": 1, "name": "East army", "hex": [3, 2]}]),
                      4, None, ["human", "human"])
    army = session.state.units["w1"]
    assert (army.stats or {}).get("strength") is not None
    army.markers.add("looted")
    show(app, session)
    app.step()
    assert "looted" in chips
    assert hex_view.marker_tag(army, session.ruleset.unit_look(session.view(), army.id)) != "L"
