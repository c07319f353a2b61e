"""The editor's model, headless (issue 19 "The scenario editor"): every edit undone and redone, the
shapes, the hex painting, the live checks with their places, and a save that the boundary accepts."""
from __future__ import annotations

import copy
import json

import pytest
import shapely

from game.editor import catalogue, checks, hexpaint, opening, shapes
from game.editor.document import Editor, blank_hexmap, blank_table
from game.editor.tools import Tools
from game.engine import game as engine
from game.engine.ruleset import UnitKind
from game.io.scenario_file import bundled_scenarios, load_scenario
from game.io.user_scenarios import save_user_scenario

SOLDIER = UnitKind("rifleman", "Rifleman", {"strength": 3})


def risus_table() -> Editor:
    """A small Risus table made with the tools: every piece kind of drawing, then the gaps filled."""
    ed = Editor(blank_table("risus-skirmish", 60, 40, "Little ridge"))
    t = Tools(ed)
    t.use("rect"); t.press((5, 5)); t.release((20, 15))
    t.use("ellipse"); t.terrain_kind = "hill"; t.press((30, 5)); t.release((50, 20))
    t.use("polygon"); t.terrain_kind = "rocks"
    for p in [(40, 25), (55, 28), (50, 38)]:
        t.press(p)
    t.press((40, 25))                         # a click on the first vertex closes the polygon
    t.use("obstacle"); t.terrain_kind = "hedge"
    for p in [(2, 30), (20, 30), (20, 38)]:
        t.press(p)
    t.finish()
    t.use("building"); t.terrain_kind = "house"; t.press((24, 24)); t.release((36, 36))
    t.use("door"); t.press((30, 24))
    t.use("window"); t.press((36, 30))
    t.use("room"); t.press((30, 22)); t.release((30, 38))
    ed.fill_gaps("open")
    kind = catalogue.unit_kinds("risus-skirmish")[0]
    t.use("unit"); t.side = 0; t.press((3, 3)); t.side = 1; t.press((57, 3))
    t.use("objective"); t.press((10, 10))
    ed.set_value(("victory",), {"kind": "hold", "objective": ed.doc["objectives"][0]["id"], "side": 1})
    assert kind.id == ed.doc["units"][0]["kind"]
    return ed


def test_every_edit_is_undone_and_redone_exactly():
    """Issue 19: "undo and redo for every edit" — each edit, undone, gives the document before it,
    and redone, the document after it."""
    ed = Editor(blank_table("risus-skirmish", 60, 40))
    t = Tools(ed)
    edits = [
        lambda: ed.add_piece("wood", shapes.rectangle((1, 1), (9, 9))),
        lambda: ed.add_piece("hill", shapes.ellipse((10, 10), (20, 16))),
        lambda: ed.add_building("house", (30, 5), (40, 15)),
        lambda: ed.add_opening((35, 5), shapes.DOOR_WIDTH),
        lambda: ed.add_room_wall((35, 3), (35, 17)),
        lambda: ed.select(("terrain", 0)),
        lambda: ed.move_by(2, 3),
        lambda: ed.rotate_by(15),
        lambda: ed.scale_by(1.1),
        lambda: ed.duplicate(),
        lambda: ed.delete(),
        lambda: ed.add_unit(SOLDIER, 0, point=(50, 30)),
        lambda: ed.face((55, 35)),
        lambda: ed.rotate_by(-15),
        lambda: ed.set_value(("units", 0, "name"), "Sgt Able"),
        lambda: ed.add_side(),
        lambda: ed.select(("sides", 2)),
        lambda: ed.delete(),
        lambda: ed.add_zone(0, (0, 0), (10, 40)),
        lambda: ed.add_objective((30, 20)),
        lambda: ed.set_ruleset("takipsilim"),
        lambda: ed.fill_gaps("open"),
        lambda: (t.use("polygon"), [t.press(p) for p in [(1, 30), (8, 30), (5, 38)]], t.finish()),
    ]
    steps = 0
    for edit in edits:
        before = copy.deepcopy(ed.doc)
        count = len(ed.history.done)
        edit()
        if len(ed.history.done) == count:
            continue                           # a selection, not an edit
        steps += 1
        after = copy.deepcopy(ed.doc)
        assert after != before
        ed.undo()
        assert ed.doc == before
        ed.redo()
        assert ed.doc == after
    assert steps == 21        # the two selections are not edits
    while ed.history.done:
        ed.undo()
    assert ed.doc == Editor(blank_table("risus-skirmish", 60, 40)).doc


