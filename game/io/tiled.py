"""Maps from the Tiled editor -> scenarios (issue 19, "Tiled import"; README "Maps from Tiled").

`import_tiled(path, ruleset_id, cm_per_tile=None) -> TiledImport(scenario, warnings)`: a .tmx, .tmj
or .json map read by pytiled-parser becomes a scenario document that scenario_file's checks and the
ruleset's `validate_scenario` accept, or a FileProblem `<map>: <place>: <what was expected>`.

- An orthogonal map is a table of (columns x cm_per_tile) by (rows x cm_per_tile) cm (default 2.5
  cm a tile); its object layers give terrain, linear obstacles, units, objectives and deployment
  zones (tiled_objects.py).
- A hexagonal map is a hex map, one hex per tile, its terrain from the tiles (tiled_hex.py); a
  hex is cm_per_tile across its corners (default 10 map units); points place units and towns.
- The map's own custom properties fill in the rest: name, title, description, sides ("Blue, Red"),
  turn_limit, victory (a kind such as "eliminate" or a JSON object), options, ruleset_data (JSON),
  cm_per_tile, edge_band.
"""
from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import shapely
from pytiled_parser import layer as tl
from pytiled_parser import tiled_object as to

from game.engine import registry
from game.io import tiled_hex, tiled_objects, tiled_read
from game.io.errors import FileProblem, one_line
from game.io.models import MAX_HEX_COLS, MAX_HEX_ROWS, MAX_TABLE_CM, SCENARIO_FORMAT, SCENARIO_VERSION
from game.io.scenario_file import default_terrain_kinds, scenario_from_doc

TABLE_CM_PER_TILE = 2.5      # an inch a tile: a 48 x 32 map is a 120 x 80 cm table
HEX_CM_PER_TILE = 10.0       # a hex 10 map units across its corners (size 5, as the bundled hex maps)
DEFAULT_TURNS = 10
DEFAULT_VICTORY = "eliminate"
# what reading a value of the wrong type raises (pytiled-parser hands the file's values on unchecked)
BAD_VALUES = (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError, shapely.errors.ShapelyError)
KEY_ORDER = ("format", "version", "name", "title", "description", "ruleset", "options", "table", "hexmap",
             "terrain", "sides", "units", "deployment_zones", "objectives", "victory", "turn_limit", "ruleset_data")
_SCENARIO_PATH = re.compile(r"^((?:terrain|units|objectives|deployment_zones|hexmap\.places)\[\d+\]"
                            r"|victory|options|ruleset_data|turn_limit|sides)(?=[.:\s]|$)")
MAP_KEYS = ("victory", "options", "ruleset_data", "turn_limit", "sides")


@dataclass
class TiledImport:
    """A scenario document made from a Tiled map, and what the import had to guess or leave out."""

    scenario: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


def import_tiled(path: str | os.PathLike[str], ruleset_id: str, cm_per_tile: float | None = None) -> TiledImport:
    """Read a Tiled map and make a scenario of ruleset `ruleset_id` from it.

    cm_per_tile: on a table, the cm of one tile; on a hex map, a hex's width across its corners
    (None: the map's `cm_per_tile` property, else 2.5 on a table, 10 on a hex map).
    Raises FileProblem for a file that cannot be used, ValueError for a bad ruleset id or scale.
    """
    ruleset = _ruleset(ruleset_id)
    if cm_per_tile is not None and not _good_scale(cm_per_tile):
        raise ValueError(f"--cm-per-tile: expected a number above 0 and at most 1000, got {cm_per_tile!r}")
    source = os.fspath(path)
    tiled = tiled_read.read_map(Path(source), source)
    try:
        return _import(tiled, source, ruleset, cm_per_tile)
    except FileProblem:
        raise
    except RecursionError:
        raise FileProblem(source, "(map)", "expected a Tiled map (nested too deeply)") from None
    except BAD_VALUES as exc:   # values of a type Tiled never writes, which the parser passes on as they are
        raise FileProblem(source, "(map)", f"expected values of the types Tiled writes "
                                           f"({one_line(f'{type(exc).__name__}: {exc}', 160)})") from None


