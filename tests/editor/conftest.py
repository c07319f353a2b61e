"""Editor test helpers: a toy ruleset played on a hex map (no bundled ruleset is, yet). The player's
folder is a temporary one (tests/conftest.py)."""
from __future__ import annotations

import pytest

from game.engine.actions import Pass
from game.engine.flow import Flow, Phase
from game.engine.game import end_run
from game.engine.registry import register, unregister
from game.engine.ruleset import Option, Ruleset


class HexToy(Ruleset):
    """Each side passes until the turn limit, on a hex map."""

    id = "editor-hex-toy"
    name = "Editor hex toy"
    board_kind = "hexmap"
    flow = Flow((Phase("main", order="run"),))
    actions = (Pass,)

    def legal_actions(self, state, decision):
        return [Option(kind="Pass", label="Pass", action=Pass(side=decision.side))]

    def apply(self, state, action, decision):
        end_run(state)

    def validate_scenario(self, scenario):
        return [f"units[{i}].stats.strength: expected a whole number 1..6, got {u.stats.get('strength')!r}"
                for i, u in enumerate(scenario.units) if u.stats.get("strength") not in range(1, 7)]


@pytest.fixture
def hex_ruleset():
    rs = HexToy()
    register(rs)
    yield rs
    unregister(rs.id)
