"""Cover and grenades (Risus Skirmish 'Cover', 'Grenades') and movement reach (Takipsilim 'Movement')."""
import math

import numpy as np
import pytest
from shapely.geometry import Point, box

from geom_helpers import piece, table

LOW_WALL = box(50, 30, 50.5, 50)  # a thin wall polygon running north-south at x = 50


def test_cover_inside_a_wood():
    """'A combatant has cover if he is inside a terrain type that provides cover like a house or a wood.'"""
    t = table(piece("wood", "wood", box(40, 30, 60, 50)))
    assert t.cover((50, 40), (10, 40)).id == "wood"
    assert t.cover((10, 40), (50, 40)) is None


def test_cover_behind_low_wall_close_to_figure():
    """'... or if he is behind an object that provides cover like a log or low wall.'"""
    t = table(piece("wall", "low-wall", LOW_WALL))
    assert t.cover((52, 40), (10, 40)).id == "wall"


def test_no_cover_when_far_behind_the_wall():
    t = table(piece("wall", "low-wall", LOW_WALL))
    assert t.cover((60, 40), (10, 40)) is None
    assert t.cover((60, 40), (10, 40), behind_distance=12).id == "wall"


def test_no_cover_from_a_wall_on_the_far_side():
    t = table(piece("wall", "low-wall", LOW_WALL))
    assert t.cover((48, 40), (100, 40)).id == "wall"  # the attacker is on the other side: wall between
    assert t.cover((48, 40), (10, 40)) is None  # the wall is behind the target, not between


def test_attackers_own_wall_gives_target_no_cover():
    t = table(piece("wall", "low-wall", box(50, 30, 53, 50)))
    assert t.cover((55, 40), (51, 40)) is None


def test_high_crops_block_but_no_cover():
    """'Being in a field with high crop or in some bushes does not provide cover.'"""
    t = table(piece("crops", "high-crops", box(40, 30, 60, 50)), piece("bush", "bushes", box(70, 30, 72, 50)))
    assert not t.los((10, 40), (100, 40)).clear
    assert t.cover((50, 40), (10, 40)) is None
    assert t.cover((73, 40), (100, 40)) is None


def test_blast_in_the_open_is_a_circle():
    """'all characters inside the agreed blast radius (R1) if in the open'."""
    t = table()
    pts = np.array([(50, 50), (53, 54), (54, 54), (50, 45)], dtype=float)
    assert list(t.blast((50, 50), 5, pts)) == [0, 1, 3]


def _house_with_rooms():
    house = box(80, 10, 100, 20)
    rooms = (box(80, 10, 90, 20), box(90, 10, 100, 20))
    return piece("house", "house", house, rooms=rooms)


def test_blast_in_a_building_fills_the_room():
    """'If inside a building the whole room counts as blast area.'"""
    t = table(_house_with_rooms())
    pts = np.array([(81, 11), (89, 19), (91, 15), (75, 15)], dtype=float)
    assert list(t.blast((85, 15), 1, pts)) == [0, 1]
    assert t.room_at(95, 15).equals(box(90, 10, 100, 20))
    assert t.room_at(50, 50) is None
    assert t.blast_area((85, 15), 1).equals(box(80, 10, 90, 20))


def test_blast_outside_spares_figures_inside_buildings():
    t = table(_house_with_rooms())
    pts = np.array([(78, 15), (81, 15)], dtype=float)
    assert list(t.blast((76, 15), 6, pts)) == [0]
    assert list(t.blast((76, 15), 6, pts, shield_buildings=False)) == [0, 1]


def test_building_without_rooms_is_one_room():
    t = table(piece("hut", "house", box(0, 0, 10, 10)))
    assert t.room_at(5, 5).equals(box(0, 0, 10, 10))


def test_movement_reach_open_ground_is_the_full_disc():
    """Takipsilim: 'up to 10 meters over open ground' (1 m = 1 cm)."""
    reach = table().movement_reach((50, 40), 10, 6)
    assert reach.area == pytest.approx(math.pi * 100, rel=0.01)


def test_movement_reach_rough_terrain_reduces_it():
    """'Obstacles or impeding terrain reduce that to 6 meters.'"""
    t = table(piece("marsh", "marsh", box(55, 0, 120, 80)))
    reach = t.movement_reach((50, 40), 10, 6)
    assert reach.contains(Point(55.5, 40)) and not reach.contains(Point(57, 40))
    assert reach.contains(Point(41, 40))
    from_marsh = t.movement_reach((60, 40), 10, 6)
    assert from_marsh.contains(Point(65.5, 40)) and not from_marsh.contains(Point(67, 40))


def test_movement_reach_excludes_impassable_and_stays_on_table():
    t = table(piece("lake", "water", box(45, 35, 55, 45)))
    reach = t.movement_reach((40, 40), 10, 6)
    assert not reach.intersects(Point(50, 40))
    edge = table().movement_reach((2, 2), 10, 6)
    assert edge.within(box(0, 0, 120, 80).buffer(1e-9))
