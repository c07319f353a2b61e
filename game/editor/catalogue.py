"""What the chosen ruleset offers the editor: its unit kinds (its data files, else the units of its
bundled scenarios), the stats form of a unit, and a starting point for a new scenario (the victory,
options and ruleset data of its first bundled scenario, so a blank table starts from something the
ruleset accepts). Nothing here knows a ruleset by name: it asks the registry."""
from __future__ import annotations

import copy
import functools
import json
from typing import Any

from game import resources
from game.engine import registry
from game.engine.ruleset import Ruleset, StatField, UnitKind
from game.io.models import SCENARIO_FORMAT


def rulesets() -> list[Ruleset]:
    return sorted(registry.all_rulesets(), key=lambda r: r.id)


def ruleset(ruleset_id: str) -> Ruleset | None:
    try:
        return registry.get(ruleset_id)
    except KeyError:
        return None


@functools.cache
def _bundled_docs() -> tuple[dict[str, Any], ...]:
    out = []
    folder = resources.maps_dir()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else ():
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(doc, dict) and doc.get("format") == SCENARIO_FORMAT:
            out.append(doc)
    return tuple(out)


def examples(ruleset_id: str) -> list[dict[str, Any]]:
    """The bundled scenarios of a ruleset (copies)."""
    return [copy.deepcopy(d) for d in _bundled_docs() if d.get("ruleset") == ruleset_id]


def unit_kinds(ruleset_id: str) -> list[UnitKind]:
    """The ruleset's own unit kinds, then one per distinct unit of its bundled scenarios."""
    rs = ruleset(ruleset_id)
    kinds: list[UnitKind] = list(rs.unit_kinds()) if rs is not None else []
    seen = {k.id for k in kinds}
    for doc in examples(ruleset_id):
        for u in doc.get("units", []):
            name = str(u.get("name") or u.get("id"))
            key = str(u.get("kind") or name)
            if key in seen or u.get("stats", {}).get("blank"):
                continue
            seen.add(key)
            label = key.replace("-", " ").capitalize() if u.get("kind") else name
            kinds.append(UnitKind(id=key, label=label, stats=copy.deepcopy(u.get("stats", {})), base=u.get("base")))
    if not kinds:
        kinds.append(UnitKind(id="unit", label="Unit"))
    return kinds


def unit_form(ruleset_id: str, stats: dict[str, Any]) -> tuple[StatField, ...]:
    rs = ruleset(ruleset_id)
    if rs is None:
        return Ruleset.unit_form(Ruleset(), stats)
    return rs.unit_form(stats)


def board_of(ruleset_id: str) -> str:
    rs = ruleset(ruleset_id)
    return getattr(rs, "board_kind", "table") if rs is not None else "table"


def starting_point(ruleset_id: str) -> dict[str, Any]:
    """victory, turn limit, options, sides and ruleset data (less its lists of named things) to start
    a new scenario of this ruleset with."""
    found = examples(ruleset_id)
    if not found:
        return {"victory": {"kind": "eliminate"}, "turn_limit": 10, "options": {}, "ruleset_data": {},
                "sides": [{"name": "Blue", "role": "attacker"}, {"name": "Red", "role": "defender"}]}
    doc = found[0]
    data = {k: v for k, v in (doc.get("ruleset_data") or {}).items() if not isinstance(v, (list, dict))}
    # two sides to start with, whatever the example has: adding a third is the user's choice
    sides = [{k: v for k, v in s.items() if k in ("name", "role", "color")} for s in doc.get("sides", [])][:2]
    victory = {k: v for k, v in doc.get("victory", {}).items()
               if k in ("kind", "side", "at_limit", "escape_edge", "escapes", "share", "text", "goals")}
    if isinstance(victory.get("side"), int) and victory["side"] >= len(sides):
        del victory["side"]
    return {"victory": victory or {"kind": "eliminate"}, "turn_limit": doc.get("turn_limit", 10),
            "options": dict(doc.get("options") or {}), "ruleset_data": data, "sides": sides}
