"""Checks of a Takipsilim scenario beyond the file format: each as 'field.path: what was expected'.
A character's kit must name entries of the data files (weapons, melee weapons, armour, grenades and
gear), and the victory conditions must be ones victory.py knows."""
from __future__ import annotations

from typing import Any

from game.engine.stat_checks import names, shown, table, whole

from . import tables
from .victory import AT_LIMIT, EDGES, VICTORY_KINDS

# the ranges a player could mean (issue 30 §1): beyond them a game is no game (a million magazines
# take minutes to play out; a skill of 2^53 + 1 is no roll)
MOST_MAGAZINES = 20      # spare magazines a character carries
MOST_GRENADES = 20       # grenades of one type
MOST_LUCK = 100
SKILL_RANGE = 10         # "2d6 + the relevant skill": a bonus (or malus) of at most 10


def problems(scenario: Any) -> list[str]:
    out = []
    for i, u in enumerate(scenario.units):
        out += _character(f"units[{i}].stats", u.stats)
    houses = (scenario.ruleset_data or {}).get("houses", "walls")
    if houses not in ("high", "walls"):
        out.append(f"ruleset_data.houses: expected 'high' or 'walls', got {houses!r}")
    return out + _victory(scenario)


def _character(at: str, s: dict[str, Any]) -> list[str]:
    out = []
    weapons, armour, grenades = tables.weapons(), tables.armour(), tables.grenades()
    melee, gear = tables.melee_weapons(), tables.gear()
    if s.get("weapon") not in (None, "", *weapons):
        out.append(f"{at}.weapon: expected one of {', '.join(weapons)}, got {s.get('weapon')!r}")
    if s.get("melee_weapon") not in (None, "", *melee):
        out.append(f"{at}.melee_weapon: expected one of {', '.join(melee)}, "
                   f"got {s.get('melee_weapon')!r}")
    if s.get("armour") is not None:
        names(out, f"{at}.armour", s["armour"], armour, high=len(armour))
    gren = s.get("grenades", {}) or {}
    if table(out, f"{at}.grenades", gren):
        for g, n in gren.items():
            if g not in grenades:
                out.append(f"{at}.grenades: expected types from {', '.join(grenades)}, got {g!r}")
            else:
                whole(out, f"{at}.grenades.{g}", n, 0, MOST_GRENADES)
    if s.get("gear") is not None:
        names(out, f"{at}.gear", s["gear"], gear, high=len(gear))
    skills = s.get("skills", {}) or {}
    if table(out, f"{at}.skills", skills):
        for name, v in skills.items():
            whole(out, f"{at}.skills.{name}", v, -SKILL_RANGE, SKILL_RANGE)
    w = weapons.get(s.get("weapon") or "")
    for key, most in (("luck", MOST_LUCK), ("magazines", MOST_MAGAZINES),
                      ("loaded", int(w["magazine"]) if w else MOST_MAGAZINES)):
        if key in s:
            whole(out, f"{at}.{key}", s[key], 0, most)
    if s.get("pc") is not None and not isinstance(s["pc"], bool):
        out.append(f"{at}.pc: expected true or false, got {shown(s['pc'])}")
    return out


def _victory(scenario: Any) -> list[str]:
    out = []
    kind = scenario.victory.get("kind", "eliminate")
    if kind not in VICTORY_KINDS:
        out.append(f"victory.kind: expected one of {', '.join(VICTORY_KINDS)}, got {kind!r}")
    if kind == "ambush":
        if not any(s.role == "ambusher" for s in scenario.sides):
            out.append("sides: an ambush needs a side with role 'ambusher'")
        at_limit = scenario.victory.get("at_limit", "ambushed")
        if at_limit not in AT_LIMIT:
            out.append(f"victory.at_limit: expected one of {', '.join(AT_LIMIT)}, got {at_limit!r}")
        edge = scenario.victory.get("escape_edge")
        if edge is not None and edge not in EDGES:
            out.append(f"victory.escape_edge: expected one of {', '.join(EDGES)}, got {edge!r}")
    v = scenario.victory
    _whole(out, "victory.escapes", v.get("escapes"), 0)
    _whole(out, "victory.survive_rounds", v.get("survive_rounds"), 1)
    op = v.get("operate")
    if op is not None:
        ids = {o.get("id") for o in scenario.objectives if o.get("machinery")}
        if not isinstance(op, dict) or op.get("objective") not in ids:
            out.append("victory.operate.objective: expected the id of an objective with "
                       "\"machinery\": true")
        if isinstance(op, dict):
            _whole(out, "victory.operate.times", op.get("times"), 1)
            _whole(out, "victory.operate.side", op.get("side"), 0, len(scenario.sides) - 1)
    return out


def _whole(out: list[str], place: str, value: Any, low: int, high: int | None = None) -> None:
    """A count the victory conditions read: a whole number in range (absent: the default)."""
    if value is None:
        return
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)
    if not ok:
        span = f"{low}..{high}" if high is not None else f"{low} or more"
        out.append(f"{place}: expected a whole number {span}, got {value!r}")
