"""The hex map board (engine v2 "Boards"): a rectangle of hexes with terrain kinds, hexside features
(rivers, roads) and places (towns, capitals, camps), built on hexgrid's axial coordinates.

Kinds are data (design 11): the defaults live in hex_kinds.json beside this module, with the movement
numbers of the hexside features; a scenario's ``hexmap.kinds`` overrides or adds kinds. Coordinates are
map units (x right, y down); the layout's origin is chosen so that every hex lies at x, y >= 0.

The map is cols x rows hexes of an "odd-r" offset rectangle for pointy tops (odd rows pushed right) or
"odd-q" for flat tops (odd columns pushed down), after Red Blob Games' "Hexagonal Grids".
Pure Python + shapely: no pygame, nothing of the engine.
"""
from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from shapely.geometry import Polygon

from game.geometry import hexgrid
from game.geometry.hexgrid import Hex

_KINDS_FILE = Path(__file__).with_name("hex_kinds.json")

LAYOUTS = ("pointy", "flat")
HEXSIDE_FEATURES = ("river", "road")
PLACE_KINDS = ("town", "capital", "camp")
DEFAULT_TERRAIN = "plain"


@dataclass(frozen=True)
class HexKind:
    """A kind of hex terrain. move_cost: the cost of entering such a hex (None: impassable);
    cover: a unit in it is in cover."""

    id: str
    label: str
    color: str
    move_cost: float | None
    cover: bool = False


@dataclass(frozen=True)
class Place:
    """A named place on a hex: a town, a capital or a camp, held by a side (None: nobody)."""

    hex: Hex
    kind: str
    name: str
    side: int | None = None


# -- the data file ----------------------------------------------------------------------------------
def _kind_from_props(kind_id: str, props: Mapping[str, Any], base: HexKind | None = None) -> HexKind:
    """A kind from {label, color, move_cost, cover}, over `base` when the kind exists (checked: a bad
    override says what is wrong)."""
    if not isinstance(props, Mapping):
        raise ValueError(f"hex kind {kind_id!r}: expected an object of properties, got {type(props).__name__}")
    values: dict[str, Any] = {"id": kind_id, "label": kind_id.replace("-", " ").capitalize(),
                              "color": "#cccccc", "move_cost": 1.0, "cover": False}
    if base is not None:
        values.update(label=base.label, color=base.color, move_cost=base.move_cost, cover=base.cover)
    for key, value in props.items():
        if key in ("label", "color"):
            if not isinstance(value, str):
                raise ValueError(f"hex kind {kind_id!r}: {key} must be a string, got {value!r}")
        elif key == "move_cost":
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                      or not math.isfinite(value) or value <= 0):
                raise ValueError(f"hex kind {kind_id!r}: move_cost must be a number > 0 or null "
                                 f"(impassable), got {value!r}")
            value = None if value is None else float(value)
        elif key == "cover":
            if not isinstance(value, bool):
                raise ValueError(f"hex kind {kind_id!r}: cover must be true or false, got {value!r}")
        else:
            raise ValueError(f"hex kind {kind_id!r}: unknown property {key!r}")
        values[key] = value
    return HexKind(**values)


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads(_KINDS_FILE.read_text(encoding="utf-8"))


@functools.cache
def _default_kinds() -> dict[str, HexKind]:
    return {k: _kind_from_props(k, props) for k, props in _data()["kinds"].items()}


def default_kind_ids() -> tuple[str, ...]:
    """The ids of the default hex kinds (plain, forest, hills, marsh, town, capital)."""
    return tuple(_default_kinds())


def load_hex_kinds(overrides: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, HexKind]:
    """The default kinds of hex_kinds.json with a scenario's overrides {id: {property: value}}; an
    override of an unknown id adds a kind (move cost 1, no cover unless given)."""
    kinds = dict(_default_kinds())
    for kind_id, props in (overrides or {}).items():
        # null for a label, colour or cover is "not given" (the default stays); a null move_cost is
        # a value: impassable
        given = {k: v for k, v in props.items() if v is not None or k == "move_cost"}
        kinds[kind_id] = _kind_from_props(kind_id, given, kinds.get(kind_id))
    return kinds


def river_extra_cost() -> float:
    """What crossing a river hexside adds to the cost of the hex entered (hex_kinds.json)."""
    return float(_data()["hexsides"]["river"]["extra_cost"])


