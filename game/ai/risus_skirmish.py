"""What the AI knows of Risus Skirmish (seed 000): keep the initiative, move from cover to cover,
fire when the odds are good, rally, decide opportunity fire, throw grenades, dive for cover.

The side holding the initiative acts while its actions succeed; a failed action hands the enemy its
run, exactly as passing does. So each action is judged by its expected gain `g` (in figures, from
the static evaluation below) and the chance `p` that the run goes on: the best order of independent
actions with gains g and keep-chances p is by g / (1 - p) (a sure action first, it risks nothing of
the rest of the run; a long shot last, its failure costs the run). An action that gains nothing is
never taken: when nothing gains, the AI passes, so it can never shuffle figures forever.

The static evaluation, per figure: able 1, pinned 1 less what the pin costs (a tempo, and the
chance the rally kills it), minus the enemy's chance to pin it where it stands (his run comes next),
plus its own best chance to pin someone, cover, and the scenario's objective (the attacker of a
held objective is pulled toward it, harder as the turn limit nears; the holder keeps someone in it;
in an elimination the side not ahead at the limit closes in).

Everything is computed from the side's view: hidden enemy markers are treated as possible shooters
(half of them real), never looked behind.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from game.ai import positions
from game.ai.framework import Candidate, Context, Knowledge, is_pass
from game.ai.generic import WIN, outcome_value
from game.ai.knowledge import register_knowledge
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit
from game.rulesets.risus_skirmish import combat, forces, geo, victory
from game.rulesets.risus_skirmish.actions import Attack, Move, OpportunityFire, Rally, ThrowGrenade
from game.rulesets.risus_skirmish.ruleset import RULESET

ABLE = 1.0                  # a figure able to fight
TEMPO = 0.2                 # what a pin costs even when the rally succeeds: an action spent on it
THREAT = 0.9                # how much the enemy's chance to pin a figure weighs (his run comes next)
CHANCE = 0.25               # how much our own best chance to pin weighs (from where we stand)
COVER = 0.08                # a figure in a cover piece
HIDDEN = 0.25               # an own figure still hidden: the enemy cannot attack it
MARKER_REAL = 0.6           # an enemy hidden marker: how likely it is a real figure
MARKER_DICE = 2             # and the dice it would shoot with
APPROACH = 3.0              # attacker of a held objective: per figure, per table diagonal nearer
HOLD_FIRST = 1.5            # the holder: the first figure (pinned or not) inside the objective
HOLD_MORE = 0.3             # each further able figure inside
TAKE = 0.6                  # the attacker: each able figure inside the objective
CLOSE_IN = 0.8              # eliminate scenarios, a side not ahead: per diagonal nearer the enemy
MIN_MOVE = 0.05             # and a move a little more (no fiddling about inside a wood)
EPS_KEEP = 0.1              # g * EPS / (1 - p + EPS): the ranking of a run's actions


# -- the analysis of one view ---------------------------------------------------------------------
class Analysis:
    """Figures, dice and sight of one view, cached for one decision (and for one evaluation)."""

    def __init__(self, view: GameState, side: int, clock: int | None = None):
        self.view = view
        self.side = side
        self.clock = view.turn if clock is None else clock
        self.units = [u for u in view.units.values() if not u.out and not forces.is_blank(u)]
        self.own = [u for u in self.units if u.side == side]
        self.enemy = [u for u in self.units if u.side != side]
        self.diag = math.hypot(view.scenario.width, view.scenario.height)
        self._base: dict[str, int] = {}
        self._cover: dict[tuple, bool] = {}
        self._in_cover: dict[tuple, bool] = {}
        self._pin_cost: dict[str, float] = {}
        self._behind: dict[int, bool] = {}
        v = view.scenario.victory
        self.hold = v.get("kind") == "hold"
        self.objective = victory.objective(view, v.get("objective")) if self.hold else None
        self.holder = int(v.get("side", 1)) if self.hold else None

    # dice ---------------------------------------------------------------------------------------
    @staticmethod
    def is_marker(u: Unit) -> bool:
        return forces.is_hidden(u) and not u.stats

    def base_dice(self, u: Unit) -> int:
        """Dice before cover: the entity's shooting cliché halved (a team: its acting leader's) and
        the figure's weapon."""
        if u.id not in self._base:
            if self.is_marker(u):
                self._base[u.id] = MARKER_DICE
            else:
                who: Unit | None = u
                tags = forces.SHOOTING
                if u.team is not None and u.team in forces.team_table(self.view):
                    who = forces.acting_leader(self.view, u.team) or u
                    tags = forces.TEAM_SHOOTING
                cl = forces.best_cliche(who, tags)
                self._base[u.id] = forces.attack_dice_base(forces.level(cl)) + forces.weapon_bonus(self.view, u)
        return self._base[u.id]

    def covered(self, target: Sequence[float], attacker: Sequence[float]) -> bool:
        key = (round(target[0], 2), round(target[1], 2), round(attacker[0], 2), round(attacker[1], 2))
        if key not in self._cover:
            self._cover[key] = geo.cover_piece(self.view, target, attacker) is not None
        return self._cover[key]

    def p_shot(self, shooter: Unit, spos: Sequence[float], tpos: Sequence[float]) -> float:
        dice = self.base_dice(shooter) - (1 if self.covered(tpos, spos) else 0)
        p = float(combat.p_attack(max(dice, 0)))
        return p * MARKER_REAL if self.is_marker(shooter) else p

    # sight ----------------------------------------------------------------------------------------
    def seen_by(self, shooters: Sequence[Unit], points: Sequence[Sequence[float]]) -> list[list[bool]]:
        """matrix[i][j]: shooter i (where he stands, as he faces; a marker sees all round) sees point j."""
        if not shooters or not points:
            return [[False] * len(points) for _ in shooters]
        out = geo.sees_many(self.view, [(s, None, None) for s in shooters], list(points))
        for i, s in enumerate(shooters):
            if self.is_marker(s):
                clear = geo.clear_pairs(self.view, [(s.pos, p) for p in points])
                out[i] = list(clear)
        return out

    def threat(self, points: Sequence[Sequence[float]], shooters: Sequence[Unit]) -> list[float]:
        """For each point: the chance at least one of these shooters would pin a figure there."""
        able = [s for s in shooters if forces.able(s) or self.is_marker(s)]
        seen = self.seen_by(able, points)
        out = []
        for j, pt in enumerate(points):
            miss = 1.0
            for i, s in enumerate(able):
                if seen[i][j]:
                    miss *= 1.0 - self.p_shot(s, s.pos, pt)
            out.append(1.0 - miss)
        return out

    def chance_from(self, u: Unit, pos: Sequence[float], facing: float, targets: Sequence[Unit]) -> float:
        """The best chance figure u at pos (facing so) has to pin one of the targets it sees."""
        return self.chances([(u, pos, facing)], targets)[0]

    def chances(self, shooters: Sequence[tuple[Unit, Sequence[float], float]],
                targets: Sequence[Unit]) -> list[float]:
        """For each (figure, where, facing): its best chance to pin one of the targets it sees."""
        live = [t for t in targets if forces.able(t) and not forces.is_hidden(t)]
        if not live or not shooters:
            return [0.0] * len(shooters)
        seen = geo.sees_many(self.view, list(shooters), [t.pos for t in live])
        out = []
        for (u, pos, _), row in zip(shooters, seen):
            best = 0.0
            for t, ok in zip(live, row):
                if ok:
                    best = max(best, self.p_shot(u, pos, t.pos))
            out.append(best)
        return out

    # what a pin costs ----------------------------------------------------------------------------
    def rally_p(self, u: Unit) -> float:
        if self.is_marker(u):
            return 0.56
        n, p, _ = combat.rally_odds(self.view, u)
        return float(p)

    def pin_cost(self, u: Unit) -> float:
        """A pinned figure has lost a tempo, and may die rallying: each rally fails with 1 - p, and
        a failed rally kills it with 1 - p again (seed 000 "Rally")."""
        if u.id not in self._pin_cost:
            q = 1.0 - self.rally_p(u)
            self._pin_cost[u.id] = TEMPO + q * (0.25 + q * 0.75)
        return self._pin_cost[u.id]

    # where a figure stands ----------------------------------------------------------------------------
    def in_cover(self, pos: Sequence[float]) -> bool:
        key = (round(pos[0], 2), round(pos[1], 2))
        if key not in self._in_cover:
            self._in_cover[key] = positions.in_cover_piece(self.view, pos)
        return self._in_cover[key]

    def in_objective(self, pos: Sequence[float]) -> bool:
        if self.objective is None:
            return False
        o = self.objective
        if o.get("polygon"):
            import shapely
            return bool(shapely.Polygon(o["polygon"]).covers(shapely.Point(pos[0], pos[1])))
        return positions.dist(pos, (float(o["x"]), float(o["y"]))) <= float(o.get("radius", 5.0))

    def urgency(self) -> float:
        """The attacker's clock: the nearer the turn limit, the more an advance is worth."""
        limit = max(1, self.view.scenario.turn_limit)
        return 1.0 + min(1.0, self.clock / limit)

    def place_value(self, u: Unit, pos: Sequence[float], foes: Sequence[Unit],
                    pinned: bool | None = None) -> float:
        """The objective of the scenario, per figure (the holder's own term is per side: hold_value).
        A pinned figure is as far from the objective as it was: only taking it needs an able one."""
        if forces.is_blank(u):
            return 0.0
        if self.hold and self.objective is not None:
            if u.side == self.holder:
                return 0.0
            centre = (float(self.objective["x"]), float(self.objective["y"]))
            d = positions.dist(pos, centre)
            down = forces.is_pinned(u) if pinned is None else pinned
            take = TAKE if self.in_objective(pos) and not down else 0.0
            return -APPROACH * self.urgency() * d / self.diag + take
        if not foes or not self.behind(u.side):
            return 0.0
        d = min(positions.dist(pos, f.pos) for f in foes)
        pull = CLOSE_IN * self.urgency() ** 2
        if forces.is_hidden(u):
            # a hidden figure waits in ambush, but not past the point where waiting loses the battle
            pull *= max(0.0, self.urgency() - 1.0)
        return -pull * d / self.diag

    def behind(self, side: int) -> bool:
        """Eliminate scenarios: would this side fail to win at the turn limit as things stand (the
        side with more figures able to fight wins; a hidden marker counts as likely real)?"""
        if side not in self._behind:
            def able(s: int) -> float:
                return sum((MARKER_REAL if self.is_marker(u) else 1.0) for u in self.units
                           if u.side == s and (forces.able(u) or self.is_marker(u)))
            mine = able(side)
            self._behind[side] = any(able(s) >= mine for s in range(self.view.sides) if s != side)
        return self._behind[side]

    def hold_value(self, side: int, where: dict[str, Sequence[float]] | None = None) -> float:
        """The holder of the objective: someone inside (pinned counts: it still holds), more able
        figures inside are worth a little more."""
        if not self.hold or self.objective is None or side != self.holder:
            return 0.0
        where = where or {}
        inside = [u for u in self.units if u.side == side and self.in_objective(where.get(u.id, u.pos))]
        if not inside:
            return 0.0
        able = sum(1 for u in inside if forces.able(u))
        return HOLD_FIRST + HOLD_MORE * max(0, able - 1)

    def figure_value(self, u: Unit, pos: Sequence[float], facing: float, foes: Sequence[Unit],
                     threat: float, hidden: bool | None = None, chance: float | None = None,
                     pinned: bool | None = None) -> float:
        """What figure u is worth to its side standing at pos: pinned or able, cover, the enemy's
        chance to pin it there (his run comes next), its own chance to pin someone, the objective."""
        cover = COVER if self.in_cover(pos) else 0.0
        if forces.is_pinned(u) if pinned is None else pinned:
            return ABLE - self.pin_cost(u) + cover + self.place_value(u, pos, foes, True)
        v = ABLE + cover
        if forces.is_hidden(u) if hidden is None else hidden:
            v += HIDDEN
        else:
            v -= THREAT * threat * self.pin_cost(u)
        if chance is None:
            chance = self.chance_from(u, pos, facing, foes)
        v += CHANCE * chance
        return v + self.place_value(u, pos, foes, False)


