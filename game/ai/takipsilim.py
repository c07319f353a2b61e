"""What the AI knows of Takipsilim Skirmishes (seed 002): one secret order per character per round.

For each character the AI tries standing still and a dozen points of its movement reach, and for
each order (shoot, throw, fight, reload, aim, hunker down, run...) weighs what it does against what
the enemy's shots would do to the character there, with the exact chances of the rolls (2d6 with
advantage or disadvantage, through the ruleset's own shot set-up and game.engine.odds) and the hit
table (the lower die the location, the higher the damage; armour stops, luck absorbs):

- aim before a long shot: an aimed shot next round with advantage against a poor shot now;
- hunker down when the fire coming in is worth more than anything the character could do;
- reload when the magazine is empty or nearly so and there is nothing good to shoot;
- grenades where enemies cluster, never where friends stand;
- melee only with the weapon advantage (or the better odds), counting the blow that comes back.

Orders already given this round by the same side are seen (their own), so shots focus on a target
already under fire. The enemy's orders are never seen before they are revealed.
"""
from __future__ import annotations

import functools
import itertools
import math
from typing import Iterable, Sequence

from game.ai import positions
from game.ai.framework import Candidate, Context, Knowledge
from game.ai.generic import outcome_value
from game.ai.knowledge import register_knowledge
from game.ai.takipsilim_reading import TRUST, Read, read_enemy
from game.engine.actions import Pass
from game.engine.state import GameState, Unit
from game.geometry.measure import distance
from game.rulesets.takipsilim import RULESET as RS
from game.rulesets.takipsilim import combat, data, geo
from game.rulesets.takipsilim.actions import (AIM, FIRST_AID, GRENADE, HUNKER, MELEE, OPERATE, READY,
                                              RELOAD, RUN, SHOOT, Order, SpendLuck, ThrowAway, ThrowBack)

PC = 1.2                    # a player character (luck, skills) is worth a little more than an NPC
LAST = 6.0                  # the last figure of a side: putting it out wins the game
DENIED = 0.35               # an enemy who cannot shoot (gassed) or act (dazzled) next round
HURT = 0.5                  # damage short of putting a figure out: per 6 points
LUCK = 0.06                 # a point of luck
WINDED = 0.15               # armour stopped a projectile: the wearer loses next round's action
NEXT_ROUND = 0.95           # what something next round is worth against now
STATIONARY = 0.4            # the chance an enemy stands still this round (he cannot be read)
INCOMING = 0.8              # how much the enemy's fire at a spot weighs
COVER = 0.05
ESCAPE = 3.0                # a traveller off the escape edge (the ambush: two needed)
ESCAPE_PULL = 1.2           # per table width nearer the escape edge
OPERATE_VALUE = 2.0         # each run of the machinery toward the scenario's count
OBJECTIVE_PULL = 2.0        # per diagonal nearer the machinery
CLOSE_IN = 0.3              # per diagonal nearer the enemy when out of effective range
MOVE_COST = 0.01            # a free move that changes nothing is not made


@functools.lru_cache(maxsize=256)
def hit_table(mode: str, skill: int, damage_bonus: int, target: int = combat.TARGET,
              always: bool = False) -> tuple[tuple[float, str, int], ...]:
    """Each way the roll hits: (probability, location, damage). With `always` every roll lands
    (a grenade's full hit)."""
    n = 2 if mode == "normal" else 3
    out: dict[tuple[str, int], float] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        kept = sorted(faces)
        if mode == "advantage":
            kept = kept[1:]
        elif mode == "disadvantage":
            kept = kept[:2]
        if not always and sum(kept) + skill < target:
            continue
        loc, dmg, _, _ = combat.hit_from(kept, damage_bonus)
        out[(loc, dmg)] = out.get((loc, dmg), 0.0) + 1.0 / 6 ** n
    return tuple((p, loc, dmg) for (loc, dmg), p in sorted(out.items()))


