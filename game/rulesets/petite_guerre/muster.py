"""Building a force on points before the battle ("Point system"), through the engine's generic muster
(game/engine/muster.py): units made of one troop type, a leader (x12), sub-leaders (x6) and men, in
open order or in line, up to the scenario's points limit.

Every scenario may be rebuilt; `ruleset_data.muster` may set `{"points": N, "units": [1, 6],
"ai_builds": false}` or be `false` (fixed forces). Building is offered, not expected: a side that
builds nothing, and an AI side unless `ai_builds` is true, keeps the scenario's force. The default limit is the larger side's points in the file, so the sides stay
on equal points. The side's figures in the file are where the builder starts; the new units stand
where they stood (round their centre, facing the same way), side by side along the front.

Seed: 004_34c3fc4ecaa954ef.txt (Petite Guerre).
"""
from __future__ import annotations

import copy
import math
from collections import Counter
from typing import Any

import shapely

from game.engine.muster import CHOICE, NUMBER, TEXT, Field, Muster, Preset, Tally, field_problems, size_problems

from . import tables

FORMATIONS = ("open", "line")
MOST_MEN = 40                        # "units are piquets and detachments up to platoon strength"
OPEN_GAP, LINE_GAP, UNIT_GAP = 4.0, 3.0, 8.0      # paces between figures, files and units on the table
PRESETS = (   # (id, label, troop type, leader, sub-leaders, men, formation)
    ("piquet", "Piquet of light infantry", "light-infantry", 1, 1, 6, "open"),
    ("platoon", "Platoon of line infantry", "line-infantry", 1, 1, 10, "line"),
    ("grenadiers", "Grenadier section", "grenadiers", 0, 1, 8, "line"),
    ("jaegers", "Jaeger post", "jaegers", 0, 1, 4, "open"),
    ("band", "Band of irregulars", "irregulars", 1, 0, 6, "open"),
    ("patrol", "Hussar patrol", "hussars", 1, 0, 4, "open"),
    ("militia", "Militia company", "militia", 1, 1, 10, "line"),
)


# ==== troop types as the builder shows them: with their points ========================================
def troop_choice(kind: str) -> str:
    """`Light infantry (30 pts)`: the troop type with its published points a man."""
    return f"{tables.troop(kind)['label']} ({tables.points(kind)} pts)"


def troop_of(choice: str) -> str | None:
    return next((k for k in tables.troops()["types"] if troop_choice(k) == choice), None)


def unit_points(entry: dict[str, Any]) -> int:
    """A leader is worth 12 times, a sub-leader 6 times a man of the same troop type."""
    kind = troop_of(entry.get("troop", ""))
    if kind is None:
        return 0
    return (entry["leader"] * tables.points(kind, "leader") + entry["sub_leaders"] * tables.points(kind, "sub-leader")
            + entry["men"] * tables.points(kind))


# ==== what the scenario allows ========================================================================
def side_points(scenario: Any, side: int) -> int:
    return sum(tables.points(u.stats.get("troop", "line-infantry"), u.stats.get("role", ""))
               for u in scenario.units if u.side == side)


def muster(scenario: Any, side: int) -> Muster | None:
    conf = (scenario.ruleset_data or {}).get("muster", {})
    if conf is False or not any(u.side == side for u in scenario.units):
        return None
    conf = conf if isinstance(conf, dict) else {}
    points = int(conf.get("points", max(side_points(scenario, s) for s in range(len(scenario.sides)))))
    fewest, most = conf.get("units", [1, 6])
    kinds = tuple(troop_choice(k) for k in tables.troops()["types"])
    fields = (Field("name", "Unit", TEXT), Field("troop", "Troop type", CHOICE, choices=kinds),
              Field("leader", "Leader (x12)", NUMBER, 0, 1), Field("sub_leaders", "Sub-leaders (x6)", NUMBER, 0, 4),
              Field("men", "Men", NUMBER, 0, MOST_MEN), Field("formation", "Formation", CHOICE, choices=FORMATIONS))
    presets = tuple(Preset(pid, label, e, note=f"{unit_points(e)} pts")
                    for pid, label, e in ((p[0], p[1], preset_entry(p)) for p in PRESETS))
    return Muster(side, f"{scenario.sides[side].name}: up to {points} points", points, False, fewest, most,
                  fields, presets, noun="unit",
                  help="Points = C + AF + M + Movement (each die by its sides; Movement 4 for infantry, 6 for "
                       "light troops, 8 for cavalry). A leader is worth 12 men, a sub-leader 6. Each unit needs a "
                       "leader or a sub-leader; a unit in line has at least 4 figures, in two ranks.",
                  ai_builds=bool(conf.get("ai_builds", False)))


def preset_entry(p: tuple) -> dict[str, Any]:
    _, label, kind, leader, subs, men, formation = p
    return {"name": label, "troop": troop_choice(kind), "leader": leader, "sub_leaders": subs, "men": men,
            "formation": formation}


def force(scenario: Any, side: int) -> list[dict[str, Any]]:
    """The side's units in the file as entries (a unit's troop type is that of most of its figures)."""
    declared = (scenario.ruleset_data or {}).get("units", {})
    teams: dict[str, list[Any]] = {}
    for u in scenario.units:
        if u.side == side:
            teams.setdefault(u.team or u.id, []).append(u)
    out = []
    for team, figs in teams.items():
        roles = Counter(f.stats.get("role", "") for f in figs)
        kind = Counter(f.stats.get("troop", "line-infantry") for f in figs).most_common(1)[0][0]
        d = declared.get(team, {})
        out.append({"name": d.get("name", team), "troop": troop_choice(kind), "leader": min(1, roles["leader"]),
                    "sub_leaders": roles["sub-leader"], "men": roles[""], "formation": d.get("formation", "open")})
    return out


