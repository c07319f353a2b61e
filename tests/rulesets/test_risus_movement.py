"""Risus Skirmish: movement without measuring, the tiled table, houses with walls, teams moving together."""
from __future__ import annotations

import json

import pytest
import shapely

from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.registry import get
from game.rulesets.risus_skirmish.actions import Move
from test_risus_helpers import fig, game, option, options, rect, scenario, texts, who

THREE = [rect("f1", "field", 0, 0, 20, 40), rect("w", "wood", 20, 0, 40, 40),
         rect("f2", "field", 40, 0, 60, 40)]


def inside(region, x, y) -> bool:
    return bool(region.distance(shapely.Point(x, y)) <= 1e-9)


def test_move_goes_anywhere_in_the_own_piece_or_into_the_first_part_of_an_adjacent_one():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], THREE)
    region = option(s, "Move", "a").region
    assert inside(region, 1, 1) and inside(region, 19, 39)         # the own piece
    assert inside(region, 22.5, 20)                                 # the first part of the wood
    assert not inside(region, 25, 20)                               # deeper into the wood
    assert not inside(region, 45, 20)                               # a piece that is not adjacent


CHEQUER = [rect("nw", "field", 0, 0, 30, 20), rect("ne", "low-wall", 30, 0, 60, 20),
           rect("sw", "low-wall", 0, 20, 30, 40), rect("se", "field", 30, 20, 60, 40)]


def test_pieces_meeting_only_at_a_corner_are_not_adjacent():
    """"Movement" goes into an adjacent terrain type: a corner is no border a figure can cross
    (interpretation in the rules summary), so NW reaches NE and SW but not SE across the corner."""
    s = game([fig("a", 0, 29, 19), fig("b", 1, 55, 35)], CHEQUER)
    region = option(s, "Move", "a").region
    assert inside(region, 31, 10) and inside(region, 10, 21)      # the first parts of NE and SW
    assert not inside(region, 31, 21)                             # SE, across the corner
    assert engine.check(s, Move("a", 31, 21, 0)) is not None


def test_move_option_carries_the_region_and_a_template():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], THREE)
    o = option(s, "Move", "a")
    assert o.region is not None and o.template == Move("a")
    assert o.at(22, 20, 45) == Move("a", 22.0, 20.0, 45.0)


def test_move_outside_the_region_is_illegal_and_changes_nothing():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], THREE)
    before = engine.state_hash(s)
    assert "outside the legal region" in engine.check(s, Move("a", 30, 20, 0))
    with pytest.raises(engine.IllegalAction):
        engine.apply(s, Move("a", 30, 20, 0))
    assert engine.state_hash(s) == before


def test_move_ends_with_a_free_choice_of_facing():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], THREE)
    engine.apply(s, Move("a", 22, 20, 137.5))
    assert s.units["a"].pos == (22, 20) and s.units["a"].facing == 137.5


def test_next_move_starts_from_the_new_piece():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 58, 2)], THREE)
    engine.apply(s, Move("a", 22, 20, 0))
    region = option(s, "Move", "a").region
    assert inside(region, 38, 5) and inside(region, 42, 20) and not inside(region, 10, 20)


def test_impassable_terrain_is_never_in_a_move_region():
    pieces = [rect("f1", "field", 0, 0, 20, 40), rect("lake", "water", 20, 0, 40, 20),
              rect("f3", "field", 20, 20, 40, 40), rect("f2", "field", 40, 0, 60, 40)]
    s = game([fig("a", 0, 10, 10), fig("b", 1, 50, 20)], pieces)
    region = option(s, "Move", "a").region
    assert not inside(region, 21, 10) and inside(region, 21, 30)


# -- a tiled table ---------------------------------------------------------------------------------
def test_validate_rejects_a_table_with_gaps_and_says_where():
    sc = scenario([fig("a", 0, 5, 5), fig("b", 1, 55, 35)],
                  [rect("f1", "field", 0, 0, 20, 40), rect("f2", "field", 30, 0, 60, 40)])
    problems = get("risus-skirmish").validate_scenario(sc)
    assert problems and problems[0].startswith("terrain: expected pieces that tile the whole table")
    assert "400.0 cm²" in problems[0] and "(25, 20)" in problems[0]


def test_validate_accepts_a_tiled_table():
    sc = scenario([fig("a", 0, 5, 5), fig("b", 1, 55, 35)], THREE)
    assert get("risus-skirmish").validate_scenario(sc) == []


def test_validate_file_level_rejects_gaps(tmp_path):
    from game.io.scenario_file import FileProblem, parse_scenario
    doc = dict(scenario([fig("a", 0, 5, 5), fig("b", 1, 55, 35)],
                        [rect("f1", "field", 0, 0, 20, 40), rect("f2", "field", 30, 0, 60, 40)]).raw)
    with pytest.raises(FileProblem) as err:
        parse_scenario(json.dumps(doc), "gappy.json")
    assert "not covered" in str(err.value)


