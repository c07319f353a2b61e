"""Risus Skirmish: the remembered answers for sight and cover are the answers the rules give when asked
afresh (issue 13: the battle-scale AI reuses them; they must never change a decision).

Checked on the bundled farm assault (high crops, woods, a farmhouse, low walls; facing "90-in-high"),
with points drawn anywhere on the table, some of them repeated or a hair apart so the memory is hit.
"""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import Point

import game.rulesets.risus_skirmish as _risus  # noqa: F401  (registers the ruleset)
from game.ai import tournament
from game.engine import game as engine
from game.geometry import effects
from game.geometry.sectors import in_arc
from game.rulesets.risus_skirmish import terrain

STATE = engine.new_game(tournament.load("risus-farm-assault"), seed=1)
W, H = STATE.scenario.width, STATE.scenario.height
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _point():
    x = st.floats(0, W, allow_nan=False)
    y = st.floats(0, H, allow_nan=False)
    return st.tuples(x, y)


def _points(n: int):
    """Points with repeats and near-repeats (1e-8 cm apart: the same point once rounded)."""
    base = st.lists(_point(), min_size=1, max_size=n)
    return base.flatmap(lambda pts: st.lists(
        st.sampled_from(pts).flatmap(lambda p: st.sampled_from([p, (p[0] + 1e-8, p[1]), (p[0], p[1] - 1e-8)])),
        min_size=1, max_size=2 * n).map(lambda more: pts + more))


def _r(p):
    return (round(float(p[0]), 6), round(float(p[1]), 6))


def _los_afresh(a, b) -> bool:
    """'LOS is only blocked by high terrain types': the table's own per-pair statement of the rules,
    on the points as the answers are decided (to 1e-6 cm)."""
    a, b = sorted([_r(a), _r(b)])
    return STATE.table.los_index(terrain.los_rules(STATE)).los(a, b).clear


def _pieces_afresh(x, y):
    return sorted(int(i) for i in STATE.table.tree.query(Point(x, y), predicate="intersects"))


@FEW
@given(_points(8), _points(8))
def test_line_of_sight_remembered_is_line_of_sight_decided_afresh(ours, theirs):
    """'LOS is only blocked by high terrain types like fields with high crops, woods, houses': the
    bulk answers (asked twice, in two orders) equal the per-pair rules."""
    pairs = [(a, b) for a in ours for b in theirs]
    first = terrain.clear_pairs(STATE, pairs)
    again = terrain.clear_pairs(STATE, pairs[::-1])[::-1]
    assert first == again == [_los_afresh(a, b) for a, b in pairs]


@FEW
@given(_points(5), _points(6), st.floats(0, 359.9), st.booleans())
def test_sight_with_a_field_of_vision_remembered_is_decided_afresh(origins, targets, facing, own_spot):
    """'Facing' (90 degrees in high terrain, all round elsewhere) and LOS: sees_many equals in_arc and
    the per-pair rules for every viewer and point."""
    unit = next(iter(STATE.units.values()))
    viewers = [(unit, p if not own_spot or i else None, facing) for i, p in enumerate(origins)]
    seen = terrain.sees_many(STATE, viewers, targets)
    for (u, pos, f), row in zip(viewers, seen):
        p = tuple(pos) if pos is not None else u.pos
        high = any(STATE.table.pieces[i].kind.high or STATE.table.pieces[i].kind.building
                   for i in _pieces_afresh(*p))
        arc = 90.0 if high else 360.0
        assert row == [in_arc(p, f, arc, t) and _los_afresh(p, t) for t in targets]


@FEW
@given(_points(6), _points(6))
def test_cover_remembered_is_cover_decided_afresh(targets, attackers):
    """'A combatant has cover if he is inside a terrain type that provides cover ... or if he is behind
    an object that provides cover like a log or low wall': cover_piece equals the table's rule asked
    afresh on the points as the answers are decided (to 1e-6 cm)."""
    behind = terrain.cover_distance(STATE)
    for t in targets:
        for a in attackers:
            got = terrain.cover_piece(STATE, t, a)
            want = effects.cover(STATE.table, _r(t), _r(a), behind)
            assert (got.id if got else None) == (want.id if want else None)


@FEW
@given(_points(10))
def test_terrain_at_points_looked_up_in_bulk_is_the_terrain_there(pts):
    """'Being inside a high terrain type' starts from which pieces hold the point: the bulk look-up
    (remember_points) gives pieces_at's answer, every piece containing the point, bottom first."""
    STATE.table._at.clear()
    STATE.table.remember_points(pts)
    for x, y in pts:
        assert [p.id for p in STATE.table.pieces_at(x, y)] == [STATE.table.pieces[i].id for i in _pieces_afresh(x, y)]


def test_a_full_memory_starts_afresh_with_the_same_answers(monkeypatch):
    """The memory is bounded: past its limit it starts afresh, and the answers stay those of the rules
    ('LOS is only blocked by high terrain types')."""
    monkeypatch.setattr(terrain, "_LOS_CACHE_LIMIT", 5)
    pts = [(W * k / 13, H * ((k * 7) % 13) / 13) for k in range(13)]
    pairs = [(a, b) for a in pts[:6] for b in pts[6:]]
    for _ in range(2):
        assert terrain.clear_pairs(STATE, pairs) == [_los_afresh(a, b) for a, b in pairs]
