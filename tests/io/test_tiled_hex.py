"""Tiled import of a hexagonal map (issue 19, "Tiled import: hexagonal maps"): the shipped
tests/data/tiled-hex-valley.tmx, and the offset -> axial conversion of all four staggers."""
from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from game.geometry.hexgrid import Hex, hex_distance
from game.geometry.hexmap import axial_to_offset
from game.io import tiled_hex
from game.io.tiled import import_tiled
from game.io.validate import validate_file
from tiled_maps import tmj, write_map

VALLEY = Path(__file__).resolve().parent.parent / "data" / "tiled-hex-valley.tmx"
STAGGERS = list(itertools.product(("x", "y"), ("odd", "even")))


def test_each_tiles_terrain_from_the_tile_class_or_a_terrain_property(hex_toy_ruleset):
    """'each tile's terrain comes from the tileset's tile class or a terrain property'; 'mask the flip
    and rotation bits from tile ids' (row 1 col 1 is tile 2 flipped horizontally, 0x80000002)."""
    result = import_tiled(VALLEY, "io-hex-toy")
    hexmap = result.scenario["hexmap"]
    assert (hexmap["layout"], hexmap["cols"], hexmap["rows"], hexmap["size"]) == ("pointy", 6, 5, 5.0)
    terrain = {(h["q"], h["r"]): h["terrain"] for h in hexmap["hexes"]}
    assert terrain == {(2, 0): "forest", (3, 0): "forest", (1, 1): "forest", (2, 1): "forest",
                       (3, 1): "hills", (4, 1): "hills", (-1, 2): "marsh", (0, 2): "marsh",
                       (3, 2): "hills", (0, 4): "forest"}
    assert any("unknown hex terrain 'lava'" in w and "column 3 row 3" in w for w in result.warnings)


def test_points_place_units_and_capitals_on_their_hexes(hex_toy_ruleset, tmp_path):
    """Points of class unit stand on the hex under them; a capital is a place (odd-r: row 2 col 3 is
    q = 3 - 1 = 2)."""
    result = import_tiled(VALLEY, "io-hex-toy")
    assert [(u["name"], u["hex"], u["side"]) for u in result.scenario["units"]] == [
        ("Scouts", [0, 0], 0), ("Levy", [3, 4], 1)]
    assert result.scenario["hexmap"]["places"] == [{"q": 2, "r": 2, "kind": "capital", "name": "Old Keep",
                                                    "side": 0}]
    out = tmp_path / "valley.json"
    out.write_text(__import__("json").dumps(result.scenario), encoding="utf-8")
    assert validate_file(out) == "ok: scenario tiled-hex-valley for ruleset io-hex-toy"


@pytest.mark.parametrize("axis,index,col,row,axial", [
    ("y", "odd", 3, 2, (2, 2)), ("y", "odd", 3, 3, (2, 3)), ("y", "even", 3, 1, (2, 1)),
    ("y", "even", 3, 2, (2, 2)), ("x", "odd", 2, 3, (2, 2)), ("x", "odd", 3, 3, (3, 2)),
    ("x", "even", 3, 3, (3, 1)), ("x", "even", 2, 3, (2, 2))])
def test_offset_to_axial_by_the_red_blob_formulas(axis, index, col, row, axial):
    """'convert offset coordinates to axial exactly, using the Red Blob formulas' (odd-r, even-r, odd-q,
    even-q: q = col - (row -/+ (row & 1)) // 2, or r = row - (col -/+ (col & 1)) // 2)."""
    assert tiled_hex.offset_to_axial(col, row, axis, index) == axial


@pytest.mark.parametrize("axis,index", STAGGERS)
def test_neighbours_on_tileds_screen_are_neighbours_in_axial(axis, index):
    """Exactness: two cells Tiled draws side by side are axial neighbours, and no others (a 7 x 6 map
    of regular hexes of side 16)."""
    s = 16.0
    w, h = (math.sqrt(3) * s, 2 * s) if axis == "y" else (2 * s, math.sqrt(3) * s)
    cells = [(c, r) for c in range(7) for r in range(6)]
    for a, b in itertools.combinations(cells, 2):
        ca = tiled_hex.cell_centre(*a, w, h, s, axis, index)
        cb = tiled_hex.cell_centre(*b, w, h, s, axis, index)
        touching = math.dist(ca, cb) < 1.1 * math.sqrt(3) * s
        ha = Hex(*tiled_hex.offset_to_axial(*a, axis, index))
        hb = Hex(*tiled_hex.offset_to_axial(*b, axis, index))
        assert touching == (hex_distance(ha, hb) == 1), (a, b)


@pytest.mark.parametrize("axis,index", STAGGERS)
def test_every_cell_lands_once_in_the_scenarios_odd_rectangle(axis, index):
    """An even map is the game's odd rectangle one row/column larger: every cell lands on a distinct hex
    inside it, and the extra first row/column is exactly the hexes no cell lands on."""
    cols, rows = 5, 4
    layout = tiled_hex.layout_of(axis)
    out_cols, out_rows = tiled_hex.map_shape(cols, rows, axis, index)
    landed = {tiled_hex.placed(c, r, axis, index) for c in range(cols) for r in range(rows)}
    assert len(landed) == cols * rows
    for q, r in landed:
        col, row = axial_to_offset(Hex(q, r), layout)
        assert 0 <= col < out_cols and 0 <= row < out_rows
    pad = set(tiled_hex.padding(out_cols, out_rows, axis, index))
    assert not pad & landed and len(pad) + len(landed) == out_cols * out_rows


def test_an_even_map_gets_an_impassable_first_row_and_a_warning(hex_toy_ruleset, tmp_path):
    """'Hexagonal maps (staggered, either axis, odd or even) give a hex map': even-r becomes odd-r with
    an 'off-map' (impassable) first row, said in a warning."""
    text = tmj(3, 2, [], {"victory": "eliminate"}, tiles=[[2, 1, 1], [1, 1, 2]], tile_classes={0: "plain", 1: "forest"},
               hexagonal={"staggeraxis": "y", "staggerindex": "even", "hexsidelength": 16, "tilewidth": 28,
                          "tileheight": 32})
    result = import_tiled(write_map(tmp_path, "even.tmj", text), "io-hex-toy")
    hexmap = result.scenario["hexmap"]
    assert (hexmap["cols"], hexmap["rows"]) == (3, 3)
    assert hexmap["kinds"]["off-map"]["move_cost"] is None
    terrain = {(h["q"], h["r"]): h["terrain"] for h in hexmap["hexes"]}
    # even-r (0, 0) -> axial (0, 0) -> shifted (0, 1); even-r (2, 1) -> (2 - 1, 1) -> (1, 2)
    assert terrain[(0, 1)] == "forest" and terrain[(1, 2)] == "forest"
    assert [k for k in terrain.values()].count("off-map") == 3
    assert any("extra impassable first row" in w for w in result.warnings)


def test_a_hidden_layer_is_left_out_with_one_warning(hex_toy_ruleset, tmp_path):
    """Nothing is dropped silently: a layer hidden in Tiled is left out and said so, once."""
    hidden = VALLEY.read_text(encoding="utf-8").replace('<layer id="1" name="Ground"',
                                                        '<layer id="1" name="Ground" visible="0"')
    result = import_tiled(write_map(tmp_path, "hidden.tmx", hidden), "io-hex-toy")
    assert result.scenario["hexmap"]["hexes"] == []
    assert [w for w in result.warnings if "hidden" in w] == ["layer 'Ground': left out (hidden in Tiled)"]
