"""What each Riskbreaker option is worth, in characters (one knocked out is worth about 1).

From the side's view: the exact chance of the option's roll times what success does, less what a
failure costs (seed 001: failure loses Risk, twice the Risk on a damage action).
"""
from __future__ import annotations

from collections import Counter

from game.ai.framework import Context
from game.ai.generic import outcome_value
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit
from game.rulesets.riskbreaker import battleground, characters, fights, special, victory
from game.rulesets.riskbreaker.actions import (Alteration, Declare, FirstAid, Flee, Follow, GainAdvantage, Hold,
                                                KillDamage, Maneuver, Recovery, SkillDamage, Surrender, Tactics)

ADVANTAGE = 0.12        # one point of Advantage
WINNING = 2             # Advantage at which a fight is going our way
IDLE = -0.04           # taking no action in a fight
HOLD_EXIT = 3           # hunters who stay on an exit whatever else happens
SKILL_POINT = 0.06      # one point of Skill Damage on an enemy, beyond the Advantage it gives back
HOPELESS = 12           # Advantage below which a fight cannot be turned (three Risk 3 successes a round)


def worth(state: GameState, u: Unit) -> float:
    """A character standing: 1, plus a little for its rating and what it can still take."""
    if u.out:
        return 0.0
    cap = characters.capacity(u, characters.weapon(state, u))
    return 1.0 + 0.05 * characters.fight_rating(state, u) + 0.3 * characters.kill_left(state, u) / max(cap, 1)


def evaluate(state: GameState, side: int) -> float:
    done = outcome_value(state, side)
    total = sum(worth(state, u) * (1 if u.side == side else -1) for u in state.units.values())
    for loc in state.data.get("fights", {}):
        total += 0.5 * ADVANTAGE * fights.advantage(state, loc, side)
    return total + (done or 0.0)


def _escaping(state: GameState, side: int) -> bool:
    v = state.scenario.victory
    return v.get("kind") == "escape" and int(v.get("side", 0)) == side


def _p(o: Option) -> float:
    return float(o.odds) if o.odds is not None else 1.0


def worth_of_advantage(adv: int) -> float:
    """What holding `adv` Advantage is worth: the first points most (they open damage at all), then
    less and less (a side far ahead can spend freely); odd, so being behind costs the same."""
    x = abs(adv)
    g = 0.15 * min(x, 3) + 0.1 * min(max(x - 3, 0), 3) + 0.05 * max(x - 6, 0)
    return g if adv >= 0 else -g


def _swing(state: GameState, loc: str | None, side: int, p: float, win: int, lose: int) -> float:
    """Expected change in the worth of the side's Advantage: +win on a success, -lose on a failure."""
    if loc is None:
        return 0.0
    adv = fights.advantage(state, loc, side)
    now = worth_of_advantage(adv)
    return p * (worth_of_advantage(adv + win) - now) + (1 - p) * (worth_of_advantage(adv - lose) - now)


def _damage(state: GameState, targets: tuple[str, ...], kill: bool, adv: int = 0) -> float:
    """What the damage is worth. Skill Damage lowers the target's skill level, which the drift pays
    back to the side as Advantage every round after ("greater by one ... increases by one"): worth a
    point of Advantage where Advantage is still worth having (little to a side far ahead)."""
    value = 0.0
    per_point = SKILL_POINT + 3 * (worth_of_advantage(adv + 1) - worth_of_advantage(adv))
    for t, n in Counter(targets).items():
        u = state.units[t]
        if kill:
            left = characters.kill_left(state, u)
            cap = characters.capacity(u, characters.weapon(state, u))
            if n >= left:
                value += worth(state, u) + ADVANTAGE * (characters.fight_rating(state, u) + 1)
            else:
                value += 0.8 * worth(state, u) * n / max(cap, 1)
        else:                                   # never below 0: points past it are lost
            value += min(n, characters.fight_rating(state, u)) * per_point
    return value


def score(ctx: Context, o: Option) -> float:
    state, side, a = ctx.view, ctx.side, o.action
    p = _p(o)
    if isinstance(a, Surrender):
        return _surrender(state, a.side)
    if isinstance(a, Hold):                    # "this system assumes everyone is fighting all the time":
        return IDLE if fights.fight_of(state, a.actor) else 0.0     # idling in a fight wastes a turn
    if isinstance(a, Declare):
        return _declare(state, a)
    if isinstance(a, Follow):
        return _follow(state, a, p)
    u = state.units[a.actor]
    loc = fights.fight_of(state, u.id)
    if isinstance(a, GainAdvantage):
        return _swing(state, loc, side, p, a.risk, a.risk) + 0.01
    if isinstance(a, (KillDamage, SkillDamage)):
        adv = fights.advantage(state, loc, side) if loc else 0
        return (p * _damage(state, a.targets, isinstance(a, KillDamage), adv)
                + _swing(state, loc, side, p, -a.risk, 2 * a.risk))
    if isinstance(a, Maneuver):
        return _maneuver(state, u, a, p, loc)
    if isinstance(a, Tactics):
        t = state.units[a.target]
        gain = (characters.fight_rating(state, t) + 1) * ADVANTAGE
        return p * gain * 0.8 + _swing(state, loc, side, p, 0, a.risk)
    if isinstance(a, Alteration):
        return -0.05
    if isinstance(a, Recovery):
        return 0.12 * (2 if a.skill else 3) + ((2 * p - 1) * a.risk * ADVANTAGE if a.skill else 0.0)
    if isinstance(a, FirstAid):
        return p * 0.2 * a.risk
    if isinstance(a, Flee):                    # an escort leaving without the one it escorts wins nothing
        return 3.0 if _escaping(state, side) and u.id in victory.runners(state, side) else -1.0
    return 0.0


