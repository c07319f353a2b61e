"""Where a general stands: out of the enemy's reach, with his men within his vicinity.

Seed 003_24994b0dfd86b84f: "Commanders can save one unit per turn in their vicinity from routing"; a
commander an enemy unit's base touches is captured (the ruleset's summary).

A general is worth his vicinity: he stands where the most of his formed units are within 12 cm of
him, out of reach of every formed enemy unit (its stick, its base and a margin: where it could touch
him in its next move). A place within an enemy's reach is worth less the deeper in it lies, so a
general caught forward falls back to the safest ground his move reaches.
"""
from __future__ import annotations

import math

from game.ai.framework import Context
from game.rulesets.risk_to_take.troops import RANGES, fighting, is_commander, move_length

MARGIN = 4.0          # cm beyond an enemy's stick and base a general keeps
SAFE = 1.0            # a safe place is worth this, before the units he covers
PER_UNIT = 0.05       # each formed unit of his within his vicinity


def mover_at(ctx: Context, start):
    """The unit of ours standing at `start` (the move being scored)."""
    if start is None:
        return None
    key = ("rtt-mover", round(start[0], 6), round(start[1], 6))
    if key not in ctx.cache:
        ctx.cache[key] = next((u for u in ctx.friends() if math.dist(u.pos, start) < 1e-6), None)
    return ctx.cache[key]


def general_point(ctx: Context, pt) -> float:
    """How good a place `pt` is for a general: safe first, then the units within his vicinity."""
    danger = 0.0
    for e in ctx.enemies():
        if fighting(e) and not is_commander(e):
            reach = move_length(e) + 3.2 + MARGIN
            danger = max(danger, (reach - math.dist(pt, e.pos)) / reach)
    covered = sum(1 for u in ctx.friends() if fighting(u)
                  and math.dist(pt, u.pos) <= RANGES["commander_vicinity"] + 1.0)
    return SAFE * (1.0 - danger) + PER_UNIT * covered
