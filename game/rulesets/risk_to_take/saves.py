"""Saving rolls, routs and destruction (seed 003_24994b0dfd86b84f, "c) Combat" and "IV. Destruction
of units").

"Saving roll is rolled by each unit which has been shot at or was being charged in melee": each
attack puts one save in the turn's queue (state.data["saves"]); the fire and melee steps walk it
one save at a time, so that a commander's save can interrupt in the middle and the walk resume.
A save fails when the d6, with its modifiers, shows the attack's figure or less (1 for fire, 1-2
for canister and melee). A failed save routs the unit, unless:
- it is artillery: it never routs; a second failed save destroys it;
- it stands behind a fortification: +1 to saves, it cannot rout; a third failed save destroys it;
- it is fatigued (routed three times): a failed save destroys it.
A friendly commander in the vicinity may save one unit a turn from routing, and once prevent the
destruction of a fatigued unit; after that no commander can save that unit again.
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction
from typing import Any


from game.engine import game as engine
from game.engine.flow import Decision
from game.engine.odds import percent_text, probability
from game.engine.state import GameState, Unit

from . import arcs, movement
from .troops import (DATA, RANGES, ROUTED, fatigued, is_artillery, is_commander, is_cuirassiers,
                     is_light, routed)

COMMANDER_ANSWERED = "commander_answered"
CAUSE_WORDS = {"fire": "fire", "volley": "volley", "artillery": "artillery fire", "canister": "canister",
               "melee": "melee", "support": "artillery fire at the unit it fights"}


def fortified(state: GameState, unit: Unit) -> bool:
    """Behind a fortification: its base lies within 1 cm of a fortification piece and it did not
    charge or close up this turn (a unit attacking across a wall does not shelter behind it)."""
    if unit.id in state.data.get("charged", []):
        return False
    table = state.table
    return arcs.remembered(table.memory("rtt-behind"), arcs.unit_key(unit), lambda: _behind(table, unit))


def _behind(table, unit: Unit) -> bool:
    body = arcs.footprint(unit).buffer(RANGES["melee"])
    return any(p.kind.name == "fortification" and p.polygon.intersects(body) for p in table.pieces)



def modifier(state: GameState, unit: Unit, cause: str, by: Unit | None) -> int:
    """Fortification +1; cuirassiers +1 in melee and when fired upon; the target of light infantry
    fire saves at -1 (their "+1 to firing" and "reduces saving by -1", one and the same)."""
    mod = 0
    if fortified(state, unit):
        mod += DATA["fortification"]["save_bonus"]
    if is_cuirassiers(unit):
        mod += 1
    if by is not None and cause == "volley" and is_light(by):
        mod -= 1
    return mod


def save_expr(rout_on: int, mod: int) -> str:
    """The saving roll as an odds expression: it saves on more than `rout_on` after modifiers."""
    return f"d6{mod:+d}>={rout_on + 1}" if mod else f"d6>={rout_on + 1}"


@functools.lru_cache(maxsize=256)
def fail_chance(rout_on: int, mod: int) -> Fraction:
    return 1 - probability(save_expr(rout_on, mod))


@functools.lru_cache(maxsize=256)
def odds_words(rout_on: int, mod: int) -> str:
    """The save figure as the table says it: 'fails on 1-2 (2 in 6, 33.3%)'."""
    faces = max(0, min(6, rout_on - mod))
    p = fail_chance(rout_on, mod)
    span = "nothing" if faces == 0 else ("1" if faces == 1 else f"1-{faces}")
    mods = f", {mod:+d} to the save" if mod else ""
    return f"fails on {span} ({faces} in 6, {percent_text(p)}{mods})"


def queue(state: GameState) -> list[dict[str, Any]]:
    return state.data.setdefault("saves", [])


def add_save(state: GameState, unit: Unit, cause: str, rout_on: int, by: Unit | None) -> None:
    queue(state).append({"unit": unit.id, "cause": cause, "rout_on": rout_on,
                         "by": by.id if by is not None else ""})


# -- the walk over the queue ------------------------------------------------------------------
def resolve_saves(state: GameState, phase: Any = None) -> None:
    """Roll the queued saves in order; stop when a commander may save a unit (an interrupt)."""
    pending = queue(state)
    while pending:
        entry = pending.pop(0)
        unit = state.units[entry["unit"]]
        if unit.out or routed(unit):
            continue                    # already routed or gone: no second save this phase
        by = state.units.get(entry["by"])
        mod = modifier(state, unit, entry["cause"], by)
        roll = state.roll(save_expr(entry["rout_on"], mod), f"save against {CAUSE_WORDS[entry['cause']]}",
                          unit.name, odds_text=odds_words(entry["rout_on"], mod))
        if roll.success:
            state.emit("Saved", f"{unit.name} stands (rolled {roll.total})", actor=unit.id)
            continue
        if failed_save(state, unit, entry):
            return                      # a commander decides; the step runs again afterwards


def failed_save(state: GameState, unit: Unit, entry: dict[str, Any]) -> bool:
    """What a failed save does. True when it waits for a commander's answer."""
    if is_artillery(unit) or fortified(state, unit):
        limit = DATA["types"]["artillery"]["destroyed_after"] if is_artillery(unit) \
            else DATA["fortification"]["destroyed_after"]
        unit.stats["failed_saves"] = int(unit.stats.get("failed_saves", 0)) + 1
        n = unit.stats["failed_saves"]
        why = "artillery never routs" if is_artillery(unit) else "behind the fortification it cannot rout"
        if n >= limit:
            destroy(state, unit, f"{n} failed saves")
        else:
            state.emit("FailedSave", f"{unit.name} fails its save ({why}): {n} of {limit}", actor=unit.id)
        return False
    outcome = "destroyed" if fatigued(unit) else "rout"
    savers = commanders_near(state, unit)
    if savers and not unit.stats.get("reprieved"):
        what = "destroyed (fatigued)" if outcome == "destroyed" else "rout"
        engine.push_interrupt(state, Decision(
            unit.side, "commander-save", f"{unit.name} would {what}",
            actor=tuple(c.id for c in savers), resume=COMMANDER_ANSWERED,
            context={"unit": unit.id, "outcome": outcome, "cause": entry["cause"]}))
        return True
    finish(state, unit, outcome)
    return False


