"""LOS rules of Risus Skirmish "Line of Sight" (seeds/000_4bdd83b9ae5dca2c.txt), clause by clause."""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from shapely.geometry import LineString, box

from game.geometry.los import LosRules
from geom_helpers import piece, random_tables, table

WOOD = box(40, 30, 60, 50)  # 20 x 20 cm; with edge_depth 3 its core is box(43, 33, 57, 47)


def wood_table(*extra):
    return table(piece("wood", "wood", WOOD), *extra)


def test_los_clear_over_open_ground():
    r = wood_table().los((10, 10), (100, 10))
    assert r.clear and r.blocker is None


def test_los_blocked_when_high_terrain_between():
    """'Being behind a high terrain type blocks LOS.'"""
    r = wood_table().los((10, 40), (100, 40))
    assert not r.clear and r.blocker == "wood"


@pytest.mark.parametrize("kind", ["field", "low-wall", "rough", "hedge", "ruins", "water"])
def test_only_high_terrain_blocks(kind):
    """'LOS is only blocked by high terrain types.'"""
    t = table(piece("low", kind, WOOD))
    assert t.los((10, 40), (100, 40)).clear


@pytest.mark.parametrize("kind", ["high-crops", "bushes", "house"])
def test_high_crops_bushes_and_houses_block(kind):
    t = table(piece("high", kind, WOOD))
    assert t.los((10, 40), (100, 40)).blocker == "high"


def test_touching_a_corner_does_not_block():
    """A line through a corner of a wood only touches it at a point: no stretch through the wood."""
    assert wood_table().los((30, 40), (50, 20)).clear


def test_running_along_an_edge_does_not_block():
    assert wood_table().los((30, 30), (70, 30)).clear


def test_los_clear_just_inside_edge():
    """'Being just inside a high terrain type at its edge does not block LOS.'"""
    t = wood_table()
    assert t.los((41, 40), (10, 40)).clear
    assert t.los((10, 10), (41, 40)).clear


def test_los_blocked_from_core_of_wood():
    """'Being inside a high terrain type, away from its edges, blocks LOS.'"""
    t = wood_table()
    r = t.los((50, 40), (10, 40))
    assert not r.clear and r.blocker == "wood"
    assert not t.los((10, 40), (50, 40)).clear


def test_edge_band_depth_is_a_rule_option():
    t = wood_table()
    assert not t.los((45, 40), (10, 40)).clear  # 5 cm inside: core with the default 3 cm band
    assert t.los((45, 40), (10, 40), LosRules(edge_depth=6)).clear


def test_los_blocked_when_edge_stretch_passes_into_core():
    """At the edge, but looking back through the wood: the line crosses the core."""
    assert not wood_table().los((41, 40), (100, 40)).clear


def test_los_clear_along_the_edge_inside_the_band():
    """The stretch from a figure at the edge may run inside the band as long as it stays there."""
    assert wood_table().los((41, 31), (100, 31)).clear


def test_los_blocked_when_line_reenters_the_piece():
    """After leaving the piece, any further stretch through the same piece blocks (a U-shaped wood)."""
    u = box(40, 30, 70, 50).difference(box(50, 30, 60, 45))
    t = table(piece("u", "wood", u))
    r = t.los((49, 35), (100, 35))
    assert not r.clear and r.blocker == "u"
    assert t.los((49, 35), (49, 10)).clear  # out of the top of the arm, inside the band


def test_same_wood_sees():
    """'Combatants in the same wood have LOS to each other', even deep inside."""
    t = wood_table()
    assert t.los((50, 40), (45, 45)).clear
    assert t.los((50, 40), (41, 49)).clear


def test_same_piece_rule_can_be_switched_off():
    rules = LosRules(same_piece_sees=False)
    t = wood_table()
    assert not t.los((50, 40), (52, 40), rules).clear
    assert t.los((41, 31), (59, 31), rules).clear  # both at the edge, the line stays in the band


def test_same_piece_sees_even_past_other_terrain():
    """The rule says figures in the same terrain element have LOS: a house in the wood's bay does not matter."""
    u = box(40, 30, 70, 50).difference(box(50, 30, 60, 45))
    t = table(piece("u", "wood", u), piece("house", "house", box(52, 32, 58, 44)))
    assert t.los((45, 40), (65, 40)).clear
    assert not t.los((45, 40), (65, 40), LosRules(same_piece_sees=False)).clear


def test_clearing_in_a_wood_is_not_the_wood():
    """A hole is not part of the piece: figures in a clearing see each other; its rim is an edge too."""
    ring = box(20, 20, 60, 60).difference(box(35, 35, 45, 45))
    t = table(piece("ring", "wood", ring))
    assert t.los((37, 40), (43, 40)).clear
    assert not t.los((40, 40), (100, 40)).clear
    assert t.los((34, 40), (40, 40)).clear  # at the clearing's edge
    assert not t.los((30, 40), (40, 40)).clear  # 5 cm from every edge: core


