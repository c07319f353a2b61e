"""Terrain questions of Risus Skirmish, over game.geometry: who sees whom, cover, where a move may end.

The table never changes during a game, so its answers are kept in the table's memory (Table.memory):
move regions per terrain piece, LOS per pair of points (each point named once), cover per target and
attacker, high terrain per point. Figures rarely move between two questions, and the AI asks about the
same spots again and again: the answers are those the rules give when asked afresh.
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box

from game.engine.state import GameState, Unit
from game.geometry import bases as base_geometry
from game.geometry.los import LosRules
from game.geometry.sectors import in_arc_many

from . import forces

ADJACENT_TOLERANCE = 0.5        # cm: pieces this close count as adjacent (a tiling shares its borders)
# Interpretation (assets/rules/risus-skirmish.md, "Movement"): pieces that meet only at a corner are not
# adjacent. A move crosses a border into the adjacent terrain, and a border shorter than a figure's base
# (2.5 cm) is no border a figure can cross: otherwise a team slips round a wall from corner to corner.
MIN_BORDER = 2.5
GAP_TOLERANCE = 0.01            # cm²: less uncovered table than this is rounding, not a gap
PATH_STEP = 1.0                 # cm between the points of a move's path checked for opportunity fire
MAX_PATH_STEPS = 80
_LOS_CACHE_LIMIT = 200_000
_FEW = 48                       # pairs: fewer are looked up in plain Python, more through numpy



# -- line of sight ---------------------------------------------------------------------------------
def los_rules(state: GameState) -> LosRules:
    return LosRules(edge_depth=float(state.scenario.edge_band), same_piece_sees=True,
                    houses=str(state.options.get("houses", "high")))


class _Sight:
    """LOS answers (terrain only) on one table under one LosRules, kept while the table lives.

    A point is named once by an integer (its coordinates rounded to 1e-6 cm, as every answer is
    decided on the rounded points), so a question about many pairs is a few numpy operations and one
    dictionary look-up per pair, not a rounding and a tuple per pair."""

    def __init__(self, table: Any, rules: LosRules):
        self.index = table.los_index(rules)
        self.raw: dict[tuple[float, float], int] = {}        # a point as given -> its id
        self.ids: dict[tuple[float, float], int] = {}        # a rounded point -> its id
        self.xy: list[tuple[float, float]] = []              # id -> the rounded point
        self.clear: dict[int, bool] = {}                     # pair code (lower id << 32 | higher) -> LOS

    def point(self, p: Sequence[float]) -> int:
        key = (float(p[0]), float(p[1]))
        i = self.raw.get(key)
        if i is None:
            r = (round(key[0], 6), round(key[1], 6))
            i = self.ids.get(r)
            if i is None:
                i = self.ids[r] = len(self.xy)
                self.xy.append(r)
            self.raw[key] = i
        return i

    def points(self, pts: Iterable[Sequence[float]]) -> list[int]:
        raw, point, out = self.raw, self.point, []
        for p in pts:
            try:
                i = raw[p]          # a tuple of numbers hashes as the tuple of its floats
            except (KeyError, TypeError):
                i = point(p)
            out.append(i)
        return out

    def pairs(self, a: Sequence[int], b: Sequence[int]) -> list[bool]:
        """LOS between the points of ids a[m] and b[m]."""
        if len(a) <= _FEW:
            keys = [(x << 32) | y if x <= y else (y << 32) | x for x, y in zip(a, b)]
        else:
            a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
            keys = ((np.minimum(a, b) << 32) | np.maximum(a, b)).tolist()
        got = list(map(self.clear.get, keys))
        if None in got:
            self._decide([k for k, g in zip(keys, got) if g is None])
            got = list(map(self.clear.__getitem__, keys))
        return got

    def full(self) -> bool:
        return len(self.clear) > _LOS_CACHE_LIMIT or len(self.xy) > _LOS_CACHE_LIMIT

    def _decide(self, missing: list[int]) -> None:
        todo = np.fromiter(dict.fromkeys(missing), dtype=np.int64)
        xy = self.xy
        pa = np.array([xy[i] for i in (todo >> 32).tolist()], dtype=float)
        pb = np.array([xy[i] for i in (todo & 0xFFFFFFFF).tolist()], dtype=float)
        # each pair with its points in lexicographic order, the order the answers were always asked in
        swap = (pa[:, 0] > pb[:, 0]) | ((pa[:, 0] == pb[:, 0]) & (pa[:, 1] > pb[:, 1]))
        first, second = np.where(swap[:, None], pb, pa), np.where(swap[:, None], pa, pb)
        coords = np.stack([first, second], axis=1).reshape(-1, 2)
        at = np.arange(0, 2 * len(todo), 2, dtype=np.intp)
        clear, _ = self.index.pairs(coords, at, at + 1)
        self.clear.update(zip(todo.tolist(), clear.tolist()))


def _sight(state: GameState) -> _Sight:
    rules = los_rules(state)
    per_table = state.table.memory("risus-sight")
    sight = per_table.get(rules)
    if sight is None or sight.full():      # a full memory starts afresh (between two questions)
        sight = per_table[rules] = _Sight(state.table, rules)
    return sight


def clear_pairs(state: GameState, pairs: Sequence[tuple[Sequence[float], Sequence[float]]]) -> list[bool]:
    """LOS (terrain only, no facing) for many pairs of points at once, through the table's bulk query."""
    if not pairs:
        return []
    sight = _sight(state)
    a = sight.points(p for p, _ in pairs)
    b = sight.points(q for _, q in pairs)
    return sight.pairs(a, b)


