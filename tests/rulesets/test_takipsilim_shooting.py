"""Takipsilim "Cover and Movement": cover, stationary targets, aiming, hunkering down and flanking."""
from __future__ import annotations

from game.engine import game as engine
from tests.rulesets.test_takipsilim_helpers import (act, commit, fig, game, options, rolls, run, shoot, texts,
                                                    wall)

WALL = [wall("wall", 28, 15, 25)]           # a low wall just west of X at (29.5, 20)


def test_a_target_in_cover_is_shot_at_with_disadvantage():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 29.5, 20)], WALL)
    commit(s, [shoot(s, "a", "x"), act(s, "x", "ready")], dice=[6, 6, 1])
    assert rolls(s, "shooting")[0].expr == "3d6kl2>=8"
    assert any("target in cover (wall)" in t for t in texts(s))


def test_cover_with_a_range_advantage_rolls_normally():
    s = game([fig("a", 0, 21, 20, weapon="shotgun"), fig("x", 1, 29.5, 20)], WALL)
    commit(s, [shoot(s, "a", "x"), act(s, "x", "ready")], dice=[1, 1])
    assert rolls(s, "shooting")[0].expr == "2d6>=8"
    assert any("advantage (short range for the Shotgun) and disadvantage (target in cover (wall)) cancel" in t
               for t in texts(s))


def test_a_stationary_target_out_of_cover_is_shot_at_with_advantage():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)])
    commit(s, [shoot(s, "a", "x")], dice=[1, 1, 1])
    assert rolls(s, "shooting")[0].expr == "3d6kh2>=8"
    assert any("advantage (stationary target out of cover)" in t for t in texts(s))


def test_a_stationary_target_with_some_disadvantage_rolls_normally():
    s = game([fig("a", 0, 10, 20, weapon="pistol"), fig("x", 1, 30, 20)])
    commit(s, [shoot(s, "a", "x")], dice=[1, 1])
    assert rolls(s, "shooting")[0].expr == "2d6>=8"


def test_a_moving_target_gets_no_stationary_advantage_and_the_shooter_may_still_fire():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)])
    commit(s, [shoot(s, "a", "x"), run(s, "x", (35, 22))], dice=[1, 1])
    shot = rolls(s, "shooting")[0]
    assert shot.expr == "2d6>=8"
    assert any("(single shot, 25.1 m, medium range)" in t for t in texts(s))   # at the target's new spot


def test_aiming_gives_advantage_when_shooting_next_round_only():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)])
    commit(s, [act(s, "a", "aim"), run(s, "x", (31, 20))])
    assert "aimed" in s.units["a"].markers
    commit(s, [shoot(s, "a", "x"), run(s, "x", (32, 20))], dice=[1, 1, 1])
    assert rolls(s, "shooting")[-1].expr == "3d6kh2>=8"
    assert any("advantage (aimed last round)" in t for t in texts(s))
    assert "aimed" not in s.units["a"].markers
    commit(s, [shoot(s, "a", "x"), run(s, "x", (33, 20))], dice=[1, 1])
    assert rolls(s, "shooting")[-1].expr == "2d6>=8"


def test_aiming_and_moving_cancel_to_a_normal_roll():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)])
    commit(s, [act(s, "a", "aim"), run(s, "x", (31, 20))])
    commit(s, [shoot(s, "a", "x", move_to=(12, 20)), run(s, "x", (32, 20))], dice=[1, 1])
    assert rolls(s, "shooting")[-1].expr == "2d6>=8"


def test_hunkering_down_in_cover_leaves_no_line_of_sight_to_shoot():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 29.5, 20)], WALL)
    hunker = [o for o in options(s, "a")]
    assert not any(o.key == "a:hunker" for o in hunker)          # A is in the open: only waiting
    commit(s, [shoot(s, "a", "x")], dice=[])                     # X's idle order is hunkering down
    assert rolls(s, "shooting") == []
    assert any("X is hunkering down behind the wall (no line of sight; not flanking)" in t for t in texts(s))
    assert s.data["ammo"]["a"]["loaded"] == 30                   # no shot was fired


def test_a_flanking_shooter_may_shoot_a_hunkering_figure():
    # A stands south of X: the wall, west of X, does not protect from that side
    s = game([fig("a", 0, 30, 38), fig("x", 1, 29.5, 20)], WALL)
    commit(s, [shoot(s, "a", "x")], dice=[1, 1, 1])
    assert any("A is flanking X" in t for t in texts(s))
    assert rolls(s, "shooting")[0].expr == "3d6kh2>=8"           # stationary, out of cover from there


def test_forfeiting_the_round_out_of_cover_is_just_waiting():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)])
    commit(s, [shoot(s, "a", "x")], dice=[1, 1, 1])
    assert rolls(s, "shooting")[0].expr == "3d6kh2>=8"
    assert any(t == "X (Red): waits" for t in texts(s))


def test_no_line_of_sight_means_the_shooter_holds_fire():
    from tests.rulesets.test_takipsilim_helpers import rect
    wood = [rect("wood", "wood", 18, 10, 24, 30)]
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)], wood)
    assert not any(o.action is not None and o.action.action == "shoot" for o in options(s, "a"))
    commit(s, [shoot(s, "a", "x", move_to=(12, 20))], dice=[])
    assert any("no line of sight to X (blocked by wood)" in t for t in texts(s))
    assert engine.to_act(s).kind == "orders"


def test_a_shooter_inside_the_same_ruin_is_flanking_a_hunkering_figure():
    from tests.rulesets.test_takipsilim_helpers import rect
    ruin = [rect("ruin", "ruins", 25, 15, 35, 25)]
    s = game([fig("a", 0, 10, 20), fig("b", 0, 27, 21), fig("x", 1, 30, 20)], ruin)
    commit(s, [shoot(s, "a", "x"), shoot(s, "b", "x")], dice=[1, 1, 1])
    assert any("A holds fire: X is hunkering down behind the ruin" in t for t in texts(s))
    assert any("B is flanking X" in t for t in texts(s))
    assert [r.who for r in rolls(s, "shooting")] == ["B"]
    assert rolls(s, "shooting")[0].expr == "3d6kl2>=8"        # still in cover (ruins) for the shot itself


def test_range_bands_shown_up_to_the_weapons_last_band():
    """Weapon range limits: a pistol misses beyond medium (30 m), a rifle reaches distant (1 km)."""
    from game.engine.registry import get
    from game.io.scenario_file import load_scenario
    from game.engine import game as engine
    rs = get("takipsilim")
    s = engine.new_game(load_scenario("takipsilim-ruined-compound"), seed=1)
    for uid, unit in s.units.items():
        weapon = unit.stats.get("weapon")
        if weapon == "pistol":
            assert rs.range_bands(s, uid) == [("short", 10.0), ("medium", 30.0)]
        if weapon == "assault-rifle":
            assert rs.range_bands(s, uid)[-1] == ("distant", 1000.0)
    assert rs.hides_information(s)
