"""The Takipsilim candidate actions (an order per character, luck to spend, a grenade to answer), against fire coming in."""
from __future__ import annotations

import math
from typing import Iterable

from shapely.geometry import Point
from shapely.ops import nearest_points

from game.ai import positions
from game.ai.framework import Candidate, Context, actor_of
from game.ai.takipsilim.analysis import HURT, LUCK, Analysis, hit_table, p_roll
from game.ai.takipsilim.outcomes import ESCAPE, order_value
from game.ai.takipsilim.reading import read_enemy
from game.engine.actions import Pass
from game.geometry import bases
from game.geometry.measure import distance
from game.rulesets.takipsilim import RULESET as RS
from game.rulesets.takipsilim import ground, tables
from game.rulesets.takipsilim.actions import HUNKER, OPERATE, RUN, Order, SpendLuck, ThrowAway, ThrowBack

INCOMING = 0.8              # how much the enemy's fire at a spot weighs
MOVE_COST = 0.01            # a free move that changes nothing is not made


# -- the orders ------------------------------------------------------------------------------------
def analysis_of(ctx: Context) -> Analysis:
    def make() -> Analysis:
        read = read_enemy(ctx.view, ctx.side, ctx.rng.seed) if ctx.settings.read_enemy else None
        return Analysis(ctx.view, ctx.side, read)
    return ctx.memo("takipsilim", make)


