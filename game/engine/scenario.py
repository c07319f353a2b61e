"""The scenario as the engine sees it: plain dataclasses built from an already validated dict.

game/io checks the file at the boundary (pydantic, with field-path messages); inside the engine
everything is plain data. `raw` keeps the whole validated document so a save can embed it.
"""
from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class UnitSpec:
    id: str
    side: int
    name: str
    x: float
    y: float
    facing: float = 0.0
    base: dict[str, Any] = dataclasses.field(default_factory=lambda: {"shape": "round", "diameter": 2.5})
    kind: str = ""
    team: str | None = None
    stats: dict[str, Any] = dataclasses.field(default_factory=dict)
    markers: tuple[str, ...] = ()


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
    units: tuple[UnitSpec, ...]
    deployment_zones: tuple[dict[str, Any], ...]
    objectives: tuple[dict[str, Any], ...]
    victory: dict[str, Any]
    turn_limit: int
    ruleset_data: dict[str, Any]
    hexmap: dict[str, Any] | None
    raw: dict[str, Any]

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> "Scenario":
        """Build from a document that game.io has validated (missing optional keys get defaults)."""
        table = doc.get("table", {})

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
            UnitSpec(id=u["id"], side=int(u["side"]), name=u.get("name", u["id"]), x=float(u["x"]),
                     y=float(u["y"]), facing=float(u.get("facing", 0.0)),
                     base=dict(u.get("base") or {"shape": "round", "diameter": 2.5}),
                     kind=u.get("kind", ""), team=u.get("team"), stats=dict(u.get("stats", {})),
                     markers=tuple(u.get("markers", ())))
            for u in doc.get("units", []))
        sides = tuple(SideSpec(name=s["name"], role=s.get("role", ""), color=s.get("color"))
                      for s in doc.get("sides", []))
        return cls(
            name=doc.get("name", "untitled"), title=doc.get("title", doc.get("name", "Untitled")),
            description=doc.get("description", ""), ruleset=doc["ruleset"],
            options=dict(doc.get("options", {})),
            width=float(table.get("width", 120.0)), height=float(table.get("height", 80.0)),
            edge_band=float(table.get("edge_band", 3.0)),
            terrain_kinds=dict(doc.get("terrain_kinds", {})), pieces=pieces, sides=sides, units=units,
            deployment_zones=tuple(doc.get("deployment_zones", [])),
            objectives=tuple(doc.get("objectives", [])), victory=dict(doc.get("victory", {})),
            turn_limit=int(doc.get("turn_limit", 20)), ruleset_data=dict(doc.get("ruleset_data", {})),
            hexmap=doc.get("hexmap"), raw=doc)
