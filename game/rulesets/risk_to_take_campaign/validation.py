"""Checks of the campaign's own values in a scenario (issue 30 §1), each as 'field.path: what was expected':
the army lists (ruleset_data.army and .reinforcement: one list for every side or one per side; an army's
stats.units), named by the battle ruleset's unit types, so a typo is refused here and not met mid-war;
how many armies a side starts with; how far from its capital a side deploys; whether armies start placed."""
from __future__ import annotations

from typing import Any

from game.engine import registry
from game.engine.stat_checks import names, shown, whole

from .battles import BATTLES

MOST_UNITS = 40          # units in one army's list (the battle ruleset's own map holds them)
MOST_ARMIES = 6          # armies a side starts with ("3 armies per side is the basic rule")
MOST_RADIUS = 100        # hexes from the capital a side may deploy within


def problems(scenario: Any) -> list[str]:
    out: list[str] = []
    types = [k.id for k in registry.get(BATTLES).unit_kinds()]
    for i, u in enumerate(scenario.units):
        if u.stats.get("units") is not None:          # null: the scenario's (or the default) army
            _army(out, f"units[{i}].stats.units", u.stats["units"], types)
    data = scenario.ruleset_data or {}
    for key in ("army", "reinforcement"):
        if data.get(key) is not None:
            _armies(out, f"ruleset_data.{key}", data[key], types, len(scenario.sides))
    if "armies_per_side" in data:
        whole(out, "ruleset_data.armies_per_side", data["armies_per_side"], 1, MOST_ARMIES)
    if "deploy_radius" in data:      # at least the capital's neighbours: a radius of 0 leaves one hex for all
        whole(out, "ruleset_data.deploy_radius", data["deploy_radius"], 1, MOST_RADIUS)
    if "deployed" in data and not isinstance(data["deployed"], bool):
        out.append(f"ruleset_data.deployed: expected true or false, got {data['deployed']!r:.40}")
    return out


def _army(out: list[str], at: str, value: Any, types: list[str]) -> None:
    """A list of unit types (or of {"type": ...}, as a save keeps them), at least one."""
    if not isinstance(value, list):
        names(out, at, value, types, low=1, high=MOST_UNITS)
        return
    value = [v["type"] if isinstance(v, dict) and "type" in v else v for v in value]
    wrong = [(i, v) for i, v in enumerate(value) if not (isinstance(v, str) and v in types)]
    if wrong:       # named at the list (the editor marks the army), the item by its index
        i, v = wrong[0]
        out.append(f"{at}: expected unit types among {', '.join(types)}, got {shown(v)} at [{i}]")
    else:
        names(out, at, value, types, low=1, high=MOST_UNITS)


def _armies(out: list[str], at: str, value: Any, types: list[str], sides: int) -> None:
    """One army list for every side, or a list of them, one per side."""
    if isinstance(value, list) and value and isinstance(value[0], list):
        if len(value) != sides:
            out.append(f"{at}: expected one army list per side ({sides}), got {len(value)}")
        for s, army in enumerate(value):
            _army(out, f"{at}[{s}]", army, types)
    else:
        _army(out, at, value, types)