def _import(tiled: Any, source: str, ruleset: Any, cm_per_tile: float | None) -> TiledImport:
    board = {"orthogonal": "table", "hexagonal": "hexmap"}.get(tiled.orientation)
    if board is None:
        raise FileProblem(source, "map orientation", f"expected an orthogonal or hexagonal map, got {tiled.orientation!r}")
    if board != ruleset.board_kind:
        need = "an orthogonal map (a table)" if ruleset.board_kind == "table" else "a hexagonal map"
        raise FileProblem(source, "map orientation", f"expected {need}: ruleset {ruleset.id} is played on a "
                                                     f"{'table' if ruleset.board_kind == 'table' else 'hex map'}, "
                                                     f"the map is {tiled.orientation}")
    mp = tiled_objects.props(tiled)
    scale = cm_per_tile if cm_per_tile is not None else _map_scale(source, mp, board)
    frame, doc = _skeleton(source, Path(source), tiled, mp, ruleset.id, scale, board)
    if board == "table":
        doc["table"] = _table(source, tiled, scale, mp)
    else:
        doc["hexmap"] = _hexmap(frame, tiled, scale)
    for layer_name, obj in _objects(frame, tiled.layers):
        try:
            _add_object(frame, obj, layer_name)
        except BAD_VALUES as exc:
            raise FileProblem(source, tiled_objects.where(obj, layer_name), f"expected an object as Tiled writes it "
                                                     f"({one_line(f'{type(exc).__name__}: {exc}', 160)})") from None
    tiled_objects.unknown_kind_warnings(frame)
    for key in ("terrain", "units", "objectives", "deployment_zones"):
        doc[key] = frame.doc[key]
    if board == "hexmap":
        doc["hexmap"]["places"] = frame.doc["places"]
    doc["sides"] = [{"name": n} for n in frame.side_names]
    if board == "hexmap":
        tiled_hex.complete(doc, ruleset, frame.warnings.append)    # what a bare map lacks, as guesses
    doc = {key: doc[key] for key in KEY_ORDER if key in doc}
    _check(doc, source, frame.origins | {key: f"map property {key!r}" for key in MAP_KEYS})
    return TiledImport(doc, frame.warnings)


# -- the scenario around the board -------------------------------------------------------------------
def _ruleset(ruleset_id: str) -> Any:
    try:
        return registry.get(ruleset_id)
    except KeyError:
        known = ", ".join(r.id for r in registry.all_rulesets()) or "none"
        raise ValueError(f"--ruleset: expected a ruleset id ({known}), got {ruleset_id!r}") from None


def _good_scale(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value) and 0 < value <= 1000


def _map_scale(source: str, mp: dict[str, Any], board: str) -> float:
    value = mp.get("cm_per_tile", TABLE_CM_PER_TILE if board == "table" else HEX_CM_PER_TILE)
    if not _good_scale(value):
        raise FileProblem(source, "map property 'cm_per_tile'", f"expected a number above 0 and at most 1000, got {value!r}")
    return float(value)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64].strip("-") or "tiled-map"


def _text(source: str, mp: dict[str, Any], key: str, default: str, limit: int) -> str:
    value = mp.get(key, default)
    if not isinstance(value, str) or len(value) > limit:
        raise FileProblem(source, f"map property {key!r}", f"expected text of at most {limit} characters")
    return value


def _json_prop(source: str, mp: dict[str, Any], key: str) -> dict[str, Any]:
    return tiled_objects.json_object(source, mp.get(key), f"map property {key!r}")


