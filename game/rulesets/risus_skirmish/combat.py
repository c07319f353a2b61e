"""Attacks, rallies, close combat and grenades of Risus Skirmish (seed 000), with their exact odds.

The odds an option shows and the odds a roll logs come from the same functions here (and so from
game.engine.odds), which the AI uses too.
"""
from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction
from typing import Any, Sequence

from game.engine import odds
from game.engine.state import GameState, Unit

from . import forces, terrain

MAX_CLOSE_COMBAT_ROUNDS = 200


def pct(p: Fraction) -> str:
    """Whole percent, as the seed's odds table prints them (80, not 80.2)."""
    return odds.percent_text(p, 0)


def p_attack(dice: int) -> Fraction:
    """'An attack is successful if the attacker rolls either a 5 or a 6 on one or more of the rolled d6.'"""
    return odds.p_any_at_least(dice, 6, 5)


def p_sixes(dice: int) -> Fraction:
    """The seed's second column: one or more 6s (used by the spotting option)."""
    return odds.p_any_at_least(dice, 6, 6)


def dice_text(dice: int) -> str:
    return f"{dice} {'die' if dice == 1 else 'dice'}"


# -- attack ---------------------------------------------------------------------------------------
@dataclasses.dataclass
class Shot:
    """One attack on one figure (an attack on a team is one of these per member)."""
    target: str
    shooters: list[str]
    dice: int
    why: list[str]
    cover: str | None
    p: Fraction

    @property
    def odds_text(self) -> str:
        return f"{dice_text(self.dice)}, {pct(self.p)}"


@dataclasses.dataclass
class AttackPlan:
    actor: str
    target: str
    leader: str
    shots: list[Shot]

    @property
    def p(self) -> Fraction:
        """All the attacks must succeed for the main attack to count as successful."""
        out = Fraction(1)
        for s in self.shots:
            out *= s.p
        return out

    @property
    def odds_text(self) -> str:
        if len(self.shots) == 1:
            return self.shots[0].odds_text
        dice = ", ".join(str(s.dice) for s in self.shots)
        return f"{len(self.shots)} attacks ({dice} dice), all must hit: {pct(self.p)}"


def attack_cliche(state: GameState, actor: str) -> tuple[Unit | None, dict[str, Any] | None]:
    """The character whose cliché sets the dice, and that cliché: a team uses its leader's."""
    if forces.is_team(state, actor):
        leader = forces.acting_leader(state, actor)
        return leader, (forces.best_cliche(leader, forces.TEAM_SHOOTING) if leader else None)
    unit = state.units.get(actor)
    if unit is None or not forces.able(unit):
        return None, None
    return unit, forces.best_cliche(unit, forces.SHOOTING)


def targets_of(state: GameState, target: str, only: Sequence[str] | None = None) -> list[Unit]:
    """The figures an attack on `target` is made against: not out, not already pinned, not hidden."""
    out = []
    for u in forces.entity_units(state, target):
        if not forces.is_real(u) or forces.is_pinned(u) or forces.is_hidden(u):
            continue
        if only is not None and u.id not in only:
            continue
        out.append(u)
    return out


