"""Takipsilim "Attacks and Damage", luck, armour, ammunition, automatic fire and the range table,
each clause with scripted dice.

Standard set-up: A shoots X 20 m away (medium range: an assault rifle rolls normally there) while X
runs (a moving target gives no advantage), so the roll is a plain 2d6 + skill >= 8."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import game as engine
from game.rulesets.takipsilim import tables
from game.rulesets.takipsilim.actions import SpendLuck
from tests.rulesets.test_takipsilim_helpers import (act, commit, damage, fig, game, options, rolls, run, shoot,
                                                    texts, who)


def duel(shooting: int = 0, weapon: str = "assault-rifle", **target):
    return game([fig("a", 0, 10, 20, weapon=weapon, skills={"shooting": shooting}),
                 fig("x", 1, 30, 20, **target)])


def fire(s, dice, mode: str = "single"):
    commit(s, [shoot(s, "a", "x", mode), run(s, "x", (31, 20))], dice=dice)
    return s


def hit_events(s):
    return [e for e in s.log if e.kind == "Hit"]


def test_an_attack_of_8_or_more_hits():
    s = fire(duel(), [3, 5])
    assert rolls(s, "shooting")[0].expr == "2d6>=8" and rolls(s, "shooting")[0].success
    assert hit_events(s)[0].data["location"] == "arm" and damage(s, "x")["arm"] == 5


def test_an_attack_of_7_misses():
    s = fire(duel(), [3, 4])
    assert not rolls(s, "shooting")[0].success and hit_events(s) == []
    assert damage(s, "x") == {"head": 0, "torso": 0, "arm": 0, "leg": 0}


def test_the_relevant_skill_is_added_npcs_usually_have_none():
    s = fire(duel(shooting=1), [3, 4])
    assert rolls(s, "shooting")[0].expr == "2d6+1>=8" and rolls(s, "shooting")[0].success


@pytest.mark.parametrize("low,location", [(1, "leg"), (2, "leg"), (3, "arm"), (4, "torso"), (5, "torso"),
                                          (6, "head")])
def test_the_lower_die_gives_the_hit_location(low, location):
    s = fire(duel(shooting=2), [5, low] if low < 6 else [6, 6])
    assert hit_events(s)[0].data["location"] == location


def test_the_higher_die_is_the_damage():
    s = fire(duel(shooting=2), [4, 2])
    assert damage(s, "x")["leg"] == 4 and not s.units["x"].out


def test_a_total_of_6_damage_puts_the_target_out_of_combat():
    s = duel(shooting=2)
    s.data["damage"]["x"]["arm"] = 1
    fire(s, [1, 5])                                    # leg, 5 damage: total 6
    assert s.units["x"].out and "out-of-combat" in s.units["x"].markers
    assert "dead" not in s.units["x"].markers
    assert any("out of combat (total damage 6)" in t for t in texts(s))


def test_6_damage_to_the_head_is_death():
    s = fire(duel(shooting=2), [6, 6])
    assert "dead" in s.units["x"].markers and s.units["x"].out
    assert any(t == "X: 6 or more damage to the head: dead" for t in texts(s))


def test_6_damage_to_the_torso_is_a_mortal_wound_death_in_1d4_hours_noted_for_after_the_battle():
    s = fire(duel(shooting=2), [4, 6, 3])              # torso 6, then the d4: 3 hours
    assert "mortal-wound" in s.units["x"].markers
    assert rolls(s)[-1].expr == "d4"
    assert any("death in 3 hours without stabilising medical attention" in t for t in texts(s))
    assert "X: mortal wound, dies in 3 hours without aid" in s.data["after_battle"]


@pytest.mark.parametrize("coin,side", [(1, "right"), (2, "left")])
def test_6_damage_to_a_limb_destroys_it_with_a_coin_for_right_or_left(coin, side):
    s = fire(duel(shooting=2), [2, 6, coin])
    assert f"{side}-leg-destroyed" in s.units["x"].markers
    assert rolls(s)[-1].expr == "d2"
    assert any(f"the {side} leg is destroyed" in t for t in texts(s))


def test_luck_cancels_damage_point_for_point_at_the_players_choice():
    s = fire(duel(shooting=2, pc=True, luck=3), [4, 5])
    assert who(s) == (1, "luck", "x") and s.flow.phase_name == "shooting"
    assert [o.action.points for o in options(s)] == [0, 1, 2, 3]
    engine.apply(s, SpendLuck("x", 2))
    assert damage(s, "x")["torso"] == 3 and s.data["luck"]["x"] == 1
    assert who(s) == (0, "orders", "a") and s.turn == 2


def test_an_attack_reduced_to_0_by_luck_is_avoided_completely():
    s = fire(duel(shooting=2, pc=True, luck=5), [2, 4])
    engine.apply(s, SpendLuck("x", 4))
    assert damage(s, "x") == {"head": 0, "torso": 0, "arm": 0, "leg": 0}
    assert any("avoids it completely" in t for t in texts(s))


def test_characters_without_luck_are_not_asked():
    s = fire(duel(shooting=2), [4, 5])
    assert who(s) == (0, "orders", "a") and damage(s, "x")["torso"] == 5


def test_armour_prevents_hits_in_its_locations_up_to_its_maximum_then_needs_replacing():
    s = game([fig("a", 0, 10, 20, skills={"shooting": 2}), fig("b", 0, 10, 22, skills={"shooting": 2}),
              fig("x", 1, 30, 20, armour=["ballistic-vest"])])
    s.data["armour"]["x"][0]["prevented"] = 2          # the vest has stopped 2 of its 3 hits
    commit(s, [shoot(s, "a", "x"), shoot(s, "b", "x"), run(s, "x", (31, 20))], dice=[4, 5, 4, 4])
    assert s.data["armour"]["x"][0] == {"id": "ballistic-vest", "prevented": 3, "state": "spent"}
    assert any("needs replacing" in t for t in texts(s))
    assert damage(s, "x")["torso"] == 4               # the second torso hit goes through
    assert any("(3 of 3 hits)" in t for t in texts(s))


def test_armour_does_not_cover_other_locations():
    s = fire(duel(shooting=2, armour=["helmet"]), [4, 5])
    assert damage(s, "x")["torso"] == 5 and s.data["armour"]["x"][0]["prevented"] == 0


def test_armour_breaks_at_once_to_an_anti_materiel_rifle():
    s = fire(duel(shooting=3, weapon="anti-materiel-rifle", armour=["ballistic-vest"]), [4, 5, 6])
    assert rolls(s, "shooting")[0].expr == "3d6kl2+3>=8"   # medium range: disadvantage
    assert s.data["armour"]["x"][0]["state"] == "broken"
    assert damage(s, "x")["torso"] == 5
    assert any("breaks at once" in t for t in texts(s))


def test_a_projectile_hit_on_intact_armour_costs_the_wearer_next_rounds_action():
    s = fire(duel(shooting=2, armour=["ballistic-vest"]), [4, 5])
    assert damage(s, "x")["torso"] == 0 and "winded" in s.units["x"].markers
    # round 2: Red's only character is winded, so Red has no decision at all
    assert who(s) == (0, "orders", "a")
    commit(s)
    assert s.turn == 3
    assert any(t.startswith("X (Red): hunkers down (winded") for t in texts(s))


def test_every_shot_is_tracked_per_magazine():
    s = fire(duel(), [1, 1])
    assert s.data["ammo"]["a"] == {"loaded": 29, "spares": [30, 30]}
    assert any("29 rounds left in the magazine" in t for t in texts(s))


def test_an_empty_magazine_cannot_shoot_and_reloading_is_a_miscellaneous_action():
    s = game([fig("a", 0, 10, 20, loaded=0, magazines=1), fig("x", 1, 30, 20)])
    labels = [o.label for o in options(s, "a")]
    assert not any(label.startswith("Shoot") for label in labels)
    commit(s, [act(s, "a", "reload")])
    reload = next(e for e in s.log if e.kind == "Reload")
    assert reload.phase == "miscellaneous"
    assert s.data["ammo"]["a"] == {"loaded": 30, "spares": []}


def test_reloading_keeps_the_partly_used_magazine():
    s = game([fig("a", 0, 10, 20, loaded=7, magazines=1), fig("x", 1, 30, 20)])
    commit(s, [act(s, "a", "reload")])
    assert s.data["ammo"]["a"] == {"loaded": 30, "spares": [7]}


def test_automatic_fire_uses_6_shots_rolls_with_advantage_and_adds_2_to_the_damage_die():
    s = fire(duel(shooting=1), [1, 4, 5, 2], mode="auto")
    assert rolls(s, "shooting")[0].expr == "3d6kh2+1>=8"
    assert s.data["ammo"]["a"]["loaded"] == 24
    assert damage(s, "x")["torso"] == 7
    assert any("7 damage (higher die 5 + 2 for automatic fire)" in t for t in texts(s))


def test_automatic_fire_without_the_shooting_skill_rolls_with_disadvantage():
    s = fire(duel(shooting=0), [6, 6, 1], mode="auto")
    assert rolls(s, "shooting")[0].expr == "3d6kl2>=8"
    assert any("automatic fire without the Shooting skill" in t for t in texts(s))


def test_automatic_fire_needs_6_rounds_and_an_automatic_weapon():
    s = game([fig("a", 0, 10, 20, loaded=5), fig("b", 0, 10, 25, weapon="pistol"), fig("x", 1, 30, 20)])
    assert not any(o.key.startswith("a:shoot:x:auto") for o in options(s, "a"))
    engine.apply(s, act(s, "a", "wait"))
    assert not any(":auto:" in o.key for o in options(s, "b"))


SEED_TABLE = {   # seed 002, "Weapon Range Limits", exactly as printed
    "Pistol/Revolver": ("Normal", "Disadvantage", "Miss", "Miss"),
    "Shotgun": ("Advantage", "Normal", "Miss", "Miss"),
    "Sub-machine Gun": ("Advantage", "Normal", "Miss", "Miss"),
    "Assault Rifle": ("Normal", "Normal", "Normal", "Disadvantage"),
    "Hunting Rifle": ("Disadvantage", "Disadvantage", "Advantage", "Normal"),
    "Designated Marksman Rifle": ("Disadvantage", "Normal", "Advantage", "Normal"),
    "Anti-Materiel Rifle": ("Disadvantage", "Disadvantage", "Normal", "Advantage"),
    "Grenade Launcher": ("Normal", "Normal", "Normal", "Disadvantage"),
}


def test_the_range_table_data_file_is_the_seeds_table_exactly():
    doc = json.loads((Path(tables.__file__).parent / "weapons.json").read_text(encoding="utf-8"))
    assert doc["bands"] == [["short", 10], ["medium", 30], ["long", 200], ["distant", 1000]]
    table = {w["name"]: tuple(w["ranges"][b].capitalize() for b in ("short", "medium", "long", "distant"))
             for w in doc["weapons"].values()}
    assert table == SEED_TABLE


def test_shooting_beyond_the_weapons_range_is_a_guaranteed_miss():
    s = game([fig("a", 0, 10, 20, weapon="pistol"), fig("x", 1, 50, 20)])
    stay = [o for o in options(s, "a") if o.action is not None and o.action.action == "shoot"]
    assert stay == []                                  # 40 m: a pistol cannot reach from here
    commit(s, [shoot(s, "a", "x", move_to=(12, 20))], dice=[])
    assert rolls(s, "shooting") == []
    assert any("a guaranteed miss" in t for t in texts(s))
    assert s.data["ammo"]["a"]["loaded"] == 11


@pytest.mark.parametrize("weapon,dist,expr", [
    ("pistol", 20, "3d6kl2>=8"),          # medium: disadvantage
    ("shotgun", 8, "3d6kh2>=8"),          # short: advantage
    ("hunting-rifle", 8, "3d6kl2>=8"),    # short: disadvantage
    ("grenade-launcher", 25, "2d6>=8"),   # medium: normal
])
def test_range_bands_give_advantage_or_disadvantage(weapon, dist, expr):
    s = game([fig("a", 0, 10, 20, weapon=weapon), fig("x", 1, 10 + dist, 20)])
    commit(s, [shoot(s, "a", "x"), run(s, "x", (11 + dist, 20))], dice=[1, 1, 1])
    assert rolls(s, "shooting")[0].expr == expr


def test_long_and_distant_bands():
    from game.geometry.measure import range_band
    assert [range_band(d, tables.bands()) for d in (10, 10.1, 30, 30.1, 200, 200.1, 1000, 1000.1)] == [
        "short", "medium", "medium", "long", "long", "distant", "distant", None]


def test_advantage_is_3d6_keep_highest_2_and_disadvantage_3d6_keep_lowest_2():
    s = game([fig("a", 0, 10, 20, weapon="shotgun"), fig("x", 1, 18, 20)])
    commit(s, [shoot(s, "a", "x"), run(s, "x", (19, 20))], dice=[1, 4, 5])
    r = rolls(s, "shooting")[0]
    assert r.expr == "3d6kh2>=8" and r.kept == ((4, 5),) and r.total == 9
    assert hit_events(s)[0].data["location"] == "torso" and hit_events(s)[0].data["damage"] == 5
    s2 = game([fig("a", 0, 10, 20, weapon="pistol"), fig("x", 1, 30, 20)])
    commit(s2, [shoot(s2, "a", "x"), run(s2, "x", (31, 20))], dice=[6, 2, 6, 1])
    r2 = rolls(s2, "shooting")[0]
    assert r2.expr == "3d6kl2>=8" and r2.kept == ((6, 2),) and r2.total == 8
    assert hit_events(s2)[0].data["location"] == "leg" and hit_events(s2)[0].data["damage"] == 6


def test_the_dead_are_logged_dead_not_as_needing_medical_intervention():
    """"6 or greater in the head: dead": no "out of combat ... needs medical intervention" after it."""
    s = fire(duel(shooting=2), [6, 6])
    assert s.units["x"].out and not any("medical intervention" in t for t in texts(s))


def test_armour_does_not_wind_a_figure_already_out_of_combat():
    """"If you're hit by a projectile while wearing intact armor, lose your turn next round": a figure
    already out of combat has no turn to lose. A's hit to the leg puts X out; B's lands on the vest."""
    s = game([fig("a", 0, 10, 20, skills={"shooting": 2}), fig("b", 0, 10, 24, skills={"shooting": 2}),
              fig("x", 1, 30, 20, armour=["ballistic-vest"])])
    s.data["damage"]["x"]["arm"] = 1
    commit(s, [shoot(s, "a", "x"), shoot(s, "b", "x"), run(s, "x", (31, 20))], dice=[1, 5, 4, 5])
    assert s.units["x"].out and any("stops the hit to the torso" in t for t in texts(s))
    assert "winded" not in s.units["x"].markers
    assert not any(t == "X is winded" or t.startswith("X is winded") for t in texts(s))


def test_no_flanking_is_told_against_a_figure_hunkering_in_the_open():
    """"This only applies if opponents aren't flanking" speaks of cover: a winded figure forced to
    hunker in the open has no cover for a shooter to flank."""
    s = fire(duel(shooting=2, armour=["ballistic-vest"]), [4, 5])       # round 1: X winded
    assert "winded" in s.units["x"].markers
    commit(s, [shoot(s, "a", "x")], dice=[1, 1, 1])                       # round 2: X hunkers in the open
    assert not any("flanking" in t for t in texts(s))
