"""Scenario files: JSON under maps/, checked at the boundary, then a plain engine Scenario (design §6).

Checks run in this order, each failing with one `<file>: <place>: <what was expected>` line:
the JSON itself (jsontext), the `format`/`version` header, the structure (pydantic models), the
ruleset id, the whole-document checks (unique ids, side indices, polygons, units on the table or on
the hex map, terrain kinds, the hex map's hexes, hexsides and places), the board the ruleset plays
on, the ruleset's options, then the ruleset's own `validate_scenario`.

The rulesets are registered by the program's entry point (game.rulesets.load_all in game/cli.py,
game/ui/app.py, tests/conftest.py); this module only reads the registry.
"""
from __future__ import annotations

import copy
import functools
import json
import os
import re
from pathlib import Path
from typing import Any, Iterable

import shapely
from pydantic import ValidationError
from shapely.validation import explain_validity

from game import resources
from game.engine import game as engine, registry
from game.engine.ruleset import Ruleset
from game.engine.scenario import Scenario
from game.io.errors import FileProblem, json_kind, shown
from game.io.explain import problem_from
from game.io.jsontext import check_values, expect_object, key_path, parse_json, read_json
from game.geometry.hexgrid import Hex, hex_distance
from game.geometry.hexmap import axial_to_offset, default_kind_ids
from game.io.models import SCENARIO_FORMAT, SCENARIO_VERSION, HexMapModel, ScenarioModel

SCHEMA_FILE = Path(__file__).with_name("scenario.schema.json")
TERRAIN_KINDS_FILE = Path(__file__).resolve().parent.parent / "geometry" / "terrain_kinds.json"


