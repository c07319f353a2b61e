"""Issue 30 §5: what crosses the file boundary prints on one line and carries no float noise.

U+2028/U+2029 in a message are escaped (printed raw, a terminal splits the message over two lines); a
coordinate of 1e-320 is read as 0 (its square underflows, and shapely printed a RuntimeWarning).
"""
from __future__ import annotations

import json
import warnings

from game import simulate
from game.engine import game as engine
from game.io import validate
from game.io.errors import one_line
from game.io.scenario_file import bundled_path, parse_scenario


def test_line_and_paragraph_separators_in_a_message_are_escaped(tmp_path, capsys):
    assert one_line("a\u2028b\u2029c\x85d") == "a\\u2028b\\u2029c\\x85d"
    doc = json.loads(bundled_path("risus-farm-assault").read_text(encoding="utf-8"))
    doc["ruleset"] = "no\u2028such\u2029ruleset"
    bad = tmp_path / "sep.json"
    bad.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert validate.main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert "\u2028" not in err and "\u2029" not in err and "no\\u2028such\\u2029ruleset" in err
    assert len(err.splitlines()) == 1


def test_a_denormal_coordinate_is_read_as_zero_and_plays_without_a_warning():
    doc = json.loads(bundled_path("risus-farm-assault").read_text(encoding="utf-8"))
    doc["units"][0]["x"] = 1e-320
    for piece in doc["terrain"]:
        piece["polygon"][1][1] = 1e-320
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # a RuntimeWarning from the geometry fails the test
        scenario = parse_scenario(json.dumps(doc), "tiny.json")
        assert scenario.units[0].x == 0.0
        state = engine.new_game(simulate.with_turn_limit(scenario, 1), 1)
        simulate.run(state, ["random"])
    assert state.outcome is not None
