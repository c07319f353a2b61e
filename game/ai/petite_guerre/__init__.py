"""Petite Guerre knowledge (seed 004), found by ruleset id: fire, reload, volley, charge and keep out of pressure.

Fire when the odds beat the reload cost; keep out of pressure (cover, distance, out of the enemy's
charge, normal speed so the muskets stay ready); reload; volley at range; charge to put the enemy
out of control, above all disordered or wounded enemies; fight on when the melee favours us.

Every score is in figures (as the generic evaluation counts them) and comes from the option's exact
odds (game.engine.odds through the ruleset) and the side's view only.
"""
from __future__ import annotations

import math
import types
from typing import Iterable

from game.ai import positions
from game.ai.framework import Candidate, Context, Knowledge, actor_of
from game.ai.generic import PassCA, evaluate
from game.ai.knowledge import register_knowledge
from game.engine import odds
from game.engine.state import GameState
from game.geometry.table import LosRules
from game.geometry.sectors import angle_to

from . import exposure
from .formation import FormationCA
from game.rulesets.petite_guerre import fire, forces, melee, tables
from game.rulesets.petite_guerre.actions import Charge, ChargeInLine, Fight

COUNTER = 0.1              # a counter-charge expected on the charger, per enemy figure
EXPOSED = 0.1              # a spot within the enemy's charge, per enemy figure
RELOAD_COST = 0.04          # a turn spent reloading, per expected turn
DISORDERED = ("out-of-control", "routed")
SHOT = 0.4                 # a spot with a shot at the enemy, per chance of a hit
UNDER_FIRE = 0.4           # a horseman's spot, per hit the enemy's loaded muskets can expect on it
HURRY = 0.6                # a charge by a side the turn limit would beat, at the last turn


def _value(ctx: Context, uid: str) -> float:
    u = ctx.view.units.get(uid)
    if u is None:
        return 0.5
    v = 1.0 + (0.5 if forces.role(u) == "leader" else 0.25 if forces.role(u) == "sub-leader" else 0.0)
    return v * (0.5 if u.markers & set(DISORDERED) else 1.0)


def _own_worth(ctx: Context, f) -> float:
    """What losing our own figure costs: a leader's death makes his unit's C die a size smaller (its
    every activation and reaction test worse), a sub-leader's a little."""
    n = len(forces.figures(ctx.view, f.team))
    return 1.0 + {"leader": 0.3 * n, "sub-leader": 0.1 * n}.get(forces.role(f), 0.0)


def _pressure(ctx: Context, uid: str) -> float:
    """What putting the target's unit out of control is worth: its figures may lose their next turn
    (the activation test fails on 1-3 of its C die)."""
    u = ctx.view.units.get(uid)
    if u is None or u.markers & set(DISORDERED):
        return 0.0
    team = ctx.view.data["units"][u.team]
    fail = min(3, forces.c_die(ctx.view, u.team)) / forces.c_die(ctx.view, u.team)
    return 0.15 * fail * len(forces.figures(ctx.view, u.team)) * (1.0 if team["status"] == "in-control" else 0.0)


def _hurry(view, side: int) -> float:
    """How badly the side needs to act: 0 while the turn limit would give it the game (it lost the
    smaller share of its points, or as much as the enemy and it is the defender, who holds its ground),
    else the share of the turns gone. A side the limit would beat goes in rather than wait."""
    mine, theirs = forces.share_lost(view, side), forces.share_lost(view, 1 - side)
    if mine < theirs - 1e-9 or (abs(mine - theirs) < 1e-9 and view.scenario.sides[side].role == "defender"):
        return 0.0
    return min(1.0, view.flow.turn / max(1, view.scenario.turn_limit or 12))


