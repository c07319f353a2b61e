"""Risus Skirmish: forces (clichés, teams, weapons), the attack, cover and the odds shown."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import game as engine
from game.engine import odds
from game.rulesets.risus_skirmish import combat, forces
from game.rulesets.risus_skirmish.actions import Attack
from test_risus_helpers import cliche, fig, game, option, options, rect, texts, who

WORKED_EXAMPLE_TEAM = [
    fig("gunner", 0, 10, 18, team="squad", weapon="light machine gun",
        cliches=[cliche("Tough wisecracking light machinegunner", 3, "shooting", "close combat")]),
    fig("leader", 0, 10, 20, team="squad", weapon="rifle",
        cliches=[cliche("Easily scared by-the-book squadleader", 4, "leadership", "shooting")]),
    fig("rifleman", 0, 10, 22, team="squad", weapon="rifle",
        cliches=[cliche("Honorable homesick rifleman", 3, "shooting", "rallying")]),
]
TEAMS = {"teams": {"squad": {"name": "Squad", "leader": "leader"}}}


# -- forces ---------------------------------------------------------------------------------------
def test_cliches_are_tagged_and_the_appropriate_one_is_used():
    s = game([fig("a", 0, 10, 10, cliches=[cliche("Bar-room brawler", 5, "close combat"),
                                           cliche("Deer hunter", 2, "shooting"),
                                           cliche("Mother hen", 4, "rallying")]),
              fig("b", 1, 50, 30)])
    a = s.units["a"]
    assert forces.best_cliche(a, forces.SHOOTING)["name"] == "Deer hunter"
    assert forces.best_cliche(a, forces.CLOSE_COMBAT)["name"] == "Bar-room brawler"
    assert forces.best_cliche(a, forces.RALLYING)["name"] == "Mother hen"
    plan = combat.plan_attack(s, "a", "b")
    assert plan.shots[0].dice == 1          # round(2/2): the shooting cliché, not the brawler's 5


def test_team_attacks_with_the_leaders_appropriate_cliche():
    team = [fig("l", 0, 10, 20, team="t", cliches=[cliche("Old sergeant", 6, "leadership")]),
            fig("m", 0, 12, 20, team="t", cliches=[cliche("Rookie", 1, "shooting")])]
    s = game(team + [fig("x", 1, 50, 20)], ruleset_data={"teams": {"t": {"name": "Team", "leader": "l"}}})
    plan = combat.plan_attack(s, "t", "x")
    assert plan.leader == "l" and plan.shots[0].dice == 3    # round(6/2), 2 attackers: no bonus


def test_team_leader_pinned_next_best_leads():
    team = [fig("l", 0, 10, 20, team="t", cliches=[cliche("Old sergeant", 6, "leadership")],
                markers=["pinned"]),
            fig("m", 0, 12, 20, team="t", cliches=[cliche("Corporal", 4, "leadership", "shooting")])]
    s = game(team + [fig("x", 1, 50, 20)], ruleset_data={"teams": {"t": {"name": "Team", "leader": "l"}}})
    assert forces.acting_leader(s, "t").id == "m"
    assert combat.plan_attack(s, "t", "x").shots[0].dice == 2


@pytest.mark.parametrize("weapon,bonus", [
    ("rifle", 0), ("pistol", 0), ("hand grenade", 0),
    ("submachine gun", 1), ("sniper rifle", 1), ("light machine gun", 1),
    ("heavy machine gun", 2), ("bazooka", 2), ("grenade launcher", 2)])
def test_weapons_grouped_as_the_seed_examples(weapon, bonus):
    s = game([fig("a", 0, 10, 20, 4, weapon=weapon), fig("b", 1, 50, 20)])
    assert forces.weapon_bonus(s, s.units["a"]) == bonus
    assert combat.plan_attack(s, "a", "b").shots[0].dice == 2 + bonus


def test_scenario_may_add_weapons():
    s = game([fig("a", 0, 10, 20, 4, weapon="MG 42"), fig("b", 1, 50, 20)],
             ruleset_data={"weapons": {"mg 42": "much better"}})
    assert forces.weapon_bonus(s, s.units["a"]) == 2


# -- dice -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("level,dice", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4)])
def test_dice_are_half_the_cliche_rounding_halves_up(level, dice):
    assert forces.attack_dice_base(level) == dice
    s = game([fig("a", 0, 10, 20, level), fig("b", 1, 50, 20)])
    assert combat.plan_attack(s, "a", "b").shots[0].dice == dice


def test_seed_worked_example_comes_out_as_four_dice():
    s = game(WORKED_EXAMPLE_TEAM + [fig("target", 1, 50, 20)], ruleset_data=TEAMS)
    plan = combat.plan_attack(s, "squad", "target")
    # round(4/2) from the leader + 1 (machinegun) + 1 (3 attackers) = 4 dice
    assert plan.shots[0].dice == 4
    assert option(s, "Attack", "squad", "target").odds_text == "4 dice, 80%"


def test_more_than_two_attackers_from_the_same_fireteam_add_a_die():
    two = WORKED_EXAMPLE_TEAM[1:]         # leader and rifleman only
    s = game(two + [fig("target", 1, 50, 20)], ruleset_data=TEAMS)
    assert combat.plan_attack(s, "squad", "target").shots[0].dice == 2


def test_target_in_cover_loses_a_die():
    pieces = [rect("f", "field", 0, 0, 40, 40), rect("w", "wood", 40, 0, 60, 40)]
    s = game([fig("a", 0, 10, 20, 4), fig("b", 1, 41, 20)], pieces)   # at the wood's edge: seen, in cover
    shot = combat.plan_attack(s, "a", "b").shots[0]
    assert shot.cover is not None and shot.dice == 1


# -- the attack roll ----------------------------------------------------------------------------------
def test_attack_needs_los():
    pieces = [rect("f1", "field", 0, 0, 20, 40), rect("w", "wood", 20, 0, 40, 40),
              rect("f2", "field", 40, 0, 60, 40)]
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], pieces)
    assert options(s, "Attack") == []
    assert combat.plan_attack(s, "a", "b") is None


def test_any_five_or_six_succeeds_and_pins_the_target():
    s = game([fig("a", 0, 10, 20, 5), fig("b", 1, 50, 20)], dice=[1, 2, 5])
    engine.apply(s, Attack("a", "b"))
    assert "pinned" in s.units["b"].markers
    assert s.rolls[-1].faces == ((1, 2, 5),) and s.rolls[-1].success
    assert "B is pinned: hits the dirt and stays down" in texts(s)


def test_attack_without_a_five_or_six_fails():
    s = game([fig("a", 0, 10, 20, 5), fig("b", 1, 50, 20)], dice=[1, 4, 4])
    engine.apply(s, Attack("a", "b"))
    assert "pinned" not in s.units["b"].markers
    assert who(s) == (1, "act")


def test_attack_on_a_team_is_an_attack_on_each_member_all_must_succeed():
    enemy = [fig("x", 1, 50, 18, team="e"), fig("y", 1, 50, 22, team="e")]
    s = game([fig("a", 0, 10, 20, 3)] + enemy, dice=[5, 1, 1, 1])
    engine.apply(s, Attack("a", "e"))
    assert [r.purpose for r in s.rolls] == ["attack on X", "attack on Y"]
    assert "pinned" in s.units["x"].markers and "pinned" not in s.units["y"].markers
    assert who(s) == (1, "act")           # one of the attacks failed: the main attack failed
    s2 = game([fig("a", 0, 10, 20, 3)] + enemy + [fig("z", 1, 55, 35)], dice=[5, 1, 6, 6])
    engine.apply(s2, Attack("a", "e"))
    assert who(s2) == (0, "act") and all("pinned" in s2.units[u].markers for u in "xy")


def test_team_target_odds_are_the_product_of_each_members_odds():
    enemy = [fig("x", 1, 50, 18, team="e"), fig("y", 1, 50, 22, team="e")]
    s = game([fig("a", 0, 10, 20, 3)] + enemy)
    o = option(s, "Attack", "a", "e")
    assert o.odds == odds.p_any_at_least(2, 6, 5) ** 2
    assert "all must hit" in o.odds_text


def test_pinned_figure_cannot_move_attack_or_be_targeted():
    s = game([fig("a", 0, 10, 20, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)])
    assert {o.kind for o in options(s) if o.the_actor == "a"} == {"Rally"}
    s2 = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20, markers=["pinned"]), fig("c", 1, 5, 39)])
    assert [o.target for o in options(s2, "Attack")] == ["c"]


# -- cover ------------------------------------------------------------------------------------------
def test_cover_inside_cover_terrain_house_and_wood():
    pieces = [rect("f", "field", 0, 0, 40, 40), rect("h", "house", 40, 0, 50, 40),
              rect("w", "wood", 50, 0, 60, 40)]
    s = game([fig("a", 0, 10, 20, 4), fig("b", 1, 41, 10), fig("c", 1, 41, 30)], pieces)
    assert combat.plan_attack(s, "a", "b").shots[0].cover == "house: h"
    s2 = game([fig("a", 0, 10, 20, 4), fig("b", 1, 51, 20)],
              [rect("f", "field", 0, 0, 50, 40), rect("w", "wood", 50, 0, 60, 40)])
    assert combat.plan_attack(s2, "a", "b").shots[0].cover == "wood: w"


def test_cover_behind_a_low_wall_close_to_the_figure_between_it_and_the_attacker():
    pieces = [rect("f1", "field", 0, 0, 40, 40), rect("wall", "low-wall", 40, 0, 41, 40),
              rect("f2", "field", 41, 0, 60, 40)]
    close = game([fig("a", 0, 10, 20, 4), fig("b", 1, 42.5, 20)], pieces)
    assert combat.plan_attack(close, "a", "b").shots[0].cover == "low wall: wall"
    far = game([fig("a", 0, 10, 20, 4), fig("b", 1, 55, 20)], pieces)
    assert combat.plan_attack(far, "a", "b").shots[0].cover is None
    # the wall is not between them: attacked from the same side of the wall, no cover
    behind = game([fig("a", 0, 55, 5, 4), fig("b", 1, 42.5, 20)], pieces)
    assert combat.plan_attack(behind, "a", "b").shots[0].cover is None


def test_high_crops_and_bushes_block_los_but_give_no_cover():
    for kind in ("high-crops", "bushes"):
        pieces = [rect("f1", "field", 0, 0, 20, 40), rect("c", kind, 20, 0, 40, 40),
                  rect("f2", "field", 40, 0, 60, 40)]
        s = game([fig("a", 0, 10, 20, 4), fig("b", 1, 50, 20), fig("c", 1, 21, 20)], pieces)
        assert combat.plan_attack(s, "a", "b") is None            # blocked
        assert combat.plan_attack(s, "a", "c").shots[0].cover is None   # at its edge: seen, no cover


def test_cover_is_logged_in_the_rules_words():
    pieces = [rect("f", "field", 0, 0, 50, 40), rect("w", "wood", 50, 0, 60, 40, name="Big Wood")]
    s = game([fig("a", 0, 10, 20, 6), fig("b", 1, 51, 20)], pieces, dice=[6, 1])
    engine.apply(s, Attack("a", "b"))
    assert "B is in cover (wood: Big Wood): one die less" in texts(s)


# -- the odds shown --------------------------------------------------------------------------------
SEED_TABLE = {1: 33, 2: 56, 3: 70, 4: 80, 5: 87, 6: 91, 7: 94}
SEED_SIXES = {1: 17, 2: 31, 3: 42, 4: 52, 5: 60}


def test_seed_odds_table_reproduced():
    for n, pct in SEED_TABLE.items():
        assert combat.pct(combat.p_attack(n)) == f"{pct}%"
    for n, pct in SEED_SIXES.items():
        assert combat.pct(combat.p_sixes(n)) == f"{pct}%"


def test_attack_option_shows_dice_and_odds_from_the_engine_odds():
    s = game([fig("a", 0, 10, 20, 6, weapon="heavy machine gun"), fig("b", 1, 50, 20)])
    o = option(s, "Attack", "a", "b")
    assert o.odds == odds.probability("hits(5d6,5)>=1") == Fraction(1) - Fraction(4, 6) ** 5
    assert o.odds_text == "5 dice, 87%"


def test_the_roll_logs_the_odds_that_were_shown():
    s = game(WORKED_EXAMPLE_TEAM + [fig("target", 1, 50, 20)], ruleset_data=TEAMS, dice=[1, 2, 3, 6])
    engine.apply(s, Attack("squad", "target"))
    r = s.rolls[-1]
    assert r.expr == "hits(4d6,5)>=1" and r.odds_text == "4 dice, 80%" and r.success
    assert any("Easily scared by-the-book squadleader(4): 2 dice, light machine gun (better) +1, "
               "3 attackers from the same fireteam +1 = 4 dice" in t for t in texts(s))
