"""Line of sight, after Risus Skirmish "Line of Sight" (seeds/000_4bdd83b9ae5dca2c.txt).

The rules, as implemented (one segment from the centre of figure A to the centre of figure B):

1. Only high terrain blocks ("LOS is only blocked by high terrain types like fields with high crops, woods,
   houses"). A building is high terrain when ``LosRules.houses == "high"``; when it is ``"walls"`` a building
   does not block as an area, only its wall lines do (the walls already exclude doors and windows, so "fire can
   only enter and exit the building through holes in its walls").
2. Same piece: "If combatants are in the same terrain element, even though it may be high terrain, they have
   LOS". When both points lie in one high piece (boundary included) the answer is clear, whatever else lies
   between (``same_piece_sees``). Split big woods into several pieces to limit this. In houses="walls" mode
   a building is not a high piece: figures in one house see each other unless a wall line lies between them.
3. "Being behind a high terrain type blocks LOS": a high piece containing neither end point blocks when the
   segment passes through its interior (a stretch of positive length; grazing a corner or running along an
   edge does not block).
4. "Being inside a high terrain type, away from its edges, blocks LOS. Being just inside a high terrain type at
   its edge does not block LOS": for a high piece containing end point A, if A lies in the piece's core (farther
   than ``edge_depth`` from its boundary) the piece blocks. If A lies in the edge band, the stretch of the
   segment from A until it first leaves the piece is ignored provided it stays in the edge band (if it passes
   into the core, the piece blocks); any further stretch of the segment inside that piece blocks. The same for
   B. Band and core are defined by one polygon, ``terrain.piece_core``.

``LosResult.blocker`` names the blocking piece nearest to A (least ``shapely.distance`` from A; on a tie the
one listed last, i.e. drawn on top) so the UI can light it. ``distance`` is centre to centre.

All decisions are taken on the segment with its end points in a canonical order (lexicographic), so LOS is
exactly symmetric. ``LosIndex.los`` is the readable per-pair statement of the rules; ``LosIndex.pairs`` gives
the same answers for many pairs at once (design 5: prepared geometries, STRtree queries in bulk, vectorized
shapely 2 and numpy, with numpy disc tests deciding the clear-cut cases); only a pair with an end point in the
edge band of a non-convex piece that the segment meets in several parts falls back to the per-pair analysis.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import shapely
from shapely import STRtree
from shapely.geometry import LineString, Point

from .terrain import Piece, TerrainKind, is_convex, piece_core, walls_from_outline

OUT, BAND, CORE = 0, 1, 2  # where an end point lies relative to one high piece
_T_EPS = 1e-9  # parameter tolerance when merging stretches along a segment
_MARGIN = 1e-6  # cm: safety margin of the numpy disc tests, far above float error, far below any table detail
_INTERIORS_MEET = "T********"  # DE-9IM: the interiors of the two geometries intersect


@dataclass(frozen=True)
class LosRules:
    """Rule hooks for LOS (Risus "Line of Sight").

    edge_depth: cm, depth of the "just inside, at its edge" band of high terrain.
    same_piece_sees: two figures in the same high piece always see each other.
    houses: "high" (buildings block like high terrain) or "walls" (only their wall lines, minus openings, block).
    """

    edge_depth: float = 3.0
    same_piece_sees: bool = True
    houses: str = "high"

    def __post_init__(self):
        if self.houses not in ("high", "walls"):
            raise ValueError(f"LosRules.houses must be 'high' or 'walls', got {self.houses!r}")
        if not self.edge_depth >= 0:
            raise ValueError(f"LosRules.edge_depth must be >= 0, got {self.edge_depth!r}")


@dataclass(frozen=True)
class LosResult:
    clear: bool
    blocker: str | None
    distance: float


@dataclass(frozen=True, eq=False)
class LosRow:
    """LOS from one figure to every figure: clear (N,) bool, blocker id or None per figure, distances (N,)."""

    origin: int
    clear: np.ndarray
    blockers: tuple[str | None, ...]
    distances: np.ndarray


def blocks_as_area(kind: TerrainKind, rules: LosRules) -> bool:
    """Rule 1: high terrain blocks; a building is high terrain only in houses="high" mode."""
    if kind.building:
        return rules.houses == "high"
    return kind.high


def _canonical(a, b):
    """End points in lexicographic order, so (A, B) and (B, A) are decided on the very same segment."""
    return (a, b, False) if (a[0], a[1]) <= (b[0], b[1]) else (b, a, True)


class _Segments:
    """Numpy view of the segments p0-p1 for disc tests (squared distances from disc centres)."""

    def __init__(self, p0: np.ndarray, p1: np.ndarray):
        self.x0, self.y0 = p0[:, 0], p0[:, 1]
        self.dx, self.dy = p1[:, 0] - p0[:, 0], p1[:, 1] - p0[:, 1]
        self.dd = self.dx * self.dx + self.dy * self.dy  # > 0: pairs of equal points never get here

    def dist2(self, m: np.ndarray, c: np.ndarray) -> np.ndarray:
        """Squared distance from centre c[j] to segment m[j]."""
        x0, y0, dx, dy = self.x0[m], self.y0[m], self.dx[m], self.dy[m]
        ex, ey = c[:, 0] - x0, c[:, 1] - y0
        t = np.clip((ex * dx + ey * dy) / self.dd[m], 0.0, 1.0)
        ex -= t * dx
        ey -= t * dy
        return ex * ex + ey * ey


def _enters_core(line, core) -> bool:
    """Rule 4: does this stretch pass into the core (the interiors meet; touching the core's edge is allowed)?"""
    return bool(shapely.intersects(core, line)) and bool(shapely.relate_pattern(core, line, _INTERIORS_MEET))


def _sub(seg: LineString, t0: float, t1: float):
    """The part of the segment between normalized parameters t0 and t1 (a point if they coincide)."""
    if t1 - t0 <= _T_EPS:
        return seg.interpolate(t0, normalized=True)
    return LineString([seg.interpolate(t0, normalized=True).coords[0], seg.interpolate(t1, normalized=True).coords[0]])


def _stretches(seg: LineString, inter) -> list[tuple[float, float]]:
    """The separate stretches of the segment inside a piece, as sorted, merged parameter intervals."""
    spans = []
    for part in shapely.get_parts(inter):
        if part.is_empty:
            continue
        t = shapely.line_locate_point(seg, shapely.points(shapely.get_coordinates(part)), normalized=True)
        spans.append((float(t.min()), float(t.max())))
    spans.sort()
    merged: list[list[float]] = []
    for t0, t1 in spans:
        if merged and t0 <= merged[-1][1] + _T_EPS:
            merged[-1][1] = max(merged[-1][1], t1)
        else:
            merged.append([t0, t1])
    return [(a, b) for a, b in merged]


def _stretch_analysis(seg, poly, core, inter, in0: bool, in1: bool) -> bool:
    """Rule 4 in full for a non-convex piece the segment meets in several parts.

    The stretch from an end point in the edge band must not pass into the core; any other stretch that enters
    the piece's interior blocks.
    """
    spans = _stretches(seg, inter)
    first = 0 if (in0 and spans and spans[0][0] <= _T_EPS) else None
    last = len(spans) - 1 if (in1 and spans and spans[-1][1] >= 1 - _T_EPS) else None
    for i, (t0, t1) in enumerate(spans):
        if i == first or i == last:
            stretch = _sub(seg, 0.0 if i == first else t0, 1.0 if i == last else t1)
            if _enters_core(stretch, core):
                return True
        elif t1 - t0 > _T_EPS and shapely.relate_pattern(poly, _sub(seg, t0, t1), _INTERIORS_MEET):
            return True
    return False


class LosIndex:
    """The high pieces and walls of a table under one set of LosRules, prepared once (design 5).

    Predicates are always called with the prepared terrain geometry first (shapely uses the first argument's
    prepared form), the same way in the per-pair and the bulk code.
    """

    def __init__(self, pieces: Sequence[Piece], rules: LosRules):
        self.rules = rules
        self.ids = [p.id for p in pieces]
        self.area = np.array([i for i, p in enumerate(pieces) if blocks_as_area(p.kind, rules)], dtype=np.intp)
        self.geoms = np.array([pieces[i].polygon for i in self.area], dtype=object)
        self.cores = np.array([piece_core(g, rules.edge_depth) for g in self.geoms], dtype=object)
        self.convex = np.array([is_convex(g) for g in self.geoms], dtype=bool)
        shapely.prepare(self.geoms)
        shapely.prepare(self.cores)
        self.tree = STRtree(self.geoms)
        walls, owners = [], []
        if rules.houses == "walls":
            for i, p in enumerate(pieces):
                if p.kind.building:
                    lines = p.walls or walls_from_outline(p.polygon, p.openings)
                    walls.extend(lines)
                    owners.extend([i] * len(lines))
        self.walls = np.array(walls, dtype=object)
        self.wall_owner = np.array(owners, dtype=np.intp)
        shapely.prepare(self.walls)
        self.wall_tree = STRtree(self.walls)
        self.centre, self.in_r2, self.out_r2 = _discs(self.geoms, inner=True)
        self.wall_centre, _, self.wall_r2 = _discs(self.walls, inner=False)

    # ---- where a point is -------------------------------------------------------------------------------------

    def status_at(self, pt: Point) -> dict[int, int]:
        """High pieces (local index) containing the point, boundary included, each with BAND or CORE."""
        ks = self.tree.query(pt, predicate="intersects")
        return {int(k): (CORE if self.cores[k].contains(pt) else BAND) for k in ks}

    def _status_matrix(self, pts: np.ndarray) -> np.ndarray:
        """(N, K) int8: OUT, BAND or CORE of every point in every high piece, the same tests as status_at."""
        status = np.zeros((len(pts), len(self.geoms)), dtype=np.int8)
        pi, ks = self.tree.query(pts, predicate="intersects")
        if len(ks):
            status[pi, ks] = np.where(shapely.contains(self.cores[ks], pts[pi]), CORE, BAND)
        return status

    # ---- one pair ---------------------------------------------------------------------------------------------

    def endpoint_piece_blocks(self, seg: LineString, k: int, s0: int, s1: int) -> bool:
        """Rule 4 for a high piece containing an end point of the (canonical) segment; s0/s1 its statuses."""
        if s0 == CORE or s1 == CORE:
            return True
        core = self.cores[k]
        if self.convex[k]:
            # A convex piece meets the segment in one stretch: it blocks iff that stretch enters the core.
            return _enters_core(seg, core)
        inter = shapely.intersection(self.geoms[k], seg)
        if shapely.get_num_geometries(inter) == 1:
            return _enters_core(seg, core)
        return _stretch_analysis(seg, self.geoms[k], core, inter, s0 != OUT, s1 != OUT)

    def los(self, a, b) -> LosResult:
        """LOS from A to B under the rules in the module docstring."""
        a = (float(a[0]), float(a[1]))
        b = (float(b[0]), float(b[1]))
        dist = math.hypot(b[0] - a[0], b[1] - a[1])
        if a == b:
            return LosResult(True, None, 0.0)
        pa, pb = Point(a), Point(b)
        ma, mb = self.status_at(pa), self.status_at(pb)
        if self.rules.same_piece_sees and ma.keys() & mb.keys():
            return LosResult(True, None, dist)  # rule 2
        p0, p1, swapped = _canonical(a, b)
        m0, m1 = (mb, ma) if swapped else (ma, mb)
        seg = LineString([p0, p1])
        found = []  # (distance from A, -piece index, piece index)
        for k in self.tree.query(seg):
            s0, s1 = m0.get(int(k), OUT), m1.get(int(k), OUT)
            if s0 == OUT and s1 == OUT:
                blocks = bool(shapely.crosses(self.geoms[k], seg))  # rule 3
            else:
                blocks = self.endpoint_piece_blocks(seg, int(k), s0, s1)  # rule 4
            if blocks:
                i = int(self.area[k])
                found.append((float(shapely.distance(pa, self.geoms[k])), -i, i))
        for w in self.wall_tree.query(seg):  # rule 1, houses="walls": a wall line the segment meets
            if shapely.intersects(self.walls[w], seg):
                i = int(self.wall_owner[w])
                found.append((float(shapely.distance(pa, self.walls[w])), -i, i))
        if not found:
            return LosResult(True, None, dist)
        return LosResult(False, self.ids[min(found)[2]], dist)

    # ---- many pairs -------------------------------------------------------------------------------------------

    def pairs(self, coords: np.ndarray, first: np.ndarray, second: np.ndarray, want_blockers: bool = False):
        """LOS for the pairs (coords[first[m]], coords[second[m]]): exactly ``los`` pair by pair, in bulk.

        Returns (clear (M,) bool, blocker piece index (M,) or -1); a blocker is the one nearest to the ``first``
        point, and only computed when asked for.
        """
        coords = np.asarray(coords, dtype=float).reshape(-1, 2)
        first = np.asarray(first, dtype=np.intp)
        second = np.asarray(second, dtype=np.intp)
        clear = np.ones(len(first), dtype=bool)
        blocker = np.full(len(first), -1, dtype=np.intp)
        if len(first) == 0:
            return clear, blocker
        pts = shapely.points(coords)
        status = self._status_matrix(pts)
        active = np.any(coords[first] != coords[second], axis=1)  # a figure sees its own spot
        if self.rules.same_piece_sees and status.any():
            active &= ~_share_a_piece(status > 0, first, second)  # rule 2
        act = np.nonzero(active)[0]
        if len(act) == 0:
            return clear, blocker
        fa, fb = first[act], second[act]
        a, b = coords[fa], coords[fb]
        swap = (a[:, 0] > b[:, 0]) | ((a[:, 0] == b[:, 0]) & (a[:, 1] > b[:, 1]))
        i0, i1 = np.where(swap, fb, fa), np.where(swap, fa, fb)
        p0, p1 = coords[i0], coords[i1]
        segs = shapely.linestrings(np.stack([p0, p1], axis=1))

        sg = _Segments(p0, p1)

        # High pieces whose box meets the segment's box, minus those surely missed (outside the outer disc; a
        # piece containing an end point is never outside it).
        cm, ck = self.tree.query(segs)
        d2 = sg.dist2(cm, self.centre[ck])
        keep = d2 <= self.out_r2[ck]
        cm, ck, d2 = cm[keep], ck[keep], d2[keep]
        s0, s1 = status[i0[cm], ck], status[i1[cm], ck]
        neither = (s0 == OUT) & (s1 == OUT)
        # Known answers: the inner disc is crossed (rule 3) or an end point lies in the core (rule 4).
        sure = (neither & (d2 < self.in_r2[ck])) | (s0 == CORE) | (s1 == CORE)
        # Walls (rule 1, houses="walls") near the segment.
        wm, ww = self.wall_tree.query(segs)
        near = sg.dist2(wm, self.wall_centre[ww]) <= self.wall_r2[ww]
        wm, ww = wm[near], ww[near]

        if not want_blockers:
            blocked = np.zeros(len(act), dtype=bool)
            blocked[cm[sure]] = True
            w = np.nonzero(~blocked[wm])[0]
            blocked[wm[w[shapely.intersects(self.walls[ww[w]], segs[wm[w]])]]] = True
            todo = np.nonzero(~blocked[cm])[0]
            verdict = self._decide(segs, cm[todo], ck[todo], s0[todo], s1[todo], neither[todo], blocked)
            blocked[cm[todo[verdict]]] = True
            clear[act] = ~blocked
            return clear, blocker

        # With blockers: per pair, the first blocking piece in order of distance from the ``first`` point.
        hit_w = shapely.intersects(self.walls[ww], segs[wm]) if len(wm) else np.zeros(0, bool)
        wm, ww = wm[hit_w], ww[hit_w]
        cand_m = np.concatenate([cm, wm])
        cand_piece = np.concatenate([self.area[ck], self.wall_owner[ww]])
        cand_d = np.concatenate([_distances(pts, fa[cm], self.geoms, ck),
                                 _distances(pts, fa[wm], self.walls, ww)])
        known = np.concatenate([sure, np.ones(len(wm), bool)])
        order = np.lexsort((-cand_piece, cand_d, cand_m))
        om, oknown = cand_m[order], known[order]
        # Pieces after a known blocker of the same pair cannot change the answer; decide those before it.
        first_known = np.full(len(act), len(order), dtype=np.int64)
        np.minimum.at(first_known, om[oknown], np.nonzero(oknown)[0])
        need = ~oknown & (np.arange(len(order)) < first_known[om])
        nk = order[need]  # all are pieces: walls are always known
        verdict = self._decide(segs, cm[nk], ck[nk], s0[nk], s1[nk], neither[nk])
        blocks = oknown.copy()
        blocks[np.nonzero(need)[0][verdict]] = True
        hit = np.nonzero(blocks)[0]
        hm, first_hit = np.unique(om[hit], return_index=True)
        clear[act[hm]] = False
        blocker[act[hm]] = cand_piece[order[hit[first_hit]]]
        return clear, blocker

    def _decide(self, segs, cm, ck, s0, s1, neither, blocked=None) -> np.ndarray:
        """Exact verdicts (rules 3 and 4) for candidate (segment, high piece) pairs, vectorized where possible.

        ``blocked`` (optional) marks pairs already known blocked; their rule-4 candidates are skipped as they
        cannot change the answer (only when the blocker itself is not wanted).
        """
        verdict = np.zeros(len(cm), dtype=bool)
        if len(cm) == 0:
            return verdict
        # Rule 3: pieces containing neither end point.
        idx = np.nonzero(neither)[0]
        if len(idx):
            verdict[idx] = shapely.crosses(self.geoms[ck[idx]], segs[cm[idx]])
            if blocked is not None:
                blocked = blocked.copy()
                blocked[cm[idx[verdict[idx]]]] = True
        # Rule 4, convex pieces and single stretches: does the segment enter the core?
        rest = ~neither if blocked is None else ~neither & ~blocked[cm]
        idx = np.nonzero(rest)[0]
        if len(idx) == 0:
            return verdict
        conv = self.convex[ck[idx]]
        single = np.ones(len(idx), dtype=bool)
        nc = idx[~conv]
        inters = None
        if len(nc):
            inters = shapely.intersection(self.geoms[ck[nc]], segs[cm[nc]])
            single[~conv] = shapely.get_num_geometries(inters) == 1
        easy = idx[single]
        if len(easy):
            g, c = segs[cm[easy]], self.cores[ck[easy]]
            touch = shapely.intersects(c, g)
            enter = np.zeros(len(easy), dtype=bool)
            enter[touch] = shapely.relate_pattern(c[touch], g[touch], _INTERIORS_MEET)
            verdict[easy] = enter
        # Several stretches in a non-convex piece: the per-pair analysis.
        if inters is not None:
            for j in np.nonzero(~single[~conv])[0]:
                n = nc[j]
                verdict[n] = _stretch_analysis(segs[cm[n]], self.geoms[ck[n]], self.cores[ck[n]], inters[j],
                                               s0[n] != OUT, s1[n] != OUT)
        return verdict

    def matrix(self, coords: np.ndarray) -> np.ndarray:
        """N x N LOS booleans, symmetric, diagonal True; exactly ``los`` pair by pair."""
        coords = np.asarray(coords, dtype=float).reshape(-1, 2)
        n = len(coords)
        out = np.ones((n, n), dtype=bool)
        i, j = np.triu_indices(n, 1)
        clear, _ = self.pairs(coords, i, j)
        out[i, j] = clear
        out[j, i] = clear
        return out

    def row(self, origin: int, coords: np.ndarray) -> LosRow:
        """LOS from figure ``origin`` to every figure, with the blocking piece nearest the origin."""
        coords = np.asarray(coords, dtype=float).reshape(-1, 2)
        n = len(coords)
        others = np.delete(np.arange(n, dtype=np.intp), origin)
        clear, blk = self.pairs(coords, np.full(len(others), origin, dtype=np.intp), others, want_blockers=True)
        row_clear = np.ones(n, dtype=bool)
        row_clear[others] = clear
        blockers: list[str | None] = [None] * n
        for j, b in zip(others.tolist(), blk.tolist()):
            blockers[j] = self.ids[b] if b >= 0 else None
        d = np.hypot(*(coords - coords[origin]).T)
        return LosRow(origin, row_clear, tuple(blockers), d)


def _discs(geoms: np.ndarray, inner: bool):
    """Per geometry a centre and squared inner and outer radii, shrunk/grown by a safety margin.

    A segment with both end points outside a piece that passes within the inner disc surely crosses the piece's
    interior; one that stays out of the outer disc surely misses it. Only the rest need shapely.
    """
    k = len(geoms)
    centre, in_r, out_r = np.zeros((k, 2)), np.full(k, -1.0), np.zeros(k)
    for j, g in enumerate(geoms):
        xy = shapely.get_coordinates(g)
        centre[j] = (xy.min(axis=0) + xy.max(axis=0)) / 2
        if inner:
            c = shapely.get_point(shapely.maximum_inscribed_circle(g), 0)
            if shapely.contains(g, c):
                centre[j] = shapely.get_coordinates(c)[0]
                in_r[j] = float(shapely.distance(c, g.boundary)) * (1 - 1e-9) - _MARGIN
        out_r[j] = np.hypot(*(xy - centre[j]).T).max() * (1 + 1e-9) + _MARGIN
    return centre, np.where(in_r > 0, in_r * in_r, -1.0), out_r * out_r


def _share_a_piece(member: np.ndarray, first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Rule 2: do the two points of each pair lie in one and the same high piece? member: (N, K) bool."""
    used = member.any(axis=0)
    member = member[:, used]
    busy = member.any(axis=1)
    maybe = np.nonzero(busy[first] & busy[second])[0]
    shared = np.zeros(len(first), dtype=bool)
    if len(maybe):
        shared[maybe] = (member[first[maybe]] & member[second[maybe]]).any(axis=1)
    return shared


def _distances(pts: np.ndarray, pi: np.ndarray, geoms: np.ndarray, ks: np.ndarray) -> np.ndarray:
    """shapely.distance(point, geometry) per (point, geometry) pair, each distinct pair computed once."""
    if len(pi) == 0:
        return np.zeros(0)
    kk = max(len(geoms), 1)
    uniq, inv = np.unique(pi.astype(np.int64) * kk + ks, return_inverse=True)
    return shapely.distance(pts[uniq // kk], geoms[uniq % kk])[inv]
