"""Formations (seed 004_34c3fc4ecaa954ef.txt, "Aimed fire ... by individual figures deployed in open
order", "volley fire is delivered by whole units deployed in line, two to four ranks deep"): a unit
changes formation as its action for the turn.

Interpretation (tables.json "line"): forming line, the unit's figures take places in two to four
ranks facing the chosen way, files and ranks 3 paces apart, the front rank's middle where its
leader stands (or its first figure); every figure must reach its place within its normal move, and
every place must be on the table, off impassable ground and clear of every other base. Breaking
into open order, the figures stay where they stand and act one by one from the next turn.
"""
from __future__ import annotations

import math

from game.engine.state import GameState, Unit
from game.geometry import bases
from game.geometry.sectors import angle_to

from . import forces, movement, tables


def anchor(state: GameState, team: str) -> Unit:
    figs = forces.figures(state, team)
    leaders = [f for f in figs if forces.role(f) == "leader"]
    return leaders[0] if leaders else figs[0]


def facing_to_enemy(state: GameState, team: str) -> float:
    """The way a line forms facing: toward the nearest enemy figure (the leader's facing if none)."""
    lead = anchor(state, team)
    foes = [u for u in state.units.values() if not u.out and u.side != lead.side]
    if not foes:
        return float(lead.facing)
    near = min(foes, key=lambda e: (math.dist(lead.pos, e.pos), e.id))
    return round(angle_to(lead.pos, near.pos), 1)


def rank_counts(state: GameState) -> list[int]:
    line = tables.rules()["line"]
    return list(range(line["min_ranks"], line["max_ranks"] + 1))


def places(state: GameState, team: str, ranks: int, facing: float,
           at: tuple[float, float] | None = None) -> list[tuple[int, float, float]]:
    """(rank, x, y) of every place of the line, the front rank first, each rank from its middle out;
    the front rank's middle at `at` (the leader's spot by default)."""
    line = tables.rules()["line"]
    n = len(forces.figures(state, team))
    files = math.ceil(n / ranks)
    lead = anchor(state, team)
    lx, ly = at if at is not None else lead.pos
    a = math.radians(facing)
    ux, uy = math.cos(a), math.sin(a)              # to the front
    px, py = -uy, ux                               # along the rank
    out = []
    left = n
    for k in range(ranks):
        here = min(files, left)
        left -= here
        order = sorted(range(here), key=lambda j: (abs(j - (here - 1) / 2), j))
        for j in order:
            along = (j - (here - 1) / 2) * line["file"]
            back = k * line["rank"]
            out.append((k + 1, round(lx + px * along - ux * back, 3), round(ly + py * along - uy * back, 3)))
    return out


def assignment(state: GameState, team: str, ranks: int, facing: float) -> dict[str, tuple[int, float, float]] | None:
    """Which figure takes which place, the line formed on its leader's spot or, when it cannot form
    there, on the unit's middle (the mean of its figures' spots), or a rank's depth ahead of it; None
    when it can form on none of them."""
    figs = forces.figures(state, team)
    if not figs:
        return None
    mx, my = sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs)
    step = tables.rules()["line"]["rank"]
    ahead = (mx + step * math.cos(math.radians(facing)), my + step * math.sin(math.radians(facing)))
    for at in (None, (mx, my), ahead):
        found = _assign(state, team, ranks, facing, at)
        if found is not None:
            return found
    return None


def _assign(state: GameState, team: str, ranks: int, facing: float, at) -> dict[str, tuple[int, float, float]] | None:
    """Which figure takes which place (the nearest free figure to each place in turn), or None when
    the line cannot form there: a place off the table, on impassable ground or on another base, or
    out of its figure's normal move."""
    figs = forces.figures(state, team)
    if len(figs) < 2 * ranks:             # at least two figures a rank
        return None
    spots = places(state, team, ranks, facing, at)
    friends, enemies = movement.others(state, figs[0].side, [f.id for f in figs], apart=True)
    w, h = state.scenario.width, state.scenario.height
    free = list(figs)
    out = {}
    for rank, x, y in spots:
        f = min(free, key=lambda g: (math.dist(g.pos, (x, y)), g.id))
        free.remove(f)
        if not (0 <= x <= w and 0 <= y <= h):
            return None
        if any(p.kind.impassable for p in state.table.pieces_at(x, y)):
            return None
        if bases.overlapping(x, y, f.base_radius, friends + enemies):
            return None
        if math.dist(f.pos, (x, y)) > movement.reach(f, "normal", "open") + 1e-6:
            return None
        out[f.id] = (rank, x, y)
    return out


def form_line(state: GameState, team: str, ranks: int, facing: float) -> None:
    spots = assignment(state, team, ranks, facing)
    u = forces.unit(state, team)
    for fid, (rank, x, y) in spots.items():
        f = state.units[fid]
        if math.dist(f.pos, (x, y)) > 1e-6:
            movement.moved(state, f, "normal")
        f.x, f.y, f.facing = x, y, facing
        f.stats["rank"] = rank
    u["formation"] = "line"
    state.emit("Formation", f"{u['name']} {forces.verb(u['name'], 'forms', 'form')} line, {ranks} "
                                 f"{'rank' if ranks == 1 else 'ranks'} deep", unit=team, formation="line")


def open_order(state: GameState, team: str) -> None:
    u = forces.unit(state, team)
    u["formation"] = "open"
    state.emit("Formation", f"{u['name']} breaks into open order", unit=team, formation="open")