def _surrender(state: GameState, side: int) -> float:
    """"Until one group flees, surrenders, or receives full Kill Damage": a side outnumbered three to one
    (one against three, two against six) in a battle of elimination has lost at the round limit whatever
    it does; running from fight to fight only puts the end off, so it yields. So does a side outnumbered
    two to one whose every fight is lost past hope (HOPELESS)."""
    if state.scenario.victory.get("kind", "eliminate") != "eliminate" or state.sides != 2:
        return -5.0
    mine = len(fights.standing(state, side))
    theirs = len(fights.standing(state, 1 - side))
    lost = [loc for loc in state.data.get("fights", {}) if fights.members(state, loc, side)]
    beyond_hope = bool(lost) and all(fights.advantage(state, loc, side) <= -HOPELESS for loc in lost)
    return 1.0 if 3 * mine <= theirs or (2 * mine <= theirs and beyond_hope) else -5.0


def _declare(state: GameState, a: Declare) -> float:
    u = state.units[a.actor]
    k = characters.skill(u, a.skill)
    staying = characters.capacity(u, k) - characters.sheet(state, u.id)["kill"]
    v = 0.05 * characters.effective(state, u, k["stat"]) + 0.03 * staying
    if a.fight:
        v += 0.3
    return v


def _follow(state: GameState, a: Follow, p: float) -> float:
    if not a.keep_pace:
        return 0.0
    u = state.units[a.actor]
    if _escaping(state, u.side):               # running for the exit, not after the enemy
        return -0.2
    m = state.data.get("maneuver") or {}
    if m and m.get("to") is None:              # a break-away off the table: keeping pace keeps him here
        return 1.0
    if _escaping(state, 1 - u.side):           # hunting: stay on the heels of a fugitive
        return 0.2 * p
    loc = fights.fight_of(state, u.id)
    adv = fights.advantage(state, loc, u.side) if loc else 0
    return p * (0.1 if adv >= 0 else -0.1)


def _enemy_locations(state: GameState, side: int, staying: bool = False) -> dict[str, int]:
    """Locations holding enemies, with the enemies' skill level there; with `staying`, only the
    enemies who will still be there when the round ends (they acted, they fight, or they cannot
    maneuver): going for one who may yet move crosses him on the way (two parties passing each other
    over a bridge)."""
    acted = set(state.data.get("acted", []))
    out: dict[str, int] = {}
    for e in (e for e in fights.standing(state) if e.side != side):
        loc = battleground.location_of(state, e)
        if staying and e.id not in acted and fights.fight_of(state, e.id) is None \
                and characters.skills_for(e, "maneuver"):
            continue
        if loc is not None:
            out[loc] = out.get(loc, 0) + characters.fight_rating(state, e)
    return out


def _held(state: GameState, u: Unit, loc: str | None) -> float:
    """What a location the scenario gives the side Advantage in is worth holding (the pikes on their
    stairway, the hunters at the ford): its situations, those of the character's Fight skill."""
    bonus = 0
    for s in state.scenario.ruleset_data.get("situations", []) or []:
        if s.get("location") == loc and int(s.get("side", 0)) == u.side and "round" not in s \
                and s.get("fighting_with", characters.weapon(state, u)["name"]) == characters.weapon(state, u)["name"]:
            bonus += int(s.get("advantage", 0))
    return 0.12 * bonus


def _steps(state: GameState, a: str | None, b: str, side: int, far: int = 9) -> int:
    d = battleground.steps_between(state, a, b, side, far) if a is not None else None
    return far if d is None else d


