"""How exposed a spot is to the enemy's charges and loaded muskets.

Seed 004: "All units that are under attack (...
being charged by enemy units) are considered temporarily out-of-control"; "charged from the back or
flanks" they take a reaction test that can rout them.

A charge on one figure puts its whole unit out of control, so a spot is judged by how many enemy
figures could charge it next turn, each weighed by the chance its unit acts at all: 1 in control,
the activation test's in-control band out of control, 0 routed. A figure charged from outside its
front arc (a move turns a figure the way it went, so a step back shows the enemy its back) also
takes the reaction test that can rout its unit: such a charger counts REAR times when it is a
horseman (whose fast move reaches round to the rear of any figure within it).
"""
from __future__ import annotations

import math

from game.geometry.sectors import angle_difference, angle_to
from game.rulesets.petite_guerre import fire, forces, tables
from game.rulesets.petite_guerre.forces import IN_CONTROL, ROUTED


def acts_next_turn(view, team: str, pressured: frozenset = frozenset()) -> float:
    """The chance the unit acts in its next turn: in control, or passing its activation test."""
    st = forces.status(view, team)
    if st == ROUTED:
        return 0.0
    if st == IN_CONTROL and team not in pressured:
        return 1.0
    die = forces.c_die(view, team)
    lo = tables.rules()["activation"]["in-control"][0]
    return max(0, die - lo + 1) / die


REAR = 3.0


def threat(view, pt, side: int, skip: frozenset = frozenset(), pressured: frozenset = frozenset(),
           min_die: int = 0, facing: float | None = None) -> float:
    """Expected number of enemy figures that can charge `pt` next turn (their fast move, plus the
    base contact), leaving out the figures in `skip` and those whose melee die is under `min_die`;
    `pressured` teams are out of control by then."""
    total = 0.0
    for e in view.units.values():
        if e.out or e.side == side or e.id in skip or forces.wounded(e) or forces.melee_die(e) < min_die:
            continue
        horse = tables.is_cavalry(forces.kind(e))
        reach = tables.stick(horse, "open")["fast"] + 3
        if math.dist(pt, e.pos) < reach:
            behind = facing is not None and horse and abs(angle_difference(angle_to(pt, e.pos), facing)) > \
                tables.rules()["flank_angle"]
            total += acts_next_turn(view, e.team, pressured) * (REAR if behind else 1.0)
    return total


def fire_danger(view, pt, side: int) -> float:
    """Expected hits on a figure at `pt` from the enemy's loaded volleys next turn: each unit in line
    by the volley table (each figure of its loaded ranks a d20; the hits go to the figures nearest
    the firing line first, one a figure, so a lone figure takes at most one). A skirmisher's aimed
    shot picks one target among many and is left out: horse that feared every loaded skirmisher
    never came near a screen."""
    total = 0.0
    for team in sorted({e.team for e in view.units.values() if not e.out and e.side != side}):
        if forces.formation(view, team) != "line" or forces.status(view, team) == ROUTED:
            continue
        line = [f for f in forces.figures(view, team) if fire.loaded(f)]
        if not line:
            continue
        thr = tables.volley_threshold(min(math.dist(pt, f.pos) for f in line), "unmoving")
        die = tables.rules()["volley"]["die"]
        each = 0.0 if thr is None else max(0, die + 1 - thr) / die
        total += 1.0 - (1.0 - each) ** len(line)
    return total
