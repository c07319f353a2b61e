"""The Risus Skirmish candidate actions (attack, grenade, rally, move, assault, OP fire, dive, pass), ranked for the run."""
from __future__ import annotations

from typing import Iterable, Sequence

from game.ai import generic, positions
from game.ai.framework import Candidate, Context, actor_of
from game.ai.generic import WIN
from game.ai.risus_skirmish.analysis import ABLE, COVER, HIDDEN, HOLD_FIRST, MARKER_REAL, TAKE, Analysis
from game.ai.risus_skirmish.outcomes import last_able, op_fire_risk, pin_gain, rank
from game.engine.actions import Pass
from game.engine.ruleset import Option
from game.engine.state import Unit
from game.rulesets.risus_skirmish import combat, forces, terrain
from game.rulesets.risus_skirmish.actions import Attack, Move, OpportunityFire, Rally, ThrowGrenade
from game.rulesets.risus_skirmish.ruleset import RULESET

MIN_MOVE = 0.05             # a move must gain a little more (no fiddling about inside a wood)
AGAIN = 3.0                 # each earlier move of the same actor in this run multiplies that margin


def moves_this_run(view, actor: str) -> int:
    """How often the actor has moved in the side's current run (its turn), from the side's own log.
    A move always keeps the initiative unless OP fire stops it, so without this a side could shuffle
    its figures back and forth for ever."""
    n = 0
    for e in reversed(view.log):
        if e.turn != view.turn:
            break
        if e.kind == "Moved" and e.data.get("actor") == actor:
            n += 1
    return n


def analysis_of(ctx: Context) -> Analysis:
    return ctx.memo("risus", lambda: Analysis(ctx.view, ctx.side))


class RunCA:
    """An action of the run, of one option kind: judged by its gain g and the chance p that the run
    goes on, and ranked by both (outcomes.rank)."""

    name = ""
    kind = ""

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        analysis = analysis_of(ctx)
        for o in ctx.likeliest(ctx.by_kind(self.kind)):
            judged = self.judge(ctx, analysis, o)
            if judged is not None:
                g, p = judged
                yield Candidate(rank(g, p), o.action, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=p)

    def judge(self, ctx: Context, analysis: Analysis, o: Option) -> tuple[float, float] | None:
        raise NotImplementedError


class AttackCA(RunCA):
    """Fire at an enemy character or team: every hit pins; all must hit to keep the initiative."""

    name = "attack"
    kind = "Attack"

    def judge(self, ctx: Context, analysis: Analysis, o: Option) -> tuple[float, float] | None:
        act = o.action
        assert isinstance(act, Attack)
        if not ctx.settings.positional:
            # quick: the option's odds (every figure of the target must be hit) and nothing more
            p = float(o.odds or 0)
            targets = [t for t in combat.targets_of(ctx.view, act.target)]
            g = p * sum(pin_gain(analysis, t) for t in targets)
        else:
            plan = combat.plan_attack(ctx.view, act.actor, act.target)
            if plan is None:
                return None
            g = 0.0
            targets = []
            for shot in plan.shots:
                t = ctx.view.units[shot.target]
                targets.append(t)
                g += float(shot.p) * pin_gain(analysis, t)
            p = float(plan.p)
        if last_able(analysis, targets):
            g += p * WIN / 4
        shooters = forces.entity_units(ctx.view, act.actor)
        if any(forces.is_hidden(s) for s in shooters):
            g -= HIDDEN * 0.5             # firing gives the position away
        return g, p


class GrenadeCA(RunCA):
    """A hand grenade, with the odds the rules roll: the target, then everyone else in the blast (friends
    too, hidden markers as possibly real), each with one die less and his cover from the burst. Only
    the target's roll keeps the initiative, so against a team, or a cluster behind a wall, it can beat
    fire that must hit every member."""

    name = "grenade"
    kind = "Grenade"

    def judge(self, ctx: Context, analysis: Analysis, o: Option) -> tuple[float, float] | None:
        act = o.action
        assert isinstance(act, ThrowGrenade)
        thrower, target = ctx.view.units[act.actor], ctx.view.units[act.target]
        p = float(o.odds or 0)
        g = pin_gain(analysis, target)
        pinned, p_all = [target], 1.0
        for u in combat.in_blast(ctx.view, target):
            if forces.is_blank(u):
                continue                  # our own blank: taken away, nobody there
            d, _, _ = combat.grenade_dice(ctx.view, thrower, u.pos, blast_at=target.pos)
            pu = float(combat.p_attack(d))
            if u.side == ctx.side:
                g -= pu * analysis.pin_cost(u)
            else:
                g += pu * pin_gain(analysis, u) * (MARKER_REAL if analysis.is_marker(u) else 1.0)
                pinned.append(u)
                p_all *= pu
        g *= p
        if last_able(analysis, pinned):
            g += p * p_all * WIN / 4      # the target and every enemy in the blast hit: the battle won
        if forces.is_hidden(thrower):
            g -= HIDDEN * 0.5             # throwing gives the position away
        return g, p


