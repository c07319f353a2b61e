"""Movement (seed 003_24994b0dfd86b84f, "b) Movement and ranges"): each unit moves once a turn by
its stick, measured from its centre; turning and changing facing are free within the move, but a
turn of more than 90 degrees (turning about, "180 degrees") happens only on a d6 roll of 6.
Charging: a unit whose stick reaches an enemy may move into contact, front edge against its base.
Dragoons mount or dismount instead of moving; dismounted, their horses stay where they were.
"""
from __future__ import annotations

import functools
import math

import shapely
from shapely.geometry import box

from game.engine.state import GameState, Unit
from game.geometry.measure import stick_reach
from game.geometry.sectors import angle_difference, angle_to

from . import arcs
from .actions import Charge, Dismount, Mount, Move
from .troops import RANGES, fighting, is_artillery, is_commander, is_dragoons, label, move_length, routed

TABLE_MARGIN = 1.0         # a unit's centre stays this far inside the table's edge
CLEARANCE = 2.0            # nor may it end its move within this of another unit's base
ABOUT_TURN = 90.0          # a change of facing beyond this is turning about: a 6 is needed
CONTACT_GAP = 0.2          # a charge ends this close: the bases touch


def moved(state: GameState) -> list[str]:
    return state.data.setdefault("moved", [])


def can_move(state: GameState, unit: Unit) -> bool:
    return not unit.out and not routed(unit) and unit.id not in moved(state)


def move_region(state: GameState, unit: Unit):
    """The legal destinations of the unit's centre: the stick from where it stands, on the table,
    off impassable ground and clear of other bases."""
    near = move_length(unit) + CLEARANCE + 4.0          # bases farther than this cannot matter
    others = () if is_commander(unit) else tuple(sorted(
        (round(u.x, 6), round(u.y, 6), round(u.facing, 6), tuple(sorted(u.base.items())))
        for u in state.units.values()
        if u.id != unit.id and not u.out and not is_commander(u)
        and abs(u.x - unit.x) <= near and abs(u.y - unit.y) <= near))
    return _region(state.table, state.scenario.width, state.scenario.height, unit.pos, move_length(unit), others)


@functools.lru_cache(maxsize=2048)
def _region(table, w: float, h: float, pos: tuple[float, float], length: float, others: tuple):
    """The move region, kept per (table, place, stick, the bases near it): the AI asks again and
    again while nothing near the unit has moved."""
    region = stick_reach(pos, length).intersection(box(TABLE_MARGIN, TABLE_MARGIN, w - TABLE_MARGIN, h - TABLE_MARGIN))
    blocked = [p.polygon for p in table.pieces if p.kind.impassable]
    blocked += [_clearance(arcs.base_at(x, y, f, dict(b))) for x, y, f, b in others]
    if blocked:
        region = region.difference(shapely.union_all(blocked))
    # standing still and only turning is always possible
    out = shapely.union(region, shapely.Point(pos).buffer(0.01))
    shapely.prepare(out)
    return out


@functools.lru_cache(maxsize=4096)
def _clearance(base):
    """A base and the 2 cm kept clear round it (a rectangle still: mitred corners)."""
    return base.buffer(CLEARANCE, join_style="mitre")


def turning_about(unit: Unit, facing: float) -> bool:
    return angle_difference(unit.facing, facing) > ABOUT_TURN + 1e-9


def move(state: GameState, action: Move) -> None:
    unit = state.units[action.actor]
    moved(state).append(unit.id)
    dist = math.dist(unit.pos, (action.x, action.y))
    unit.x, unit.y = action.x, action.y
    facing = action.facing % 360.0
    if turning_about(unit, facing) and not is_commander(unit):
        roll = state.roll("d6>=6", "turning 180 degrees", unit.name)
        if not roll.success:
            state.emit("Moved", f"{unit.name} moves {dist:.1f} cm but fails to turn about "
                       f"(rolled {roll.total}, needs a 6)", actor=unit.id)
            return
        state.emit("TurnedAbout", f"{unit.name} turns about (rolled a 6)", actor=unit.id)
    unit.facing = facing
    state.emit("Moved", f"{unit.name} moves {dist:.1f} cm", actor=unit.id, x=unit.x, y=unit.y)


