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
import shapely.affinity
from shapely.geometry import box

from game.engine.state import GameState, Unit
from game.geometry.bases import OVERLAP_AREA, clearance
from game.geometry.measure import stick_reach
from game.geometry.sectors import angle_difference, angle_to

from . import arcs, walls
from .actions import Charge, Dismount, Mount, Move
from .troops import RANGES, fighting, is_artillery, is_commander, is_dragoons, label, move_length, routed

TABLE_MARGIN = 1.0         # a unit's centre stays this far inside the table's edge
CLEARANCE = 2.0            # nor may it end its move within this of another unit's base
ABOUT_TURN = 90.0          # a change of facing beyond this is turning about: a 6 is needed
CONTACT_GAP = 0.2          # a charge ends this close: the bases touch


def reach_of(unit: Unit) -> float:
    """How far its base reaches from its centre, whatever its facing: the geometry's move clearance,
    shared by every table ruleset (half the diagonal of a 6 x 2 base, 3.16 cm)."""
    return clearance(unit.base)


def moved(state: GameState) -> list[str]:
    return state.data.setdefault("moved", [])


def can_move(state: GameState, unit: Unit) -> bool:
    return not unit.out and not routed(unit) and unit.id not in moved(state)


def move_region(state: GameState, unit: Unit):
    """The legal destinations of the unit's centre: the stick from where it stands, on the table,
    its half-depth off impassable ground (turned into it, the move is refused: turn_blocked), not within 2 cm of another unit's base, and far enough from every other
    base that its own base, whatever its facing, cannot overlap it (issue 12: bases never overlap)."""
    reach = reach_of(unit)                               # its own base round its centre
    near = move_length(unit) + max(CLEARANCE, reach) + 4.0  # bases farther than this cannot matter
    others = tuple(sorted(
        (round(u.x, 6), round(u.y, 6), round(u.facing, 6), tuple(sorted(u.base.items())),
         _keep_off(unit, u), u.side != unit.side and not is_commander(u))
        for u in state.units.values()
        if u.id != unit.id and not u.out
        and abs(u.x - unit.x) <= near and abs(u.y - unit.y) <= near))
    table, w, h, length = state.table, state.scenario.width, state.scenario.height, move_length(unit)
    off_ground = round(half_depth(unit), 6)
    # kept in the table's own memory (issue 30 §4: a cache beside it held the tables of finished games)
    return arcs.remembered(table.memory("rtt-move-regions"), (w, h, unit.pos, length, others, off_ground),
                           lambda: _region(table, w, h, unit.pos, length, others, off_ground), size=REGIONS_KEPT)


REGIONS_KEPT = 512      # move regions kept per table (a region is a large polygon)


def _keep_off(mover: Unit, other: Unit) -> float:
    """How far the mover's centre keeps off another base: its own base's reach, and the 2 cm clearance
    between units (a commander's figure keeps no clearance and asks none: he stands among his men,
    but never walks into an enemy unit's melee range, where he would be captured: captures.py)."""
    reach = round(reach_of(mover), 6)
    if is_commander(mover):
        return reach + RANGES["melee"] if other.side != mover.side and not is_commander(other) else reach
    return reach if is_commander(other) else max(CLEARANCE, reach)


def _region(table, w: float, h: float, pos: tuple[float, float], length: float, others: tuple,
            off_ground: float):
    """The move region, kept per (table, place, stick, the bases near it): the AI asks again and
    again while nothing near the unit has moved."""
    region = stick_reach(pos, length).intersection(box(TABLE_MARGIN, TABLE_MARGIN, w - TABLE_MARGIN, h - TABLE_MARGIN))
    blocked = []
    for p in table.pieces:
        if p.kind.impassable:           # nothing moves through deep water: nor beyond it
            kept = _kept_off(p.polygon, off_ground)
            blocked += [kept, _shadow(kept, pos, length)]
    for x, y, f, b, keep, enemy in others:
        kept = _kept_off(arcs.base_at(x, y, f, dict(b)), keep)
        blocked.append(kept)
        if enemy:                       # nothing moves through an enemy base: nor beyond it
            blocked.append(_shadow(kept, pos, length))
    if blocked:
        region = region.difference(shapely.union_all(blocked))
    # standing still and only turning is always possible
    out = shapely.union(region, shapely.Point(pos).buffer(0.01))
    shapely.prepare(out)
    return out


@functools.lru_cache(maxsize=4096)
def _kept_off(base, keep: float):
    """A base and the ground kept clear round it (mitred corners: a rectangle stays a rectangle)."""
    return base.buffer(keep, join_style="mitre")


def _shadow(kept, start: tuple[float, float], length: float):
    """The ground behind an enemy base as seen from the mover's centre: every end of a straight move
    that would take its base through the enemy's (the grown base swept away from the start; empty
    when the mover already stands in it, as a unit in contact may step back out of it)."""
    if kept.contains(shapely.Point(start)):
        return shapely.Polygon()
    far = (length + 20.0) / max(shapely.Point(start).distance(kept), 1e-6) + 1.0
    beyond = shapely.affinity.scale(kept, far, far, origin=start)
    return shapely.convex_hull(shapely.union(kept, beyond))


