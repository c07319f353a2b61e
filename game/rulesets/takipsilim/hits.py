"""Hits landing ("Attacks and Damage"): a phase records its hits, then they are settled one by one:
armour first, then the luck a character spends, then the damage and what it does.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from typing import Any

from game.engine import game as engine
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit

from . import characters, combat, tables
from .actions import SpendLuck
from .characters import EFFECT_WORDS, EFFECTS


def record(state: GameState, u: Unit | None, t: Unit, kept, bonus: int, projectile: bool,
           breaks_armour: bool, weapon: str) -> None:
    """"The lower die result determines hit location while the higher is the damage dealt."
    `u` is None for a grenade's blast."""
    loc, dmg, low, high = combat.hit_from(kept, bonus)
    extra = f" + {bonus} for automatic fire" if bonus else ""
    who = f"{u.name} hits {t.name}" if u is not None else f"{t.name} is hit"
    state.emit("Hit", f"{who}: {loc} (lower die {low}), {dmg} damage (higher die {high}{extra})",
               target=t.id, location=loc, damage=dmg)
    state.data["hits"].append({"target": t.id, "location": loc, "damage": dmg, "projectile": projectile,
                               "breaks_armour": breaks_armour, "source": weapon,
                               "by": u.id if u is not None else ""})


def settle(state: GameState) -> bool:
    """Apply the phase's hits one by one; a player character with luck decides how much to spend
    (an interrupt). Returns True when every hit is settled."""
    d = state.data
    while d["hits"]:
        hit = d["hits"][0]
        t = state.units[hit["target"]]
        if "dead" in t.markers:
            d["hits"].pop(0)
            continue
        if not hit.get("armour_checked"):
            hit["armour_checked"] = True
            if _armour_stops(state, t, hit):
                d["hits"].pop(0)
                continue
        luck = d["luck"].get(t.id, 0)
        if luck > 0 and hit["damage"] > 0:
            engine.push_interrupt(state, Decision(
                t.side, "luck", f"{t.name} is hit in the {hit['location']} for {hit['damage']} damage: "
                                f"spend luck? ({luck} left)", actor=t.id))
            return False
        d["hits"].pop(0)
        _take_damage(state, t, hit["location"], int(hit["damage"]))
    return True


# ==== armour ======================================================================================
def _armour_stops(state: GameState, t: Unit, hit: dict[str, Any]) -> bool:
    """Armour covering the location prevents the hit, up to its maximum ("Replace armor once it prevents
    its maximum number of hits"); it breaks at once to an anti-materiel rifle ("Armor instantly breaks
    when hit by anti-materiel rifles"). "If you're hit by a projectile while wearing intact armor, lose
    your turn next round"."""
    specs = tables.armour()
    for piece in state.data["armour"].get(t.id, []):
        spec = specs[piece["id"]]
        if piece["state"] != "intact" or hit["location"] not in spec["locations"]:
            continue
        # a figure already out of combat has no turn to lose: armour winds only those still fighting
        winded = bool(hit["projectile"]) and not t.out
        if winded:
            characters.set_effect(state, t.id, "winded", state.turn + 1)
        if hit["breaks_armour"]:
            piece["state"] = "broken"
            state.emit("ArmourBroken", f"{t.name}'s {spec['name'].lower()} breaks at once to the "
                                       f"{hit['source']}: the hit goes through", unit=t.id)
            if winded:
                state.emit("Winded", f"{t.name} is {EFFECT_WORDS['winded']}", unit=t.id)
            return False
        piece["prevented"] += 1
        text = (f"{t.name}'s {spec['name'].lower()} stops the hit to the {hit['location']} "
                f"({piece['prevented']} of {spec['max_hits']} hits)")
        if piece["prevented"] >= int(spec["max_hits"]):
            piece["state"] = "spent"
            text += f"; it has prevented its maximum and needs replacing"
        state.emit("ArmourStops", text, unit=t.id)
        if winded:
            state.emit("Winded", f"{t.name} is {EFFECT_WORDS['winded']}", unit=t.id)
        return True
    return False


