"""Hexes are named for players by the grid labels drawn on the map's frame (issue: the log showed
internal axial coordinates such as "-1,9")."""
from game.geometry.hexmap import HexMap, column_letters, grid_label, offset_to_axial


def test_column_letters_run_like_a_spreadsheet():
    assert [column_letters(c) for c in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]


def test_grid_label_is_column_letter_and_row_from_one_for_both_layouts():
    for layout in ("pointy", "flat"):
        assert grid_label(offset_to_axial(0, 0, layout), layout) == "A1"
        assert grid_label(offset_to_axial(4, 6, layout), layout) == "E7"


def test_every_hex_of_a_map_has_a_distinct_label_without_minus_signs():
    m = HexMap(layout="pointy", cols=12, rows=9)
    labels = [m.label(offset_to_axial(c, r, "pointy")) for r in range(9) for c in range(12)]
    assert len(set(labels)) == len(labels)
    assert not any("-" in x for x in labels)