def side_value(an: Analysis, side: int) -> float:
    mine = [u for u in an.units if u.side == side]
    foes = [u for u in an.units if u.side != side]
    threats = an.threat([u.pos for u in mine], foes)
    chances = an.chances([(u, u.pos, u.facing) for u in mine], foes)
    return sum(an.figure_value(u, u.pos, u.facing, foes, t, chance=c)
               for u, t, c in zip(mine, threats, chances)) + \
        an.hold_value(side)


def evaluate(state: GameState, side: int, clock: int | None = None) -> float:
    """How good the state is for the side, in figures. `clock`: the turn whose urgency applies (the
    look-ahead compares outcomes at the clock of the decision, so a failed action is not also
    charged for the turn it hands over)."""
    done = outcome_value(state, side)
    if done is not None:
        return done
    an = Analysis(state, side, clock)
    other = [s for s in range(state.sides) if s != side]
    v = side_value(an, side) - sum(side_value(an, s) for s in other)
    if not any(forces.able(u) for u in an.enemy):
        v += WIN / 2
    if not any(forces.able(u) for u in an.own):
        v -= WIN / 2
    return v


# -- the run: gains and keep-chances ------------------------------------------------------------------
def rank(g: float, p: float) -> float:
    """The order of a run's actions: g / (1 - p), in figures for a sure action (x 1/EPS_KEEP)."""
    return g * EPS_KEEP / (1.0 - p + EPS_KEEP) if g > 0 else g


