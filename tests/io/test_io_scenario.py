"""Design §6 (contract): scenario files are JSON under maps/ with a format/version header, addressable
by name or path, listed by `game scenarios`, with a JSON Schema in the repo."""
from __future__ import annotations

import json

import pytest

from game import resources
from game.engine import game as engine
from game.io import scenario_file, validate
from game.io.errors import FileProblem
from game.io.scenario_file import bundled_scenarios, load_scenario, scenario_from_doc, schema


@pytest.fixture
def maps(tmp_path, monkeypatch):
    folder = tmp_path / "maps"
    folder.mkdir()
    monkeypatch.setattr(resources, "maps_dir", lambda: folder)
    return folder


def test_a_valid_scenario_becomes_the_engines_plain_data(toy_ruleset, doc):
    s = scenario_from_doc(doc, "toy.json")
    assert (s.name, s.title, s.ruleset, s.width, s.height, s.edge_band, s.turn_limit) == \
        ("toy-raid", "Toy raid", "io-toy", 120.0, 80.0, 3.0, 5)
    assert s.options == {"pace": "fast"}
    assert [p.id for p in s.pieces] == ["wood-1", "house-1"]
    house = s.pieces[1]
    assert house.holes == (((54.0, 54.0), (56.0, 54.0), (56.0, 56.0), (54.0, 56.0)),)
    assert house.walls and house.openings and house.rooms
    b1, r1 = s.units
    assert (b1.side, b1.x, b1.y, b1.facing, b1.markers, b1.stats) == (0, 5.0, 5.5, 90.0, {"hidden"}, {"dice": 3})
    assert r1.base == {"shape": "rect", "width": 4, "depth": 2} and r1.team == "alpha"
    assert [side.name for side in s.sides] == ["Blue", "Red"] and s.sides[0].color == "#1f77b4"
    assert s.victory == {"kind": "hold", "objective": "well"}
    assert s.raw == doc and s.raw is not doc       # the save embeds a copy of the document


def test_the_scenario_sets_up_a_game(toy_ruleset, doc):
    state = engine.new_game(scenario_from_doc(doc, "toy.json"), seed=1)
    assert state.options == {"fog": False, "pace": "fast"}
    assert state.units["b1"].markers == {"hidden"}


def test_optional_parts_may_be_left_out(toy_ruleset, doc):
    for key in ("description", "options", "terrain", "units", "deployment_zones", "objectives",
                "ruleset_data", "terrain_kinds"):
        doc.pop(key, None)
    del doc["table"]["edge_band"]
    s = scenario_from_doc(doc, "min.json")
    assert s.edge_band == 3.0 and s.units == () and s.pieces == ()


def test_an_editor_schema_reference_is_allowed(toy_ruleset, doc):
    doc["$schema"] = "../game/io/scenario.schema.json"
    assert scenario_from_doc(doc, "s.json").name == "toy-raid"


def test_a_scenario_may_declare_its_own_terrain_kinds(toy_ruleset, doc):
    doc["terrain_kinds"] = {"lava": {"impassable": True, "label": "Lava", "color": "#ff4400"},
                            "wood": {"rough": False}}
    doc["terrain"][0]["kind"] = "lava"
    state = engine.new_game(scenario_from_doc(doc, "s.json"), seed=1)
    assert state.table is not None


def test_a_hexmap_scenario_needs_no_table(hex_toy_ruleset, hex_doc):
    assert "table" not in hex_doc
    s = scenario_from_doc(hex_doc, "campaign.json")
    assert s.hexmap == hex_doc["hexmap"] and s.board_kind == "hexmap"


def test_a_hex_given_twice_is_refused(hex_toy_ruleset, hex_doc):
    hex_doc["hexmap"]["hexes"].append({"q": 1, "r": 1, "terrain": "hills"})
    with pytest.raises(FileProblem, match=r"^c\.json: hexmap\.hexes\[3\]: expected each hex once, got q=1 r=1 "
                                          r"again \(first at hexmap\.hexes\[0\]\)"):
        scenario_from_doc(hex_doc, "c.json")


def test_objectives_may_be_polygons(toy_ruleset, doc):
    doc["objectives"].append({"id": "field", "polygon": [[0, 0], [5, 0], [5, 5]], "points": 2})
    assert scenario_from_doc(doc, "s.json").objectives[1]["points"] == 2


def test_paths_inside_a_save_carry_a_prefix(toy_ruleset, doc):
    doc["units"][1]["side"] = 3
    with pytest.raises(FileProblem, match=r"^g\.json: scenario\.units\[1\]\.side: expected a side index"):
        scenario_from_doc(doc, "g.json", prefix="scenario")


