"""What the scenario editor offers for the campaign (seed 003_24994b0dfd86b84f, "1. Campaign rules":
"One army's construction and the number of units included is conventional and up to the players'
taste"): one unit kind, the army, whose form edits its list of units, each one of the troop types of
the battles' ruleset (asked of the registry: a ruleset never imports another)."""
from __future__ import annotations

from typing import Any

from game.engine import registry
from game.engine.ruleset import StatField, UnitKind

from .armies import ARMY, DEFAULT_ARMY
from .battles import BATTLES


def troop_types() -> list[str]:
    """The unit kinds of the battles' ruleset (its troops.json), empty while it is not registered."""
    try:
        return [k.id for k in registry.get(BATTLES).unit_kinds()]
    except KeyError:
        return []


def unit_kinds() -> tuple[UnitKind, ...]:
    """The army: an army counter on a hex, holding the default army of the rules."""
    return (UnitKind(ARMY, "Army", {"units": list(DEFAULT_ARMY)}),)


def unit_form(stats: Any) -> tuple[StatField, ...]:
    """An army's one stat: its list of units (checked by validate_scenario against the troop types)."""
    units = stats.get("units") if isinstance(stats, dict) else None
    return (StatField("units", "Units", list(units) if isinstance(units, list) else list(DEFAULT_ARMY),
                      help="the army's units, a JSON list of troop types: " + ", ".join(troop_types())),)