class RallyCA(RunCA):
    """Rally a pinned figure: success frees it; failing twice puts it out of the battle."""

    name = "rally"
    kind = "Rally"

    def judge(self, ctx: Context, analysis: Analysis, o: Option) -> tuple[float, float] | None:
        act = o.action
        assert isinstance(act, Rally)
        u = ctx.view.units[act.actor]
        p = float(o.odds or 0)
        threat = analysis.threat([u.pos], analysis.enemy)[0]
        pinned = analysis.figure_value(u, u.pos, u.facing, analysis.enemy, threat, pinned=True)
        able = analysis.figure_value(u, u.pos, u.facing, analysis.enemy, threat, pinned=False)
        up = able - pinned
        down = ABLE - analysis.pin_cost(u)
        if analysis.hold and u.side == analysis.holder and analysis.in_objective(u.pos):
            inside = [v for v in analysis.own if v.id != u.id and analysis.in_objective(v.pos)]
            if not inside:
                down += HOLD_FIRST         # a pinned defender inside still holds the objective
        g = p * up - (1 - p) * (1 - p) * down
        return g, p


class MoveCA:
    """Move a character or team into a point of the region: cover, sight of targets, the objective,
    against the risk of opportunity fire along the way."""

    name = "move"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if not ctx.settings.moves:
            return
        analysis = analysis_of(ctx)
        def where(o: Option):
            lead = RULESET.anchor(ctx.view, actor_of(o))
            return lead.pos if lead is not None else None
        for o in ctx.near_fight(ctx.by_kind("Move"), where):
            if o.region is None:
                continue
            best = self.best_point(ctx, analysis, o)
            if best is not None:
                yield best

    def movers(self, ctx: Context, actor: str) -> list[Unit]:
        return RULESET.movers(ctx.view, actor)

    def best_point(self, ctx: Context, analysis: Analysis, o: Option) -> Candidate | None:
        movers = self.movers(ctx, actor_of(o))
        if not movers:
            return None
        lead = movers[0]
        if forces.is_blank(lead):
            return None
        foes = positions.nearest(analysis.enemy, [f.pos for f in analysis.enemy], lead.pos, ctx.settings.near_foes)
        anchors: list[tuple[float, float]] = []
        if analysis.objective is not None:
            anchors.append((float(analysis.objective["x"]), float(analysis.objective["y"])))
        near = sorted(foes, key=lambda f: positions.dist(f.pos, lead.pos))[:3]
        anchors += [f.pos for f in near]
        n = ctx.settings.move_samples if ctx.settings.positional else 6
        pts = positions.sample_points(ctx.view, o, ctx.rng.child("move", actor_of(o)), n, anchors)
        if not pts:
            return None
        # a move ending in contact with an enemy figure or marker is an assault: not here
        reach = lead.base_radius + 0.3
        far = max(positions.dist(p, lead.pos) for p in pts) + reach     # no enemy beyond can touch a point
        close = [f for f in analysis.enemy if positions.dist(f.pos, lead.pos) <= far + f.base_radius + 1e-6]
        pts = [p for p in pts if all(positions.dist(p, f.pos) >= reach + f.base_radius for f in close)]
        if not pts:
            return None
        # where every mover would end (a team keeps its shape, squeezed into the region)
        region = o.region
        ends = []
        for x, y in pts:
            spots = [(x, y)]
            for m in movers[1:]:
                spots.append(terrain.nearest_inside(region, x + m.x - lead.x, y + m.y - lead.y))
            ends.append(spots)
        flat = [p for spots in ends for p in spots]
        positional = ctx.settings.positional
        spotters = [f for f in foes if forces.is_real(f) and not forces.is_hidden(f)]
        hidden_movers = any(forces.is_hidden(m) for m in movers)
        revealed = [any(row[j] for row in analysis.seen_by(spotters, flat)) for j in range(len(flat))] \
            if hidden_movers and spotters else [False] * len(flat)

        facings = self.facings(analysis, lead, pts, foes)
        shooters = [(m, spot, facing) for spots, facing in zip(ends, facings) for m, spot in zip(movers, spots)]
        chance_end = analysis.chances(shooters, foes)

        def value(m: Unit, spot, facing: float, threat: float, seen: bool, chance: float | None) -> float:
            if not positional:
                return analysis.figure_value(m, spot, facing, foes, 0.0, chance=chance) - \
                    (COVER if analysis.in_cover(spot) else 0.0)
            return analysis.figure_value(m, spot, facing, foes, threat, hidden=None if not seen else False,
                                   chance=chance)

        threat_now = analysis.threat([m.pos for m in movers], foes) if positional else [0.0] * len(movers)
        chance_now = analysis.chances([(m, m.pos, m.facing) for m in movers], foes)
        now = sum(value(m, m.pos, m.facing, t, False, c) for m, t, c in zip(movers, threat_now, chance_now))
        now += analysis.hold_value(ctx.side)
        threat_end = analysis.threat(flat, foes) if positional else [0.0] * len(flat)
        scored = []
        k = 0
        for (x, y), spots, facing in zip(pts, ends, facings):
            total = 0.0
            for m, spot in zip(movers, spots):
                total += value(m, spot, facing, threat_end[k], revealed[k], chance_end[k])
                k += 1
            total += analysis.hold_value(ctx.side, {m.id: spot for m, spot in zip(movers, spots)})
            scored.append((total - now, (x, y), spots, facing))
        scored.sort(key=lambda t: -t[0])
        # stopped by opportunity fire: pinned where it was seen (about where it stood), instead of
        # standing there exposed to the enemy's run (which `now` already counts)
        stopped = sum(analysis.figure_value(m, m.pos, m.facing, foes, 0.0, pinned=True) for m in movers) \
            + analysis.hold_value(ctx.side) if positional else 0.0
        best = None
        for delta, (x, y), spots, facing in scored[:3]:
            p_op = op_fire_risk(analysis, movers, spots, foes) if positional else 0.0
            g = (1 - p_op) * delta + p_op * (stopped - now)
            if best is None or rank(g, 1 - p_op) > best[0]:
                best = (rank(g, 1 - p_op), g, 1 - p_op, x, y, facing)
        if best is None or best[1] < MIN_MOVE * AGAIN ** moves_this_run(ctx.view, actor_of(o)):
            return None
        _, g, keep, x, y, facing = best
        return Candidate(rank(g, keep), o.at(x, y, facing), f"{o.label} to ({x:.1f}, {y:.1f})",
                         option=o, gain=g, keep=keep)

    @staticmethod
    def facing(analysis: Analysis, lead: Unit, pos: Sequence[float], foes: Sequence[Unit]) -> float:
        return MoveCA.facings(analysis, lead, [pos], foes)[0]

    @staticmethod
    def facings(analysis: Analysis, lead: Unit, pts: Sequence[Sequence[float]], foes: Sequence[Unit]) -> list[float]:
        """Face the enemy worth watching: the nearest able one in clear sight, else the nearest."""
        live = [f for f in foes if not f.out]
        if not live:
            return [lead.facing] * len(pts)
        clear = terrain.clear_pairs(analysis.view, [(p, f.pos) for p in pts for f in live])
        out = []
        for i, pos in enumerate(pts):
            row = clear[i * len(live):(i + 1) * len(live)]
            seen = [f for f, c in zip(live, row) if c and forces.able(f)]
            target = min(seen or live, key=lambda f: positions.dist(pos, f.pos))
            out.append(positions.facing_toward(pos[0], pos[1], [target.pos]))
        return out


