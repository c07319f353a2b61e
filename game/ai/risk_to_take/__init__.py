"""A Risk to Take knowledge (seed 003_24994b0dfd86b84f): charges weighed as the melee falls.

The generic candidates, with the charges scored by this package.

A charge is simultaneous melee: the charged unit saves on 3+ (routs on 1-2), but the charger saves
too when it ends in the enemy's arc. A unit behind a fortification or a battery does not rout: a
failed save is only a step toward its destruction (three, or two for a battery). So a charge into
the flank or rear of a formed unit, or at a fatigued one, is worth much; a charge at the front of
a unit lining a wall is worth little. The attacker weighs the return blow less as the turns run out,
and values driving a unit off the objective. Moves turn at most 90 degrees (turning about needs a 6),
and a big army weighs only its WINDOW units nearest the enemy in one decision (a 30-unit turn stays
near a second). Moves go toward and face the enemies that fight (formed, not commanders), and the
objective draws units only until HOLDERS of ours stand on it formed. Everything else (volleys, moves facing the enemy, the battery's aim, a commander's
save) is the generic knowledge's; dragoons dismount to hold cover (dragoons.py).
"""
from __future__ import annotations

import dataclasses
import math
from typing import Iterable

from game.ai.framework import Candidate, Context
from game.ai.generic import GenericKnowledge, MoveCA, OddsCA, PassCA, SimulateCA
from game.ai.knowledge import register_knowledge
from game.ai.risk_to_take.dragoons import DismountCA
from game.ai.risk_to_take.generals import general_point, mover_at
from game.ai.risk_to_take.ways import way
from game.rulesets.risk_to_take import arcs, movement, saves, walls
from game.rulesets.risk_to_take.actions import Move
from game.rulesets.risk_to_take.troops import DATA, RANGES, STICK, fatigued, fighting, is_artillery, is_commander

OWN_WORTH = 0.9       # what our charging unit is worth against the unit it charges (1)
WINDOW = 5            # move options weighed in one decision
LEAVING_THE_WALL = 0.6  # what a unit lining a wall gives up by charging off it
TOWARD_OBJECTIVE = 0.3  # the generic move's pull toward the objective, per table diagonal nearer
TOWARD_ENEMY = 0.1      # and toward the nearest enemy
BACK_OFF = 8            # points tried on the way back toward the start, for room to stand
NEAREST = 3             # enemies measured along the way round (the nearest by the straight line)
HOLDERS = 2           # formed units enough to hold the objective: more stand there for nothing


class ChargeCA:
    """Charges scored by the target's chance to rout (or to be destroyed), less the return blow."""

    name = "charge"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        view = ctx.view
        for o in ctx.by_kind("Charge"):
            unit, target = view.units[o.actor[0]], view.units[o.target]
            p_hit = float(o.odds or 0)
            if is_artillery(target):
                worth = 1.0 / DATA["types"]["artillery"]["destroyed_after"] * 1.5
            elif saves.fortified(view, target, unit):
                worth = 1.0 / DATA["fortification"]["destroyed_after"]
            else:
                worth = 1.5 if fatigued(target) else 1.0
            # charging off a wall it lines, it gives up its +1 and its "cannot rout"
            leaving = LEAVING_THE_WALL if walls.lined(view, unit) else 0.0
            moved = unit.copy()
            moved.x, moved.y, moved.facing = movement.charge_contact(ctx.view, unit, target)
            moved.stats = {k: v for k, v in unit.stats.items() if k != walls.LINES}  # charged: no wall
            risk = 0.0
            if not is_artillery(target) and arcs.in_arc_and_reach(target, moved, RANGES["melee"]):
                mod = saves.modifier(view, moved, "melee", target)
                risk = float(saves.fail_chance(DATA["saves"]["melee"], mod)) * OWN_WORTH
            score = p_hit * worth - risk * _boldness(view, unit.side) + _on_objective(view, target) - leaving
            yield Candidate(score, o.action, f"{o.label} ({o.odds_text})", option=o)


