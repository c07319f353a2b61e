"""Risus Skirmish: line of sight (high terrain, edges, same piece, houses) and facing options."""
from __future__ import annotations

import pytest

from game.engine.registry import get
from game.rulesets.risus_skirmish import combat, terrain
from test_risus_helpers import cliche, fig, game, rect

THREE = [rect("f1", "field", 0, 0, 20, 40), rect("w", "wood", 20, 0, 40, 40),
         rect("f2", "field", 40, 0, 60, 40)]


def test_high_terrain_between_the_two_blocks_los():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], THREE)
    assert not terrain.los_clear(s, (10, 20), (50, 20))
    assert s.table.los((10, 20), (50, 20), get("risus-skirmish").los_rules(s)).blocker == "w"


def test_inside_high_terrain_away_from_its_edge_blocks_los():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 30, 20)], THREE)
    assert not terrain.los_clear(s, (10, 20), (30, 20))
    assert combat.plan_attack(s, "a", "b") is None


def test_just_inside_high_terrain_at_its_edge_sees_and_is_seen():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 21.5, 20)], THREE)
    assert terrain.los_clear(s, (10, 20), (21.5, 20))
    assert combat.plan_attack(s, "a", "b") is not None and combat.plan_attack(s, "b", "a") is not None


def test_two_figures_in_the_same_piece_always_see_each_other():
    s = game([fig("a", 0, 25, 5), fig("b", 1, 35, 35)], THREE)
    assert terrain.los_clear(s, (25, 5), (35, 35))
    assert combat.plan_attack(s, "a", "b") is not None


HOUSE = [{"id": "yard", "kind": "field", "name": "Yard", "polygon": [[0, 0], [60, 0], [60, 40], [0, 40]],
          "holes": [[[30, 15], [40, 15], [40, 25], [30, 25]]]},
         {"id": "house", "kind": "house", "name": "House", "polygon": [[30, 15], [40, 15], [40, 25], [30, 25]],
          "openings": [[[30, 19], [30, 21]], [[40, 19], [40, 21]]]}]


def test_houses_as_high_terrain_the_edge_rule_applies():
    s = game([fig("a", 0, 35, 20), fig("b", 1, 20, 16), fig("c", 0, 31, 17)], HOUSE,
             options={"houses": "high"})
    assert not terrain.los_clear(s, (35, 20), (20, 16))       # inside, away from the edge
    assert terrain.los_clear(s, (31, 17), (20, 16))           # touching the edge: fires out, is fired at


def test_houses_with_walls_fire_passes_only_through_doors_and_windows():
    s = game([fig("a", 0, 35, 20), fig("b", 1, 20, 16)], HOUSE, options={"houses": "walls"})
    assert terrain.los_clear(s, (35, 20), (20, 20))           # through the door
    assert terrain.los_clear(s, (35, 20), (55, 20.5))         # through the window
    assert not terrain.los_clear(s, (35, 20), (20, 16))       # the wall blocks
    assert not terrain.los_clear(s, (31, 17), (20, 16))       # even at the edge


# -- facing ---------------------------------------------------------------------------------------
def sees(facing_option, a_pos, a_facing, b_pos, pieces=None, level=3):
    s = game([fig("a", 0, *a_pos, level, facing=a_facing), fig("b", 1, *b_pos)], pieces,
             options={"facing": facing_option})
    return terrain.sees(s, s.units["a"], s.units["b"].pos)


def test_facing_none_only_terrain_counts():
    assert sees("none", (30, 20), 180, (50, 20))


@pytest.mark.parametrize("facing_option,ahead,wide,behind", [
    ("180", True, True, False), ("90", True, False, False)])
def test_facing_180_and_90_limit_the_field_of_vision(facing_option, ahead, wide, behind):
    assert sees(facing_option, (30, 20), 0, (50, 25)) == ahead       # 14 degrees off the facing
    assert sees(facing_option, (30, 20), 0, (35, 39)) == wide        # 75 degrees off
    assert sees(facing_option, (30, 20), 0, (10, 20)) == behind      # straight behind


def test_facing_90_inside_high_terrain_360_in_the_open():
    wood = [rect("f1", "field", 0, 0, 20, 40), rect("w", "wood", 20, 0, 60, 40)]
    assert sees("90-in-high", (10, 20), 0, (5, 35), wood)           # in the open: all round
    assert not sees("90-in-high", (22, 20), 180, (22, 30), wood)    # in the wood: 90 degrees
    assert sees("90-in-high", (22, 20), 180, (10, 22), wood)


def test_cliche_vision_option_widens_with_experience():
    # 45 degrees per level: a level-2 rookie sees 90 degrees, a level-4 veteran 180
    assert not sees("cliche", (30, 20), 0, (35, 39), level=2)
    assert sees("cliche", (30, 20), 0, (35, 39), level=4)
    assert sees("cliche", (30, 20), 0, (10, 20), level=8)


def test_attack_needs_the_target_in_the_field_of_vision():
    s = game([fig("a", 0, 30, 20, facing=180), fig("b", 1, 50, 20, facing=180)], options={"facing": "180"})
    assert combat.plan_attack(s, "a", "b") is None            # a faces away from b
    assert combat.plan_attack(s, "b", "a") is not None        # b faces a