class FireCA:
    """Aimed fire and volleys: the chance of a hit times what the target is worth, less the turns
    the reload will cost (a d8 reloads in 1.6 turns on average, a d4 in 4)."""

    name = "fire"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for o in ctx.by_kind("AimedFire"):
            f = ctx.view.units[actor_of(o)]
            p = float(o.odds)
            reload_turns = 1.0 / float(tables.Fraction(max(0, forces.af_die(f) - 3), forces.af_die(f)) or 1)
            worth = _value(ctx, o.target) + _pressure(ctx, o.target)
            cost = RELOAD_COST * reload_turns
            if o.action.haste:
                # firing in haste spends the shot it could fire at full odds next turn
                plan = fire.aimed_plan(ctx.view, f, ctx.view.units[o.target], False)
                cost = 0.8 * worth * float(plan[1] if plan else 0) + 0.3 * cost
            # a hit also puts the target's unit out of control (pressure): its whole next turn at risk
            yield Candidate(p * worth - cost, o.action, o.label, option=o)
        for o in ctx.by_kind("Volley"):
            n = o.action.ranks
            team = actor_of(o)
            firers = [f for f in forces.figures(ctx.view, team) if int(f.stats.get("rank", 1)) <= 4]
            each = _each(o.odds_text)
            expected = each * len(firers) * n / max(1, len({int(f.stats.get('rank', 1)) for f in firers}))
            # keep a rank loaded when the enemy is far: fire all ranks only close in
            yield Candidate(expected * 0.8 - 0.12 * n, o.action, o.label, option=o)


def _each(text: str) -> float:
    try:
        pct = text.split("(", 1)[1].split("%", 1)[0]
        return float(pct) / 100.0
    except (IndexError, ValueError):
        return 0.1


class ReloadCA:
    name = "reload"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for o in ctx.by_kind("Reload", "ReloadRanks"):
            yield Candidate(0.12, o.action, o.label, option=o)


class MeleeCA:
    """Charge a disordered or wounded enemy, or one our melee die beats; fight on in contact."""

    name = "melee"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for o in ctx.by_kind("Charge", "Fight", "ChargeInLine"):
            foe = ctx.view.units[o.target]
            if isinstance(o.action, ChargeInLine):      # the line's figure nearest the target leads
                me = min(forces.figures(ctx.view, actor_of(o)), key=lambda f: (math.dist(f.pos, foe.pos), f.id))
            else:
                me = ctx.view.units[actor_of(o)]
            # the dice as the rules give them (a parapet, a wounded enemy, closed ranks), from here
            mine, _ = melee.die_of(ctx.view, me, foe, True)
            theirs, _ = melee.die_of(ctx.view, foe, me, False)
            p_me = max(0, mine - 3) / mine
            p_them = max(0, theirs - 3) / theirs
            edge = p_me * (1 - p_them) - p_them * (1 - p_me) * _own_worth(ctx, me)
            bonus = 0.3 if foe.markers & set(DISORDERED) or forces.wounded(foe) else 0.0
            # a charge puts the charged unit out of control (pressure) whatever the melee gives
            press = _pressure(ctx, o.target) if isinstance(o.action, (Charge, ChargeInLine)) else 0.05
            # the enemy's counter-charge: the charger stands in contact, its flank open to every
            # other enemy figure that can reach it (the charged unit is out of control by then)
            counter = 0.0
            if isinstance(o.action, (Charge, ChargeInLine)):
                counter = COUNTER * min(2.0, exposure.threat(ctx.view, foe.pos, me.side, frozenset({foe.id}),
                                                             frozenset({foe.team}), _fears(me)))
            # a side the turn limit would beat goes in as the turns run out
            hurry = HURRY * _hurry(ctx.view, me.side) if isinstance(o.action, (Charge, ChargeInLine)) else 0.0
            score = edge + bonus + press - counter + hurry
            yield Candidate(score, o.action, o.label, option=o)


