"""Tiled import of an orthogonal map (issue 19, "Tiled import: orthogonal maps"): the shipped
tests/data/tiled-compound.tmj becomes a Takipsilim table that validates and plays."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
import shapely

from game.engine import game as engine
from game.engine.scenario import Scenario
from game.io.tiled import import_tiled
from game.io.tiled_cli import default_output, run
from game.io.validate import validate_file
from tests.random_play import play_randomly
from tiled_maps import tmj, write_map

DATA = Path(__file__).resolve().parent.parent / "data"
COMPOUND = DATA / "tiled-compound.tmj"


@pytest.fixture(scope="module")
def compound():
    return import_tiled(COMPOUND, "takipsilim")


def piece(result, name):
    return next(p for p in result.scenario["terrain"] if p["name"] == name)


def test_object_layers_give_terrain_pieces_polygons_rectangles_and_ellipses(compound):
    """'object layers give terrain pieces: polygons, rectangles and ellipses, the ellipses approximated
    as polygons' -- 24 tiles x 2.5 cm, so 32 px = 2.5 cm."""
    s = compound.scenario
    assert s["table"] == {"width": 60.0, "height": 40.0}
    assert piece(compound, "Old orchard")["polygon"][:2] == [[5.0, 5.0], [12.5, 3.75]]
    pond = shapely.Polygon(piece(compound, "Pond")["polygon"])
    assert len(piece(compound, "Pond")["polygon"]) == 24
    # an 80 x 48 px ellipse = 6.25 x 3.75 cm: the 24-gon's area is within 2 % of pi a b
    assert pond.area == pytest.approx(math.pi * 3.125 * 1.875, rel=0.02)
    house = shapely.Polygon(piece(compound, "Farmhouse")["polygon"])
    assert house.area == pytest.approx(7.5 * 5.0, rel=1e-3)          # rotated 15 degrees, same area
    assert piece(compound, "Farmhouse")["polygon"][1] == [round(30 + 7.5 * math.cos(math.radians(15)), 3),
                                                           round(12.5 + 7.5 * math.sin(math.radians(15)), 3)]


def test_the_class_or_a_kind_property_names_the_terrain_kind(compound):
    """'the object's class/type or a kind property names the terrain kind' ("Water" -> water)."""
    assert piece(compound, "Old orchard")["kind"] == "wood"
    assert piece(compound, "Farmhouse")["kind"] == "house"
    assert piece(compound, "Pond")["kind"] == "water"


def test_unknown_kinds_map_to_a_default_kind_and_are_listed_in_a_warning(compound):
    """'Unknown kinds map to a default kind and are listed in a warning, never silently dropped.'"""
    assert piece(compound, "Bog")["kind"] == "open"
    assert any("unknown terrain kind 'swamp'" in w and "'Bog'" in w for w in compound.warnings)
    assert any("'Note to self': left out" in w for w in compound.warnings)


def test_polylines_give_linear_obstacles(compound):
    """'polylines give linear obstacles': a strip `width` cm wide along the line, low-wall by default."""
    hedge = shapely.Polygon(piece(compound, "Hedge row")["polygon"])
    line = shapely.LineString([[25, 2.5], [25, 10], [30, 15]])
    assert piece(compound, "Hedge row")["kind"] == "hedge"
    assert hedge.area == pytest.approx(line.length * 1.0, rel=0.02)
    wall = next(p for p in compound.scenario["terrain"] if p["kind"] == "low-wall")
    assert shapely.Polygon(wall["polygon"]).area == pytest.approx(7.5 * 1.5)


def test_points_named_for_units_or_objectives_place_them(compound):
    """'points named for units or objectives place them': class unit or a name 'unit:NAME'; a side by
    index or by name; stats from the `stats` JSON and the other properties."""
    units = {u["name"]: u for u in compound.scenario["units"]}
    assert set(units) == {"Aylin", "Deniz", "Bandit chief", "Bandit"}
    assert (units["Aylin"]["x"], units["Aylin"]["y"], units["Aylin"]["side"]) == (3.75, 18.75, 0)
    assert units["Aylin"]["stats"] == {"weapon": "assault-rifle", "magazines": 2, "luck": 1}
    assert units["Deniz"]["side"] == 0 and units["Deniz"]["facing"] == 90.0
    assert units["Deniz"]["stats"] == {"weapon": "assault-rifle"}
    assert units["Bandit chief"]["side"] == 1 and units["Bandit"]["side"] == 1
    assert compound.scenario["objectives"] == [{"id": "generator", "name": "Generator", "x": 30.0, "y": 20.0,
                                                "radius": 2.0}]
    assert compound.scenario["deployment_zones"] == [{"side": 0, "polygon": [[0.0, 15.0], [7.5, 15.0],
                                                                             [7.5, 25.0], [0.0, 25.0]]}]
    assert [s["name"] for s in compound.scenario["sides"]] == ["Scavengers", "Bandits"]


