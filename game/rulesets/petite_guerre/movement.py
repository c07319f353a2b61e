"""Movement at three speeds, on sticks (seed 004_34c3fc4ecaa954ef.txt, "Movement"): normal, fast
and slow distances per stick (infantry or cavalry, open order or line); 1 cm is 1 pace.

Normal: may stop any time, the figure acts freely next turn. Slow: on rough terrain (for troop
types that suffer it) and for wounded figures. Fast: may stop any time, but the figure may not fire
nor reload in its next turn; charges and routs use it.
"""
from __future__ import annotations

import math

import shapely

from game.engine.state import GameState, Unit
from game.geometry import bases
from game.geometry.sectors import angle_to

from . import forces, tables

SPEEDS = ("normal", "fast", "slow")


def reach(f: Unit, speed: str, formation: str) -> float:
    """The stick's distance for this figure at this speed (a wounded figure only moves slow)."""
    s = tables.stick(tables.is_cavalry(forces.kind(f)), formation)
    return float(s["slow"] if forces.wounded(f) else s[speed])


def speeds(f: Unit) -> tuple[str, ...]:
    return ("slow",) if forces.wounded(f) else ("normal", "fast")


def reach_region(state: GameState, f: Unit, speed: str, formation: str = "open"):
    """The stick's distance over open ground, the slow distance across rough ground (for troop types
    slowed by it); impassable pieces excluded."""
    far = reach(f, speed, formation)
    slow = tables.stick(tables.is_cavalry(forces.kind(f)), formation)["slow"]
    rough = far if (not tables.slowed_by_rough(forces.kind(f)) or forces.wounded(f)) else min(far, slow)
    return state.table.movement_reach((f.x, f.y), far, rough)


# ---- bases may not overlap (issue 12; game.geometry.bases, as in Risus) ---------------------------
def base_of(u: Unit) -> bases.Base:
    return (float(u.x), float(u.y), float(u.base_radius))


def others(state: GameState, side: int, exclude, near: tuple[float, float, float] | None = None,
           apart: bool = False) -> tuple[list[bases.Base], list[bases.Base]]:
    """The bases on the table but these figures: (friends, enemies) of `side`; with `near` (x, y,
    reach) only those a base could touch within that reach of (x, y). With `apart`, the enemy bases
    are grown by the contact distance: a move ends out of contact (contact is reached only by a
    charge: "When a figure comes in contact with an enemy figure, both roll")."""
    skip = set(exclude)
    stand = [u for u in state.units.values() if not u.out and u.id not in skip]
    grow = tables.rules()["contact"] + 0.05 if apart else 0.0
    if near is not None:
        x, y, far = near
        stand = [u for u in stand if math.hypot(u.x - x, u.y - y) <= far + u.base_radius + grow]
    return ([base_of(u) for u in stand if u.side == side],
            [(float(u.x), float(u.y), float(u.base_radius) + grow) for u in stand if u.side != side])


def region(state: GameState, f: Unit, speed: str, formation: str = "open", charge: bool = False):
    """Where the figure may go: its reach (reach_region), clear of every other base grown by its
    radius and of the ground behind an enemy base (nothing moves through an enemy); out of contact
    with every enemy unless it charges."""
    friends, enemies = others(state, f.side, [f.id], (f.x, f.y, reach(f, speed, formation) + f.base_radius + 0.1),
                              apart=not charge)
    return bases.clear_region(reach_region(state, f, speed, formation), f.base_radius, friends + enemies,
                              start=f.pos, blockers=enemies)


def line_region(state: GameState, team: str, speed: str):
    """A unit in line moves as a block: where its first figure may go, so that every figure stays on
    the table, ends clear of every other base and crosses no enemy's; the slowest sets the pace.
    Figure f at its offset overlaps base o exactly when the first figure overlaps o moved by the
    offset the other way, so the other bases are carried over to the first figure."""
    figs = forces.figures(state, team)
    lead = figs[0]
    slowest = min(figs, key=lambda f: (reach(f, speed, "line"), f.id))
    reg = reach_region(state, slowest, speed, "line")
    reg = shapely.affinity.translate(reg, lead.x - slowest.x, lead.y - slowest.y)
    dx = [f.x - lead.x for f in figs]
    dy = [f.y - lead.y for f in figs]
    box = shapely.box(-min(dx), -min(dy), state.scenario.width - max(dx), state.scenario.height - max(dy))
    reg = reg.intersection(box)
    friends, enemies = others(state, lead.side, [f.id for f in figs], apart=True)
    far = reach(slowest, speed, "line") + 2 * lead.base_radius + 4.0

    def carried(bs):
        out = []
        for f in figs:
            for (x, y, r) in bs:
                c = (x + lead.x - f.x, y + lead.y - f.y, r + f.base_radius - lead.base_radius)
                if math.dist(c[:2], lead.pos) <= far + r:
                    out.append(c)
        return out
    foes = carried(enemies)
    return bases.clear_region(reg, lead.base_radius, carried(friends) + foes, start=lead.pos, blockers=foes)


def moved(state: GameState, f: Unit, speed: str) -> None:
    d = state.data
    d["moved"][f.id] = d["pturn"]
    if speed == "fast":
        d["fast"][f.id] = d["pturn"]


def move_figure(state: GameState, f: Unit, x: float, y: float, speed: str) -> None:
    start = (f.x, f.y)
    dist = math.dist(start, (x, y))
    if dist > 1e-9:
        f.facing = round(angle_to(start, (x, y)), 3)
    f.x, f.y = x, y
    moved(state, f, speed)
    state.emit("Moved", f"{forces.name(f)} moves {dist:.1f} paces at {speed} speed", unit=f.id, x=x, y=y)


def move_line(state: GameState, team: str, x: float, y: float, speed: str) -> None:
    figs = forces.figures(state, team)
    lead = figs[0]
    dx, dy = x - lead.x, y - lead.y
    for f in figs:
        f.x = min(max(round(f.x + dx, 3), 0.0), state.scenario.width)
        f.y = min(max(round(f.y + dy, 3), 0.0), state.scenario.height)
        moved(state, f, speed)
    u = forces.unit(state, team)
    state.emit("Moved", f"{u['name']} {forces.verb(u['name'], 'moves', 'move')} in line "
                        f"{math.hypot(dx, dy):.1f} paces at {speed} speed",
               unit=team)


def shaken_by_haste(state: GameState, f: Unit) -> bool:
    """Fast speed: "the figure or unit can not fire nor reload in the next turn" (its side's next
    player-turn: two player-turns ago is its previous one)."""
    return state.data["fast"].get(f.id) == state.data["pturn"] - 2


def is_moving(state: GameState, f: Unit) -> bool:
    """A target is moving if it moved in its side's last player-turn (this one, or the one before)."""
    when = state.data["moved"].get(f.id)
    return when is not None and when >= state.data["pturn"] - 1