def road_move_cost() -> float:
    """The cost of a step along a road (a road feature on the side crossed), whatever the terrain."""
    return float(_data()["hexsides"]["road"]["move_cost"])


# -- offset rectangles ----------------------------------------------------------------------------------
def offset_to_axial(col: int, row: int, layout: str) -> Hex:
    """Column and row of an odd-r (pointy) or odd-q (flat) offset rectangle -> axial Hex."""
    if layout == "pointy":
        return Hex(col - (row - (row & 1)) // 2, row)
    return Hex(col, row - (col - (col & 1)) // 2)


def axial_to_offset(h: Hex, layout: str) -> tuple[int, int]:
    """Axial Hex -> (col, row) of the odd-r (pointy) or odd-q (flat) offset rectangle."""
    if layout == "pointy":
        return h.q + (h.r - (h.r & 1)) // 2, h.r
    return h.q, h.r + (h.q - (h.q & 1)) // 2


def column_letters(col: int) -> str:
    """A map column as a player reads it on the frame: 0 -> A, 25 -> Z, 26 -> AA (like a spreadsheet)."""
    letters = ""
    col += 1
    while col > 0:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def grid_label(h: Hex, layout: str) -> str:
    """The label a player reads off the map's frame for a hex: column letter, row number from 1
    ("E7"), of the offset rectangle (never the internal axial coordinates, which may be negative)."""
    col, row = axial_to_offset(h, layout)
    if col < 0 or row < 0:
        return f"{h.q},{h.r}"          # off the rectangle: no frame label names it
    return f"{column_letters(col)}{row + 1}"


def rectangle(cols: int, rows: int, layout: str) -> list[Hex]:
    """Every hex of a cols x rows offset rectangle, sorted."""
    return sorted(offset_to_axial(c, r, layout) for r in range(rows) for c in range(cols))


def _hex_of(value: Any, what: str) -> Hex:
    """A Hex from a Hex, [q, r] / (q, r), or {"q": q, "r": r}."""
    if isinstance(value, Hex):
        return value
    if isinstance(value, Mapping):
        value = (value.get("q"), value.get("r"))
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return Hex(value[0], value[1])
    raise ValueError(f"{what}: expected a hex [q, r], got {value!r}")


class HexMap:
    """A hex map board: hexes of terrain kinds, features on hexsides, places; geometry in map units.

    layout: hexgrid.Layout (orientation pointy or flat, size, origin so every hex has x, y >= 0);
    width, height: the bounds of all hexes; kinds: id -> HexKind; hexes: every hex, sorted;
    places: Hex -> Place. Immutable once built (a game's replays and clones share it).
    """

    kind = "hexmap"

    def __init__(self, layout: str = "pointy", size: float = 5.0, cols: int = 1, rows: int = 1,
                 default: str = DEFAULT_TERRAIN, terrain: Mapping[Hex, str] | None = None,
                 hexsides: Iterable[tuple[Hex, Hex, str]] = (), places: Iterable[Place] = (),
                 kinds: Mapping[str, Mapping[str, Any]] | None = None):
        if layout not in LAYOUTS:
            raise ValueError(f"hex map layout: expected 'pointy' or 'flat', got {layout!r}")
        if isinstance(size, bool) or not isinstance(size, (int, float)) or not math.isfinite(size) or size <= 0:
            raise ValueError(f"hex map size: expected a number > 0, got {size!r}")
        for name, n in (("cols", cols), ("rows", rows)):
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise ValueError(f"hex map {name}: expected a whole number >= 1, got {n!r}")
        self.orientation = layout
        self.size = float(size)
        self.cols, self.rows = cols, rows
        self.kinds: dict[str, HexKind] = load_hex_kinds(kinds)
        if default not in self.kinds:
            raise ValueError(f"hex map default: expected a known kind ({', '.join(self.kinds)}), got {default!r}")
        self.default = default
        self.hexes: tuple[Hex, ...] = tuple(rectangle(cols, rows, layout))
        self._on_map = frozenset(self.hexes)

        orientation = hexgrid.POINTY if layout == "pointy" else hexgrid.FLAT
        raw = hexgrid.Layout(orientation, (self.size, self.size), (0.0, 0.0))
        xs, ys = [], []
        for h in (self.hexes[0], self.hexes[-1], *self._corner_hexes()):
            for x, y in hexgrid.hex_corners(raw, h):
                xs.append(x)
                ys.append(y)
        self.layout = hexgrid.Layout(orientation, (self.size, self.size), (-min(xs), -min(ys)))
        self.width = max(xs) - min(xs)
        self.height = max(ys) - min(ys)

        self._terrain: dict[Hex, str] = {}
        for h, kind_id in (terrain or {}).items():
            h = _hex_of(h, "hex map terrain")
            self._require_on_map(h, "hex map terrain")
            if kind_id not in self.kinds:
                raise ValueError(f"hex {h.q},{h.r}: expected a known terrain kind, got {kind_id!r}")
            if kind_id != default:
                self._terrain[h] = kind_id

        features: dict[frozenset[Hex], set[str]] = {}
        for a, b, feature in hexsides:
            a, b = _hex_of(a, "hexside a"), _hex_of(b, "hexside b")
            for h in (a, b):
                self._require_on_map(h, "hexside")
            if hexgrid.hex_distance(a, b) != 1:
                raise ValueError(f"hexside {a.q},{a.r} - {b.q},{b.r}: expected two neighbouring hexes")
            if feature not in HEXSIDE_FEATURES:
                raise ValueError(f"hexside {a.q},{a.r} - {b.q},{b.r}: expected a feature "
                                 f"({', '.join(HEXSIDE_FEATURES)}), got {feature!r}")
            features.setdefault(frozenset((a, b)), set()).add(feature)
        self._sides = {pair: frozenset(f) for pair, f in features.items()}

        self.places: dict[Hex, Place] = {}
        for place in places:
            self._require_on_map(place.hex, f"place {place.name!r}")
            if place.kind not in PLACE_KINDS:
                raise ValueError(f"place {place.name!r}: expected a kind ({', '.join(PLACE_KINDS)}), "
                                 f"got {place.kind!r}")
            self.places[place.hex] = place
        self.places = dict(sorted(self.places.items()))
        self._polygons: dict[Hex, Polygon] = {}
        passable = [k.move_cost for k in self.kinds.values() if k.move_cost is not None]
        self._min_step = min([*passable, road_move_cost()]) if passable else road_move_cost()

    def _corner_hexes(self) -> list[Hex]:
        """The hexes on the rectangle's border rows and columns (they hold the bounds)."""
        last_c, last_r = self.cols - 1, self.rows - 1
        cells = {(c, r) for c in range(self.cols) for r in (0, min(1, last_r), last_r, max(last_r - 1, 0))}
        cells |= {(c, r) for r in range(self.rows) for c in (0, min(1, last_c), last_c, max(last_c - 1, 0))}
        return [offset_to_axial(c, r, self.orientation) for c, r in cells]

    def _require_on_map(self, h: Hex, what: str) -> None:
        if h not in self._on_map:
            raise ValueError(f"{what}: hex {h.q},{h.r} is not on the {self.cols} x {self.rows} map")

    # -- what is where --------------------------------------------------------------------------------
    def label(self, h: Hex) -> str:
        """The hex's grid label as drawn on the map's frame ("E7"): see grid_label."""
        return grid_label(h, self.orientation)

    def contains(self, h: Hex) -> bool:
        return h in self._on_map

    def terrain(self, h: Hex) -> HexKind:
        """The kind of a hex on the map (KeyError for a hex off the map)."""
        if h not in self._on_map:
            raise KeyError(f"hex {h.q},{h.r} is not on the map")
        return self.kinds[self._terrain.get(h, self.default)]

    def hexsides(self, a: Hex, b: Hex) -> frozenset[str]:
        """The features ({"river", "road"}) on the side between neighbours a and b (empty otherwise)."""
        return self._sides.get(frozenset((a, b)), frozenset())

    def sides(self) -> list[tuple[Hex, Hex, frozenset[str]]]:
        """Every hexside with a feature, as (a, b, features) with a < b, sorted (for drawing)."""
        return sorted((min(pair), max(pair), f) for pair, f in self._sides.items())

    def neighbours(self, h: Hex) -> list[Hex]:
        """The neighbours of h that are on the map, in direction order."""
        return [n for n in hexgrid.neighbours(h) if n in self._on_map]

    def distance(self, a: Hex, b: Hex) -> int:
        return hexgrid.hex_distance(a, b)

    # -- geometry ---------------------------------------------------------------------------------------
    def centre(self, h: Hex) -> tuple[float, float]:
        return hexgrid.hex_to_pixel(self.layout, h)

    def polygon(self, h: Hex) -> Polygon:
        poly = self._polygons.get(h)
        if poly is None:
            poly = self._polygons[h] = hexgrid.hex_polygon(self.layout, h)
        return poly

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The hex of the map containing the point, or None off the map."""
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        h = hexgrid.pixel_to_hex(self.layout, (x, y))
        return h if h in self._on_map else None

    # -- movement -----------------------------------------------------------------------------------------
    def move_cost(self, a: Hex, b: Hex) -> float | None:
        """The cost of a step from a to its neighbour b (None: not allowed).

        The entered hex's move_cost; along a road (a road on the side a-b) the road's cost instead (a road
        across a river is a bridge); across a river, plus the river's extra cost. Numbers: hex_kinds.json.
        """
        if b not in self._on_map or hexgrid.hex_distance(a, b) != 1:
            return None
        cost = self.terrain(b).move_cost
        if cost is None:
            return None
        features = self.hexsides(a, b)
        if "road" in features:
            return road_move_cost()
        if "river" in features:
            cost += river_extra_cost()
        return cost

    def path(self, a: Hex, b: Hex, cost: Callable[[Hex, Hex], float | None] | None = None,
             min_cost: float | None = None) -> list[Hex] | None:
        """The cheapest path from a to b (both included) by A*, or None when there is none.

        cost(x, y): the cost of a step from hex x to its neighbour y, None for a step not allowed; by
        default ``move_cost``. min_cost: a lower bound on any step (the default cost knows its own; for
        a custom cost 0, which is always safe).
        """
        if a not in self._on_map or b not in self._on_map:
            return None
        step = cost or self.move_cost
        bound = min_cost if min_cost is not None else (self._min_step if cost is None else 0.0)
        found = hexgrid.a_star_steps(a, b, step, self.contains, bound)
        return found[0] if found is not None else None

    def path_cost(self, path: list[Hex]) -> float | None:
        """The cost of walking a path by ``move_cost`` (None when a step is not allowed)."""
        total = 0.0
        for x, y in zip(path, path[1:]):
            step = self.move_cost(x, y)
            if step is None:
                return None
            total += step
        return total

    # -- from a scenario ------------------------------------------------------------------------------------
    @classmethod
    def from_doc(cls, doc: Mapping[str, Any]) -> "HexMap":
        """Build from a scenario's "hexmap" object (already checked by game.io; a bad one raises ValueError):
        {"layout", "size", "cols", "rows", "default", "hexes": [{q, r, terrain}],
         "hexsides": [{a: [q, r], b: [q, r], kind}], "places": [{q, r, kind, name, side}], "kinds": {...}}"""
        if not isinstance(doc, Mapping):
            raise ValueError(f"hex map: expected an object, got {type(doc).__name__}")
        terrain = {_hex_of(c, "hex map hexes"): c.get("terrain", doc.get("default", DEFAULT_TERRAIN))
                   for c in doc.get("hexes", ())}
        sides = [(_hex_of(s.get("a"), "hexside a"), _hex_of(s.get("b"), "hexside b"), s.get("kind"))
                 for s in doc.get("hexsides", ())]
        places = [Place(_hex_of(p, "place"), p.get("kind", "town"), p.get("name", ""), p.get("side"))
                  for p in doc.get("places", ())]
        return cls(layout=doc.get("layout", "pointy"), size=doc.get("size", 5.0), cols=doc.get("cols", 1),
                   rows=doc.get("rows", 1), default=doc.get("default", DEFAULT_TERRAIN), terrain=terrain,
                   hexsides=sides, places=places, kinds=doc.get("kinds"))

    def __repr__(self) -> str:
        return f"HexMap({self.orientation}, {self.cols} x {self.rows}, size {self.size:g})"


__all__ = ["HexKind", "HexMap", "Place", "axial_to_offset", "default_kind_ids", "load_hex_kinds",
           "offset_to_axial", "rectangle", "LAYOUTS", "HEXSIDE_FEATURES", "PLACE_KINDS"]