def los_clear(state: GameState, a: Sequence[float], b: Sequence[float]) -> bool:
    return clear_pairs(state, [(a, b)])[0]


def in_high_terrain(state: GameState, x: float, y: float) -> bool:
    cache = state.table.memory("risus-high")
    key = (float(x), float(y))
    hit = cache.get(key)
    if hit is None:
        if len(cache) > _LOS_CACHE_LIMIT:
            cache.clear()
        hit = cache[key] = any(p.kind.high or p.kind.building for p in state.table.pieces_at(x, y))
    return hit


def vision_arc(state: GameState, unit: Unit, pos: Sequence[float] | None = None) -> float:
    """Field of vision in degrees, by the facing option (seed 000 "Facing")."""
    mode = str(state.options.get("facing", "none"))
    if mode == "none":
        return 360.0
    if mode in ("180", "90"):
        return float(mode)
    if mode == "90-in-high":
        x, y = pos if pos is not None else unit.pos
        return 90.0 if in_high_terrain(state, x, y) else 360.0
    if mode == "cliche":
        # tunnel vision by experience: 45 degrees per level of the spotting (or shooting) cliché
        return float(min(360, max(45, 45 * forces.level(forces.best_cliche(unit, forces.SPOTTING)))))
    return 360.0


def sees(state: GameState, viewer: Unit, target: Sequence[float],
         viewer_pos: Sequence[float] | None = None, facing: float | None = None) -> bool:
    """LOS and field of vision from a figure to a point."""
    return sees_many(state, [(viewer, viewer_pos, facing)], [target])[0][0]


def sees_many(state: GameState, viewers: Sequence[tuple[Unit, Any, Any]],
              targets: Sequence[Sequence[float]]) -> list[list[bool]]:
    """matrix[i][j]: viewer i (unit, position or None, facing or None) sees point j."""
    if not viewers:
        return []
    if not targets:
        return [[] for _ in viewers]
    sight = _sight(state)
    n = len(targets)
    target_ids = sight.points(targets)
    origins = [tuple(pos) if pos is not None else unit.pos for unit, pos, _ in viewers]
    origin_ids = sight.points(origins)
    all_round = str(state.options.get("facing", "none")) == "none"
    if not all_round:
        state.table.remember_points(origins)
    arcs: list[list[bool] | None] = []           # per viewer: which points lie in its field of vision
    for (unit, _, facing), p in zip(viewers, origins):
        arc = 360.0 if all_round else vision_arc(state, unit, p)
        arcs.append(None if arc >= 360.0 else in_arc_many(p, unit.facing if facing is None else facing, arc, targets))
    if len(viewers) * n <= _FEW:
        out = []
        for oid, arc_row in zip(origin_ids, arcs):
            wanted = range(n) if arc_row is None else [j for j, ok in enumerate(arc_row) if ok]
            row = [False] * n
            for j, c in zip(wanted, sight.pairs([oid] * len(wanted), [target_ids[j] for j in wanted])):
                row[j] = c
            out.append(row)
        return out
    wanted = np.ones((len(viewers), n), dtype=bool)
    for i, arc_row in enumerate(arcs):
        if arc_row is not None:
            wanted[i] = arc_row
    out = np.zeros((len(viewers), n), dtype=bool)
    rows, cols = np.nonzero(wanted)
    if len(rows):
        out[rows, cols] = sight.pairs(np.asarray(origin_ids)[rows], np.asarray(target_ids)[cols])
    return out.tolist()


