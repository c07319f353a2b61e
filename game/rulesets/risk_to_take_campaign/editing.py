"""What the scenario editor offers for the campaign (seed 003_24994b0dfd86b84f, "1. Campaign rules":
"One army's construction and the number of units included is conventional and up to the players'
taste"): one unit kind, the army, whose form edits its list of units, each one of the troop types of
the battles' ruleset (risk_to_take's troops.json)."""
from __future__ import annotations

from typing import Any

from game.engine.ruleset import StatField, UnitKind
from game.rulesets.risk_to_take.troops import TYPES

from .armies import ARMY, DEFAULT_ARMY

UNITS_HELP = "the army's units, a JSON list of troop types: " + ", ".join(TYPES)


def unit_kinds() -> tuple[UnitKind, ...]:
    """The army: an army counter on a hex, holding the default army of the rules."""
    return (UnitKind(ARMY, "Army", {"units": list(DEFAULT_ARMY)}),)


def unit_form(stats: Any) -> tuple[StatField, ...]:
    """An army's one stat: its list of units (checked by validate_scenario against the troop types)."""
    units = stats.get("units") if isinstance(stats, dict) else None
    return (StatField("units", "Units", list(units) if isinstance(units, list) else list(DEFAULT_ARMY),
                      help=UNITS_HELP),)
