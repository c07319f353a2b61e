"""What Risus Skirmish actions bring (the evaluation, pins, the run's order, OP fire) and every way one turns out."""
from __future__ import annotations

from itertools import product
from typing import Iterable, Iterator, Sequence

from game.ai import positions
from game.ai.framework import Context, is_pass, other_sides
from game.ai.generic import WIN, outcome_value
from game.ai.risus_skirmish.analysis import CHANCE, TAKE, THREAT, Analysis
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import scripted
from game.engine.state import GameState, Unit
from game.rulesets.risus_skirmish import combat, forces
from game.rulesets.risus_skirmish.actions import Attack, Move, OpportunityFire, Rally
from game.rulesets.risus_skirmish.ruleset import RULESET

EPS_KEEP = 0.1              # g * EPS / (1 - p + EPS): the ranking of a run's actions
INITIATIVE = 0.3            # still holding the initiative afterwards: the rest of the run
MAX_OUTCOMES = 16
SAMPLES = 6                 # an action whose dice are not enumerated: this many samples
DEEP_OUTCOMES = 4           # a second step only after actions with this few outcomes
DEEP_SAMPLES = 10           # points per move option at the second step
NEAR_FIGURES = 10           # battle scale: a figure threatens the nearest of ours (a skirmish: all of them)


# -- the static evaluation -----------------------------------------------------------------------
def side_value(analysis: Analysis, side: int) -> float:
    mine = [u for u in analysis.units if u.side == side]
    foes = [u for u in analysis.units if u.side != side]
    threats = analysis.threat([u.pos for u in mine], foes)
    chances = analysis.chances([(u, u.pos, u.facing) for u in mine], foes)
    return sum(analysis.figure_value(u, u.pos, u.facing, foes, t, chance=c)
               for u, t, c in zip(mine, threats, chances)) + \
        analysis.hold_value(side)


def evaluate(state: GameState, side: int, clock: int | None = None) -> float:
    """How good the state is for the side, in figures. `clock`: the turn whose urgency applies (the
    look-ahead compares outcomes at the clock of the decision, so a failed action is not also
    charged for the turn it hands over)."""
    done = outcome_value(state, side)
    if done is not None:
        return done
    analysis = Analysis(state, side, clock)
    other = other_sides(state, side)
    v = side_value(analysis, side) - sum(side_value(analysis, s) for s in other)
    if not any(forces.able(u) for u in analysis.enemy):
        v += WIN / 2
    if not any(forces.able(u) for u in analysis.own):
        v -= WIN / 2
    return v


# -- the run: gains and keep-chances -------------------------------------------------------------
def rank(g: float, p: float) -> float:
    """The order of a run's actions: g / (1 - p), in figures for a sure action (x 1/EPS_KEEP)."""
    return g * EPS_KEEP / (1.0 - p + EPS_KEEP) if g > 0 else g


def pin_gain(analysis: Analysis, target: Unit) -> float:
    """What pinning an enemy figure gains: what the pin costs him and the threat he no longer poses
    (once per figure and decision)."""
    if target.id not in analysis.pin_gains:
        analysis.pin_gains[target.id] = _pin_gain(analysis, target)
    return analysis.pin_gains[target.id]


def _pin_gain(analysis: Analysis, target: Unit) -> float:
    if not forces.able(target):
        return 0.0
    mine = analysis.open_able()
    mine = positions.nearest(mine, [u.pos for u in mine], target.pos, NEAR_FIGURES)
    threat = 0.0
    if mine:
        seen = analysis.seen_by([target], [u.pos for u in mine])[0]
        for u, ok in zip(mine, seen):
            if ok:
                threat += THREAT * analysis.p_shot(target, target.pos, u.pos) * analysis.pin_cost(u) * 0.5
    g = analysis.pin_cost(target) + min(threat, 0.5) + CHANCE * 0.3
    if analysis.hold and analysis.objective is not None and target.side != analysis.holder and analysis.in_objective(target.pos):
        g += TAKE
    return g


def last_able(analysis: Analysis, targets: Iterable[Unit]) -> bool:
    """Would pinning these leave the enemy nobody able to fight (the battle won)?"""
    ids = {t.id for t in targets}
    return not any(forces.able(u) and u.id not in ids for u in analysis.enemy if not analysis.is_marker(u)) and \
        not any(analysis.is_marker(u) for u in analysis.enemy)


def op_fire_risk(analysis: Analysis, movers: list[Unit], spots: list[Sequence[float]],
                 foes: Sequence[Unit] | None = None) -> float:
    """The best chance an enemy figure (of `foes`, by default all) that sees the move has to stop it
    (every mover it sees must be hit): checked at a third, two thirds and the end of each mover's path."""
    firers = [f for f in (analysis.enemy if foes is None else foes) if forces.able(f) or analysis.is_marker(f)]
    if not firers:
        return 0.0
    path = []
    owner = []
    for i, (m, end) in enumerate(zip(movers, spots)):
        for t in (1 / 3, 2 / 3, 1.0):
            path.append((m.x + (end[0] - m.x) * t, m.y + (end[1] - m.y) * t))
            owner.append(i)
    seen = analysis.seen_by(firers, path)
    worst = 0.0
    for i, f in enumerate(firers):
        hit_all = 1.0
        any_seen = False
        for mi in range(len(movers)):
            cols = [j for j in range(len(path)) if owner[j] == mi and seen[i][j]]
            if not cols:
                continue
            any_seen = True
            hit_all *= max(analysis.p_shot(f, f.pos, path[j]) for j in cols)
        if any_seen:
            worst = max(worst, hit_all)
    return worst


