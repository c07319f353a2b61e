"""A unit changes formation when it pays.

Seed 004: "Aimed fire ... by individual figures deployed in
open order", "volley fire is delivered by whole units deployed in line". A unit weighs the hits
it can expect from each formation against the nearest enemy unit, kept up over the turns a reload
takes (over HORIZON turns, at most that unit's figures), and changes formation (its whole action
for the turn) when the other one gives more.

Aimed fire: each figure's shot (fire.aimed_plan), once every 1 + 1/p(reload on its AF die 4+)
turns. Volley: each figure's d20 against the volley table (tables.volley_threshold) at the same
range and cover, once every 1 + 1/p(a rank reloads on a d20 16+, 12+ with platoon firing) turns.
Changing formation spends the turn: the shots the unit could fire now are lost. Open order also
takes cover: a figure in a wood or behind a hedge is harder to hit (a line formed in cover keeps it). The other formation must
promise SWITCH hits more, so a unit does not flip back and forth. Horse does not form line to fire.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable

from game.ai.framework import Candidate, Context
from game.rulesets.petite_guerre import fire, formation, forces, tables

HORIZON = 3.0          # turns the new formation is expected to fire before the fight changes
COVER = 0.25           # open order: a figure standing in cover, what it is worth (as MoveCA scores it)
SWITCH = 0.5           # hits the other formation must add before the unit changes: a change spends the
                       # unit's turn, and without this margin a unit whose muskets are all empty flips
                       # between line and open order turn after turn as the range changes


def _nearest_team(view, figs) -> str | None:
    foes = [e for e in view.units.values() if not e.out and e.side != figs[0].side]
    if not foes:
        return None
    return min(foes, key=lambda e: (min(math.dist(f.pos, e.pos) for f in figs), e.id)).team


def aimed(view, figs, team: str) -> tuple[float, float]:
    """(hits now, hits a turn kept up): every figure firing aimed shots at the enemy unit's
    nearest figure; now only the loaded ones fire."""
    targets = forces.figures(view, team)
    now = rate = 0.0
    for f in figs:
        t = min(targets, key=lambda e: (math.dist(f.pos, e.pos), e.id))
        plan = fire.aimed_plan(view, f, t, False)
        if plan is None:
            continue
        die = forces.af_die(f)
        reload = Fraction(max(0, die - 3), die)
        rate += float(plan[1]) / (1.0 + (1.0 / float(reload) if reload else 99.0))
        now += float(plan[1]) if fire.loaded(f) else 0.0
    return now, rate


def volley(view, figs, team: str) -> tuple[float, float]:
    """(hits now, hits a turn kept up): the unit in line firing volleys at the enemy unit; now
    only the loaded figures fire."""
    targets = forces.figures(view, team)
    dist, near = min((math.dist(f.pos, t.pos), t.id) for f in figs for t in targets)
    cond, _ = fire.condition(view, figs[0], view.units[near])
    thr = tables.volley_threshold(dist, cond)
    if thr is None:
        return 0.0, 0.0
    v = tables.rules()["volley"]
    die = v["die"]
    need = v["platoon_reload"] if view.options.get("platoon_firing") else v["rank_reload"]
    reload = (die + 1 - need) / die
    each = (die + 1 - thr) / die
    return each * sum(1 for f in figs if fire.loaded(f)), len(figs) * each / (1.0 + 1.0 / reload)


def _in_cover(view, x: float, y: float) -> bool:
    r = tables.rules()
    return any(p.kind.name in r["protecting"] or p.kind.name in r["screening"]
               for p in view.table.pieces_at(x, y))


def _line_cover(view, team: str, ranks: int, facing: float) -> float:
    """The share of the line's places (formation.assignment) that stand in cover: a unit forming
    line in a farmhouse or a wood keeps the cover it stands in."""
    spots = formation.assignment(view, team, ranks, facing)
    if not spots:
        return 0.0
    return sum(1 for _, x, y in spots.values() if _in_cover(view, x, y)) / len(spots)


class FormationCA:
    """Form line to volley, or break into open order to aim from cover, when it pays."""

    name = "formation"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        view = ctx.view
        for o in ctx.by_kind("FormLine", "OpenOrder"):
            team = o.action.actor
            figs = forces.figures(view, team)
            foe = _nearest_team(view, figs) if figs else None
            if foe is None:
                continue
            if o.kind == "FormLine" and all(tables.is_cavalry(forces.kind(f)) for f in figs):
                # horse fights with the charge, which it makes as well in open order (d10 against the
                # foot's d8): a line of horse halted in musket reach is only a bigger target for volleys
                continue
            (aimed_now, aimed_rate), (volley_now, volley_rate) = aimed(view, figs, foe), volley(view, figs, foe)
            # hits kept up over the horizon, at most the enemy unit's figures
            n = len(forces.figures(view, foe))
            aimed_h, volley_h = min(n, HORIZON * aimed_rate), min(n, HORIZON * volley_rate)
            cover = COVER * sum(1 for f in figs if _in_cover(view, f.x, f.y)) / len(figs)
            if o.kind == "FormLine":
                # the unit gives up this turn's shots and the cover its figures stand in, less the
                # cover of the line's own places
                kept = COVER * _line_cover(view, team, o.action.ranks, o.action.facing)
                score = volley_h - aimed_h - aimed_now - max(0.0, cover - kept)
            else:
                score = aimed_h - volley_h - volley_now + cover
            yield Candidate(score - SWITCH, o.action, f"{o.label} (aimed {aimed_rate:.2f}, volley {volley_rate:.2f} hits a "
                                             f"turn)", option=o)
