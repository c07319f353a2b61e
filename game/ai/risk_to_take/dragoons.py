"""Dragoons dismount to hold cover.

Seed 003: "Dragoons: mount or dismount as an action.
Dismounted, they act as light infantry"; light infantry "adds +1 to their firing and reduces saving
by -1", read as: the target of their volley saves at -1.

Dismounted, the dragoons move 7 cm instead of 12 and must walk back to their horses to mount, so
they dismount only where they mean to stay: on the scenario's objective or, unless they attack,
behind a fortification (+1 to saves, they cannot rout), with an enemy close enough to be volleyed
soon. There the -1 on the enemy's saves is worth its extra chance to rout, once a turn for HOLD
turns, for each enemy unit (at most two) within reach of a move and a volley.
"""
from __future__ import annotations

from typing import Iterable

from game.ai.framework import Candidate, Context
from game.rulesets.risk_to_take import arcs, saves
from game.rulesets.risk_to_take.troops import DATA, STICK, fire_range, is_commander

HOLD = 2.0            # turns the dragoons expect to volley from where they stand
MOBILE = 0.1          # what keeping the horses is worth away from cover (a faster move, charges)


def holds_cover(view, unit) -> bool:
    """Within the scenario's objective, or (for a side that is not attacking: the attacker must
    come on, not sit behind a wall) behind a fortification."""
    if view.scenario.sides[unit.side].role != "attacker" and saves.fortified(view, unit):
        return True
    wanted = view.scenario.victory.get("objective")
    return any(obj.get("id") == wanted and obj.get("x") is not None
               and arcs.point_gap(unit, (obj["x"], obj["y"])) <= float(obj.get("radius", 6.0))
               for obj in view.scenario.objectives)


def light_fire_gain() -> float:
    """The extra chance a volley routs its target when the firers are light infantry (save at -1)."""
    rout_on = DATA["saves"]["volley"]
    return float(saves.fail_chance(rout_on, -1) - saves.fail_chance(rout_on, 0))


class DismountCA:
    """Dismount the dragoons where they hold cover and the enemy comes within a volley."""

    name = "dismount"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        view = ctx.view
        for o in ctx.by_kind("Dismount"):
            unit = view.units[o.the_actor]
            if not holds_cover(view, unit):
                yield Candidate(-MOBILE, o.action, f"{o.label} (no cover here)", option=o)
                continue
            reach = fire_range(unit) + STICK          # the enemy moves a stick, then we volley
            near = [e for e in ctx.enemies() if not is_commander(e) and arcs.gap(unit, e) <= reach]
            score = light_fire_gain() * HOLD * min(2, len(near)) - MOBILE
            yield Candidate(score, o.action, f"{o.label} to hold the cover ({len(near)} enemy near)", option=o)
