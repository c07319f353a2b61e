"""The hex map in scenario files (engine v2 "Boards"): a valid hex scenario loads, sets up a game on a
HexMap, saves and replays; a bad one gives one line naming the file, the place and what was expected."""
from __future__ import annotations

import json

import pytest

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.geometry.hexmap import HexMap
from game.io import validate
from game.io.errors import FileProblem
from game.io.save_file import load_save, resume, save_game, saves_dir
from game.io.scenario_file import parse_scenario, scenario_from_doc
from io_toy import HEX_SCENARIO_FILE, hex_scenario_doc, scenario_doc


def test_the_sample_hex_scenario_loads_onto_a_hexmap(hex_toy_ruleset, hex_doc):
    s = scenario_from_doc(hex_doc, "toy-hex-march.json")
    assert s.board_kind == "hexmap" and s.hexmap == hex_doc["hexmap"] and s.raw == hex_doc
    assert [(u.id, u.hex) for u in s.units] == [("b1", (-1, 2)), ("b2", (0, 1)), ("r1", (4, 2))]
    board = HexMap.from_doc(s.hexmap)
    assert len(board.hexes) == 30 and board.terrain(Hex(0, 3)).label == "Swamp"
    assert board.places[Hex(-1, 2)].name == "Valmy" and board.places[Hex(2, 0)].side is None
    assert board.hexsides(Hex(2, 2), Hex(1, 2)) == {"river", "road"}
    state = engine.new_game(s, seed=3)
    assert state.board.kind == "hexmap" and state.units["r1"].hex == (4, 2)
    assert "entrenched" in state.units["r1"].markers


def test_validate_says_ok_for_the_sample_file(hex_toy_ruleset, capsys):
    assert validate.main([str(HEX_SCENARIO_FILE)]) == 0
    assert capsys.readouterr().out == "ok: scenario toy-hex-march for ruleset io-hex-toy\n"


def test_a_hex_scenario_round_trips_through_a_save(hex_toy_ruleset, hex_doc):
    state = engine.new_game(scenario_from_doc(hex_doc, "h.json"), seed=9)
    actions = []
    for _ in range(3):
        option = engine.legal_actions(state)[0]
        engine.apply(state, option.action)
        actions.append(option.action)
    path = save_game(saves_dir() / "hex.json", state, actions, players=["human", "random"])
    save = load_save(path)
    assert save.scenario.raw == hex_doc and save.scenario.hexmap == hex_doc["hexmap"]
    assert engine.state_hash(resume(save)) == engine.state_hash(state)
    again = parse_scenario(json.dumps(save.scenario.raw), "again.json")
    assert again.units == scenario_from_doc(hex_doc, "h.json").units


def hex_with(change):
    doc = hex_scenario_doc()
    change(doc)
    return doc


def hm(doc):
    return doc["hexmap"]