def test_unsaved_changes_are_known_and_undo_back_to_the_save_is_clean():
    """Issue 19: "Closing with unsaved changes asks first" — the model knows when changes are unsaved."""
    ed = Editor(blank_table("takipsilim", 60, 40))
    assert not ed.dirty
    ed.add_piece("wood", shapes.rectangle((1, 1), (9, 9)))
    assert ed.dirty
    ed.history.mark_saved()
    ed.add_objective((5, 5))
    assert ed.dirty
    ed.undo()
    assert not ed.dirty
    ed.undo()
    ed.add_objective((6, 6))            # the saved state is left behind for good
    assert ed.dirty


def test_shapes_snap_ellipses_obstacles_and_transforms():
    """Issue 19: "circles and ellipses", "linear obstacles (walls, hedges) as polylines", "move, rotate,
    scale", "snap to a grid that can be switched off"."""
    assert shapes.snap((3.4, 7.6), 1.0) == (3.0, 8.0)
    assert shapes.snap((3.44, 7.61), 0) == (3.44, 7.61)
    ring = shapely.Polygon(shapes.ellipse((0, 0), (20, 10)))
    assert ring.is_valid and abs(ring.area - 3.14159 * 10 * 5) < 2.0
    circle = shapely.Polygon(shapes.ellipse((0, 0), (20, 10), circle=True))
    assert abs(circle.bounds[2] - circle.bounds[0] - 10) < 1e-6
    wall = shapely.Polygon(shapes.obstacle([(0, 0), (10, 0)], width=1.0))
    assert wall.is_valid and abs(wall.area - 10.0) < 1e-6
    piece = {"polygon": [[0, 0], [10, 0], [10, 10], [0, 10]], "walls": [[[0, 0], [10, 0]]]}
    turned = shapes.rotated(piece, 90)
    assert shapely.Polygon(turned["polygon"]).equals(shapely.Polygon(piece["polygon"]))
    assert turned["walls"][0] == [[10.0, 0.0], [10.0, 10.0]]
    assert shapely.Polygon(shapes.scaled(piece, 2)["polygon"]).area == pytest.approx(400)
    assert shapes.moved(piece, 1, 2)["walls"][0][0] == [1, 2]


def test_a_risus_table_saves_validates_is_listed_and_starts_a_game():
    """Issue 19: "Save writes a scenario the schema accepts into the user's data folder, listed in
    the new-game screen"; the table built with every drawing tool plays."""
    ed = risus_table()
    assert checks.problems(ed.doc) == []
    path = save_user_scenario(ed.doc)
    assert path.parent.name == "scenarios" and json.loads(path.read_text())["name"] == "little-ridge"
    listed = {name: title for name, _rid, title in bundled_scenarios()}
    assert listed[str(path)] == "Little ridge (yours)"
    assert str(path) not in {name for name, _r, _t in bundled_scenarios(user=False)}
    scenario = load_scenario(str(path))
    state = engine.new_game(scenario, seed=3)
    assert len(state.units) == 2 and state.board.kind == "table"
    house = next(p for p in ed.doc["terrain"] if p["kind"] == "house")
    assert len(house["openings"]) == 2 and len(house["rooms"]) == 2 and len(house["walls"]) == 2


def test_problems_carry_their_place_and_piece_and_a_risus_gap_its_point():
    """Issue 19: "Problems are listed with their place, and clicking one selects the piece. A Risus
    table with gaps shows the gaps." """
    ed = Editor(blank_table("risus-skirmish", 60, 40))
    ed.add_piece("wood", shapes.rectangle((0, 0), (30, 40)))
    found = checks.problems(ed.doc)
    gap = next(p for p in found if p.place == "terrain")
    assert gap.point is not None and 30 <= gap.point[0] <= 60
    assert shapes.uncovered(60, 40, ed.doc["terrain"]).area == pytest.approx(1200)
    ed.fill_gaps()
    ed.add_unit(catalogue.unit_kinds("risus-skirmish")[0], 0, point=(5, 5))
    ed.set_value(("units", 0, "stats", "cliches"), [])
    ed.add_piece("wood", shapes.rectangle((1, 1), (2, 2)))
    ed.set_value(("terrain", 2, "id"), ed.doc["terrain"][0]["id"])
    found = checks.problems(ed.doc)
    assert found[0].place == "terrain[2].id" and found[0].target == ("terrain", 2)
    ed.set_value(("terrain", 2, "id"), "spare")
    found = checks.problems(ed.doc)
    cliche = next(p for p in found if p.place.startswith("units[0]"))
    assert cliche.target == ("units", 0) and cliche.place == "units[0].stats.cliches"
    ed.set_value(("units", 0, "x"), 99.0)
    assert checks.problems(ed.doc)[0].place == "units[0].x"


