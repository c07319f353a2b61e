"""Hex grid after Red Blob Games (design 5): round trips and known distances."""
import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import Point

from game.geometry.hexgrid import (
    FLAT, POINTY, FractionalHex, Hex, Layout, a_star, hex_add, hex_corners, hex_distance, hex_line, hex_polygon,
    hex_round, hex_subtract, hex_to_pixel, hexes_in_rect, neighbours, pixel_to_hex, ring, spiral)

coords = st.integers(-30, 30)
hexes = st.builds(Hex, coords, coords)
layouts = st.builds(Layout, st.sampled_from([POINTY, FLAT]),
                    st.tuples(st.floats(0.5, 50), st.floats(0.5, 50)), st.tuples(st.floats(-100, 100), st.floats(-100, 100)))


def test_cube_invariant_and_arithmetic():
    h = Hex(2, -5)
    assert h.q + h.r + h.s == 0
    assert hex_add(Hex(1, 2), Hex(3, -1)) == Hex(4, 1)
    assert hex_subtract(Hex(1, 2), Hex(3, -1)) == Hex(-2, 3)
    assert len({Hex(1, 1), Hex(1, 1)}) == 1


def test_known_distances_and_neighbours():
    assert hex_distance(Hex(0, 0), Hex(3, -1)) == 3
    assert hex_distance(Hex(-2, 4), Hex(3, -3)) == 7
    assert all(hex_distance(Hex(0, 0), n) == 1 for n in neighbours(Hex(0, 0)))
    assert len(set(neighbours(Hex(5, 5)))) == 6


@given(hexes, st.integers(0, 8))
def test_ring_sizes(center, radius):
    r = ring(center, radius)
    assert len(r) == (6 * radius if radius else 1)
    assert len(set(r)) == len(r)
    assert all(hex_distance(center, h) == radius for h in r)


def test_spiral_counts_every_hex_within():
    assert len(spiral(Hex(0, 0), 3)) == 1 + 3 * 3 * 4


@given(hexes, hexes)
def test_hex_line_length_is_distance_plus_one(a, b):
    line = hex_line(a, b)
    assert len(line) == hex_distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert all(hex_distance(p, q) == 1 for p, q in zip(line, line[1:]))


def test_hex_round():
    assert hex_round(FractionalHex(0.1, 0.2)) == Hex(0, 0)
    assert hex_round(FractionalHex(0.9, -0.1)) == Hex(1, 0)


@given(layouts, hexes)
def test_pixel_round_trip(layout, h):
    assert pixel_to_hex(layout, hex_to_pixel(layout, h)) == h


@given(layouts, st.floats(-300, 300), st.floats(-300, 300))
def test_point_lies_in_its_hex_polygon(layout, x, y):
    h = pixel_to_hex(layout, (x, y))
    assert hex_polygon(layout, h).buffer(1e-6 * max(layout.size)).contains(Point(x, y))


def test_corners_and_orientation():
    pointy = hex_corners(Layout(POINTY, (10, 10), (0, 0)), Hex(0, 0))
    assert len(pointy) == 6
    assert min(y for _, y in pointy) == pytest.approx(-10)  # a corner straight up
    flat = hex_corners(Layout(FLAT, (10, 10), (0, 0)), Hex(0, 0))
    assert max(x for x, _ in flat) == pytest.approx(10)  # a corner straight right
    assert hex_polygon(Layout(POINTY, (10, 10), (0, 0)), Hex(0, 0)).area == pytest.approx(259.8, abs=0.1)


@settings(max_examples=60, deadline=None)
@given(hexes, hexes)
def test_a_star_on_open_ground_equals_hex_distance(a, b):
    path, cost = a_star(a, b, lambda h: 1.0, in_bounds=lambda h: hex_distance(h, Hex(0, 0)) <= 70)
    assert cost == hex_distance(a, b)
    assert len(path) == cost + 1 and path[0] == a and path[-1] == b


def test_a_star_goes_around_impassable_and_prefers_cheap_hexes():
    wall = {Hex(1, r) for r in range(-3, 3)}
    bounds = lambda h: hex_distance(h, Hex(0, 0)) <= 6  # noqa: E731
    path, cost = a_star(Hex(0, 0), Hex(2, 0), lambda h: None if h in wall else 1.0, bounds)
    assert not wall & set(path) and cost > 2
    marsh = {Hex(1, 0), Hex(1, -1)}
    path, cost = a_star(Hex(0, 0), Hex(2, -1), lambda h: 5.0 if h in marsh else 1.0, bounds)
    assert not marsh & set(path) and cost == 4  # both shortest routes cross the marsh (5 + 1)
    assert a_star(Hex(0, 0), Hex(1, 0), lambda h: None if h == Hex(1, 0) else 1.0, bounds) is None


def test_hexes_in_rect():
    layout = Layout(POINTY, (10, 10), (10, 10))
    hs = list(hexes_in_rect(layout, 100, 60))
    assert Hex(0, 0) in hs and len(hs) == len(set(hs))
    assert all(0 <= hex_to_pixel(layout, h)[0] <= 100 for h in hs)
