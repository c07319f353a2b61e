"""The generic knowledge: candidate actions and an evaluation for any ruleset, so a ruleset without its own AI still plays.

It knows only what every ruleset shares (design §9): options with exact odds against a target (`Option.odds`),
move options with a region, a `Pass`, units with markers, objectives and the outcome. Rulesets with
their own module in game/ai reuse these pieces and add their own.
"""
from __future__ import annotations

import math
from typing import Iterable

from game.ai import positions
from game.ai.framework import Candidate, Context, Knowledge, actor_of
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import DiceStream
from game.engine.state import GameState, Unit

WIN = 100.0                     # the end of the game outweighs any figure count
MARKER_COST = {"pinned": 0.45, "routed": 0.7, "out-of-control": 0.3, "wounded": 0.3, "reloading": 0.1}
OBJECTIVE_VALUE = 0.6           # holding an objective, in figures


def unit_value(unit: Unit) -> float:
    """What a figure in the fight is worth: 1, less what its markers take away."""
    if unit.out:
        return 0.0
    v = 1.0
    for m in unit.markers:
        v -= MARKER_COST.get(m, 0.0)
    return max(v, 0.05)


def material(state: GameState, side: int) -> float:
    own = sum(unit_value(u) for u in state.units.values() if u.side == side)
    other = sum(unit_value(u) for u in state.units.values() if u.side != side)
    return own - other


def outcome_value(state: GameState, side: int) -> float | None:
    if state.outcome is None:
        return None
    if state.outcome.winner is None:
        return 0.0
    return WIN if state.outcome.winner == side else -WIN


def objective_control(state: GameState, side: int) -> float:
    """For each objective: + if one of ours is nearest to it within its radius (x2), - if theirs."""
    total = 0.0
    for obj in state.scenario.objectives:
        if "x" not in obj or "y" not in obj:
            continue
        centre = (float(obj["x"]), float(obj["y"]))
        radius = float(obj.get("radius", 5.0)) * 2
        best = None
        for u in state.units.values():
            if u.out:
                continue
            d = positions.dist(u.pos, centre)
            if d <= radius and (best is None or d < best[0]):
                best = (d, u.side)
        if best is not None:
            total += OBJECTIVE_VALUE if best[1] == side else -OBJECTIVE_VALUE
    return total


def evaluate(state: GameState, side: int) -> float:
    done = outcome_value(state, side)
    base = material(state, side) + objective_control(state, side)
    return base + (done if done is not None else 0.0)


def target_value(ctx: Context, target: str | None) -> float:
    if target is None:
        return 0.5
    unit = ctx.view.units.get(target)
    if unit is None:
        # a team or another grouping: the figures in it
        members = [u for u in ctx.view.units.values() if u.team == target and not u.out]
        return sum(unit_value(u) for u in members) or 0.5
    return unit_value(unit)


# -- candidate actions ---------------------------------------------------------------------------
class OddsCA:
    """Anything with exact odds against a target: the odds times what the target is worth."""

    name = "odds"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for o in ctx.options:
            if o.action is None or o.odds is None:
                continue
            p = float(o.odds)
            if o.target is not None and o.target in {u.id for u in ctx.friends()}:
                value = 0.6 * p                     # something helping our own (a rally, first aid)
            else:
                value = p * target_value(ctx, o.target) * 0.9
            yield Candidate(value - (1 - p) * 0.05, o.action, f"{o.label} ({o.odds_text or p})",
                            option=o)


class MoveCA:
    """A move option: sample points in its region, score each by what the spot offers."""

    name = "move"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if not ctx.settings.moves:
            return
        enemies = [u.pos for u in ctx.enemies()]
        objectives = positions.objective_points(ctx.view)
        for o in ctx.options:
            if o.region is None or o.template is None:
                continue
            mover = ctx.view.units.get(actor_of(o))
            start = mover.pos if mover else None
            anchors = list(objectives) + enemies[:4] + ([start] if start else [])
            pts = positions.sample_points(ctx.view, o, ctx.rng.child("move", actor_of(o) or o.label),
                                          ctx.settings.move_samples, anchors)
            if not pts:
                continue
            scored = [(self.score_point(ctx, pt, start, enemies, objectives), pt) for pt in pts]
            score, (x, y) = max(scored, key=lambda t: t[0])
            facing = positions.facing_toward(x, y, enemies)
            yield Candidate(score, o.at(x, y, facing), f"{o.label} to ({x:.1f}, {y:.1f})", option=o)

    def score_point(self, ctx: Context, pt, start, enemies, objectives) -> float:
        if not ctx.settings.positional:
            return 0.01 * ctx.rng.random()
        s = 0.0
        if positions.in_cover_piece(ctx.view, pt):
            s += 0.15
        diag = math.hypot(ctx.view.scenario.width, ctx.view.scenario.height)
        if objectives and start:
            before = min(positions.dist(start, ob) for ob in objectives)
            after = min(positions.dist(pt, ob) for ob in objectives)
            s += 0.3 * (before - after) / diag
        if enemies and start:
            before = min(positions.dist(start, e) for e in enemies)
            after = min(positions.dist(pt, e) for e in enemies)
            s += 0.1 * (before - after) / diag
        return s


class PassCA:
    """Passing, worth nothing: what any other candidate must beat."""

    name = "pass"
    why = "pass"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(0.0, o.action, self.why, option=o)


class SimulateCA:
    """Complete options without odds: apply each to a clone of the view with a fresh seeded dice
    stream and see what the evaluation says (works for any ruleset; an action has to earn its keep,
    so an action that changes nothing loses to passing and the AI never loops on it)."""

    name = "simulate"
    limit = 16
    samples = 2

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        todo = [o for o in ctx.options
                if o.action is not None and o.odds is None and not isinstance(o.action, Pass)]
        if len(todo) > self.limit:
            todo = ctx.rng.child("simulate").shuffled(todo)[:self.limit]
        base = ctx.knowledge.evaluate(ctx.view, ctx.side)
        for k, o in enumerate(todo):
            total, n = 0.0, 0
            for r in range(self.samples):
                sim = ctx.view.clone()
                seed = int(ctx.rng.child("simulate-dice", r).random() * (1 << 53))
                sim.dice = DiceStream(seed=seed)
                try:
                    engine.apply(sim, o.action, atomic=False)
                except Exception:
                    break
                total += ctx.knowledge.evaluate(sim, ctx.side) - base
                n += 1
            value = total / n - 0.01 if n else -0.05
            yield Candidate(value + 0.001 * ctx.rng.random(), o.action, o.label, option=o)


class GenericKnowledge(Knowledge):
    ruleset_id = "*"

    def candidate_actions(self, ctx: Context) -> list:
        return [OddsCA(), MoveCA(), PassCA(), SimulateCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)


GENERIC = GenericKnowledge()
