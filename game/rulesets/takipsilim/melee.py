"""The melee phase ("Melee"): weapon reach, the melee orders a character may give (the charge itself
is run in the movement phase), and the simultaneous fight.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from game.engine.ruleset import Option
from game.engine.state import GameState, Unit

from . import characters, combat, ground, hits, tables
from .actions import MELEE, Order


def modifiers(state: GameState, u: Unit, t: Unit, upos, tpos) -> tuple[list[str], list[str]]:
    """"Fighters with short weapons are only at an Advantage against those unarmed and have
    Disadvantage against weapons with reach. Medium weapons (e.g. clubs and swords) are at a
    Disadvantage against longer-reaching weapons" (the matchups in melee.json); smoke indoors; ambush."""
    adv: list[str] = []
    dis: list[str] = []
    mine, theirs = characters.melee_reach(u), characters.melee_reach(t)
    effect = tables.melee()["matchups"].get(mine, {}).get(theirs)
    if effect == "advantage":
        adv.append(f"{mine} weapon against the {theirs}")
    elif effect == "disadvantage":
        dis.append(f"{mine} weapon against a {theirs} weapon")
    if characters.smoke_indoors(state, upos, tpos):
        dis.append("smoke indoors")
    adv += characters.ambush_bonus(state, u)
    return adv, dis


def _roll(state: GameState, u: Unit, t: Unit) -> tuple[list[str], list[str], str, str]:
    """u's melee roll against t: (advantages, disadvantages, mode, expression)."""
    adv, dis = modifiers(state, u, t, (u.x, u.y), (t.x, t.y))
    mode = combat.mode_of(adv, dis)
    return adv, dis, mode, combat.expr(mode, characters.skill(u, "melee"))


# ==== the orders =================================================================================
def options(state: GameState, u: Unit, opts: list[Option]) -> None:
    """Fight an enemy in contact, or charge one within a free move of contact."""
    contact = float(tables.melee()["contact"])
    for e in characters.enemies(state, u):
        gap = ground.edge_gap((u.x, u.y), u.base, (e.x, e.y), e.base)
        if gap > ground.OPEN_MOVE + contact:
            continue
        ex = _roll(state, u, e)[3]
        text = combat.odds_text(ex)
        verb = "Fight" if gap <= contact else "Charge and fight"
        opts.append(Option("Order", f"{verb} {e.name} in melee ({characters.melee_name(u)}; {text})",
                           action=Order(u.id, MELEE, e.id, "", False, u.x, u.y), actor=u.id, target=e.id,
                           odds=combat.chance(ex), odds_text=text, key=f"{u.id}:melee:{e.id}"))


# ==== the phase ==================================================================================
def resolve(state: GameState) -> None:
    """"Melee is simultaneous": every fighter in contact rolls, and the hits land after all rolls. A
    figure attacked in melee that makes no melee attack of its own strikes back at its attacker."""
    state.emit("Phase", "— Melee phase —")
    d = state.data
    contact = float(tables.melee()["contact"])
    attacks: list[tuple[Unit, Unit]] = []
    for u in characters.in_order(state):
        o = d["orders"].get(u.id)
        if not o or o["action"] != MELEE or u.out:
            continue
        t = state.units.get(o["target"])
        if t is None:
            continue
        if not characters.able(state, u):
            state.emit("NoMelee", f"{u.name} is in no state to fight")
            continue
        if t.out:
            state.emit("NoMelee", f"{u.name} finds {t.name} already down")
            continue
        if ground.edge_gap((u.x, u.y), u.base, (t.x, t.y), t.base) > contact + 1e-6:
            state.emit("NoMelee", f"{u.name} cannot reach {t.name}")
            continue
        attacks.append((u, t))
    # The surprised strike no blow back ("without enemy reprisals").
    attackers = {u.id for u, _ in attacks}
    for u, t in list(attacks):
        if t.id in attackers or characters.surprised_side(state, t.side) or not characters.able(state, t):
            continue
        attackers.add(t.id)
        attacks.append((t, u))
        state.emit("StrikeBack", f"{t.name} fights back against {u.name} (melee is simultaneous)")
    for u, t in attacks:
        adv, dis, mode, ex = _roll(state, u, t)
        state.emit("Melee", f"{u.name} ({characters.melee_name(u)}) attacks {t.name} "
                            f"({characters.melee_name(t)}) in melee: {combat.why(mode, adv, dis)}",
                   attacker=u.id, target=t.id, mode=mode)
        roll = characters.skill_roll(state, u, ex, mode, "melee")
        if roll.success:
            hits.record(state, u, t, roll.kept[0], 0, projectile=False, breaks_armour=False,
                        weapon=characters.melee_name(u))
        else:
            state.emit("Missed", f"{u.name} misses {t.name}")