def p_roll(mode: str, skill: int) -> float:
    return float(combat.chance(combat.expr(mode, skill)))


class Analysis:
    """The figures of one view with their wounds, luck and armour, and the shots between them."""

    def __init__(self, view: GameState, side: int, read: dict[str, Read] | None = None):
        self.view = view
        self.read = read or {}          # the hard level's read of the enemy's orders (takipsilim_reading)
        self.side = side
        self.d = view.data
        self.units = [u for u in view.units.values() if not u.out]
        self.own = [u for u in self.units if u.side == side]
        self.enemy = [u for u in self.units if u.side != side]
        self.diag = math.hypot(view.scenario.width, view.scenario.height)
        self.rules = RS.los_rules(view)
        self.assigned: dict[str, dict[int, float]] = {}
        self._los: dict[tuple, bool] = {}
        self._assign_committed()

    def last_round(self) -> int:
        """The last round the game can last: the turn limit, or an ambush's rounds to survive."""
        vic = self.view.scenario.victory
        last = self.view.scenario.turn_limit
        if vic.get("kind") == "ambush":
            last = min(last, int(vic.get("survive_rounds", last)))
        return last

    def next_round(self) -> float:
        """What something done for next round is worth: nothing in the last round."""
        return NEXT_ROUND if self.view.turn < self.last_round() else 0.0

    # -- figures --------------------------------------------------------------------------------
    def worth(self, u: Unit) -> float:
        """A figure's worth; the last one standing of a side that loses when all are out decides
        the game."""
        base = PC if RS.is_pc(u) else 1.0
        left = sum(1 for v in self.units if v.side == u.side)
        if left <= 1:
            return LAST
        return base * (1.0 + 0.5 / max(left, 1))

    def damage(self, u: Unit) -> int:
        return combat.total_damage(self.d["damage"].get(u.id, {}))

    def luck(self, u: Unit) -> int:
        return int(self.d["luck"].get(u.id, 0))

    def armoured(self, u: Unit, loc: str, breaks: bool) -> bool:
        if breaks:
            return False
        specs = data.armour()
        return any(p["state"] == "intact" and loc in specs[p["id"]]["locations"]
                   for p in self.d["armour"].get(u.id, []))

    def hit_value(self, t: Unit, table: Sequence[tuple[float, str, int]], projectile: bool = True,
                  breaks: bool = False) -> float:
        """Expected value of these hits on t: putting it out, wounding it, spending its luck; over the
        damage this side's orders already given this round may deal it (no value in overkill)."""
        prior = self.assigned.get(t.id) or {0: 1.0}
        return sum(q * self._hit_value(t, table, projectile, breaks, extra) for extra, q in prior.items())

    def _hit_value(self, t: Unit, table, projectile: bool, breaks: bool, extra: int) -> float:
        left = 6 - self.damage(t) - extra
        luck = self.luck(t)
        worth = self.worth(t)
        if left + luck <= 0:
            return 0.0
        v = 0.0
        for p, loc, dmg in table:
            if self.armoured(t, loc, breaks):
                v += p * (WINDED if projectile else 0.02)
            elif dmg >= left + luck:
                v += p * worth
            elif dmg >= left:
                v += p * (HURT * max(left - 1, 0) / 6 + LUCK * (dmg - left + 1))
            else:
                v += p * HURT * dmg / 6
        return v

    def add_damage(self, t: Unit, table, hit_p: float, breaks: bool) -> None:
        """Fold one more committed attack into t's distribution of damage this round."""
        prior = self.assigned.get(t.id) or {0: 1.0}
        after: dict[int, float] = {}
        for extra, q in prior.items():
            after[extra] = after.get(extra, 0.0) + q * (1.0 - hit_p)
            for p, loc, dmg in table:
                add = 0 if self.armoured(t, loc, breaks) else dmg
                k = min(extra + add, 12)
                after[k] = after.get(k, 0.0) + q * p
        self.assigned[t.id] = after

    def can_shoot(self, u: Unit) -> bool:
        ammo = self.d["ammo"].get(u.id)
        if not RS.weapon(u) or not ammo or ammo["loaded"] < 1:
            return False
        return not any(RS.effect(self.view, u.id, e) for e in ("ducked", "gassed", "dazzled", "winded"))

    def forced(self, u: Unit) -> bool:
        o = self.d["orders"].get(u.id) or {}
        return bool(o.get("forced"))

    def los(self, a: Sequence[float], b: Sequence[float]) -> bool:
        key = (round(a[0], 2), round(a[1], 2), round(b[0], 2), round(b[1], 2))
        if key not in self._los:
            self._los[key] = bool(self.view.table.los(tuple(a), tuple(b), self.rules).clear)
        return self._los[key]

    # -- shots ------------------------------------------------------------------------------------
    def shot_value(self, u: Unit, t: Unit, spos, tpos, moved: bool, auto: bool,
                   extra_adv: bool = False, stationary: float | None = None) -> float:
        """Expected value of u shooting t (the exact chance through the ruleset's set-up); the target
        stands still with probability `stationary`."""
        w = RS.weapon(u)
        if w is None or not self.los(spos, tpos):
            return 0.0
        if stationary is None:
            stationary = 1.0 if (self.forced(t) or t.side == self.side) else STATIONARY
        skill = RS.skill(u, "shooting")
        total = 0.0
        for still, weight in ((True, stationary), (False, 1.0 - stationary)):
            if weight <= 0:
                continue
            s = RS.shot_setup(self.view, u, t, spos, tpos, moved=moved, target_stationary=still, auto=auto)
            if s["effect"] == "miss":
                continue
            mode = s["mode"]
            if extra_adv:
                mode = combat.mode_of(s["adv"] + ["aimed"], s["dis"])
            table = hit_table(mode, skill, combat.AUTO_DAMAGE if auto else 0)
            total += weight * self.hit_value(t, table, True, bool(w.get("breaks_armour")))
        return total

    def read_shot(self, u: Unit, t: Unit, spos, moved: bool, auto: bool) -> float:
        """u's shot at t, where the read of the enemy says t will be and whether it stands still or
        hunkers down; blended with the blind guess as far as the read is trusted."""
        blind = self.shot_value(u, t, spos, t.pos, moved, auto)
        r = self.read.get(t.id)
        if r is None:
            return blind
        if r.hunkers and geo.hunker_cover(self.view.table, t.pos, tuple(spos)) is not None:
            seen = 0.0                       # "Hunkering Down": hidden unless we flank the cover
        else:
            seen = self.shot_value(u, t, spos, r.pos, moved, auto, stationary=1.0 if r.still else 0.0)
        return TRUST * seen + (1 - TRUST) * blind

    def best_shot(self, u: Unit, spos, moved: bool, extra_adv: bool = False) -> float:
        foes = [e for e in self.units if e.side != u.side]
        return max((self.shot_value(u, e, spos, e.pos, moved, False, extra_adv) for e in foes), default=0.0)

    def incoming(self, u: Unit, pos, moved: bool, hunker: bool = False) -> float:
        """The fire the enemy could put on u at pos this round: each enemy shooter that sees the spot,
        its shot shared among the figures it sees; with a read of the enemy, mostly the shots read
        as aimed at u."""
        blind = self._incoming(u, pos, moved, hunker)
        if not self.read:
            return blind
        return TRUST * self._incoming_read(u, pos, moved, hunker) + (1 - TRUST) * blind

    def _incoming_read(self, u: Unit, pos, moved: bool, hunker: bool) -> float:
        """The shots the read says are aimed at u, from where the shooters will stand."""
        total = 0.0
        for e in self.units:
            r = self.read.get(e.id)
            if e.side == u.side or r is None or not r.shoots or r.target != u.id or not self.can_shoot(e):
                continue
            total += self._shot_on(e, u, r.pos, r.moved, pos, moved, hunker)
        return total

    def _incoming(self, u: Unit, pos, moved: bool, hunker: bool) -> float:
        total = 0.0
        friends = [f for f in self.units if f.side == u.side and f.id != u.id]
        for e in self.units:
            if e.side == u.side or not self.can_shoot(e) or self.forced(e):
                continue
            v = self._shot_on(e, u, e.pos, False, pos, moved, hunker)
            if v:
                total += v / (1 + sum(1 for f in friends if self.los(e.pos, f.pos)))
        return total

    def _shot_on(self, e: Unit, u: Unit, epos, e_moved: bool, pos, moved: bool, hunker: bool) -> float:
        """What enemy e's single shot from epos would do to u at pos (nothing without a line of
        sight, or into a hunkered figure's cover: "Hunkering Down")."""
        if not self.los(epos, pos):
            return 0.0
        if hunker and geo.hunker_cover(self.view.table, tuple(pos), tuple(epos)) is not None:
            return 0.0
        s = RS.shot_setup(self.view, e, u, tuple(epos), tuple(pos), moved=e_moved,
                          target_stationary=not moved, auto=False)
        if s["effect"] == "miss":
            return 0.0
        table = hit_table(s["mode"], RS.skill(e, "shooting"), 0)
        w = RS.weapon(e) or {}
        return self.hit_value(u, table, True, bool(w.get("breaks_armour")))

    def _assign_committed(self) -> None:
        """Shots already ordered by this side this round: their expected damage on each target."""
        for uid, o in (self.d.get("orders") or {}).items():
            u = self.view.units.get(uid)
            if u is None or u.side != self.side or o.get("action") != SHOOT:
                continue
            t = self.view.units.get(o.get("target", ""))
            if t is None or t.out:
                continue
            s = RS.shot_setup(self.view, u, t, (o["x"], o["y"]), t.pos, moved=bool(o.get("move")),
                              target_stationary=False, auto=o.get("mode") == "auto")
            if s["effect"] == "miss" or not self.los((o["x"], o["y"]), t.pos):
                continue
            table = hit_table(s["mode"], RS.skill(u, "shooting"),
                              combat.AUTO_DAMAGE if o.get("mode") == "auto" else 0)
            w = RS.weapon(u) or {}
            self.add_damage(t, table, sum(p for p, _, _ in table), bool(w.get("breaks_armour")))

    # -- where a figure stands --------------------------------------------------------------------
    def place(self, u: Unit, pos) -> float:
        v = COVER if geo.in_cover(self.view.table, tuple(pos)) is not None else 0.0
        vic = self.view.scenario.victory
        ambushers = self.d.get("ambushers", [])
        if vic.get("kind") == "ambush" and vic.get("escape_edge") and u.side not in ambushers:
            v -= ESCAPE_PULL * self.edge_distance(pos, vic["escape_edge"]) / self.view.scenario.width
        op = vic.get("operate")
        if op and int(op.get("side", 0)) == u.side:
            obj = next((o for o in self.view.scenario.objectives if o.get("id") == op.get("objective")), None)
            if obj is not None:
                d = distance(tuple(pos), (float(obj["x"]), float(obj["y"])))
                v -= OBJECTIVE_PULL * d / self.diag
        w = RS.weapon(u)
        foes = [e for e in self.units if e.side != u.side]
        if w and foes:
            reach = max((lim for band, lim in data.bands() if w["ranges"][band] != "miss"), default=0.0)
            good = max((lim for band, lim in data.bands() if w["ranges"][band] in ("normal", "advantage")),
                       default=reach)
            d = min(distance(tuple(pos), e.pos) for e in foes)
            v -= CLOSE_IN * max(0.0, d - min(good, 30.0)) / self.diag
        return v

    def edge_distance(self, pos, edge: str) -> float:
        w, h = self.view.scenario.width, self.view.scenario.height
        return {"left": pos[0], "right": w - pos[0], "top": pos[1], "bottom": h - pos[1]}[edge]


