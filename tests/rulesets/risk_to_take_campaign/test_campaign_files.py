"""The campaign's files: `simulate` on a campaign of any number of sides, and a hex map drawn in Tiled
with nothing but terrain, imported into a campaign that `validate` accepts and that plays to its end."""
from __future__ import annotations

import re

from game.cli import main


def test_simulate_without_players_plays_one_random_player_per_side_on_a_three_sided_campaign(capsys):
    code = main(["simulate", "risk-to-take-campaign-three-kingdoms", "--seed", "2", "--max-turns", "1",
                 "--option", "auto_battles=true"])
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 0 and re.match(r"^winner=(\d|draw) turns=1 hash=[0-9a-f]+$", out)
