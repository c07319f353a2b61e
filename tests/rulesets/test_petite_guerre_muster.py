"""Petite Guerre's force builder on points ("Point system"): troop types shown with their published
points, leaders x12 and sub-leaders x6, a points limit, and the force standing on the table.
Seed: 004_34c3fc4ecaa954ef.txt."""
from __future__ import annotations

import pytest

from game import rulesets
from game.engine import game as engine
from game.engine import registry
from game.engine.muster import muster_scenario_doc
from game.io.scenario_file import load_scenario, scenario_from_doc
from game.rulesets.petite_guerre import muster as pg_muster
from game.rulesets.petite_guerre import tables

rulesets.load_all()
PG = registry.get("petite-guerre")


@pytest.fixture(scope="module")
def piquet():
    return load_scenario("maps/petite-guerre-the-piquet.json")


def unit(kind, leader=0, subs=1, men=4, formation="open", name="Post"):
    return {"name": name, "troop": pg_muster.troop_choice(kind), "leader": leader, "sub_leaders": subs, "men": men,
            "formation": formation}


def test_each_troop_type_is_offered_with_its_published_points(piquet):
    """"The point value is an arithmetic function of those coefficients ... show the points in the
    army-building screen": C + AF + M + Mv, light infantry d8 + d10 + d6 + 6 = 30."""
    troop = PG.muster(piquet, 0).field("troop")
    assert "Light infantry (30 pts)" in troop.choices and "Line infantry (26 pts)" in troop.choices
    assert len(troop.choices) == len(tables.troops()["types"])


def test_a_leader_is_worth_twelve_men_and_a_sub_leader_six(piquet):
    """"Leaders are worth 12 times a subordinate and sub-leaders 6 times"."""
    tally = PG.muster_tally(piquet, 0, [unit("light-infantry", leader=1, subs=1, men=6)])
    assert tally.costs == (12 * 30 + 6 * 30 + 6 * 30,)


def test_the_limit_is_the_larger_sides_points_and_an_overspent_force_is_refused(piquet):
    """"Scenarios are built on equal points by default": the limit is the larger side's points (840)."""
    m = PG.muster(piquet, 0)
    assert (m.budget, m.per_entry) == (840, False)
    over = [unit("jaegers", leader=1, subs=1, men=8)]          # 408 + 204 + 272 = 884
    tally = PG.muster_tally(piquet, 0, over)
    assert tally.left == -44
    assert tally.problems == ("the force costs 884 points, 44 more than the limit of 840",)


def test_a_unit_needs_a_leader_or_a_sub_leader_and_a_line_four_figures(piquet):
    """"Units are piquets and detachments ... with a leader and sub-leaders"; a line has two ranks."""
    leaderless = PG.muster_tally(piquet, 0, [unit("militia", subs=0)]).problems
    assert leaderless == ("unit 1 (Post): a unit needs a leader or a sub-leader",)
    thin = PG.muster_tally(piquet, 0, [unit("line-infantry", men=1, formation="line")]).problems
    assert thin == ("unit 1 (Post): a unit in line needs at least 4 figures (two ranks of two)",)


def test_the_builder_starts_from_the_scenarios_own_units(piquet):
    entries = PG.muster_force(piquet, 1)
    assert entries == [{"name": "the first section", "troop": "Line infantry (26 pts)", "leader": 1,
                        "sub_leaders": 0, "men": 7, "formation": "line"},
                       {"name": "the second section", "troop": "Line infantry (26 pts)", "leader": 0,
                        "sub_leaders": 1, "men": 7, "formation": "line"}]
    assert PG.muster_tally(piquet, 1, entries).costs == (494, 338)


def test_a_built_force_stands_on_the_table_as_units_in_their_formation(piquet):
    """The new units replace the side's figures, round where they stood and facing the same way; a unit
    in line stands in two ranks, its figures numbered by rank for volleys."""
    force = [unit("line-infantry", subs=1, men=7, formation="line", name="Grenadiers"),
             unit("light-infantry", subs=1, men=3, name="Skirmishers")]
    built = scenario_from_doc(muster_scenario_doc(PG, piquet, {1: force}), "built")
    british = [u for u in built.units if u.side == 1]
    assert len(british) == 8 + 4
    assert built.ruleset_data["units"]["s1-u1"] == {"name": "Grenadiers", "formation": "line"}
    assert sorted(u.stats.get("rank") for u in british if u.team == "s1-u1") == [1, 1, 1, 1, 2, 2, 2, 2]
    assert {u.facing for u in british} == {0.0}
    assert [u.stats.get("role") for u in british[:2]] == ["sub-leader", None]
    state = engine.new_game(built, 1)
    assert state.data["units"]["s1-u1"]["formation"] == "line"
    assert all(0 < u.x < built.width and 0 < u.y < built.height for u in british)
    assert len([u for u in built.units if u.side == 0]) == 12             # the French are untouched


def test_a_scenario_may_fix_its_forces(piquet):
    doc = dict(piquet.raw, ruleset_data=dict(piquet.raw["ruleset_data"], muster=False))
    fixed = scenario_from_doc(doc, "fixed")
    assert PG.muster(fixed, 0) is None
