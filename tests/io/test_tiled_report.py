"""Issue 30 §2 and §5: Tiled import says what it did, briefly, and never writes what will not play.

Warnings grouped by kind, at most 10 lines; a unit type the ruleset does not know refused at import; a map
that begins with a byte-order mark read; a bogus XML encoding and the parser's own failures named by place.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.io.errors import FileProblem
from game.io.tiled import import_tiled
from game.io.tiled_cli import MOST_LINES, grouped, run
from tiled_maps import tmx, write_map

DATA = Path(__file__).resolve().parent.parent / "data"


def test_many_warnings_of_few_kinds_print_in_at_most_ten_lines(tmp_path, capsys):
    """'group warnings by kind with counts ... at most 10 lines': 30 stray points, 12 unknown terrain kinds."""
    doc = json.loads((DATA / "tiled-compound.tmj").read_text(encoding="utf-8"))
    objects = next(layer for layer in doc["layers"] if layer.get("objects"))["objects"]
    first = max(o["id"] for o in objects) + 100
    for i in range(30):
        objects.append({"id": first + i, "name": f"marker {i}", "type": "", "x": 40 + i, "y": 40, "width": 0,
                        "height": 0, "rotation": 0, "visible": True, "point": True})
    for i in range(12):
        objects.append({"id": first + 50 + i, "name": f"patch {i}", "type": f"kind-{i}", "x": 10 * i, "y": 300,
                        "width": 8, "height": 8, "rotation": 0, "visible": True})
    path = tmp_path / "busy.tmj"
    path.write_text(json.dumps(doc), encoding="utf-8")
    warnings = import_tiled(path, "takipsilim").warnings
    points = sum("left out (a point is a unit" in w for w in warnings)
    kinds = sum(w.startswith("unknown terrain kind") for w in warnings)
    assert points >= 30 and kinds >= 12
    assert run(str(path), "takipsilim", None, str(tmp_path / "out.json")) == 0
    lines = capsys.readouterr().err.splitlines()
    assert 2 <= len(lines) <= MOST_LINES
    assert sum(f"and {points - 3} more: left out (a point is a unit" in line for line in lines) == 1
    assert sum(f"; {kinds - 1} more of the kind: " in line for line in lines) == 1


def test_more_kinds_than_lines_end_in_one_line_that_counts_the_rest():
    warnings = [f"layer 'L{i}': left out (reason {chr(97 + i)})" for i in range(15)]
    lines = grouped(warnings)
    assert len(lines) == MOST_LINES
    assert lines[-1] == "and 6 more warnings of 6 other kinds"


def test_a_misspelt_unit_type_in_a_campaign_map_is_refused_at_import(tmp_path):
    """'A map whose unit kind was mangled ("ca6alry") imported with exit 0, then failed when played': the
    import checks the army lists against the battle ruleset's unit types, naming the place."""
    text = (DATA / "tiled-campaign.tmx").read_text(encoding="utf-8")
    army = "[&quot;line-infantry&quot;, &quot;cavalry&quot;, &quot;commander&quot;]}"
    assert army in text
    path = write_map(tmp_path, "camp.tmx", text.replace(army, army.replace("cavalry", "ca6alry"), 1))
    with pytest.raises(FileProblem) as info:
        import_tiled(path, "risk-to-take-campaign")
    assert "stats.units: expected unit types among" in str(info.value) and "'ca6alry' at [1]" in str(info.value)
    assert run(str(path), "risk-to-take-campaign", None, str(tmp_path / "out.json")) == 2
    assert not (tmp_path / "out.json").exists()


def test_a_map_that_begins_with_a_byte_order_mark_is_read(tmp_path):
    for name in ("tiled-campaign.tmx", "tiled-compound.tmj"):
        plain = (DATA / name).read_bytes()
        ruleset = "risk-to-take-campaign" if name.endswith(".tmx") else "takipsilim"
        marked = tmp_path / name
        marked.write_bytes(b"\xef\xbb\xbf" + plain)
        assert import_tiled(marked, ruleset).scenario == import_tiled(DATA / name, ruleset).scenario


def test_a_bogus_encoding_and_the_parsers_failures_name_the_place(tmp_path):
    base = tmx(10, 8, [{"id": 1, "name": "Sgt Miller", "class": "unit", "x": 40, "y": 40, "shape": "point",
                        "properties": {"side": 0, "spawncount": "five"}}])
    bogus = write_map(tmp_path, "bogus.tmx", base.replace('encoding="UTF-8"', 'encoding="bogus"'))
    with pytest.raises(FileProblem) as info:
        import_tiled(bogus, "takipsilim")
    assert str(info.value).startswith(f"{bogus}: line 1 (the XML declaration's encoding): expected an encoding")
    typed = base.replace('name="spawncount" type="string"', 'name="spawncount" type="int"')
    assert typed != base
    with pytest.raises(FileProblem) as info:
        import_tiled(write_map(tmp_path, "typed.tmx", typed), "takipsilim")
    assert ": <property> name 'spawncount': expected a Tiled map pytiled-parser can read" in str(info.value)
