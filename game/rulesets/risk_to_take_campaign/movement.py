"""Movement on the map (seed 003_24994b0dfd86b84f, "1. Campaign rules": "Movement is 5 hexes per
army + roll 1d6: 1-2 means the army can move 4 hexes only, 5-6 means the unit can move 6 hexes").

Fog of war: the legal hexes and the path are what the side can know: an army it cannot see bars
nothing; the march then runs into it and stops in its hex (a battle), or one short of a hex holding
two armies.

Interpretations: by default every hex costs 1, as the text counts a march in hexes. With the
`terrain_costs` option the allowance is spent at the map's costs of entering a hex (plain 1, forest
and hills 2, marsh 3, across a river 2 more: game/geometry/hex_kinds.json); along a road every hex
costs 1 whatever the ground (and a bridge spares the ford), never less: "5 hexes" stays 5 on the road.
Impassable hexes are impassable either way. The path is the cheapest (A*); among paths as cheap, one
drawn by regions.nudge (not the map's order). Entering a hex held by an enemy army ends
the move; the battle is fought once every side has moved. An army whose hex an enemy entered stands
to fight and may not march away. An army may pass its own armies but not stop on one, and may not
enter a hex where two armies already stand. Entering a rebel army's hex disperses the rebels (they
scatter before a formed army, without a battle). Passing through an enemy supply train's hex
catches it (trains.catch).
"""
from __future__ import annotations

import heapq

from game.engine.state import GameState
from game.geometry.hexgrid import Hex

from . import armies, fog, regions, trains, words
from .armies import REBEL

BASE = 5
_REACHED: dict = {}          # reach() answers by (board, start, allowance, blocking hexes): pure (board, answer)


def roll_allowances(state: GameState, phase=None) -> None:
    """Each army rolls its d6 as the moves begin (seen only by its own side)."""
    for u in armies.armies(state):
        if armies.status(u).get("moved"):
            continue                      # its march of the turn is spent (a starving army looted)
        total = state.roll("d6", "march", u.name, odds_text="1-2: 4 hexes, 3-4: 5, 5-6: 6",
                           hidden_from=armies.others(state, u.side)).total
        armies.status(u)["allowance"] = BASE - 1 if total <= 2 else BASE + 1 if total >= 5 else BASE


def engaged(state: GameState, unit) -> bool:
    """An enemy army entered this army's hex: it stands to fight."""
    h = armies.hex_of(unit)
    return any(o.side != unit.side and REBEL not in o.markers for o in armies.armies_at(state, h))


def can_march(state: GameState, unit) -> bool:
    status = armies.status(unit)
    return not status.get("moved") and "allowance" in status and not engaged(state, unit)


def _blocks(state: GameState, side: int) -> tuple[set[Hex], set[Hex], set[Hex]]:
    """As the side sees the map (fog of war): hexes of enemy armies (entering ends the move), of its
    own armies (pass, not stop), and full ones (two armies)."""
    enemy, own, count = set(), set(), {}
    looking = fog.eyes(state, side)
    for u in state.units.values():
        if u.kind != armies.ARMY or u.out or u.hex is None:
            continue
        h = Hex(*u.hex)
        mine = u.side == side and REBEL not in u.markers
        if not mine and not fog.seen_by(state, side, h, looking):
            continue                      # an army in the fog bars nothing the player can know of
        count[h] = count.get(h, 0) + 1
        (own if mine else enemy).add(h)
    full = {h for h, n in count.items() if n >= 2}
    return enemy, own, full