def an_of(ctx: Context) -> Analysis:
    return ctx.memo("risus", lambda: Analysis(ctx.view, ctx.side))


def pin_gain(an: Analysis, target: Unit) -> float:
    """What pinning an enemy figure gains: what the pin costs him and the threat he no longer poses."""
    if not forces.able(target):
        return 0.0
    mine = [u for u in an.own if forces.able(u) and not forces.is_hidden(u)]
    threat = 0.0
    if mine:
        seen = an.seen_by([target], [u.pos for u in mine])[0]
        for u, ok in zip(mine, seen):
            if ok:
                threat += THREAT * an.p_shot(target, target.pos, u.pos) * an.pin_cost(u) * 0.5
    g = an.pin_cost(target) + min(threat, 0.5) + CHANCE * 0.3
    if an.hold and an.objective is not None and target.side != an.holder and an.in_objective(target.pos):
        g += TAKE
    return g


def last_able(an: Analysis, targets: Iterable[Unit]) -> bool:
    """Would pinning these leave the enemy nobody able to fight (the battle won)?"""
    ids = {t.id for t in targets}
    return not any(forces.able(u) and u.id not in ids for u in an.enemy if not an.is_marker(u)) and \
        not any(an.is_marker(u) for u in an.enemy)


class AttackCA:
    """Fire at an enemy character or team: every hit pins; all must hit to keep the initiative."""

    name = "attack"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        an = an_of(ctx)
        for o in ctx.by_kind("Attack"):
            act = o.action
            assert isinstance(act, Attack)
            if not ctx.settings.positional:
                # quick: the option's odds (every figure of the target must be hit) and nothing more
                p = float(o.odds or 0)
                targets = [t for t in combat.targets_of(ctx.view, act.target)]
                g = p * sum(pin_gain(an, t) for t in targets)
            else:
                plan = combat.plan_attack(ctx.view, act.actor, act.target)
                if plan is None:
                    continue
                g = 0.0
                targets = []
                for shot in plan.shots:
                    t = ctx.view.units[shot.target]
                    targets.append(t)
                    g += float(shot.p) * pin_gain(an, t)
                p = float(plan.p)
            if last_able(an, targets):
                g += p * WIN / 4
            shooters = forces.entity_units(ctx.view, act.actor)
            if any(forces.is_hidden(s) for s in shooters):
                g -= HIDDEN * 0.5             # firing gives the position away
            yield Candidate(rank(g, p), act, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=p)


