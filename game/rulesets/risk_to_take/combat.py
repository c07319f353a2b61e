"""Combat (seed 003_24994b0dfd86b84f, "c) Combat"): when every move is done, "I. Artillery fire"
and "II. Volleys" resolve together, then "III. Melee". Each attack queues a save (saves.py).

- Artillery fires at a target it chooses in its arc within 3 sticks: the target routs on a 1, on
  1-2 to canister when within volley range (1 stick). It cannot fire with an enemy in melee range
  of the battery, nor through a friendly unit that is in melee; a friendly unit in melee range of
  the target but not in the line of fire saves as well.
- Volleys: every formed unit fires at the nearest enemy in its arc within its range (1 stick,
  cuirassiers half a stick); fire is simultaneous and a target routs on a 1.
- Melee: units within very close range (half a stick) of an enemy in their arc close up into
  contact; every unit in contact with an enemy whose arc holds it is attacked and routs on 1-2.
"""
from __future__ import annotations

import math
from typing import Any

from game.engine import game as engine
from game.engine.flow import Decision
from game.engine.state import GameState, Unit

from . import arcs, movement, saves, walls
from .troops import DATA, RANGES, fighting, fighting_units, fire_range, is_artillery, is_commander

FIGURES = DATA["saves"]


def enemies_of(state: GameState, unit: Unit) -> list[Unit]:
    return [e for e in fighting_units(state) if e.side != unit.side]


def in_melee(state: GameState, unit: Unit) -> bool:
    """Within melee range (1 cm or closer) of a formed enemy unit. A routed unit is out of the melee
    (routed units are never attacked): the enemy that touches it fires or moves on."""
    return any(arcs.gap(unit, e) <= RANGES["melee"] for e in enemies_of(state, unit))


# -- commanders among the enemy ------------------------------------------------------------------
def capture_commanders(state: GameState, phase: Any = None) -> None:
    """Step, when every move is done: commanders "cannot be attacked", but a commander whose figure an
    enemy unit's base touches (melee range, 1 cm or closer) is captured and leaves the battle. He must
    move off in his own side's move; an enemy unit that moves up to him afterwards takes him."""
    for c in sorted(state.units.values(), key=lambda u: u.id):
        if not is_commander(c) or c.out:
            continue
        taker = next((e for e in sorted(enemies_of(state, c), key=lambda u: u.id)
                      if arcs.gap(c, e) <= RANGES["melee"]), None)
        if taker is not None:
            c.out = True
            c.stats["captured"] = True
            state.emit("Captured", f"{c.name} is captured by {taker.name}", actor=c.id, target=taker.id)


# -- I. Artillery fire --------------------------------------------------------------------------
def battery_silenced(state: GameState, gun: Unit) -> bool:
    """"if an enemy unit is in melee range of the battery, artillery cannot shoot"."""
    return in_melee(state, gun)


def blocked_by_friends(state: GameState, gun: Unit, target: Unit) -> bool:
    """"if an allied unit is in melee range of an enemy unit and in the way of artillery fire, fire
    is impossible"."""
    line = arcs.line_of_fire(gun, target)
    return any(f.id != gun.id and not f.out and not is_commander(f) and f.side == gun.side
               and arcs.footprint(f).intersects(line) and in_melee(state, f)
               for f in state.units.values())


def artillery_targets(state: GameState, gun: Unit) -> list[Unit]:
    if not fighting(gun) or not is_artillery(gun) or battery_silenced(state, gun):
        return []
    return [e for e in enemies_of(state, gun)
            if arcs.in_arc_and_reach(gun, e, fire_range(gun)) and not blocked_by_friends(state, gun, e)]


def artillery_figure(gun: Unit, target: Unit) -> tuple[str, int]:
    """Canister within volley range: routs on 1-2; otherwise on a 1."""
    if arcs.gap(gun, target) <= RANGES["volley"]:
        return "canister", FIGURES["canister"]
    return "artillery", FIGURES["artillery"]


def aims(state: GameState) -> dict[str, str]:
    return state.data.setdefault("aims", {})


def aim_artillery(state: GameState, phase: Any = None) -> None:
    """Step: each battery with a choice of targets asks its side where to fire (an interrupt);
    a battery with one target fires at it."""
    chosen = aims(state)
    for side in state.flow.order:
        for gun in sorted(fighting_units(state, side), key=lambda u: u.id):
            if not is_artillery(gun) or gun.id in chosen:
                continue
            targets = artillery_targets(state, gun)
            if len(targets) == 1:
                chosen[gun.id] = targets[0].id
            elif targets:
                engine.push_interrupt(state, Decision(side, "aim", f"{gun.name} chooses a target",
                                                      actor=(gun.id,)))
                return
            else:
                chosen[gun.id] = ""