class AssaultCA(RunCA):
    """Move onto an enemy's position: Risus close combat decides; losing costs the leader."""

    name = "assault"
    kind = "Assault"

    def judge(self, ctx: Context, analysis: Analysis, o: Option) -> tuple[float, float] | None:
        act = o.action
        assert isinstance(act, Move)
        target = ctx.view.units.get(o.target or "")
        movers = RULESET.movers(ctx.view, act.actor)
        if target is None or not movers:
            return None
        p = float(o.odds or 0)
        p_op = op_fire_risk(analysis, movers, [target.pos] * len(movers)) \
            if ctx.settings.positional else 0.0
        win = ABLE if forces.able(target) else ABLE - analysis.pin_cost(target)
        if analysis.hold and analysis.in_objective(target.pos):
            win += TAKE
        if last_able(analysis, [target]):
            win += WIN / 4
        g = (1 - p_op) * (p * win - (1 - p) * ABLE) - p_op * sum(analysis.pin_cost(m) for m in movers)
        keep = (1 - p_op) * p
        return g, keep


class OpFireCA:
    """Opportunity fire costs nothing but a hidden position: fire with the best chance, or hold."""

    name = "opportunity-fire"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "opportunity-fire":
            return
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(0.0, o.action, "hold fire", option=o)
            elif isinstance(o.action, OpportunityFire):
                p = float(o.odds or 0)
                shooters = forces.entity_units(ctx.view, o.action.actor)
                cost = HIDDEN * 0.5 if any(forces.is_hidden(s) for s in shooters) else 0.0
                # success pins the mover and takes the initiative for us
                mover = interrupted(ctx)
                hit = [ctx.view.units[u] for u in mover.get("paths", {}) if u in ctx.view.units]
                analysis = analysis_of(ctx)
                g = p * (sum(analysis.pin_cost(u) for u in hit) + 0.6) - cost
                yield Candidate(g, o.action, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=1.0)


