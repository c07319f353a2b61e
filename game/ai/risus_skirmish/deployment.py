"""Hidden deployment for the AI (seed 000 "Hidden deployment"): place each figure and blank once, then finish.

Honest: only the side's view is used, where the enemy stands as the table shows it. A real figure
goes where it stays hidden from the enemy's start (else it is revealed before the first shot), sees
the ground the enemy must cross to the objective (so its fire can pay when it comes), has cover, and
keeps its team together and apart from other teams (one grenade should not catch two). The holder of
an objective keeps someone in it. Blanks go where a real figure might be, spread out, so they draw the
enemy's attention as real markers would.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from game.ai import positions
from game.ai.framework import Candidate, Context
from game.ai.risus_skirmish.analysis import Analysis
from game.engine.actions import Pass
from game.engine.state import Unit
from game.rulesets.risus_skirmish import combat, forces, terrain

SAMPLES = 48                # points tried per figure
SEEN = 2.0                  # standing where the enemy sees it at once: revealed before it fires
WATCH = 1.5                 # the share of the enemy's way to the objective it sees
COVER = 0.3
HOLD = 3.0                  # the first real figure inside the objective held (it must be held)
TEAM_GAP = 5.0              # cm from its leader within which a team member stays together
SPREAD = 10.0               # cm between markers wanted


def is_leader(view, u: Unit) -> bool:
    return u.team is not None and (forces.team_table(view).get(u.team) or {}).get("leader") == u.id


def order(view, units: Iterable[Unit]) -> list[Unit]:
    """Leaders first, then their members, then single figures, then blanks."""
    def key(u: Unit):
        if forces.is_blank(u):
            return (3, "", u.id)
        if u.team is None:
            return (2, "", u.id)
        return (0 if is_leader(view, u) else 1, u.team, u.id)
    return sorted(units, key=key)


class DeployCA:
    name = "deploy"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "deploy":
            return
        placed = set(ctx.decision.context.get("placed", []))
        by_actor = {o.actor[0] if isinstance(o.actor, tuple) else o.actor: o
                    for o in ctx.by_kind("Deploy") if o.actor}
        todo = [u for u in order(ctx.view, [ctx.view.units[a] for a in by_actor if a in ctx.view.units])
                if u.id not in placed]
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(0.0, o.action, "deployment done", option=o)
        if not todo:
            return
        u = todo[0]
        best = self.best_point(ctx, u, by_actor[u.id], placed)
        if best is not None:
            (x, y), facing, why = best
            yield Candidate(1.0, by_actor[u.id].at(x, y, facing), f"place {u.name} {why}",
                            option=by_actor[u.id])

    def best_point(self, ctx: Context, u: Unit, o, placed: set[str]):
        view = ctx.view
        analysis = Analysis(view, ctx.side)
        foes = [f for f in analysis.enemy if forces.is_real(f)]
        goal = _goal(analysis)
        anchors = [goal] + [m.pos for m in view.units.values() if m.id in placed and m.team == u.team
                            and m.team is not None]
        pts = positions.sample_points(view, o, ctx.rng.child("deploy", u.id), SAMPLES, anchors)
        if analysis.hold and analysis.objective is not None and not forces.is_blank(u):
            pts += _objective_grid(analysis, o)      # somewhere inside it out of the enemy's sight
        if not pts:
            return None
        centre = _centre([f.pos for f in foes]) if foes else goal
        facings = [positions.facing_toward(p[0], p[1], [centre]) for p in pts]
        seen = [any(row[j] for row in terrain.sees_many(view, [(f, None, None) for f in foes], pts))
                for j in range(len(pts))] if foes else [False] * len(pts)
        way = _way(foes, goal)
        watch = terrain.sees_many(view, [(u, p, f) for p, f in zip(pts, facings)], way) if way else \
            [[] for _ in pts]
        mine = [m for m in view.units.values() if m.side == ctx.side and m.id in placed and not m.out]
        r1, _ = combat.grenade_radii(view)
        holder_in = any(analysis.in_objective(m.pos) for m in mine if not forces.is_blank(m))
        best = None
        for p, f, s, row in zip(pts, facings, seen, watch):
            v = -SEEN if s else 0.0
            v += COVER if analysis.in_cover(p) else 0.0
            if forces.is_blank(u):
                v += 0.5 * WATCH * _share(row)
                gap = min((positions.dist(p, m.pos) for m in mine), default=SPREAD)
                v += 0.5 * min(1.0, gap / SPREAD)
            else:
                v += WATCH * _share(row)
                if analysis.hold and not holder_in and analysis.in_objective(p):
                    v += HOLD
                lead = _leader_placed(view, u, mine)
                if lead is not None:
                    v -= 0.3 * max(0.0, positions.dist(p, lead.pos) - TEAM_GAP)
                others = [m for m in mine if not forces.is_blank(m) and (m.team is None or m.team != u.team)]
                if any(positions.dist(p, m.pos) < 2 * r1 for m in others):
                    v -= 0.3
            if best is None or v > best[0]:
                best = (v, p, f, "hidden" if not s else "in sight")
        _, p, f, why = best
        return p, round(f, 1), why


def _goal(analysis: Analysis) -> tuple[float, float]:
    if analysis.objective is not None:
        return float(analysis.objective["x"]), float(analysis.objective["y"])
    own = [u.pos for u in analysis.own] or [(analysis.view.scenario.width / 2, analysis.view.scenario.height / 2)]
    return _centre(own)


def _objective_grid(analysis: Analysis, o, step: float = 1.5) -> list[tuple[float, float]]:
    obj = analysis.objective
    cx, cy, r = float(obj["x"]), float(obj["y"]), float(obj.get("radius", 5.0))
    n = int(r // step)
    out = []
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            p = (cx + i * step, cy + j * step)
            if analysis.in_objective(p) and o.contains(o.at(p[0], p[1], 0.0)):
                out.append(p)
    return out


def _centre(pts: Sequence[Sequence[float]]) -> tuple[float, float]:
    return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)


def _way(foes: Sequence[Unit], goal: tuple[float, float], steps: int = 6) -> list[tuple[float, float]]:
    """Points on the enemy's straight ways to the objective (the ground he must cross)."""
    out = []
    for f in foes:
        for k in range(1, steps + 1):
            t = k / (steps + 1)
            out.append((f.x + (goal[0] - f.x) * t, f.y + (goal[1] - f.y) * t))
    return out


def _share(row: Sequence[bool]) -> float:
    return sum(1 for c in row if c) / len(row) if row else 0.0


def _leader_placed(view, u: Unit, mine: Sequence[Unit]) -> Unit | None:
    if u.team is None:
        return None
    return next((m for m in mine if m.team == u.team and m.id != u.id and is_leader(view, m)), None) or \
        next((m for m in mine if m.team == u.team and m.id != u.id), None)

