"""The campaign's files: `simulate` on a campaign of any number of sides, and a hex map drawn in Tiled
with nothing but terrain, imported into a campaign that `validate` accepts and that plays to its end."""
from __future__ import annotations

import re
from pathlib import Path

from game.cli import main

DATA = Path(__file__).resolve().parents[2] / "data"


def test_simulate_without_players_plays_one_random_player_per_side_on_a_three_sided_campaign(capsys):
    code = main(["simulate", "risk-to-take-campaign-three-kingdoms", "--seed", "2", "--max-turns", "1",
                 "--option", "auto_battles=true"])
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 0 and re.match(r"^winner=(\d|draw) turns=1 hash=[0-9a-f]+$", out)


def test_a_tiled_hex_map_with_nothing_but_terrain_imports_into_a_campaign_that_validates_and_plays(tmp_path, capsys):
    """Issue 27: "Real public hex maps carry no game properties (no victory, no capitals, no
    armies)": tests/data/tiled-hex-terrain-only.tmx, like the public examples (an external tileset
    whose tiles have terrain classes, no properties), imports with each guess as a warning, and the
    scenario validates and plays headless to its end."""
    import json

    from game.geometry.hexmap import HexMap
    out = tmp_path / "bare.json"
    code = main(["import-tiled", str(DATA / "tiled-hex-terrain-only.tmx"), "--ruleset", "risk-to-take-campaign",
                 "-o", str(out)])
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning: ")]
    assert code == 0
    for said in ("'victory'", "no capital for Side 1", "no capital for Side 2", "deployment within",
                 "no armies on the map", "'water' (6 tiles) is read as 'water' (impassable)"):
        assert sum(said in w for w in warnings) == 1, said
    doc = json.loads(out.read_text())
    board = HexMap.from_doc(doc["hexmap"])
    capitals = [h for h, p in board.places.items() if p.kind == "capital"]
    assert sorted(board.places[h].side for h in capitals) == [0, 1]
    assert all(board.terrain(h).move_cost is not None for h in capitals)
    assert board.distance(*capitals) >= board.cols            # far apart: corners, not neighbours
    assert main(["validate", str(out)]) == 0
    capsys.readouterr()
    assert main(["simulate", str(out), "--seed", "1", "--players", "normal", "--option", "auto_battles=true"]) == 0
    # to its end: a side wins, or the turn limit is reached (a map of terrain only has no towns, so
    # with no capital taken the sides hold as many places: a draw)
    end = re.match(r"^winner=(\d|draw) turns=(\d+) hash=[0-9a-f]+$", capsys.readouterr().out.strip().splitlines()[-1])
    assert end and (end[1] != "draw" or int(end[2]) == doc["turn_limit"])