# -- cover -----------------------------------------------------------------------------------------
def cover_distance(state: GameState) -> float:
    return float(state.scenario.ruleset_data.get("cover_distance", state.scenario.edge_band or 3.0))


_UNKNOWN = object()


def cover_piece(state: GameState, target: Sequence[float], attacker: Sequence[float]):
    """The piece giving cover from this attacker (inside a wood or house; behind a log or low wall)."""
    behind = cover_distance(state)
    cache = state.table.memory("risus-cover")
    raw = (float(target[0]), float(target[1]), float(attacker[0]), float(attacker[1]), behind)
    hit = cache.get(raw, _UNKNOWN)
    if hit is _UNKNOWN:
        # decided on the points rounded to 1e-6 cm: points that round alike share one answer
        key = (round(raw[0], 6), round(raw[1], 6), round(raw[2], 6), round(raw[3], 6), behind, "rounded")
        if len(cache) > _LOS_CACHE_LIMIT:
            cache.clear()
        if key not in cache:
            cache[key] = state.table.cover((key[0], key[1]), (key[2], key[3]), behind)
        hit = cache[raw] = cache[key]
    return hit


def piece_name(piece: Any) -> str:
    """'Start Field (field)', 'West Wood (wood)': the piece's name and what kind of terrain it is."""
    if piece is None:
        return "open ground"
    label = (piece.kind.label or piece.kind.name).split("(")[0].strip().lower()
    return f"{piece.name} ({label})" if piece.name else label


def cover_text(piece: Any) -> str:
    """'wood: Glebe Wood', 'low wall: Farmyard Wall'."""
    label = (piece.kind.label or piece.kind.name).split("(")[0].strip().lower()
    return f"{label}: {piece.name}" if piece.name else label


def piece_here(state: GameState, x: float, y: float):
    return state.table.piece_at(x, y)


# -- movement --------------------------------------------------------------------------------------
def _regions(state: GameState) -> dict:
    return state.table.memory("risus-regions")


def move_region(state: GameState, x: float, y: float):
    """Where a move from (x, y) may end (seed 000 "Movement"): anywhere in the figure's own terrain piece,
    or into the first part (edge band) of an adjacent piece, minus impassable terrain; with houses as
    walls a building is entered and left only through its doors and windows."""
    table = state.table
    band = float(state.scenario.edge_band) or 3.0
    walls = state.options.get("houses") == "walls"
    piece = table.piece_at(x, y)
    key = (piece.id if piece is not None else None, band, walls)
    cache = _regions(state)
    if key not in cache:
        cache[key] = _piece_region(table, piece, band, walls)
    region = cache[key]
    if piece is None:
        region = Point(x, y).buffer(band, quad_segs=8).intersection(table.bounds)
    return region


def base_of(u: Unit) -> tuple[float, float, float]:
    return (float(u.x), float(u.y), float(u.base_radius))


def standing(state: GameState, exclude: Iterable[str] = ()) -> list[Unit]:
    """The figures and markers on the table (not out of the battle), but these."""
    skip = set(exclude)
    return [u for u in state.units.values() if not u.out and u.id not in skip]


def clear_of_bases(state: GameState, region, mover: Unit, start: Sequence[float],
                   exclude: Iterable[str] = (), extra: Sequence[tuple[float, float, float]] = ()):
    """Bases may not overlap (issue 12; game.geometry.bases): the part of a move region where `mover`
    may end. Every other figure's or marker's base, grown by the mover's radius, is left out, and so is
    every destination whose straight line from `start` would cross an enemy base. `exclude`: figures
    moving with it; `extra`: bases already placed (a team's members placed before this one)."""
    others = standing(state, exclude=set(exclude) | {mover.id})
    friends = [base_of(u) for u in others if u.side == mover.side] + list(extra)
    enemies = [base_of(u) for u in others if u.side != mover.side]
    return base_geometry.clear_region(region, mover.base_radius, friends + enemies, start=start,
                                      blockers=enemies)


