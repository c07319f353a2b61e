"""Small battles for the A Risk to Take clause tests: units placed by hand, dice scripted."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.rulesets import load_all

load_all()


def battle(units, terrain=(), dice=(6, 1), width=120, height=80, turn_limit=10, objective=None):
    """units: (id, side, type, x, y, facing); the initiative dice go first (side 0 wins by default);
    objective: (x, y, radius) of the scenario's objective "farm", if it has one."""
    docs = []
    for uid, side, kind, x, y, facing in units:
        base = {"shape": "round", "diameter": 2} if kind == "commander" else {"shape": "rect", "width": 6, "depth": 2}
        docs.append({"id": uid, "side": side, "name": uid, "x": x, "y": y, "facing": facing, "kind": kind,
                     "base": base, "stats": {"type": kind}})
    doc = {"format": "skirmish-table/scenario", "version": 1, "name": "rtt-test", "title": "test",
           "ruleset": "risk-to-take", "table": {"width": width, "height": height},
           "terrain": [{"id": f"t{i}", "kind": k, "polygon": p} for i, (k, p) in enumerate(terrain)],
           "sides": [{"name": "French"}, {"name": "Austrians"}], "units": docs,
           "victory": {"kind": "break", "share": 0.5}, "turn_limit": turn_limit}
    if objective is not None:
        x, y, radius = objective
        doc["objectives"] = [{"id": "farm", "name": "farm", "x": x, "y": y, "radius": radius}]
        doc["victory"]["objective"] = "farm"
    return engine.new_game(Scenario.from_dict(doc), 1, dice=scripted(list(dice)))


def roll_next(state, faces):
    state.dice = scripted(list(faces))