# -- the orders ------------------------------------------------------------------------------------
def an_of(ctx: Context) -> Analysis:
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
        an = an_of(ctx)
        u = ctx.view.units.get(ctx.decision.actor or "")
        if u is None:
            return
        here = u.pos
        region = next((o.region for o in ctx.options if o.region is not None and o.template is not None
                       and o.template.action == RUN and "escape" not in o.key), None)
        pts: list[tuple[float, float]] = []
        if region is not None and ctx.settings.moves:
            run = next(o for o in ctx.options if o.region is region)
            anchors = [e.pos for e in an.enemy][:4] + self.goal_points(an)
            n = max(4, ctx.settings.move_samples // 2) if ctx.settings.positional else 4
            pts = positions.sample_points(ctx.view, run, ctx.rng.child("orders", u.id), n, anchors)
        positional = ctx.settings.positional
        risk_here = an.incoming(u, here, moved=False) if positional else 0.0
        risk_hunker = an.incoming(u, here, moved=False, hunker=True) if positional else 0.0
        risk_at = {p: (an.incoming(u, p, moved=True) if positional else 0.0) for p in pts}
        place_here = an.place(u, here)
        place_at = {p: an.place(u, p) for p in pts}
        for o in ctx.options:
            t = o.action if o.action is not None else o.template
            if not isinstance(t, Order):
                continue
            if o.action is not None:
                hunker = t.action == HUNKER
                risk = risk_hunker if hunker else risk_here
                v = self.action_value(ctx, an, u, t, here, moved=False)
                g = v - INCOMING * risk + place_here
                yield Candidate(g, t, o.label, option=o, gain=g)
                continue
            if not ctx.settings.moves:
                continue
            best = None
            points = pts
            if "escape" in o.key or t.action == OPERATE:
                sub = positions.sample_points(ctx.view, o, ctx.rng.child("sub", o.key), 4,
                                              self.goal_points(an) + [here])
                points = sub
            for p in points:
                if p not in risk_at:
                    risk_at[p] = an.incoming(u, p, moved=True) if positional else 0.0
                    place_at[p] = an.place(u, p)
                v = self.action_value(ctx, an, u, t, p, moved=True)
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
    def goal_points(an: Analysis) -> list[tuple[float, float]]:
        vic = an.view.scenario.victory
        pts = []
        op = vic.get("operate")
        if op:
            obj = next((o for o in an.view.scenario.objectives if o.get("id") == op.get("objective")), None)
            if obj is not None:
                pts.append((float(obj["x"]), float(obj["y"])))
        return pts

    def action_value(self, ctx: Context, an: Analysis, u: Unit, order: Order, pos, moved: bool) -> float:
        a = order.action
        if a == SHOOT:
            t = ctx.view.units.get(order.target)
            if t is None:
                return 0.0
            auto = order.mode == "auto"
            cost = 0.03 if auto else 0.0
            return an.read_shot(u, t, pos, moved, auto) - cost
        if a == GRENADE:
            return self.grenade_value(an, u, order, pos)
        if a == MELEE:
            return self.melee_value(an, u, ctx.view.units.get(order.target))
        if a == RELOAD:
            return self.reload_value(an, u, pos)
        if a == AIM:
            if not an.d["ammo"].get(u.id, {}).get("loaded"):
                return 0.0                    # nothing to shoot with next round
            # aiming gives up this round's shot for advantage on the next one: worth it before a
            # long or covered shot, where the advantage adds more than a shot now would
            aimed = an.best_shot(u, pos, moved=False, extra_adv=True)
            plain = an.best_shot(u, pos, moved=False)
            return an.next_round() * (aimed - plain)
        if a == READY:
            return 0.01
        if a == OPERATE:
            # a machine runs once a round: a friend already ordered to work it leaves nothing to add
            mine = an.d.get("orders") or {}
            if any(o.get("action") == OPERATE and o.get("target") == order.target
                   and ctx.view.units[uid].side == u.side for uid, o in mine.items() if uid in ctx.view.units):
                return 0.0
            return OPERATE_VALUE
        if a == FIRST_AID:
            return 0.01
        return 0.0                     # run, hunker, wait: only where the figure ends up counts

    @staticmethod
    def reload_value(an: Analysis, u: Unit, pos) -> float:
        ammo = an.d["ammo"].get(u.id)
        w = RS.weapon(u)
        if not ammo or not w:
            return 0.0
        loaded, cap = ammo["loaded"], int(w["magazine"])
        if not any(m > loaded for m in ammo["spares"]):
            return 0.0
        later = an.next_round() * an.best_shot(u, pos, moved=False)
        if loaded == 0:
            return later
        if loaded <= max(1, cap // 5):
            return 0.3 * later + 0.02
        return 0.01 * (cap - loaded) / cap

    @staticmethod
    def melee_value(an: Analysis, u: Unit, t: Unit | None) -> float:
        if t is None or t.out:
            return 0.0
        adv, dis = RS.melee_modifiers(an.view, u, t, u.pos, t.pos)
        mode = combat.mode_of(adv, dis)
        mine = hit_table(mode, RS.skill(u, "melee"), 0)
        v = an.hit_value(t, mine, projectile=False)
        if not RS.surprised_side(an.view, t.side):
            adv2, dis2 = RS.melee_modifiers(an.view, t, u, t.pos, u.pos)
            theirs_mode = combat.mode_of(adv2, dis2)
            theirs = hit_table(theirs_mode, RS.skill(t, "melee"), 0)
            v -= an.hit_value(u, theirs, projectile=False)
            # melee only with the weapon advantage: without it the blow that comes back is as good
            if p_roll(mode, RS.skill(u, "melee")) <= p_roll(theirs_mode, RS.skill(t, "melee")):
                v -= 0.15
        gap = geo.edge_gap(u.pos, u.base, t.pos, t.base)
        if gap > float(data.melee()["contact"]):
            v *= 0.7                  # the charge may fall short if the target runs
        return v

    @staticmethod
    def grenade_value(an: Analysis, u: Unit, order: Order, pos) -> float:
        g = data.grenades().get(order.mode)
        t = an.view.units.get(order.target)
        if g is None or t is None:
            return 0.0
        rules = data.grenade_rules()
        if distance(tuple(pos), t.pos) > float(rules["throw_range"]):
            return 0.0
        effect = g["effect"]
        if effect == "smoke":
            return 0.01
        p_throw = p_roll(combat.mode_of(RS.ambush_bonus(an.view, u), []), RS.skill(u, "athletics")) \
            if g.get("throw_roll") else 1.0
        radius = float(g["radius"])
        centre = t.pos
        victims = [v for v in an.units if distance(v.pos, centre) <= radius]
        total = 0.0
        for v in victims:
            sign = 1.0 if v.side != u.side else -1.5
            if effect == "explosive":
                if geo.blast_cover(an.view.table, v.pos, centre) is not None:
                    continue
                dodge = p_roll(combat.mode_of(RS.ambush_bonus(an.view, v), []), RS.skill(v, "athletics"))
                full = hit_table("normal", 0, 0, always=True)
                val = (1 - dodge) * an.hit_value(v, full, projectile=False) + dodge * 0.1
                total += sign * val * (0.7 if v.side != u.side else 1.0)   # they may throw it away
            elif effect == "flashbang":
                if v.side == u.side or RS.has_gear(v, g.get("protection", "")):
                    continue
                shield = p_roll(combat.mode_of(RS.ambush_bonus(an.view, v), []), RS.skill(v, "athletics"))
                total += (1 - shield) * DENIED
            elif effect == "tear-gas":
                if RS.has_gear(v, g.get("protection", "")):
                    continue
                total += sign * DENIED
        return p_throw * total


class LuckCA:
    """A hit taken: spend just enough luck to stay in the fight, else keep it."""

    name = "luck"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "luck":
            return
        an = an_of(ctx)
        hits = ctx.view.data.get("hits") or []
        if not hits:
            return
        hit = hits[0]
        u = ctx.view.units[hit["target"]]
        dmg = int(hit["damage"])
        left = 6 - an.damage(u)
        need = max(0, dmg - left + 1)               # points that keep the figure in the fight
        for o in ctx.options:
            if not isinstance(o.action, SpendLuck):
                continue
            pts = o.action.points
            taken = dmg - pts
            if taken >= left:
                v = -an.worth(u) - LUCK * pts
            else:
                v = -HURT * taken / 6 - LUCK * pts * (0.5 if pts <= need else 1.5)
            yield Candidate(v, o.action, o.label, option=o, gain=v)


class GrenadeAnswerCA:
    """A cooked grenade among our figures: throw it back (a failure still saves us), away, or leave it."""

    name = "grenade-answer"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        if ctx.decision.kind != "grenade":
            return
        an = an_of(ctx)
        gid = ctx.decision.data.get("grenade", "")
        g = next((x for x in ctx.view.data.get("live", []) if x.get("id") == gid), None)
        danger = 0.0
        enemy_gain = 0.0
        if g is not None:
            spec = data.grenades()[g["type"]]
            centre = (g["x"], g["y"])
            full = hit_table("normal", 0, 0, always=True)
            for v in an.units:
                if distance(v.pos, centre) > float(spec["radius"]):
                    continue
                if geo.blast_cover(ctx.view.table, v.pos, centre) is not None:
                    continue
                dodge = p_roll("normal", RS.skill(v, "athletics"))
                if v.side == ctx.side:
                    danger += (1 - dodge) * an.hit_value(v, full, projectile=False) + dodge * 0.1
            thrower = ctx.view.units.get(g.get("thrower", ""))
            if thrower is not None:
                for v in an.units:
                    if v.side != ctx.side and distance(v.pos, thrower.pos) <= float(spec["radius"]):
                        enemy_gain += 0.5 * an.hit_value(v, full, projectile=False)
        for o in ctx.options:
            if isinstance(o.action, Pass):
                yield Candidate(-danger, o.action, "leave the grenade", option=o)
            elif isinstance(o.action, ThrowAway):
                yield Candidate(-0.05, o.action, o.label, option=o)
            elif isinstance(o.action, ThrowBack):
                p = float(o.odds or 0)
                yield Candidate(p * enemy_gain - 2 * LUCK, o.action, o.label, option=o)


class TakipsilimKnowledge(Knowledge):
    ruleset_id = "takipsilim"
    # A round's dice swing too far (one hit can put a figure out) for a few sampled rounds to tell
    # the finalists apart: measured, hard with and without rollouts won the same games. The hard
    # level's look ahead here is its read of the enemy's orders (takipsilim_reading).
    rollouts_tell = False

    def candidate_actions(self, ctx: Context) -> list:
        return [OrdersCA(), LuckCA(), GrenadeAnswerCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)


def evaluate(state: GameState, side: int) -> float:
    done = outcome_value(state, side)
    if done is not None:
        return done
    an = Analysis(state, side)
    total = 0.0
    vic = state.scenario.victory
    for u in state.units.values():
        sign = 1.0 if u.side == side else -1.0
        if "escaped" in u.markers:
            total += sign * ESCAPE
            continue
        if u.out:
            continue
        v = an.worth(u) * (1 - HURT * an.damage(u) / 6) + LUCK * an.luck(u) + an.place(u, u.pos)
        total += sign * v
    op = vic.get("operate")
    if op:
        s = int(op.get("side", 0))
        done_ops = state.data.get("operated", {}).get(str(s), {}).get(op.get("objective"), 0)
        total += (1 if s == side else -1) * OPERATE_VALUE * done_ops
    return total


register_knowledge(TakipsilimKnowledge())