def plan_attack(state: GameState, actor: str, target: str,
                positions: dict[str, Sequence[float]] | None = None,
                only: Sequence[str] | None = None) -> AttackPlan | None:
    """How an attack would be rolled, or None when no attacker has LOS to any target figure.

    Dice = round(cliché/2) (halves up) + better weapon 1 / much better 2 + more than 2 attackers
    from the same fireteam 1 - target in cover 1.
    """
    positions = positions or {}
    leader, cliche = attack_cliche(state, actor)
    if leader is None or cliche is None:
        return None
    shooters = [u for u in forces.entity_units(state, actor) if forces.able(u)]
    victims = targets_of(state, target, only)
    if not shooters or not victims:
        return None

    def pos(u: Unit) -> tuple[float, float]:
        return tuple(positions.get(u.id, u.pos))  # type: ignore[return-value]

    seen = terrain.sees_many(state, [(s, pos(s), None) for s in shooters], [pos(v) for v in victims])
    base = forces.attack_dice_base(forces.level(cliche))
    shots = []
    for j, v in enumerate(victims):
        who = [s for i, s in enumerate(shooters) if seen[i][j]]
        if not who:
            continue
        why = [f"{forces.cliche_text(cliche)}: {dice_text(base)}"]
        dice = base
        best = max(who, key=lambda s: forces.weapon_bonus(state, s))
        bonus = forces.weapon_bonus(state, best)
        if bonus:
            why.append(f"{forces.weapon_of(best)} ({forces.weapon_class(state, best)}) +{bonus}")
            dice += bonus
        if len(who) > 2:
            why.append(f"{len(who)} attackers from the same fireteam +1")
            dice += 1
        covers = [terrain.cover_piece(state, pos(v), pos(s)) for s in who]
        cover = None
        if all(c is not None for c in covers):
            cover = terrain.cover_text(covers[0])
            why.append(f"target in cover ({cover}) -1")
            dice -= 1
        dice = max(0, dice)
        shots.append(Shot(v.id, [s.id for s in who], dice, why, cover, p_attack(dice)))
    if not shots:
        return None
    return AttackPlan(actor, target, leader.id, shots)


def pin(state: GameState, unit: Unit, how: str = "") -> None:
    if "pinned" not in unit.markers:
        unit.markers.add("pinned")
        state.emit("Pinned", f"{unit.name} is pinned{how}: hits the dirt and stays down", unit=unit.id)


def reveal(state: GameState, unit: Unit, why: str) -> None:
    """A hidden figure shows itself (hidden deployment); a blank marker is taken away."""
    if "hidden" not in unit.markers:
        return
    unit.markers.discard("hidden")
    if forces.is_blank(unit):
        unit.out = True
        state.emit("Revealed", f"A hidden marker is revealed {why}: a blank, nobody there", unit=unit.id)
    else:
        state.emit("Revealed", f"{unit.name} is revealed {why}", unit=unit.id)


def resolve_attack(state: GameState, plan: AttackPlan, purpose: str = "attack") -> tuple[bool, list[str]]:
    """Roll each attack of the plan; every hit pins. Returns (all hit, ids hit)."""
    name = forces.entity_name(state, plan.actor)
    for uid in sorted({s for shot in plan.shots for s in shot.shooters}):
        reveal(state, state.units[uid], "as he fires")
    hits = []
    for shot in plan.shots:
        target = state.units[shot.target]
        if shot.cover:
            state.emit("Cover", f"{target.name} is in cover ({shot.cover}): one die less", unit=target.id)
        detail = ", ".join(shot.why)
        state.emit("Dice", f"{name} against {target.name}: {detail} = {dice_text(shot.dice)}",
                   unit=target.id)
        if shot.dice <= 0:
            state.emit("NoDice", f"{name} has no dice against {target.name}: no effect", unit=target.id)
            continue
        r = state.roll(f"hits({shot.dice}d6,5)>=1", f"{purpose} on {target.name}", who=name,
                       odds_text=shot.odds_text)
        if r.success:
            hits.append(target.id)
            pin(state, target)
        else:
            state.emit("Missed", f"{target.name} is not hit", unit=target.id)
    return len(hits) == len(plan.shots), hits


# -- spotting (optional rule) ------------------------------------------------------------------------
def spotting_cliche(state: GameState, actor: str) -> tuple[Unit | None, dict[str, Any] | None]:
    leader, _ = attack_cliche(state, actor)
    if leader is None:
        return None, None
    return leader, forces.best_cliche(leader, forces.SPOTTING)


def p_spot(state: GameState, actor: str) -> Fraction:
    """Spotting option: roll the spotting (else shooting) cliché's full dice; any 6 spots the mover."""
    _, cliche = spotting_cliche(state, actor)
    return p_sixes(forces.level(cliche))


