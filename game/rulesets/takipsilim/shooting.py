"""The shooting phase ("Shooting", "Weapon Range Limits", "Cover and Movement", "Tracking Ammo",
"Automatic Fire"): the shot's range band and modifiers, the shooting orders a character may give, and
the phase itself.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Unit
from game.geometry.los import LosRules
from game.geometry.measure import distance, range_band

from . import characters, combat, ground, hits, tables
from .actions import HUNKER, SHOOT


def los_rules(state: GameState) -> LosRules:
    houses = (state.scenario.ruleset_data or {}).get("houses", "walls")
    return LosRules(edge_depth=state.scenario.edge_band, houses=houses)


def range_bands(state: GameState, unit_id: str) -> list[tuple[str, float]]:
    """The seed's bands (1 m = 1 cm), up to the last one the unit's weapon can reach."""
    w = characters.weapon(state.units[unit_id])
    if not w:
        return []
    reach = [(n, cm) for n, cm in tables.bands() if w["ranges"].get(n) != "miss"]
    return reach


# ==== the shot ===================================================================================
AFTER_MOVING = "shooting after moving"


def shot_setup(state: GameState, u: Unit, t: Unit, spos, tpos, moved: bool,
               target_stationary: bool, auto: bool, cover: Any = "find") -> dict[str, Any]:
    """Range band, advantage and disadvantage, and the roll, for u shooting t (Cover and Movement).
    `cover`: the piece covering the target from the shooter when already known."""
    w = characters.weapon(u) or {"name": "weapon", "ranges": {}}
    dist = distance(spos, tpos)
    # "Weapon Range Limits": "Shooting beyond the maximum range is a guaranteed miss."
    band = range_band(dist, tables.bands())
    effect = w["ranges"].get(band, "miss") if band else "miss"
    adv: list[str] = []
    dis: list[str] = []
    if effect == "advantage":
        adv.append(f"{band} range for the {w['name']}")
    elif effect == "disadvantage":
        dis.append(f"{band} range for the {w['name']}")
    # "Cover and Movement": disadvantage against targets in cover, advantage against stationary
    # targets out of cover, disadvantage shooting after moving.
    if cover == "find":
        cover = ground.cover_from(state.table, tpos, spos)
    if cover is not None:
        dis.append(f"target in cover ({cover.name or cover.kind.label})")
    elif target_stationary:
        adv.append("stationary target out of cover")
    if moved:
        dis.append(AFTER_MOVING)
    # "Miscellaneous": "If you aim, roll with Advantage when you shoot next round."
    if characters.effect(state, u.id, "aimed"):
        adv.append("aimed last round")
    # "Automatic Fire": advantage, or disadvantage without the Shooting skill.
    if auto:
        if characters.skill(u, "shooting") > 0:
            adv.append("automatic fire")
        else:
            dis.append("automatic fire without the Shooting skill")
    if characters.smoke_indoors(state, spos, tpos):
        dis.append("smoke indoors")
    adv += characters.ambush_bonus(state, u)
    mode = combat.mode_of(adv, dis)
    return {"distance": dist, "band": band, "effect": effect, "adv": adv, "dis": dis, "mode": mode,
            "cover": cover.id if cover is not None else None,
            "expr": combat.expr(mode, characters.skill(u, "shooting"))}


# ==== the orders =================================================================================
def options(state: GameState, u: Unit, add, ducked: bool) -> None:
    """Shoot each enemy in reach, a single shot or automatic fire ("Consume 6 shots"), from here or
    after the free move. A character who dived clear of a grenade cannot shoot this round."""
    w = characters.weapon(u)
    ammo = state.data["ammo"].get(u.id)
    if not w or not ammo or ducked:
        return
    loaded = ammo["loaded"]
    modes = []
    if loaded >= 1:
        modes.append("single")
    if w.get("automatic") and loaded >= combat.AUTO_SHOTS:
        modes.append("auto")
    if not modes:
        return
    reach_limit = max((lim for band, lim in tables.bands() if w["ranges"][band] != "miss"), default=0)
    rules = los_rules(state)
    for e in characters.enemies(state, u):
        dist = distance((u.x, u.y), (e.x, e.y))
        if dist > reach_limit + ground.OPEN_MOVE:
            continue
        los = ground.los(state.table, rules, (u.x, u.y), (e.x, e.y))
        band = range_band(dist, tables.bands())
        in_range = band is not None and w["ranges"][band] != "miss"
        cover = ground.cover_from(state.table, (e.x, e.y), (u.x, u.y))
        for mode in modes:
            what = "automatic fire (6 shots)" if mode == "auto" else "single shot"
            label = f"Shoot {e.name} with the {w['name']}, {what}"
            add(SHOOT, label, target=e.id, mode=mode, stay=bool(los.clear and in_range),
                move=True, odds_fn=_shot_odds(state, u, e, mode == "auto", cover))


def _shot_odds(state: GameState, u: Unit, e: Unit, auto: bool, cover: Any):
    """The odds an order's option shows for u shooting e, from here (`moved` False) or after the free
    move: the shot is set up once, the move adding only its disadvantage (as shot_setup does)."""
    setup: dict[str, Any] = {}

    def odds_fn(moved: bool):
        if not setup:
            setup.update(shot_setup(state, u, e, (u.x, u.y), (e.x, e.y), moved=False,
                                    target_stationary=True, auto=auto, cover=cover))
        if setup["effect"] == "miss":
            return None, "out of range from here"
        ex = setup["expr"]
        if moved:
            ex = combat.expr(combat.mode_of(setup["adv"], setup["dis"] + [AFTER_MOVING]),
                             characters.skill(u, "shooting"))
        return combat.chance(ex), combat.odds_text(ex)
    return odds_fn


# ==== the phase ==================================================================================
def resolve(state: GameState) -> None:
    """All shots are computed from positions at the phase start; casualties come after all shots
    (so a figure shot in this phase still fires in it: "All characters committing to the same action
    perform it simultaneously")."""
    state.emit("Phase", "— Shooting phase —")
    d = state.data
    rules = los_rules(state)
    for u in characters.in_order(state):
        o = d["orders"].get(u.id)
        if u.out or not o or o["action"] != SHOOT:
            continue
        t = state.units.get(o["target"])
        w = characters.weapon(u)
        ammo = d["ammo"].get(u.id)
        if t is None or w is None or ammo is None:
            continue
        if t.out:
            gone = "has escaped" if "escaped" in t.markers else "is already down"
            state.emit("HoldFire", f"{u.name} holds fire: {t.name} {gone}")
            continue
        spos, tpos = (u.x, u.y), (t.x, t.y)
        sight = ground.los(state.table, rules, spos, tpos)
        if not sight.clear:
            blocker = state.table.by_id.get(sight.blocker)
            state.emit("HoldFire", f"{u.name} holds fire: no line of sight to {t.name} "
                                   f"(blocked by {blocker.name if blocker and blocker.name else sight.blocker})")
            continue
        # "If you forfeit your action in a round while in cover, no one has line of sight to shoot
        # you. You are hunkering down. This only applies if opponents aren't flanking."
        to = d["orders"].get(t.id) or {}
        if to.get("action") == HUNKER:
            behind = ground.hunker_cover(state.table, tpos, spos)
            if behind is not None:
                state.emit("HoldFire", f"{u.name} holds fire: {t.name} is hunkering down behind the "
                                       f"{behind.name or behind.kind.label} (no line of sight; "
                                       f"not flanking)")
                continue
            if ground.in_cover(state.table, tpos) is not None:     # in cover, but not from this side
                state.emit("Flanking", f"{u.name} is flanking {t.name}: the cover does not protect "
                                       f"from this side")
        # "Tracking Ammo": "Track every shot, every bullet."
        auto = o.get("mode") == "auto"
        need = combat.AUTO_SHOTS if auto else 1
        if ammo["loaded"] < need:
            state.emit("HoldFire", f"{u.name}'s {w['name']} clicks: not enough rounds in the magazine")
            continue
        ammo["loaded"] -= need
        setup = shot_setup(state, u, t, spos, tpos, moved=u.id in d["moved"],
                           target_stationary=t.id not in d["moved"], auto=auto)
        rounds = f"automatic fire, {need} rounds" if auto else "single shot"
        band = setup["band"] or "beyond distant"
        if setup["effect"] == "miss":
            state.emit("Shot", f"{u.name} fires the {w['name']} at {t.name} ({rounds}, "
                               f"{setup['distance']:.1f} m, {band} range): beyond the weapon's range, a "
                               f"guaranteed miss; {ammo['loaded']} rounds left in the magazine",
                       shooter=u.id, target=t.id, hit=False)
            continue
        how = combat.why(setup["mode"], setup["adv"], setup["dis"])
        state.emit("Shot", f"{u.name} fires the {w['name']} at {t.name} ({rounds}, {setup['distance']:.1f} m, "
                           f"{band} range): {how}; {ammo['loaded']} rounds left in the magazine",
                   shooter=u.id, target=t.id, mode=setup["mode"])
        roll = characters.skill_roll(state, u, setup["expr"], setup["mode"], "shooting")
        if not roll.success:
            state.emit("Missed", f"{u.name} misses {t.name}", shooter=u.id, target=t.id)
            continue
        # "Automatic Fire": "+2 to the damage die"
        hits.record(state, u, t, roll.kept[0], combat.AUTO_DAMAGE if auto else 0,
                    projectile=True, breaks_armour=bool(w.get("breaks_armour")), weapon=w["name"])
