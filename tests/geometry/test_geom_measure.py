"""Measuring, bases, range bands, sticks (design 5) and sectors (Risus 'Facing', A Risk to Take arcs)."""
import math

import pytest
from hypothesis import given, strategies as st
from shapely.geometry import Point

from game.geometry.measure import base_polygon, distance, edge_distance, range_band, stick_reach
from game.geometry.sectors import angle_to, in_arc, sector


def test_distance_centre_to_centre():
    assert distance((0, 0), (3, 4)) == 5


def test_round_base():
    b = base_polygon(10, 10, 0, {"shape": "round", "diameter": 2.5})
    assert b.area == pytest.approx(math.pi * 1.25 ** 2, rel=0.01)
    assert b.centroid.distance(Point(10, 10)) < 1e-9


def test_rect_base_faces_along_its_depth_and_y_points_down():
    """Facing 0 is +x; angles turn from +x toward +y (down the table)."""
    b = base_polygon(0, 0, 0, {"shape": "rect", "width": 4, "depth": 2})
    assert b.bounds == pytest.approx((-1, -2, 1, 2))
    b90 = base_polygon(0, 0, 90, {"shape": "rect", "width": 4, "depth": 2})
    assert b90.bounds == pytest.approx((-2, -1, 2, 1))
    oval = base_polygon(5, 5, 0, {"shape": "oval", "width": 4, "depth": 2})
    assert oval.bounds == pytest.approx((4, 3, 6, 7))


def test_bad_bases_are_refused():
    with pytest.raises(ValueError):
        base_polygon(0, 0, 0, {"shape": "hexagon"})
    with pytest.raises(ValueError):
        base_polygon(0, 0, 0, {"shape": "round", "diameter": 0})


def test_edge_distance_base_to_base():
    a = base_polygon(0, 0, 0, {"shape": "round", "diameter": 2})
    b = base_polygon(10, 0, 0, {"shape": "round", "diameter": 2})
    assert edge_distance(a, b) == pytest.approx(8, abs=1e-6)
    assert edge_distance(a, base_polygon(1, 0, 0, {"shape": "round", "diameter": 2})) == 0


def test_range_band_first_limit_at_or_above():
    bands = [("short", 10), ("medium", 30), ("long", 200)]
    assert range_band(5, bands) == "short"
    assert range_band(10, bands) == "short"
    assert range_band(10.01, bands) == "medium"
    assert range_band(200, bands) == "long"
    assert range_band(201, bands) is None


def test_stick_reach_is_a_disc():
    s = stick_reach((0, 0), 12)
    assert s.contains(Point(11.9, 0)) and not s.contains(Point(12.1, 0))
    assert stick_reach((0, 0), 0).is_empty


def test_angle_to_measures_from_x_toward_y():
    assert angle_to((0, 0), (1, 0)) == 0
    assert angle_to((0, 0), (0, 1)) == 90
    assert angle_to((0, 0), (-1, 0)) == 180
    assert angle_to((0, 0), (0, -1)) == 270


def test_in_arc_edges_included():
    """Risus 'Facing': a 90 degree field of vision."""
    assert in_arc((0, 0), 0, 90, (10, 10))  # exactly 45 degrees off
    assert not in_arc((0, 0), 0, 90, (10, 10.1))
    assert in_arc((0, 0), 350, 30, (10, 0))  # across 0/360
    assert in_arc((0, 0), 0, 360, (-10, 0))
    assert in_arc((0, 0), 0, 30, (0, 0))


def test_sector_polygon():
    s = sector((0, 0), 0, 90, 10)
    assert s.area == pytest.approx(math.pi * 100 / 4, rel=0.01)
    assert s.contains(Point(5, 1)) and not s.contains(Point(-1, 0))
    assert sector((0, 0), 0, 360, 10).area == pytest.approx(math.pi * 100, rel=0.01)
    assert sector((0, 0), 90, 300, 10).is_valid


@given(st.floats(-500, 500), st.floats(-500, 500), st.floats(0, 360), st.floats(1, 359), st.floats(0, 2 * math.pi),
       st.floats(0.5, 9))
def test_sector_agrees_with_in_arc(ox, oy, facing, arc, theta, r):
    p = (ox + r * math.cos(theta), oy + r * math.sin(theta))
    off = min(abs((math.degrees(theta) - facing) % 360), 360 - abs((math.degrees(theta) - facing) % 360))
    if abs(off - arc / 2) < 1e-3:  # too close to an edge for a polygon test
        return
    assert sector((ox, oy), facing, arc, 10).contains(Point(p)) == in_arc((ox, oy), facing, arc, p)