class GrenadeCA:
    """A hand grenade: the target and everyone else in the blast (friends too) may be pinned."""

    name = "grenade"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        an = an_of(ctx)
        r1, _ = combat.grenade_radii(ctx.view)
        for o in ctx.by_kind("Grenade"):
            act = o.action
            assert isinstance(act, ThrowGrenade)
            thrower, target = ctx.view.units[act.actor], ctx.view.units[act.target]
            p = float(o.odds or 0)
            g = pin_gain(an, target)
            others = [u for u in an.units if u.id != target.id and forces.able(u)]
            caught = [others[i] for i in ctx.view.table.blast(target.pos, r1, [u.pos for u in others])] \
                if others else []
            for u in caught:
                d, _, _ = combat.grenade_dice(ctx.view, thrower, u.pos, False)
                pu = float(combat.p_attack(d))
                g += pu * (pin_gain(an, u) if u.side != ctx.side else -an.pin_cost(u))
            g *= p
            yield Candidate(rank(g, p), act, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=p)


class RallyCA:
    """Rally a pinned figure: success frees it; failing twice puts it out of the battle."""

    name = "rally"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        an = an_of(ctx)
        for o in ctx.by_kind("Rally"):
            act = o.action
            assert isinstance(act, Rally)
            u = ctx.view.units[act.actor]
            p = float(o.odds or 0)
            threat = an.threat([u.pos], an.enemy)[0]
            pinned = an.figure_value(u, u.pos, u.facing, an.enemy, threat, pinned=True)
            able = an.figure_value(u, u.pos, u.facing, an.enemy, threat, pinned=False)
            up = able - pinned
            down = ABLE - an.pin_cost(u)
            if an.hold and u.side == an.holder and an.in_objective(u.pos):
                inside = [v for v in an.own if v.id != u.id and an.in_objective(v.pos)]
                if not inside:
                    down += HOLD_FIRST         # a pinned defender inside still holds the objective
            g = p * up - (1 - p) * (1 - p) * down
            yield Candidate(rank(g, p), act, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=p)