def turn_blocked(state: GameState, unit: Unit, x: float, y: float, facing: float) -> str | None:
    """What the unit's base would newly overlap, ending at (x, y) facing `facing` ("b's base", "the
    deep water"), or None. Away from where it stands the region already keeps its whole base clear of
    other bases whatever its facing, but only its half-depth off impassable ground (a unit may line a
    river bank, facing across it); this catches a base turned into the water, or a turn on the spot
    beside another base (issue 12: bases never overlap)."""
    ground = impassable(state.table)
    if ground is not None:
        body = arcs.footprint(unit, x, y, facing % 360.0)
        wet = body.intersection(ground).area
        if wet > OVERLAP_AREA and wet > arcs.footprint(unit).intersection(ground).area + 1e-6:
            piece = next(p for p in state.table.pieces if p.kind.impassable and body.intersects(p.polygon))
            return f"the {piece.kind.label.lower()}"
    if math.dist(unit.pos, (x, y)) > reach_of(unit) + 1.0:
        return None
    body = arcs.footprint(unit, x, y, facing % 360.0)
    here = arcs.footprint(unit)
    near = [o for o in state.units.values() if o.id != unit.id and not o.out
            and math.dist(o.pos, (x, y)) <= reach_of(unit) + reach_of(o)]
    for other in sorted(near, key=lambda u: u.id):
        base = arcs.footprint(other)
        new = body.intersection(base).area
        if new > OVERLAP_AREA and new > here.intersection(base).area + 1e-6:
            return f"{other.name}'s base"
    return None


@functools.lru_cache(maxsize=64)
def impassable(table):
    """All the table's impassable ground as one shape, or None."""
    pieces = [p.polygon for p in table.pieces if p.kind.impassable]
    return shapely.union_all(pieces) if pieces else None


def half_depth(unit: Unit) -> float:
    """Half the base's smaller size: how near impassable ground its centre may come (facing it)."""
    b = unit.base
    return float(b["diameter"]) / 2 if b.get("shape", "round") == "round" else min(float(b["width"]), float(b["depth"])) / 2


WAY_STEP = 0.1        # cm: how finely a forced move's way is searched for the first base in it


def way_clear(state: GameState, unit: Unit, heading: float, length: float, ignore: tuple[str, ...] = ()) -> float:
    """How far a forced straight move (closing up) goes before its base would overlap another base,
    friend or foe, or deep water (bases never overlap; it stops short of the first one in its way).
    A base it already overlaps at the start is in its way only where the overlap would grow."""
    dx, dy = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    reach = length + reach_of(unit) * 2 + 1.0
    here = arcs.footprint(unit)
    near = [(b, b.intersection(here).area) for b in (
        arcs.footprint(o) for o in state.units.values()
        if o.id != unit.id and o.id not in ignore and not o.out
        and math.dist(o.pos, unit.pos) <= reach + reach_of(o))]
    ground = impassable(state.table)
    if ground is not None:
        near.append((ground, here.intersection(ground).area))     # nor into deep water
    if not near:
        return length
    steps = max(1, math.ceil(length / WAY_STEP))
    for i in range(1, steps + 1):
        t = min(length, i * WAY_STEP)
        body = arcs.footprint(unit, unit.x + dx * t, unit.y + dy * t, unit.facing)
        if any(body.intersection(b).area > before + OVERLAP_AREA for b, before in near):
            return round((i - 1) * WAY_STEP, 3)
    return length


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
            walls.settle(state, unit)
            state.emit("Moved", f"{unit.name} moves {dist:.1f} cm but fails to turn about "
                       f"(rolled {roll.total}, needs a 6)", actor=unit.id)
            return
        state.emit("TurnedAbout", f"{unit.name} turns about (rolled a 6)", actor=unit.id)
    turned = angle_difference(unit.facing, facing)
    unit.facing = facing
    walls.settle(state, unit)
    state.emit("Moved", f"{unit.name} {_what_moved(dist, turned, facing)}", actor=unit.id, x=unit.x, y=unit.y)


def _what_moved(dist: float, turned: float, facing: float) -> str:
    """The log's words for a move: a move of no length is a turn on the spot, or holding the ground."""
    if dist >= 0.05:
        return f"moves {dist:.1f} cm"
    if turned >= 0.5:
        return f"turns on the spot to face {facing:.0f}°"
    return "holds its ground"


def charge_position(unit: Unit, target: Unit) -> tuple[float, float, float]:
    """Where the charger stands in contact: facing the target's centre, its front edge against the
    target's base (found by halving the distance along the line of the charge)."""
    return arcs.remembered(_CONTACTS, (arcs.unit_key(unit), arcs.unit_key(target), 0.0),
                           lambda: _charge_position(unit, target, 0.0))