# (case id, change, place, expectation): place is the exact field path, expectation a substring
CASES = [
    ("table-and-hexmap", lambda d: d.update(table={"width": 60, "height": 40}), "hexmap",
     "expected a table or a hexmap, not both"),
    ("hex-twice", lambda d: hm(d)["hexes"].append({"q": 3, "r": 3, "terrain": "forest"}), "hexmap.hexes[3]",
     "expected each hex once, got q=3 r=3 again (first at hexmap.hexes[1])"),
    ("hex-outside", lambda d: hm(d)["hexes"].append({"q": 6, "r": 0, "terrain": "forest"}), "hexmap.hexes[3]",
     "expected a hex on the 6 x 5 map (odd-r offset columns 0..5, rows 0..4), got [6, 0] (column 6, row 0)"),
    ("hex-outside-left", lambda d: hm(d)["hexes"].append({"q": -1, "r": 0, "terrain": "forest"}),
     "hexmap.hexes[3]", "got [-1, 0] (column -1, row 0)"),
    ("unknown-terrain", lambda d: hm(d)["hexes"][0].update(terrain="lava"), "hexmap.hexes[0].terrain",
     "expected a known hex terrain kind (plain, forest, hills, marsh, town, capital, swamp) or one declared "
     "in hexmap.kinds, got 'lava'"),
    ("unknown-default", lambda d: hm(d).update(default="sea"), "hexmap.default", "got 'sea'"),
    ("table-kind-on-a-hex", lambda d: hm(d)["hexes"][0].update(terrain="wood"), "hexmap.hexes[0].terrain",
     "got 'wood'"),
    ("hexside-not-neighbours", lambda d: hm(d)["hexsides"][0].update(b=[4, 0]), "hexmap.hexsides[0].b",
     "expected a neighbour of [2, 0] (a hexside lies between two neighbouring hexes), got [4, 0]"),
    ("hexside-same-hex", lambda d: hm(d)["hexsides"][0].update(b=[2, 0]), "hexmap.hexsides[0].b",
     "expected a neighbour of [2, 0]"),
    ("hexside-off-map", lambda d: hm(d)["hexsides"].append({"a": [5, 0], "b": [6, 0], "kind": "road"}),
     "hexmap.hexsides[10].b", "expected a hex on the 6 x 5 map"),
    ("hexside-twice", lambda d: hm(d)["hexsides"].append({"a": [3, 0], "b": [2, 0], "kind": "river"}),
     "hexmap.hexsides[10]", "expected each hexside feature once, got a river between [3, 0] and [2, 0] again "
     "(first at hexmap.hexsides[0])"),
    ("hexside-kind", lambda d: hm(d)["hexsides"][0].update(kind="canal"), "hexmap.hexsides[0].kind",
     "expected 'river' or 'road', got 'canal'"),
    ("hexside-three-numbers", lambda d: hm(d)["hexsides"][0].update(a=[2, 0, -2]), "hexmap.hexsides[0].a",
     "expected at most 2 items, got 3"),
    ("place-off-map", lambda d: hm(d)["places"][1].update(q=9), "hexmap.places[1]",
     "expected a hex on the 6 x 5 map"),
    ("place-twice", lambda d: hm(d)["places"].append({"q": 4, "r": 2, "kind": "camp"}), "hexmap.places[3]",
     "expected one place per hex, got a second one on [4, 2] (first at hexmap.places[1])"),
    ("place-side", lambda d: hm(d)["places"][0].update(side=2), "hexmap.places[0].side",
     "expected a side index 0..1 or null, got 2"),
    ("place-kind", lambda d: hm(d)["places"][0].update(kind="city"), "hexmap.places[0].kind",
     "expected 'town', 'capital' or 'camp', got 'city'"),
    ("kind-bad-cost", lambda d: hm(d)["kinds"]["swamp"].update(move_cost=0), "hexmap.kinds.swamp.move_cost",
     "expected a number greater than 0, got 0"),
    ("kind-unknown-property", lambda d: hm(d)["kinds"]["swamp"].update(high=True), "hexmap.kinds.swamp.high",
     "unknown field (expected one of: label, color, move_cost, cover)"),
    ("hexmap-unknown-key", lambda d: hm(d).update(supply=3), "hexmap.supply", "unknown field"),
    ("hexmap-no-cols", lambda d: hm(d).pop("cols"), "hexmap.cols", "the field is missing"),
    ("too-many-cols", lambda d: hm(d).update(cols=201), "hexmap.cols", "expected a number at most 200, got 201"),
    ("bad-layout", lambda d: hm(d).update(layout="square"), "hexmap.layout",
     "expected 'pointy' or 'flat', got 'square'"),
    ("unit-off-map", lambda d: d["units"][2].update(hex=[4, 5]), "units[2].hex",
     "expected a hex on the 6 x 5 map (odd-r offset columns 0..5, rows 0..4), got [4, 5] (column 6, row 5)"),
    ("unit-without-hex", lambda d: d["units"][1].pop("hex"), "units[1].hex",
     "expected a hex [q, r] (the scenario is played on a hex map)"),
    ("unit-with-x-on-hexes", lambda d: d["units"][0].update(x=3.0), "units[0].x",
     "expected no x or y on a hex map"),
    ("unit-hex-as-object", lambda d: d["units"][0].update(hex={"q": 1, "r": 1}), "units[0].hex",
     "expected an array, got an object"),
    ("hexmap-for-a-table-ruleset", lambda d: d.update(ruleset="io-toy"), "hexmap",
     "expected a table {width, height} (ruleset io-toy is played on a table), got a hexmap"),
]


