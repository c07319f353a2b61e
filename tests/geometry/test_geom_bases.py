"""Bases may not overlap (issue 12): the shared geometry of game.geometry.bases."""
import math

from hypothesis import given, settings, strategies as st
from shapely.geometry import Point, box

from game.geometry import bases


def test_touching_bases_do_not_overlap_closer_ones_do():
    assert not bases.overlaps(0, 0, 1.0, (2.0, 0, 1.0))           # base contact
    assert bases.overlaps(0, 0, 1.0, (1.9, 0, 1.0))
    assert not bases.overlaps(0, 0, 1.0, (1.9995, 0, 1.0))        # within the rounding tolerance
    assert bases.overlapping(0, 0, 1.0, [(5, 0, 1), (1, 0, 1), (0, 1.5, 1)]) == [1, 2]


def test_clear_region_leaves_out_other_bases_grown_by_the_movers_radius():
    region = box(0, 0, 20, 20)
    free = bases.clear_region(region, 1.0, [(10, 10, 1.5)])
    assert not free.covers(Point(10, 12.4))                         # 2.4 from the centre: overlap
    assert free.covers(Point(10, 12.51))                            # 2.51: clear
    assert math.isclose(free.area, 400 - math.pi * 2.5 ** 2, rel_tol=2e-3)


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 20), st.floats(0, 20))
def test_every_point_of_a_clear_region_is_clear(x, y):
    others = [(10, 10, 1.5), (4, 15, 0.5)]
    free = bases.clear_region(box(0, 0, 20, 20), 1.0, others)
    if free.covers(Point(x, y)):
        assert not bases.overlapping(x, y, 1.0, others)


def test_clear_region_leaves_out_the_ground_behind_a_blocking_base():
    free = bases.clear_region(box(0, 0, 40, 20), 0.5, [], start=(5, 10), blockers=[(10, 10, 0.5)])
    assert not free.covers(Point(20, 10))                           # straight through it
    assert not free.covers(Point(20, 10.9))                         # the line passes 0.57 from its centre
    assert free.covers(Point(20, 14))                               # well to the side
    assert free.covers(Point(8, 10))                                # short of it


def test_a_base_the_mover_already_overlaps_does_not_hold_it_in():
    other = (5.5, 10, 0.5)
    free = bases.clear_region(box(0, 0, 40, 20), 0.5, [other], start=(5, 10), blockers=[other])
    assert free.covers(Point(2, 10)) and free.covers(Point(20, 10)) and not free.covers(Point(5.5, 10.5))


def test_stop_on_path_stops_in_contact_with_a_blocker():
    assert bases.stop_on_path((0, 0), (10, 0), 0.5, [], blockers=[(5, 0, 0.5)]) == (4.0, 0.0)


def test_stop_on_path_stops_short_of_a_taken_end():
    # a friend stands at the end: the nearest clear point short of it on the path
    assert bases.stop_on_path((0, 0), (10, 0), 0.5, [(10, 0, 0.5)]) == (9.0, 0.0)
    # a friend on the way does not block, only the end counts
    assert bases.stop_on_path((0, 0), (10, 0), 0.5, [(5, 0, 0.5)]) == (10.0, 0.0)


def test_stop_on_path_with_no_clear_point_stays_at_the_start():
    # in contact with a friend and running onto him: no clear point but the start
    assert bases.stop_on_path((0, 0), (0.5, 0), 0.5, [(1.0, 0, 0.5)]) == (0.0, 0.0)


def test_stop_on_path_skips_back_over_a_chain_of_bases():
    end = bases.stop_on_path((0, 0), (10, 0), 0.5, [(10, 0, 0.5), (9.2, 0.3, 0.5)])
    assert not bases.overlapping(end[0], end[1], 0.5, [(10, 0, 0.5), (9.2, 0.3, 0.5)])
    assert end[1] == 0 and 7.5 < end[0] < 8.3


def test_in_base_contact_no_step_toward_the_blocker():
    """Touching an enemy base, the mover may step sideways or away, never in toward it (the region and
    the path agree)."""
    other = (6, 10, 0.5)                                            # in contact: centres 1 apart
    free = bases.clear_region(box(0, 0, 40, 20), 0.5, [other], start=(5, 10), blockers=[other])
    assert not free.covers(Point(5.5, 12))                          # sideways but a little toward it
    assert free.covers(Point(4.9, 12)) and free.covers(Point(2, 10))
    assert bases.stop_on_path((5, 10), (5.5, 12), 0.5, [], blockers=[other]) == (5.0, 10.0)
    assert bases.stop_on_path((5, 10), (4.9, 12), 0.5, [], blockers=[other]) == (4.9, 12.0)
