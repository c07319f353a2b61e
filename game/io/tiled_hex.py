"""A hexagonal Tiled map's tiles -> a scenario's "hexmap" (issue 19, "Tiled import: hexagonal maps").

Tiled's hexagonal maps are staggered offset rectangles: stagger axis "y" staggers rows (pointy
tops), "x" staggers columns (flat tops), and the stagger index says whether the odd or the even
rows/columns are pushed. Offsets become axial coordinates exactly by Red Blob Games' formulas
("Hexagonal Grids", offset -> axial):

    odd-r:  q = col - (row - (row & 1)) // 2,  r = row
    even-r: q = col - (row + (row & 1)) // 2,  r = row
    odd-q:  q = col,  r = row - (col - (col & 1)) // 2
    even-q: q = col,  r = row - (col + (col & 1)) // 2

A scenario's hex map is always an odd-r / odd-q rectangle (SCENARIO_FORMAT.md). An even map
fits one exactly after a shift of one row (pointy: axial r + 1) or one column (flat: axial q + 1),
so it becomes an odd rectangle one row/column larger whose first row/column is the impassable
kind "off-map" (said in a warning). Tile ids carry flip and rotation bits in their top four bits;
they are masked before the tile is looked up.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from game.geometry.hexgrid import Hex
from game.geometry.hexmap import axial_to_offset, default_kind_ids
from game.geometry.hexmap import offset_to_axial as odd_to_axial

# Tiled's gid flags: flipped horizontally, vertically, diagonally, rotated 120 degrees (hex maps)
FLIP_BITS = 0xF0000000
OFF_MAP = "off-map"
OFF_MAP_KIND = {"label": "Off the map", "color": "#3a3a3a", "move_cost": None, "cover": False}
WATER = "water"
WATER_KIND = {"label": "Water", "color": "#3c78d7", "move_cost": None, "cover": False}
# the terrain names public hex tilesets use for the game's kinds (each use is said in a warning)
SYNONYMS = {"grass": "plain", "grassland": "plain", "meadow": "plain", "field": "plain", "fields": "plain",
            "clear": "plain", "open": "plain", "desert": "plain", "sand": "plain", "dirt": "plain",
            "woods": "forest", "wood": "forest", "trees": "forest", "jungle": "forest",
            "hill": "hills", "mountain": "hills", "mountains": "hills", "rough": "hills",
            "swamp": "marsh", "bog": "marsh", "wetland": "marsh",
            "water": WATER, "sea": WATER, "ocean": WATER, "lake": WATER, "deep-water": WATER,
            "shallow-water": WATER}
PLACE_CLASSES = ("town", "capital", "camp")


def tile_id(gid: int) -> int:
    """The global tile id without Tiled's flip and rotation bits."""
    return gid & ~FLIP_BITS & 0xFFFFFFFF


def offset_to_axial(col: int, row: int, axis: str, index: str) -> tuple[int, int]:
    """Tiled's (col, row) of a map staggered on `axis` ("x"/"y") at `index` ("odd"/"even") -> axial (q, r),
    by Red Blob's odd-r, even-r, odd-q and even-q formulas."""
    if axis == "y":
        if index == "odd":
            return col - (row - (row & 1)) // 2, row
        return col - (row + (row & 1)) // 2, row
    if index == "odd":
        return col, row - (col - (col & 1)) // 2
    return col, row - (col + (col & 1)) // 2


def layout_of(axis: str) -> str:
    """Rows staggered: pointy tops; columns staggered: flat tops."""
    return "pointy" if axis == "y" else "flat"


def placed(col: int, row: int, axis: str, index: str) -> tuple[int, int]:
    """The axial hex a Tiled cell lands on in the scenario's odd rectangle (an even map is shifted by
    one row or column, see the module's docstring)."""
    q, r = offset_to_axial(col, row, axis, index)
    if index == "even":
        return (q, r + 1) if axis == "y" else (q + 1, r)
    return q, r


def map_shape(cols: int, rows: int, axis: str, index: str) -> tuple[int, int]:
    """(cols, rows) of the scenario's rectangle: one more row/column for an even map."""
    if index == "even":
        return (cols, rows + 1) if axis == "y" else (cols + 1, rows)
    return cols, rows


def padding(cols: int, rows: int, axis: str, index: str) -> list[tuple[int, int]]:
    """The axial hexes of the extra first row/column an even map gets (empty for an odd map)."""
    if index != "even":
        return []
    layout = layout_of(axis)
    cells = [(c, 0) for c in range(cols)] if axis == "y" else [(0, r) for r in range(rows)]
    return [(h.q, h.r) for h in (odd_to_axial(c, r, layout) for c, r in cells)]


