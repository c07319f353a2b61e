"""What a Takipsilim view says (figures, wounds, luck, armour, the odds of shots, where to stand), once per decision."""
from __future__ import annotations

import functools
import itertools
import math
from typing import Sequence

from game.ai.takipsilim.reading import TRUST, Read
from game.engine.state import GameState, Unit
from game.geometry.measure import distance
from game.rulesets.takipsilim import RULESET as RS
from game.rulesets.takipsilim import combat, ground, tables
from game.rulesets.takipsilim.actions import HUNKER, SHOOT

PC = 1.2                    # a player character (luck, skills) is worth a little more than an NPC
LAST = 6.0                  # the last figure of a side: putting it out wins the game
HURT = 0.5                  # damage short of putting a figure out: per 6 points
LUCK = 0.06                 # a point of luck
WINDED = 0.15               # armour stopped a projectile: the wearer loses next round's action
NEXT_ROUND = 0.95           # what something next round is worth against now
STATIONARY = 0.4            # the chance an enemy stands still this round (he cannot be read)
COVER = 0.05
ESCAPE_PULL = 1.2           # per table width nearer the escape edge
OBJECTIVE_PULL = 2.0        # per diagonal nearer the machinery
HABIT = 0.7                 # an enemy who hunkered down last round: how likely he does it again
HABIT_AGAIN = 0.9           # ... and the round before too: he does it every round
CLOSE_IN = 0.3              # per diagonal nearer the enemy when out of effective range
PRESS_ROUNDS = 5            # the last rounds in which a side the turn limit would not favour presses on
PRESS = 8.0                 # ... per diagonal nearer the nearest enemy, whatever the range


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
        self.read = read or {}          # the hard level's read of the enemy's orders (.reading)
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

    def pressed(self, side: int) -> bool:
        """In the last PRESS_ROUNDS rounds of a pure "eliminate" battle, a side that the turn limit would not
        make the winner (no more characters still in combat than the enemy: a draw is no win) must go
        and fight: hunkering down to the end only seals its loss (assets/rules/takipsilim.md)."""
        vic = self.view.scenario.victory
        if vic.get("kind") != "eliminate" or vic.get("operate") or \
                self.last_round() - self.view.turn >= PRESS_ROUNDS:
            return False                     # machinery to run already draws its side (place)
        mine = sum(1 for u in self.units if u.side == side)
        theirs = sum(1 for u in self.units if u.side != side)
        return mine <= theirs

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
        specs = tables.armour()
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
            return self.exposed(t, spos) * blind
        if r.hunkers and ground.hunker_cover(self.view.table, t.pos, tuple(spos)) is not None:
            seen = 0.0                       # "Hunkering Down": hidden unless we flank the cover
        else:
            seen = self.shot_value(u, t, spos, r.pos, moved, auto, stationary=1.0 if r.still else 0.0)
        return TRUST * seen + (1 - TRUST) * blind

    def hunkered(self) -> dict[str, int]:
        """The enemies whose revealed order last round was to hunker down (orders.reveal logs each
        order as "<name> (<side>): hunkers down", orders.text), with how many rounds in a row they
        have done it, from the side's own log."""
        if not hasattr(self, "_hunkered"):
            rounds: dict[int, set[str]] = {}
            for e in reversed(self.view.log):
                if e.turn < self.view.turn - 3:
                    break
                if e.kind == "OrderRevealed" and e.turn < self.view.turn and \
                        e.text.split("): ", 1)[-1] == "hunkers down":      # by choice, not winded
                    rounds.setdefault(e.turn, set()).add(e.data.get("unit"))
            streak: dict[str, int] = {}
            for uid in rounds.get(self.view.turn - 1, set()):
                n = 1
                while uid in rounds.get(self.view.turn - 1 - n, set()):
                    n += 1
                streak[uid] = n
            self._hunkered = streak
        return self._hunkered

    def habit(self, uid: str) -> float:
        """How likely an enemy hunkers down this round: surely when winded (a forced order, seen by both
        sides); else by what he did: not last round, last round, or round after round."""
        o = self.d["orders"].get(uid) or {}
        if o.get("forced") and o.get("action") == HUNKER:
            return 1.0
        n = self.hunkered().get(uid, 0)
        return 0.0 if n == 0 else HABIT if n == 1 else HABIT_AGAIN

    def exposed(self, t: Unit, spos) -> float:
        """The chance t can be shot from spos this round as far as his habit tells: one who hid behind
        this cover last round likely does again ("Hunkering Down"), and one winded by a hit on his
        armour must (a forced order, seen by both sides), unless the shooter flanks the cover."""
        habit = self.habit(t.id)
        if habit and ground.hunker_cover(self.view.table, t.pos, tuple(spos)) is not None:
            return 1 - habit
        return 1.0

    def best_shot(self, u: Unit, spos, moved: bool, extra_adv: bool = False) -> float:
        """u's best shot from spos (at the enemy's habit: aiming at a man who hides every round is no
        better than shooting at him)."""
        foes = [e for e in self.units if e.side != u.side]
        return max((self.exposed(e, spos) * self.shot_value(u, e, spos, e.pos, moved, False, extra_adv)
                    for e in foes), default=0.0)

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
        if hunker and ground.hunker_cover(self.view.table, tuple(pos), tuple(epos)) is not None:
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
        v = COVER if ground.in_cover(self.view.table, tuple(pos)) is not None else 0.0
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
            reach = max((lim for band, lim in tables.bands() if w["ranges"][band] != "miss"), default=0.0)
            good = max((lim for band, lim in tables.bands() if w["ranges"][band] in ("normal", "advantage")),
                       default=reach)
            d = min(distance(tuple(pos), e.pos) for e in foes)
            v -= CLOSE_IN * max(0.0, d - min(good, 30.0)) / self.diag
            if self.pressed(u.side):
                v -= PRESS * d / self.diag
        return v

    def edge_distance(self, pos, edge: str) -> float:
        w, h = self.view.scenario.width, self.view.scenario.height
        return {"left": pos[0], "right": w - pos[0], "top": pos[1], "bottom": h - pos[1]}[edge]
