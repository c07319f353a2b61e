"""What a Risus Skirmish view says (dice, sight, threats, cover, the objective, each figure's worth), once per decision."""
from __future__ import annotations

import math
from typing import Sequence

import shapely

from game.ai import positions
from game.ai.framework import other_sides
from game.engine.state import GameState, Unit
from game.rulesets.risus_skirmish import combat, forces, terrain, victory

ABLE = 1.0                  # a figure able to fight
TEMPO = 0.2                 # what a pin costs even when the rally succeeds: an action spent on it
THREAT = 0.9                # how much the enemy's chance to pin a figure weighs (his run comes next)
CHANCE = 0.25               # how much our own best chance to pin weighs (from where we stand)
COVER = 0.08                # a figure in a cover piece
HIDDEN = 0.25               # an own figure still hidden: the enemy cannot attack it
MARKER_REAL = 0.6           # an enemy hidden marker: how likely it is a real figure
MARKER_DICE = 2             # and the dice it would shoot with
APPROACH = 8.0              # attacker of a held objective: per figure, per table diagonal nearer
HOLD_FIRST = 1.5            # the holder: the first figure (pinned or not) inside the objective
HOLD_MORE = 0.3             # each further able figure inside
TAKE = 0.6                  # the attacker: each able figure inside the objective
CLOSE_IN = 0.8              # eliminate scenarios, a side not ahead: per diagonal nearer the enemy
CLOSE_IN_FAR = 1.7          # and more while farther than ENGAGE (without it, level sides far apart
ENGAGE = 15.0               # stood in their woods for half the game); cm


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
        self._cover_raw: dict[tuple, bool] = {}     # covered, per point as asked (before rounding)
        self._p_attack: dict[int, float] = {}
        self._in_cover: dict[tuple, bool] = {}
        self._pin_cost: dict[str, float] = {}
        self._behind: dict[int, bool] = {}
        self._inside: dict[int, tuple] = {}         # per side: its figures by id, and those inside the objective
        self.pin_gains: dict[str, float] = {}       # outcomes.pin_gain, per enemy figure
        self._open_able: list[Unit] | None = None
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
        raw = (target[0], target[1], attacker[0], attacker[1])
        hit = self._cover_raw.get(raw)
        if hit is None:
            # one answer per spot rounded to 0.01 cm (the first point asked about decides it)
            key = (round(target[0], 2), round(target[1], 2), round(attacker[0], 2), round(attacker[1], 2))
            if key not in self._cover:
                self._cover[key] = terrain.cover_piece(self.view, target, attacker) is not None
            hit = self._cover_raw[raw] = self._cover[key]
        return hit

    def p_shot(self, shooter: Unit, spos: Sequence[float], tpos: Sequence[float]) -> float:
        dice = max(self.base_dice(shooter) - (1 if self.covered(tpos, spos) else 0), 0)
        p = self._p_attack.get(dice)
        if p is None:
            p = self._p_attack[dice] = float(combat.p_attack(dice))
        return p * MARKER_REAL if self.is_marker(shooter) else p

    # sight ----------------------------------------------------------------------------------------
    def seen_by(self, shooters: Sequence[Unit], points: Sequence[Sequence[float]]) -> list[list[bool]]:
        """matrix[i][j]: shooter i (where he stands, as he faces; a marker sees all round) sees point j."""
        if not shooters or not points:
            return [[False] * len(points) for _ in shooters]
        out = terrain.sees_many(self.view, [(s, None, None) for s in shooters], list(points))
        for i, s in enumerate(shooters):
            if self.is_marker(s):
                clear = terrain.clear_pairs(self.view, [(s.pos, p) for p in points])
                out[i] = list(clear)
        return out

    def threat(self, points: Sequence[Sequence[float]], shooters: Sequence[Unit]) -> list[float]:
        """For each point: the chance at least one of these shooters would pin a figure there."""
        able = [s for s in shooters if forces.able(s) or self.is_marker(s)]
        self.view.table.remember_points(points)         # cover looks at the terrain at each point
        seen = self.seen_by(able, points)
        where = [s.pos for s in able]
        out = []
        for pt, column in zip(points, zip(*seen) if able else [()] * len(points)):
            miss = 1.0
            for s, spos, ok in zip(able, where, column):
                if ok:
                    miss *= 1.0 - self.p_shot(s, spos, pt)
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
        where = [t.pos for t in live]
        seen = terrain.sees_many(self.view, list(shooters), where)
        out = []
        for (u, pos, _), row in zip(shooters, seen):
            best = 0.0
            for tpos, ok in zip(where, row):
                if ok:
                    best = max(best, self.p_shot(u, pos, tpos))
            out.append(best)
        return out

    def open_able(self) -> list[Unit]:
        """Our figures able to fight and not hidden, in their order (the enemy can shoot at these)."""
        if self._open_able is None:
            self._open_able = [u for u in self.own if forces.able(u) and not forces.is_hidden(u)]
        return self._open_able

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
            return bool(shapely.Polygon(o["polygon"]).covers(shapely.Point(pos[0], pos[1])))
        return positions.dist(pos, (float(o["x"]), float(o["y"]))) <= float(o.get("radius", 5.0))

    def urgency(self) -> float:
        """The attacker's clock: the nearer the turn limit, the more an advance is worth."""
        limit = max(1, self.view.scenario.turn_limit)
        return 1.0 + 2.0 * min(1.0, self.clock / limit)

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
        pull = self.urgency() ** 2
        if forces.is_hidden(u):
            # a hidden figure waits in ambush, but not past the point where waiting loses the battle
            pull *= max(0.0, self.urgency() - 1.0)
        return -pull * (CLOSE_IN * d + CLOSE_IN_FAR * max(0.0, d - ENGAGE)) / self.diag

    def behind(self, side: int) -> bool:
        """Eliminate scenarios: would this side fail to win at the turn limit as things stand (the
        side with more figures able to fight wins; a hidden marker counts as likely real)?"""
        if side not in self._behind:
            def able(s: int) -> float:
                return sum((MARKER_REAL if self.is_marker(u) else 1.0) for u in self.units
                           if u.side == s and (forces.able(u) or self.is_marker(u)))
            mine = able(side)
            self._behind[side] = any(able(s) >= mine for s in other_sides(self.view, side))
        return self._behind[side]

    def hold_value(self, side: int, where: dict[str, Sequence[float]] | None = None) -> float:
        """The holder of the objective: someone inside (pinned counts: it still holds), more able
        figures inside are worth a little more."""
        if not self.hold or self.objective is None or side != self.holder:
            return 0.0
        where = where or {}
        if side not in self._inside:
            mine = {u.id: u for u in self.units if u.side == side}
            self._inside[side] = (mine, [u for u in mine.values() if self.in_objective(u.pos)])
        mine, now = self._inside[side]
        # those inside where they stand, unless they would move, and those who would move inside
        inside = [u for u in now if u.id not in where] + \
            [mine[uid] for uid, pos in where.items() if uid in mine and self.in_objective(pos)]
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