def test_houses_as_high_terrain():
    """houses="high": 'characters in the house touching the edge of the building may fire out'."""
    t = table(piece("house", "house", box(80, 10, 90, 20)))
    assert not t.los((70, 15), (100, 15)).clear
    assert t.los((81, 15), (70, 15)).clear
    assert not t.los((85, 15), (70, 15)).clear  # 5 cm inside: away from the edge (3 cm band)


def _walled_house():
    outline = box(80, 10, 90, 20)
    door = LineString([(80, 14), (80, 16)])
    window = LineString([(84, 20), (86, 20)])
    walls = tuple(outline.exterior.difference(door.buffer(1e-6)).difference(window.buffer(1e-6)).geoms)
    return piece("house", "house", outline, walls=walls, openings=(door, window))


def test_walls_block_openings_pass():
    """houses="walls": 'fire ... can only enter and exit the building through holes in its walls'."""
    rules = LosRules(houses="walls")
    t = table(_walled_house())
    assert t.los((85, 15), (70, 15), rules).clear  # through the door
    assert t.los((85, 15), (85, 30), rules).clear  # through the window
    r = t.los((85, 12), (70, 12), rules)
    assert not r.clear and r.blocker == "house"
    assert not t.los((70, 15), (100, 15), rules).clear  # in by the door, out through the far wall


def test_walls_mode_house_area_does_not_block():
    rules = LosRules(houses="walls")
    t = table(_walled_house())
    assert t.los((82, 12), (88, 18), rules).clear  # across the room


def test_walls_default_to_the_outline():
    rules = LosRules(houses="walls")
    t = table(piece("house", "house", box(80, 10, 90, 20)))
    assert not t.los((70, 15), (100, 15), rules).clear
    assert not t.los((85, 15), (70, 15), rules).clear
    assert t.los((85, 15), (87, 15), rules).clear


def test_blocker_is_the_piece_nearest_to_a():
    t = table(piece("w1", "wood", WOOD), piece("w2", "wood", box(80, 30, 90, 50)))
    assert t.los((10, 40), (100, 40)).blocker == "w1"
    assert t.los((100, 40), (10, 40)).blocker == "w2"


def test_distance_is_centre_to_centre():
    r = table().los((0, 0), (3, 4))
    assert r.clear and r.distance == 5.0


def test_los_to_own_spot_is_clear():
    assert wood_table().los((50, 40), (50, 40), LosRules(same_piece_sees=False)).clear


def test_los_row_and_matrix_on_a_known_table():
    t = wood_table(piece("house", "house", box(80, 10, 90, 20)))
    pts = np.array([(10, 40), (41, 40), (50, 40), (59, 40), (100, 40), (85, 5), (85, 30)], dtype=float)
    m = t.los_matrix(pts)
    assert m.shape == (7, 7) and m.dtype == bool
    assert np.array_equal(m, m.T) and m.diagonal().all()
    assert m[0, 1] and not m[0, 2] and m[1, 2] and not m[5, 6]
    row = t.los_row(0, pts)
    assert list(row.clear) == [True, True, False, False, False, True, False]
    assert row.blockers == (None, None, "wood", "wood", "wood", None, "wood")
    assert row.distances[4] == pytest.approx(90)


def _per_pair(t, pts, rules):
    n = len(pts)
    return np.array([[t.los(pts[i], pts[j], rules).clear for j in range(n)] for i in range(n)])


RULES = [LosRules(), LosRules(edge_depth=1.5, houses="walls"), LosRules(edge_depth=4, same_piece_sees=False),
         LosRules(edge_depth=0, same_piece_sees=False, houses="walls")]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(random_tables())
def test_los_symmetric_property(tp):
    t, pts = tp
    for rules in RULES:
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                assert t.los(pts[i], pts[j], rules).clear == t.los(pts[j], pts[i], rules).clear


@SETTINGS
@given(random_tables())
def test_los_matrix_equals_per_pair_los_property(tp):
    t, pts = tp
    for rules in RULES:
        assert np.array_equal(t.los_matrix(pts, rules), _per_pair(t, pts, rules))


@SETTINGS
@given(random_tables())
def test_los_row_equals_per_pair_los_property(tp):
    t, pts = tp
    for rules in RULES:
        for o in range(len(pts)):
            row = t.los_row(o, pts, rules)
            for j in range(len(pts)):
                r = t.los(pts[o], pts[j], rules)
                assert (bool(row.clear[j]), row.blockers[j]) == (r.clear, r.blocker)
