"""The miscellaneous phase ("Miscellaneous", "Tracking Ammo") and the end of the round: reload, aim,
stand ready, first aid, operate machinery; the answers to cooked grenades come first, and the
grenades detonate after the actions.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import Point

from game.engine.ruleset import Option
from game.engine.state import GameState, Unit
from game.geometry.measure import distance

from . import characters, grenades, ground, hits, tables
from .actions import AIM, FIRST_AID, MISC_ACTIONS, OPERATE, READY, RELOAD, Order


# ==== the orders =================================================================================
def options(state: GameState, u: Unit, add, opts: list[Option]) -> None:
    """"Operate machinery, drive a vehicle, perform first aid on someone seriously wounded, or reload."
    Also aiming, and standing ready (a committed miscellaneous action can throw a grenade away)."""
    ammo = state.data["ammo"].get(u.id)
    w = characters.weapon(u)
    if ammo and w and any(m > ammo["loaded"] for m in ammo["spares"]):
        add(RELOAD, f"Reload the {w['name']} ({ammo['loaded']} left, {len(ammo['spares'])} magazines)")
    if w and ammo:
        add(AIM, f"Aim the {w['name']} (advantage when shooting next round)")
    add(READY, "Stand ready (a miscellaneous action: hands free to throw a grenade away)")
    contact = float(tables.melee()["contact"])
    for a in state.units.values():
        if a.side != u.side or a.id == u.id or not a.out:
            continue
        if "dead" in a.markers or "escaped" in a.markers or "stabilised" in a.markers:
            continue
        gap = ground.edge_gap((u.x, u.y), u.base, (a.x, a.y), a.base)
        if gap <= ground.OPEN_MOVE + contact:
            opts.append(Option("Order", f"First aid to {a.name} (seriously wounded)",
                               action=Order(u.id, FIRST_AID, a.id, "", False, u.x, u.y), actor=u.id,
                               target=a.id, key=f"{u.id}:first-aid:{a.id}"))
    for obj in state.scenario.objectives:
        if not obj.get("machinery") or obj.get("x") is None:
            continue
        centre, radius = (float(obj["x"]), float(obj["y"])), float(obj.get("radius", 1.0))
        inside = distance((u.x, u.y), centre) <= radius
        disc = Point(centre).buffer(radius)
        # bases may not overlap: the part of the machinery's disc clear of the other bases
        area = ground.clear_reach(state, u, ground.reach(state.table, u.x, u.y)).intersection(disc)
        add(OPERATE, f"Operate the {obj.get('name') or obj['id']}", target=obj["id"], stay=inside,
            move=not area.is_empty and area.area > 1e-6, move_region=area)


# ==== the phase, in steps =============================================================================
def begin(state: GameState) -> None:
    state.emit("Phase", "— Miscellaneous phase —")


def actions(state: GameState) -> None:
    d = state.data
    for u in characters.in_order(state):
        o = d["orders"].get(u.id)
        if not o or o["action"] not in MISC_ACTIONS or u.out:
            continue
        if u.id in d["spent"]:          # the action went on throwing a grenade away
            continue
        if characters.effect(state, u.id, "gassed"):
            state.emit("NoAction", f"{u.name} is gassed and cannot act")
            continue
        a = o["action"]
        if a == RELOAD:
            _reload(state, u)
        elif a == AIM:
            characters.set_effect(state, u.id, "aimed", state.turn + 1)
            state.emit("Aim", f"{u.name} aims: advantage when shooting next round", unit=u.id)
        elif a == READY:
            state.emit("Ready", f"{u.name} stands ready")
        elif a == FIRST_AID:
            _first_aid(state, u, o)
        elif a == OPERATE:
            _operate(state, u, o)


def _reload(state: GameState, u: Unit) -> None:
    """"When your magazine is out of ammo, spend a Miscellaneous action to reload": the fullest spare
    goes in; a part-used magazine is kept as a spare."""
    ammo = state.data["ammo"][u.id]
    best = max(ammo["spares"], default=0)
    if best <= ammo["loaded"]:
        state.emit("Reload", f"{u.name} has no fuller magazine to load")
        return
    ammo["spares"].remove(best)
    if ammo["loaded"] > 0:
        ammo["spares"].append(ammo["loaded"])
        ammo["spares"].sort(reverse=True)
    ammo["loaded"] = best
    w = characters.weapon(u)
    state.emit("Reload", f"{u.name} reloads the {w['name']}: {best} rounds in the magazine, "
                         f"{len(ammo['spares'])} spare magazines", unit=u.id)


def _first_aid(state: GameState, u: Unit, o: dict[str, Any]) -> None:
    """"Perform first aid on someone seriously wounded": the medic in contact stabilises the ally."""
    t = state.units.get(o["target"])
    if t is None or "dead" in t.markers:
        return
    contact = float(tables.melee()["contact"])
    if ground.edge_gap((u.x, u.y), u.base, (t.x, t.y), t.base) > contact + 1e-6:
        state.emit("FirstAid", f"{u.name} cannot reach {t.name} to give first aid")
        return
    t.markers.add("stabilised")
    words = " (the mortal wound will not kill)" if "mortal-wound" in t.markers else ""
    state.emit("FirstAid", f"{u.name} gives first aid: {t.name} is stabilised{words}", unit=t.id)
    state.data["after_battle"].append(f"{t.name} stabilised by {u.name}")


def _operate(state: GameState, u: Unit, o: dict[str, Any]) -> None:
    """"Operate machinery": at the objective, counted per side (victory.operate)."""
    obj = next((ob for ob in state.scenario.objectives if ob.get("id") == o["target"]), None)
    if obj is None:
        return
    if distance((u.x, u.y), (float(obj["x"]), float(obj["y"]))) > float(obj.get("radius", 1.0)) + 1e-6:
        state.emit("Operate", f"{u.name} is not at the {obj.get('name') or obj['id']}")
        return
    # Interpretation (assets/rules/takipsilim.md): a machine runs once a round however many hands
    # are on it, so a second character operating it in the same round adds nothing
    worked = state.data.setdefault("operated_round", {}).setdefault(str(u.side), {})
    if worked.get(obj["id"]) == state.turn:
        state.emit("Operate", f"{u.name} lends a hand, but the {obj.get('name') or obj['id']} "
                              f"already ran this round", unit=u.id)
        return
    worked[obj["id"]] = state.turn
    count = state.data["operated"].setdefault(str(u.side), {})
    count[obj["id"]] = count.get(obj["id"], 0) + 1
    state.emit("Operate", f"{u.name} operates the {obj.get('name') or obj['id']} "
                          f"({count[obj['id']]} times)", unit=u.id)


# ==== the end of the round =======================================================================
def end_round(state: GameState) -> None:
    """Effects that lasted this round expire, and smoke clears; nobody hunkers any more."""
    d = state.data
    turn = state.turn
    for uid, eff in d["effects"].items():
        for name in [n for n, until in eff.items() if int(until) <= turn]:
            del eff[name]
    d["smoke"] = [c for c in d["smoke"] if int(c["until"]) > turn]
    characters.sync_markers(state)
    for u in state.units.values():
        u.markers.discard("hunkering")
    state.emit("RoundOver", f"Round {turn} is over")
