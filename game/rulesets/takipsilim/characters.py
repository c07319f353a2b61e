"""What Takipsilim asks about a character, in every phase: skills and gear, what it carries into the
fight, the effects that last into next round, the ambush, and the skill roll itself.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Unit
from game.geometry.measure import distance

from . import combat, ground, tables
from .actions import FORCED

EFFECTS = ("winded", "dazzled", "ducked", "gassed", "aimed")
EFFECT_WORDS = {
    "winded": "winded: loses next round's action, hunkering down to catch breath",
    "dazzled": "dazzled by the flashbang: forfeits the next round",
    "ducked": "dived clear of the grenade: cannot shoot next round",
    "gassed": "coughing and crying in the tear gas: practically incapacitated, unable to shoot",
    "aimed": "aiming: advantage when shooting next round",
}


# ==== what each character carries into the fight ===================================================
def setup(state: GameState) -> None:
    """The round's bookkeeping, and per character: the loaded magazine and spares ("Tracking Ammo"),
    grenades, luck, damage by location ("Attacks and Damage") and armour pieces."""
    weapons, armour = tables.weapons(), tables.armour()
    d: dict[str, Any] = {
        "orders": {}, "revealed": False, "ammo": {}, "grenades": {}, "luck": {}, "damage": {},
        "severe": {}, "armour": {}, "effects": {}, "moved": {}, "live": [], "smoke": [],
        "hits": [], "spent": [], "operated": {}, "after_battle": [],
        "surprise": False, "next_grenade": 1,
        "ambushers": [i for i, s in enumerate(state.scenario.sides) if s.role == "ambusher"],
    }
    for u in state.units.values():
        s = u.stats
        w = weapons.get(s.get("weapon") or "")
        if w:
            cap = int(w["magazine"])
            d["ammo"][u.id] = {"loaded": int(s.get("loaded", cap)),
                               "spares": [cap] * int(s.get("magazines", 2))}
        d["grenades"][u.id] = {g: int(n) for g, n in (s.get("grenades") or {}).items() if n}
        d["luck"][u.id] = int(s.get("luck", 0))
        d["damage"][u.id] = combat.new_damage()
        d["severe"][u.id] = []
        d["armour"][u.id] = [{"id": a, "prevented": 0, "state": "intact"}
                             for a in (s.get("armour") or []) if a in armour]
        d["effects"][u.id] = {}
    state.data = d


# ==== skills and gear ============================================================================
def skill(u: Unit, name: str) -> int:
    return int((u.stats.get("skills") or {}).get(name, 0))


def weapon(u: Unit) -> dict[str, Any] | None:
    return tables.weapons().get(u.stats.get("weapon") or "")


def _melee_weapon(u: Unit, fallback: dict[str, str]) -> dict[str, Any]:
    return tables.melee_weapons().get(u.stats.get("melee_weapon") or "unarmed") or fallback


def melee_reach(u: Unit) -> str:
    return _melee_weapon(u, {"reach": "unarmed"})["reach"]


def melee_name(u: Unit) -> str:
    return _melee_weapon(u, {"name": "bare hands"})["name"]


def has_gear(u: Unit, item: str) -> bool:
    return item in (u.stats.get("gear") or [])


def is_pc(u: Unit) -> bool:
    return bool(u.stats.get("pc"))


# ==== who is on the table ========================================================================
def in_order(state: GameState) -> list[Unit]:
    """The characters in the scenario's order: the order simultaneous actions are written down in."""
    return [state.units[s.id] for s in state.scenario.units if s.id in state.units]


def enemies(state: GameState, u: Unit) -> list[Unit]:
    return [e for e in state.units.values() if e.side != u.side and not e.out]


def able(state: GameState, u: Unit) -> bool:
    """In a state to act this round: in combat, not gassed, and not forced to forfeit the round."""
    return not u.out and not effect(state, u.id, "gassed") and \
        (state.data["orders"].get(u.id) or {}).get("action") != FORCED