# -- the hard level's look-ahead: every way an action can turn out, with its exact chance ----------
def forced(view: GameState, action, script: list[int] | None, stream=None) -> GameState | None:
    """The view after the action with these dice forced (or drawn from a stream of the AI's own)."""
    sim = view.clone()
    sim.dice = scripted(script) if script is not None else stream
    try:
        engine.apply(sim, action, atomic=False)
    except Exception:
        return None
    return sim


def settle_op_fire(sim: GameState, side: int) -> list[tuple[float, GameState]] | None:
    """The move raised an opportunity-fire decision: the enemy fires with its best chance (all its
    shots hit, or none: the partial outcomes are folded into those two), or holds if it cannot."""
    d = engine.to_act(sim)
    if d is None or d.kind != "opportunity-fire":
        return [(1.0, sim)]
    opts = engine.legal_actions(sim)
    fire = [o for o in opts if isinstance(o.action, OpportunityFire)]
    if not fire:
        hold = next(o for o in opts if isinstance(o.action, Pass))
        after = forced(sim, hold.action, [])
        return [(1.0, after)] if after is not None else None
    best = max(fire, key=lambda o: o.odds or 0)
    p = float(best.odds or 0)
    out = []
    for q, face in ((p, 6), (1 - p, 1)):
        if q <= 0:
            continue
        after = forced(sim, best.action, [face] * 60)
        if after is None:
            return None
        dd = engine.to_act(after)
        if dd is not None and dd.kind == "dive-for-cover":
            after = forced(after, next(o.action for o in engine.legal_actions(after)
                                       if isinstance(o.action, Pass)), [])
            if after is None:
                return None
        out.append((q, after))
    return out


def outcomes_of(view: GameState, action, side: int) -> list[tuple[float, GameState]] | None:
    """Each way the action turns out, with its exact chance, as the view after it; None when this
    action's dice are not enumerated here (the look-ahead then samples it)."""
    if isinstance(action, Pass):
        return each_way(view, action, [(1.0, [])])
    if isinstance(action, Attack):
        plan = combat.plan_attack(view, action.actor, action.target)
        if plan is None:
            return None
        shots = [sh for sh in plan.shots if sh.dice > 0]
        if 2 ** len(shots) > MAX_OUTCOMES:
            return None
        return each_way(view, action, hit_or_miss(shots))
    if isinstance(action, Rally):
        unit = view.units[action.actor]
        n, p, _ = combat.rally_odds(view, unit)
        p = float(p)
        return each_way(view, action, ((p, [6] * n), ((1 - p) * p, [1] * n + [6] * n),
                                       ((1 - p) ** 2, [1] * n + [1] * n)))
    if isinstance(action, Move) and not is_assault(view, action):
        after = forced(view, action, [])
        if after is None:
            return None
        return settle_op_fire(after, side)
    return None


def each_way(view: GameState, action, ways: Iterable[tuple[float, list[int]]]
             ) -> list[tuple[float, GameState]] | None:
    """For each (chance, dice forced) that can happen, the view after the action; None if one fails."""
    out = []
    for q, script in ways:
        if q <= 0:
            continue
        after = forced(view, action, script)
        if after is None:
            return None
        out.append((q, after))
    return out


def hit_or_miss(shots) -> Iterator[tuple[float, list[int]]]:
    """Every combination of an attack's shots hitting (all its dice 6) or missing (all 1), with its chance."""
    for hits in product((True, False), repeat=len(shots)):
        q = 1.0
        script: list[int] = []
        for sh, hit in zip(shots, hits):
            q *= float(sh.p) if hit else 1 - float(sh.p)
            script += [6 if hit else 1] * sh.dice
        yield q, script


def is_assault(view: GameState, action: Move) -> bool:
    lead = RULESET.anchor(view, action.actor)
    if lead is None:
        return False
    return any(u.side != lead.side and not u.out and
               positions.dist(u.pos, (action.x, action.y)) < u.base_radius + lead.base_radius
               for u in view.units.values())


def leaf(state: GameState, side: int, rest: float, clock: int) -> float:
    """What an outcome is worth: the evaluation, and the rest of the run if we still hold the
    initiative (a failed action hands the enemy his run instead: the evaluation counts his threats)."""
    v = evaluate(state, side, clock)
    if state.outcome is None and state.flow.initiative == side:
        v += rest
    return v


def rest_of_run(ctx: Context, action) -> float:
    """What the rest of the run is worth after this action: the best gain among the other candidates
    (another figure's action, still there to take), at least a little for acting again."""
    best = INITIATIVE * 0.5
    actor = getattr(action, "actor", None)
    for c in ctx.cache.get("candidates", []):
        if c.action == action or is_pass(c.action) or getattr(c.action, "actor", None) == actor:
            continue
        best = max(best, c.gain)
    return best
