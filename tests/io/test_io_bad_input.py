"""Design §6 (contract): a bad file gives exit 2 and one short line naming the file, the place and
what was expected. Never a traceback, never a hang, whatever the bytes.

Each case is checked twice: through `python -m game validate`'s main (exit code, stderr) and
through the API (parse_scenario raising FileProblem).
"""
from __future__ import annotations

import json

import pytest

from game.io import validate
from game.io.errors import FileProblem
from game.io.scenario_file import parse_scenario
from io_toy import scenario_doc


def text_of(doc) -> str:
    return json.dumps(doc, indent=2)


def doc_with(mutate) -> str:
    doc = scenario_doc()
    mutate(doc)
    return text_of(doc)


def swap(old: str, new: str):
    """A valid document's text with one piece of text replaced (for what json.dumps cannot write)."""
    text = text_of(scenario_doc())
    assert old in text, old
    return text.replace(old, new, 1)


def set_unit(i, **fields):
    return lambda d: d["units"][i].update(fields)


def nested(depth: int):
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


SELF_INTERSECTING = [[0, 0], [10, 10], [10, 0], [0, 10]]

# (case id, file content, place, expectation) -- place and expectation are substrings of the message
CASES = [
    ("empty", b"", "line 1 column 1", "the file is empty"),
    ("only-whitespace", b"  \n\t \n", "line 1 column 1", "the file is empty"),
    ("binary", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "line 3 column 1", "binary data"),
    ("nul-in-text", swap('"Toy raid"', '"Toy\\u0000raid"').replace("\\u0000", "\x00"), "line",
     "binary data"),
    ("non-utf8", b'{\n  "format": "caf\xe9"\n}', "line 2 column 17", "expected UTF-8 text, found byte 0xe9"),
    ("utf16", '{"format": 1}'.encode("utf-16"), "line 1 column 1", "expected UTF-8 text, got UTF-16"),
    ("deeply-nested", "[" * 100_000, "line 1 column 65", "levels of nesting"),
    ("nested-within-recursion-limit", doc_with(lambda d: d.update(ruleset_data={"a": nested(200)})),
     "ruleset_data.a[0][0]", "expected at most 64 levels of nesting"),
    ("huge-integer", swap('"x": 5,', '"x": ' + "9" * 100_000 + ","), "units[0].x", "100000-digit number"),
    ("huge-negative-integer", swap('"turn_limit": 5', '"turn_limit": -' + "1" * 5000), "turn_limit",
     "5000-digit number"),
    ("nan", swap('"x": 5,', '"x": NaN,'), "units[0].x", "expected a finite number, got NaN"),
    ("infinity", swap('"y": 5.5,', '"y": Infinity,'), "units[0].y", "expected a finite number"),
    ("minus-infinity", swap('"width": 120', '"width": -Infinity'), "table.width", "finite number"),
    ("overflowing-float", swap('"height": 80', '"height": 1e999'), "table.height", "finite number"),
    ("number-as-string", doc_with(set_unit(0, x="5")), "units[0].x", "expected a number, got a string '5'"),
    ("bool-as-side", doc_with(set_unit(0, side=True)), "units[0].side", "expected a whole number, got true"),
    ("float-as-side", doc_with(set_unit(0, side=1.5)), "units[0].side", "expected a whole number"),
    ("units-not-a-list", doc_with(lambda d: d.update(units={"b1": {}})), "units", "expected an array"),
    ("table-not-an-object", doc_with(lambda d: d.update(table=[120, 80])), "table", "expected an object"),
    ("point-with-three-numbers", doc_with(lambda d: d["terrain"][0]["polygon"].__setitem__(0, [1, 2, 3])),
     "terrain[0].polygon[0]", "at most 2 items"),
    ("truncated", text_of(scenario_doc())[:300], "line", "invalid JSON"),
    ("trailing-garbage", text_of(scenario_doc()) + "\n}", "line", "invalid JSON (Extra data)"),
    ("top-level-array", "[1, 2, 3]", "(top level)", "expected a JSON object"),
    ("top-level-string", '"farmhouse-raid"', "(top level)", "expected a JSON object"),
    ("top-level-null", "null", "(top level)", "got null"),
    ("unknown-format", doc_with(lambda d: d.update(format="tiled-map")), "format",
     "expected 'skirmish-table/scenario'"),
    ("no-format", doc_with(lambda d: d.pop("format")), "format", "expected 'skirmish-table/scenario'"),
    ("future-version", doc_with(lambda d: d.update(version=2)), "version", "newer Skirmish Table"),
    ("version-as-string", doc_with(lambda d: d.update(version="1")), "version", "whole number 1"),
    ("unknown-ruleset", doc_with(lambda d: d.update(ruleset="chess")), "ruleset",
     "expected a known ruleset id"),
    ("unknown-terrain-kind", doc_with(lambda d: d["terrain"][0].update(kind="lava")), "terrain[0].kind",
     "expected a known terrain kind"),
    ("self-intersecting-polygon", doc_with(lambda d: d["terrain"][1].update(polygon=SELF_INTERSECTING,
                                                                           holes=[])),
     "terrain[1].polygon", "self-intersecting"),
    ("self-intersecting-zone", doc_with(lambda d: d["deployment_zones"][0].update(polygon=SELF_INTERSECTING)),
     "deployment_zones[0].polygon", "self-intersecting"),
    ("hole-outside-shell", doc_with(lambda d: d["terrain"][1].update(holes=[[[0, 0], [1, 0], [1, 1]]])),
     "terrain[1].holes", "Hole lies outside shell"),
    ("unit-off-the-table", doc_with(set_unit(1, x=130.0)), "units[1].x",
     "expected a number inside the table (0..120), got 130.0"),
    ("unit-above-the-table", doc_with(set_unit(0, y=-1)), "units[0].y", "inside the table (0..80)"),
    ("coordinate-beyond-sane-bounds", doc_with(set_unit(0, x=1e12)), "units[0].x", "at most 10000"),
    ("table-too-large", doc_with(lambda d: d["table"].update(width=5000)), "table.width", "at most 2000"),
    ("zero-size-base", doc_with(set_unit(0, base={"shape": "round", "diameter": 0})), "units[0].base.diameter",
     "greater than 0"),
    ("unknown-base-shape", doc_with(set_unit(0, base={"shape": "hex", "size": 3})), "units[0].base",
     "expected shape 'round', 'rect'"),
    ("duplicate-unit-ids", doc_with(set_unit(1, id="b1")), "units[1].id", "expected a unique unit id"),
    ("duplicate-terrain-ids", doc_with(lambda d: d["terrain"][1].update(id="wood-1")), "terrain[1].id",
     "unique terrain piece id"),
    ("bad-side-index", doc_with(set_unit(1, side=2)), "units[1].side", "expected a side index 0..1"),
    ("zone-of-a-missing-side", doc_with(lambda d: d["deployment_zones"][0].update(side=3)),
     "deployment_zones[0].side", "side index"),
    ("one-side-only", doc_with(lambda d: d.update(sides=d["sides"][:1])), "sides", "at least 2 items"),
    ("missing-turn-limit", doc_with(lambda d: d.pop("turn_limit")), "turn_limit", "missing"),
    ("misspelled-field", doc_with(set_unit(0, facng=10)), "units[0].facng", "unknown field (expected one of"),
    ("bad-slug", doc_with(lambda d: d.update(name="Farmhouse Raid")), "name", "lowercase letters"),
    ("bad-colour", doc_with(lambda d: d["sides"][1].update(color="red")), "sides[1].color", "#rrggbb"),
    ("duplicate-json-key", swap('"width": 120', '"width": 120, "width": 130'), "table.width",
     "each key once"),
    ("lone-surrogate", swap('"Toy raid"', '"\\ud800"'), "title", "lone surrogate"),
    ("control-characters-in-message", doc_with(lambda d: d.update(name="a\nb\x1b[31m")), "name",
     "lowercase letters"),
    ("unknown-option", doc_with(lambda d: d.update(options={"speed": 3})), "options.speed", "no option 'speed'"),
    ("bad-option-value", doc_with(lambda d: d.update(options={"pace": "crawl"})), "options.pace",
     "must be one of ['slow', 'fast']"),
    ("ruleset-own-check", doc_with(set_unit(0, stats={"cursed": True})), "units[0].stats.cursed",
     "expected no cursed units"),
    ("objective-without-radius", doc_with(lambda d: d["objectives"][0].pop("radius")), "objectives[0].radius",
     "expected x, y and radius"),
    ("unknown-kind-property", doc_with(lambda d: d.update(terrain_kinds={"lava": {"impasable": True}})),
     "terrain_kinds.lava.impasable", "unknown field"),
]