# ==== effects lasting into next round ==============================================================
def effect(state: GameState, uid: str, name: str) -> bool:
    """Is the effect on this character in the current round?"""
    return int(state.data["effects"].get(uid, {}).get(name, 0)) >= state.turn


def set_effect(state: GameState, uid: str, name: str, until: int) -> None:
    eff = state.data["effects"].setdefault(uid, {})
    eff[name] = max(int(eff.get(name, 0)), until)
    state.units[uid].markers.add(name)


def sync_markers(state: GameState) -> None:
    """The table's markers show the effects still running (none on a character out of combat)."""
    for u in state.units.values():
        eff = state.data["effects"].get(u.id, {})
        for name in EFFECTS:
            if not u.out and name in eff:
                u.markers.add(name)
            else:
                u.markers.discard(name)


# ==== "Ambushes" =================================================================================
def surprised_side(state: GameState, side: int) -> bool:
    """"Ambushers gain a surprise round. Commit to 1 action without enemy reprisals." """
    return bool(state.data["surprise"]) and side not in state.data["ambushers"]


def ambush_bonus(state: GameState, u: Unit) -> list[str]:
    """Ambushers roll with advantage for any skill rolls in the surprise round."""
    if state.data["surprise"] and u.side in state.data["ambushers"]:
        return ["ambush: surprise round"]
    return []


# ==== smoke ("Smoke") ============================================================================
def in_smoke(state: GameState, pos) -> bool:
    return any(distance(pos, (c["x"], c["y"])) <= c["radius"] for c in state.data["smoke"])


def smoke_indoors(state: GameState, attacker_pos, target_pos) -> bool:
    """Smoke "only imposes Disadvantage on attacks indoors": the target is indoors and the smoke
    lies on the attacker or the target."""
    return ((in_smoke(state, target_pos) or in_smoke(state, attacker_pos))
            and ground.indoors(state.table, target_pos))


# ==== the roll ("Attacks and Damage": "Roll 2d6 + relevant Skills ... 8 or higher") ===============
def skill_roll(state: GameState, u: Unit, ex: str, mode: str, why: str):
    """Roll `ex` for u; the log shows the mode and the odds."""
    return state.roll(ex, why, u.name, odds_text=f"{mode}, {combat.odds_text(ex).split(': ')[-1]}")


def athletics(state: GameState, u: Unit) -> tuple[list[str], str, str]:
    """An Athletics roll (throwing, dodging, shielding the eyes): the ambush advantage only.
    Returns (advantages, mode, expression)."""
    adv = ambush_bonus(state, u)
    mode = combat.mode_of(adv, [])
    return adv, mode, combat.expr(mode, skill(u, "athletics"))


# ==== what the UI shows ==========================================================================
def describe(state: GameState, unit_id: str) -> str:
    u = state.units[unit_id]
    d = state.data
    parts = [f"{u.name} ({state.scenario.sides[u.side].name}{', player character' if is_pc(u) else ''})"]
    w = weapon(u)
    ammo = d["ammo"].get(u.id)
    if w and ammo:
        parts.append(f"{w['name']} {ammo['loaded']}/{w['magazine']}, spare magazines {ammo['spares']}")
    parts.append(f"melee: {melee_name(u)}")
    dmg = d["damage"].get(u.id, {})
    hurt = ", ".join(f"{k} {v}" for k, v in dmg.items() if v)
    parts.append(f"damage {combat.total_damage(dmg)}" + (f" ({hurt})" if hurt else ""))
    if d["luck"].get(u.id):
        parts.append(f"luck {d['luck'][u.id]}")
    for piece in d["armour"].get(u.id, []):
        spec = tables.armour()[piece["id"]]
        parts.append(f"{spec['name']} {piece['prevented']}/{spec['max_hits']} {piece['state']}")
    gren = d["grenades"].get(u.id)
    if gren:
        parts.append("grenades " + ", ".join(f"{n} {g}" for g, n in gren.items()))
    return "; ".join(parts)