def charge_position(unit: Unit, target: Unit) -> tuple[float, float, float]:
    """Where the charger stands in contact: facing the target's centre, its front edge against the
    target's base (found by halving the distance along the line of the charge)."""
    return arcs.remembered(_CONTACTS, (arcs.unit_key(unit), arcs.unit_key(target)),
                           lambda: _charge_position(unit, target))


def _charge_position(unit: Unit, target: Unit) -> tuple[float, float, float]:
    facing = angle_to(unit.pos, target.pos)
    ux, uy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    lo, hi = 0.0, math.dist(unit.pos, target.pos)       # distance travelled along the line
    probe = arcs.footprint(target)
    for _ in range(20):
        mid = (lo + hi) / 2
        x, y = unit.x + ux * mid, unit.y + uy * mid
        if arcs.footprint(unit, x, y, facing).distance(probe) > CONTACT_GAP:
            lo = mid
        else:
            hi = mid
    return (round(unit.x + ux * lo, 3), round(unit.y + uy * lo, 3), round(facing % 360.0, 3))


def can_charge(state: GameState, unit: Unit, target: Unit) -> bool:
    """A formed unit that is not artillery charges an enemy its stick reaches, turning at most 90
    degrees (turning about is not part of a charge)."""
    if target.side == unit.side or not fighting(target) or is_artillery(unit) or is_commander(unit):
        return False
    # the two bases' half-widths and the contact gap at most separate the centres in contact
    if math.dist(unit.pos, target.pos) > move_length(unit) + unit.base_radius + target.base_radius + 1:
        return False
    if angle_difference(unit.facing, angle_to(unit.pos, target.pos)) > ABOUT_TURN:
        return False
    w, h = state.scenario.width, state.scenario.height
    return arcs.remembered(_REACHES, (arcs.unit_key(unit), arcs.unit_key(target), move_length(unit), w, h),
                           lambda: _reaches(unit, target, w, h))


def _reaches(unit: Unit, target: Unit, w: float, h: float) -> bool:
    """The geometry of a charge: not yet in contact, and the stick reaches contact on the table."""
    if arcs.gap(unit, target) <= RANGES["melee"]:
        return False                    # already in contact: nothing to charge
    x, y, _ = charge_position(unit, target)
    if not (TABLE_MARGIN <= x <= w - TABLE_MARGIN and TABLE_MARGIN <= y <= h - TABLE_MARGIN):
        return False
    return math.dist(unit.pos, (x, y)) <= move_length(unit) + 1e-9


_CONTACTS: dict = {}
_REACHES: dict = {}


def charge(state: GameState, action: Charge) -> None:
    unit, target = state.units[action.actor], state.units[action.target]
    moved(state).append(unit.id)
    state.data.setdefault("charged", []).append(unit.id)
    unit.x, unit.y, unit.facing = charge_position(unit, target)
    state.emit("Charged", f"{unit.name} charges {target.name}", actor=unit.id, target=target.id)


def can_dismount(unit: Unit) -> bool:
    return is_dragoons(unit) and unit.stats.get("mounted", True)


def can_mount(unit: Unit) -> bool:
    """Dragoons must return to their horses to mount again."""
    horses = unit.stats.get("horses")
    return (is_dragoons(unit) and not unit.stats.get("mounted", True) and horses is not None
            and arcs.point_gap(unit, horses) <= RANGES["horses"])


def dismount(state: GameState, action: Dismount) -> None:
    unit = state.units[action.actor]
    moved(state).append(unit.id)
    unit.stats["mounted"] = False
    unit.stats["horses"] = [round(unit.x, 3), round(unit.y, 3)]
    unit.markers.add("dismounted")
    state.emit("Dismounted", f"{unit.name} dismount and act as light infantry; the horses stay behind",
               actor=unit.id)


def mount(state: GameState, action: Mount) -> None:
    unit = state.units[action.actor]
    moved(state).append(unit.id)
    unit.stats["mounted"] = True
    unit.stats["horses"] = None
    unit.markers.discard("dismounted")
    state.emit("Mounted", f"{unit.name} return to their horses and mount ({label(unit)})", actor=unit.id)
