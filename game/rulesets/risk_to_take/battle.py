"""A battle from two armies' lists and a piece of campaign terrain (seed 003_24994b0dfd86b84f,
"1. Campaign rules": "After every player made their intended moves, battles happen on the
tabletop"). The campaign calls `battle_from_armies` and starts the scenario as a nested game.

An army is {"name": ..., "units": [...]}, each unit a type id ("line-infantry") or a dict
{"type": ..., "name"?: ..., "id"?: ..., "routs"?: ...}; or "units" as counts {"cavalry": 2}.
The terrain is "plain", "forest", "hills" or "town" (or {"kind": ...}). The first army deploys
at the bottom edge facing up the table, the second at the top facing down; each in a line of
bases 9 cm apart (a second line 8 cm behind when a line is full), commanders behind.
A river (the campaign's river hexsides) is a fordable stream: "across" runs the width of the table
between the middle ground and the first army's line (it crossed a river to attack); "flank" runs
down the table on the first army's right flank.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.engine.scenario import Scenario

from .troops import DATA, TYPES

TERRAIN_KINDS = ("plain", "forest", "hills", "town")
RIVERS = ("across", "flank")
HEIGHT = 80.0
SPACING = 9.0
LINE_Y = 12.0             # the first line's distance from its own table edge
SECOND_LINE = 8.0
TURN_LIMIT = 12


def _units_of(army: Mapping[str, Any]) -> list[dict[str, Any]]:
    units = army.get("units", [])
    if isinstance(units, Mapping):
        units = [t for t, n in units.items() for _ in range(int(n))]
    out = []
    for u in units:
        u = {"type": u} if isinstance(u, str) else dict(u)
        if u.get("type") not in TYPES:
            raise ValueError(f"unknown unit type {u.get('type')!r} (known: {', '.join(TYPES)})")
        out.append(u)
    return out


def _rect(x0: float, y0: float, x1: float, y1: float) -> list[list[float]]:
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def _terrain(kind: str, w: float) -> list[dict[str, Any]]:
    """Terrain of the campaign hex, kept between the two deployment lines (y 26 to 54)."""
    mid = HEIGHT / 2
    if kind == "plain":
        return [{"id": "field", "kind": "field", "name": "Fields", "polygon": _rect(w * 0.4, mid - 6, w * 0.6, mid + 6)}]
    if kind == "forest":
        return [{"id": "west-wood", "kind": "wood", "name": "West wood", "polygon": _rect(4, mid - 10, w * 0.25, mid + 10)},
                {"id": "east-wood", "kind": "wood", "name": "East wood", "polygon": _rect(w * 0.75, mid - 10, w - 4, mid + 10)}]
    if kind == "hills":
        return [{"id": "ridge", "kind": "hill", "name": "Ridge", "polygon": _rect(w * 0.3, mid - 8, w * 0.7, mid + 8)}]
    if kind == "town":
        return [{"id": "village", "kind": "house", "name": "Village", "polygon": _rect(w / 2 - 6, mid - 5, w / 2 + 6, mid + 5)},
                {"id": "walls", "kind": "fortification", "name": "Churchyard wall",
                 "polygon": _rect(w / 2 - 9, mid + 6, w / 2 + 9, mid + 7)}]
    raise ValueError(f"unknown terrain {kind!r} (known: {', '.join(TERRAIN_KINDS)})")


def _river(where: str, w: float) -> dict[str, Any]:
    """A stream 3 cm wide, clear of the deployment lines and of the middle ground."""
    if where == "across":
        y = HEIGHT / 2 + 16                      # between the middle ground (to 54) and the line (68)
        polygon = _rect(0, y, w, y + 3)
    elif where == "flank":
        polygon = _rect(w - 3.5, 0, w - 0.5, HEIGHT)   # beyond the lines' ends (10 cm in) and the woods
    else:
        raise ValueError(f"unknown river {where!r} (known: {', '.join(RIVERS)})")
    return {"id": "river", "kind": "river", "name": "Stream", "polygon": polygon}


def _deploy(side: int, army: list[dict[str, Any]], w: float, prefix: str) -> list[dict[str, Any]]:
    fighting = [u for u in army if not TYPES[u["type"]].get("commander")]
    commanders = [u for u in army if TYPES[u["type"]].get("commander")]
    per_line = max(1, int((w - 10) // SPACING))
    facing = 270.0 if side == 0 else 90.0
    back = 1 if side == 0 else -1                  # toward the side's own table edge
    front_y = HEIGHT - LINE_Y if side == 0 else LINE_Y
    units = []
    counts: dict[str, int] = {}

    def place(u: dict[str, Any], x: float, y: float) -> None:
        t = u["type"]
        counts[t] = counts.get(t, 0) + 1
        uid = u.get("id") or f"{prefix}-{t}-{counts[t]}"
        stats = {"type": t, **{k: u[k] for k in ("routs", "failed_saves") if k in u}}
        entry = {"id": uid, "side": side, "name": u.get("name") or f"{TYPES[t]['label']} {counts[t]} ({prefix})",
                 "x": round(x, 3), "y": round(y, 3), "facing": facing, "kind": t, "stats": stats,
                 "base": dict(DATA["commander_base"] if TYPES[t].get("commander") else DATA["unit_base"])}
        units.append(entry)

    lines = [fighting[i:i + per_line] for i in range(0, len(fighting), per_line)]
    for row, line in enumerate(lines):
        y = front_y + back * row * SECOND_LINE
        x0 = w / 2 - (len(line) - 1) * SPACING / 2
        for i, u in enumerate(line):
            place(u, x0 + i * SPACING, y)
    y = front_y + back * (len(lines) * SECOND_LINE)
    y = min(max(y, 2.0), HEIGHT - 2.0)
    for i, u in enumerate(commanders):
        place(u, w / 2 + (i - (len(commanders) - 1) / 2) * 20.0, y)
    return units


def battle_from_armies(armies: Sequence[Mapping[str, Any]], terrain: Any = "plain",
                       name: str = "risk-to-take-battle", turn_limit: int = TURN_LIMIT,
                       initiative_lost_by: int | None = None, river: str | None = None) -> Scenario:
    """A legal battle scenario for two armies on a piece of campaign terrain. `initiative_lost_by`:
    the side (0 or 1) whose army starved and loses the initiative of the battle's first turn;
    `river`: a stream on the table, "across" or "flank" (None: no river)."""
    if len(armies) != 2:
        raise ValueError("a battle needs exactly two armies")
    kind = terrain.get("kind", "plain") if isinstance(terrain, Mapping) else str(terrain)
    lists = [_units_of(a) for a in armies]
    if not all(any(not TYPES[u["type"]].get("commander") for u in units) for units in lists):
        raise ValueError("each army needs at least one fighting unit")
    widest = max(sum(1 for u in units if not TYPES[u["type"]].get("commander")) for units in lists)
    w = float(min(240, max(120, widest * SPACING + 20)))
    names = [str(a.get("name") or f"Army {i + 1}") for i, a in enumerate(armies)]
    units = _deploy(0, lists[0], w, "a") + _deploy(1, lists[1], w, "b")
    doc = {
        "format": "skirmish-table/scenario", "version": 1, "name": name,
        "title": f"{names[0]} against {names[1]} ({kind})",
        "description": f"A battle of the campaign on {kind} ground.",
        "ruleset": "risk-to-take", "table": {"width": w, "height": HEIGHT},
        "terrain": _terrain(kind, w) + ([_river(river, w)] if river else []),
        "sides": [{"name": names[0], "role": "attacker"}, {"name": names[1], "role": "defender"}],
        "units": units,
        "objectives": [{"id": "field", "name": "The field", "x": w / 2, "y": HEIGHT / 2, "radius": 10}],
        "victory": {"kind": "break", "share": 0.5, "objective": "field"},
        "turn_limit": turn_limit,
    }
    if initiative_lost_by is not None:
        doc["ruleset_data"] = {"initiative_lost_by": int(initiative_lost_by)}
    return Scenario.from_dict(doc)
