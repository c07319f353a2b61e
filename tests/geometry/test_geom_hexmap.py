"""The hex map board (engine v2 "Boards"): offset rectangles, hex <-> point, hexsides, paths with costs."""
import math

import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import Point

from game.geometry import hexgrid
from game.geometry.hexgrid import Hex
from game.geometry.hexmap import (HexKind, HexMap, Place, axial_to_offset, default_kind_ids, load_hex_kinds,
                                  offset_to_axial, river_extra_cost, road_move_cost)

SQ3 = math.sqrt(3)


def test_default_kinds_come_from_the_data_file():
    assert default_kind_ids() == ("plain", "forest", "hills", "marsh", "town", "capital")
    kinds = load_hex_kinds({"swamp": {"label": "Swamp", "color": "#556b2f", "move_cost": 3},
                            "forest": {"move_cost": None}})
    assert kinds["swamp"] == HexKind("swamp", "Swamp", "#556b2f", 3.0, False)
    assert kinds["forest"].move_cost is None and kinds["forest"].cover and kinds["forest"].label == "Forest"
    assert kinds["plain"].move_cost == 1.0
    with pytest.raises(ValueError, match="unknown property 'high'"):
        load_hex_kinds({"x": {"high": True}})
    with pytest.raises(ValueError, match="move_cost must be a number > 0"):
        load_hex_kinds({"x": {"move_cost": 0}})


@pytest.mark.parametrize("layout, cols, rows, width, height", [
    ("pointy", 12, 10, 12 * SQ3 * 5 + SQ3 * 5 / 2, 9 * 7.5 + 10),
    ("pointy", 1, 1, SQ3 * 5, 10),
    ("pointy", 3, 1, 3 * SQ3 * 5, 10),
    ("flat", 3, 2, 2 * 7.5 + 10, 2 * SQ3 * 5 + SQ3 * 5 / 2),
    ("flat", 1, 4, 10, 4 * SQ3 * 5),
])
def test_offset_rectangle_sizes(layout, cols, rows, width, height):
    m = HexMap(layout, 5, cols, rows)
    assert len(m.hexes) == len(set(m.hexes)) == cols * rows
    assert list(m.hexes) == sorted(m.hexes)
    assert m.width == pytest.approx(width) and m.height == pytest.approx(height)
    xs = [x for h in m.hexes for x, _ in hexgrid.hex_corners(m.layout, h)]
    ys = [y for h in m.hexes for _, y in hexgrid.hex_corners(m.layout, h)]
    assert min(xs) == pytest.approx(0, abs=1e-9) and min(ys) == pytest.approx(0, abs=1e-9)
    assert {axial_to_offset(h, layout) for h in m.hexes} == {(c, r) for c in range(cols) for r in range(rows)}


def test_odd_rows_and_odd_columns_are_pushed():
    pointy, flat = HexMap("pointy", 5, 2, 2), HexMap("flat", 5, 2, 2)
    # odd-r: row 1 starts half a hex to the right of row 0
    assert pointy.centre(offset_to_axial(0, 1, "pointy"))[0] - pointy.centre(Hex(0, 0))[0] == pytest.approx(SQ3 * 2.5)
    # odd-q: column 1 starts half a hex below column 0
    assert flat.centre(offset_to_axial(1, 0, "flat"))[1] - flat.centre(Hex(0, 0))[1] == pytest.approx(SQ3 * 2.5)


maps = st.builds(HexMap, st.sampled_from(["pointy", "flat"]), st.floats(0.5, 50),
                 st.integers(1, 15), st.integers(1, 15))


@settings(max_examples=60, deadline=None)
@given(m=maps)
def test_hex_at_the_centre_of_every_hex_is_that_hex(m):
    for h in m.hexes:
        assert m.hex_at(*m.centre(h)) == h
        assert m.polygon(h).contains(Point(m.centre(h)))


