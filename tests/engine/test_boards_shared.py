"""Design §3, "the scenario and the board are shared between clones: they never change during a game":
a table is shared further, by every game on the same terrain (game.engine.boards.build_board), so
what it remembers of its geometry serves them all. A game on a table other games have used ends
exactly as it does on a table of its own."""
from __future__ import annotations

import dataclasses

import pytest

from game import rulesets, simulate
from game.engine import boards
from game.engine import game as engine
from game.engine.state import state_hash
from game.io.scenario_file import load_scenario

SCENARIO = "takipsilim-dusk-ambush"


@pytest.fixture(scope="module", autouse=True)
def loaded():
    rulesets.load_all()


def _played(seed: int) -> tuple[str, int, object]:
    scenario = simulate.with_turn_limit(load_scenario(SCENARIO), 2)
    state = engine.new_game(scenario, seed)
    simulate.run(state, ["easy", "normal"])
    return state_hash(state), state.action_count, state.board


def test_games_on_the_same_terrain_stand_on_one_table_and_other_terrain_on_its_own():
    one, two = load_scenario(SCENARIO), load_scenario(SCENARIO)
    assert one is not two and boards.build_board(one) is boards.build_board(two)
    piece = one.pieces[0]
    moved = dataclasses.replace(piece, polygon=tuple((x + 0.5, y) for x, y in piece.polygon))
    other = dataclasses.replace(one, pieces=(moved,) + one.pieces[1:])
    assert boards.build_board(other) is not boards.build_board(one)


def test_a_game_on_a_table_other_games_used_ends_as_on_a_fresh_table(monkeypatch):
    monkeypatch.setattr(boards, "_TABLES", type(boards._TABLES)())
    alone = _played(7)
    monkeypatch.setattr(boards, "_TABLES", type(boards._TABLES)())
    warm = [_played(seed) for seed in (8, 9)]
    again = _played(7)
    assert again[2] is warm[0][2] is not alone[2]          # the second time on the others' table
    assert again[:2] == alone[:2]
