"""Terrain kinds and terrain pieces (design 5: polygons with a kind; kinds carry properties).

Kinds are data (design 11): the defaults live in terrain_kinds.json beside this module and a scenario may
override any property of a kind, or add a kind, with ``load_kinds({name: {prop: value}})``.
"""
from __future__ import annotations

import dataclasses
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np
import shapely
from shapely.geometry import LineString, MultiPolygon, Polygon

_KINDS_FILE = Path(__file__).with_name("terrain_kinds.json")


@dataclass(frozen=True)
class TerrainKind:
    """What a kind of terrain does under the rules.

    high: blocks line of sight (Risus "Line of Sight": woods, fields with high crops, houses ...).
    cover: a figure inside it has cover (Risus "Cover": a house or a wood).
    rough: impeding terrain or an obstacle for movement (Takipsilim "Movement": 10 m open, 6 m otherwise).
    impassable: no figure may enter it.
    building: a house; by LosRules.houses either high terrain or only its walls (minus openings) block.
    linear_obstacle: wall, hedge, log: cover for a figure just behind it (Risus "Cover": a log or low wall).
    """

    name: str
    high: bool = False
    cover: bool = False
    rough: bool = False
    impassable: bool = False
    building: bool = False
    linear_obstacle: bool = False
    label: str = ""
    color: str = "#cccccc"


_BOOL_PROPS = ("high", "cover", "rough", "impassable", "building", "linear_obstacle")
_STR_PROPS = ("label", "color")


def _kind_from_props(name: str, props: Mapping[str, Any], base: TerrainKind | None = None) -> TerrainKind:
    """Build a kind from a property mapping, checking names and types (a bad data file says what is wrong)."""
    if not isinstance(props, Mapping):
        raise ValueError(f"terrain kind {name!r}: expected an object of properties, got {type(props).__name__}")
    values: dict[str, Any] = {}
    for key, value in props.items():
        if key in _BOOL_PROPS:
            if not isinstance(value, bool):
                raise ValueError(f"terrain kind {name!r}: {key} must be true or false, got {value!r}")
        elif key in _STR_PROPS:
            if not isinstance(value, str):
                raise ValueError(f"terrain kind {name!r}: {key} must be a string, got {value!r}")
        else:
            raise ValueError(f"terrain kind {name!r}: unknown property {key!r}")
        values[key] = value
    if base is None:
        base = TerrainKind(name=name, label=name.replace("-", " ").capitalize())
    return dataclasses.replace(base, **values)


@functools.cache
def _default_kinds() -> dict[str, TerrainKind]:
    data = json.loads(_KINDS_FILE.read_text(encoding="utf-8"))
    return {name: _kind_from_props(name, props) for name, props in data["kinds"].items()}


def load_kinds(overrides: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, TerrainKind]:
    """The default kinds from terrain_kinds.json, with optional per-scenario overrides {name: {prop: value}}.

    An override of an unknown name adds a new kind (properties default to False).
    """
    kinds = dict(_default_kinds())
    for name, props in (overrides or {}).items():
        kinds[name] = _kind_from_props(name, props, kinds.get(name))
    return kinds


@dataclass(frozen=True)
class Piece:
    """One terrain piece on the table: a polygon (holes allowed) of a kind.

    walls: a building's wall lines, already minus its openings (so every wall line blocks in houses="walls" mode).
    openings: doors and windows: fire and movement pass through them.
    rooms: a building's rooms (Risus grenades: inside a building the whole room is the blast area).
    """

    id: str
    kind: TerrainKind
    polygon: Polygon | MultiPolygon
    walls: tuple[LineString, ...] = ()
    openings: tuple[LineString, ...] = ()
    rooms: tuple[Polygon, ...] = ()
    name: str = ""


def polygon_from_coords(exterior, holes=()) -> Polygon:
    """A polygon from coordinate lists (cm), e.g. as read from a scenario file."""
    return Polygon(exterior, holes)


def walls_from_outline(polygon: Polygon | MultiPolygon, openings=(), gap: float = 1e-6) -> tuple[LineString, ...]:
    """A building's wall lines when none are given: its outline minus its openings.

    Used in houses="walls" mode (Risus "Line of Sight": the walls block LOS like a high wall, fire passes only
    through holes such as doors and windows). Each opening is widened by ``gap`` so its end points are open too.
    """
    outline = polygon.boundary
    if openings:
        outline = outline.difference(shapely.union_all([o.buffer(gap) for o in openings]))
    return tuple(p for p in shapely.get_parts(shapely.line_merge(outline) if not outline.is_empty else outline)
                 if isinstance(p, LineString) and not p.is_empty)


def piece_core(polygon: Polygon | MultiPolygon, depth: float):
    """The core of a piece: the part farther than ``depth`` from its boundary (holes' rings included).

    The edge band (Risus: "just inside a high terrain type at its edge") is the polygon minus this core. The
    core is ``polygon.buffer(-depth)``, whose arcs around reflex corners are drawn with 16 segments per quarter
    circle; everything that speaks of "band" or "core" uses this one polygon, so all answers agree.
    """
    if depth <= 0:
        return polygon
    return polygon.buffer(-depth, quad_segs=16)


def is_convex(polygon) -> bool:
    """True for a single polygon without holes whose every corner turns the same way (collinear ones allowed).

    Convex pieces let LOS skip the component analysis: a segment meets a convex set in one stretch at most.
    """
    if not isinstance(polygon, Polygon) or polygon.interiors or polygon.is_empty:
        return False
    ring = np.asarray(polygon.exterior.coords)[:-1]
    if len(ring) < 3:
        return False
    edges = np.roll(ring, -1, axis=0) - ring
    nxt = np.roll(edges, -1, axis=0)
    cross = edges[:, 0] * nxt[:, 1] - edges[:, 1] * nxt[:, 0]
    return bool(np.all(cross >= 0) or np.all(cross <= 0))
