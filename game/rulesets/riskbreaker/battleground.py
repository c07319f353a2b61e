"""The battleground: the text's "locations" are the table's terrain pieces (a landing, a stairway, a
courtyard); pieces that touch are adjacent. A maneuver's Risk is its distance ("Risk in a maneuver
represents distance: Risk 1 is easily accessible, Risk 2 less so, Risk 3 covers an incredibly far
or difficult distance"):

  Risk 1: an adjacent location;  Risk 2: two steps away;  Risk 3: three steps away, or any location
  within three steps reached across difficult terrain (a path entering a rough piece).

Alterations close the link between two locations for some rounds (or for good).

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

import weakref
from typing import Any

from shapely.geometry import Point

from game.engine.state import GameState, Unit
from game.geometry.los import LosRules

MAX_STEPS = 3
TOLERANCE = 0.5          # cm: pieces this close touch (a tiling shares its borders)
MIN_BORDER = 2.0         # cm of shared border make two locations adjacent

_adjacent: "weakref.WeakKeyDictionary[Any, dict[str, list[str]]]" = weakref.WeakKeyDictionary()


def location_of(state: GameState, u: Unit) -> str | None:
    piece = state.table.piece_at(u.x, u.y)
    return piece.id if piece is not None else None


def name(state: GameState, loc: str | None) -> str:
    """The location as players read it; where two pieces share a name, each is told apart by where it
    lies from the others ("gorge (north)", "gorge (south)")."""
    if loc is None:
        return "open ground"
    p = state.table.by_id[loc]
    text = p.name or p.id
    twins = [q for q in state.table.pieces if q is not p and (q.name or q.id) == text]
    if not twins:
        return text
    here = p.polygon.centroid
    there = [q.polygon.centroid for q in twins]
    dx = here.x - sum(c.x for c in there) / len(there)
    dy = here.y - sum(c.y for c in there) / len(there)
    if abs(dy) >= abs(dx):
        return f"{text} ({'south' if dy > 0 else 'north'})"
    return f"{text} ({'east' if dx > 0 else 'west'})"


def link_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def closed(state: GameState, a: str, b: str, side: int | None = None) -> bool:
    """Is the link between a and b closed by an alteration (to everyone, or to `side`)?"""
    c = state.data["closed"].get(link_key(a, b))
    if c is None:
        return False
    return not c.get("sides") or side in c["sides"]


def adjacent(state: GameState, loc: str) -> list[str]:
    """Locations sharing a stretch of border with this one (within the table's 0.5 cm tolerance);
    pieces meeting only at a corner are not adjacent (assets/rules/riskbreaker.md)."""
    table = state.table
    cache = _adjacent.setdefault(table, {})
    if loc not in cache:
        here = table.by_id[loc].polygon.buffer(TOLERANCE)
        cache[loc] = [n for n in table.adjacent(loc, TOLERANCE)
                      if here.intersection(table.by_id[n].polygon).area >= MIN_BORDER * TOLERANCE]
    return list(cache[loc])


def passable(state: GameState, loc: str) -> list[str]:
    """Adjacent locations a character may enter: no way leads into an impassable piece, so no
    alteration is offered on one (assets/rules/riskbreaker.md)."""
    return [n for n in adjacent(state, loc) if not state.table.by_id[n].kind.impassable]


def neighbours(state: GameState, loc: str, side: int | None = None) -> list[str]:
    return [n for n in passable(state, loc) if not closed(state, loc, n, side)]


def difficult(state: GameState, loc: str) -> bool:
    return bool(state.table.by_id[loc].kind.rough)


def maneuver_risks(state: GameState, start: str, side: int | None = None) -> dict[str, int]:
    """Every location a maneuver from `start` reaches, with its Risk (the least over paths of up to
    three steps: the steps, or 3 for a path entering difficult terrain)."""
    best: dict[str, int] = {}

    def walk(loc: str, steps: int, hard: bool, seen: tuple[str, ...]) -> None:
        for n in neighbours(state, loc, side):
            if n in seen:
                continue
            h = hard or difficult(state, n)
            risk = 3 if h else steps + 1
            if n != start and risk < best.get(n, 99):
                best[n] = risk
            if steps + 1 < MAX_STEPS:
                walk(n, steps + 1, h, seen + (n,))

    walk(start, 0, False, (start,))
    return best


def steps_between(state: GameState, a: str, b: str, side: int | None = None,
                  most: int = MAX_STEPS) -> int | None:
    """The fewest steps from a to b (None beyond `most`: by default, what one maneuver reaches)."""
    if a == b:
        return 0
    frontier, seen, d = [a], {a}, 0
    while frontier and d < most:
        d += 1
        nxt = []
        for loc in frontier:
            for n in neighbours(state, loc, side):
                if n == b:
                    return d
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return None


def los_rules(state: GameState) -> LosRules:
    return LosRules(edge_depth=float(state.scenario.edge_band), same_piece_sees=True)


def sees(state: GameState, u: Unit, loc: str) -> bool:
    """LOS from the character to the location (to its representative point)."""
    p = state.table.by_id[loc].polygon.representative_point()
    return bool(state.table.los(u.pos, (p.x, p.y), los_rules(state)).clear)


def place(state: GameState, u: Unit, loc: str) -> None:
    """Stand the figure in the location: at a free spot near its middle."""
    poly = state.table.by_id[loc].polygon
    c = poly.representative_point()
    taken = [(o.x, o.y) for o in state.units.values() if o is not u and not o.out]
    step = max(u.base_radius * 2.2, 1.0)
    offsets = sorted(((i - 3) * step, (j - 3) * step) for i in range(7) for j in range(7))
    offsets.sort(key=lambda o: (o[0] ** 2 + o[1] ** 2, o))
    for dx, dy in offsets:
        x, y = round(c.x + dx, 3), round(c.y + dy, 3)
        if not poly.contains(Point(x, y)):
            continue
        if all((x - a) ** 2 + (y - b) ** 2 >= step ** 2 * 0.8 for a, b in taken):
            u.x, u.y = x, y
            return
    u.x, u.y = round(c.x, 3), round(c.y, 3)


def spots(state: GameState) -> list[tuple[Any, ...]]:
    """(piece id, name) of every location, table order."""
    return [(p.id, p.name or p.id) for p in state.table.pieces]