# -- rally ---------------------------------------------------------------------------------------------
def rally_cliche(state: GameState, unit: Unit) -> tuple[dict[str, Any] | None, Unit]:
    """The character's own rallying cliché, or his team leader's leadership cliché if higher (the
    leader shouting him back into the fight); the leader must himself be able to act."""
    own = forces.best_cliche(unit, forces.RALLYING)
    best, by = own, unit
    if unit.team is not None and unit.team in forces.team_table(state):
        leader = forces.acting_leader(state, unit.team)
        if leader is not None and leader.id != unit.id:
            lead = forces.best_cliche(leader, forces.LEADERSHIP, fallback=False)
            if forces.level(lead) > forces.level(best):
                best, by = lead, leader
    return best, by


def rally_odds(state: GameState, unit: Unit) -> tuple[int, Fraction, str]:
    cliche, by = rally_cliche(state, unit)
    n = forces.level(cliche)
    p = p_attack(n)
    helper = f", {by.name}'s {forces.cliche_text(cliche)}" if by is not unit else ""
    return n, p, f"{dice_text(n)}{helper}, {pct(p)} to rally"


def resolve_rally(state: GameState, unit: Unit) -> bool:
    """'Roll that many dice. A 5 or a 6 is a success and the character is rallied. If unsuccessful roll
    again. A 5 or a 6 means the character survives for now but continues to be pinned. Lower rolls
    means the character is ... out of the battle. The cliché is reduced to zero.'"""
    cliche, by = rally_cliche(state, unit)
    n = forces.level(cliche)
    who = unit.name if by is unit else f"{by.name} for {unit.name}"
    if n <= 0:
        state.emit("NoDice", f"{unit.name} has no cliché to rally with")
        first = False
    else:
        first = bool(state.roll(f"hits({n}d6,5)>=1", f"rally of {unit.name}", who=who,
                                odds_text=f"{dice_text(n)}, {pct(p_attack(n))}").success)
    if first:
        unit.markers.discard("pinned")
        state.emit("Rallied", f"{unit.name} is rallied and can continue the fight", unit=unit.id)
        return True
    second = n > 0 and bool(state.roll(f"hits({n}d6,5)>=1", f"{unit.name}'s fate (survive?)", who=who,
                                       odds_text=f"{dice_text(n)}, {pct(p_attack(n))}").success)
    if second:
        state.emit("StillPinned", f"{unit.name} survives for now but stays pinned", unit=unit.id)
        return False
    put_out(state, unit, "the rally failed: dead, wounded or whatever fate the victor decides")
    return False


def put_out(state: GameState, unit: Unit, why: str) -> None:
    for c in unit.stats.get("cliches") or []:
        c["level"] = 0
    unit.out = True
    unit.markers.discard("pinned")
    state.emit("Out", f"{unit.name} is out of the battle ({why}); his cliché is reduced to zero",
               unit=unit.id)


# -- close combat ----------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=4096)
def round_odds(attacker: int, followers: tuple[int, ...], defender: int) -> Fraction:
    """Chance the assaulting side wins one Risus round (ties are rolled again): the leader's cliché dice
    summed, plus 6 for every 6 a team member rolls, against the defender's cliché dice summed."""
    a = odds.distribution(f"{attacker}d6")
    for f in followers:
        if f > 0:
            a = a + odds.distribution(f"hits({f}d6,6)") * 6
    d = odds.distribution(f"{defender}d6")
    diff = a - d
    win = Fraction(diff.probability(">", 0))
    lose = Fraction(diff.probability("<", 0))
    return win / (win + lose)


@functools.lru_cache(maxsize=4096)
def combat_odds(attacker: int, followers: tuple[int, ...], defender: int) -> Fraction:
    """Chance the assault wins the whole close combat: each lost round costs the loser a die."""
    if defender <= 0:
        return Fraction(1)
    if attacker <= 0:
        return Fraction(0)
    p = round_odds(attacker, followers, defender)
    return p * combat_odds(attacker, followers, defender - 1) + (1 - p) * combat_odds(attacker - 1, followers,
                                                                                        defender)


