"""Risus Skirmish: bases may not overlap (issue 12; game.geometry.bases). A move's region leaves out every
other base grown by the mover's radius, and every point whose straight line from the mover crosses an
enemy base; an assault still reaches the enemy and ends in base contact; team members land clear."""
from __future__ import annotations

import math

import pytest

from game.engine import game as engine
from game.rulesets.risus_skirmish.actions import Move
from tests.random_play import overlapping_bases, play_randomly
from test_risus_helpers import fig, game, option, options, rect, texts, who, with_dice

# a field, a wood the figures in the field cannot see through, and a field beyond it
TABLE = [rect("f1", "field", 0, 0, 20, 40), rect("w", "wood", 20, 0, 40, 40), rect("f2", "field", 40, 0, 60, 40)]
RESERVE = fig("r", 1, 55, 35)          # an unpinned German out of sight, so the game is not over
R = 2.5                                 # two standard bases (2.5 cm across): centres at least 2.5 cm apart
TEAM = {"teams": {"t": {"name": "T", "leader": "l"}}}


def test_a_move_may_not_end_on_another_figures_base():
    s = game([fig("a", 0, 5, 20), fig("c", 0, 10, 20), RESERVE], TABLE)
    assert engine.check(s, Move("a", 11, 20, 0)) is not None            # on C's base
    assert engine.check(s, Move("a", 10, 20 + R - 0.1, 0)) is not None  # overlapping it by 1 mm
    assert engine.check(s, Move("a", 10, 20 + R + 0.01, 0)) is None     # clear of it
    engine.apply(s, Move("a", 10, 20 + R + 0.01, 0))
    assert s.units["a"].pos == (10, 22.51) and s.units["c"].pos == (10, 20)


def test_a_move_may_not_pass_through_an_enemy_base():
    """Interpretation: a move goes in a straight line (the line OP fire is checked along); it may not
    end where that line would take the mover's base across an enemy's base."""
    s = game([fig("a", 0, 5, 20), fig("b", 1, 10, 20), RESERVE], TABLE)
    assert engine.check(s, Move("a", 15, 20, 0)) is not None            # straight through B
    assert engine.check(s, Move("a", 15, 21.5, 0)) is not None          # grazing B's base on the way
    assert engine.check(s, Move("a", 15, 28, 0)) is None                # past him, well to the side


def test_a_friends_base_does_not_block_the_way():
    s = game([fig("a", 0, 5, 20), fig("c", 0, 10, 20), RESERVE], TABLE)
    engine.apply(s, Move("a", 15, 20, 0))                               # past C, not onto him
    assert s.units["a"].pos == (15, 20)


def test_an_assault_reaches_the_enemy_and_ends_in_base_contact():
    """The assault is decided on the terrain region before the bases are left out of it."""
    s = game([fig("a", 0, 5, 20, 3), fig("b", 1, 15, 20, 2, markers=["pinned"]), RESERVE], TABLE)
    o = option(s, "Assault", "a", "b")
    assert o.action == Move("a", 15, 20, 0.0)
    assert engine.check(s, Move("a", 15, 20, 0.0)) is None
    with_dice(s, [6, 6, 6, 1, 1, 1, 1, 1, 6, 3, 3, 6, 6, 6, 1])
    engine.apply(s, o.action)
    assert s.units["a"].pos == (15 - R, 20)
    assert "Close combat! A assaults B (pinned, he defends)" in texts(s)


def touching(a, b) -> bool:
    return abs(math.dist(a.pos, b.pos) - (a.base_radius + b.base_radius)) <= 2e-3


def crosses(start, end, other, r: float = 1.25) -> bool:
    """Does a base of radius r going straight from start to end pass over `other`'s base?"""
    from shapely.geometry import LineString, Point
    return LineString([start, end]).distance(Point(other.pos)) < r + other.base_radius - 1e-3


def test_close_combat_an_offered_assault_ends_in_base_contact_round_a_friend():
    """Close Combat: "If a movement ends at the position of an enemy that enemy is assaulted." A friend
    D stands where A would touch B coming straight on: the assault goes round him and ends in base
    contact with B, and the close combat is fought (it used to stop short of B with no combat)."""
    s = game([fig("a", 0, 5, 20, 3), fig("d", 0, 15 - R, 20), fig("b", 1, 15, 20, 2, markers=["pinned"]),
              RESERVE], TABLE)
    o = option(s, "Assault", "a", "b")
    with_dice(s, [6, 6, 6, 1, 1, 1, 1, 1, 6, 3, 3, 6, 6, 6, 1])
    engine.apply(s, o.action)
    a, b, d = s.units["a"], s.units["b"], s.units["d"]
    assert touching(a, b) and math.dist(a.pos, d.pos) >= R - 1e-3
    assert "Close combat! A assaults B (pinned, he defends)" in texts(s)
    assert b.out


def test_an_assault_goes_round_an_enemy_in_its_way_and_assaults_the_enemy_it_was_aimed_at():
    """The assault on B passes C's base (a move never crosses an enemy base) and ends touching B."""
    start = (5, 20)
    s = game([fig("a", 0, *start, 3), fig("b", 1, 15, 20, 2, markers=["pinned"]),
              fig("c", 1, 10, 22, 2, markers=["pinned"]), RESERVE], TABLE)
    with_dice(s, [6, 6, 6, 1, 1, 1, 1, 1, 6, 3, 3, 6, 6, 6, 1])
    engine.apply(s, option(s, "Assault", "a", "b").action)
    a, b, c = s.units["a"], s.units["b"], s.units["c"]
    assert touching(a, b) and not crosses(start, a.pos, c)
    assert "Close combat! A assaults B (pinned, he defends)" in texts(s)
    assert b.out and not c.out


def test_an_assault_that_cannot_reach_base_contact_is_not_offered():
    """C stands square in the way: no straight line reaches B's base without crossing C's, so only
    C may be assaulted."""
    s = game([fig("a", 0, 5, 20, 3), fig("b", 1, 15, 20, 2, markers=["pinned"]),
              fig("c", 1, 10, 20.5, 2, markers=["pinned"]), RESERVE], TABLE)
    assault = [o.target for o in options(s, "Assault") if o.the_actor == "a"]
    assert "c" in assault and "b" not in assault


def test_team_members_land_clear_of_every_base():
    """M keeps his place 3 cm below his leader unless a base stands there: then the nearest clear point."""
    s = game([fig("l", 0, 5, 20, team="t"), fig("m", 0, 5, 23, team="t"), fig("c", 0, 16, 23), RESERVE],
             TABLE, ruleset_data=TEAM)
    engine.apply(s, Move("t", 15, 20, 0))
    l, m, c = s.units["l"], s.units["m"], s.units["c"]
    assert l.pos == (15, 20)
    assert math.dist(m.pos, c.pos) >= R - 1e-3 and math.dist(m.pos, l.pos) >= R - 1e-3
    # beside C, at (13.5, 23) as near as the 64-sided outline of a grown base draws it
    assert m.pos == (13.501, 22.926)
    assert who(s) == (0, "act")


@pytest.mark.parametrize("name", ["risus-farm-assault", "risus-hidden-ambush"])
def test_no_two_bases_ever_overlap_in_random_play(name):
    from game.io.scenario_file import load_scenario
    for seed in (1, 2):
        def no_overlap(state, actions, seed=seed):
            assert overlapping_bases(state) == [], (seed, state.log[-1].text)
        play_randomly(engine.new_game(load_scenario(name), seed=seed), seed, 400, no_overlap)
