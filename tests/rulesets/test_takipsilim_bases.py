"""Takipsilim: bases may not overlap (issue 12; game.geometry.bases). The run and free-move regions leave
out the other bases (grown by the mover's radius) and the ground behind an enemy base; orders are
committed in secret, so at resolution a mover whose end is taken, or whose path crosses an enemy base,
stops short of it on its path. Test figures have 1 m bases: two of them stand at least 1 m apart."""
from __future__ import annotations

import math

import pytest

from game.engine import game as engine
from game.rulesets.takipsilim.actions import RUN
from tests.random_play import overlapping_bases, play_randomly
from tests.rulesets.test_takipsilim_helpers import commit, events, fig, game, options, run, texts


def run_option(s, uid):
    return next(op for op in options(s, uid) if op.template is not None and op.template.action == RUN)


def test_the_run_region_leaves_out_other_bases():
    s = game([fig("a", 0, 10, 20), fig("b", 0, 15, 20), fig("x", 1, 70, 20)])
    opt = run_option(s, "a")
    assert not opt.contains(run(s, "a", (15, 20)))          # onto B
    assert not opt.contains(run(s, "a", (15, 20.9)))        # overlapping B's base
    assert opt.contains(run(s, "a", (15, 21.01)))           # beside B, clear of him


def test_the_run_region_leaves_out_the_ground_behind_an_enemy_base():
    """Nothing moves through an enemy base: its path is the straight line it runs along."""
    s = game([fig("a", 0, 10, 20), fig("x", 1, 15, 20)])
    opt = run_option(s, "a")
    assert not opt.contains(run(s, "a", (19, 20)))          # straight through X
    assert not opt.contains(run(s, "a", (19, 20.8)))        # grazing X's base
    assert opt.contains(run(s, "a", (19, 24)))              # past X, to the side


def test_a_friends_base_does_not_block_the_way():
    s = game([fig("a", 0, 10, 20), fig("b", 0, 15, 20), fig("x", 1, 70, 20)])
    commit(s, [run(s, "a", (19, 20))])
    assert s.units["a"].pos == (19, 20)


def test_three_figures_running_to_one_spot_end_clear_of_each_other():
    """Issue 12: two friends and an enemy all ended at (25, 30). A arrives first (the resolution order
    is the scenario's); B stops where it no longer overlaps A; X runs into A and stops in base contact."""
    s = game([fig("a", 0, 20, 30), fig("b", 0, 25, 35), fig("x", 1, 30, 30, weapon="shotgun")])
    commit(s, [run(s, "a", (25, 30)), run(s, "b", (25, 30)), run(s, "x", (25, 30))])
    assert s.units["a"].pos == (25, 30)
    assert s.units["b"].pos == (25, 31)                     # 1 m short of A, on its own path
    assert s.units["x"].pos == (26, 30)                     # in base contact with A
    assert "B moves 4.0 m and stops short: the way is blocked" in texts(s)
    assert "X moves 4.0 m and stops short: the way is blocked" in texts(s)
    pos = [s.units[u].pos for u in "abx"]
    assert min(math.dist(p, q) for i, p in enumerate(pos) for q in pos[i + 1:]) >= 1.0 - 1e-9


def test_an_enemy_that_ran_into_the_path_earlier_stops_the_run_in_base_contact():
    s = game([fig("x", 1, 15, 28), fig("a", 0, 10, 20), fig("y", 1, 70, 5)])
    commit(s, [run(s, "x", (15, 20)), run(s, "a", (19, 20))])
    assert s.units["x"].pos == (15, 20)                     # X resolves first
    assert s.units["a"].pos == (14, 20)                     # A stops touching X, not through him


def test_a_run_whose_end_is_taken_stops_at_the_nearest_clear_point_short_of_it():
    s = game([fig("a", 0, 20, 30), fig("b", 0, 20, 36), fig("x", 1, 70, 5)])
    commit(s, [run(s, "a", (20, 34.9)), run(s, "b", (20, 34.5))])
    assert s.units["a"].pos == (20, 34.9)                   # A resolves first
    assert s.units["b"].pos == (20, 35.9)                   # 1 m short of A, on its own path


def test_a_charge_still_ends_in_melee_contact():
    s = game([fig("a", 0, 10, 20, weapon="knife"), fig("x", 1, 16, 20)])
    commit(s, {"a": next(op.action for op in options(s, "a") if op.action is not None
                         and op.action.action == "melee" and op.action.target == "x")}, dice=[1] * 20)
    assert math.isclose(s.units["a"].x, 16 - 1.0 - 0.5) and s.units["a"].y == 20   # gap of half the contact
    assert events(s, "Melee")


@pytest.mark.parametrize("name", ["takipsilim-dusk-ambush", "takipsilim-ruined-compound"])
def test_no_two_bases_ever_overlap_in_random_play(name):
    from game.io.scenario_file import load_scenario
    for seed in (1, 2):
        def no_overlap(state, actions, seed=seed):
            assert overlapping_bases(state) == [], (seed, state.log[-1].text)
        play_randomly(engine.new_game(load_scenario(name), seed=seed), seed, 600, no_overlap)


def test_the_move_to_operate_machinery_leaves_out_a_base_standing_there():
    from shapely.geometry import Point
    gen = {"id": "radio", "name": "radio", "x": 16, "y": 20, "radius": 2, "machinery": True}
    s = game([fig("a", 0, 10, 20), fig("x", 1, 16, 21)], objectives=[gen])
    op = next(o for o in options(s, "a") if o.template is not None and o.template.action == "operate")
    assert not op.region.covers(Point(16, 21)) and not op.region.covers(Point(16, 20.2))
    assert op.region.covers(Point(16, 19.9)) and op.region.covers(Point(14.5, 20))