def close_combat_sides(state: GameState, movers: list[Unit], defender: Unit):
    leader = movers[0]
    followers = [m for m in movers[1:] if forces.able(m)]
    lc = forces.best_cliche(leader, forces.CLOSE_COMBAT)
    fcs = [(f, forces.best_cliche(f, forces.CLOSE_COMBAT)) for f in followers]
    dc = forces.best_cliche(defender, forces.CLOSE_COMBAT)
    return leader, lc, fcs, dc


def assault_odds(state: GameState, movers: list[Unit], defender: Unit) -> tuple[Fraction, str]:
    leader, lc, fcs, dc = close_combat_sides(state, movers, defender)
    fl = tuple(sorted(forces.level(c) for _, c in fcs))
    p = combat_odds(forces.level(lc), fl, forces.level(dc))
    team = f" + {len(fl)} team member{'s' if len(fl) > 1 else ''} (6s only)" if fl else ""
    return p, f"close combat {forces.level(lc)}{team} vs {forces.level(dc)} dice, {pct(p)}"


def resolve_close_combat(state: GameState, movers: list[Unit], defender: Unit) -> bool:
    """'Close combat is resolved like ordinary Risus combat': each round both sides roll their close
    combat cliché and total the dice; the lower total loses a die from that cliché; equal totals roll
    again. At zero dice that side is out. Returns True when the assault wins."""
    leader, lc, fcs, dc = close_combat_sides(state, movers, defender)
    team = f" with {', '.join(f.name for f, _ in fcs)}" if fcs else ""
    state.emit("CloseCombat", f"Close combat! {leader.name}{team} assaults {defender.name}"
               f"{' (pinned, he defends)' if forces.is_pinned(defender) else ''}",
               attacker=leader.id, defender=defender.id)
    for _ in range(MAX_CLOSE_COMBAT_ROUNDS):
        a, d = forces.level(lc), forces.level(dc)
        if d <= 0:
            break
        if a <= 0:
            break
        fl = tuple(sorted(forces.level(c) for _, c in fcs))
        ra = state.roll(f"{a}d6", "close combat", who=leader.name,
                        odds_text=f"{pct(round_odds(a, fl, d))} to win the round")
        total_a = ra.total
        for f, c in fcs:
            n = forces.level(c)
            if n > 0:
                rf = state.roll(f"hits({n}d6,6)", "close combat (team member: only 6s count)", who=f.name)
                total_a += 6 * rf.total
        rd = state.roll(f"{d}d6", "close combat", who=defender.name)
        if total_a == rd.total:
            state.emit("CloseCombatRound", f"{leader.name} {total_a} against {defender.name} {rd.total}: "
                                           f"a tie, both roll again")
            continue
        loser, cliche = (defender, dc) if total_a > rd.total else (leader, lc)
        cliche["level"] = forces.level(cliche) - 1
        state.emit("CloseCombatRound",
                   f"{leader.name} {total_a} against {defender.name} {rd.total}: {loser.name} loses a die "
                   f"({forces.cliche_text(cliche)})", loser=loser.id)
    if forces.level(dc) <= 0:
        put_out(state, defender, "beaten in close combat")
        state.emit("CloseCombatWon", f"{leader.name} wins the close combat and takes the position")
        return True
    if forces.level(lc) <= 0:
        put_out(state, leader, "beaten in close combat")
        state.emit("CloseCombatLost", f"{defender.name} beats off the assault")
        return False
    state.emit("CloseCombatLost", f"{defender.name} holds: the close combat is undecided")
    return False


# -- grenades ------------------------------------------------------------------------------------------
def grenade_radii(state: GameState) -> tuple[float, float]:
    """R1 (blast radius) and R2 (maximum range), set by the scenario."""
    data = state.scenario.ruleset_data
    return float(data.get("grenade_blast_radius", 4.0)), float(data.get("grenade_range", 12.0))