class MoveCA:
    """Move a character or team into a point of the region: cover, sight of targets, the objective,
    against the risk of opportunity fire along the way."""

    name = "move"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if not ctx.settings.moves:
            return
        an = an_of(ctx)
        for o in ctx.by_kind("Move"):
            if o.region is None:
                continue
            best = self.best_point(ctx, an, o)
            if best is not None:
                yield best

    def movers(self, ctx: Context, actor: str) -> list[Unit]:
        return RULESET.movers(ctx.view, actor)

    def best_point(self, ctx: Context, an: Analysis, o: Option) -> Candidate | None:
        movers = self.movers(ctx, o.actor or "")
        if not movers:
            return None
        lead = movers[0]
        if forces.is_blank(lead):
            return None
        foes = an.enemy
        anchors: list[tuple[float, float]] = []
        if an.objective is not None:
            anchors.append((float(an.objective["x"]), float(an.objective["y"])))
        near = sorted(foes, key=lambda f: positions.dist(f.pos, lead.pos))[:3]
        anchors += [f.pos for f in near]
        n = ctx.settings.move_samples if ctx.settings.positional else 6
        pts = positions.sample_points(ctx.view, o, ctx.rng.child("move", o.actor or ""), n, anchors)
        if not pts:
            return None
        # a move ending in contact with an enemy figure or marker is an assault: not here
        reach = forces.base_radius(lead) + 0.3
        pts = [p for p in pts if all(positions.dist(p, f.pos) >= reach + forces.base_radius(f)
                                     for f in an.enemy)]
        if not pts:
            return None
        # where every mover would end (a team keeps its shape, squeezed into the region)
        region = o.region
        ends = []
        for x, y in pts:
            spots = [(x, y)]
            for m in movers[1:]:
                spots.append(geo.nearest_inside(region, x + m.x - lead.x, y + m.y - lead.y))
            ends.append(spots)
        flat = [p for spots in ends for p in spots]
        positional = ctx.settings.positional
        spotters = [f for f in foes if forces.is_real(f) and not forces.is_hidden(f)]
        hidden_movers = any(forces.is_hidden(m) for m in movers)
        revealed = [any(row[j] for row in an.seen_by(spotters, flat)) for j in range(len(flat))] \
            if hidden_movers and spotters else [False] * len(flat)

        facings = self.facings(an, lead, pts, foes)
        shooters = [(m, spot, facing) for spots, facing in zip(ends, facings) for m, spot in zip(movers, spots)]
        chance_end = an.chances(shooters, foes)

        def value(m: Unit, spot, facing: float, threat: float, seen: bool, chance: float | None) -> float:
            if not positional:
                return an.figure_value(m, spot, facing, foes, 0.0, chance=chance) - \
                    (COVER if an.in_cover(spot) else 0.0)
            return an.figure_value(m, spot, facing, foes, threat, hidden=None if not seen else False,
                                   chance=chance)

        threat_now = an.threat([m.pos for m in movers], foes) if positional else [0.0] * len(movers)
        chance_now = an.chances([(m, m.pos, m.facing) for m in movers], foes)
        now = sum(value(m, m.pos, m.facing, t, False, c) for m, t, c in zip(movers, threat_now, chance_now))
        now += an.hold_value(ctx.side)
        threat_end = an.threat(flat, foes) if positional else [0.0] * len(flat)
        scored = []
        k = 0
        for (x, y), spots, facing in zip(pts, ends, facings):
            total = 0.0
            for m, spot in zip(movers, spots):
                total += value(m, spot, facing, threat_end[k], revealed[k], chance_end[k])
                k += 1
            total += an.hold_value(ctx.side, {m.id: spot for m, spot in zip(movers, spots)})
            scored.append((total - now, (x, y), spots, facing))
        scored.sort(key=lambda t: -t[0])
        # stopped by opportunity fire: pinned where it was seen (about where it stood), instead of
        # standing there exposed to the enemy's run (which `now` already counts)
        stopped = sum(an.figure_value(m, m.pos, m.facing, foes, 0.0, pinned=True) for m in movers) \
            + an.hold_value(ctx.side) if positional else 0.0
        best = None
        for delta, (x, y), spots, facing in scored[:3]:
            p_op = self.op_fire_risk(ctx, an, movers, spots) if positional else 0.0
            g = (1 - p_op) * delta + p_op * (stopped - now)
            if best is None or rank(g, 1 - p_op) > best[0]:
                best = (rank(g, 1 - p_op), g, 1 - p_op, x, y, facing)
        if best is None or best[1] < MIN_MOVE:
            return None
        _, g, keep, x, y, facing = best
        return Candidate(rank(g, keep), o.at(x, y, facing), f"{o.label} to ({x:.1f}, {y:.1f})",
                         option=o, gain=g, keep=keep)

    @staticmethod
    def facing(an: Analysis, lead: Unit, pos: Sequence[float], foes: Sequence[Unit]) -> float:
        return MoveCA.facings(an, lead, [pos], foes)[0]

    @staticmethod
    def facings(an: Analysis, lead: Unit, pts: Sequence[Sequence[float]], foes: Sequence[Unit]) -> list[float]:
        """Face the enemy worth watching: the nearest able one in clear sight, else the nearest."""
        live = [f for f in foes if not f.out]
        if not live:
            return [lead.facing] * len(pts)
        clear = geo.clear_pairs(an.view, [(p, f.pos) for p in pts for f in live])
        out = []
        for i, pos in enumerate(pts):
            row = clear[i * len(live):(i + 1) * len(live)]
            seen = [f for f, c in zip(live, row) if c and forces.able(f)]
            target = min(seen or live, key=lambda f: positions.dist(pos, f.pos))
            out.append(positions.facing_toward(pos[0], pos[1], [target.pos]))
        return out

    @staticmethod
    def op_fire_risk(ctx: Context, an: Analysis, movers: list[Unit], spots: list[Sequence[float]]) -> float:
        """The best chance an enemy figure that sees the move has to stop it (every mover it sees
        must be hit): checked at a third, two thirds and the end of each mover's path."""
        firers = [f for f in an.enemy if forces.able(f) or an.is_marker(f)]
        if not firers:
            return 0.0
        path = []
        owner = []
        for i, (m, end) in enumerate(zip(movers, spots)):
            for t in (1 / 3, 2 / 3, 1.0):
                path.append((m.x + (end[0] - m.x) * t, m.y + (end[1] - m.y) * t))
                owner.append(i)
        seen = an.seen_by(firers, path)
        worst = 0.0
        for i, f in enumerate(firers):
            hit_all = 1.0
            any_seen = False
            for mi in range(len(movers)):
                cols = [j for j in range(len(path)) if owner[j] == mi and seen[i][j]]
                if not cols:
                    continue
                any_seen = True
                hit_all *= max(an.p_shot(f, f.pos, path[j]) for j in cols)
            if any_seen:
                worst = max(worst, hit_all)
        return worst


