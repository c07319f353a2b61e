"""Hand-to-hand combat (seed 004_34c3fc4ecaa954ef.txt, "Hand-to-hand combat"): both figures roll
their melee die; a hit is 4+. Only one scores 4+: it hits. Both score unequal 4+: they parry. Both
score the same 4+: both hit. At most two figures fight one enemy; the second rolls "without
reaction". A distinct advantage gives a die one size better. A hit's effect is a d4, as for fire.
"""
from __future__ import annotations

import math

import shapely

from game.engine.state import GameState, Unit
from game.geometry.sectors import angle_difference, angle_to

from . import command, fire, forces, movement, tables


def in_contact(a: Unit, b: Unit) -> bool:
    return math.dist(a.pos, b.pos) <= a.base_radius + b.base_radius + tables.rules()["contact"] + 1e-6


def opponents(state: GameState, target: Unit) -> list[Unit]:
    return [u for u in state.units.values() if not u.out and u.side != target.side and in_contact(u, target)]


def from_flank_or_rear(attacker: Unit, target: Unit) -> bool:
    """Charged "from the back or flanks": the attacker comes from outside the target's front arc
    (tables.json flank_angle either side of its facing)."""
    return abs(angle_difference(angle_to(target.pos, attacker.pos), target.facing)) > tables.rules()["flank_angle"]


def advantage(state: GameState, f: Unit, enemy: Unit, attacking: bool) -> str:
    """Why f has a distinct melee advantage, or "" (interpretation: the die one size better)."""
    if forces.wounded(enemy):
        return "against a wounded enemy"
    cond, _ = fire.condition(state, enemy, f)
    if cond == "protected":
        return "behind a parapet"
    if attacking and forces.formation(state, f.team) == "line" and from_flank_or_rear(f, enemy):
        return "closed ranks taking the flank or rear"
    return ""


def die_of(state: GameState, f: Unit, enemy: Unit, attacking: bool) -> tuple[int, str]:
    why = advantage(state, f, enemy, attacking)
    die = forces.melee_die(f)
    return (tables.step(die, +1) if why else die), why


def charge_point(state: GameState, f: Unit, target: Unit) -> tuple[float, float]:
    gap = f.base_radius + target.base_radius + tables.rules()["contact"] / 2
    d = math.dist(f.pos, target.pos)
    if d <= gap:
        return f.x, f.y
    k = (d - gap) / d
    return round(f.x + (target.x - f.x) * k, 3), round(f.y + (target.y - f.y) * k, 3)


def can_charge(state: GameState, f: Unit, target: Unit, reg=None) -> bool:
    """The contact point lies within the charger's fast move, and the target is not already fought
    by two figures ("a maximum of two figures can oppose one given enemy figure")."""
    if len(opponents(state, target)) >= 2:
        return False
    x, y = charge_point(state, f, target)
    if reg is None:
        reg = movement.region(state, f, "fast", forces.formation(state, f.team))
    return bool(reg.distance(shapely.Point(x, y)) <= 1e-3)


def charge(state: GameState, f: Unit, target: Unit) -> None:
    """Charges close in at fast speed; the charged unit is out of control, and from the flank or
    rear it takes a reaction test; then the two fight."""
    flank = from_flank_or_rear(f, target)
    x, y = charge_point(state, f, target)
    state.emit("Charge", f"{forces.name(f)} charges {forces.name(target)}", actor=f.id, target=target.id)
    movement.move_figure(state, f, x, y, "fast")
    f.facing = round(angle_to(f.pos, target.pos), 3)
    command.pressure(state, target.team, "it was charged")
    if flank:
        command.reaction_test(state, target.team, "charged in the flank or rear")
    fight(state, f, target)


def fight(state: GameState, f: Unit, enemy: Unit) -> None:
    fought = state.data["fought"]
    without_reaction = fought.get(enemy.id, 0) >= 1
    fought[enemy.id] = fought.get(enemy.id, 0) + 1
    need = tables.rules()["melee_hit"]
    a_die, a_why = die_of(state, f, enemy, True)
    a = state.roll(f"d{a_die}>={need}", "melee" + (f", advantage: {a_why}" if a_why else ""), forces.name(f))
    if without_reaction:
        state.emit("Melee", f"{forces.name(enemy)} is fought by a second figure and cannot react")
        if a.success:
            fire.hit(state, enemy, "melee")
        _after(state, [f, enemy])
        return
    b_die, b_why = die_of(state, enemy, f, False)
    b = state.roll(f"d{b_die}>={need}", "melee" + (f", advantage: {b_why}" if b_why else ""), forces.name(enemy))
    if a.success and b.success and a.total != b.total:
        state.emit("Melee", f"{forces.name(f)} and {forces.name(enemy)} parry ({a.total} against {b.total})")
    elif a.success and b.success:
        state.emit("Melee", f"both score {a.total}: both are hit")
        fire.hit(state, enemy, "melee")
        fire.hit(state, f, "melee")
    elif a.success:
        fire.hit(state, enemy, "melee")
    elif b.success:
        fire.hit(state, f, "melee")
    else:
        state.emit("Melee", "neither scores a hit")
    _after(state, [f, enemy])


def _after(state: GameState, figs) -> None:
    for team in dict.fromkeys(g.team for g in figs):
        command.check_strength(state, team)