def reach(state: GameState, unit, allowance: float | None = None) -> dict[Hex, tuple[float, Hex | None]]:
    """Every hex the army can reach with its allowance (or the one given): hex -> (cost, previous hex)."""
    start = armies.hex_of(unit)
    allowance = float(armies.status(unit).get("allowance", 0) if allowance is None else allowance)
    enemy, _own, full = _blocks(state, unit.side)
    costs = regions.terrain_costs(state)
    key = (id(state.board), costs, start, allowance, frozenset(enemy), frozenset(full))
    hit = _REACHED.get(key)
    if hit is not None and hit[0] is state.board:   # the board held in the entry: its id stays its own
        return hit[1]
    table = regions.steps(state.board, costs)
    best: dict[Hex, tuple[float, Hex | None]] = {start: (0.0, None)}
    frontier = [(0.0, start.r, start.q, start)]
    while frontier:
        cost, _r, _q, h = heapq.heappop(frontier)
        if cost > best[h][0] or (h != start and h in enemy):
            continue                      # entering an enemy hex ends the move
        for n, step in table[h]:
            if n in full:
                continue
            c = cost + step
            if c <= allowance + 1e-9 and (n not in best or c < best[n][0]):
                best[n] = (c, h)
                heapq.heappush(frontier, (c, n.r, n.q, n))
    if len(_REACHED) > 512:
        _REACHED.clear()
    _REACHED[key] = (state.board, best)
    return best


def destinations(state: GameState, unit, allowance: float | None = None) -> list[Hex]:
    """Where the army may end its march (not its own hex, not on one of its side's armies)."""
    _enemy, own, _full = _blocks(state, unit.side)
    start = armies.hex_of(unit)
    return sorted((h for h in reach(state, unit, allowance) if h != start and h not in own), key=lambda h: (h.r, h.q))


def path_to(state: GameState, unit, goal: Hex) -> list[Hex]:
    """The path of the march (start and goal included): the cheapest, by A* over the map's costs,
    never leaving an enemy army's hex nor entering a full one (a goal `reach` found is within the
    allowance: both search the same steps)."""
    board = state.board
    start = armies.hex_of(unit)
    enemy, _own, full = _blocks(state, unit.side)

    def step(a: Hex, b: Hex):
        if (a != start and a in enemy) or b in full:
            return None
        c = next((c for n, c in table[a] if n == b), None)
        return None if c is None else c + tie(b)

    table = regions.steps(board, regions.terrain_costs(state))
    tie = regions.nudge(board, "march", state.turn, unit.id)     # among the cheapest: drawn
    return board.path(start, goal, step, min_cost=1.0) or [start, goal]


def blunder(state: GameState, unit, path: list[Hex]) -> list[Hex]:
    """The march as it goes: it runs into an enemy army it could not see (in the fog) and stops in its
    hex; before a hex with two armies it stops one short."""
    for i, h in enumerate(path[1:], start=1):
        there = armies.armies_at(state, h)
        if len(there) >= 2:
            return path[:i]
        if any(o.side != unit.side or REBEL in o.markers for o in there):
            return path[:i + 1]
    return path


def march(state: GameState, unit, goal: Hex) -> None:
    path = blunder(state, unit, path_to(state, unit, goal))
    if path[-1] != goal:
        state.emit("RanInto", f"{unit.name} runs into an army it had not seen and stops at "
                   f"{words.where(state, path[-1])}", actor=unit.id)
        goal = path[-1]
    status = armies.status(unit)
    status["moved"] = True
    status["came_from"] = [path[-2].q, path[-2].r] if len(path) > 1 else list(unit.hex)
    hidden = tuple(s for s in range(state.sides) if s != unit.side)
    for h in path[1:]:
        trains.catch(state, unit, h)
    unit.hex = (goal.q, goal.r)
    state.emit("Marched", f"{unit.name} marches {words.hexes(len(path) - 1)} to {words.where(state, goal)}", actor=unit.id,
               path=[[h.q, h.r] for h in path], hidden_from=hidden)
    for o in armies.armies_at(state, goal):
        if o is unit:
            continue
        if REBEL in o.markers:
            o.out = True
            state.emit("RebelsScatter", f"The rebels of {o.name} scatter before {unit.name}", actor=o.id)
        elif o.side != unit.side:
            state.data["pending"].append({"hex": [goal.q, goal.r], "attacker": unit.id, "defender": o.id})
            state.emit("Contact", f"{unit.name} enters the hex of {o.name}: a battle after all moves",
                       actor=unit.id, target=o.id)


def halt(state: GameState, unit) -> None:
    armies.status(unit)["moved"] = True
    state.emit("Halted", f"{unit.name} stays where it is", actor=unit.id,
               hidden_from=tuple(s for s in range(state.sides) if s != unit.side))