def _skeleton(source: str, path: Path, tiled: Any, mp: dict[str, Any], ruleset_id: str, scale: float,
              board: str) -> tuple[tiled_objects.Frame, dict[str, Any]]:
    """The scenario's header and rules from the map's properties, and the frame objects are read in."""
    stem = path.name.split(".")[0]
    names = [n.strip() for n in _text(source, mp, "sides", "", 400).split(",") if n.strip()]
    if len(names) > 4:
        raise FileProblem(source, "map property 'sides'", f"expected 2 to 4 side names, got {len(names)}")
    names += [f"Side {i + 1}" for i in range(len(names), 2)]
    tile_w, tile_h = float(tiled.tile_size.width), float(tiled.tile_size.height)
    frame = tiled_objects.Frame(source, scale / max(tile_w, 1.0), scale / max(tile_h, 1.0),
                                set(default_terrain_kinds()), names)
    warnings = frame.warnings
    victory: Any = mp.get("victory")
    if victory is None:
        victory = dict(getattr(registry.get(ruleset_id), "default_victory", None) or {"kind": DEFAULT_VICTORY})
        warnings.append(f"no 'victory' map property: the victory is {json.dumps(victory)}")
    elif isinstance(victory, str) and not victory.strip().startswith("{"):
        victory = {"kind": victory.strip()}
    else:
        victory = _json_prop(source, mp, "victory")
    turns = mp.get("turn_limit", DEFAULT_TURNS)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 1000:
        raise FileProblem(source, "map property 'turn_limit'", f"expected a whole number 1..1000, got {turns!r}")
    doc: dict[str, Any] = {
        "format": SCENARIO_FORMAT, "version": SCENARIO_VERSION,
        "name": _slug(_text(source, mp, "name", stem, 64)), "title": _text(source, mp, "title", stem, 200) or stem,
        "description": _text(source, mp, "description", f"Imported from the Tiled map {path.name}.", 20_000),
        "ruleset": ruleset_id, "options": _json_prop(source, mp, "options"),
        "victory": victory, "turn_limit": turns, "ruleset_data": _json_prop(source, mp, "ruleset_data"),
    }
    if not doc["title"].strip():
        doc["title"] = doc["name"]
    return frame, doc


def _table(source: str, tiled: Any, scale: float, mp: dict[str, Any]) -> dict[str, Any]:
    width, height = tiled.map_size.width * scale, tiled.map_size.height * scale
    if not (0 < width <= MAX_TABLE_CM and 0 < height <= MAX_TABLE_CM):
        raise FileProblem(source, "map size", f"expected a table of at most {MAX_TABLE_CM:g} cm a side, got "
                                              f"{width:g} x {height:g} cm ({scale:g} cm a tile; try a smaller --cm-per-tile)")
    table: dict[str, Any] = {"width": round(width, 3), "height": round(height, 3)}
    if "edge_band" in mp:
        band = mp["edge_band"]
        if isinstance(band, bool) or not isinstance(band, (int, float)) or not 0 <= band <= 100:
            raise FileProblem(source, "map property 'edge_band'", f"expected a number 0..100 (cm), got {band!r}")
        table["edge_band"] = float(band)
    return table


# -- the hex map ------------------------------------------------------------------------------------
def _hexmap(frame: tiled_objects.Frame, tiled: Any, scale: float) -> dict[str, Any]:
    source = frame.source
    axis, index = tiled.stagger_axis, tiled.stagger_index
    if axis not in ("x", "y") or index not in ("odd", "even"):
        raise FileProblem(source, "map staggeraxis/staggerindex",
                          f"expected 'x' or 'y' and 'odd' or 'even', got {axis!r} and {index!r}")
    cols, rows = tiled.map_size.width, tiled.map_size.height
    out_cols, out_rows = tiled_hex.map_shape(cols, rows, axis, index)
    if not (1 <= out_cols <= MAX_HEX_COLS and 1 <= out_rows <= MAX_HEX_ROWS):
        raise FileProblem(source, "map size", f"expected at most {MAX_HEX_COLS} x {MAX_HEX_ROWS} hexes, got {cols} x {rows}")
    tile = (float(tiled.tile_size.width), float(tiled.tile_size.height))
    side = float(tiled.hex_side_length or 0)

    def hex_of(x: float, y: float) -> tuple[int, int] | None:
        cell = tiled_hex.cell_at(x, y, (cols, rows), tile, side, axis, index)
        return None if cell is None else tiled_hex.placed(cell[0], cell[1], axis, index)

    frame.hex_of = hex_of
    return tiled_hex.hexmap_doc(_cells(frame, tiled, cols, rows), cols, rows, axis, index, scale / 2,
                                frame.warnings.append)