class OrdersCA:
    """One order for the character whose turn it is to be given one."""

    name = "orders"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "orders":
            return
        analysis = analysis_of(ctx)
        u = ctx.view.units.get(actor_of(ctx.decision))
        if u is None:
            return
        here = u.pos
        region = next((o.region for o in ctx.options if o.region is not None and o.template is not None
                       and o.template.action == RUN and "escape" not in o.key), None)
        pts: list[tuple[float, float]] = []
        if region is not None and ctx.settings.moves:
            run = next(o for o in ctx.options if o.region is region)
            anchors = [e.pos for e in analysis.enemy][:4] + self.goal_points(analysis)
            n = max(4, ctx.settings.move_samples // 2) if ctx.settings.positional else 4
            pts = positions.sample_points(ctx.view, run, ctx.rng.child("orders", u.id), n, anchors)
            pts += flank_points(analysis, run, here)
        # bases may not overlap: a spot a comrade already ordered to move to this round is taken (two
        # runs to one spot: the later one stops short at resolution)
        spoken = taken(ctx, u)
        pts = [p for p in pts if not bases.overlapping(p[0], p[1], u.base_radius, spoken)]
        positional = ctx.settings.positional
        risk_here = analysis.incoming(u, here, moved=False) if positional else 0.0
        risk_hunker = analysis.incoming(u, here, moved=False, hunker=True) if positional else 0.0
        risk_at = {p: (analysis.incoming(u, p, moved=True) if positional else 0.0) for p in pts}
        place_here = analysis.place(u, here)
        place_at = {p: analysis.place(u, p) for p in pts}
        for o in ctx.options:
            t = o.action if o.action is not None else o.template
            if not isinstance(t, Order):
                continue
            if o.action is not None:
                hunker = t.action == HUNKER
                risk = risk_hunker if hunker else risk_here
                v = order_value(analysis, u, t, here, moved=False)
                g = v - INCOMING * risk + place_here
                yield Candidate(g, t, o.label, option=o, gain=g)
                continue
            if not ctx.settings.moves:
                continue
            best = None
            points = pts
            if "escape" in o.key or t.action == OPERATE:
                sub = positions.sample_points(ctx.view, o, ctx.rng.child("sub", o.key), 4,
                                              self.goal_points(analysis) + [here])
                points = [p for p in sub if not bases.overlapping(p[0], p[1], u.base_radius, spoken)]
            for p in points:
                if p not in risk_at:
                    risk_at[p] = analysis.incoming(u, p, moved=True) if positional else 0.0
                    place_at[p] = analysis.place(u, p)
                v = order_value(analysis, u, t, p, moved=True)
                if "escape" in o.key:
                    v += ESCAPE
                g = v - INCOMING * risk_at[p] + place_at[p] - MOVE_COST
                if best is None or g > best[0]:
                    best = (g, p)
            if best is not None:
                x, y = best[1]
                yield Candidate(best[0], o.at(x, y), f"{o.label} at ({x:.1f}, {y:.1f})", option=o,
                                gain=best[0])

    @staticmethod
    def goal_points(analysis: Analysis) -> list[tuple[float, float]]:
        vic = analysis.view.scenario.victory
        pts = []
        op = vic.get("operate")
        if op:
            obj = next((o for o in analysis.view.scenario.objectives if o.get("id") == op.get("objective")), None)
            if obj is not None:
                pts.append((float(obj["x"]), float(obj["y"])))
        return pts


FLANK_BEARINGS = 12         # points round a hunkering enemy tried as places to shoot him from
FLANKS = 3                  # of those the mover can reach, the nearest this many


def flank_points(analysis: Analysis, run, here) -> list[tuple[float, float]]:
    """Where the mover could flank an enemy who hunkers down round after round ("Hunkering Down": "This
    only applies if opponents aren't flanking"): points of its reach (the run option's region) from
    which his cover does not stand between them and he is in sight, nearest first."""
    region = run.region
    out: list[tuple[float, float]] = []
    for e in analysis.enemy:
        if not analysis.habit(e.id) or ground.in_cover(analysis.view.table, e.pos) is None:
            continue
        radius = min(max(distance(here, e.pos), 5.0), 25.0)
        found = []
        for k in range(FLANK_BEARINGS):
            a = 2 * math.pi * k / FLANK_BEARINGS
            want = Point(e.pos[0] + radius * math.cos(a), e.pos[1] + radius * math.sin(a))
            q = want if region.covers(want) else nearest_points(region, want)[0]
            p = (round(q.x, 2), round(q.y, 2))
            if not run.contains(run.at(*p)):
                continue
            if ground.hunker_cover(analysis.view.table, e.pos, p) is None and analysis.los(p, e.pos):
                found.append(p)
        out += sorted(set(found), key=lambda p: distance(here, p))[:FLANKS]
    return out


def taken(ctx: Context, u) -> list[tuple[float, float, float]]:
    """The bases of the comrades where they were ordered to move this round (the side's own orders)."""
    out = []
    for uid, o in (ctx.view.data.get("orders") or {}).items():
        f = ctx.view.units.get(uid)
        if f is None or uid == u.id or f.side != u.side or not o.get("move"):
            continue
        out.append((float(o["x"]), float(o["y"]), float(f.base_radius)))
    return out


class LuckCA:
    """A hit taken: spend just enough luck to stay in the fight, else keep it."""

    name = "luck"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "luck":
            return
        analysis = analysis_of(ctx)
        hits = ctx.view.data.get("hits") or []
        if not hits:
            return
        hit = hits[0]
        u = ctx.view.units[hit["target"]]
        dmg = int(hit["damage"])
        left = 6 - analysis.damage(u)
        need = max(0, dmg - left + 1)               # points that keep the figure in the fight
        for o in ctx.options:
            if not isinstance(o.action, SpendLuck):
                continue
            pts = o.action.points
            taken = dmg - pts
            if taken >= left:
                v = -analysis.worth(u) - LUCK * pts
            else:
                v = -HURT * taken / 6 - LUCK * pts * (0.5 if pts <= need else 1.5)
            yield Candidate(v, o.action, o.label, option=o, gain=v)


class GrenadeAnswerCA:
    """A cooked grenade among our figures: throw it back (a failure still saves us), away, or leave it."""

    name = "grenade-answer"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "grenade":
            return
        analysis = analysis_of(ctx)
        gid = ctx.decision.context.get("grenade", "")
        g = next((x for x in ctx.view.data.get("live", []) if x.get("id") == gid), None)
        danger = 0.0
        enemy_gain = 0.0
        if g is not None:
            spec = tables.grenades()[g["type"]]
            centre = (g["x"], g["y"])
            full = hit_table("normal", 0, 0, always=True)
            for v in analysis.units:
                if distance(v.pos, centre) > float(spec["radius"]):
                    continue
                if ground.blast_cover(ctx.view.table, v.pos, centre) is not None:
                    continue
                dodge = p_roll("normal", RS.skill(v, "athletics"))
                if v.side == ctx.side:
                    danger += (1 - dodge) * analysis.hit_value(v, full, projectile=False) + dodge * 0.1
            thrower = ctx.view.units.get(g.get("thrower", ""))
            if thrower is not None:
                for v in analysis.units:
                    if v.side != ctx.side and distance(v.pos, thrower.pos) <= float(spec["radius"]):
                        enemy_gain += 0.5 * analysis.hit_value(v, full, projectile=False)
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(-danger, o.action, "leave the grenade", option=o)
            elif isinstance(o.action, ThrowAway):
                yield Candidate(-0.05, o.action, o.label, option=o)
            elif isinstance(o.action, ThrowBack):
                p = float(o.odds or 0)
                yield Candidate(p * enemy_gain - 2 * LUCK, o.action, o.label, option=o)

