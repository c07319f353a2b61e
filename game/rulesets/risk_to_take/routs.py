"""Routing (seed 003_24994b0dfd86b84f, "c) Combat": "Routing movement: 1 infantry movement backwards").

A routed unit runs its full stick (6 cm) straight back, keeping its facing:
- it passes through friendly bases on its way (a rout runs through its own lines);
- it cannot pass through an enemy base: it goes round it, to the nearest place to the end of its
  straight run, a full stick or more from where it stood, whose straight way from there crosses no
  enemy base;
- it never ends on another base (bases never overlap): where the end of its run is taken, it ends at
  the nearest clear place to it, a full stick or more from where it stood, clear of the enemy;
- only the table's edge and impassable ground stop it short: a run whose end lies off the table
  takes the unit off the table (it leaves the battle); impassable ground stops the run at its edge;
- a unit that can find no such place, clear of every formed enemy by more than melee range (1 cm),
  cannot get clear of its enemy: it is caught and destroyed, as routed units caught are
  ("IV. Destruction of units").
"""
from __future__ import annotations

import math

import shapely

from game.engine.state import GameState, Unit
from game.geometry.bases import OVERLAP_AREA

from . import arcs, movement, walls
from .movement import reach_of
from .troops import RANGES, fighting, is_commander

RING = 0.5            # cm between the rings of places searched round the end of the run
RINGS = 24            # up to two sticks from it
DIRECTIONS = 16       # places on each ring
STEP = 0.1            # cm: how finely the run is searched for impassable ground


def run(state: GameState, unit: Unit) -> tuple[str, float, float, str]:
    """Where the rout takes the unit: ("ends", x, y, why short or ""), ("off", ..) or ("caught", ..)."""
    back = math.radians((unit.facing + 180.0) % 360.0)
    dx, dy = math.cos(back), math.sin(back)
    length = RANGES["rout"]
    ground = movement.impassable(state.table)
    short = ""
    if ground is not None:
        clear = _clear_run(unit, dx, dy, length, ground)
        if clear < length:
            length, short = clear, "stopped by impassable ground"
    x, y = unit.x + dx * length, unit.y + dy * length
    if not short and not (0.0 <= x <= state.scenario.width and 0.0 <= y <= state.scenario.height):
        return ("off", x, y, "")
    spot = _landing(state, unit, (x, y), ground, length)
    if spot is None:
        return ("caught", unit.x, unit.y, "")
    return ("ends", round(spot[0], 3), round(spot[1], 3), short)


def _clear_run(unit: Unit, dx: float, dy: float, length: float, ground) -> float:
    """How far straight back the base goes before it would enter impassable ground (further than
    it stands in it already)."""
    steps = max(1, math.ceil(length / STEP))
    already = arcs.footprint(unit).intersection(ground).area
    for i in range(1, steps + 1):
        t = min(length, i * STEP)
        if arcs.footprint(unit, unit.x + dx * t, unit.y + dy * t).intersection(ground).area > already + OVERLAP_AREA:
            return round((i - 1) * STEP, 3)
    return length


def _landing(state: GameState, unit: Unit, end: tuple[float, float], ground, length: float):
    """The nearest place to `end`, `length` or more from where the unit stood (the full run), where
    the routed base may stand (see the module's note)."""
    w, h = state.scenario.width, state.scenario.height
    start = arcs.footprint(unit)
    reach = RANGES["rout"] + RING * RINGS + 8.0
    others = [o for o in state.units.values() if o.id != unit.id and not o.out
              and math.dist(o.pos, unit.pos) <= reach + 4.0]
    enemies = [o for o in others if o.side != unit.side and not is_commander(o)
               and start.intersection(arcs.footprint(o)).area <= OVERLAP_AREA]
    formed = [o for o in enemies if fighting(o)]
    wet = start.intersection(ground).area if ground is not None else 0.0     # where it stands already
    for x, y in _places(end):
        if not (1.0 <= x <= w - 1.0 and 1.0 <= y <= h - 1.0) or math.dist(unit.pos, (x, y)) < length - 0.05:
            continue
        body = arcs.footprint(unit, x, y)
        if ground is not None and body.intersection(ground).area > OVERLAP_AREA:
            continue
        if any(math.dist((x, y), o.pos) < reach_of(unit) + reach_of(o)
               and body.intersection(arcs.footprint(o)).area > OVERLAP_AREA for o in others):
            continue
        if any(math.dist((x, y), o.pos) <= reach_of(unit) + reach_of(o) + RANGES["melee"]
               and body.distance(arcs.footprint(o)) <= RANGES["melee"] for o in formed):
            continue
        way = shapely.convex_hull(shapely.union(start, body))
        if any(way.intersection(arcs.footprint(o)).area > OVERLAP_AREA for o in enemies) or \
                (ground is not None and way.intersection(ground).area > wet + OVERLAP_AREA):
            continue
        return (x, y)
    return None


def _places(end: tuple[float, float]):
    """The end of the run, then rings round it, nearest first."""
    yield end
    for ring in range(1, RINGS + 1):
        r = ring * RING
        for k in range(DIRECTIONS):
            a = 2 * math.pi * k / DIRECTIONS
            yield (end[0] + r * math.cos(a), end[1] + r * math.sin(a))


def move(state: GameState, unit: Unit) -> str:
    """Carry the rout out: the words for the log ("" when the unit left the table or was caught)."""
    kind, x, y, short = run(state, unit)
    if kind != "ends":
        return kind
    length = math.dist(unit.pos, (x, y))
    unit.x, unit.y = x, y
    walls.settle(state, unit)
    return f"routs {length:.1f} cm to the rear" + (f", {short}" if short and length < RANGES["rout"] else "")
