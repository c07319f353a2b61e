"""Property tests (issue 19, "Tiled import: tests"): 'an import followed by validate accepts any map
hypothesis can build' -- orthogonal maps for Takipsilim, hexagonal maps (either axis, odd or even)
for the io-hex-toy ruleset, written as .tmj or .tmx."""
from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from game.io import tiled_hex
from game.io.tiled import import_tiled
from game.io.validate import validate_file
from tiled_maps import tmj, tmx, write_map

KINDS = ["wood", "house", "Low Wall", "hedge", "water", "rocks", "", "crater", "Lava Flow"]
HEX_CLASSES = {0: "plain", 1: "forest", 2: "hills", 3: "marsh", 4: "lava"}
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@st.composite
def star_polygon(draw, cols, rows):
    """A simple polygon: corners at increasing angles round a centre (gaps 20..170 degrees)."""
    gaps = draw(st.lists(st.integers(20, 170), min_size=3, max_size=8).filter(lambda g: sum(g) <= 360 and
                                                                                 360 - sum(g[:-1]) <= 170))
    angles, a = [], 0
    for g in gaps[:-1]:
        angles.append(a)
        a += g
    angles.append(a)
    radii = draw(st.lists(st.integers(8, 90), min_size=len(angles), max_size=len(angles)))
    points = [(round(r * math.cos(math.radians(t)), 2), round(r * math.sin(math.radians(t)), 2))
              for r, t in zip(radii, angles)]
    return {"shape": "polygon", "x": draw(st.integers(0, cols * 32)), "y": draw(st.integers(0, rows * 32)),
            "points": points}


@st.composite
def table_map(draw):
    cols, rows = draw(st.integers(4, 40)), draw(st.integers(4, 40))
    pieces = []
    for _ in range(draw(st.integers(0, 6))):
        shape = draw(st.sampled_from(["polygon", "rect", "ellipse", "polyline"]))
        if shape == "polygon":
            obj = draw(star_polygon(cols, rows))
        elif shape == "polyline":
            obj = {"shape": "polyline", "x": draw(st.integers(0, cols * 32)), "y": draw(st.integers(0, rows * 32)),
                   "points": [(0, 0)] + draw(st.lists(st.tuples(st.integers(-150, 150), st.integers(-150, 150))
                                                     .filter(lambda p: p != (0, 0)), min_size=1, max_size=4))}
        else:
            obj = {"shape": shape, "x": draw(st.integers(0, cols * 32)), "y": draw(st.integers(0, rows * 32)),
                   "width": draw(st.integers(4, 200)), "height": draw(st.integers(4, 200)),
                   "rotation": draw(st.sampled_from([0, 15, 90, 200.5]))}
        obj.update(name=draw(st.sampled_from(["", "Grove", "Old wall", "Nameless ruin"])), **{"class": draw(st.sampled_from(KINDS))})
        pieces.append(obj)
    for i in range(draw(st.integers(0, 5))):
        props = {"side": draw(st.sampled_from([0, 1, "Reds"])), "base": 1.0,
                 "weapon": draw(st.sampled_from(["assault-rifle", ""])), "magazines": draw(st.integers(0, 3))}
        pieces.append({"shape": "point", "name": f"unit:Figure {i}", "x": draw(st.integers(0, cols * 32)),
                       "y": draw(st.integers(0, rows * 32)), "rotation": draw(st.integers(0, 359)), "properties": props})
    if draw(st.booleans()):
        pieces.append({"shape": "point", "class": "objective", "name": "Well", "x": draw(st.integers(0, cols * 32)),
                       "y": draw(st.integers(0, rows * 32)), "properties": {"radius": 2.5}})
    for i, obj in enumerate(pieces, start=1):
        obj["id"] = i
    return cols, rows, pieces


