"""The file layer's test helpers: a tiny ruleset ("io-toy") and a valid scenario document to spoil.

A plain module (not conftest) so test modules can import it by a name no other folder uses.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.actions import Pass
from game.engine.flow import Flow, Phase
from game.engine.game import end_run
from game.engine.ruleset import Option, OptionSpec, Ruleset


class IoToy(Ruleset):
    """One side passes each turn until the turn limit: enough to save, load and replay."""

    id = "io-toy"
    name = "I/O toy"
    flow = Flow((Phase("main", order="run"),))
    options = (OptionSpec("fog", "Fog of war", False), OptionSpec("pace", "Pace", "slow", ("slow", "fast")))
    actions = (Pass,)

    def legal_actions(self, state, decision):
        return [Option(kind="Pass", label="Pass", action=Pass(side=decision.side))]

    def apply(self, state, action, decision):
        state.data["passes"] = state.data.get("passes", 0) + 1
        end_run(state)

    def setup(self, state):
        for u in state.units.values():      # a stat its checks never look at, read as a number
            int(u.stats.get("dice", 0))

    def validate_scenario(self, scenario):
        return [f"units[{i}].stats.cursed: expected no cursed units"
                for i, u in enumerate(scenario.units) if u.stats.get("cursed")]


def scenario_doc(**changes: Any) -> dict[str, Any]:
    doc = {
        "format": "skirmish-table/scenario", "version": 1, "name": "toy-raid", "title": "Toy raid",
        "description": "A test scenario.", "ruleset": "io-toy", "options": {"pace": "fast"},
        "table": {"width": 120, "height": 80, "edge_band": 3},
        "terrain": [
            {"id": "wood-1", "kind": "wood", "name": "Dark wood", "polygon": [[10, 10], [30, 10], [30, 30], [10, 30]]},
            {"id": "house-1", "kind": "house", "polygon": [[50, 50], [60, 50], [60, 60], [50, 60]],
             "holes": [[[54, 54], [56, 54], [56, 56], [54, 56]]],
             "walls": [[[50, 50], [60, 50], [60, 60]]], "openings": [[[55, 50], [56, 50]]],
             "rooms": [[[50, 50], [60, 50], [60, 54], [50, 54]]]},
        ],
        "sides": [{"name": "Blue", "role": "attacker", "color": "#1f77b4"}, {"name": "Red", "role": "defender"}],
        "units": [
            {"id": "b1", "side": 0, "name": "Blue one", "x": 5, "y": 5.5, "facing": 90,
             "base": {"shape": "round", "diameter": 2.5}, "kind": "rifleman", "stats": {"dice": 3},
             "markers": ["hidden"]},
            {"id": "r1", "side": 1, "name": "Red one", "x": 100, "y": 70, "team": "alpha",
             "base": {"shape": "rect", "width": 4, "depth": 2}},
        ],
        "deployment_zones": [{"side": 0, "polygon": [[0, 0], [20, 0], [20, 80], [0, 80]]}],
        "objectives": [{"id": "well", "name": "The well", "x": 60, "y": 40, "radius": 3}],
        "victory": {"kind": "hold", "objective": "well"},
        "turn_limit": 5,
        "ruleset_data": {"first_side": 0},
    }
    doc.update(changes)
    return doc


class IoHexToy(IoToy):
    """The same toy, played on a hex map (its scenario: toy-hex-march.json beside this module)."""

    id = "io-hex-toy"
    name = "I/O hex toy"
    board_kind = "hexmap"


HEX_SCENARIO_FILE = Path(__file__).with_name("toy-hex-march.json")


def hex_scenario_doc(**changes: Any) -> dict[str, Any]:
    """A valid hex map scenario (a fresh copy of toy-hex-march.json), with top-level changes."""
    doc = json.loads(HEX_SCENARIO_FILE.read_text(encoding="utf-8"))
    doc.update(changes)
    return doc