# -- the terrain kinds a scenario may name ----------------------------------------------------------
# (the rulesets: the program's entry points register them with game.rulesets.load_all; io only reads
# the registry, design §2)
@functools.cache
def default_terrain_kinds() -> tuple[str, ...]:
    """The default kinds of game/geometry/terrain_kinds.json (read directly: it is data, design §11)."""
    try:
        data = json.loads(TERRAIN_KINDS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ()
    kinds = data.get("kinds", data) if isinstance(data, dict) else {}
    return tuple(sorted(k for k in kinds if isinstance(k, str) and isinstance(kinds[k], dict)))


# -- the header ------------------------------------------------------------------------------------
def check_header(doc: dict[str, Any], source: str, fmt: str, version: int, prefix: str = "") -> None:
    """`format` and `version` first, so a save, a Tiled map or a newer file says what it is."""
    place = key_path(prefix, "format")
    if "format" not in doc:
        raise FileProblem(source, place, f"expected {fmt!r} (the file has no format header)")
    if doc["format"] != fmt:
        raise FileProblem(source, place, f"expected {fmt!r}, got {shown(doc['format'])}")
    place = key_path(prefix, "version")
    got = doc.get("version")
    if "version" not in doc:
        raise FileProblem(source, place, f"expected {version} (the file has no version)")
    if isinstance(got, bool) or not isinstance(got, int):
        raise FileProblem(source, place, f"expected the whole number {version}, got {shown(got)}")
    if got > version:
        raise FileProblem(source, place, f"expected version {version} or older, got {got} "
                                         f"(a file from a newer Skirmish Table)")
    if got != version:
        raise FileProblem(source, place, f"expected version {version}, got {got}")


# -- whole-document checks ---------------------------------------------------------------------------
def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def polygon_problem(shell: list[list[float]], holes: Iterable[list[list[float]]] = ()) -> str | None:
    """Why these rings are not a usable polygon (shapely's is_valid, explained), or None."""
    try:
        poly = shapely.Polygon(shell, list(holes) or None)
        if poly.is_valid and poly.area > 0:
            return None
        reason = explain_validity(poly)
    except (shapely.errors.GEOSException, ValueError, TypeError) as exc:
        return f"expected a valid polygon ({exc})"
    m = re.match(r"Self-intersection\[(\S+) (\S+)\]", reason)
    if m:
        return f"expected a simple polygon, got a self-intersecting one (at {m.group(1)}, {m.group(2)})"
    if poly.is_valid:
        return "expected a polygon with an area, got a degenerate one"
    return f"expected a valid polygon, got one with a problem ({reason})"


def _unique_ids(items: list[Any], what: str, path: str) -> Iterable[tuple[str, str]]:
    seen: dict[str, int] = {}
    for i, item in enumerate(items):
        if item.id in seen:
            yield (f"{path}[{i}].id", f"expected a unique {what} id, got {item.id!r} "
                                      f"again (first at {path}[{seen[item.id]}])")
        seen.setdefault(item.id, i)


def _hex_text(h: Hex) -> str:
    return f"[{h.q}, {h.r}]"


def _map_words(hexmap: HexMapModel) -> str:
    shape = "odd-r" if hexmap.layout == "pointy" else "odd-q"
    return f"the {hexmap.cols} x {hexmap.rows} map ({shape} offset columns 0..{hexmap.cols - 1}, " \
           f"rows 0..{hexmap.rows - 1})"


def _on_map(hexmap: HexMapModel, h: Hex) -> bool:
    col, row = axial_to_offset(h, hexmap.layout)
    return 0 <= col < hexmap.cols and 0 <= row < hexmap.rows


def _off_map(hexmap: HexMapModel, h: Hex) -> str:
    col, row = axial_to_offset(h, hexmap.layout)
    return f"expected a hex on {_map_words(hexmap)}, got {_hex_text(h)} (column {col}, row {row})"


def hexmap_problems(hexmap: HexMapModel, sides: int) -> Iterable[tuple[str, str]]:
    """The hex map's whole-map checks: each hex once and on the map, terrain kinds known, hexsides
    between neighbours on the map, places on the map (paths under `hexmap.`)."""
    known = list(default_kind_ids()) + [k for k in hexmap.kinds if k not in default_kind_ids()]
    listed = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "")

    def kind_problem(path: str, kind: str) -> Iterable[tuple[str, str]]:
        if kind not in known:
            yield (path, f"expected a known hex terrain kind ({listed}) or one declared in hexmap.kinds, "
                         f"got {kind!r}")

    yield from kind_problem("hexmap.default", hexmap.default)
    seen: dict[Hex, int] = {}
    for i, cell in enumerate(hexmap.hexes):
        h = Hex(cell.q, cell.r)
        if h in seen:
            yield (f"hexmap.hexes[{i}]", f"expected each hex once, got q={cell.q} r={cell.r} again "
                                         f"(first at hexmap.hexes[{seen[h]}])")
        seen.setdefault(h, i)
        if not _on_map(hexmap, h):
            yield (f"hexmap.hexes[{i}]", _off_map(hexmap, h))
        yield from kind_problem(f"hexmap.hexes[{i}].terrain", cell.terrain)
    features: dict[tuple[frozenset[Hex], str], int] = {}
    for i, side in enumerate(hexmap.hexsides):
        here = f"hexmap.hexsides[{i}]"
        a, b = Hex(*side.a), Hex(*side.b)
        if not _on_map(hexmap, a):
            yield (f"{here}.a", _off_map(hexmap, a))
        if not _on_map(hexmap, b):
            yield (f"{here}.b", _off_map(hexmap, b))
        if hex_distance(a, b) != 1:
            yield (f"{here}.b", f"expected a neighbour of {_hex_text(a)} (a hexside lies between two "
                                f"neighbouring hexes), got {_hex_text(b)}")
        key = (frozenset((a, b)), side.kind)
        if key in features:
            yield (here, f"expected each hexside feature once, got a {side.kind} between {_hex_text(a)} and "
                         f"{_hex_text(b)} again (first at hexmap.hexsides[{features[key]}])")
        features.setdefault(key, i)
    placed: dict[Hex, int] = {}
    for i, place in enumerate(hexmap.places):
        h = Hex(place.q, place.r)
        if not _on_map(hexmap, h):
            yield (f"hexmap.places[{i}]", _off_map(hexmap, h))
        if h in placed:
            yield (f"hexmap.places[{i}]", f"expected one place per hex, got a second one on {_hex_text(h)} "
                                          f"(first at hexmap.places[{placed[h]}])")
        placed.setdefault(h, i)
        if place.side is not None and place.side >= sides:
            yield (f"hexmap.places[{i}].side", f"expected a side index 0..{sides - 1} or null, got {place.side}")