def test_validate_names_bad_cliches_and_weapons():
    units = [fig("a", 0, 5, 5, weapon="phaser"), fig("b", 1, 55, 35)]
    units[1]["stats"]["cliches"] = [{"name": "Bad", "level": "three", "for": ["knitting"]}]
    problems = get("risus-skirmish").validate_scenario(scenario(units, THREE))
    assert any(p.startswith("units[0].stats.weapon") for p in problems)
    assert any(p.startswith("units[1].stats.cliches[0].level") for p in problems)
    assert any(p.startswith("units[1].stats.cliches[0].for") for p in problems)


# -- houses ----------------------------------------------------------------------------------------
HOUSE = [{"id": "yard", "kind": "field", "name": "Yard",
          "polygon": [[0, 0], [60, 0], [60, 40], [0, 40]],
          "holes": [[[30, 15], [40, 15], [40, 25], [30, 25]]]},
         {"id": "house", "kind": "house", "name": "House",
          "polygon": [[30, 15], [40, 15], [40, 25], [30, 25]],
          "openings": [[[30, 19], [30, 21]]]}]


def test_houses_as_high_terrain_are_entered_through_any_edge():
    s = game([fig("a", 0, 20, 20), fig("b", 1, 55, 35)], HOUSE, options={"houses": "high"})
    region = option(s, "Move", "a").region
    assert inside(region, 31, 16) and inside(region, 39, 24) and not inside(region, 35, 20)


def test_houses_with_walls_are_entered_only_through_doors_and_windows():
    s = game([fig("a", 0, 20, 20), fig("b", 1, 55, 35)], HOUSE, options={"houses": "walls"})
    region = option(s, "Move", "a").region
    assert inside(region, 31, 20) and inside(region, 31.5, 21.5)
    assert not inside(region, 31, 16) and not inside(region, 39, 24)


def test_houses_with_walls_are_left_only_through_doors_and_windows():
    s = game([fig("a", 0, 35, 20), fig("b", 1, 55, 35)], HOUSE, options={"houses": "walls"})
    region = option(s, "Move", "a").region
    assert inside(region, 28, 20) and inside(region, 39, 24)       # out by the door; anywhere inside
    assert not inside(region, 28, 16) and not inside(region, 42, 20) and not inside(region, 10, 10)


# -- teams -----------------------------------------------------------------------------------------
TEAM = [fig("l", 0, 10, 20, team="t"), fig("m", 0, 10, 17, team="t"), fig("n", 0, 8, 23, team="t")]
TEAM_DATA = {"teams": {"t": {"name": "Able Team", "leader": "l"}}}


def test_a_team_moves_together_keeping_its_formation():
    s = game(TEAM + [fig("b", 1, 50, 20)], THREE, ruleset_data=TEAM_DATA)
    assert [o.the_actor for o in options(s, "Move")] == ["t"]          # members do not move alone
    engine.apply(s, Move("t", 15, 25, 90))
    assert s.units["l"].pos == (15, 25) and s.units["m"].pos == (15, 22) and s.units["n"].pos == (13, 28)
    assert all(s.units[u].facing == 90 for u in "lmn")
    assert "Able Team moves to f1 (field), facing 90°" in texts(s)


def test_team_members_whose_place_would_be_off_the_region_stop_at_its_edge():
    s = game(TEAM + [fig("b", 1, 50, 20)], THREE, ruleset_data=TEAM_DATA)
    engine.apply(s, Move("t", 2, 20, 0))
    assert s.units["n"].pos == (0, 23)


def test_pinned_team_members_stay_behind():
    team = [dict(TEAM[0]), dict(TEAM[1], markers=["pinned"]), dict(TEAM[2])]
    s = game(team + [fig("b", 1, 50, 20)], THREE, ruleset_data=TEAM_DATA)
    engine.apply(s, Move("t", 15, 20, 0))
    assert s.units["m"].pos == (10, 17) and s.units["l"].pos == (15, 20)


def test_pass_is_offered_to_the_side_holding_the_initiative_once_it_has_acted():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], THREE)
    assert not options(s, "Pass")                  # "A turn consists of one or more actions"
    engine.apply(s, Move("a", 10, 20, 90))         # turning on the spot: a move
    assert option(s, "Pass").action == Pass(0)
    assert who(s) == (0, "act")


def test_a_point_rounded_by_the_ui_just_outside_the_region_is_still_legal():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 58, 2)], THREE)
    # the region ends 3 cm into the wood, at x = 23; Option.at rounds to 1/1000 cm
    assert engine.check(s, Move("a", 23.0009, 20, 0)) is None
    assert engine.check(s, Move("a", 23.01, 20, 0)) is not None


def test_describe_unit_names_cliches_weapon_and_state():
    s = game([fig("a", 0, 10, 20, weapon="sniper rifle", markers=["pinned"]), fig("c", 0, 5, 5),
              fig("b", 1, 58, 2)], THREE)
    text = get("risus-skirmish").describe_unit(s, "a")
    assert text == "A (Americans): Soldier a(3); sniper rifle (better); pinned"
