"""Design §3, "plain data, cheap exact clone, stable hash": GameState.clone gives what a deepcopy
gives (the same hash, the same JSON, the same sharing inside the copy), only faster, while the
scenario, the board and the logged events and rolls stay shared."""
from __future__ import annotations

import copy

import pytest

from game import rulesets
from game.ai.players import make_player
from game.ai.tournament import load
from game.engine import game as engine
from game.engine.state import GameState, fast_copy, state_hash


@pytest.fixture(scope="module", autouse=True)
def loaded():
    rulesets.load_all()


def _deepcopy_clone(state: GameState) -> GameState:
    """The clone as it was made before: a plain deepcopy sharing scenario, board, events and rolls."""
    memo: dict = {}
    game = state
    while game is not None:
        memo[id(game.scenario)] = game.scenario
        memo[id(game.board)] = game.board
        for item in game.log + game.rolls:
            memo[id(item)] = item
        game = game.child
    memo[id(state)] = new = object.__new__(GameState)
    new.__dict__.update({k: copy.deepcopy(v, memo) for k, v in state.__dict__.items()})
    return new


def _played(name: str, actions: int) -> GameState:
    state = engine.new_game(load(name), 3)
    seats = [make_player("easy", 3, s) for s in range(state.sides)]
    for _ in range(actions):
        d = engine.to_act(state)
        if d is None:
            break
        engine.apply(state, seats[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))
    return state


@pytest.mark.parametrize("name,actions", [("risk-to-take-village-line", 40), ("risus-farm-assault", 30),
                                          ("risk-to-take-campaign-two-crowns", 60), ("takipsilim-night-raid", 20),
                                          ("riskbreaker-wizards-stair", 30), ("petite-guerre-the-piquet", 30)])
def test_the_clone_is_what_a_deepcopy_gives_exact_and_independent(name, actions):
    state = _played(name, actions)
    fast, slow = state.clone(), _deepcopy_clone(state)
    assert fast.to_json() == slow.to_json() == state.to_json()
    assert state_hash(fast) == state_hash(state)
    assert fast.scenario is state.scenario and fast.board is state.board
    assert all(a is b for a, b in zip(fast.log, state.log)) and fast.log is not state.log
    assert fast.units is not state.units and fast.flow is not state.flow and fast.data is not state.data
    unit = next(iter(fast.units.values()))
    original = state.units[unit.id]
    assert unit is not original and unit.stats is not original.stats and unit.markers is not original.markers
    unit.x += 1
    unit.markers.add("pinned")
    assert state_hash(fast) != state_hash(state)
    if state.child is not None:
        assert fast.child is not state.child and fast.child.to_json() == state.child.to_json()


def test_sharing_inside_the_copy_is_kept_as_deepcopy_keeps_it():
    shared = {"a": [1, 2]}
    doc = {"x": shared, "y": shared, "z": [shared, (1, "b")], "s": {"p", "q"}}
    out = fast_copy(doc, {})
    assert out == doc and out["x"] is out["y"] is out["z"][0] and out["x"] is not shared
    assert out["s"] == doc["s"] and out["s"] is not doc["s"]


def test_the_hash_rounds_numbers_in_its_walk_as_the_general_rounding_does():
    """state_hash's walk rounds floats and turns whole numbers into floats itself (no call per
    number): the same canonical document as `_canonical_one`, number by number, on the odd ones too."""
    import json

    from game.engine.state import _canonical, _canonical_one
    odd = [0, -0.0, 0.0, 1, -1, 2 ** 53 + 1, 10 ** 20, 1e300, -1e-7, 1e-7, 0.1234565, 2.5e-6, -2.4e-7,
           float("inf"), float("-inf"), float("nan"), True, False, None, "x", (1, 2.0), {3: {4, 5}},
           [1.00000049999, {"a": -0.0000004}]]
    for value in odd:
        assert json.dumps(_canonical(value)) == json.dumps(_canonical_one(value)), value
    assert json.dumps(_canonical({"k": odd})) == json.dumps({"k": [_canonical_one(v) for v in odd]})
