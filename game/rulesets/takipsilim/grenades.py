"""Grenades ("Grenades"): the throws of the grenades phase and what each type does, then what happens
to a cooked grenade in the miscellaneous phase: thrown away, thrown back, or detonating at the end of
the round.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from typing import Any

from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit
from game.geometry.measure import distance

from . import characters, combat, ground, hits, tables
from .actions import GRENADE, MISC_ACTIONS, ThrowAway, ThrowBack
from .characters import EFFECT_WORDS


def find(state: GameState, gid: str) -> dict[str, Any] | None:
    """A cooked grenade on the table, by id."""
    return next((g for g in state.data["live"] if g["id"] == gid), None)


def in_blast(state: GameState, centre, radius: float, include=lambda u: True) -> list[Unit]:
    units = [u for u in characters.in_order(state) if not u.out and include(u)]
    idx = ground.blast_indices(state.table, centre, radius, [(u.x, u.y) for u in units])
    return [units[i] for i in idx]


# ==== the orders =================================================================================
def options(state: GameState, u: Unit, add) -> None:
    """Throw each grenade type carried at an enemy in throwing range (smoke also at one's own feet)."""
    stock = state.data["grenades"].get(u.id, {})
    if not stock:
        return
    rules = tables.grenade_rules()
    throw = float(rules["throw_range"])
    for gtype in sorted(stock):
        if stock[gtype] <= 0:
            continue
        g = tables.grenades()[gtype]
        targets = list(characters.enemies(state, u))
        if g["effect"] == "smoke":
            targets = [u] + targets
        for e in targets:
            dist = distance((u.x, u.y), (e.x, e.y))
            if dist > throw + ground.OPEN_MOVE:
                continue

            def odds_fn(moved: bool, g=g):
                if not g.get("throw_roll"):
                    return None, "no roll: smoke lands where thrown"
                ex = characters.athletics(state, u)[2]
                return combat.chance(ex), combat.odds_text(ex)
            where = "at your own feet" if e.id == u.id else f"at {e.name}"
            add(GRENADE, f"Throw a {g['name'].lower()} {where}", target=e.id, mode=gtype,
                stay=dist <= throw, odds_fn=odds_fn)


# ==== the grenades phase =========================================================================
def resolve(state: GameState) -> None:
    state.emit("Phase", "— Grenades phase —")
    d = state.data
    rules = tables.grenade_rules()
    throw_range = float(rules["throw_range"])
    for u in characters.in_order(state):
        o = d["orders"].get(u.id)
        if u.out or not o or o["action"] != GRENADE:
            continue
        gtype = o.get("mode", "")
        stock = d["grenades"].get(u.id, {})
        g = tables.grenades().get(gtype)
        if g is None or stock.get(gtype, 0) <= 0:
            continue
        t = state.units.get(o["target"])
        if t is None:
            continue
        stock[gtype] -= 1
        if stock[gtype] <= 0:
            del stock[gtype]
        start, aim = (u.x, u.y), (t.x, t.y)
        dist = distance(start, aim)
        if dist > throw_range:
            k = throw_range / dist
            aim = (start[0] + (aim[0] - start[0]) * k, start[1] + (aim[1] - start[1]) * k)
            state.emit("ShortThrow", f"{t.name} is beyond throwing range ({dist:.1f} m): the "
                                     f"{g['name'].lower()} can reach only {throw_range:.0f} m")
        where = "at own feet" if t.id == u.id else f"at {t.name}"
        if g["effect"] == "smoke":
            _smoke(state, u, aim, g, where)
            continue
        # "Roll 2d6 + Athletics, on a hit, the grenade is able to reach its intended location. On a
        # failure, the grenade harmlessly detonates elsewhere."
        adv, mode, ex = characters.athletics(state, u)
        cooked = " cooks it and" if g["effect"] == "explosive" else ""
        state.emit("Throw", f"{u.name}{cooked} throws a {g['name'].lower()} {where} "
                            f"({combat.why(mode, adv, [])})", thrower=u.id)
        roll = characters.skill_roll(state, u, ex, mode, f"throwing a {g['name'].lower()}")
        if not roll.success:
            state.emit("ThrowFailed", f"The {g['name'].lower()} goes astray and detonates harmlessly "
                                      f"elsewhere")
            continue
        if g["effect"] == "explosive":
            _cooked(state, u, aim, gtype, g, where)
        elif g["effect"] == "flashbang":
            _flashbang(state, u, aim, g)
        elif g["effect"] == "tear-gas":
            _tear_gas(state, u, aim, g)


def _smoke(state: GameState, u: Unit, aim, g: dict[str, Any], where: str) -> None:
    """"Smoke": "Lightly obscures targets, but only imposes Disadvantage on attacks indoors." No roll."""
    state.data["smoke"].append({"x": aim[0], "y": aim[1], "radius": float(g["radius"]),
                                "until": state.turn + int(g.get("rounds", 2)) - 1})
    state.emit("Smoke", f"{u.name} throws a smoke grenade {where}: smoke lightly obscures "
                        f"{g['radius']} m around it (disadvantage only on attacks indoors) until "
                        f"the end of next round", x=aim[0], y=aim[1])


def _cooked(state: GameState, u: Unit, aim, gtype: str, g: dict[str, Any], where: str) -> None:
    """"Fragmentation and High Explosive": "When you choose to throw a grenade, cook it. It detonates at
    the end of the round." """
    d = state.data
    gid = f"g{d['next_grenade']}"
    d["next_grenade"] += 1
    d["live"].append({"id": gid, "type": gtype, "x": aim[0], "y": aim[1], "thrower": u.id,
                      "side": u.side, "state": "live", "offered": False, "back": False})
    state.emit("GrenadeLands", f"The cooked {g['name'].lower()} lands {where}: it detonates at the "
                               f"end of the round", grenade=gid, x=aim[0], y=aim[1])


def _flashbang(state: GameState, thrower: Unit, centre, g: dict[str, Any]) -> None:
    """"Flashbang": a hit detonates at once; enemies roll 2d6 + Athletics to shield their eyes; failing
    without ear protection forfeits a round (the next one)."""
    state.emit("Flashbang", "The flashbang detonates at once", x=centre[0], y=centre[1])
    for e in in_blast(state, centre, float(g["radius"]), lambda v: v.side != thrower.side):
        _adv, mode, ex = characters.athletics(state, e)
        roll = characters.skill_roll(state, e, ex, mode, "shielding the eyes from the flashbang")
        if roll.success:
            state.emit("Shielded", f"{e.name} shields the eyes in time", unit=e.id)
        elif characters.has_gear(e, g.get("protection", "")):
            state.emit("Shielded", f"{e.name} fails the roll but wears ear protection: no effect", unit=e.id)
        else:
            characters.set_effect(state, e.id, "dazzled", state.turn + 1)
            state.emit("Dazzled", f"{e.name} is {EFFECT_WORDS['dazzled']}", unit=e.id)


def _tear_gas(state: GameState, thrower: Unit, centre, g: dict[str, Any]) -> None:
    """"Tear Gas": all targets within 10 m are practically incapacitated and unable to shoot, unless
    they wear a full-face gas mask: they lose their remaining actions this round and may only move
    next round."""
    state.emit("TearGas", "The tear gas canister bursts: everyone within 10 m coughs and cries "
                          "uncontrollably", x=centre[0], y=centre[1])
    for e in in_blast(state, centre, float(g["radius"])):
        if characters.has_gear(e, g.get("protection", "")):
            state.emit("GasMask", f"{e.name}'s full-face gas mask protects", unit=e.id)
            continue
        characters.set_effect(state, e.id, "gassed", state.turn + 1)
        state.emit("Gassed", f"{e.name} is {EFFECT_WORDS['gassed']} (this round and next)", unit=e.id)


# ==== a cooked grenade among the enemy: throw it away or back ========================================
def _endangered(state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
    radius = float(tables.grenades()[g["type"]]["radius"])
    return in_blast(state, (g["x"], g["y"]), radius, lambda v: v.side == side)


def _with_a_miscellaneous_action(state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
    """"Throwing grenades away or back fall under this action too" and "Each character commits to only
    one action per round": the endangered characters whose committed action this round is a
    miscellaneous one, not yet spent."""
    out = []
    for u in _endangered(state, g, side):
        o = state.data["orders"].get(u.id) or {}
        if o.get("action") in MISC_ACTIONS and u.id not in state.data["spent"] and characters.able(state, u):
            out.append(u)
    return out


def _throw_away_candidates(state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
    """"The opponent must commit a miscellaneous action to throw the grenade elsewhere out of range"."""
    return _with_a_miscellaneous_action(state, g, side)


def _throw_back_candidates(state: GameState, g: dict[str, Any], side: int) -> list[Unit]:
    """"For players, spend 2 Luck and roll 2d6 + Athletics to throw back the grenade": player
    characters with 2 luck whose committed action is a miscellaneous one (throwing back falls under
    that action), not in a surprise round, which allows no reprisals."""
    if g["back"] or characters.surprised_side(state, side):
        return []
    return [u for u in _with_a_miscellaneous_action(state, g, side)
            if characters.is_pc(u) and state.data["luck"].get(u.id, 0) >= 2]


def offer_responses(state: GameState) -> bool:
    """Offer each side a cooked grenade that landed among its characters, once (an interrupt).
    Returns True when there is nothing more to offer."""
    for g in state.data["live"]:
        if g["state"] != "live" or g["offered"]:
            continue
        g["offered"] = True
        for side in range(state.sides):
            if side == g["side"]:
                continue
            if _throw_away_candidates(state, g, side) or _throw_back_candidates(state, g, side):
                engine.push_interrupt(state, Decision(
                    side, "grenade", "a cooked grenade lands among your characters: throw it away or "
                                     "back?", context={"grenade": g["id"]}))
                return False
    return True


def response_options(state: GameState, side: int, gid: str) -> list[Option]:
    g = find(state, gid)
    opts = []
    if g is not None:
        for u in _throw_away_candidates(state, g, side):
            opts.append(Option("ThrowAway", f"{u.name}: give up the miscellaneous action to throw "
                                            f"the grenade out of range", ThrowAway(u.id, gid),
                               actor=u.id, key=f"away:{u.id}"))
        for u in _throw_back_candidates(state, g, side):
            ex = characters.athletics(state, u)[2]
            opts.append(Option("ThrowBack", f"{u.name}: spend 2 luck and throw it back "
                                            f"({combat.odds_text(ex)})", ThrowBack(u.id, gid),
                               actor=u.id, odds=combat.chance(ex), odds_text=combat.odds_text(ex),
                               key=f"back:{u.id}"))
    opts.append(Option("Pass", "Leave the grenade", Pass(side), key="pass"))
    return opts


def throw_away(state: GameState, action: ThrowAway) -> None:
    g = find(state, action.grenade)
    u = state.units[action.actor]
    g["state"] = "thrown-away"
    state.data["spent"].append(u.id)
    state.emit("ThrowAway", f"{u.name} spends the miscellaneous action to throw the grenade elsewhere, "
                            f"out of range", unit=u.id)


def throw_back(state: GameState, action: ThrowBack) -> None:
    """"On a success, the enemy must roll to avoid the hit too. On a failure, the grenade detonates out
    of range of anyone." """
    g = find(state, action.grenade)
    u = state.units[action.actor]
    state.data["luck"][u.id] -= 2
    state.data["spent"].append(u.id)          # the round's miscellaneous action goes on the throw
    _adv, mode, ex = characters.athletics(state, u)
    state.emit("ThrowBack", f"{u.name} spends 2 luck ({state.data['luck'][u.id]} left) to throw the "
                            f"grenade back", unit=u.id)
    roll = characters.skill_roll(state, u, ex, mode, "throwing the grenade back")
    if roll.success:
        thrower = state.units[g["thrower"]]
        g.update({"x": thrower.x, "y": thrower.y, "back": True, "side": u.side, "thrower": u.id})
        state.emit("GrenadeLands", f"The grenade lands back at {thrower.name}'s feet: the enemy must roll "
                                   f"to avoid the hit too", grenade=g["id"], x=g["x"], y=g["y"])
    else:
        g["state"] = "harmless"
        state.emit("ThrowFailed", "The throw fails: the grenade detonates out of range of anyone")


# ==== the end of the round: detonation ===========================================================
def detonate(state: GameState) -> None:
    """Cooked grenades detonate at the end of the round. "Those within short range and not behind
    cover must roll 2d6 + their Athletics. On a failure, they take the full hit (2d6: the lower die is
    the location, the higher the damage). On a success, they avoid the damage, but they can't shoot
    next round." """
    for g in state.data["live"]:
        if g["state"] != "live":
            continue
        g["state"] = "detonated"
        spec = tables.grenades()[g["type"]]
        centre = (g["x"], g["y"])
        state.emit("Detonation", f"The {spec['name'].lower()} detonates", grenade=g["id"],
                   x=centre[0], y=centre[1])
        caught = in_blast(state, centre, float(spec["radius"]))
        if not caught:
            state.emit("NoVictims", "Nobody is within short range")
        for u in caught:
            behind = ground.blast_cover(state.table, (u.x, u.y), centre)
            if behind is not None:
                state.emit("Sheltered", f"{u.name} is behind cover ({behind.name or behind.kind.label}): "
                                        f"safe", unit=u.id)
                continue
            _adv, mode, ex = characters.athletics(state, u)
            roll = characters.skill_roll(state, u, ex, mode, "avoiding the grenade")
            if roll.success:
                characters.set_effect(state, u.id, "ducked", state.turn + 1)
                state.emit("Ducked", f"{u.name} avoids the blast but cannot shoot next round", unit=u.id)
                continue
            hit = state.roll("2d6", "the full hit (lower die location, higher die damage)", u.name)
            state.emit("FullHit", f"{u.name} takes the full hit", unit=u.id)
            hits.record(state, None, u, hit.kept[0], 0, projectile=False, breaks_armour=False,
                        weapon=spec["name"].lower())