def test_a_takipsilim_compound_with_rooms_doors_and_walls_plays():
    """Issue 19 "Done means": a Takipsilim compound built in the editor, saved, played."""
    ed = Editor(blank_table("takipsilim", 60, 40, "Walled compound"))
    t = Tools(ed)
    t.use("building"); t.terrain_kind = "house"; t.press((20, 12)); t.release((40, 28))
    t.use("door"); t.press((25, 12))
    t.use("room"); t.press((30, 8)); t.release((30, 32))
    t.use("obstacle"); t.terrain_kind = "low-wall"
    for p in [(10, 5), (50, 5), (50, 35)]:
        t.press(p)
    t.finish()
    kinds = [k.id for k in catalogue.unit_kinds("takipsilim")]
    t.use("unit"); t.unit_kind = kinds.index("scavenger"); t.side = 1; t.press((5, 20))
    t.unit_kind = kinds.index("bandit"); t.side = 0; t.press((35, 20))
    assert checks.problems(ed.doc) == []
    scenario = load_scenario(str(save_user_scenario(ed.doc)))
    assert engine.new_game(scenario, seed=1).units


def test_hex_painting_hexsides_places_and_units_on_hexes(hex_ruleset):
    """Issue 19: "paint hex terrain with a brush, draw rivers and roads on hexsides, place towns and
    capitals" on a blank hex map of columns x rows."""
    ed = Editor(blank_hexmap(hex_ruleset.id, 6, 5, "flat"))
    t = Tools(ed)
    board = hexpaint.board(ed.doc)
    centre = board.centre(board.hexes[7])
    t.use("brush"); t.hex_kind = "forest"; t.press(centre)
    t.motion(board.centre(board.hexes[8]), dragging=True)
    t.release(board.centre(board.hexes[8]))
    assert [c["terrain"] for c in ed.doc["hexmap"]["hexes"]] == ["forest", "forest"]
    assert len(ed.history.done) == 1                  # one stroke of the brush, one step of undo
    t.hex_kind = "plain"; t.press(centre)             # the default kind is not listed
    assert len(ed.doc["hexmap"]["hexes"]) == 1
    t.use("hexside"); t.feature = "river"; t.press(centre)
    t.feature = "road"; t.press(centre)
    assert sorted(s["kind"] for s in ed.doc["hexmap"]["hexsides"]) == ["river", "road"]
    t.use("place"); t.place_kind = "capital"; t.press(centre)
    t.place_kind = "town"; t.press(board.centre(board.hexes[20]))
    assert [p["kind"] for p in ed.doc["hexmap"]["places"]] == ["capital", "town"]
    t.use("unit"); t.side = 0; t.press(centre); t.side = 1; t.press(board.centre(board.hexes[20]))
    assert "hex" in ed.doc["units"][0] and "x" not in ed.doc["units"][0]
    bad = checks.problems(ed.doc)
    assert [p.target for p in bad] == [("units", 0), ("units", 1)]      # the toy wants a strength
    ed.set_value(("units", 0, "stats"), {"strength": 2})
    ed.set_value(("units", 1, "stats"), {"strength": 4})
    assert checks.problems(ed.doc) == []
    t.use("select"); t.press(centre); t.release(board.centre(board.hexes[9]))
    h = board.hexes[9]
    assert ed.doc["units"][0]["hex"] == [h.q, h.r]
    state = engine.new_game(load_scenario(str(save_user_scenario(ed.doc))), seed=2)
    assert state.board.kind == "hexmap" and state.board.terrain(board.hexes[8]).id == "forest"
    for _ in range(len(ed.history.done)):
        ed.undo()
    assert ed.doc["hexmap"]["hexes"] == [] and ed.doc["units"] == []