def grenades_left(unit: Unit) -> int:
    g = unit.stats.get("grenades", 0)
    if g is True:
        return 99
    if isinstance(g, bool) or not isinstance(g, (int, float)):
        return 0
    return int(g)


def grenade_dice(state: GameState, thrower: Unit, target_pos: Sequence[float],
                 blast_at: Sequence[float] | None = None) -> tuple[int, list[str], str | None]:
    """'A handgrenade counts as an ordinary weapon and receives no bonus dice'; cover -1; everyone but
    the target in the blast (`blast_at`: where it bursts) is attacked with one die less.

    Cover: the target's from the thrower, as for any attack; a bystander's from the burst, which is
    where his attack comes from (inside a wood or house he has cover; behind a low wall only if the
    wall stands between him and the burst; assets/rules/risus-skirmish.md)."""
    cliche = forces.best_cliche(thrower, forces.SHOOTING)
    base = forces.attack_dice_base(forces.level(cliche))
    why = [f"{forces.cliche_text(cliche)}: {dice_text(base)}", "hand grenade (ordinary)"]
    dice = base
    thrown_at = blast_at is None
    cover = terrain.cover_piece(state, target_pos, thrower.pos if thrown_at else blast_at)
    cover_text = None
    if cover is not None:
        cover_text = terrain.cover_text(cover)
        why.append(f"in cover ({cover_text}) -1")
        dice -= 1
    if not thrown_at:
        why.append("in the blast, not the target -1")
        dice -= 1
    return max(0, dice), why, cover_text


def in_blast(state: GameState, target: Unit) -> list[Unit]:
    """Who a grenade hitting `target` also attacks: everyone within R1 of him in the open, or in his
    room inside a building, friend or foe, hidden or not; not those already pinned (a pinned figure is
    not attacked again)."""
    r1, _ = grenade_radii(state)
    others = [u for u in state.units.values()
              if u.id != target.id and not u.out and "pinned" not in u.markers]
    if not others:
        return []
    idx = state.table.blast(target.pos, r1, [u.pos for u in others])
    return [others[i] for i in sorted(int(i) for i in idx)]


def resolve_grenade(state: GameState, thrower: Unit, target: Unit) -> bool:
    r1, _ = grenade_radii(state)
    reveal(state, thrower, "as he throws")
    dice, why, cover = grenade_dice(state, thrower, target.pos)
    if cover:
        state.emit("Cover", f"{target.name} is in cover ({cover}): one die less", unit=target.id)
    p = p_attack(dice)
    hit = False
    if dice > 0:
        hit = bool(state.roll(f"hits({dice}d6,5)>=1", f"hand grenade at {target.name}", who=thrower.name,
                              odds_text=f"{dice_text(dice)}, {pct(p)}").success)
    if grenades_left(thrower) < 99:
        thrower.stats["grenades"] = grenades_left(thrower) - 1
    if not hit:
        state.emit("Missed", f"The grenade misses: nobody is affected, not even bystanders")
        return False
    pin(state, target, " by the grenade")
    room = state.table.room_at(target.x, target.y)
    where = "the whole room" if room is not None else f"everyone within {r1:g} cm in the open"
    caught = in_blast(state, target)
    state.emit("Blast", f"The grenade explodes: {where} is in the blast"
               + (f" ({', '.join(u.name for u in caught if not forces.is_hidden(u))})" if caught else ""))
    for u in caught:
        if forces.is_hidden(u):
            reveal(state, u, "by the blast")
            if u.out:
                continue
        d, _, c = grenade_dice(state, thrower, u.pos, blast_at=target.pos)
        if c:
            state.emit("Cover", f"{u.name} is in cover ({c}): one die less", unit=u.id)
        if d <= 0:
            state.emit("NoDice", f"{u.name} is caught in the blast but no dice are left: no effect")
            continue
        r = state.roll(f"hits({d}d6,5)>=1", f"grenade blast on {u.name}", who=thrower.name,
                       odds_text=f"{dice_text(d)}, {pct(p_attack(d))}")
        if r.success:
            pin(state, u, " by the blast")
    return True