def cell_centre(col: int, row: int, tile_w: float, tile_h: float, side: float, axis: str,
                index: str) -> tuple[float, float]:
    """The pixel centre of a cell as Tiled's hexagonal renderer draws it (hexsidelength `side`)."""
    pushed = (row if axis == "y" else col) % 2 == (1 if index == "odd" else 0)
    if axis == "y":
        x = col * tile_w + tile_w / 2 + (tile_w / 2 if pushed else 0)
        y = row * (tile_h + side) / 2 + tile_h / 2
    else:
        x = col * (tile_w + side) / 2 + tile_w / 2
        y = row * tile_h + tile_h / 2 + (tile_h / 2 if pushed else 0)
    return x, y


def cell_at(x: float, y: float, size: tuple[int, int], tile: tuple[float, float], side: float, axis: str,
            index: str) -> tuple[int, int] | None:
    """The (col, row) of the cell whose centre is nearest to pixel (x, y), or None off the map."""
    cols, rows = size
    tile_w, tile_h = tile
    step_x = (tile_w + side) / 2 if axis == "x" else tile_w
    step_y = (tile_h + side) / 2 if axis == "y" else tile_h
    c0, r0 = int(x // max(step_x, 1e-9)), int(y // max(step_y, 1e-9))
    best, best_d = None, math.inf
    for c in range(c0 - 1, c0 + 2):
        for r in range(r0 - 1, r0 + 2):
            if 0 <= c < cols and 0 <= r < rows:
                cx, cy = cell_centre(c, r, tile_w, tile_h, side, axis, index)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if d < best_d:
                    best, best_d = (c, r), d
    if best is None or best_d > max(tile_w, tile_h) ** 2:
        return None
    return best


def hexmap_doc(cells: Iterable[tuple[int, int, str | None, str]], cols: int, rows: int, axis: str,
               index: str, size: float, warn: Callable[[str], None]) -> dict[str, Any]:
    """The scenario's "hexmap" from (col, row, terrain or None, where) of each painted cell.

    Terrain outside the known hex kinds becomes the default kind, listed in one warning.
    """
    known = set(default_kind_ids())
    default = "plain"
    layout = layout_of(axis)
    out_cols, out_rows = map_shape(cols, rows, axis, index)
    hexes: dict[tuple[int, int], str] = {}
    unknown: dict[str, list[str]] = {}
    read_as: dict[str, list[str]] = {}
    for col, row, terrain, where in cells:
        if terrain is None:
            continue
        kind = terrain.strip().lower().replace(" ", "-")
        if kind not in known and kind in SYNONYMS:
            read_as.setdefault(terrain, []).append(where)
            kind = SYNONYMS[kind]
        elif kind not in known:
            unknown.setdefault(terrain, []).append(where)
            kind = default
        hexes[placed(col, row, axis, index)] = kind
    for name, places in read_as.items():
        kind = SYNONYMS[name.strip().lower().replace(" ", "-")]
        warn(f"hex terrain {name!r} ({_tiles(places)}) is read as {kind!r}" + (" (impassable)" if kind == WATER else ""))
    for name, places in unknown.items():
        warn(f"unknown hex terrain {name!r} ({_tiles(places)}, first "
             f"{places[0]}) is {default!r}; known: {', '.join(sorted(known))}")
    doc: dict[str, Any] = {"layout": layout, "size": size, "cols": out_cols, "rows": out_rows,
                           "default": default}
    kinds: dict[str, Any] = {WATER: dict(WATER_KIND)} if WATER in hexes.values() else {}
    pad = padding(out_cols, out_rows, axis, index)
    if pad:
        kinds[OFF_MAP] = dict(OFF_MAP_KIND)
        for h in pad:
            hexes[h] = OFF_MAP
        line = "row" if axis == "y" else "column"
        warn(f"an even-staggered map becomes the game's odd layout with one extra impassable first {line} "
             f"(kind {OFF_MAP!r})")
    doc["hexes"] = [{"q": q, "r": r, "terrain": k} for (q, r), k in sorted(hexes.items(), key=_by_offset(layout))
                    if k != default]
    if kinds:
        doc["kinds"] = kinds
    return doc


def _tiles(places: list[str]) -> str:
    return f"{len(places)} tile{'s' if len(places) > 1 else ''}"


def complete(doc: dict[str, Any], ruleset: Any, warn: Callable[[str], None]) -> None:
    """A hex map that carries nothing but terrain (as public Tiled maps do) made a scenario of the
    ruleset: the ruleset fills what is missing (`complete_scenario(doc)`, if it has one) and each of
    its guesses becomes a warning."""
    fill = getattr(ruleset, "complete_scenario", None)
    for guess in (fill(doc) if fill is not None else []):
        warn(guess)


def _by_offset(layout: str) -> Callable[[tuple[tuple[int, int], str]], tuple[int, int]]:
    def key(item: tuple[tuple[int, int], str]) -> tuple[int, int]:
        col, row = axial_to_offset(Hex(*item[0]), layout)
        return row, col
    return key