def _charge_position(unit: Unit, target: Unit, shift: float = 0.0) -> tuple[float, float, float]:
    """Contact on the line to a point `shift` cm from the target's centre along its front."""
    along = math.radians(target.facing + 90.0)
    aim = (target.x + shift * math.cos(along), target.y + shift * math.sin(along))
    facing = angle_to(unit.pos, aim)
    ux, uy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    lo, hi = 0.0, math.dist(unit.pos, aim)               # distance travelled along the line
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
    degrees (turning about is not part of a charge), when there is room for its whole base in contact
    (melee range is "1cm or closer (bases touching)": bases touch, they never overlap)."""
    return charge_refusal(state, unit, target) is None


def charge_refusal(state: GameState, unit: Unit, target: Unit) -> str | None:
    """Why the unit cannot charge the target now, or None when it can."""
    if target.side == unit.side or not fighting(target) or is_artillery(unit) or is_commander(unit):
        return f"{unit.name} cannot charge {target.name}"
    # the two bases' half-widths and the contact gap at most separate the centres in contact
    if math.dist(unit.pos, target.pos) > move_length(unit) + reach_of(unit) + reach_of(target) + 1:
        return f"{target.name} is beyond {unit.name}'s stick"
    if angle_difference(unit.facing, angle_to(unit.pos, target.pos)) > ABOUT_TURN:
        return f"{unit.name} would have to turn about to charge {target.name}"
    w, h = state.scenario.width, state.scenario.height
    if not arcs.remembered(_REACHES, (arcs.unit_key(unit), arcs.unit_key(target), move_length(unit), w, h),
                           lambda: _reaches(unit, target, w, h)):
        return f"{unit.name}'s stick does not reach contact with {target.name}"
    if charge_contact(state, unit, target) is None:
        return f"no room for {unit.name}'s whole base against {target.name}: other bases are in the way"
    return None


def _reaches(unit: Unit, target: Unit, w: float, h: float) -> bool:
    """The geometry of a charge: not yet in contact, and the stick reaches contact on the table."""
    if arcs.gap(unit, target) <= RANGES["melee"]:
        return False                    # already in contact: nothing to charge
    x, y, _ = charge_position(unit, target)
    if not (TABLE_MARGIN <= x <= w - TABLE_MARGIN and TABLE_MARGIN <= y <= h - TABLE_MARGIN):
        return False
    return math.dist(unit.pos, (x, y)) <= move_length(unit) + 1e-9


SHIFTS = (0.0, -1.0, 1.0, -2.0, 2.0, -3.0, 3.0)   # cm along the target's front, nearest first


def charge_contact(state: GameState, unit: Unit, target: Unit) -> tuple[float, float, float] | None:
    """Where the charge ends: facing the target's centre, or, when that contact would overlap another
    base or the run would cross another enemy, the nearest place along the target's front (up to its
    end) that is clear and still within the stick (bases never overlap; the charger finds room to
    strike, as a player would slide his base along). None when there is no such place: with no room
    for its whole base the charge is not made (melee is "bases touching", never one base on another)."""
    w, h = state.scenario.width, state.scenario.height
    others = [o for o in state.units.values() if o.id not in (unit.id, target.id) and not o.out
              and math.dist(o.pos, target.pos) <= math.dist(unit.pos, target.pos) + 12.0]
    for shift in SHIFTS:
        x, y, facing = arcs.remembered(_CONTACTS, (arcs.unit_key(unit), arcs.unit_key(target), shift),
                                       lambda: _charge_position(unit, target, shift))
        if math.dist(unit.pos, (x, y)) > move_length(unit) + 1e-9 or \
                angle_difference(unit.facing, facing) > ABOUT_TURN or \
                not (TABLE_MARGIN <= x <= w - TABLE_MARGIN and TABLE_MARGIN <= y <= h - TABLE_MARGIN):
            continue
        if not _run_blocked(unit, (x, y, facing), others, impassable(state.table)):
            return (x, y, facing)
    return None


def _run_blocked(unit: Unit, end_at: tuple[float, float, float], others: list[Unit], ground) -> bool:
    """The run sweeps through another enemy's base or impassable ground, or ends overlapping any base
    but the target's."""
    x, y, facing = end_at
    end = arcs.footprint(unit, x, y, facing)
    swept = shapely.convex_hull(shapely.union(arcs.footprint(unit, unit.x, unit.y, facing), end))
    if ground is not None and swept.intersection(ground).area > OVERLAP_AREA:
        return True
    through = swept.buffer(-CONTACT_GAP, join_style="mitre")
    for other in others:
        base = arcs.footprint(other)
        if end.intersects(base) and end.intersection(base).area > OVERLAP_AREA:  # touching is contact
            return True
        if other.side != unit.side and not is_commander(other) and through.intersects(base):
            return True
    return False


_CONTACTS: dict = {}
_REACHES: dict = {}


def charge(state: GameState, action: Charge) -> None:
    unit, target = state.units[action.actor], state.units[action.target]
    moved(state).append(unit.id)
    state.data.setdefault("charged", []).append(unit.id)
    unit.x, unit.y, unit.facing = charge_contact(state, unit, target)
    walls.settle(state, unit)
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