def as_bytes(content) -> bytes:
    return content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("content, place, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_validate_names_file_place_and_expectation(toy_ruleset, tmp_path, capsys, content, place, expected):
    path = tmp_path / "bad.json"
    path.write_bytes(as_bytes(content))
    code = validate.main([str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"error: {path}: {place}"), err
    assert expected in err, err
    assert len(err) < 500


@pytest.mark.parametrize("content, place, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_parse_scenario_raises_file_problem(toy_ruleset, content, place, expected):
    with pytest.raises(FileProblem) as info:
        parse_scenario(as_bytes(content), "maps/bad.json")
    message = str(info.value)
    assert message.startswith(f"maps/bad.json: {place}"), message
    assert expected in message
    assert "\n" not in message and "\x1b" not in message


def test_missing_file(capsys, tmp_path):
    path = tmp_path / "nowhere.json"
    assert validate.main([str(path)]) == 2
    assert capsys.readouterr().err == f"error: {path}: expected a file, found none\n"


def test_folder_instead_of_file(capsys, tmp_path):
    assert validate.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"error: {tmp_path}: expected a file, got a folder\n"


def test_oversized_scenario_is_refused_without_reading_it_all(toy_ruleset, tmp_path, capsys):
    pad = "x" * (6 * 1024 * 1024)
    text = json.dumps(scenario_doc(description=pad))
    path = tmp_path / "big.json"
    path.write_text(text, encoding="utf-8")
    assert validate.main([str(path)]) == 2
    assert "expected a scenario of at most 5 MB" in capsys.readouterr().err
    with pytest.raises(FileProblem, match=r"^big\.json: expected at most 5\.0 MB"):
        parse_scenario(text, "big.json")


def test_a_description_over_the_length_limit_names_the_field(toy_ruleset):
    with pytest.raises(FileProblem, match=r"^s\.json: description: expected at most 20000 characters"):
        parse_scenario(json.dumps(scenario_doc(description="y" * 20_001)), "s.json")


def test_many_problems_are_counted_on_the_one_line(toy_ruleset):
    doc = scenario_doc()
    doc["units"][0]["x"] = "a"
    doc["units"][1]["y"] = "b"
    doc["turn_limit"] = 0
    with pytest.raises(FileProblem) as info:
        parse_scenario(json.dumps(doc), "s.json")
    assert str(info.value).startswith("s.json: units[0].x: expected a number")
    assert str(info.value).endswith("(and 2 more problems)")


def test_a_file_the_rulesets_checks_let_through_but_its_setup_cannot_use_is_refused_in_one_line(toy_ruleset, tmp_path,
                                                                                                 capsys):
    """The last net at the boundary: a scenario is set up once when loaded, so a stat of a type the
    ruleset's setup chokes on gives a one-line problem (exit 2), never a traceback later."""
    import json

    from game.io import validate
    doc = scenario_doc()
    doc["units"][0]["stats"]["dice"] = ["not", "a", "number"]
    bad = tmp_path / "piquet.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert validate.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert "piquet.json" in err and "can set up" in err and "Traceback" not in err
    assert err.count("\n") == 1