class AssaultCA:
    """Move onto an enemy's position: Risus close combat decides; losing costs the leader."""

    name = "assault"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        an = an_of(ctx)
        for o in ctx.by_kind("Assault"):
            act = o.action
            assert isinstance(act, Move)
            target = ctx.view.units.get(o.target or "")
            movers = RULESET.movers(ctx.view, act.actor)
            if target is None or not movers:
                continue
            p = float(o.odds or 0)
            p_op = MoveCA.op_fire_risk(ctx, an, movers, [target.pos] * len(movers)) \
                if ctx.settings.positional else 0.0
            win = ABLE if forces.able(target) else ABLE - an.pin_cost(target)
            if an.hold and an.in_objective(target.pos):
                win += TAKE
            if last_able(an, [target]):
                win += WIN / 4
            g = (1 - p_op) * (p * win - (1 - p) * ABLE) - p_op * sum(an.pin_cost(m) for m in movers)
            keep = (1 - p_op) * p
            yield Candidate(rank(g, keep), act, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=keep)


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
                mover = ctx.view.data.get("pending", {}) or {}
                hit = [ctx.view.units[u] for u in mover.get("paths", {}) if u in ctx.view.units]
                an = an_of(ctx)
                g = p * (sum(an.pin_cost(u) for u in hit) + 0.6) - cost
                yield Candidate(g, o.action, f"{o.label} ({o.odds_text})", option=o, gain=g, keep=1.0)