class MoveCA:
    """Move to cover within musket reach of the enemy, at normal speed (ready to fire next turn);
    fast only when far from any enemy. Units in line close to volley range."""

    name = "move"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        enemies = [e for e in ctx.enemies()]
        if not enemies or not ctx.settings.moves:       # the look-ahead's quick policy does not move
            return
        for o in ctx.by_kind("Move"):
            who = actor_of(o)
            line = who in ctx.view.data["units"]
            figs = forces.figures(ctx.view, who) if line else [ctx.view.units[who]]
            lead = figs[0]
            near = min(math.dist(lead.pos, e.pos) for e in enemies)
            # fast only far from the enemy (a fast move may not fire next turn), or, a figure in open
            # order, when the turn limit would beat its side: then it runs in to charge (a line that
            # moved fast could not volley; it charges in line)
            hurry = not line and _hurry(ctx.view, lead.side) > 0
            if o.action is None and o.template.speed == "fast" and near < 70 and not hurry:
                continue
            pts = positions.sample_points(ctx.view, o, ctx.rng.child("pg-move", o.key), 20,
                                          [e.pos for e in enemies[:4]] + [lead.pos])
            best = None
            fast = o.template is not None and o.template.speed == "fast"
            for pt in pts:
                s = self.score_point(ctx, pt, lead, enemies, line, fast, figs)
                if best is None or s > best[0]:
                    best = (s, pt)
            if best is None:
                continue
            here = self.score_point(ctx, lead.pos, lead, enemies, line, figs=figs)
            gain = best[0] - here - 0.02
            yield Candidate(gain, o.at(*best[1]), f"{o.label} to ({best[1][0]:.0f}, {best[1][1]:.0f})", option=o)

    def score_point(self, ctx: Context, pt, lead, enemies, line: bool, fast: bool = False, figs=()) -> float:
        view = ctx.view
        d = min(math.dist(pt, e.pos) for e in enemies)
        nearest = min(enemies, key=lambda e: math.dist(pt, e.pos))
        s = 0.0
        attacker = view.scenario.sides[lead.side].role != "defender"
        # the attacker closes in as the turns run out, to charge home before the limit
        left = max(0.0, 1.0 - view.flow.turn / max(1, view.scenario.turn_limit or 12)) if attacker else 1.0
        if line:
            if attacker and not fire.loaded_ranks(view, lead.team):
                # every rank has fired: a rank reloads on 16+ of a d20 (a turn in four), so the
                # attacking line goes in with the bayonet rather than stand and reload
                return -d / 40.0
            if not attacker:
                # the defending line holds its ground and its cover (a farmhouse, a wood's edge): it
                # closes only to volley range, and never walks its ranks out of the house they hold
                # and from where its ranks see out: a line deep inside a house sees nothing to volley at
                return -max(0.0, d - 50.0) / 120.0 + 0.5 * _cover_share(view, pt, lead, figs, nearest) \
                    + 0.5 * _sight_share(view, pt, lead, figs, enemies)
            s -= abs(d - 35 * left) / (100.0 * max(0.25, left))    # volley range, short of the bayonets
            return s
        # a spot from which the figure has a shot: the best chance of a hit at an enemy it would see
        # (a figure that can hit nobody from where it stands goes where it can); after a fast move
        # it may not fire next turn
        if not fast:
            s += SHOT * _best_shot(ctx, pt, lead, enemies)
        want = 30.0 if tables.troop(forces.kind(lead))["AF"] >= 10 else 25.0
        if tables.is_cavalry(forces.kind(lead)):
            # horsemen wait just beyond the enemy's charge and charge from there
            # (their fast move outreaches the foot's); when the turn limit would beat their side
            # they close in as the turns run out, to charge what stands in the wood's edge
            s -= abs(d - _stand_off(enemies) * (1.0 - 0.7 * _hurry(view, lead.side))) / 120.0
            # nor halt in reach of loaded muskets (a volley can empty a patrol's saddles): they wait
            # out of it, or where the muskets have fired, and charge from there
            s -= UNDER_FIRE * exposure.fire_danger(view, pt, lead.side)
        elif not attacker:
            s -= max(0.0, d - 50.0) / 120.0           # hold the ground: only close to musket range
        else:
            s -= abs(d - want * left) / (120.0 * max(0.25, left))
        # out of the enemy's charge: a charge puts the whole unit out of control, whatever the melee
        # (it takes a reaction test from the flank), the more enemies can reach the spot (foot fear
        # only an enemy whose melee die is as big as theirs); a move turns the figure the way it
        # went (a spot it stands on keeps its facing), and a step back shows the enemy its back
        moved = math.dist(pt, lead.pos) > 0.5
        facing = angle_to(lead.pos, pt) if moved else lead.facing
        s -= EXPOSED * min(2.0 * exposure.REAR, exposure.threat(view, pt, lead.side, min_die=_fears(lead),
                                                               facing=facing))
        return s + 0.25 * _in_cover(view, pt, nearest)