# ==== luck: "1 point of luck to 1 point of damage" =================================================
def luck_options(state: GameState) -> list[Option]:
    """The hit character's choice: how many luck points to spend on the hit at the head of the queue."""
    hit = state.data["hits"][0]
    uid = hit["target"]
    most = min(state.data["luck"].get(uid, 0), int(hit["damage"]))
    name = state.units[uid].name
    opts = []
    for p in range(most + 1):
        left = int(hit["damage"]) - p
        label = (f"{name}: take the hit ({left} damage)" if p == 0 else
                 f"{name}: spend {p} luck ({'avoids the hit' if left == 0 else f'{left} damage'})")
        opts.append(Option("SpendLuck", label, SpendLuck(uid, p), actor=uid, key=f"luck:{p}"))
    return opts


def spend_luck(state: GameState, action: SpendLuck) -> None:
    """"Attacks reduced to 0 this way are avoided completely." """
    d = state.data
    hit = d["hits"].pop(0)
    t = state.units[action.actor]
    points = int(action.points)
    dmg = int(hit["damage"]) - points
    if points:
        d["luck"][t.id] -= points
        state.emit("Luck", f"{t.name} spends {points} luck: {points} damage cancelled "
                           f"({d['luck'][t.id]} luck left)", unit=t.id)
    if dmg <= 0:
        state.emit("Avoided", f"Luck reduces the hit to 0: {t.name} avoids it completely", unit=t.id)
        return
    _take_damage(state, t, hit["location"], dmg)


# ==== damage =====================================================================================
def _take_damage(state: GameState, t: Unit, loc: str, dmg: int) -> None:
    d = state.data
    dmg_by = d["damage"][t.id]
    dmg_by[loc] = int(dmg_by.get(loc, 0)) + dmg
    total = combat.total_damage(dmg_by)
    state.emit("Damage", f"{t.name} takes {dmg} damage to the {loc} ({loc} {dmg_by[loc]}, total {total})",
               unit=t.id, location=loc, damage=dmg, total=total)
    severe = d["severe"][t.id]
    if dmg_by[loc] >= combat.SEVERE and loc not in severe:
        severe.append(loc)
        _severe_wound(state, t, loc)
    # "Once the combined total of damage taken is 6 or greater, the target is out of combat."
    if total >= combat.OUT_OF_COMBAT and not t.out:
        t.out = True
        t.markers.add("out-of-combat")
        for m in EFFECTS:
            t.markers.discard(m)
        t.markers.discard("hunkering")
        if "dead" not in t.markers:        # the dead are past medical intervention (logged as dead)
            state.emit("OutOfCombat", f"{t.name} is out of combat (total damage {total}): needs medical "
                                      f"intervention to survive", unit=t.id)


def _severe_wound(state: GameState, t: Unit, loc: str) -> None:
    """"Should damage in any of the hit locations reach 6 or greater": head dead; torso a mortal wound,
    death in 1d4 hours; legs or arms a limb destroyed, heads for the right, tails for the left."""
    after = state.data["after_battle"]
    if loc == "head":
        t.markers.add("dead")
        state.emit("Dead", f"{t.name}: 6 or more damage to the head: dead", unit=t.id)
        after.append(f"{t.name} is dead")
    elif loc == "torso":
        hours = state.roll("d4", "hours until death from the mortal wound", t.name).total
        t.markers.add("mortal-wound")
        in_hours = f"{hours} hour{'s' if hours > 1 else ''}"
        state.emit("MortalWound", f"{t.name}: 6 or more damage to the torso: a mortal wound; death in "
                                  f"{in_hours} without stabilising medical attention (noted for after "
                                  f"the battle)", unit=t.id, hours=hours)
        after.append(f"{t.name}: mortal wound, dies in {in_hours} without aid")
    else:
        coin = state.roll("d2", f"coin for which {loc} (heads right, tails left)", t.name).total
        side = "right" if coin == 1 else "left"
        t.markers.add(f"{side}-{loc}-destroyed")
        state.emit("LimbDestroyed", f"{t.name}: 6 or more damage to the {loc}: the {side} {loc} is "
                                    f"destroyed ({'heads' if coin == 1 else 'tails'})", unit=t.id)
        after.append(f"{t.name}: {side} {loc} destroyed")