class DiveCA:
    """Hit by opportunity fire: dive to the best spot within reach, or go down where hit."""

    name = "dive"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "dive-for-cover":
            return
        an = an_of(ctx)
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(0.0, o.action, "hit the ground here", option=o)
                continue
            if o.region is None:
                continue
            dive = ctx.view.data.get("dive") or {}
            lead = ctx.view.units.get(dive.get("anchor", ""))
            if lead is None:
                continue
            pts = positions.sample_points(ctx.view, o, ctx.rng.child("dive"), ctx.settings.move_samples)
            if not pts:
                continue
            threats = an.threat(pts + [lead.pos], an.enemy)
            here = threats[-1]
            best = None
            for pt, t in zip(pts, threats):
                v = (here - t) + (COVER if an.in_cover(pt) else 0.0) - (COVER if an.in_cover(lead.pos) else 0)
                if best is None or v > best[0]:
                    best = (v, pt)
            if best is not None and best[0] > 0:
                x, y = best[1]
                facing = MoveCA.facing(an, lead, (x, y), an.enemy)
                yield Candidate(best[0], o.at(x, y, facing), f"dive for cover to ({x:.1f}, {y:.1f})",
                                option=o)


class PassCA:
    name = "pass"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "act":
            return
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(0.0, o.action, "pass: nothing worth the risk", option=o)


# -- the hard level's look-ahead: every way an action can turn out, with its exact chance ----------
INITIATIVE = 0.3            # still holding the initiative afterwards: the rest of the run
MAX_OUTCOMES = 16
SAMPLES = 6                 # an action whose dice are not enumerated: this many samples
DEEP_OUTCOMES = 4           # a second step only after actions with this few outcomes
DEEP_SAMPLES = 10           # points per move option at the second step
DEEP_FINALISTS = 3          # how many first steps get a second


def forced(view: GameState, action, script: list[int] | None, stream=None) -> GameState | None:
    """The view after the action with these dice forced (or drawn from a stream of the AI's own)."""
    from game.engine.dice import scripted
    sim = view.clone()
    sim.dice = scripted(script) if script is not None else stream
    try:
        engine.apply(sim, action)
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


def outcomes(view: GameState, action, side: int) -> list[tuple[float, GameState]] | None:
    """Each way the action turns out, with its exact chance, as the view after it; None when this
    action's dice are not enumerated here (the look-ahead then samples it)."""
    from itertools import product
    if isinstance(action, Pass):
        after = forced(view, action, [])
        return [(1.0, after)] if after is not None else None
    if isinstance(action, Attack):
        plan = combat.plan_attack(view, action.actor, action.target)
        if plan is None:
            return None
        shots = [sh for sh in plan.shots if sh.dice > 0]
        if 2 ** len(shots) > MAX_OUTCOMES:
            return None
        out = []
        for hits in product((True, False), repeat=len(shots)):
            q = 1.0
            script: list[int] = []
            for sh, hit in zip(shots, hits):
                q *= float(sh.p) if hit else 1 - float(sh.p)
                script += [6 if hit else 1] * sh.dice
            if q <= 0:
                continue
            after = forced(view, action, script)
            if after is None:
                return None
            out.append((q, after))
        return out
    if isinstance(action, Rally):
        unit = view.units[action.actor]
        n, p, _ = combat.rally_odds(view, unit)
        p = float(p)
        out = []
        for q, script in ((p, [6] * n), ((1 - p) * p, [1] * n + [6] * n), ((1 - p) ** 2, [1] * n + [1] * n)):
            if q <= 0:
                continue
            after = forced(view, action, script)
            if after is None:
                return None
            out.append((q, after))
        return out
    if isinstance(action, Move) and not _is_assault(view, action):
        after = forced(view, action, [])
        if after is None:
            return None
        return settle_op_fire(after, side)
    return None


