"""The table as Takipsilim reads it: movement reach, line of sight, cover, flanking, blasts.

Scale: 1 m is 1 cm on the table ("If using minis on a table, each meter scales to 1 cm").
"""
from __future__ import annotations

from typing import Any

import shapely
from shapely.geometry import LineString, Point

from game.geometry import bases as base_geometry
from game.geometry.measure import base_radius, distance

OPEN_MOVE = 10.0        # "up to 10 meters over open ground"
ROUGH_MOVE = 6.0        # "Obstacles or impeding terrain reduce that to 6 meters"
BEHIND = 3.0            # a figure within 3 m of a wall, hedge or ruin is behind it (cover)

_REACH_SIZE = 512


def reach(table, x: float, y: float):
    """Where a figure at (x, y) may move this round: 10 m over open ground, 6 m through obstacles
    or impeding terrain (game.geometry's movement_reach; kept in the table's memory, the table never
    changes, and so the answers go with the table when its game ends)."""
    store = table.memory("takipsilim-reach")          # a dict keeps its order: a hit moves to the end
    key = (round(x, 4), round(y, 4))
    found = store.pop(key, None)
    if found is not None:
        store[key] = found
        return found
    region = table.movement_reach((x, y), OPEN_MOVE, ROUGH_MOVE)
    if region.is_empty:
        region = Point(x, y).buffer(1e-3)
    shapely.prepare(region)
    store[key] = region
    if len(store) > _REACH_SIZE:
        del store[next(iter(store))]
    return region


def bases_around(state, u) -> tuple[list, list]:
    """The other figures' bases where they stand now, (friends, enemies), as (x, y, radius); figures out
    of combat (down, dead, escaped) are no obstacle."""
    friends, enemies = [], []
    for o in state.units.values():
        if o.id == u.id or o.out:
            continue
        (friends if o.side == u.side else enemies).append((float(o.x), float(o.y), float(o.base_radius)))
    return friends, enemies


def clear_reach(state, u, region):
    """Bases may not overlap (issue 12; game.geometry.bases): the part of a move region where u may end,
    outside every other base grown by u's radius and not behind an enemy base its run would cross."""
    friends, enemies = bases_around(state, u)
    if not friends and not enemies:
        return region
    out = base_geometry.clear_region(region, u.base_radius, friends + enemies, start=(u.x, u.y),
                                     blockers=enemies)
    if out.is_empty:
        out = Point(u.x, u.y).buffer(1e-3)
    shapely.prepare(out)
    return out


def stop_clear(state, u, end: tuple[float, float], target=None) -> tuple[float, float]:
    """Where u's move toward `end` stops, the others standing where they are now (those earlier in the
    resolution order where they arrived): in base contact with an enemy base its path would cross, and
    else at the nearest clear point short of `end` on its path when a base stands there. A charge's
    target is no obstacle on the way: the charge stops short of it by itself."""
    friends, enemies = bases_around(state, u)
    if target is not None:
        t = (float(target.x), float(target.y), float(target.base_radius))
        enemies = [e for e in enemies if e != t]
        friends = [f for f in friends if f != t]
    return base_geometry.stop_on_path((u.x, u.y), end, u.base_radius, friends, blockers=enemies)


def run_towards(table, start: tuple[float, float], goal: tuple[float, float], stop_short: float):
    """A charge or a run to a comrade: straight towards goal, stopping `stop_short` from it, as far as
    the movement reach allows. Returns the end point."""
    d = distance(start, goal)
    if d <= stop_short + 1e-9:
        return start
    want = d - stop_short
    ux, uy = (goal[0] - start[0]) / d, (goal[1] - start[1]) / d
    end = (start[0] + ux * want, start[1] + uy * want)
    region = reach(table, *start)
    if region.covers(Point(end)):
        return end
    line = LineString([start, end])
    inside = line.intersection(region)
    best = start
    for part in shapely.get_parts(inside):      # the piece that leaves from the start, whichever way
        coords = list(part.coords) if part.geom_type == "LineString" else []   # the library turned it
        if coords and distance(coords[-1], start) < 1e-6:
            coords.reverse()
        if coords and distance(coords[0], start) < 1e-6:
            best = coords[-1]
            break
    # step back a hair so the point is surely inside the region
    back = distance(start, best)
    if back > 0.01:
        t = (back - 0.01) / back
        best = (start[0] + (best[0] - start[0]) * t, start[1] + (best[1] - start[1]) * t)
    return (float(best[0]), float(best[1]))


def cover_from(table, target: tuple[float, float], source: tuple[float, float]):
    """The piece giving the target cover from a shooter at `source`, or None (Takipsilim "Cover and
    Movement"; geometry's cover(): inside cover terrain, or within 3 m behind a wall or ruin)."""
    return table.cover(target, source, BEHIND)


def cover_against(table, target: tuple[float, float], source: tuple[float, float]):
    """Cover that stands between the target and the source: as cover_from, but a piece the source
    itself is in protects nobody inside it from that source (it is on the same side of the cover)."""
    piece = table.cover(target, source, BEHIND)
    if piece is not None and piece.polygon.covers(Point(source)):
        return None
    return piece


def blast_cover(table, target: tuple[float, float], centre: tuple[float, float]):
    """Cover from a grenade: a grenade landing in the same ruin or room is among you."""
    return cover_against(table, target, centre)


def hunker_cover(table, target: tuple[float, float], shooter: tuple[float, float]):
    """The cover a hunkering figure hides behind from this shooter, or None when the shooter is
    flanking: on a side the cover does not protect (geometry's cover() finds no piece between
    them), or inside the same cover piece."""
    return cover_against(table, target, shooter)


def in_cover(table, pos: tuple[float, float]):
    """Is the figure in cover at all (for hunkering down)? Inside cover terrain, or within 3 m of a
    wall, hedge, ruin or other cover piece. Returns the piece or None (remembered by the table per
    point: it asks of the terrain only, which never changes)."""
    return table.remember(("takipsilim-in-cover", float(pos[0]), float(pos[1])), lambda: _in_cover(table, pos))


def _in_cover(table, pos: tuple[float, float]):
    for piece in reversed(table.pieces_at(pos[0], pos[1])):
        if piece.kind.cover:
            return piece
    near = Point(pos).buffer(BEHIND)
    best = None
    for i in table.tree.query(near, predicate="intersects"):
        piece = table.pieces[int(i)]
        if piece.kind.cover or piece.kind.linear_obstacle:
            d = float(piece.polygon.distance(Point(pos)))
            if best is None or d < best[0]:
                best = (d, piece)
    return best[1] if best else None


def indoors(table, pos: tuple[float, float]) -> bool:
    return table.room_at(pos[0], pos[1]) is not None


def los(table, rules, a: tuple[float, float], b: tuple[float, float]):
    return table.los(a, b, rules)


def blast_indices(table, centre, radius: float, points) -> list[int]:
    if not points:
        return []
    return [int(i) for i in table.blast(centre, radius, points)]


def edge_gap(a_pos, a_base, b_pos, b_base) -> float:
    """Base edge to base edge (bases treated as circles)."""
    return max(0.0, distance(a_pos, b_pos) - base_radius(a_base) - base_radius(b_base))