def unit_place_problems(model: ScenarioModel, i: int, unit: Any, on_hexes: bool) -> Iterable[tuple[str, str]]:
    """A unit stands at x, y on a table or on a hex [q, r] of a hex map: exactly one of the two."""
    here = f"units[{i}]"
    if on_hexes:
        for key in ("x", "y"):
            if getattr(unit, key) is not None:
                yield (f"{here}.{key}", "expected no x or y on a hex map (a unit there stands on a hex [q, r])")
                return
        if unit.hex is None:
            yield (f"{here}.hex", "expected a hex [q, r] (the scenario is played on a hex map)")
        elif not _on_map(model.hexmap, Hex(*unit.hex)):
            yield (f"{here}.hex", _off_map(model.hexmap, Hex(*unit.hex)))
        return
    if unit.hex is not None:
        yield (f"{here}.hex", "expected x and y in cm instead (the scenario is played on a table, "
                              "a hex [q, r] is for a hex map)")
        return
    for key in ("x", "y"):
        if getattr(unit, key) is None:
            yield (f"{here}.{key}", "expected a number (a unit on a table stands at x, y in cm)")
            return


def document_problems(model: ScenarioModel) -> Iterable[tuple[str, str]]:
    """The checks that need the whole document, as (place, expectation), in document order."""
    sides = len(model.sides)
    if model.table is None and model.hexmap is None:
        yield ("table", "expected a table {width, height} (or a hexmap), found neither")
    if model.table is not None and model.hexmap is not None:
        yield ("hexmap", "expected a table or a hexmap, not both (the scenario has a table)")
    yield from _unique_ids(model.terrain, "terrain piece", "terrain")
    yield from _unique_ids(model.units, "unit", "units")
    yield from _unique_ids(model.objectives, "objective", "objectives")

    known = set(default_terrain_kinds()) | set(model.terrain_kinds)
    for i, piece in enumerate(model.terrain):
        here = f"terrain[{i}]"
        if piece.kind not in known:
            names = sorted(known)
            listed = ", ".join(names[:20]) + (", ..." if len(names) > 20 else "")
            yield (f"{here}.kind", f"expected a known terrain kind ({listed}) or one declared in "
                                   f"terrain_kinds, got {piece.kind!r}")
        problem = polygon_problem(piece.polygon)
        if problem:
            yield (f"{here}.polygon", problem)
            continue
        for j, hole in enumerate(piece.holes):
            problem = polygon_problem(hole)
            if problem:
                yield (f"{here}.holes[{j}]", problem)
        if piece.holes and all(polygon_problem(h) is None for h in piece.holes):
            problem = polygon_problem(piece.polygon, piece.holes)
            if problem:
                yield (f"{here}.holes", problem)
        for j, room in enumerate(piece.rooms):
            problem = polygon_problem(room)
            if problem:
                yield (f"{here}.rooms[{j}]", problem)

    width = model.table.width if model.table else None
    height = model.table.height if model.table else None

    def inside(path: str, x: float, y: float) -> Iterable[tuple[str, str]]:
        if width is None or height is None:
            return
        if not 0 <= x <= width:
            yield (f"{path}.x", f"expected a number inside the table (0..{_num(width)}), got {x!r}")
        if not 0 <= y <= height:
            yield (f"{path}.y", f"expected a number inside the table (0..{_num(height)}), got {y!r}")

    on_hexes = model.hexmap is not None and model.table is None
    for i, unit in enumerate(model.units):
        if unit.side >= sides:
            yield (f"units[{i}].side", f"expected a side index 0..{sides - 1} (the scenario has "
                                       f"{sides} sides), got {unit.side}")
        yield from unit_place_problems(model, i, unit, on_hexes)
        if unit.x is not None and unit.y is not None:
            yield from inside(f"units[{i}]", unit.x, unit.y)

    for i, zone in enumerate(model.deployment_zones):
        if zone.side >= sides:
            yield (f"deployment_zones[{i}].side", f"expected a side index 0..{sides - 1}, got {zone.side}")
        problem = polygon_problem(zone.polygon)
        if problem:
            yield (f"deployment_zones[{i}].polygon", problem)

    for i, obj in enumerate(model.objectives):
        here = f"objectives[{i}]"
        if obj.polygon is not None:
            problem = polygon_problem(obj.polygon)
            if problem:
                yield (f"{here}.polygon", problem)
        elif obj.x is None or obj.y is None or obj.radius is None:
            missing = [k for k in ("x", "y", "radius") if getattr(obj, k) is None]
            yield (f"{here}.{missing[0]}", "expected x, y and radius (or a polygon) for an objective")
        else:
            yield from inside(here, obj.x, obj.y)

    # the one key of ruleset_data the engine itself reads: which side holds the initiative first
    if "first_side" in model.ruleset_data:
        first = model.ruleset_data["first_side"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < sides:
            yield ("ruleset_data.first_side", f"expected a side index 0..{sides - 1}, got {shown(first)}")

    if model.hexmap is not None:
        yield from hexmap_problems(model.hexmap, sides)


def board_problems(model: ScenarioModel, ruleset: Ruleset) -> Iterable[tuple[str, str]]:
    """The board the scenario declares is the one the ruleset plays on (a table or a hex map)."""
    wanted = getattr(ruleset, "board_kind", "table")
    board = "table" if model.table is not None else "hexmap"
    if board != wanted:
        need = "a table {width, height}" if wanted == "table" else "a hexmap"
        played = "a table" if wanted == "table" else "a hex map"
        got = "a table" if board == "table" else "a hexmap"
        yield (board, f"expected {need} (ruleset {ruleset.id} is played on {played}), got {got}")


# -- the ruleset's part -------------------------------------------------------------------------------
def ruleset_for(ruleset_id: Any, source: str, place: str) -> Ruleset:
    """The registered ruleset of this id (the entry point has loaded them all)."""
    try:
        return registry.get(ruleset_id)
    except KeyError:
        known = ", ".join(r.id for r in registry.all_rulesets()) or "none"
        raise FileProblem(source, place, f"expected a known ruleset id ({known}), got {shown(ruleset_id)}") \
            from None


def check_options(ruleset: Ruleset, options: dict[str, Any], source: str, place: str,
                  base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The options resolved by the ruleset; a bad one names its key (`options.<key>`)."""
    try:
        return ruleset.resolve_options(base, options)
    except ValueError as exc:
        for key, value in options.items():
            try:
                ruleset.resolve_options({key: value})
            except ValueError as one:
                raise FileProblem(source, key_path(place, key), f"expected a valid option ({one})") from None
        raise FileProblem(source, place, f"expected valid options ({exc})") from None


def _ruleset_problems(ruleset: Ruleset, scenario: Scenario, source: str, prefix: str) -> None:
    try:
        problems = ruleset.validate_scenario(scenario)
    except Exception as exc:  # a ruleset's checker meeting data it did not expect
        raise FileProblem(source, prefix or "(scenario)",
                          f"expected a scenario ruleset {ruleset.id} can check "
                          f"({type(exc).__name__}: {exc})") from exc
    problems = [str(p) for p in problems or ()]
    if problems:
        first = f"{prefix}.{problems[0]}" if prefix else problems[0]
        more = len(problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise FileProblem(f"{source}: {first}{tail}")
    # the last net: a file the checks let through must also set up as a game (a unit's stat of a type
    # the ruleset's setup cannot use), or it is refused here, in one line, instead of failing later
    try:
        engine.new_game(scenario, seed=0)
    except Exception as exc:
        raise FileProblem(source, prefix or "(scenario)", f"expected a scenario the ruleset can set up "
                                                          f"({type(exc).__name__}: {exc})") from exc


# -- the API -------------------------------------------------------------------------------------------
def scenario_from_doc(doc: Any, source: str, prefix: str = "") -> Scenario:
    """Validate an already-parsed document and build the engine's Scenario (raises FileProblem).

    `prefix` places the paths inside a larger document (a save embeds its scenario at "scenario").
    """
    if not isinstance(doc, dict):
        where = prefix or "(top level)"
        raise FileProblem(source, where, f"expected a JSON object (a scenario), got {json_kind(doc)}")
    check_values(doc, source, prefix)     # a document built in code gets the same JSON checks
    check_header(doc, source, SCENARIO_FORMAT, SCENARIO_VERSION, prefix)
    try:
        model = ScenarioModel.model_validate(doc)
    except ValidationError as exc:
        raise problem_from(exc, source, ScenarioModel, prefix) from None
    ruleset = ruleset_for(model.ruleset, source, key_path(prefix, "ruleset"))
    for place, what in document_problems(model):
        raise FileProblem(source, f"{prefix}.{place}" if prefix else place, what)
    for place, what in board_problems(model, ruleset):
        raise FileProblem(source, f"{prefix}.{place}" if prefix else place, what)
    check_options(ruleset, model.options, source, key_path(prefix, "options"))
    scenario = Scenario.from_dict(copy.deepcopy(doc))
    _ruleset_problems(ruleset, scenario, source, prefix)
    return scenario


def parse_scenario(text: str | bytes, source: str) -> Scenario:
    """Any text or bytes -> a Scenario, or a FileProblem naming the file, the place and the expectation."""
    doc = expect_object(parse_json(text, source), source, "a scenario")
    return scenario_from_doc(doc, source)


def bundled_path(name: str) -> Path | None:
    """maps/<name>.json, when `name` is a bundled scenario's name."""
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        return None
    path = resources.maps_dir() / f"{name}.json"
    return path if path.is_file() else None


def check_bundled_name(scenario: Scenario, path: Path, source: str) -> Scenario:
    """A bundled scenario is addressed by its file's name, so the two must agree (design §6)."""
    if scenario.name != path.stem:
        raise FileProblem(source, "name", f"expected {path.stem!r} (the file's name), got {scenario.name!r}")
    return scenario


def load_scenario(path_or_name: str | os.PathLike[str]) -> Scenario:
    """A bundled scenario by name (`farmhouse-raid`) or a scenario file by path (design §6)."""
    text = os.fspath(path_or_name)
    bundled = bundled_path(text) if isinstance(path_or_name, str) else None
    if bundled is not None:
        source = f"maps/{bundled.name}"
        return check_bundled_name(parse_scenario_file(bundled, source), bundled, source)
    path = Path(text)
    if not path.exists() and isinstance(path_or_name, str) and os.sep not in text and "/" not in text \
            and not text.endswith(".json"):
        names = ", ".join(n for n, _, _ in bundled_scenarios(user=False)) or "none"
        raise FileProblem(text, None, f"expected a bundled scenario name ({names}) or a file, found neither")
    return parse_scenario_file(path, text)


def parse_scenario_file(path: Path, source: str) -> Scenario:
    doc = expect_object(read_json(path, source), source, "a scenario")
    return scenario_from_doc(doc, source)


def bundled_scenarios(user: bool = True) -> list[tuple[str, str, str]]:
    """(name, ruleset id, title) of each scenario under maps/, sorted by name (for `game scenarios`
    and the new-game screen), then, with `user`, the player's own (made in the editor; their name is
    their path, which load_scenario opens; game.io.user_scenarios).

    Read lightly (the header and three fields); a broken file is left out here and reported by
    `python -m game validate`.
    """
    folder = resources.maps_dir()
    if user:
        from game.io.user_scenarios import user_scenarios
        return _bundled(folder) + user_scenarios()
    return _bundled(folder)


def _bundled(folder: Path) -> list[tuple[str, str, str]]:
    found = []
    if not folder.is_dir():
        return []
    for path in sorted(folder.glob("*.json")):
        try:
            doc = read_json(path, f"maps/{path.name}")
        except FileProblem:
            continue
        if not isinstance(doc, dict) or doc.get("format") != SCENARIO_FORMAT:
            continue
        ruleset, title = doc.get("ruleset"), doc.get("title")
        found.append((path.stem, ruleset if isinstance(ruleset, str) else "?",
                      title if isinstance(title, str) else path.stem))
    return sorted(found)


def schema() -> dict[str, Any]:
    """The JSON Schema of scenario format version 1 (design §6: map makers check files in their editor)."""
    doc = ScenarioModel.model_json_schema(by_alias=True, mode="validation")
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$comment": "Generated from game/io/models.py by game.io.scenario_file.write_schema(); do not edit.",
            **doc}


def schema_text() -> str:
    return json.dumps(schema(), indent=2, ensure_ascii=True) + "\n"


def write_schema(path: Path = SCHEMA_FILE) -> Path:
    """Regenerate game/io/scenario.schema.json (a test checks the committed file matches the model)."""
    path.write_text(schema_text(), encoding="utf-8")
    return path


__all__ = ["load_scenario", "parse_scenario", "scenario_from_doc", "bundled_scenarios", "schema",
           "write_schema", "FileProblem", "check_header", "ruleset_for", "check_options"]

if __name__ == "__main__":  # python -m game.io.scenario_file: regenerate the schema file
    print(write_schema())
