"""Checks of a Riskbreaker scenario beyond the file format, each as 'field.path: what was expected':
legal character sheets (the point buy), two sides or more, every character in a location, exits and
situations naming locations, a victory kind victory.py knows.

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from typing import Any

import shapely

from game.engine import stat_checks

from .characters import sheet_problems
from .victory import KINDS

MOST_POINTS = 1000      # points each character of a mustered party is built with
MOST_PARTY = 20         # characters a side may muster


def problems(scenario: Any) -> list[str]:
    out = []
    if len(scenario.sides) < 2:
        out.append("sides: expected two sides or more")
    if scenario.victory.get("kind") == "escape" and len(scenario.sides) != 2:
        out.append("victory.kind: an escape is played by two sides")
    ids = {u.id for u in scenario.units if u.side == scenario.victory.get("side", 0)}
    for j, uid in enumerate(scenario.victory.get("of", []) or []):
        if uid not in ids:
            out.append(f"victory.of[{j}]: expected the id of a character of side {scenario.victory.get('side', 0)}, "
                       f"got {uid!r}")
    pieces = {p.id: shapely.Polygon(p.polygon) for p in scenario.pieces}
    for i, u in enumerate(scenario.units):
        out += [f"units[{i}].stats.{p}" for p in sheet_problems(u.stats)]
        if not any(poly.intersects(shapely.Point(u.x, u.y)) for poly in pieces.values()):
            out.append(f"units[{i}]: expected to stand in a location (a terrain piece), at {u.x}, {u.y}")
    data = scenario.ruleset_data or {}
    for j, e in enumerate(data.get("exits", []) or []):
        if e not in pieces:
            out.append(f"ruleset_data.exits[{j}]: expected a terrain piece id, got {e!r}")
    for j, s in enumerate(data.get("situations", []) or []):
        if not isinstance(s, dict) or s.get("location") not in pieces:
            out.append(f"ruleset_data.situations[{j}].location: expected a terrain piece id")
        elif s.get("advantage") not in (1, 2, 3) or s.get("side") not in range(len(scenario.sides)):
            out.append(f"ruleset_data.situations[{j}]: expected a side (0 to {len(scenario.sides) - 1}) and "
                       f"advantage 1, 2 or 3")
        elif not isinstance(s.get("fighting_with", ""), str):
            out.append(f"ruleset_data.situations[{j}].fighting_with: expected the name of a Fight skill")
    muster = data.get("muster")
    if isinstance(muster, dict):        # anything else: the scenario's own parties (muster.settings)
        stat_checks.muster(out, "ruleset_data.muster", muster, "party", len(scenario.sides), MOST_POINTS,
                           MOST_PARTY, single=True)
    kind = scenario.victory.get("kind", "eliminate")
    if kind not in KINDS:
        out.append(f"victory.kind: expected one of {', '.join(KINDS)}, got {kind!r}")
    return out