def plan_fire(state: GameState, phase: Any = None) -> None:
    """Step: all fire is decided from where the units stand, then the saves are rolled."""
    for gun_id, target_id in sorted(aims(state).items()):
        gun, target = state.units[gun_id], state.units.get(target_id)
        if target is None or not fighting(target) or not fighting(gun):
            continue
        cause, figure = artillery_figure(gun, target)
        state.emit("Fires", f"{gun.name} fires {cause} at {target.name}", actor=gun.id, target=target.id)
        saves.add_save(state, target, cause, figure, gun)
        line = arcs.line_of_fire(gun, target)
        for friend in fighting_units(state, gun.side):
            if (friend.id != gun.id and arcs.gap(friend, target) <= RANGES["melee"]
                    and not arcs.footprint(friend).intersects(line)):
                state.emit("Fires", f"{friend.name}, fighting {target.name}, is caught by the fire",
                           actor=friend.id)
                saves.add_save(state, friend, "support", figure, gun)
    for unit in sorted(fighting_units(state), key=lambda u: (state.flow.order.index(u.side), u.id)):
        target = volley_target(state, unit)
        if target is not None:
            state.emit("Volley", f"{unit.name} fires a volley at {target.name}", actor=unit.id,
                       target=target.id)
            saves.add_save(state, target, "volley", FIGURES["volley"], unit)


def volley_target(state: GameState, unit: Unit) -> Unit | None:
    """The nearest enemy in the unit's arc within its range; units in melee fight instead."""
    if is_artillery(unit) or is_commander(unit) or fire_range(unit) <= 0 or in_melee(state, unit):
        return None
    reach = fire_range(unit)
    near = [(arcs.gap(unit, e), e.id, e) for e in enemies_of(state, unit)
            if arcs.in_arc_and_reach(unit, e, reach)]
    return min(near)[2] if near else None


# -- III. Melee ---------------------------------------------------------------------------------
def close_up(state: GameState) -> None:
    """"If the distance is short enough, units can get closer to each other in order to execute
    melees": a formed unit (not artillery) with an enemy in its arc within half a stick closes
    straight in until the bases touch, without turning. A unit lining a fortification holds it
    ("Units behind a fortification add +1 to their saving roll and cannot rout": closing up never
    takes it off its wall; an enemy who wants the melee comes to it). A unit whose way in is
    barred by another base before the bases touch stays where it is (bases never overlap)."""
    for unit in sorted(fighting_units(state), key=lambda u: (state.flow.order.index(u.side), u.id)):
        if is_artillery(unit) or is_commander(unit) or in_melee(state, unit) or walls.lined(state, unit):
            continue
        near = [(arcs.gap(unit, e), e.id, e) for e in enemies_of(state, unit)
                if arcs.in_arc_and_reach(unit, e, RANGES["charge"])]
        if not near:
            continue
        dist, _, enemy = min(near)
        a, b = arcs.nearest(unit, enemy)
        heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
        wanted = max(0.0, dist - movement.CONTACT_GAP)
        way = movement.way_clear(state, unit, heading, wanted, ignore=(enemy.id,))
        if way < wanted - 1e-9:
            state.emit("NoRoom", f"{unit.name} cannot close up on {enemy.name}: another base is in the way",
                       actor=unit.id, target=enemy.id)
            continue
        unit.x = round(unit.x + math.cos(math.radians(heading)) * way, 3)
        unit.y = round(unit.y + math.sin(math.radians(heading)) * way, 3)
        state.data.setdefault("charged", []).append(unit.id)
        walls.settle(state, unit)
        state.emit("ClosedUp", f"{unit.name} closes up on {enemy.name}", actor=unit.id, target=enemy.id)


def melee_attacks(state: GameState) -> list[tuple[Unit, Unit]]:
    """(attacker, attacked): bases within melee range and the attacked in the attacker's arc."""
    pairs = []
    for unit in sorted(fighting_units(state), key=lambda u: (state.flow.order.index(u.side), u.id)):
        if is_artillery(unit) or is_commander(unit):
            continue
        for e in sorted(enemies_of(state, unit), key=lambda u: u.id):
            if arcs.gap(unit, e) <= RANGES["melee"] and arcs.in_arc_and_reach(unit, e, RANGES["melee"]):
                pairs.append((unit, e))
    return pairs


def plan_melee(state: GameState, phase: Any = None) -> None:
    """Step: close up, then every attacked unit saves (simultaneous: all attacks count)."""
    close_up(state)
    for attacker, attacked in melee_attacks(state):
        state.emit("Melee", f"{attacker.name} attacks {attacked.name} in melee", actor=attacker.id,
                   target=attacked.id)
        saves.add_save(state, attacked, "melee", FIGURES["melee"], attacker)