def _piece_region(table: Any, piece: Any, band: float, walls: bool):
    if piece is None:
        return Polygon()
    parts = [piece.polygon]
    here_building = walls and piece.kind.building
    reach = piece.polygon.buffer(band, quad_segs=8)
    if here_building:
        doors = shapely.union_all([o.buffer(band, quad_segs=8) for o in piece.openings]) if piece.openings \
            else Polygon()
        reach = reach.intersection(doors)
    for adj_id in table.adjacent(piece.id, ADJACENT_TOLERANCE):
        adj = table.by_id[adj_id]
        if adj.kind.impassable or border_length(piece, adj) < MIN_BORDER:
            continue
        first_part = adj.polygon.intersection(reach)
        if walls and adj.kind.building:
            if not adj.openings:
                continue
            doors = shapely.union_all([o.buffer(band, quad_segs=8) for o in adj.openings])
            first_part = first_part.intersection(doors)
        if not first_part.is_empty:
            parts.append(first_part)
    region = shapely.union_all(parts).intersection(table.bounds)
    if table.impassable_union is not None:
        region = region.difference(table.impassable_union)
    region = _areal(region)
    shapely.prepare(region)
    return region


def border_length(piece: Any, adj: Any) -> float:
    """How long a border two pieces share (within the adjacency tolerance): about 0 for a corner."""
    near = adj.polygon.buffer(ADJACENT_TOLERANCE, quad_segs=2)
    return float(piece.polygon.boundary.intersection(near).length) - 2 * ADJACENT_TOLERANCE


def _areal(geom):
    """Only the polygonal parts (intersections may leave slivers of lines or points)."""
    polys = [g for g in shapely.get_parts(geom) if g.geom_type in ("Polygon", "MultiPolygon") and g.area > 0]
    return shapely.union_all(polys) if polys else Polygon()


def dive_region(state: GameState, x: float, y: float, radius: float):
    """Diving for cover: anywhere within R2 of where the figure was hit, not into impassable terrain and,
    with houses as walls, not through a wall (inside a building: only that building; outside: no building)."""
    table = state.table
    disc = Point(x, y).buffer(radius, quad_segs=16).intersection(table.bounds)
    if table.impassable_union is not None:
        disc = disc.difference(table.impassable_union)
    if state.options.get("houses") == "walls" and table.buildings_union is not None:
        inside = [p for p in table.pieces_at(x, y) if p.kind.building]
        if inside:
            disc = disc.intersection(inside[-1].polygon)
        else:
            disc = disc.difference(table.buildings_union)
    region = _areal(disc)
    if region.is_empty:
        region = Point(x, y).buffer(1e-3)
    return region


def nearest_inside(region, x: float, y: float) -> tuple[float, float]:
    """The point itself if the region holds it, else the region's nearest point (a team member whose
    offset would leave the legal region is placed at its edge)."""
    p = Point(x, y)
    if region.is_empty or region.covers(p):
        return (x, y)
    from shapely.ops import nearest_points
    q = nearest_points(region, p)[0]
    return (q.x, q.y)


def path_points(start: Sequence[float], end: Sequence[float], steps: int) -> list[tuple[float, float]]:
    """Points 1..steps along the straight path (the start itself excluded, the end included)."""
    sx, sy = start
    tx, ty = end
    return [(sx + (tx - sx) * k / steps, sy + (ty - sy) * k / steps) for k in range(1, steps + 1)]


def path_steps(lengths: Iterable[float]) -> int:
    longest = max(lengths, default=0.0)
    return max(1, min(MAX_PATH_STEPS, math.ceil(longest / PATH_STEP)))


# -- the table must be tiled ------------------------------------------------------------------------
def tiling_gap(scenario: Any) -> tuple[float, tuple[float, float]] | None:
    """Uncovered table area and a point in its largest gap, or None when the pieces tile the table."""
    polys = []
    for p in scenario.pieces:
        try:
            poly = Polygon(p.polygon, holes=list(p.holes) or None)
        except (ValueError, TypeError):
            continue
        polys.append(shapely.make_valid(poly))
    table = box(0.0, 0.0, float(scenario.width), float(scenario.height))
    gap = table.difference(shapely.union_all(polys)) if polys else table
    gap = _areal(gap)
    if gap.is_empty or gap.area <= GAP_TOLERANCE:
        return None
    largest = max(shapely.get_parts(gap), key=lambda g: g.area)
    pt = largest.representative_point()
    return float(gap.area), (round(pt.x, 1), round(pt.y, 1))