def interrupted(ctx: Context) -> dict:
    """What the interrupt being answered carries, as the side's view shows it (the move waiting on
    OP fire, or the figures hit and diving)."""
    pending = ctx.view.flow.interrupts
    return pending[-1].context if pending else {}


class DiveCA:
    """Hit by opportunity fire: dive to the best spot within reach, or go down where hit."""

    name = "dive"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "dive-for-cover":
            return
        analysis = analysis_of(ctx)
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(0.0, o.action, "hit the ground here", option=o)
                continue
            if o.region is None:
                continue
            dive = interrupted(ctx)
            lead = ctx.view.units.get(dive.get("anchor", ""))
            if lead is None:
                continue
            pts = positions.sample_points(ctx.view, o, ctx.rng.child("dive"), ctx.settings.move_samples)
            if not pts:
                continue
            threats = analysis.threat(pts + [lead.pos], analysis.enemy)
            here = threats[-1]
            best = None
            for pt, t in zip(pts, threats):
                v = (here - t) + (COVER if analysis.in_cover(pt) else 0.0) - (COVER if analysis.in_cover(lead.pos) else 0)
                if best is None or v > best[0]:
                    best = (v, pt)
            if best is not None and best[0] > 0:
                x, y = best[1]
                facing = MoveCA.facing(analysis, lead, (x, y), analysis.enemy)
                yield Candidate(best[0], o.at(x, y, facing), f"dive for cover to ({x:.1f}, {y:.1f})",
                                option=o)


class StandFastCA:
    """"A turn consists of one or more actions": before its first action a side may not pass. When
    nothing is worth doing, a figure turns on the spot to face the enemy (a move that draws no OP
    fire), worth what passing is; then the side may pass."""

    name = "stand-fast"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "act" or any(isinstance(o.action, Pass) for o in ctx.options):
            return
        analysis = analysis_of(ctx)
        foes = [f for f in analysis.enemy if not f.out]
        for o in ctx.by_kind("Move"):
            movers = RULESET.movers(ctx.view, actor_of(o))
            if not movers or forces.is_blank(movers[0]) or o.region is None:
                continue
            lead = movers[0]
            facing = MoveCA.facing(analysis, lead, lead.pos, foes) if foes else lead.facing
            action = o.at(lead.x, lead.y, facing)
            if o.contains(action):
                yield Candidate(-1e-6, action, f"{o.label}: turns on the spot to face the enemy",
                                option=o, gain=0.0, keep=1.0)
                return


class PassCA(generic.PassCA):
    """Passing ends the run: only when the side has the initiative to act with."""

    why = "pass: nothing worth the risk"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind == "act":
            yield from super().evaluate(ctx)
