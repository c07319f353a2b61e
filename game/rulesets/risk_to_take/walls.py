"""Fortifications (seed 003_24994b0dfd86b84f, "c) Combat": "Units behind a fortification add +1 to
their saving roll and cannot rout").

"Behind" is the defender's side of the wall: the wall stands between the unit and the enemy that
attacks it. A wall has two faces, so who is behind it is told by who holds it:
- a unit *lines* a fortification piece when its base comes to rest within 1 cm of it (at the start
  of the battle, or at the end of a move, charge, rout or closing up), unless an enemy already lines
  that piece across from it (within a stick, the piece between them): then it stands at the outside
  of the enemy's wall, and does not line it;
- a unit is behind the wall against an attacker when it lines a piece that lies between them (the
  line from the attacker's centre to its own crosses the piece), and it did not charge this turn;
  with no attacker named (the odds of an attack not yet placed) lining a piece is enough.
A unit lining a wall holds it: closing up for melee never takes it off (combat.close_up).
"""
from __future__ import annotations

from shapely.geometry import LineString

from game.engine.state import GameState, Unit

from . import arcs
from .troops import RANGES, STICK, is_commander

LINES = "lines"          # unit.stats: the ids of the fortification pieces the unit lines


def pieces_at(table, unit: Unit) -> list:
    """The fortification pieces within 1 cm (melee range) of the unit's base."""
    return arcs.remembered(_AT, (table, arcs.unit_key(unit)), lambda: _pieces_at(table, unit))


def _pieces_at(table, unit: Unit) -> list:
    body = arcs.footprint(unit).buffer(RANGES["melee"])
    return [p for p in table.pieces if p.kind.name == "fortification" and p.polygon.intersects(body)]


_AT: dict = {}


def across(piece, a: Unit, b: Unit) -> bool:
    """Does the piece stand between the two units (the line joining their centres crosses it)?"""
    return bool(piece.polygon.intersects(LineString([a.pos, b.pos])))


def settle(state: GameState, unit: Unit) -> None:
    """The unit's base came to rest: the pieces it lines now (see the module's note)."""
    if is_commander(unit) or unit.out:
        unit.stats.pop(LINES, None)
        return
    held = []
    for piece in pieces_at(state.table, unit):
        taken = any(e.side != unit.side and not e.out and piece.id in e.stats.get(LINES, ())
                    and piece.id in {p.id for p in pieces_at(state.table, e)}
                    and across(piece, e, unit) and arcs.gap(e, unit) <= STICK
                    for e in state.units.values())
        if not taken:
            held.append(piece.id)
    if held:
        unit.stats[LINES] = held
    else:
        unit.stats.pop(LINES, None)


def settle_all(state: GameState) -> None:
    """The start of the battle: every unit already at a wall lines it, the defending side's first
    (a scenario's side with the role "defender"), then in the order of their ids."""
    sides = state.scenario.sides
    for unit in sorted(state.units.values(), key=lambda u: (sides[u.side].role != "defender", u.id)):
        settle(state, unit)


def lined(state: GameState, unit: Unit) -> list:
    """The pieces the unit lines and still stands at."""
    mine = unit.stats.get(LINES)
    if not mine:
        return []
    return [p for p in pieces_at(state.table, unit) if p.id in mine]


def behind(state: GameState, unit: Unit, by: Unit | None = None) -> bool:
    """Behind a fortification against `by` (or against any attack, when `by` is None)."""
    if unit.id in state.data.get("charged", []):
        return False
    pieces = lined(state, unit)
    if by is None or not pieces:
        return bool(pieces)
    return any(across(p, by, unit) for p in pieces)