def _is_assault(view: GameState, action: Move) -> bool:
    lead = RULESET.anchor(view, action.actor)
    if lead is None:
        return False
    return any(u.side != lead.side and not u.out and
               positions.dist(u.pos, (action.x, action.y)) < forces.base_radius(u) + forces.base_radius(lead)
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


class RisusKnowledge(Knowledge):
    ruleset_id = "risus-skirmish"
    rollout_turns = 2               # a "turn" is one side's run: play out ours and the enemy's reply

    def expectation(self, ctx: Context, action) -> float | None:
        """The expected worth of an action one step ahead (the hard level): exact over its outcomes
        where they are enumerated, else the mean of a few samples with dice of the AI's own."""
        from game.engine.dice import DiceStream
        outs = outcomes(ctx.view, action, ctx.side)
        if outs is None:
            outs = []
            for r in range(SAMPLES):
                seed = int(ctx.rng.child("expect", r).random() * (1 << 53))
                after = forced(ctx.view, action, None, DiceStream(seed=seed))
                settled = settle_op_fire(after, ctx.side) if after is not None else None
                if settled is None:
                    return None
                outs += [(q / SAMPLES, st) for q, st in settled]
        rest = rest_of_run(ctx, action)
        if ctx.cache.get("deeper", 0) <= 0 or len(outs) > DEEP_OUTCOMES:
            return sum(q * leaf(st, ctx.side, rest, ctx.view.turn) for q, st in outs)
        # two steps: where we keep the initiative, the best next action's own expectation
        ctx.cache["deeper"] -= 1
        total = 0.0
        for q, st in outs:
            nxt = self.continuation(ctx, st) if q >= 0.05 else None
            total += q * (nxt if nxt is not None else leaf(st, ctx.side, rest, ctx.view.turn))
        return total

    def continuation(self, ctx: Context, state: GameState) -> float | None:
        """Still our run in this outcome: the best of passing and our two best next candidates."""
        import dataclasses as _dc
        from game.ai.framework import gather, with_noise
        d = engine.to_act(state)
        if state.outcome is not None or d is None or d.side != ctx.side or d.kind != "act":
            return None
        settings = _dc.replace(ctx.settings, move_samples=DEEP_SAMPLES, noise=0.0)
        sub = Context(state, engine.legal_actions(state), d, settings, ctx.rng.child("deeper"), self)
        ranked = with_noise(gather(sub), sub)
        sub.cache["candidates"] = [c for _, _, c in ranked]
        best = None
        for _, _, c in [r for r in ranked if not is_pass(r[2].action)][:2]:
            v = self.expectation(sub, c.action)
            if v is not None and (best is None or v > best):
                best = v
        stop = leaf(state, ctx.side, 0.0, ctx.view.turn)
        return max(best, stop) if best is not None else stop

    def candidate_actions(self, ctx: Context) -> list:
        if ctx.decision.kind == "opportunity-fire":
            return [OpFireCA()]
        if ctx.decision.kind == "dive-for-cover":
            return [DiveCA()]
        return [AttackCA(), GrenadeCA(), RallyCA(), AssaultCA(), MoveCA(), PassCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)

    def finish(self, ctx: Context, cands: list[Candidate]) -> list[Candidate]:
        if not ctx.settings.positional:
            # easy: greedy on the immediate expected gain, blind to the initiative
            for c in cands:
                c.score = c.gain if c.source not in ("pass",) else 0.0
        return cands


register_knowledge(RisusKnowledge())