def tally(scenario: Any, side: int, entries: list[dict[str, Any]]) -> Tally:
    m = muster(scenario, side)
    problems = size_problems(m, entries)
    costs = []
    for i, e in enumerate(entries):
        wrong = field_problems(m, i, e)
        problems += wrong
        costs.append(0 if wrong else unit_points(e))
        if wrong:
            continue
        where = f"unit {i + 1} ({e['name'] or 'unnamed'})"
        if not e["name"].strip():
            problems.append(f"unit {i + 1}: give the unit a name")
        if e["leader"] + e["sub_leaders"] == 0:
            problems.append(f"{where}: a unit needs a leader or a sub-leader")
        if e["formation"] == "line" and e["leader"] + e["sub_leaders"] + e["men"] < 4:
            problems.append(f"{where}: a unit in line needs at least 4 figures (two ranks of two)")
    left = m.budget - sum(costs)
    if left < 0:
        problems.append(f"the force costs {sum(costs)} points, {-left} more than the limit of {m.budget}")
    names = [e.get("name") for e in entries]
    if len(set(names)) != len(names):
        problems.append("each unit needs a name of its own")
    return Tally(left, tuple(costs), (), tuple(problems))


# ==== standing the force on the table ===================================================================
def apply(doc: dict[str, Any], scenario: Any, side: int, entries: list[dict[str, Any]]) -> dict[str, Any]:
    old = [u for u in doc["units"] if u.get("side") == side]
    cx = sum(u["x"] for u in old) / len(old)
    cy = sum(u["y"] for u in old) / len(old)
    facing = float(old[0].get("facing", 0.0))
    blocked = _blocked(scenario, side)
    declared = dict((doc.get("ruleset_data") or {}).get("units", {}))
    for team in {u.get("team") or u["id"] for u in old}:
        declared.pop(team, None)
    widths = [_width(e) for e in entries]
    along = -(sum(widths) + UNIT_GAP * (len(entries) - 1)) / 2
    figures = []
    for k, (e, width) in enumerate(zip(entries, widths)):
        team = f"s{side}-u{k + 1}"
        declared[team] = {"name": e["name"].strip(), "formation": e["formation"]}
        for j, (a, depth, rank, role) in enumerate(_places(e)):
            x, y = _spot(scenario, blocked, cx, cy, facing, along + a, depth)
            unit = {"id": f"{team}-{j + 1}", "side": side, "name": figure_name(e, j), "x": x, "y": y,
                    "facing": facing, "base": copy.deepcopy(old[0]["base"]), "kind": troop_of(e["troop"]),
                    "team": team, "stats": {"troop": troop_of(e["troop"])}}
            if role:
                unit["stats"]["role"] = role
            if rank:
                unit["stats"]["rank"] = rank
            figures.append(unit)
            blocked = blocked.union(shapely.Point(x, y).buffer(1.0))
        along += width + UNIT_GAP
    doc["units"] = [u for u in doc["units"] if u.get("side") != side] + figures
    doc.setdefault("ruleset_data", {})["units"] = declared
    return doc


def figure_name(e: dict[str, Any], j: int) -> str:
    """The j-th figure of a unit, named by its unit and place in it: "Hussars 1, leader",
    "Hussars 1, sub-leader 2", "Hussars 1, man 3"."""
    roles = _roles(e)
    role = roles[j] or "man"
    same = [i for i, r in enumerate(roles) if (r or "man") == role]
    number = "" if role == "leader" else f" {same.index(j) + 1}"
    return f"{e['name'].strip()}, {role}{number}"


def _roles(e: dict[str, Any]) -> list[str]:
    return ["leader"] * e["leader"] + ["sub-leader"] * e["sub_leaders"] + [""] * e["men"]


def _files(e: dict[str, Any]) -> int:
    n = len(_roles(e))
    return math.ceil(n / 2) if e["formation"] == "line" else min(n, 8)


def _width(e: dict[str, Any]) -> float:
    return (_files(e) - 1) * (LINE_GAP if e["formation"] == "line" else OPEN_GAP)


def _places(e: dict[str, Any]) -> list[tuple[float, float, int, str]]:
    """(along the front, depth behind it, rank, role) of each figure: a line in two ranks, leaders in
    the front rank; open order in rows of eight."""
    files = _files(e)
    line = e["formation"] == "line"
    gap = LINE_GAP if line else OPEN_GAP
    return [((i % files) * gap, (i // files) * gap, (i // files) + 1 if line else 0, role)
            for i, role in enumerate(_roles(e))]


def _blocked(scenario: Any, side: int) -> Any:
    """Where no new figure may stand: impassable ground, and the other sides' figures."""
    from game.engine import game as engine
    table = engine.new_game(scenario, 0).table
    out = table.impassable_union if table.impassable_union is not None else shapely.Polygon()
    for u in scenario.units:
        if u.side != side:
            out = out.union(shapely.Point(u.x, u.y).buffer(3.0))
    return out


def _spot(scenario: Any, blocked: Any, cx: float, cy: float, facing: float, along: float,
          depth: float) -> tuple[float, float]:
    """The point `along` the front and `depth` behind it, stepped back (then forward) off blocked
    ground, kept on the table."""
    fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    margin = 3.0 + float((scenario.raw.get("table") or {}).get("edge_band", 0))
    for back in (0, 3, 6, 9, 12, -3, -6, -9, -12, 15, 18, 21, 24):
        d = depth + back
        x = min(max(cx - fy * along - fx * d, margin), scenario.width - margin)
        y = min(max(cy + fx * along - fy * d, margin), scenario.height - margin)
        if not blocked.intersects(shapely.Point(x, y).buffer(1.2)):
            return round(x, 1), round(y, 1)
    return round(x, 1), round(y, 1)
