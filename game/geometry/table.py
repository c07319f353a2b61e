"""The table: its size in cm and its terrain pieces, prepared once for the queries the rulesets share (design 5).

Coordinates: x to the right, y down, both in [0, width] x [0, height]. Pieces listed later lie on top.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import Point, box

from . import effects
from .los import LosIndex, LosResult, LosRow, LosRules
from .terrain import Piece, piece_core

__all__ = ["Table", "LosRules", "LosResult", "LosRow"]

_DEFAULT_RULES = LosRules()


_POINT_CACHE = 100_000          # points remembered per table before starting afresh
_NONE = object()


class Table:
    """A table of width x height cm with its terrain pieces; geometries are prepared and indexed once here."""

    kind = "table"                  # the board kind (design §3): a cm table, as opposed to a hex map

    def __init__(self, width: float, height: float, pieces: Sequence[Piece]):
        if not (width > 0 and height > 0):
            raise ValueError(f"table size must be positive, got {width} x {height}")
        self.width = float(width)
        self.height = float(height)
        self.pieces: tuple[Piece, ...] = tuple(pieces)
        self.by_id: dict[str, Piece] = {}
        for p in self.pieces:
            if p.id in self.by_id:
                raise ValueError(f"duplicate terrain piece id {p.id!r}")
            if p.polygon.is_empty or not p.polygon.is_valid:
                raise ValueError(f"terrain piece {p.id!r}: invalid polygon ({shapely.is_valid_reason(p.polygon)})")
            self.by_id[p.id] = p
        self._index = {p.id: i for i, p in enumerate(self.pieces)}
        self.bounds = box(0.0, 0.0, self.width, self.height)
        self.geoms = np.array([p.polygon for p in self.pieces], dtype=object)
        shapely.prepare(self.geoms)
        self.tree = STRtree(self.geoms)  # "which piece is here", "which pieces lie along this line"
        self.rough_union = self._union(lambda k: k.rough)
        self.impassable_union = self._union(lambda k: k.impassable)
        self.buildings_union = self._union(lambda k: k.building)
        self._los: dict[LosRules, LosIndex] = {}
        self._adjacent: dict[tuple[str, float], list[str]] = {}
        self._cores: dict[tuple[str, float], object] = {}
        self._open = None
        self._at: dict[tuple[float, float], tuple[int, ...]] = {}          # pieces_at, per point
        self._shelter: dict[tuple[float, float, float], bool] = {}        # near_shelter, per point
        self._answers: dict[tuple, Any] = {}       # los, cover, rooms and movement_reach, per question (the table never changes)
        self._memories: dict[str, dict] = {}       # a ruleset's own answers about this table (memory)

    def memory(self, name: str) -> dict:
        """A ruleset's own store of answers about this table, by name, kept as long as the table (the
        table never changes, so an answer about its terrain stays true)."""
        found = self._memories.get(name)
        if found is None:
            found = self._memories[name] = {}
        return found

    def _union(self, want):
        geoms = [p.polygon for p in self.pieces if want(p.kind)]
        if not geoms:
            return None
        u = shapely.union_all(geoms)
        shapely.prepare(u)
        return u

    # ---- terrain at a point -----------------------------------------------------------------------------------

    def pieces_at(self, x: float, y: float) -> list[Piece]:
        """Every piece containing the point (boundary counts), bottom first (remembered per point: the
        AI asks about the same spots many times)."""
        key = (float(x), float(y))
        idx = self._at.get(key)
        if idx is None:
            if len(self._at) > _POINT_CACHE:
                self._at.clear()
            idx = self._at[key] = tuple(np.sort(self.tree.query(Point(x, y), predicate="intersects")).tolist())
        return [self.pieces[i] for i in idx]

    def remember_points(self, points: Sequence[Sequence[float]]) -> None:
        """Look up the pieces at many points in one spatial query, for pieces_at to answer from memory
        (the same answers: every piece containing the point, boundary counts)."""
        new = list(dict.fromkeys(k for k in ((float(p[0]), float(p[1])) for p in points) if k not in self._at))
        if not new:
            return
        if len(self._at) + len(new) > _POINT_CACHE:
            self._at.clear()
        at: dict[int, list[int]] = {i: [] for i in range(len(new))}
        pi, ks = self.tree.query(shapely.points(np.asarray(new, dtype=float)), predicate="intersects")
        for i, k in zip(pi.tolist(), ks.tolist()):
            at[i].append(k)
        for i, key in enumerate(new):
            self._at[key] = tuple(sorted(at[i]))

    def near_shelter(self, x: float, y: float, distance: float) -> bool:
        """Is a linear obstacle or cover piece within `distance` cm of the point (a little more, never
        less)? When none is, nothing can give cover from behind there (effects.cover)."""
        key = (float(x), float(y), float(distance))
        hit = self._shelter.get(key)
        if hit is None:
            if len(self._shelter) > _POINT_CACHE:
                self._shelter.clear()
            near = self.tree.query(Point(x, y), predicate="dwithin", distance=distance + 1e-6)
            hit = self._shelter[key] = any(self.pieces[i].kind.linear_obstacle or self.pieces[i].kind.cover
                                           for i in near.tolist())
        return hit

    def piece_at(self, x: float, y: float) -> Piece | None:
        """The topmost (last listed) piece containing the point (boundary counts); None on open ground."""
        idx = self.tree.query(Point(x, y), predicate="intersects")
        return self.pieces[int(idx.max())] if len(idx) else None

    def open_ground(self):
        """The table minus all pieces (design 5: "Open ground is the table minus all pieces")."""
        if self._open is None:
            self._open = self.bounds.difference(shapely.union_all(self.geoms)) if len(self.geoms) else self.bounds
        return self._open

    def adjacent(self, piece_id: str, tolerance: float = 0.5) -> list[str]:
        """Pieces touching this one or within tolerance cm of it, in table order (Risus "Movement": a move goes
        "from one terrain type into the first part of an adjacent terrain type")."""
        key = (piece_id, float(tolerance))
        if key not in self._adjacent:
            i = self._index[piece_id]
            found = self.tree.query(self.geoms[i], predicate="dwithin", distance=tolerance)
            self._adjacent[key] = [self.pieces[j].id for j in np.sort(found) if j != i]
        return list(self._adjacent[key])

    def _core(self, piece_id: str, depth: float):
        key = (piece_id, float(depth))
        if key not in self._cores:
            core = piece_core(self.by_id[piece_id].polygon, depth)
            shapely.prepare(core)
            self._cores[key] = core
        return self._cores[key]

    def edge_band(self, piece_id: str, depth: float):
        """The part of the piece within ``depth`` of its boundary: Risus "just inside a high terrain type at its
        edge" (see terrain.piece_core)."""
        return self.by_id[piece_id].polygon.difference(self._core(piece_id, depth))

    def in_edge_band(self, piece_id: str, x: float, y: float, depth: float) -> bool:
        pt = Point(x, y)
        return bool(self.by_id[piece_id].polygon.intersects(pt)) and not self._core(piece_id, depth).contains(pt)

    # ---- line of sight ----------------------------------------------------------------------------------------

    def los_index(self, rules: LosRules = _DEFAULT_RULES) -> LosIndex:
        """The prepared high pieces and walls for these rules (built once per rules, then cached)."""
        if rules not in self._los:
            self._los[rules] = LosIndex(self.pieces, rules)
        return self._los[rules]

    def remember(self, key: tuple, answer: Callable[[], Any]) -> Any:
        """The answer to a question asked before (rules look again and again at the same spots, above
        all in the AI's look-ahead); a full memory starts afresh."""
        hit = self._answers.get(key, _NONE)
        if hit is _NONE:
            if len(self._answers) > _POINT_CACHE:
                self._answers.clear()
            hit = self._answers[key] = answer()
        return hit

    def los(self, a, b, rules: LosRules = _DEFAULT_RULES) -> LosResult:
        """LOS between two points (figure centres); rules in game.geometry.los."""
        key = ("los", rules, float(a[0]), float(a[1]), float(b[0]), float(b[1]))
        return self.remember(key, lambda: self.los_index(rules).los(a, b))

    def los_row(self, origin_index: int, points, rules: LosRules = _DEFAULT_RULES) -> LosRow:
        """LOS from points[origin_index] to every point, identical to ``los`` pair by pair."""
        return self.los_index(rules).row(origin_index, points)

    def los_matrix(self, points, rules: LosRules = _DEFAULT_RULES) -> np.ndarray:
        """(N, N) bool, symmetric, diagonal True, identical to ``los`` pair by pair."""
        return self.los_index(rules).matrix(points)

    # ---- cover, blasts, movement ------------------------------------------------------------------------------

    def cover(self, target, attacker, behind_distance: float = 3.0) -> Piece | None:
        key = ("cover", float(target[0]), float(target[1]), float(attacker[0]), float(attacker[1]),
               float(behind_distance))
        return self.remember(key, lambda: effects.cover(self, target, attacker, behind_distance))

    cover.__doc__ = effects.cover.__doc__

    def room_at(self, x: float, y: float):
        return self.remember(("room", float(x), float(y)), lambda: effects.room_at(self, x, y))

    room_at.__doc__ = effects.room_at.__doc__

    def blast_area(self, centre, radius: float, shield_buildings: bool = True):
        return effects.blast_area(self, centre, radius, shield_buildings)

    blast_area.__doc__ = effects.blast_area.__doc__

    def blast(self, centre, radius: float, points, shield_buildings: bool = True) -> np.ndarray:
        return effects.blast(self, centre, radius, points, shield_buildings)

    blast.__doc__ = effects.blast.__doc__

    def movement_reach(self, start, budget_open: float, budget_rough: float):
        key = ("reach", float(start[0]), float(start[1]), float(budget_open), float(budget_rough))
        return self.remember(key, lambda: effects.movement_reach(self, start, budget_open, budget_rough))

    movement_reach.__doc__ = effects.movement_reach.__doc__