def commanders_near(state: GameState, unit: Unit) -> list[Unit]:
    """Friendly commanders whose vicinity holds the unit and who have not saved a unit this turn."""
    used = state.data.get("commanders_used", [])
    return [c for c in state.units.values()
            if is_commander(c) and not c.out and c.side == unit.side and c.id not in used
            and arcs.point_gap(unit, c.pos) <= RANGES["commander_vicinity"]]


def commander_answered(state: GameState, decision: Decision) -> None:
    """Resume hook: the commander saved the unit, or let it rout (or be destroyed)."""
    ctx = decision.context
    unit = state.units[ctx["unit"]]
    saver = ctx.get("saved_by")
    if saver:
        state.data.setdefault("commanders_used", []).append(saver)
        name = state.units[saver].name
        if ctx["outcome"] == "destroyed":
            unit.stats["reprieved"] = True
            state.emit("SavedByCommander", f"{unit.name} is fatigued but saved by the commander ({name}) "
                       "from destruction; no commander can save it again", actor=unit.id)
        else:
            count_rout(state, unit)
            state.emit("SavedByCommander", f"{unit.name} is saved by the commander ({name}) from routing",
                       actor=unit.id)
        return
    finish(state, unit, ctx["outcome"])


def finish(state: GameState, unit: Unit, outcome: str) -> None:
    if outcome == "destroyed":
        destroy(state, unit, "fatigued")
    else:
        rout(state, unit)


def count_rout(state: GameState, unit: Unit) -> None:
    """Every rout counts toward fatigue, even one a commander prevented."""
    unit.stats["routs"] = int(unit.stats.get("routs", 0)) + 1
    if int(unit.stats["routs"]) == DATA["fatigue"]["routs"]:
        unit.markers.add("fatigued")
        state.emit("Fatigued", f"{unit.name} is fatigued (routed {unit.stats['routs']} times)", actor=unit.id)


def rout(state: GameState, unit: Unit) -> None:
    """"Routing movement: 1 infantry movement backwards": straight back, keeping its facing. A unit
    routed off the table leaves the battle."""
    count_rout(state, unit)
    unit.markers.add(ROUTED)
    back = (unit.facing + 180.0) % 360.0
    length = movement.way_clear(state, unit, back, RANGES["rout"])
    x = unit.x + length * math.cos(math.radians(back))
    y = unit.y + length * math.sin(math.radians(back))
    if length < RANGES["rout"]:
        unit.x, unit.y = round(x, 3), round(y, 3)
        state.emit("Routs", f"{unit.name} routs {length:.1f} cm to the rear, as far as the bases behind it "
                   f"let it", actor=unit.id, x=unit.x, y=unit.y)
        return
    if not (0.0 <= x <= state.scenario.width and 0.0 <= y <= state.scenario.height):
        unit.out = True
        unit.stats["fled"] = True
        state.emit("Routs", f"{unit.name} routs off the table and leaves the battle", actor=unit.id)
        return
    unit.x, unit.y = round(x, 3), round(y, 3)
    state.emit("Routs", f"{unit.name} routs {RANGES['rout']:g} cm to the rear", actor=unit.id,
               x=unit.x, y=unit.y)


def destroy(state: GameState, unit: Unit, why: str) -> None:
    unit.out = True
    unit.markers.discard(ROUTED)
    unit.stats["destroyed"] = True
    state.emit("Destroyed", f"{unit.name} is destroyed ({why})", actor=unit.id)


