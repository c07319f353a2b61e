"""One conformance test over every ruleset and bundled scenario, after OpenSpiel's sim_game
(design §10): random legal play to the end, invariants after every action, a save/load round trip
every 2^k actions, an identical hash on replay, no legal action once the game is over."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.engine.state import state_hash
from game.rulesets import load_all
from tests.random_play import play_randomly
from tests.toys import TOYS, register_toys, scenario as toy_scenario, unregister_toys

load_all()


def _bundled():
    from game.io.scenario_file import bundled_scenarios
    return [name for name, _, _ in bundled_scenarios()]


def check_invariants(state) -> None:
    decision = engine.to_act(state)
    if state.outcome is None:
        assert decision is not None, "a game that is not over must have someone to decide"
        assert engine.legal_actions(state), f"side {decision.side} must have a legal option"
    else:
        assert decision is None and engine.legal_actions(state) == []
    assert state_hash(state.clone()) == state_hash(state), "clone() must be exact"
    for unit in state.units.values():
        if not unit.out:
            assert -1e-6 <= unit.x <= state.scenario.width + 1e-6, f"{unit.id} off the table"
            assert -1e-6 <= unit.y <= state.scenario.height + 1e-6, f"{unit.id} off the table"
    if getattr(state.board, "kind", None) == "table":
        no_bases_overlap(state)
    for side in range(state.sides):
        seen = engine.view(state, side)
        assert all(e.visible_to(side) for e in seen.log)
    for roll in state.rolls:
        if roll.success is not None:
            assert roll.odds is not None and 0 <= roll.odds <= 1, "every roll is logged with its odds"


def no_bases_overlap(state) -> None:
    """No two bases on a table overlap, after any action, melee included (touching is allowed:
    bases.OVERLAP_AREA absorbs positions rounded to the millimetre's thousandths)."""
    from game.geometry.bases import OVERLAP_AREA, clearance
    from game.geometry.measure import base_polygon
    units = sorted((u for u in state.units.values() if not u.out and u.x is not None), key=lambda u: u.id)
    for i, a in enumerate(units):
        for b in units[i + 1:]:
            if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= (clearance(a.base) + clearance(b.base)) ** 2:
                continue
            area = base_polygon(a.x, a.y, a.facing, a.base).intersection(
                base_polygon(b.x, b.y, b.facing, b.base)).area
            assert area <= OVERLAP_AREA, f"turn {state.turn}: {a.id} and {b.id} overlap ({area:.3f} cm²)"


def play(state, seed: int, saves: list | None = None, limit: int = 5000):
    def each(state, actions):
        check_invariants(state)
        n = len(actions)
        if saves is not None and n & (n - 1) == 0:      # every 2^k actions
            saves.append((n, list(actions), state_hash(state)))
    actions = play_randomly(state, seed, limit, each)
    assert engine.result(state) is not None, "the game must end within its limits"
    return actions


@pytest.mark.parametrize("toy", [t.id for t in TOYS])
def test_toy_rulesets_conform(toy):
    register_toys()
    try:
        sc = toy_scenario(toy, turn_limit=4)
        state = engine.new_game(sc, seed=3)
        actions = play(state, seed=3)
        again = engine.replay(sc, 3, None, actions)
        assert state_hash(again) == state_hash(state)
    finally:
        unregister_toys()


def test_a_campaign_with_nested_battles_conforms(tmp_path):
    """Save/load round trips land inside the nested battles as well as between them."""
    from game.io.save_file import load_save, resume, save_game
    from tests.engine.nested_toys import register_nested, unregister_nested, war_scenario
    register_nested()
    try:
        sc = war_scenario()
        state = engine.new_game(sc, seed=4)
        saves = []
        actions = play(state, 4, saves)
        assert state.data["battles"], "the toy campaign must fight at least one battle"
        for n, prefix, expected in saves:
            partial = engine.replay(sc, 4, None, prefix)
            path = save_game(tmp_path / f"at-{n}.json", partial, prefix, ["random"] * partial.sides)
            assert state_hash(resume(load_save(path))) == expected
        assert state_hash(engine.replay(sc, 4, None, actions)) == state_hash(state)
    finally:
        unregister_nested()


def test_a_campaign_with_auto_resolved_battles_conforms(tmp_path):
    """The A Risk to Take campaign on a small map, its battles fought by the auto player (the option
    auto_battles): round trips inside the battles too, the same hash on replay."""
    from game.io.save_file import load_save, resume, save_game
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario
    sc = scenario(units=[{"id": "w1", "side": 0, "hex": [0, 2]}, {"id": "e1", "side": 1, "hex": [1, 2]}],
                  turn_limit=4)
    options = {"auto_battles": True}
    for seed in range(1, 20):             # the first seed whose play fights a battle
        state = engine.new_game(sc, seed=seed, options=options)
        saves = []
        actions = play(state, seed, saves)
        if state.data["battles"]:
            break
    assert state.data["battles"], "the campaign must fight a battle"
    for n, prefix, expected in saves:
        partial = engine.replay(sc, seed, options, prefix)
        path = save_game(tmp_path / f"at-{n}.json", partial, prefix, ["random"] * partial.sides)
        assert state_hash(resume(load_save(path))) == expected
    assert state_hash(engine.replay(sc, seed, options, actions)) == state_hash(state)


# a campaign (a ruleset nesting games) is played to this many turns here: its battles are whole games
CAMPAIGN_TURNS = 3


@pytest.mark.parametrize("name", _bundled())
@pytest.mark.parametrize("seed", [1, 2])
def test_bundled_scenarios_conform(name, seed, tmp_path):
    from game.engine import registry
    from game.io.save_file import load_save, resume, save_game
    from game.io.scenario_file import load_scenario
    from game.simulate import with_turn_limit
    sc = load_scenario(name)
    if registry.get(sc.ruleset).nests:
        sc = with_turn_limit(sc, CAMPAIGN_TURNS)
    state = engine.new_game(sc, seed=seed)
    check_invariants(state)
    saves = []
    actions = play(state, seed, saves)
    final = state_hash(state)
    for n, prefix, expected in saves:                  # save/load round trips at 2^k actions
        partial = engine.replay(sc, seed, None, prefix)
        path = save_game(tmp_path / f"at-{n}.json", partial, prefix, ["random"] * partial.sides)
        assert state_hash(resume(load_save(path))) == expected
    assert state_hash(engine.replay(sc, seed, None, actions)) == final
