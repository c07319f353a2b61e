"""Character creation (seed 001 "Character Creation") and the stat roll ("Roll and Resolve Action")."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.rulesets.riskbreaker import characters, rolls

from tests.rulesets.riskbreaker_helpers import char, fighter_with, game, row, scenario


def test_every_stat_starts_at_4_with_10_points():
    blank = {"muscle": 4, "agility": 4, "wit": 4, "personality": 4, "skills": []}
    assert characters.points_left(blank) == 10


@pytest.mark.parametrize("value,cost", [(4, 0), (5, 5), (6, 11), (3, -4), (2, -7), (1, -9), (10, 45)])
def test_raising_a_stat_costs_the_value_raised_to_and_lowering_refunds_the_value_it_started_at(value, cost):
    """"to go from 5 to 6 costs 6 points"; "going from 4 to 3 nets you 4 points"."""
    assert characters.stat_cost(value) == cost


def test_a_skill_costs_1_point_and_2_when_magical():
    assert characters.skill_cost({"name": "Sword", "stat": "muscle"}) == 1
    assert characters.skill_cost({"name": "Lightning", "stat": "wit", "magical": True}) == 2


@pytest.mark.parametrize("archetype,left", [("fighter", 2), ("thief", 2), ("mage", 1), ("ranger", 1)])
def test_the_four_archetypes_have_the_points_left_the_text_prints(archetype, left):
    sheet = characters.expand({"archetype": archetype})
    assert characters.points_left(sheet) == left
    assert characters.sheet_problems({"archetype": archetype}) == []


def test_an_illegal_sheet_is_refused_with_the_reason():
    over = {"muscle": 7, "agility": 4, "wit": 4, "personality": 4, "skills": [{"name": "Sword", "stat": "muscle",
                                                                                  "fight": "melee"}]}
    assert any("spends 9 more than its 10 points" in p for p in characters.sheet_problems(over))
    no_fight = {"muscle": 4, "agility": 4, "wit": 4, "personality": 4, "skills": [{"name": "Sneak", "stat": "agility"}]}
    assert any("Fight skill" in p for p in characters.sheet_problems(no_fight))
    bad_stat = dict(over, muscle=11)
    assert any("muscle" in p for p in characters.sheet_problems(bad_stat))


def test_a_scenario_with_an_illegal_sheet_fails_validation():
    from game.engine.registry import get
    over = fighter_with("Sword", "muscle", 7)
    over["points"] = 10
    sc = scenario([char("a", 0, 0, over), char("b", 1, 0, {"archetype": "thief"})], row("yard"))
    assert any(p.startswith("units[0].stats.points") for p in get("riskbreaker").validate_scenario(sc))


@pytest.mark.parametrize("stat,under,pct", [(1, 3, 20), (2, 4, 30), (3, 5, 40), (4, 6, 50), (5, 7, 60), (6, 8, 70),
                                            (7, 9, 80), (8, 10, 90), (9, 10, 90), (10, 10, 90)])
def test_the_stat_rolls_table(stat, under, pct):
    """"A character succeeds if they roll under (Stat + 2), with a cap of 9. Rolls of 10 are always a
    failure": the text's table, stat by stat."""
    assert rolls.target(stat) == under
    assert rolls.chance(stat) == Fraction(pct, 100)


def test_a_10_always_fails_even_with_risk_added():
    state = game([char("a", 0, 0, {"archetype": "fighter"}), char("b", 1, 0, {"archetype": "thief"})], row("yard"),
                 dice=[10, 9])
    assert rolls.stat_roll(state, 13, "test", "A").success is False
    assert rolls.stat_roll(state, 13, "test", "A").success is True


def test_the_character_sheet_shows_rating_skill_damage_effective_skill_kill_damage_and_counters():
    state = game([char("a", 0, 0, {"archetype": "mage"}), char("b", 1, 0, {"archetype": "thief"})], row("yard"))
    characters.sheet(state, "a")["skill"]["wit"] = 2
    rows = characters.sheet_rows(state, state.units["a"])
    assert rows[2].split()[:6] == ["Wit", "5", "-", "2", "=", "3"]
    assert "Lightning*" in rows[2]
    assert rows[4].split() == ["Kill", "Damage", "0/5", "Combat", "Counters", "0/3"]
    assert rows[5].startswith("Fighting with W5: Lightning (>).") and "> Lightning*" in rows[2]