@SETTINGS
@given(spec=table_map(), xml=st.booleans(), scale=st.sampled_from([None, 1.0, 2.5, 4.0]))
def test_any_orthogonal_map_imports_and_validates(spec, xml, scale):
    """'Add property tests that an import followed by validate accepts any map hypothesis can build.'"""
    cols, rows, objects = spec
    write = tmx if xml else tmj
    text = write(cols, rows, objects, {"sides": "Blues, Reds", "victory": "eliminate", "turn_limit": 5})
    with tempfile.TemporaryDirectory() as folder:
        result = import_tiled(write_map(Path(folder), "m.tmx" if xml else "m.tmj", text), "takipsilim", scale)
        out = Path(folder) / "out.json"
        out.write_text(json.dumps(result.scenario), encoding="utf-8")
        assert validate_file(out) == "ok: scenario m for ruleset takipsilim"
    shaped = [o for o in objects if o["shape"] != "point"]
    assert len(result.scenario["terrain"]) + sum("left out" in w for w in result.warnings) == len(shaped)
    assert len(result.scenario["units"]) == sum(o["name"].startswith("unit:") for o in objects)
    unknown = {o["class"] for o in shaped} & {"crater", "Lava Flow"}
    assert all(any(f"unknown terrain kind {k!r}" in w for w in result.warnings) for k in unknown)


@st.composite
def hex_map(draw):
    axis, index = draw(st.sampled_from(["x", "y"])), draw(st.sampled_from(["odd", "even"]))
    cols, rows = draw(st.integers(1, 12)), draw(st.integers(1, 12))
    flips = st.sampled_from([0, 0x80000000, 0x40000000, 0x20000000, 0x10000000, 0xE0000000])
    tiles = [[draw(st.integers(0, 5)) | (draw(flips) if draw(st.booleans()) else 0) for _ in range(cols)]
             for _ in range(rows)]
    tiles = [[g if g & 0x0FFFFFFF else 0 for g in row] for row in tiles]
    hexagonal = {"staggeraxis": axis, "staggerindex": index, "hexsidelength": 16,
                 "tilewidth": 28 if axis == "y" else 32, "tileheight": 32 if axis == "y" else 28}
    cells = draw(st.lists(st.tuples(st.integers(0, cols - 1), st.integers(0, rows - 1)), max_size=4, unique=True))
    objects = []
    for i, (c, r) in enumerate(cells, start=1):
        x, y = tiled_hex.cell_centre(c, r, hexagonal["tilewidth"], hexagonal["tileheight"], 16, axis, index)
        town = i == 1 and draw(st.booleans())
        objects.append({"id": i, "shape": "point", "x": round(x, 2), "y": round(y, 2),
                        "name": "Hightown" if town else f"unit:Band {i}", "class": "town" if town else "unit",
                        "properties": {"side": draw(st.integers(0, 1))}})
    return cols, rows, tiles, hexagonal, objects, cells


@SETTINGS
@given(spec=hex_map(), xml=st.booleans())
def test_any_hexagonal_map_imports_and_validates(hex_toy_ruleset, spec, xml):
    """The same for hex maps of either stagger axis and index, tile ids carrying flip bits; every painted
    tile lands on the hex the Red Blob formula gives."""
    cols, rows, tiles, hexagonal, objects, cells = spec
    write = tmx if xml else tmj
    text = write(cols, rows, objects, {"victory": "eliminate"}, hexagonal=hexagonal, tiles=tiles,
                 tile_classes=HEX_CLASSES)
    with tempfile.TemporaryDirectory() as folder:
        result = import_tiled(write_map(Path(folder), "h.tmx" if xml else "h.tmj", text), "io-hex-toy")
        out = Path(folder) / "out.json"
        out.write_text(json.dumps(result.scenario), encoding="utf-8")
        assert validate_file(out) == "ok: scenario h for ruleset io-hex-toy"
    axis, index = hexagonal["staggeraxis"], hexagonal["staggerindex"]
    terrain = {(h["q"], h["r"]): h["terrain"] for h in result.scenario["hexmap"]["hexes"]}
    for r, row in enumerate(tiles):
        for c, gid in enumerate(row):
            wanted = HEX_CLASSES.get((gid & 0x0FFFFFFF) - 1, "plain") if gid else "plain"
            wanted = "plain" if wanted == "lava" else wanted
            assert terrain.get(tiled_hex.placed(c, r, axis, index), "plain") == wanted
    units = [u["hex"] for u in result.scenario["units"]]
    assert units == [list(tiled_hex.placed(c, r, axis, index)) for (c, r), o in zip(cells, objects)
                     if o["class"] == "unit"]