def _cells(frame: tiled_objects.Frame, tiled: Any, cols: int, rows: int) -> Iterable[tuple[int, int, str | None, str]]:
    """(col, row, terrain, where) of each cell: the topmost tile layer's tile, its flip bits masked."""
    top: dict[tuple[int, int], tuple[int, str]] = {}
    for layer in _walk(frame, tiled.layers, warn=False):     # _objects warns of the hidden ones
        if isinstance(layer, tl.TileLayer):
            for row, line in enumerate(layer.data or []):
                for col, gid in enumerate(line):
                    if tiled_hex.tile_id(gid) and col < cols and row < rows:
                        top[(col, row)] = (tiled_hex.tile_id(gid), layer.name)
    firsts = sorted(tiled.tilesets)
    for (col, row), (gid, layer_name) in sorted(top.items()):
        here = f"layer {layer_name!r} column {col} row {row}"
        first = max((f for f in firsts if f <= gid), default=None)
        if first is None:
            raise FileProblem(frame.source, here, f"expected a tile of one of the map's tilesets, got tile id {gid}")
        tileset = tiled.tilesets[first]
        tile = (tileset.tiles or {}).get(gid - first)
        terrain = tiled_objects.props(tile).get("terrain") if tile is not None else None
        if terrain is None:
            terrain = (tile.class_ if tile is not None else None) or f"tile {gid - first} of tileset {tileset.name}"
        yield col, row, str(terrain), here


# -- the objects ------------------------------------------------------------------------------------
def _walk(frame: tiled_objects.Frame, layers: Iterable[Any], warn: bool = True) -> Iterable[Any]:
    """Every layer, inside groups too; a hidden layer is left out, with a warning."""
    for layer in layers or ():
        if not layer.visible:
            if warn:
                frame.warnings.append(f"layer {layer.name!r}: left out (hidden in Tiled)")
        elif isinstance(layer, tl.LayerGroup):
            yield from _walk(frame, layer.layers, warn)
        else:
            yield layer


def _objects(frame: tiled_objects.Frame, layers: Iterable[Any]) -> Iterable[tuple[str, Any]]:
    for layer in _walk(frame, layers):
        if isinstance(layer, tl.ObjectLayer):
            for obj in layer.tiled_objects:
                yield layer.name, obj
        elif isinstance(layer, tl.ImageLayer):
            frame.warnings.append(f"layer {layer.name!r}: left out (an image layer is only a picture)")
        elif isinstance(layer, tl.TileLayer) and frame.hex_of is None and any(any(r) for r in layer.data or []):
            frame.warnings.append(f"layer {layer.name!r}: left out (tiles of an orthogonal map are only a picture; "
                                  f"draw terrain as objects)")


def _add_object(frame: tiled_objects.Frame, obj: Any, layer: str) -> None:
    if not obj.visible:
        frame.warnings.append(f"{tiled_objects.where(obj, layer)}: left out (hidden in Tiled)")
    elif isinstance(obj, to.Point):
        tiled_objects.add_point(frame, obj, layer)
    elif frame.hex_of is not None:
        frame.warnings.append(f"{tiled_objects.where(obj, layer)}: left out (on a hex map the tiles give the "
                              f"terrain; points give units and places)")
    elif isinstance(obj, to.Polyline):
        tiled_objects.add_line(frame, obj, layer)
    elif isinstance(obj, (to.Polygon, to.Rectangle, to.Ellipse)) and not isinstance(obj, to.Tile):
        tiled_objects.add_area(frame, obj, layer)
    else:
        frame.warnings.append(f"{tiled_objects.where(obj, layer)}: left out (a {type(obj).__name__.lower()} "
                              f"object is not terrain, a unit or an objective)")


# -- the checks -------------------------------------------------------------------------------------
def _check(doc: dict[str, Any], source: str, origins: dict[str, str]) -> None:
    """scenario_file's checks and the ruleset's, their places told as the map's objects."""
    try:
        scenario_from_doc(json.loads(json.dumps(doc)), source)
    except FileProblem as exc:
        text = exc.message[len(source) + 2:] if exc.message.startswith(source + ": ") else exc.message
        m = _SCENARIO_PATH.match(text)
        if m and m.group(1) in origins:
            text = f"{origins[m.group(1)]}: {text}"
        raise FileProblem(f"{source}: {text}") from None


def write_scenario(result: TiledImport, out: str | os.PathLike[str]) -> Path:
    """Write the imported scenario as JSON (2-space indent, UTF-8)."""
    from game.io.save_file import write_text_atomic       # as saves are written: whole or not at all
    return write_text_atomic(out, json.dumps(result.scenario, indent=2, ensure_ascii=False) + "\n")