def _late(view) -> float:
    """1 until half the turns are gone, then up by a half each turn."""
    return 1.0 + max(0, view.turn - view.scenario.turn_limit // 2) * 0.5


def _boldness(view, side: int) -> float:
    """How much the return blow counts: the attacker must close to win, and the less as the turns
    run out ("a risk to take")."""
    if view.scenario.sides[side].role != "attacker":
        return 1.0
    return 0.6 / _late(view)


def _on_objective(view, target) -> float:
    """Driving a unit off the objective is what the attacker needs at the turn limit."""
    wanted = view.scenario.victory.get("objective")
    for obj in view.scenario.objectives:
        if obj.get("id") == wanted and obj.get("x") is not None:
            if arcs.point_gap(target, (obj["x"], obj["y"])) <= float(obj.get("radius", 6.0)):
                return 0.1 * _late(view)
    return 0.0


class HoldTheFieldMoveCA(MoveCA):
    """The generic move, plus the scenario's objective: standing on it is what wins at the limit,
    and it weighs more as the turns run out. A move never asks to turn about (a 6 on a d6, else the
    unit keeps its facing): it turns at most 90 degrees, free, toward the enemy."""

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        ctx = _window(FoesContext.of(ctx))
        for c in super().evaluate(ctx):
            unit = ctx.view.units.get(c.option.the_actor) if c.option is not None else None
            a = c.action
            if unit is not None and not is_commander(unit) and movement.turning_about(unit, a.facing):
                side = 1.0 if ((a.facing - unit.facing) % 360.0) < 180.0 else -1.0
                a = dataclasses.replace(a, facing=(unit.facing + side * movement.ABOUT_TURN) % 360.0)
                c = dataclasses.replace(c, action=a)
            if unit is not None and isinstance(a, Move) and \
                    movement.turn_blocked(ctx.view, unit, a.x, a.y, a.facing) is not None:
                a = _room_to_stand(ctx.view, unit, a)   # a base beside it or water: no room to turn
                if a is None:
                    continue
                c = dataclasses.replace(c, action=a)
            yield c

    def score_point(self, ctx: Context, pt, start, enemies, objectives) -> float:
        mover = mover_at(ctx, start)
        if mover is not None and is_commander(mover):
            return general_point(ctx, pt)           # a general stands behind his men (generals.py)
        if not ctx.settings.positional or start is None:
            return super().score_point(ctx, pt, start, enemies, objectives)
        view = ctx.view
        # the generic move's pulls toward the objective and the nearest enemy, measured along the way
        # round deep water (ways.py); no bonus for woods or houses (the text gives terrain no cover)
        diag = math.hypot(view.scenario.width, view.scenario.height)
        near = sorted(enemies, key=lambda e: math.dist(start, e))[:NEAREST]
        s = TOWARD_OBJECTIVE * _nearer(view.table, start, pt, objectives) / diag \
            + TOWARD_ENEMY * _nearer(view.table, start, pt, near) / diag
        wanted = view.scenario.victory.get("objective")
        for obj in view.scenario.objectives:
            if obj.get("id") != wanted or obj.get("x") is None:
                continue
            if _holders(ctx, obj, start) >= HOLDERS:
                continue                # held enough: the others go and fight
            d = math.dist(pt, (obj["x"], obj["y"]))
            late = _late(view)
            if d <= float(obj.get("radius", 6.0)):
                s += 0.25 * late
            else:
                s += 0.05 * late * _nearer(view.table, start, pt, [(obj["x"], obj["y"])]) / STICK
        return s


def _room_to_stand(view, unit, a: Move) -> Move | None:
    """The move with room for the base where it ends: its own facing there, else the farthest point
    on the way there where the new facing or its own fits (holding its ground always does)."""
    for facing in (unit.facing, a.facing):
        if movement.turn_blocked(view, unit, a.x, a.y, facing) is None:
            return dataclasses.replace(a, facing=facing)
    for k in range(1, BACK_OFF + 1):
        t = 1.0 - k / BACK_OFF
        x, y = unit.x + (a.x - unit.x) * t, unit.y + (a.y - unit.y) * t
        for facing in (a.facing, unit.facing):
            if movement.turn_blocked(view, unit, x, y, facing) is None:
                return dataclasses.replace(a, x=round(x, 3), y=round(y, 3), facing=facing)
    return None


def _nearer(table, start, pt, places) -> float:
    """How much nearer the nearest of `places` pt is than start, along the way round deep water."""
    if not places:
        return 0.0
    start, pt = tuple(start), tuple(pt)
    return min(way(table, start, tuple(p)) for p in places) - min(way(table, pt, tuple(p)) for p in places)


def _holders(ctx: Context, obj: dict, start) -> int:
    """Our formed units on the objective, but the mover (the one standing at `start`)."""
    key = f"rtt-holders-{obj.get('id')}"
    if key not in ctx.cache:
        radius = float(obj.get("radius", 6.0))
        ctx.cache[key] = [u.pos for u in ctx.friends()
                          if fighting(u) and arcs.point_gap(u, (obj["x"], obj["y"])) <= radius]
    return sum(1 for pos in ctx.cache[key] if start is None or math.dist(pos, start) > 1e-6)


def _window(ctx: Context) -> Context:
    """A big army moves a few units at a time: only the move options of the WINDOW units nearest the
    enemy are weighed in one decision (the others come up once these have moved), so a whole turn of
    30 units weighs about WINDOW moves a unit, not one per unit still to move."""
    moves = [o for o in ctx.options if o.region is not None and o.template is not None]
    if len(moves) <= WINDOW:
        return ctx
    enemies = [e.pos for e in ctx.enemies()]

    def front(o) -> tuple[float, str]:
        u = ctx.view.units[o.the_actor]
        return (min((math.dist(u.pos, e) for e in enemies), default=0.0), u.id)
    keep = {id(o) for o in sorted(moves, key=front)[:WINDOW]}
    dropped = {id(o) for o in moves} - keep
    narrow = type(ctx)(ctx.view, [o for o in ctx.options if id(o) not in dropped], ctx.decision,
                       ctx.settings, ctx.rng, ctx.knowledge)
    narrow.cache = ctx.cache
    return narrow


class FoesContext(Context):
    """The decision seen by a move: the enemies worth moving toward and facing are the formed units
    that fight. A routed unit is neither fired at nor charged, and a commander never fights, so
    facing one (often the nearest centre in a crowded melee, a rout stopped by the bases behind it)
    would turn a unit's arc away from the enemy striking it."""

    @classmethod
    def of(cls, ctx: Context) -> "FoesContext":
        foes = cls(ctx.view, ctx.options, ctx.decision, ctx.settings, ctx.rng, ctx.knowledge)
        foes.cache = ctx.cache
        return foes

    def enemies(self) -> list:
        everyone = super().enemies()
        return [u for u in everyone if fighting(u)] or everyone


class NoChargeOddsCA(OddsCA):
    """The generic odds candidate for everything but charges (the battery's aim)."""

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for c in super().evaluate(_window(ctx)):
            if c.option is None or c.option.kind != "Charge":
                yield c


class RiskToTakeKnowledge(GenericKnowledge):
    ruleset_id = "risk-to-take"

    def candidate_actions(self, ctx: Context) -> list:
        return [ChargeCA(), NoChargeOddsCA(), HoldTheFieldMoveCA(), DismountCA(), PassCA(), SimulateCA()]


register_knowledge(RiskToTakeKnowledge())
