"""Hidden orders ("Rounds": "Each character commits to only one action per round"): the start of a
round, the orders a character may give, committing them one character at a time in secret, and
revealing them when the movement phase begins.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

from typing import Any

from shapely.geometry import Point

from game.engine import game as engine
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit

from . import characters, grenades, ground, melee, miscellaneous, movement, shooting, tables
from .actions import (AIM, FIRST_AID, FORCED, GRENADE, HUNKER, MELEE, OPERATE, READY, RELOAD, RUN, SHOOT,
                      WAIT, Order)


# ==== the round begins =============================================================================
def begin_round(state: GameState) -> None:
    """Clear last round's orders; in an ambush's first round the surprised side cannot act ("Ambushers
    gain a surprise round"); a dazzled character forfeits the round, a winded one hunkers down."""
    d = state.data
    d["orders"], d["revealed"], d["moved"], d["hits"], d["spent"] = {}, False, {}, [], []
    d["live"] = []
    d["surprise"] = state.turn == 1 and bool(d["ambushers"])
    for u in state.units.values():
        u.markers.discard("hunkering")
    characters.sync_markers(state)
    state.emit("Round", f"Round {state.turn}: each side commits one action per character, in secret",
               turn=state.turn)
    if d["surprise"]:
        names = ", ".join(state.scenario.sides[s].name for s in d["ambushers"])
        state.emit("Ambush", f"Surprise round: {names} strike from ambush; their enemies cannot act "
                             f"and the ambushers roll with advantage")
    for u in characters.in_order(state):
        if u.out:
            continue
        forced = None
        if characters.surprised_side(state, u.side):
            forced = (FORCED, "surprised by the ambush")
        elif characters.effect(state, u.id, "dazzled"):
            forced = (FORCED, "dazzled by a flashbang: forfeits the round")
        elif characters.effect(state, u.id, "winded"):
            forced = (HUNKER, "winded by a hit on the armour: hunkers down to catch breath")
        if forced:
            d["orders"][u.id] = {"action": forced[0], "target": "", "mode": "", "move": False,
                                 "x": u.x, "y": u.y, "forced": forced[1]}


def _next_to_order(state: GameState, side: int) -> str | None:
    for u in characters.in_order(state):
        if u.side == side and not u.out and u.id not in state.data["orders"]:
            return u.id
    return None


def queue(state: GameState, reason: str) -> list[Decision]:
    """One decision per side, answered one character at a time (the decision's actor moves on)."""
    out = []
    for side in state.flow.order:
        first = _next_to_order(state, side)
        if first is not None:
            out.append(Decision(side, "orders", reason, actor=first, hidden=True, run=True))
    return out


# ==== the orders a character may give ================================================================
def options(state: GameState, u: Unit) -> list[Option]:
    """Every action of the round, each from where the character stands and (the free move, when the
    free_move option is on) after moving; then hunkering down in cover, or waiting."""
    table = state.table
    here = (u.x, u.y)
    free_move = bool(state.options.get("free_move", True))
    region = ground.clear_reach(state, u, ground.reach(table, u.x, u.y))   # bases may not overlap
    region_empty = region.is_empty
    opts: list[Option] = []
    gassed = characters.effect(state, u.id, "gassed")
    ducked = characters.effect(state, u.id, "ducked")

    def add(action: str, label: str, target: str = "", mode: str = "", stay: bool = True,
            move: bool = True, odds_fn=None, move_region=None) -> None:
        stem, aim = f"{u.id}:{action}:{target}:{mode}", target or None
        if stay:
            p, text = odds_fn(False) if odds_fn else (None, "")
            opts.append(Option("Order", label + (f" ({text})" if text else ""),
                               action=Order(u.id, action, target, mode, False, u.x, u.y), actor=u.id,
                               target=aim, odds=p, odds_text=text, key=stem + ":stay"))
        if move and (free_move or action == RUN):
            reg = region if move_region is None else move_region
            if reg is None or (region_empty if reg is region else reg.is_empty):
                return
            p, text = odds_fn(True) if odds_fn else (None, "")
            opts.append(Option("Order", ("Move, then " + label[0].lower() + label[1:]) if action != RUN
                               else label, region=reg,
                               template=Order(u.id, action, target, mode, True, u.x, u.y), actor=u.id,
                               target=aim, odds=p, odds_text=text + (" (from here)" if text else ""),
                               key=stem + ":move"))

    movement.options(state, u, add, opts, region)
    # Tear gas leaves a character "practically incapacitated": it may only move.
    if not gassed:
        shooting.options(state, u, add, ducked)
        grenades.options(state, u, add)
        melee.options(state, u, opts)
        miscellaneous.options(state, u, add, opts)
    # "If you forfeit your action in a round while in cover ... You are hunkering down."
    cover = ground.in_cover(table, here)
    if cover is not None:
        opts.append(Option("Order", f"Hunker down behind the {cover.name or cover.kind.label} "
                                    f"(forfeit the round: no line of sight to you unless flanked)",
                           action=Order(u.id, HUNKER, "", "", False, u.x, u.y), actor=u.id,
                           key=f"{u.id}:hunker"))
    else:
        opts.append(Option("Order", "Wait (forfeit the round)", action=Order(u.id, WAIT, "", "", False,
                                                                          u.x, u.y),
                           actor=u.id, key=f"{u.id}:wait"))
    return opts


# ==== committing, in secret ========================================================================
def commit(state: GameState, order: Order, decision: Decision) -> None:
    """Write down the order, hidden from the other side; the decision moves on to the side's next
    character, or the side's orders are all in."""
    u = state.units[order.actor]
    state.data["orders"][u.id] = {"action": order.action, "target": order.target, "mode": order.mode,
                                  "move": bool(order.move), "x": float(order.x), "y": float(order.y)}
    others = tuple(s for s in range(state.sides) if s != u.side)
    state.emit("OrderGiven", f"{u.name}: {text(state, u.id)}", hidden_from=others,
               unit=u.id, side=u.side)
    nxt = _next_to_order(state, decision.side)
    if nxt is None:
        state.emit("OrdersCommitted", f"{state.scenario.sides[decision.side].name} commit their orders",
                   side=decision.side)
        engine.end_run(state)
    else:
        decision.actor = (nxt,)


def text(state: GameState, uid: str) -> str:
    """The order in words, for the log."""
    o = state.data["orders"].get(uid)
    if o is None:
        return "no order"
    a, t = o["action"], o.get("target", "")
    tname = state.units[t].name if t in state.units else t
    if a == FORCED:
        return f"no action ({o.get('forced', 'forfeits the round')})"
    if a == HUNKER:
        return "hunkers down" + (f" ({o['forced']})" if o.get("forced") else "")
    if a == WAIT:
        return "waits"
    if a == RUN:
        return f"runs to ({o['x']:.1f}, {o['y']:.1f})"
    if a == SHOOT:
        w = characters.weapon(state.units[uid])
        words = f"shoots {tname} with the {w['name'] if w else 'weapon'}" + (
            ", automatic fire" if o.get("mode") == "auto" else "")
    elif a == GRENADE:
        g = tables.grenades().get(o.get("mode", ""), {"name": "grenade"})
        words = f"throws a {g['name'].lower()} at " + ("own position" if t == uid else tname)
    elif a == MELEE:
        words = f"fights {tname} in melee"
    elif a == RELOAD:
        words = "reloads"
    elif a == AIM:
        words = "aims"
    elif a == FIRST_AID:
        words = f"gives first aid to {tname}"
    elif a == OPERATE:
        obj = next((ob for ob in state.scenario.objectives if ob.get("id") == t), {})
        words = f"operates the {obj.get('name') or t}"
    elif a == READY:
        words = "stands ready"
    else:
        words = a
    if o.get("move"):
        words = f"moves to ({o['x']:.1f}, {o['y']:.1f}), then " + words
    return words


# ==== revealed ===================================================================================
def reveal(state: GameState) -> None:
    """"Players decide their action as the referee calls and resolves each phase": every order is
    shown as the movement phase begins; a character that forfeits the round in cover hunkers down."""
    d = state.data
    d["revealed"] = True
    state.emit("Phase", "Orders revealed")
    for u in characters.in_order(state):
        if not u.out and u.id in d["orders"]:
            state.emit("OrderRevealed", f"{u.name} ({state.scenario.sides[u.side].name}): "
                                        f"{text(state, u.id)}", unit=u.id)
            if d["orders"][u.id]["action"] == HUNKER:
                u.markers.add("hunkering")


def unrevealed(state: GameState, side: int) -> dict[str, Any]:
    """The orders `side` may see before they are revealed: its own and the forced ones."""
    return {uid: o for uid, o in state.data["orders"].items()
            if uid in state.units and (state.units[uid].side == side or o.get("forced"))}
