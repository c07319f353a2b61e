"""The AI at battle scale (issue 13): the generated battle, the bounded close looks, the look-ahead's
counted budget, and the geometry's remembered answers (the same answers as asking afresh)."""
from __future__ import annotations

import dataclasses
import random

import pytest
import shapely

from game import rulesets
from game.ai import lookahead, positions, scaled
from game.ai.framework import Context, Settings
from game.ai.generic import GENERIC
from game.ai.levels import LEVELS, AIPlayer
from game.ai.tournament import load
from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.geometry import effects
from game.geometry.los import LosRules
from game.geometry.sectors import _sector, sector


@pytest.fixture(scope="module", autouse=True)
def loaded():
    rulesets.load_all()


@pytest.mark.parametrize("per_side", [25, 60])
def test_the_generated_battle_fields_exactly_n_figures_a_side_and_passes_the_ruleset_checks(per_side):
    scenario = scaled.tiled(per_side)
    assert [sum(1 for u in scenario.units if u.side == s) for s in (0, 1)] == [per_side, per_side]
    assert len({u.id for u in scenario.units}) == len(scenario.units)
    assert engine.ruleset_of(engine.new_game(scenario, 1)).validate_scenario(scenario) == []
    assert scaled.tiled_document(per_side) == scaled.tiled_document(per_side)      # nothing random


def test_nearest_keeps_everything_below_k_and_else_the_k_nearest_in_their_own_order():
    items = ["a", "b", "c", "d"]
    where = [(10, 0), (1, 0), (5, 0), (1, 0)]
    assert positions.nearest(items, where, (0, 0), 4) == items
    assert positions.nearest(items, where, (0, 0), 2) == ["b", "d"]
    assert positions.nearest(items, where, (0, 0), 3) == ["b", "c", "d"]


def _ctx(view, options, settings: Settings) -> Context:
    return Context(view, options, Decision(0, "act"), settings, PlayerRng(1, "t"), GENERIC)


def test_close_looks_go_to_the_movers_nearest_the_fight_and_the_likeliest_attacks():
    view = engine.new_game(scaled.tiled(25), 1)
    ours = [u for u in view.units.values() if u.side == 0]
    settings = dataclasses.replace(LEVELS["normal"], near_moves=3, likeliest=2)
    moves = [Option("Move", u.id, actor=u.id) for u in ours]
    ctx = _ctx(view, moves, settings)
    chosen = ctx.near_fight(moves, lambda o: view.units[o.the_actor].pos)
    enemies = [e.pos for e in ctx.enemies()] + positions.objective_points(view)
    gap = {u.id: min(positions.dist(u.pos, e) for e in enemies) for u in ours}
    assert [o.label for o in chosen] == [u.id for u in ours if u.id in
                                         sorted(gap, key=lambda i: gap[i])[:3]]
    odds = [Option("Attack", str(k), odds=p) for k, p in enumerate([0.2, 0.9, 0.5, 0.9])]
    assert [o.label for o in ctx.likeliest(odds)] == ["1", "3"]
    assert ctx.likeliest(odds[:2]) == odds[:2]


def _hard_decision(name: str, settings: Settings):
    state = engine.new_game(load(name), 3)
    d = engine.to_act(state)
    player = AIPlayer(5, d.side, settings)
    view = engine.view(state, d.seat)
    before = lookahead.stats["rollouts"]
    action = player.choose(view, engine.legal_actions(state), d)
    return action, lookahead.stats["rollouts"] - before


def test_the_look_ahead_stops_where_its_counted_budget_ends_and_stays_a_function_of_the_state():
    hard = dataclasses.replace(LEVELS["hard"], level="unshared")   # its budgets as given, not shared over a turn
    name = "riskbreaker-bridge-duel"
    free, rolled = _hard_decision(name, dataclasses.replace(hard, rollout_budget=1 << 30))
    none, skipped = _hard_decision(name, dataclasses.replace(hard, rollout_budget=0))
    assert rolled > 0 and skipped == 0
    again, rolled_again = _hard_decision(name, dataclasses.replace(hard, rollout_budget=1 << 30))
    assert (again, rolled_again) == (free, rolled)
    small, counted = _hard_decision(name, dataclasses.replace(hard, rollout_budget=3))
    assert 0 < counted < rolled


def test_the_table_remembers_answers_identical_to_asking_afresh():
    table = engine.new_game(load("risus-hidden-ambush"), 1).table
    rules = LosRules(edge_depth=3.0, houses="walls")
    rnd = random.Random(4).random
    pts = [(rnd() * table.width, rnd() * table.height) for _ in range(60)]
    for a, b in zip(pts, pts[1:] + pts[:1]):
        assert table.los(a, b, rules) == table.los_index(rules).los(a, b)
        assert table.los(a, b, rules) == table.los(a, b, rules)
        want = [table.pieces[i] for i in sorted(table.tree.query(shapely.Point(*a), predicate="intersects"))]
        assert table.pieces_at(*a) == want
        assert table.cover(a, b) is effects.cover(table, a, b)
        slow = table._shelter.copy()
        table._shelter = {k: True for k in slow}          # as if shelter were near everywhere asked
        assert effects.cover(table, a, b) is table.cover(a, b)
        table._shelter = slow
        reach = table.movement_reach(a, 10.0, 6.0)
        assert reach is table.movement_reach(a, 10.0, 6.0)
        assert reach.equals(effects.movement_reach(table, a, 10.0, 6.0))
    s = sector((1.5, 2.0), 33.0, 60.0, 12.0)
    assert s is sector((1.5, 2.0), 33.0, 60.0, 12.0)
    assert s.equals_exact(_sector.__wrapped__(1.5, 2.0, 33.0, 60.0, 12.0), 0.0)