@settings(max_examples=100, deadline=None)
@given(m=maps, fx=st.floats(-0.2, 1.2), fy=st.floats(-0.2, 1.2))
def test_hex_at_any_point_is_the_hex_whose_polygon_holds_it(m, fx, fy):
    x, y = fx * m.width, fy * m.height
    h = m.hex_at(x, y)
    if h is None:
        assert not any(m.polygon(k).buffer(-1e-6 * m.size).contains(Point(x, y)) for k in m.hexes)
    else:
        assert m.contains(h) and m.polygon(h).buffer(1e-6 * m.size).contains(Point(x, y))


def test_off_the_map():
    m = HexMap("pointy", 5, 3, 3)
    assert m.hex_at(-50, -50) is None and m.hex_at(float("nan"), 1) is None
    assert not m.contains(Hex(-5, 0))
    with pytest.raises(KeyError):
        m.terrain(Hex(-5, 0))
    assert m.neighbours(Hex(0, 0)) == [Hex(1, 0), Hex(0, 1)]
    assert all(m.contains(n) for h in m.hexes for n in m.neighbours(h))
    assert m.path(Hex(0, 0), Hex(-5, 0)) is None


def doc(**changes):
    d = {"layout": "pointy", "size": 5, "cols": 6, "rows": 5, "default": "plain",
         "hexes": [{"q": 2, "r": 1, "terrain": "forest"}, {"q": 1, "r": 3, "terrain": "swamp"}],
         "hexsides": [{"a": [2, 1], "b": [3, 1], "kind": "river"}, {"a": [0, 2], "b": [1, 2], "kind": "road"},
                      {"a": [0, 2], "b": [1, 2], "kind": "river"}],
         "places": [{"q": 0, "r": 0, "kind": "capital", "name": "Valmy", "side": 0},
                    {"q": 3, "r": 3, "kind": "town", "name": "Ligny"}],
         "kinds": {"swamp": {"label": "Swamp", "color": "#556b2f", "move_cost": 3}}}
    d.update(changes)
    return d


def test_from_doc():
    m = HexMap.from_doc(doc())
    assert m.kind == "hexmap" and len(m.hexes) == 30
    assert m.terrain(Hex(2, 1)).id == "forest" and m.terrain(Hex(1, 3)).label == "Swamp"
    assert m.terrain(Hex(0, 0)).id == "plain"
    assert m.places[Hex(0, 0)] == Place(Hex(0, 0), "capital", "Valmy", 0)
    assert m.places[Hex(3, 3)].side is None
    assert m.sides() == [(Hex(0, 2), Hex(1, 2), frozenset({"road", "river"})),
                         (Hex(2, 1), Hex(3, 1), frozenset({"river"}))]
    assert HexMap.from_doc(doc(default="hills")).terrain(Hex(0, 0)).id == "hills"


def test_hexsides_are_symmetric():
    m = HexMap.from_doc(doc())
    for a, b, features in m.sides():
        assert m.hexsides(a, b) == m.hexsides(b, a) == features
    assert m.hexsides(Hex(0, 0), Hex(1, 0)) == frozenset()
    assert m.hexsides(Hex(0, 0), Hex(4, 4)) == frozenset()


@pytest.mark.parametrize("change, message", [
    ({"hexsides": [{"a": [0, 0], "b": [2, 0], "kind": "river"}]}, "expected two neighbouring hexes"),
    ({"hexsides": [{"a": [0, 0], "b": [1, 0], "kind": "canal"}]}, "expected a feature"),
    ({"hexes": [{"q": 40, "r": 0, "terrain": "forest"}]}, "not on the 6 x 5 map"),
    ({"hexes": [{"q": 0, "r": 0, "terrain": "lava"}]}, "expected a known terrain kind"),
    ({"places": [{"q": 0, "r": 9, "kind": "town", "name": "X"}]}, "not on the 6 x 5 map"),
    ({"layout": "round"}, "expected 'pointy' or 'flat'"),
    ({"default": "lava"}, "hex map default"),
])
def test_a_bad_map_says_what_is_wrong(change, message):
    with pytest.raises(ValueError, match=message):
        HexMap.from_doc(doc(**change))


