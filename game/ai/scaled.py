"""A battle-scale scenario made for `make bench`: the bundled risus-farm-assault tiled until each side fields N figures.

Tile k of a rows x cols grid is the farm-assault table moved by (k's column x its width, k's row x its
height), every id prefixed with `t<k>-`, so the terrain still tiles the table. Each side keeps exactly N
figures: the figures beyond N are dropped from the last tiles first, loners before team members and a
team's leader never. The victory stays the first tile's farmhouse. Nothing here is random: the same N
gives the same scenario.
"""
from __future__ import annotations

import copy
import json
import math

from game.ai import tournament
from game.engine.scenario import Scenario

BASE = "risus-farm-assault"


def _moved(points, dx: float, dy: float) -> list[list[float]]:
    return [[x + dx, y + dy] for x, y in points]


def tiled(per_side: int, base: str = BASE) -> Scenario:
    """The base scenario tiled so that each side has exactly `per_side` figures."""
    return Scenario.from_dict(tiled_document(per_side, base))


def tiled_document(per_side: int, base: str = BASE) -> dict:
    """The scenario document of `tiled` (what a scenario file would hold)."""
    doc = json.loads((tournament.maps_dir() / f"{base}.json").read_text(encoding="utf-8"))
    counts = [sum(1 for u in doc["units"] if u["side"] == s) for s in (0, 1)]
    tiles = max(1, math.ceil(per_side / min(counts)))
    rows = max(1, math.isqrt(tiles))
    cols = math.ceil(tiles / rows)
    width, height = doc["table"]["width"], doc["table"]["height"]
    teams = doc["ruleset_data"].get("teams", {})
    out = copy.deepcopy(doc)
    out.update(name=f"{base}-x{per_side}", terrain=[], units=[], deployment_zones=[], objectives=[])
    out["table"] = dict(doc["table"], width=width * cols, height=height * rows)
    out["ruleset_data"] = dict(doc["ruleset_data"], teams={})
    for k in range(rows * cols):
        dx, dy = width * (k % cols), height * (k // cols)
        pre = f"t{k}-"
        for piece in doc["terrain"]:
            moved = dict(piece, id=pre + piece["id"], polygon=_moved(piece["polygon"], dx, dy))
            for key in ("holes", "openings", "rooms"):       # lists of point lists
                if key in piece:
                    moved[key] = [_moved(ring, dx, dy) for ring in piece[key]]
            out["terrain"].append(moved)
        for u in doc["units"]:
            out["units"].append(dict(u, id=pre + u["id"], x=u["x"] + dx, y=u["y"] + dy,
                                     team=pre + u["team"] if u.get("team") else None))
        for tid, team in teams.items():
            out["ruleset_data"]["teams"][pre + tid] = dict(team, leader=pre + team["leader"])
        for zone in doc["deployment_zones"]:
            out["deployment_zones"].append(dict(zone, polygon=_moved(zone["polygon"], dx, dy)))
        for obj in doc["objectives"]:
            out["objectives"].append(dict(obj, id=pre + obj["id"], x=obj["x"] + dx, y=obj["y"] + dy))
    out["victory"] = dict(doc["victory"], objective="t0-" + doc["victory"]["objective"])
    leaders = {t["leader"] for t in out["ruleset_data"]["teams"].values()}
    for side in (0, 1):
        mine = [u for u in out["units"] if u["side"] == side]
        # loners of the last tiles first, then team members; never a leader
        spare = sorted((u for u in mine if u["id"] not in leaders),
                       key=lambda u: (u["team"] is not None, -mine.index(u)))
        drop = {u["id"] for u in spare[:max(0, len(mine) - per_side)]}
        out["units"] = [u for u in out["units"] if u["id"] not in drop]
    for u in out["units"]:
        if u["team"] is None:
            del u["team"]
    return out
