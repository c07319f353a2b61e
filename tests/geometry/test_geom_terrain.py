"""Terrain kinds and pieces (design 5; kinds are data, design 11)."""
import pytest
from shapely.geometry import LineString, Point, box

from game.geometry.terrain import Piece, TerrainKind, is_convex, load_kinds, piece_core, walls_from_outline

EXPECTED = ["open", "field", "road", "wood", "high-crops", "bushes", "house", "low-wall", "hedge", "log",
            "water", "rough", "marsh", "ruins", "hill", "river"]


def test_default_kinds_cover_the_usual_terrain():
    kinds = load_kinds()
    assert set(EXPECTED) <= set(kinds)
    for name, kind in kinds.items():
        assert kind.name == name and kind.label and kind.color.startswith("#")


def test_kind_properties_follow_the_rules():
    """Risus 'Cover': a wood or house gives cover; high crops and bushes block LOS but give no cover;
    a log or low wall gives cover to a figure behind it."""
    k = load_kinds()
    assert k["wood"].high and k["wood"].cover
    assert k["high-crops"].high and not k["high-crops"].cover
    assert k["bushes"].high and not k["bushes"].cover
    assert k["house"].building and k["house"].cover
    assert k["low-wall"].linear_obstacle and not k["low-wall"].high
    assert k["water"].impassable
    assert not any(getattr(k["open"], p) for p in ("high", "cover", "rough", "impassable"))


def test_overrides_change_and_add_kinds():
    k = load_kinds({"hedge": {"high": True}, "crater": {"cover": True, "rough": True}})
    assert k["hedge"].high and k["hedge"].linear_obstacle
    assert k["crater"] == TerrainKind("crater", cover=True, rough=True, label="Crater")
    assert not load_kinds()["hedge"].high  # the defaults are untouched


@pytest.mark.parametrize("bad", [{"wood": {"tall": True}}, {"wood": {"high": "yes"}}, {"wood": {"label": 3}},
                                 {"wood": ["high"]}])
def test_bad_overrides_are_refused(bad):
    with pytest.raises(ValueError):
        load_kinds(bad)


def test_piece_is_hashable_and_frozen():
    p = Piece("w", load_kinds()["wood"], box(0, 0, 1, 1))
    assert hash(p) == hash(Piece("w", load_kinds()["wood"], box(0, 0, 1, 1)))
    with pytest.raises(Exception):
        p.id = "x"


def test_walls_from_outline_leave_the_openings_open():
    door = LineString([(0, 4), (0, 6)])
    walls = walls_from_outline(box(0, 0, 10, 10), (door,))
    assert walls and not any(w.intersects(Point(0, 5)) for w in walls)
    assert sum(w.length for w in walls) == pytest.approx(38, abs=1e-4)


def test_piece_core_and_convexity():
    core = piece_core(box(0, 0, 10, 10), 3)
    assert core.equals(box(3, 3, 7, 7))
    assert piece_core(box(0, 0, 4, 4), 3).is_empty  # too thin: all edge
    assert is_convex(box(0, 0, 1, 1))
    assert not is_convex(box(0, 0, 4, 4).difference(box(1, 1, 2, 2)))
    assert not is_convex(box(0, 0, 4, 4).difference(box(2, 2, 4, 4)))
