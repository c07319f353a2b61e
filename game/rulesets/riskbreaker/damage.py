"""Advantage Actions and Damage Actions ("Choose an Action", "Establish Risk", "Roll and Resolve").

- Advantage: any skill but the Fight skill in use; success gains Risk, failure loses Risk.
- Kill Damage (the Fight skill): success deals Risk damage spread over opponents; a character is
  out when its Kill Damage reaches the rating of the skill it fights with; the Risk is "spent" (the
  side loses Risk Advantage). Failure: no damage and the side loses twice the Risk.
- Skill Damage: the same, but it lowers the target's effective stat, and the roll adds Risk.
- Damage needs Risk <= the side's positive Advantage.

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from game.engine.ruleset import Option
from game.engine.state import GameState, Unit

from . import characters, fights, rolls
from .actions import GainAdvantage, KillDamage, SkillDamage

RISKS = (1, 2, 3)


# ==== options =========================================================================================
def advantage_options(state: GameState, u: Unit) -> list[Option]:
    """"Advantage actions can use any skill other than the fight skill they are already using"."""
    if fights.fight_of(state, u.id) is None:
        return []
    used = characters.weapon(state, u)["name"]
    opts = []
    for k in u.stats["skills"]:
        if k["name"] == used:
            continue
        stat = characters.effective(state, u, k["stat"])
        for r in RISKS:
            opts.append(Option("Advantage", f"{u.name}: Advantage with {characters.letter_label(state, u, k)} "
                                            f"at Risk {r} (+{r} / -{r})",
                               action=GainAdvantage(u.id, k["name"], r), actor=u.id,
                               odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
    return opts


def _spreads(state: GameState, targets: list[Unit], risk: int, kill: bool) -> list[tuple[str, ...]]:
    """Every way to spread `risk` points over the targets, none given more than takes it out (Kill
    Damage) or more than its effective stat (Skill Damage); when they cannot take it all, the rest is
    lost."""
    def cap(t: Unit) -> int:
        if kill:
            return characters.kill_left(state, t)
        return characters.effective(state, t, characters.weapon(state, t)["stat"])
    caps = {t.id: cap(t) for t in targets if cap(t) > 0}
    n = min(risk, sum(caps.values()))
    if n <= 0:
        return []
    out = []
    for combo in combinations_with_replacement(sorted(caps), n):
        if all(c <= caps[t] for t, c in Counter(combo).items()):
            out.append(combo)
    return out


def spread_text(state: GameState, targets: tuple[str, ...]) -> str:
    return ", ".join(f"{c} to {state.units[t].name}" for t, c in Counter(targets).items())


def damage_options(state: GameState, u: Unit) -> list[Option]:
    loc = fights.fight_of(state, u.id)
    if loc is None:
        return []
    adv = fights.advantage(state, loc, u.side)
    foes = fights.opponents(state, u.id)
    w = characters.weapon(state, u)
    stat = characters.effective(state, u, w["stat"])
    opts = []
    for r in RISKS:
        if r > adv:                      # "Risk less than or equal to their side's positive Advantage"
            break
        for spread in _spreads(state, foes, r, kill=True):
            opts.append(Option("KillDamage", f"{u.name}: Kill Damage with {characters.letter_label(state, u, w)} at Risk {r} "
                                             f"({spread_text(state, spread)})",
                               action=KillDamage(u.id, r, spread), actor=u.id, target=spread[0],
                               odds=rolls.chance(stat), odds_text=rolls.odds_text(stat)))
        for spread in _spreads(state, foes, r, kill=False):
            opts.append(Option("SkillDamage", f"{u.name}: Skill Damage with {characters.letter_label(state, u, w)} at Risk "
                                              f"{r}, rolls as {characters.LETTER[w['stat']]}{stat + r} "
                                              f"({spread_text(state, spread)})",
                               action=SkillDamage(u.id, r, spread), actor=u.id, target=spread[0],
                               odds=rolls.chance(stat + r), odds_text=rolls.odds_text(stat + r)))
    return opts


# ==== resolving ========================================================================================
def gain_advantage(state: GameState, action: GainAdvantage) -> None:
    u = state.units[action.actor]
    k = characters.skill(u, action.skill)
    loc = fights.fight_of(state, u.id)
    stat = characters.effective(state, u, k["stat"])
    state.emit("Action", f"{u.name} tries an Advantage Action with {characters.letter_label(state, u, k)} at "
                         f"Risk {action.risk}", actor=u.id)
    roll = rolls.stat_roll(state, stat, "an Advantage Action", u.name)
    if roll.success:
        fights.shift(state, loc, u.side, action.risk, f"{u.name}'s {k['name']} succeeds")
    else:
        fights.shift(state, loc, u.side, -action.risk, f"{u.name}'s {k['name']} fails")


def kill_damage(state: GameState, action: KillDamage) -> None:
    _damage(state, action.actor, action.risk, action.targets, kill=True)


def skill_damage(state: GameState, action: SkillDamage) -> None:
    _damage(state, action.actor, action.risk, action.targets, kill=False)


def _damage(state: GameState, uid: str, risk: int, targets: tuple[str, ...], kill: bool) -> None:
    u = state.units[uid]
    loc = fights.fight_of(state, uid)
    w = characters.weapon(state, u)
    stat = characters.effective(state, u, w["stat"])
    what = "Kill Damage" if kill else "Skill Damage"
    rolled_as = stat if kill else stat + risk          # "adds the established Risk to his Stat"
    as_text = "" if kill else f", rolling as {characters.LETTER[w['stat']]}{rolled_as}"
    state.emit("Action", f"{u.name} attempts {what} with {characters.letter_label(state, u, w)} at Risk "
                         f"{risk}{as_text}",
               actor=uid)
    roll = rolls.stat_roll(state, rolled_as, what, u.name)
    if not roll.success:
        fights.shift(state, loc, u.side, -2 * risk, f"{u.name}'s {what} fails: twice the Risk")
        return
    for t, n in Counter(targets).items():
        target = state.units[t]
        if kill:
            take_kill(state, target, n, f"{u.name}'s {w['name']}")
        else:
            take_skill(state, target, n, f"{u.name}'s {w['name']}")
    fights.shift(state, loc, u.side, -risk, "the Risk is spent")


def take_kill(state: GameState, u: Unit, n: int, why: str) -> None:
    """Kill Damage: "as soon as damage equal to the opponent's fight rating is dealt, that character
    is removed from the battle"."""
    sh = characters.sheet(state, u.id)
    sh["kill"] += n
    cap = characters.capacity(u, characters.weapon(state, u))
    state.emit("KillDamage", f"{u.name} takes {n} Kill Damage ({why}): {sh['kill']} of {cap}", unit=u.id)
    if sh["kill"] >= cap:
        u.out = True
        u.markers.add("out")
        state.emit("KnockedOut", f"{u.name} is knocked out of the battle", unit=u.id)


def take_skill(state: GameState, u: Unit, n: int, why: str) -> None:
    w = characters.weapon(state, u)
    sh = characters.sheet(state, u.id)
    n = min(n, characters.effective(state, u, w["stat"]))
    sh["skill"][w["stat"]] += n
    state.emit("SkillDamage", f"{u.name} takes {n} Skill Damage ({why}): fights as "
                              f"{characters.LETTER[w['stat']]}{characters.effective(state, u, w['stat'])} "
                              f"with {w['name']}", unit=u.id)
