"""Design §3, "the scenario and the board are shared between clones: they never change during a game":
a table is shared further, by every game on the same terrain (game.engine.boards.build_board), so
what it remembers of its geometry serves them all. A game on a table other games have used ends
exactly as it does on a table of its own."""
from __future__ import annotations

import dataclasses

import pytest

from game import rulesets, simulate
from game.engine import boards
from game.geometry.kept import Kept
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
    monkeypatch.setattr(boards, "_TABLES", Kept(boards.TABLES_KEPT))
    alone = _played(7)
    monkeypatch.setattr(boards, "_TABLES", Kept(boards.TABLES_KEPT))
    warm = [_played(seed) for seed in (8, 9)]
    again = _played(7)
    assert again[2] is warm[0][2] is not alone[2]          # the second time on the others' table
    assert again[:2] == alone[:2]


TABLE_GAMES = ["petite-guerre-cavalry-patrol", "risk-to-take-cavalry-action", "riskbreaker-bridge-duel",
               "risus-farm-assault", "takipsilim-dusk-ambush"]


@pytest.mark.parametrize("name", TABLE_GAMES)
def test_the_options_on_a_table_other_games_used_are_those_of_a_fresh_table_after_every_action(name):
    """Every ruleset played on a table: after every action of a game whose table has served two
    other games, the options (regions, odds and all) equal a search on a table built afresh, which
    has remembered nothing."""
    scenario = simulate.with_turn_limit(load_scenario(name), 2)
    for seed in (1, 2):                         # two other games first, on the same shared table
        simulate.run(engine.new_game(scenario, seed), ["easy", "easy"], stop_after=40)
    state = engine.new_game(scenario, 3)
    compared = 0
    while engine.to_act(state) is not None and compared < 40:
        fresh = state.clone()
        fresh.board = boards._build_table(fresh.scenario)
        assert engine.legal_actions(state) == engine.legal_actions(fresh)
        compared += 1
        simulate.run(state, ["easy", "easy"], actions=[None] * state.action_count, stop_after=state.action_count + 1)
    assert compared > 5