def test_a_tiled_file_without_the_importer_gives_a_clear_message(tmp_path, monkeypatch):
    """Issue 19: "The editor's Open also accepts Tiled files" — without game.io.tiled in this build,
    a clear message instead of a traceback."""
    import sys

    import game.io
    monkeypatch.setitem(sys.modules, "game.io.tiled", None)        # as in a build without it
    monkeypatch.delattr(game.io, "tiled", raising=False)
    tmx = tmp_path / "map.tmx"
    tmx.write_text("<map/>")
    with pytest.raises(opening.TiledUnavailable, match="Tiled"):
        opening.open_any(str(tmx), "risus-skirmish")
    doc, own, warnings = opening.open_any("takipsilim-ruined-compound", "risus-skirmish")
    assert doc["ruleset"] == "takipsilim" and own is None and warnings == []


@pytest.mark.parametrize("ruleset_id,data_key", [("petite-guerre", "troop"), ("risk-to-take", "type"),
                                                 ("riskbreaker", "archetype")])
def test_units_come_from_the_rulesets_data_files_and_their_form(ruleset_id, data_key):
    """Issue 19: "place units from that ruleset's unit kinds (its data files), edit their stats in a
    form the ruleset declares" — each kind placed is a unit the ruleset accepts."""
    from game.editor import forms
    ed = Editor(blank_table(ruleset_id, 120, 80))
    ed.fill_gaps()                                   # riskbreaker: every figure stands in a location
    own = list(catalogue.ruleset(ruleset_id).unit_kinds())
    assert own and catalogue.unit_kinds(ruleset_id)[:len(own)] == own
    for i, kind in enumerate(own):
        ed.add_unit(kind, i % 2, point=(5 + 5 * i, 40))
    assert not [p for p in checks.problems(ed.doc) if p.target and p.target[0] == "units"]
    form = {f.path[-1]: f for f in forms.fields(ed.doc, ("units", 0))}
    assert form[data_key].kind == "choice" and {v for v, _ in form[data_key].choices} >= {k.id for k in own}
    other = own[-1].id
    ed.set_value(form[data_key].path, forms.parse(form[data_key], next(t for v, t in form[data_key].choices
                                                                       if v == other)))
    assert ed.doc["units"][0]["stats"][data_key] == other


def test_a_scenario_still_being_made_saves_when_the_schema_accepts_it():
    """Issue 19: "Save writes a scenario the schema accepts" — work in progress keeps its ruleset's
    problems; a document the schema refuses is not written."""
    from game.io.errors import FileProblem
    ed = Editor(blank_table("risus-skirmish", 60, 40, "Half made"))
    assert checks.problems(ed.doc)
    with pytest.raises(FileProblem):
        save_user_scenario(ed.doc)                     # playable: every check
    path = save_user_scenario(ed.doc, playable=False)
    assert path.name == "half-made.json"
    ed.set_value(("turn_limit",), 0)
    with pytest.raises(FileProblem, match="turn_limit"):
        save_user_scenario(ed.doc, playable=False)


GARBAGE = ["", "abc", "-1", "0", "1e999", "[1,", "null", "[]", "{}", '{"kind": 3}', "on", "9999999", "é\x00"]


def test_anything_typed_into_any_field_gives_problems_never_a_traceback():
    """House rule: "Bad input (file, action, number) gives a short clear message naming the place and
    what was expected; never a traceback" — every field of every piece, fed garbage."""
    from game.editor import forms, preview
    ed = risus_table()
    ed.add_zone(0, (0, 0), (10, 10))
    selections = [None, ("terrain", 0), ("units", 0), ("sides", 0), ("deployment_zones", 0), ("objectives", 0)]
    tried = 0
    for sel in selections:
        for field in forms.fields(ed.doc, sel):
            for text in GARBAGE + [t for _, t in field.choices[:2]]:
                try:
                    value = forms.parse(field, text)
                except ValueError as exc:
                    assert field.label in str(exc)
                    continue
                if not ed.set_value(field.path, value):
                    continue                      # the value it had already
                tried += 1
                found = checks.problems(ed.doc)
                assert all(isinstance(p.what, str) and p.what for p in found)
                preview.build(ed.doc)
                ed.undo()
    assert tried > 50 and checks.problems(ed.doc) == []