def _maneuver(state: GameState, u: Unit, a: Maneuver, p: float, loc: str | None) -> float:
    side = u.side
    cost = (1 - p) * a.risk * ADVANTAGE + 0.02 * a.risk
    here = battleground.location_of(state, u)
    if _escaping(state, side):
        exits = special.exits(state)
        near = min((_steps(state, a.to, e, side) for e in exits), default=9)
        now = min((_steps(state, here, e, side) for e in exits), default=9)
        foes = _enemy_locations(state, side).get(a.to, 0)
        friends = sum(characters.fight_rating(state, f) for f in fights.standing(state, side)
                      if battleground.location_of(state, f) == a.to) + characters.fight_rating(state, u)
        # the enemy waiting at the exit wins at the round limit: the fewer rounds left, the less he deters
        left = max(0, int(state.scenario.turn_limit or 0) - state.turn) / max(int(state.scenario.turn_limit or 1), 1)
        danger = 0.03 * max(0, foes - friends) * left
        return 0.3 * (now - near) + (0.3 if near == 0 else 0.0) - danger - cost
    enemies = _enemy_locations(state, side)
    if loc is not None and _escaping(state, 1 - side):
        return -0.5                             # hunting: a fugitive held in a fight is not escaping
    if loc is not None:                         # in a fight: get out only when it is lost
        adv = fights.advantage(state, loc, side)
        regroup = any(battleground.location_of(state, f) == a.to
                      for f in fights.standing(state, side) if f.id != u.id)
        if adv <= -4 and a.to not in enemies and regroup:   # fall back on friends: running anywhere else
            return 0.15 + 0.03 * (-adv) - cost             # only starts a chase that never ends
        shooters = [e for e in fights.opponents(state, u.id) if battleground.location_of(state, e) == a.to]
        if shooters and not characters.is_ranged(state, u) and adv < WINNING:
            # go at the bows shooting into a fight that is not going our way (one that is, is finished)
            return 0.25 + 0.03 * (characters.fight_rating(state, u) - max(
                characters.fight_rating(state, e) for e in shooters)) - cost - _held(state, u, here)
        return -0.2
    if _escaping(state, 1 - side):
        return _hunt(state, u, a, here, enemies) - cost
    staying = _enemy_locations(state, side, staying=True)
    if a.to in staying or here in staying or characters.is_ranged(state, u):
        # a place to fight from is worth only what it adds to the one the character stands in: an
        # archer already shooting into a fight next door stays, and so does anyone enemies came to
        return _fighting_place(state, u, a.to, staying) - _fighting_place(state, u, here, staying) - cost
    d_now = min((_steps(state, here, e, side, 5) for e in enemies), default=5)
    # enemies who may yet move are met half way, not jumped at: the step toward them is worth as much
    d_new = min((max(_steps(state, a.to, e, side, 5), 1) for e in enemies), default=5)
    hold = _held(state, u, a.to) - _held(state, u, here)
    return 0.13 * (d_now - d_new) + hold - cost        # closing in: a failed maneuver still arrives


def _fighting_place(state: GameState, u: Unit, loc: str | None, enemies: dict[str, int]) -> float:
    """What a location is worth to fight from: among enemies, by the odds there with the friends already
    there and those free beside him (who come along: one at a time, nobody would ever go first); next
    to enemies, for an archer; anywhere else nothing. An archer would rather shoot from next door."""
    ranged = characters.is_ranged(state, u)
    here = battleground.location_of(state, u)
    if loc in enemies:
        friends = sum(characters.fight_rating(state, f) for f in fights.standing(state, u.side)
                      if f.id != u.id and (battleground.location_of(state, f) == loc or (
                          battleground.location_of(state, f) == here and fights.fight_of(state, f.id) is None)))
        odds = friends + characters.fight_rating(state, u) - enemies[loc]
        return (0.1 if ranged else 0.3) + 0.03 * odds + _held(state, u, loc)
    if ranged and loc is not None and any(n in enemies for n in battleground.adjacent(state, loc)):
        return 0.3
    return 0.0


def _hunt(state: GameState, u: Unit, a: Maneuver, here: str | None, enemies: dict[str, int]) -> float:
    """Against a side that wins by escaping: the exits are held (a fugitive in a fight there can be
    kept from leaving: every opponent may try to keep pace), the hunters nearest the exits go to hold
    them, and the rest close in on the fugitives; a fugitive standing on an exit is the first target."""
    side = u.side
    exits = special.exits(state)
    hunters = fights.standing(state, side)
    guards = [h for h in hunters if battleground.location_of(state, h) in exits]
    if here in exits and len(guards) <= HOLD_EXIT:
        return -0.4                              # the exit is held by few: stay on it
    if here in enemies:
        return -0.3                              # fugitives here: the fight begins next round
    if a.to in enemies:
        return (0.6 if a.to in exits else 0.3) + 0.03 * (characters.fight_rating(state, u) - enemies[a.to])

    def to_exit(h: Unit) -> int:
        return min((_steps(state, battleground.location_of(state, h), e, side) for e in exits), default=9)
    wanted = max(0, HOLD_EXIT - len(guards))
    goers = sorted((h for h in hunters if h not in guards), key=lambda h: (to_exit(h), h.id))[:wanted]
    targets = list(exits) if u in goers else list(enemies)
    d_now = min((_steps(state, here, t, side) for t in targets), default=9)
    d_new = min((_steps(state, a.to, t, side) for t in targets), default=9)
    return (0.4 if u in goers else 0.2) * (d_now - d_new)
