"""Small Petite Guerre scenarios for the rule tests (seed 004)."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.rulesets import load_all

load_all()


def fig(fid, side, x, y, team, troop="line-infantry", facing=0, **stats):
    return {"id": fid, "side": side, "name": fid, "x": x, "y": y, "facing": facing,
            "base": {"shape": "round", "diameter": 2.0}, "team": team,
            "stats": {"troop": troop, **stats}}


def game(units, terrain=(), units_data=None, options=None, dice=(), roles=("", "")):
    doc = {"format": "skirmish-table/scenario", "version": 1, "name": "pg-test",
           "ruleset": "petite-guerre", "table": {"width": 150, "height": 100, "edge_band": 3},
           "terrain": list(terrain), "sides": [{"name": "French", "role": roles[0]}, {"name": "British", "role": roles[1]}],
           "units": list(units), "turn_limit": 12, "ruleset_data": {"units": units_data or {}}}
    state = engine.new_game(Scenario.from_dict(doc), seed=1, options=options, dice=scripted(list(dice)))
    return state


def rect(pid, kind, x0, y0, x1, y1, name=""):
    return {"id": pid, "kind": kind, "name": name or pid,
            "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def dice(state, faces):
    state.dice = scripted(list(faces))