def _in_cover(view, pt, nearest) -> bool:
    """The spot lies in, or just behind (as seen from the nearest enemy), a piece that protects or
    screens a figure (a house, a wall, a hedge, a wood, tall grass)."""
    r = tables.rules()
    kinds = set(r["protecting"]) | set(r["screening"])
    if any(piece.kind.name in kinds for piece in view.table.pieces_at(pt[0], pt[1])):
        return True
    c = view.table.cover(pt, nearest.pos, r["behind"])
    return c is not None and c.kind.name in kinds


def _sight_share(view, pt, lead, figs, enemies) -> float:
    """The share of a line's figures that would see an enemy figure within the volley table's reach
    (one of the two nearest to each) when its lead figure stands at `pt`."""
    figs = list(figs) or [lead]
    dx, dy = pt[0] - lead.x, pt[1] - lead.y
    los = LosRules(edge_depth=view.scenario.edge_band)
    far = tables.volley_max_range()
    seeing = 0
    for f in figs:
        spot = (f.x + dx, f.y + dy)
        near = sorted(enemies, key=lambda e: (math.dist(spot, e.pos), e.id))[:2]
        seeing += any(math.dist(spot, e.pos) <= far and view.table.los(spot, e.pos, los).clear for e in near)
    return seeing / len(figs)


def _cover_share(view, pt, lead, figs, nearest) -> float:
    """The share of a line's figures that stand in cover when its lead figure stands at `pt` (the
    line moves as a block)."""
    figs = list(figs) or [lead]
    dx, dy = pt[0] - lead.x, pt[1] - lead.y
    return sum(_in_cover(view, (f.x + dx, f.y + dy), nearest) for f in figs) / len(figs)


def _best_shot(ctx: Context, pt, f, enemies) -> float:
    """The best chance of an aimed hit from `pt` at one of the three nearest enemy figures it would see
    (the stick's threshold for the target's condition as seen from there, d8 + the AF die)."""
    spot = types.SimpleNamespace(x=pt[0], y=pt[1], pos=pt)
    los = LosRules(edge_depth=ctx.view.scenario.edge_band)
    best = 0.0
    weapon = forces.weapon(f)
    for e in sorted(enemies, key=lambda e: (math.dist(pt, e.pos), e.id))[:3]:
        dist = math.dist(pt, e.pos)
        if dist > tables.max_range(weapon):
            break
        if not ctx.view.table.los(pt, e.pos, los).clear:
            continue
        thr = tables.threshold(weapon, dist, fire.condition(ctx.view, spot, e)[0])
        if thr is not None:
            best = max(best, float(odds.probability(tables.aimed_expr(forces.af_die(f), thr))))
    return best


def _fears(f) -> int:
    """The smallest enemy melee die whose charge the figure avoids: horsemen, who can always keep
    out of reach, every charge; foot only a melee die as big as their own."""
    return 0 if tables.is_cavalry(forces.kind(f)) else forces.melee_die(f)


def _stand_off(enemies) -> float:
    """Just beyond the farthest charge of the enemy's figures (their fast move and the base contact)."""
    return 4.0 + max(tables.stick(tables.is_cavalry(forces.kind(e)), "open")["fast"] + 3 for e in enemies)


class PetiteGuerreKnowledge(Knowledge):
    ruleset_id = "petite-guerre"

    def candidate_actions(self, ctx: Context) -> list:
        return [FireCA(), ReloadCA(), MeleeCA(), MoveCA(), FormationCA(), PassCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)


register_knowledge(PetiteGuerreKnowledge())