def test_a_ruleset_that_fails_while_checking_gives_one_line(toy_ruleset, doc, monkeypatch):
    monkeypatch.setattr(type(toy_ruleset), "validate_scenario", lambda self, s: 1 / 0)
    with pytest.raises(FileProblem, match=r"^s\.json: \(scenario\): expected a scenario ruleset io-toy can "
                                          r"check \(ZeroDivisionError"):
        scenario_from_doc(doc, "s.json")


def test_io_only_reads_the_registry(doc, monkeypatch):
    """The entry points register the rulesets (game.rulesets.load_all); io never loads them itself."""
    import game.rulesets
    monkeypatch.setattr(game.rulesets, "load_all", lambda: pytest.fail("io called load_all"))
    with pytest.raises(FileProblem, match=r"^s\.json: ruleset: expected a known ruleset id \(.*\), got 'io-toy'"):
        scenario_from_doc(doc, "s.json")


def test_load_by_path_and_by_bundled_name(toy_ruleset, maps, doc, write):
    (maps / "toy-raid.json").write_text(json.dumps(doc), encoding="utf-8")
    assert load_scenario("toy-raid").name == "toy-raid"
    assert load_scenario(maps / "toy-raid.json").title == "Toy raid"
    assert load_scenario(str(write(doc, "elsewhere.json"))).name == "toy-raid"


def test_a_bundled_file_is_named_after_its_scenario(toy_ruleset, maps, doc):
    (maps / "other.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(FileProblem, match=r"^maps/other\.json: name: expected 'other' \(the file's name\)"):
        load_scenario("other")


def test_an_unknown_name_lists_the_bundled_ones(toy_ruleset, maps, doc):
    (maps / "toy-raid.json").write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(FileProblem, match=r"^farmhouse: expected a bundled scenario name \(toy-raid\) or a file"):
        load_scenario("farmhouse")


def test_bundled_scenarios_are_listed_by_name(maps, make_doc):
    for name, title in (("zulu", "Last"), ("alpha", "First")):
        (maps / f"{name}.json").write_text(json.dumps(make_doc(name=name, title=title)), encoding="utf-8")
    (maps / "broken.json").write_bytes(b"{")
    (maps / "tiled.json").write_text('{"type": "map"}')
    assert bundled_scenarios() == [("alpha", "io-toy", "First"), ("zulu", "io-toy", "Last")]


def test_the_committed_schema_matches_the_model():
    committed = json.loads(scenario_file.SCHEMA_FILE.read_text(encoding="utf-8"))
    assert committed == schema(), "run: .venv/bin/python -m game.io.scenario_file  (regenerates the schema)"


def test_the_schema_describes_the_header_and_the_parts():
    s = schema()
    assert s["$schema"].startswith("https://json-schema.org/")
    assert s["properties"]["format"]["const"] == "skirmish-table/scenario"
    assert s["properties"]["version"]["const"] == 1
    assert {"format", "version", "name", "title", "ruleset", "sides", "victory", "turn_limit"} <= set(s["required"])
    assert s["additionalProperties"] is False
    unit = s["$defs"]["UnitModel"]
    assert unit["additionalProperties"] is False and {"id", "side"} <= set(unit["required"])
    assert unit["oneOf"] == [{"required": ["x", "y"]}, {"required": ["hex"]}]     # on a table or on a hex
    assert s["oneOf"] == [{"required": ["table"]}, {"required": ["hexmap"]}]
    hexmap = s["$defs"]["HexMapModel"]
    assert {"layout", "size", "cols", "rows"} <= set(hexmap["required"]) and hexmap["additionalProperties"] is False
    assert set(hexmap["properties"]) == {"layout", "size", "cols", "rows", "default", "hexes", "hexsides",
                                         "places", "kinds"}


def test_bundled_maps_are_valid():
    """Every map under maps/ validates (by name) and is named after its file."""
    files = sorted(resources.maps_dir().glob("*.json"))
    if not files:
        pytest.skip("no bundled maps yet")
    for path in files:
        assert validate.validate_file(path.stem).startswith(f"ok: scenario {path.stem} for ruleset ")


@pytest.mark.parametrize("change, place, expected", [
    (lambda d: d["units"][0]["stats"].update(dice=float("nan")), "units[0].stats.dice", "finite number"),
    (lambda d: d["units"][0]["stats"].update(tags={"a", "b"}), "units[0].stats.tags", "expected a JSON value, got set"),
    (lambda d: d["ruleset_data"].update(first_side=2), "ruleset_data.first_side", "side index 0..1"),
])
def test_documents_built_in_code_get_the_same_checks(toy_ruleset, doc, change, place, expected):
    change(doc)
    with pytest.raises(FileProblem) as info:
        scenario_from_doc(doc, "code")
    assert str(info.value).startswith(f"code: {place}: ") and expected in str(info.value)