def test_a_place_is_selected_named_given_to_a_side_and_deleted(hex_ruleset):
    """Issue 19: "place towns and capitals" — a place, once placed, is a piece like the others."""
    from game.editor import forms
    ed = Editor(blank_hexmap(hex_ruleset.id, 5, 4))
    t = Tools(ed)
    board = hexpaint.board(ed.doc)
    spot = board.centre(board.hexes[6])
    t.use("place"); t.place_kind = "capital"; t.press(spot)
    t.use("select"); t.press(spot); t.release(spot)
    assert ed.selection == ("hexmap", "places", 0)
    form = {f.path[-1]: f for f in forms.fields(ed.doc, ed.selection)}
    ed.set_value(form["name"].path, forms.parse(form["name"], "Valmy"))
    ed.set_value(form["side"].path, forms.parse(form["side"], "1: Red"))
    assert ed.doc["hexmap"]["places"][0] == {"q": board.hexes[6].q, "r": board.hexes[6].r, "kind": "capital",
                                             "name": "Valmy", "side": 1}
    ed.set_value(("hexmap", "places", 0, "side"), 3)
    bad = [p for p in checks.problems(ed.doc) if p.place.startswith("hexmap.places")]
    assert bad and bad[0].target == ("hexmap", "places", 0)
    assert ed.delete() and ed.doc["hexmap"]["places"] == []
    ed.undo()
    assert ed.doc["hexmap"]["places"][0]["name"] == "Valmy"


def test_a_tiled_map_opens_through_the_importer_with_its_warnings(tmp_path, monkeypatch):
    """Issue 19: "The editor's Open also accepts Tiled files" — through game.io.tiled.import_tiled
    (here a stand-in with its signature), unknown kinds reported, never dropped silently."""
    import sys
    import types
    calls = []

    def import_tiled(path, ruleset_id, cm_per_tile=None):
        calls.append((path, ruleset_id, cm_per_tile))
        return types.SimpleNamespace(scenario=blank_table(ruleset_id, 40, 30, "From Tiled"),
                                     warnings=["objects[3]: unknown kind 'lava', made open ground"])

    import game.io
    stand_in = types.SimpleNamespace(import_tiled=import_tiled)
    monkeypatch.setitem(sys.modules, "game.io.tiled", stand_in)
    monkeypatch.setattr(game.io, "tiled", stand_in, raising=False)
    tmj = tmp_path / "map.json"
    tmj.write_text(json.dumps({"tiledversion": "1.10", "orientation": "orthogonal", "layers": []}))
    doc, own, warnings = opening.open_any(str(tmj), "takipsilim")
    assert calls == [(str(tmj), "takipsilim", None)] and own is None
    assert doc["title"] == "From Tiled" and "lava" in warnings[0]


def test_a_hex_map_made_smaller_lists_what_falls_off_it(hex_ruleset):
    """Issue 19: a hex map of "columns x rows" — resized in the form, what no longer fits is a problem
    with its place, never a crash."""
    from game.editor import forms, preview
    ed = Editor(blank_hexmap(hex_ruleset.id, 6, 5))
    board = hexpaint.board(ed.doc)
    last = board.hexes[-1]
    hexpaint.paint(ed, (last.q, last.r), "forest")
    cols = next(f for f in forms.fields(ed.doc, None) if f.label == "Hex columns")
    ed.set_value(cols.path, forms.parse(cols, "3"))
    found = checks.problems(ed.doc)
    assert [p.place for p in found] == ["hexmap.hexes[0]"] and found[0].hex == (last.q, last.r)
    assert preview.build(ed.doc).board.cols == 3          # still drawn, less what fell off


