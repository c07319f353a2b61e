"""The scenario as the engine sees it: plain dataclasses built from an already validated dict.

game/io checks the file at the boundary (pydantic, with field-path messages); inside the engine
everything is plain data. `raw` keeps the whole validated document so a save can embed it.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from game.geometry.measure import base_radius


DEFAULT_BASE = {"shape": "round", "diameter": 2.5}   # a figure's base when the scenario gives none


@dataclasses.dataclass
class Unit:
    """A unit as the scenario places it and as the game moves it: the scenario's units are the
    templates, `new_game` plays copies of them.

    On a table: x, y in cm and facing in degrees (from +x toward +y). On a hex map: `hex` (q, r).
    """

    id: str
    side: int
    name: str
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    base: dict[str, Any] = dataclasses.field(default_factory=lambda: dict(DEFAULT_BASE))
    kind: str = ""
    team: str | None = None
    stats: dict[str, Any] = dataclasses.field(default_factory=dict)
    markers: set[str] = dataclasses.field(default_factory=set)
    out: bool = False                  # out of the battle: killed, captured, destroyed, fled
    hex: tuple[int, int] | None = None

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def base_radius(self) -> float:
        return base_radius(self.base)

    def copy(self) -> "Unit":
        from game.engine.state import fast_copy     # deepcopy for plain data, faster (state imports this module)
        return fast_copy(self, {})

    def to_json(self) -> dict[str, Any]:
        # what asdict gives (the dicts copies), without its walk through every field and value
        from game.engine.state import fast_copy
        data = {name: getattr(self, name) for name in _UNIT_FIELDS}
        data["base"], data["stats"] = fast_copy(self.base, {}), fast_copy(self.stats, {})
        data["markers"] = sorted(self.markers)
        if self.hex is None:
            del data["hex"]
        else:
            data["hex"] = list(self.hex)
        return data


_UNIT_FIELDS = tuple(f.name for f in dataclasses.fields(Unit))


@dataclasses.dataclass(frozen=True)
class PieceSpec:
    id: str
    kind: str
    polygon: tuple[tuple[float, float], ...]
    holes: tuple[tuple[tuple[float, float], ...], ...] = ()
    walls: tuple[tuple[tuple[float, float], ...], ...] = ()
    openings: tuple[tuple[tuple[float, float], ...], ...] = ()
    rooms: tuple[tuple[tuple[float, float], ...], ...] = ()
    name: str = ""


@dataclasses.dataclass(frozen=True)
class SideSpec:
    name: str
    role: str = ""            # "attacker"/"advancing", "defender", "ambusher", ...
    color: str | None = None


@dataclasses.dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    description: str
    ruleset: str
    options: dict[str, Any]
    width: float
    height: float
    edge_band: float
    terrain_kinds: dict[str, dict[str, Any]]
    pieces: tuple[PieceSpec, ...]
    sides: tuple[SideSpec, ...]
    units: tuple[Unit, ...]
    deployment_zones: tuple[dict[str, Any], ...]
    objectives: tuple[dict[str, Any], ...]
    victory: dict[str, Any]
    turn_limit: int
    ruleset_data: dict[str, Any]
    hexmap: dict[str, Any] | None
    raw: dict[str, Any]

    @property
    def board_kind(self) -> str:
        return "hexmap" if self.hexmap is not None and not self.raw.get("table") else "table"

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> "Scenario":
        """Build from a document that game.io has validated (missing optional keys get defaults).

        The board is the document's table (cm) or its hex map; nothing is invented when both are
        missing (game.io reports that file as bad before it gets here)."""
        if doc.get("table") is None and doc.get("hexmap") is None:
            raise ValueError("a scenario needs a table {width, height} or a hexmap")
        table = doc.get("table") or {}

        def pts(seq: Any) -> tuple[tuple[float, float], ...]:
            return tuple((float(p[0]), float(p[1])) for p in seq)

        def lines(seq: Any) -> tuple[tuple[tuple[float, float], ...], ...]:
            return tuple(pts(s) for s in seq or ())

        pieces = tuple(
            PieceSpec(id=p["id"], kind=p["kind"], polygon=pts(p["polygon"]), holes=lines(p.get("holes")),
                      walls=lines(p.get("walls")), openings=lines(p.get("openings")),
                      rooms=lines(p.get("rooms")), name=p.get("name", ""))
            for p in doc.get("terrain", []))
        units = tuple(
            Unit(id=u["id"], side=int(u["side"]), name=u.get("name", u["id"]), x=float(u.get("x", 0.0)),
                 y=float(u.get("y", 0.0)), facing=float(u.get("facing", 0.0)),
                 base=dict(u.get("base") or DEFAULT_BASE),
                 kind=u.get("kind", ""), team=u.get("team"), stats=copy.deepcopy(dict(u.get("stats", {}))),
                 markers=set(u.get("markers", ())),
                 hex=(int(u["hex"][0]), int(u["hex"][1])) if u.get("hex") is not None else None)
            for u in doc.get("units", []))
        sides = tuple(SideSpec(name=s["name"], role=s.get("role", ""), color=s.get("color"))
                      for s in doc.get("sides", []))
        return cls(
            name=doc.get("name", "untitled"), title=doc.get("title", doc.get("name", "Untitled")),
            description=doc.get("description", ""), ruleset=doc["ruleset"],
            options=dict(doc.get("options", {})),
            width=float(table.get("width", 0.0)), height=float(table.get("height", 0.0)),
            edge_band=float(table.get("edge_band", 3.0)),
            terrain_kinds=dict(doc.get("terrain_kinds", {})), pieces=pieces, sides=sides, units=units,
            deployment_zones=tuple(doc.get("deployment_zones", [])),
            objectives=tuple(doc.get("objectives", [])), victory=dict(doc.get("victory", {})),
            turn_limit=int(doc.get("turn_limit", 20)), ruleset_data=dict(doc.get("ruleset_data", {})),
            hexmap=doc.get("hexmap"), raw=doc)