def test_a_map_drawn_in_tiled_imports_and_plays(compound):
    """Done means: 'A map drawn in Tiled imports and plays' -- set up, then random legal actions."""
    state = engine.new_game(Scenario.from_dict(compound.scenario), seed=7)
    actions = play_randomly(state, seed=7, limit=300)
    assert len(actions) > 10
    assert engine.result(state) is not None or len(actions) == 300   # it ended, or it still plays


def test_cli_writes_beside_the_map_and_validate_accepts_it(tmp_path, capsys):
    """'python -m game import-tiled MAP --ruleset ID writes a scenario' (default: MAP.scenario.json)."""
    src = write_map(tmp_path, "compound.tmj", COMPOUND.read_text(encoding="utf-8"))
    assert run(str(src), "takipsilim", None, None) == 0
    out, err = capsys.readouterr()
    assert out.strip() == f"wrote {tmp_path / 'compound.scenario.json'}: scenario compound for ruleset takipsilim"
    assert "warning: unknown terrain kind 'swamp'" in err
    assert validate_file(default_output(str(src))) == "ok: scenario compound for ruleset takipsilim"


def test_cm_per_tile_scales_the_table(tmp_path):
    """'--cm-per-tile N': 24 x 16 tiles of 5 cm = 120 x 80 cm; objects scale with it."""
    result = import_tiled(COMPOUND, "takipsilim", cm_per_tile=5)
    assert result.scenario["table"] == {"width": 120.0, "height": 80.0}
    assert piece(result, "Old orchard")["polygon"][0] == [10.0, 10.0]


def test_a_json_map_is_never_overwritten_by_default(tmp_path, capsys):
    """Without -o the scenario goes to NAME.scenario.json, so a map saved as NAME.json survives."""
    src = write_map(tmp_path, "farm.json", tmj(4, 4, [], {"victory": "eliminate"}))
    assert run(str(src), "takipsilim", None, None) == 0
    assert (tmp_path / "farm.scenario.json").is_file() and '"type": "map"' in src.read_text()
    assert run(str(src), "takipsilim", None, str(src)) == 2
    assert capsys.readouterr().err.strip().endswith("expected an output file other than the map itself")


def test_unit_ids_come_from_an_id_property_or_the_name_and_stay_unique(tmp_path):
    """Each unit gets a unique id: its `id` property as written, else its name as lowercase words."""
    units = [{"id": i, "name": name, "class": "unit", "x": 10 * i, "y": 10, "shape": "point",
              "properties": {"side": i % 2, **props}}
             for i, (name, props) in enumerate([("Sgt Miller", {}), ("Sgt Miller", {}), ("", {"id": "B1"})], 1)]
    result = import_tiled(write_map(tmp_path, "ids.tmj", tmj(8, 8, units, {"victory": "eliminate"})), "takipsilim")
    assert [u["id"] for u in result.scenario["units"]] == ["sgt-miller", "sgt-miller-2", "B1"]


def test_a_hex_map_drawn_in_tiled_imports_and_plays_as_a_campaign():
    """Done means: 'A map drawn in Tiled imports and plays', for a hex map: tests/data/tiled-campaign.tmx
    (a staggered hex map with a capital per side, armies as points, the campaign's goals as a map
    property) becomes a risk-to-take-campaign scenario that validates and plays, battles included."""
    from game.rulesets import load_all
    load_all()
    result = import_tiled(DATA / "tiled-campaign.tmx", "risk-to-take-campaign")
    assert [w for w in result.warnings if "lava" in w]                 # the unknown kind is named
    scenario = Scenario.from_dict(result.scenario)
    capitals = [p for p in result.scenario["hexmap"]["places"] if p["kind"] == "capital"]
    assert sorted(p["side"] for p in capitals) == [0, 1]
    state = engine.new_game(scenario, seed=3)
    actions = play_randomly(state, seed=3, limit=400)
    assert len(actions) > 10
    assert engine.result(state) is not None or len(actions) == 400