def test_a_single_corner_is_dragged_inserted_and_deleted_with_snap_undo_and_redo():
    """Issue 19: "move ... snap to a grid that can be switched off; undo and redo for every edit",
    here for one corner of a drawn polygon; a building's walls and room keep the moved corner."""
    ed = Editor(blank_table("risus-skirmish", 60, 40))
    t = Tools(ed)
    t.use("polygon")
    for p in [(10, 10), (30, 10), (20, 30)]:
        t.press(p)
    t.finish()
    t.use("select")
    t.press((20, 20))
    assert ed.selection == ("terrain", 0)
    t.reach = 1.0
    t.press((30.4, 10.3)); t.motion((40.2, 4.7), True); t.release((40.2, 4.7))   # snapped to 1 cm
    assert ed.doc["terrain"][0]["polygon"] == [[10, 10], [40, 5], [20, 30]]
    ed.undo()
    assert ed.doc["terrain"][0]["polygon"] == [[10, 10], [30, 10], [20, 30]]
    ed.redo()
    assert ed.doc["terrain"][0]["polygon"][1] == [40, 5]
    # Shift+click on the edge from (40, 5) to (20, 30) adds a corner there, dragged in the same step
    t.press((30.1, 17.6), shift=True); t.release((36, 22))
    assert ed.doc["terrain"][0]["polygon"] == [[10, 10], [40, 5], [36, 22], [20, 30]]
    assert ed.history.done[-1].label == "move a corner"
    ed.undo()
    assert len(ed.doc["terrain"][0]["polygon"]) == 3
    ed.redo()
    t.press((36, 22)); t.release((36, 22))
    assert t.delete_corner()
    assert ed.doc["terrain"][0]["polygon"] == [[10, 10], [40, 5], [20, 30]]
    t.press((10, 10)); t.release((10, 10))
    assert not t.delete_corner() and "three corners" in ed.message
    # a building: its outer wall and its room move with the corner
    t.use("building"); t.press((5, 32)); t.release((15, 38))
    t.use("select"); t.press((14.8, 37.9)); t.release((18, 39))
    house = ed.doc["terrain"][-1]
    assert [18, 39] in house["polygon"] and [18, 39] in house["rooms"][0] and [18, 39] in house["walls"][0]
    ed.grid = 0
    t.press((18, 39)); t.release((18.26, 39.5))
    assert [18.26, 39.5] in ed.doc["terrain"][-1]["polygon"]
    assert not checks.problems(ed.doc) or all("terrain[1]" not in p.place for p in checks.problems(ed.doc))


def _field(ed, sel, label):
    from game.editor import forms
    return next(f for f in forms.fields(ed.doc, sel) if f.label == label)


def test_terrain_and_hex_kind_overrides_are_form_fields(hex_ruleset):
    """SCENARIO_FORMAT.md: "terrain_kinds" (overrides/additions to terrain_kinds.json) and
    "hexmap.kinds" (overrides/additions to hex_kinds.json) are edited in the form; a mistyped one is
    a problem with its place, never a traceback."""
    from game.editor import forms
    ed = risus_table()
    kinds = _field(ed, None, "Terrain kinds")
    assert kinds.path == ("terrain_kinds",) and kinds.empty_clears
    ed.set_value(kinds.path, forms.parse(kinds, '{"lava": {"impassable": true, "label": "Lava", "color": "#ff4400"}}'))
    piece = ed.doc["terrain"][0]["kind"]
    override = _field(ed, ("terrain", 0), "Kind override")
    assert override.path == ("terrain_kinds", piece) and override.value == {}
    ed.set_value(override.path, forms.parse(override, '{"cover": false}'))
    assert ed.doc["terrain_kinds"][piece] == {"cover": False}
    assert ("lava", "Lava") in _field(ed, ("terrain", 0), "Kind").choices
    rect = Tools(ed)
    rect.use("rect")
    assert ("lava", "Lava") in rect.choices()
    assert checks.problems(ed.doc) == []
    ed.set_value(override.path, {"cover": "very"})
    found = checks.problems(ed.doc)
    assert found and found[0].place.startswith("terrain_kinds") and "cover" in found[0].place
    assert _field(ed, ("terrain", 0), "Kind").choices          # the form still builds
    hexed = Editor(blank_hexmap(hex_ruleset.id, 4, 4))
    hex_kinds = _field(hexed, None, "Hex kinds")
    assert hex_kinds.path == ("hexmap", "kinds")
    hexed.set_value(hex_kinds.path, forms.parse(hex_kinds, '{"swamp": {"move_cost": 4, "color": "#335533"},'
                                                           ' "forest": {"move_cost": null}}'))
    assert "swamp" in hexpaint.kinds(hexed.doc)
    assert [p.place for p in checks.problems(hexed.doc)] == ["sides[0]", "sides[1]"]     # only: no units yet
    assert hexpaint.kind_table(hexed.doc)["forest"].move_cost is None      # null: impassable
    hexed.set_value(hex_kinds.path, {"swamp": "wet"})
    assert checks.problems(hexed.doc) and "swamp" not in hexpaint.kinds(hexed.doc)