@pytest.mark.parametrize("change, place, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_bad_hex_scenario_names_the_place(toy_ruleset, hex_toy_ruleset, write, capsys, change, place, expected):
    path = write(hex_with(change), "bad-hex.json")
    with pytest.raises(FileProblem) as info:
        parse_scenario(path.read_bytes(), "bad-hex.json")
    message = str(info.value)
    assert message.startswith(f"bad-hex.json: {place}: "), message
    assert expected in message, message
    assert "\n" not in message
    assert validate.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}: {place}: ") and expected in err


@pytest.mark.parametrize("change, place, expected", [
    (lambda d: d["units"][0].update(hex=[1, 1]), "units[0].hex",
     "expected x and y in cm instead (the scenario is played on a table, a hex [q, r] is for a hex map)"),
    (lambda d: d["units"][1].pop("y"), "units[1].y", "expected a number (a unit on a table stands at x, y in cm)"),
    (lambda d: d.update(ruleset="io-hex-toy"), "table",
     "expected a hexmap (ruleset io-hex-toy is played on a hex map), got a table"),
])
def test_a_unit_on_a_table_stands_at_x_y(toy_ruleset, hex_toy_ruleset, change, place, expected):
    doc = scenario_doc()
    change(doc)
    with pytest.raises(FileProblem) as info:
        scenario_from_doc(doc, "t.json")
    assert str(info.value) == f"t.json: {place}: {expected}"


def test_every_listed_hex_may_carry_any_known_kind(hex_toy_ruleset, hex_doc):
    hm(hex_doc)["hexes"] = [{"q": q, "r": 0, "terrain": k}
                            for q, k in enumerate(["plain", "forest", "hills", "marsh", "town", "capital"])]
    hm(hex_doc)["kinds"]["forest"] = {"move_cost": None}       # an override: impassable forest
    board = HexMap.from_doc(scenario_from_doc(hex_doc, "k.json").hexmap)
    assert board.terrain(Hex(1, 0)).move_cost is None and board.terrain(Hex(1, 0)).cover


def test_a_flat_map_uses_odd_q_columns(hex_toy_ruleset, hex_doc):
    hm(hex_doc).update(layout="flat", hexsides=[], places=[], hexes=[{"q": 5, "r": -2, "terrain": "hills"}])
    for u in hex_doc["units"]:
        u["hex"] = [0, 0]
    s = scenario_from_doc(hex_doc, "f.json")
    assert HexMap.from_doc(s.hexmap).terrain(Hex(5, -2)).id == "hills"
    hm(hex_doc)["hexes"] = [{"q": 5, "r": -3, "terrain": "hills"}]
    with pytest.raises(FileProblem, match=r"^f\.json: hexmap\.hexes\[0\]: expected a hex on the 6 x 5 map "
                                          r"\(odd-q offset columns 0\.\.5, rows 0\.\.4\), got \[5, -3\]"):
        scenario_from_doc(hex_doc, "f.json")


def test_los_on_a_hex_map_scenario_says_it_measures_on_a_table_only(hex_toy_ruleset, capsys):
    """`los` is a table tool: on a hex map it says so in one line, exit 2, never a traceback."""
    from game.cli import main
    from tests.io.io_toy import HEX_SCENARIO_FILE
    code = main(["los", str(HEX_SCENARIO_FILE), "1,1", "2,2"])
    err = capsys.readouterr().err
    assert code == 2 and "hex map" in err and err.count("\n") == 1
