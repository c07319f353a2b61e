"""Riskbreaker's party builder on points ("Character Creation"), as the new-game screen and the AI use it
through the engine's muster (game/engine/muster.py). Seed: 001_3f7b5bbacd6908e7.txt."""
from __future__ import annotations

import copy

import pytest

from game import rulesets
from game.engine import registry
from game.engine.muster import MusterError, muster_scenario_doc
from game.io.scenario_file import load_scenario, scenario_from_doc
from game.rulesets.riskbreaker import muster as rb_muster

rulesets.load_all()
RB = registry.get("riskbreaker")


@pytest.fixture(scope="module")
def duel():
    return load_scenario("maps/riskbreaker-bridge-duel.json")


def preset(m, pid):
    return next(p for p in m.presets if p.id == pid).new_entry()


def test_the_four_archetypes_are_presets_with_exactly_the_points_left_the_text_prints(duel):
    """"Fighter ... 2 Points Left Over", Thief 2, Mage 1, Ranger 1."""
    m = RB.muster(duel, 0)
    lefts = {p.id: RB.muster_tally(duel, 0, [p.new_entry()]).entry_left[0] for p in m.presets}
    assert lefts == {"fighter": 2, "thief": 2, "mage": 1, "ranger": 1}
    assert [p.note for p in m.presets] == ["2 points left", "2 points left", "1 point left", "1 point left"]


def test_raising_a_stat_costs_the_value_it_is_raised_to_and_lowering_gives_back_the_start(duel):
    """"To increase a stat, pay the amount you're increasing it to" (4->5 costs 5, 4->6 costs 11);
    "decreasing a stat gives you the amount of points it started at" (4->3 gives 4)."""
    blank = {"name": "Sam", "muscle": 4, "agility": 4, "wit": 4, "personality": 4, "skills": ["Sword (M, melee)"]}
    def left(**stats):
        return RB.muster_tally(duel, 0, [dict(blank, **stats)]).entry_left[0]
    assert left() == 9
    assert left(muscle=5) == 9 - 5
    assert left(muscle=6, wit=3) == 9 - 11 + 4
    assert left(muscle=6, wit=2) == 9 - 11 + 7


def test_a_skill_costs_one_point_and_a_magical_one_two(duel):
    """"A skill costs 1 point (or 2 points for anything unusual or 'magical')"."""
    base = {"name": "Ada", "muscle": 4, "agility": 4, "wit": 4, "personality": 4}
    one = RB.muster_tally(duel, 0, [dict(base, skills=["Sword (M, melee)"])]).entry_left[0]
    magic = RB.muster_tally(duel, 0, [dict(base, skills=["Lightning* (W, ranged)"])]).entry_left[0]
    assert (one, magic) == (9, 8)


def test_skills_are_typed_with_their_stat_and_read_back_as_the_text_writes_them():
    """"Each skill belongs to one stat": `Name (M)`, `Name (A, ranged)`, `Name* (W, ranged)`."""
    assert rb_muster.parse_skill("Lightning* (W, ranged)") == {"name": "Lightning", "stat": "wit", "fight": "ranged",
                                                               "magical": True}
    assert rb_muster.parse_skill("climb (agility)") == {"name": "climb", "stat": "agility"}
    assert "expected Name (M)" in rb_muster.parse_skill("Climb")
    assert "the stat must be M, A, W or P" in rb_muster.parse_skill("Climb (Q)")
    assert "melee or ranged" in rb_muster.parse_skill("Axe (M, thrown)")
    for k in rb_muster.catalogue():
        assert not isinstance(rb_muster.parse_skill(k), str), k


def test_an_illegal_sheet_is_refused_with_the_reason(duel):
    """A sheet that spends more points than it has is refused, naming the character and the overspend."""
    m = RB.muster(duel, 0)
    over = dict(preset(m, "fighter"), muscle=7)
    tally = RB.muster_tally(duel, 0, [over])
    assert not tally.legal and tally.entry_left == (-11,)
    assert tally.problems == ("character 1 (Fighter): points: the sheet spends 11 more than its 10 points",)
    no_weapon = dict(preset(m, "thief"), skills=["Sneak (A)"])
    assert "a character needs a Fight skill" in " ".join(RB.muster_tally(duel, 0, [no_weapon]).problems)
    with pytest.raises(MusterError, match="West: character 1"):
        muster_scenario_doc(RB, duel, {0: [over]})


def test_the_scenario_sets_the_party_size_and_each_name_is_its_own(duel):
    """"A scenario either gives each side fixed characters or a point budget and a party size"."""
    m = RB.muster(duel, 1)
    assert (m.budget, m.fewest, m.most, m.per_entry) == (10, 1, 4, True)
    five = [preset(m, "fighter") | {"name": f"F{i}"} for i in range(5)]
    assert RB.muster_tally(duel, 1, five).problems == ("the force may have at most 4 characters, it has 5",)
    twins = [preset(m, "fighter"), preset(m, "fighter")]
    assert "each character needs a name of its own" in RB.muster_tally(duel, 1, twins).problems
    fixed = load_scenario("maps/riskbreaker-wizards-stair.json")
    assert RB.muster(fixed, 0) is None and RB.muster(fixed, 1) is None


def test_the_builder_starts_from_the_scenarios_own_party(duel):
    entries = RB.muster_force(duel, 0)
    assert [e["name"] for e in entries] == ["Aldo the Blade", "Bera the Archer", "Cato the Witch", "Dain the Knight"]
    assert entries[0]["skills"][0] == "Greatsword (M, melee)" and RB.muster_tally(duel, 0, entries).legal


def test_a_built_party_stands_where_the_sides_characters_stood_and_fights_with_its_first_fight_skill(duel):
    """The party replaces the side's characters, in order, each at one of their places; the first
    Fight skill listed is the one the character starts with."""
    m = RB.muster(duel, 0)
    mage = preset(m, "mage")
    fighter = dict(preset(m, "fighter"), skills=["Bow (A, ranged)", "Sword (M, melee)", "Maneuver (A)"])
    doc = muster_scenario_doc(RB, duel, {0: [mage, fighter]})
    built = scenario_from_doc(doc, "built")
    west = [u for u in built.units if u.side == 0]
    assert [(u.id, u.name, u.x, u.y) for u in west] == [("w-blade", "Mage", 27, 10), ("w-archer", "Fighter", 24, 15)]
    assert west[1].stats["fighting_with"] == "Bow"
    assert [u.name for u in built.units if u.side == 1] == [u.name for u in duel.units if u.side == 1]
    assert duel.raw["units"][0]["name"] == "Aldo the Blade"          # the file's scenario is untouched
    assert copy.deepcopy(built.raw) == doc
