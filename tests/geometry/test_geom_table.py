"""The table: terrain at a point, open ground, adjacency, edge bands (design 5)."""
import pytest
from shapely.geometry import Point, Polygon, box

from geom_helpers import piece, table


def test_piece_at_is_the_topmost_and_boundary_counts():
    t = table(piece("field", "field", box(0, 0, 50, 50)), piece("wood", "wood", box(10, 10, 20, 20)))
    assert t.piece_at(15, 15).id == "wood"
    assert t.piece_at(10, 15).id == "wood"  # on the wood's edge
    assert t.piece_at(30, 30).id == "field"
    assert t.piece_at(60, 60) is None
    assert [p.id for p in t.pieces_at(15, 15)] == ["field", "wood"]
    assert t.pieces_at(60, 60) == []


def test_open_ground_is_table_minus_pieces():
    t = table(piece("wood", "wood", box(10, 10, 20, 20)), width=100, height=50)
    assert t.open_ground().area == pytest.approx(100 * 50 - 100)
    assert not t.open_ground().contains(Point(15, 15))


def test_adjacent_pieces_touch_or_lie_within_tolerance():
    """Risus 'Movement': into the first part of an adjacent terrain type."""
    t = table(piece("a", "wood", box(0, 0, 10, 10)), piece("b", "field", box(10, 0, 20, 10)),
              piece("c", "rough", box(20.3, 0, 30, 10)), piece("d", "marsh", box(50, 50, 60, 60)))
    assert t.adjacent("a") == ["b"]
    assert t.adjacent("b") == ["a", "c"]
    assert t.adjacent("c", tolerance=0.1) == []
    assert t.adjacent("d") == []


def test_edge_band_is_the_part_within_depth_of_the_edge():
    t = table(piece("w", "wood", box(0, 0, 20, 20)))
    band = t.edge_band("w", 3)
    assert band.area == pytest.approx(400 - 14 * 14)
    assert t.in_edge_band("w", 1, 10, 3)
    assert t.in_edge_band("w", 3, 10, 3)  # exactly at the depth still counts as the edge
    assert not t.in_edge_band("w", 10, 10, 3)
    assert not t.in_edge_band("w", 30, 10, 3)  # outside the piece


def test_bad_pieces_are_refused():
    bow = Polygon([(0, 0), (10, 10), (10, 0), (0, 10)])
    with pytest.raises(ValueError, match="invalid"):
        table(piece("bow", "wood", bow))
    with pytest.raises(ValueError, match="duplicate"):
        table(piece("a", "wood", box(0, 0, 1, 1)), piece("a", "wood", box(2, 2, 3, 3)))
