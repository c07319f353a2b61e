"""Bases may not overlap (issue 12) at battle scale (issue 13): a move region is cut only by the bases
that can reach it, and that gives exactly the region cutting by every base gives."""
import shapely
from hypothesis import given, settings, strategies as st
from shapely.geometry import box

from game.geometry import bases

_base = st.tuples(st.floats(-10, 110), st.floats(-10, 110), st.sampled_from([0.5, 1.0, 1.25, 2.5]))


@settings(max_examples=60, deadline=None)
@given(st.lists(_base, max_size=30), st.floats(20, 60), st.floats(20, 60), st.floats(2, 25),
       st.floats(0.5, 1.5), st.integers(0, 30))
def test_a_region_cut_by_the_bases_near_it_is_the_region_cut_by_every_base(others, x, y, size, radius, k):
    """'Bases may not overlap', and a move may not pass through an enemy base: leaving out the bases
    too far to reach the region changes nothing (the same geometry, vertex for vertex)."""
    region = box(x - size, y - size, x + size, y + size)
    start, blockers = (x, y), others[:k]
    got = bases._clear_region(region, radius, others, start, blockers)
    keep = bases._within_reach
    try:
        bases._within_reach = lambda box, radius, others, start, blockers: (list(others), list(blockers))
        want = bases._clear_region(region, radius, others, start, blockers)
    finally:
        bases._within_reach = keep
    assert shapely.to_wkb(got) == shapely.to_wkb(want)
    near, _ = keep(region.bounds, radius, others, start, blockers)
    assert all(not bases.grown(o, radius).intersects(region) for o in others if o not in near)


def test_a_base_moving_where_it_cannot_reach_the_region_leaves_the_kept_region_standing():
    """The cleared regions are kept per the bases that can reach the region: a figure moving far
    away (or a far enemy whose shadow cannot fall on it) asks nothing again, and the answer kept is
    the region cut afresh; a base moving near it is cut again."""
    region, radius, start = box(40, 40, 60, 60), 1.0, (50, 50)
    near, far, farther = (55.0, 50.0, 1.0), (150.0, 20.0, 1.0), (160.0, 90.0, 1.0)
    first = bases.clear_region(region, radius, [near, far], start, blockers=[far])
    again = bases.clear_region(region, radius, [near, farther], start, blockers=[farther])
    assert again is first
    assert shapely.to_wkb(again) == shapely.to_wkb(bases._clear_region(region, radius, [near, farther], start,
                                                                     [farther]))
    moved = (45.0, 50.0, 1.0)
    other = bases.clear_region(region, radius, [moved, farther], start, blockers=[farther])
    assert other is not first
    assert shapely.to_wkb(other) == shapely.to_wkb(bases._clear_region(region, radius, [moved, farther], start,
                                                                     [farther]))
