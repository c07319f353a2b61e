"""The troops of A Risk to Take (seed 003_24994b0dfd86b84f, "2. Tabletop rules", a) Basing and
b) Movement): unit types from troops.json, their sticks, ranges and the state a unit carries.

A unit's own state lives in `unit.stats` (plain JSON): `type`, `routs` (times routed: fatigue),
`failed_saves` (behind a fortification, or for artillery), `mounted` and `horses` (dragoons),
`reprieved` (a commander once saved it from fatigue). The marker "routed" says it is routed.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.state import GameState, Unit

DATA: dict[str, Any] = json.loads((Path(__file__).with_name("troops.json")).read_text())
TYPES: dict[str, dict[str, Any]] = DATA["types"]
STICK: float = DATA["stick"]                  # one infantry movement, one toothpick
RANGES: dict[str, float] = DATA["ranges"]
ARC_HALF: float = DATA["arc_half_angle"]      # "Maximum degree of fire (or melee) is 30 degrees both on left and right"
ROUTED = "routed"
_COMMANDERS = frozenset(k for k, t in TYPES.items() if t.get("commander"))
_ARTILLERY = frozenset(k for k, t in TYPES.items() if t.get("artillery"))


def type_id(unit: Unit) -> str:
    return str(unit.stats.get("type") or unit.kind or "line-infantry")


def acting_type(unit: Unit) -> dict[str, Any]:
    """The type the unit acts as now: dismounted dragoons "act as light infantry"."""
    t = TYPES[type_id(unit)]
    if t.get("dismounts_as") and not unit.stats.get("mounted", True):
        return TYPES[t["dismounts_as"]]
    return t


def label(unit: Unit) -> str:
    t = TYPES[type_id(unit)]
    if t.get("dismounts_as") and not unit.stats.get("mounted", True):
        return f"{t['label']} (dismounted)"
    return t["label"]


def is_commander(unit: Unit) -> bool:
    return type_id(unit) in _COMMANDERS


def is_artillery(unit: Unit) -> bool:
    return type_id(unit) in _ARTILLERY


def is_light(unit: Unit) -> bool:
    return bool(acting_type(unit).get("light"))


def is_dragoons(unit: Unit) -> bool:
    return bool(TYPES[type_id(unit)].get("dismounts_as"))


def is_cuirassiers(unit: Unit) -> bool:
    return type_id(unit) == "cuirassiers"


def move_length(unit: Unit) -> float:
    """The unit's stick: infantry 6 cm, light infantry 7, artillery 5, cavalry 12."""
    return float(acting_type(unit)["move"])


def fire_range(unit: Unit) -> float:
    """Infantry and cavalry: 1 stick; cuirassiers half a stick; artillery 3 sticks."""
    return float(acting_type(unit)["fire"])


def routed(unit: Unit) -> bool:
    return ROUTED in unit.markers


def fatigued(unit: Unit) -> bool:
    """Fatigue: routed three times, even if a commander prevented it."""
    return int(unit.stats.get("routs", 0)) >= DATA["fatigue"]["routs"]


def fighting(unit: Unit) -> bool:
    """On the table, formed and a fighting unit (not a commander)."""
    return not unit.out and not is_commander(unit) and not routed(unit)


def fighting_units(state: GameState, side: int | None = None) -> list[Unit]:
    return [u for u in state.units.values() if fighting(u) and (side is None or u.side == side)]


def prepare(unit: Unit) -> None:
    """Fill in the state a unit carries (setup): the type's defaults, never the scenario's values."""
    st = unit.stats
    st.setdefault("type", unit.kind or "line-infantry")
    if st["type"] not in TYPES:
        raise ValueError(f"unit {unit.id}: unknown type {st['type']!r} (known: {', '.join(TYPES)})")
    unit.kind = st["type"]
    st.setdefault("routs", 0)
    st.setdefault("failed_saves", 0)
    if is_dragoons(unit):
        st.setdefault("mounted", True)
        st.setdefault("horses", None)
    if is_commander(unit):
        unit.base = dict(DATA["commander_base"])
    elif unit.base.get("shape") != "rect":
        unit.base = dict(DATA["unit_base"])
