"""Fields of vision for a whole row of points at once (issue 13): in_arc_many answers exactly what the
arc's definition says point by point (Risus Skirmish "Facing": a 90 or 180 degree field of vision)."""
from hypothesis import given, settings, strategies as st

from game.geometry.sectors import _ANGLE_EPS, angle_difference, angle_to, in_arc, in_arc_many

_xy = st.tuples(st.floats(-50, 150, allow_nan=False), st.floats(-50, 150, allow_nan=False))


@settings(max_examples=200, deadline=None)
@given(_xy, st.floats(0, 720), st.sampled_from([45.0, 90.0, 135.0, 180.0, 270.0, 360.0]),
       st.lists(_xy, max_size=12))
def test_a_row_of_points_in_a_field_of_vision_is_each_point_in_it(origin, facing, arc, points):
    """'a 90 or 180 degree field of vision': within half the arc either side of the facing, edges
    included; the viewer's own spot and an all-round view always see."""
    points = points + [origin]
    want = [arc >= 360.0 or (p[0] == origin[0] and p[1] == origin[1])
            or angle_difference(facing, angle_to(origin, p)) <= arc / 2 + _ANGLE_EPS for p in points]
    assert in_arc_many(origin, facing, arc, points) == want == [in_arc(origin, facing, arc, p) for p in points]
