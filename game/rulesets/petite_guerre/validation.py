"""Checks of a Petite Guerre scenario beyond the file format (issue 30 §1): every value the rules read from
the scenario, each problem as 'field.path: what was expected'. A figure's troop type, role, weapon and rank;
the units declared in ruleset_data (name, formation, status); the muster's points and unit counts."""
from __future__ import annotations

from typing import Any

from game.engine import stat_checks
from game.engine.stat_checks import one_of, shown, table, whole

from . import tables
from .forces import IN_CONTROL, OUT_OF_CONTROL, ROUTED
from .muster import FORMATIONS

ROLES = ("", "leader", "sub-leader")
MOST_POINTS = 100_000   # a side's points to muster with
MOST_UNITS = 100        # units a side may muster


def problems(scenario: Any) -> list[str]:
    out: list[str] = []
    for i, u in enumerate(scenario.units):
        _figure(out, f"units[{i}].stats", u.stats)
    data = scenario.ruleset_data or {}
    declared = data.get("units", {})
    if table(out, "ruleset_data.units", declared):
        for team, d in declared.items():
            _declared(out, f"ruleset_data.units.{team}", d)
    _muster(out, data.get("muster", {}), len(scenario.sides))
    return out


def _figure(out: list[str], at: str, s: dict[str, Any]) -> None:
    if "troop" in s:
        one_of(out, f"{at}.troop", s["troop"], tables.troops()["types"])
    if "role" in s:
        one_of(out, f"{at}.role", s["role"], ROLES)
    if s.get("weapon") is not None:           # null: the troop type's own weapon (the editor writes it)
        one_of(out, f"{at}.weapon", s["weapon"], tables.weapons()["weapons"])
    if "rank" in s:                           # the rank of a figure in line: 1 is the front
        whole(out, f"{at}.rank", s["rank"], 1, tables.rules()["line"]["max_ranks"])


def _declared(out: list[str], at: str, d: Any) -> None:
    if not table(out, at, d):
        return
    if "name" in d and not (isinstance(d["name"], str) and 0 < len(d["name"]) <= 200):
        out.append(f"{at}.name: expected a name of 1 to 200 characters, got {shown(d['name'])}")
    if "formation" in d:
        one_of(out, f"{at}.formation", d["formation"], FORMATIONS)
    if "status" in d:
        one_of(out, f"{at}.status", d["status"], (IN_CONTROL, OUT_OF_CONTROL, ROUTED))


def _muster(out: list[str], conf: Any, sides: int) -> None:
    if isinstance(conf, bool):
        return
    if not table(out, "ruleset_data.muster", conf):
        return
    stat_checks.muster(out, "ruleset_data.muster", conf, "units", sides, MOST_POINTS, MOST_UNITS)