def test_a_river_side_costs_more():
    m = HexMap("pointy", 5, 4, 1, hexsides=[(Hex(1, 0), Hex(2, 0), "river")])
    assert m.move_cost(Hex(0, 0), Hex(1, 0)) == 1
    assert m.move_cost(Hex(1, 0), Hex(2, 0)) == 1 + river_extra_cost() > 1
    assert m.move_cost(Hex(2, 0), Hex(1, 0)) == m.move_cost(Hex(1, 0), Hex(2, 0))
    assert m.path_cost(m.path(Hex(0, 0), Hex(3, 0))) == 3 + river_extra_cost()
    # with room to go round, a river is crossed only where cheaper
    wide = HexMap("pointy", 5, 3, 3, hexsides=[(Hex(0, 1), Hex(1, 1), "river")])
    path = wide.path(Hex(0, 1), Hex(1, 1))
    assert len(path) == 3 and wide.path_cost(path) == 2
    # a road across the river is a bridge
    bridge = HexMap("pointy", 5, 4, 1, hexsides=[(Hex(1, 0), Hex(2, 0), "river"), (Hex(1, 0), Hex(2, 0), "road")])
    assert bridge.move_cost(Hex(1, 0), Hex(2, 0)) == road_move_cost()


def test_a_path_avoids_an_impassable_hex():
    m = HexMap("pointy", 5, 5, 3, kinds={"lake": {"move_cost": None, "color": "#3f74b8"}},
               terrain={Hex(1, 1): "lake", Hex(2, 1): "lake"})
    start, goal = offset_to_axial(0, 1, "pointy"), offset_to_axial(4, 1, "pointy")
    path = m.path(start, goal)
    assert path[0] == start and path[-1] == goal
    assert Hex(1, 1) not in path and Hex(2, 1) not in path
    assert all(hexgrid.hex_distance(a, b) == 1 for a, b in zip(path, path[1:]))
    assert m.path(start, Hex(1, 1)) is None
    walled = HexMap("pointy", 5, 3, 1, kinds={"lake": {"move_cost": None}}, terrain={Hex(1, 0): "lake"})
    assert walled.path(Hex(0, 0), Hex(2, 0)) is None


def test_a_path_prefers_the_road():
    # a 6 x 3 map of forest (cost 2) with a road winding along the top row's sides
    top = [offset_to_axial(c, 0, "pointy") for c in range(6)]
    roads = [(a, b, "road") for a, b in zip(top, top[1:])]
    start, goal = offset_to_axial(0, 1, "pointy"), offset_to_axial(5, 1, "pointy")
    m = HexMap("pointy", 5, 6, 3, default="forest", hexsides=roads)
    path = m.path(start, goal)
    straight = HexMap("pointy", 5, 6, 3, default="forest").path(start, goal)
    assert m.path_cost(path) < m.path_cost(straight)
    assert sum(1 for a, b in zip(path, path[1:]) if "road" in m.hexsides(a, b)) >= 4


def test_a_custom_step_cost():
    m = HexMap("pointy", 5, 4, 1)
    assert m.path(Hex(0, 0), Hex(3, 0), cost=lambda a, b: None if b == Hex(2, 0) else 1) is None
    assert m.path(Hex(0, 0), Hex(0, 0)) == [Hex(0, 0)]


def test_a_null_label_colour_or_cover_in_a_kind_override_keeps_the_default():
    """The scenario format allows null for an override's label, colour or cover: not given."""
    from game.geometry.hexmap import load_hex_kinds
    kinds = load_hex_kinds({"swamp": {"label": None, "color": None, "cover": None, "move_cost": 3},
                            "forest": {"label": None, "move_cost": None}})
    assert kinds["swamp"].label and kinds["swamp"].move_cost == 3
    assert kinds["forest"].label == "Forest" and kinds["forest"].move_cost is None
