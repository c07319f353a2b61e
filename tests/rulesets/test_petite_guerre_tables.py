"""Petite Guerre (seed 004): the tables the text uses, and every figure it prints, exactly."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import odds
from game.rulesets.petite_guerre import tables

# "an unmoving target at 40 paces is hit by a musket shot on a roll of 11+ ... 54% if firing with
# d8+d12. 45% ... d8+d10. 33% ... d8+d8. 21% ... d8+d6. 9% ... d8+d4."
UNMOVING_40 = {12: "54%", 10: "45%", 8: "33%", 6: "21%", 4: "9%"}
# "If the target is partially screened ... at 40 paces you must roll 15+ ... 22% ... 13% ... 5% ... 0% ... 0%"
SCREENED_40 = {12: "22%", 10: "13%", 8: "5%", 6: "0%", 4: "0%"}


def test_musket_unmoving_target_at_40_paces_is_11_plus():
    assert tables.threshold("musket", 40, "unmoving") == 11
    assert tables.threshold("musket", 31, "unmoving") == 11     # the 40 mark covers 30 < d <= 40


def test_musket_partially_screened_at_40_paces_is_15_plus():
    assert tables.threshold("musket", 40, "screened") == 15


@pytest.mark.parametrize("af,printed", sorted(UNMOVING_40.items()))
def test_printed_odds_unmoving_40(af, printed):
    expr = tables.aimed_expr(af, tables.threshold("musket", 40, "unmoving"))
    assert expr == f"d8+d{af}>=11"
    assert tables.pct(odds.probability(expr)) == printed


@pytest.mark.parametrize("af,printed", sorted(SCREENED_40.items()))
def test_printed_odds_partially_screened_40(af, printed):
    expr = tables.aimed_expr(af, tables.threshold("musket", 40, "screened"))
    assert tables.pct(odds.probability(expr)) == printed


def test_exact_fractions_behind_the_printed_odds():
    assert odds.probability("d8+d12>=11") == Fraction(13, 24)
    assert odds.probability("d8+d10>=15") == Fraction(1, 8)      # 12.5%, printed 13% (half up)
    assert odds.format_odds(odds.probability("d8+d12>=11")) == "13/24 = 54.2%"


def test_civilians_d8_d4_line_d8_d8_light_d8_d10():
    assert tables.troop("civilians")["AF"] == 4
    assert tables.troop("line-infantry")["AF"] == 8
    assert tables.troop("light-infantry")["AF"] == 10


def test_thresholds_same_for_all_troop_types_and_grow_with_range_and_condition():
    for name, w in tables.weapons()["weapons"].items():
        rows = [w["sticks"][k] for k in sorted(w["sticks"], key=int)]
        for row in rows:
            vals = [v for v in row if v is not None]
            assert vals == sorted(vals), name
        for c in range(4):
            col = [r[c] for r in rows if r[c] is not None]
            assert col == sorted(col), name


def test_six_weapons_with_their_own_sticks_at_the_printed_marks():
    w = tables.weapons()
    assert set(w["weapons"]) == {"musket", "pistol", "carbine", "blunderbuss", "swivel-gun", "bow"}
    assert w["marks"] == [5, 10, 20, 30, 40, 50, 60, 80, 100]
    for spec in w["weapons"].values():
        assert set(int(m) for m in spec["sticks"]) <= set(w["marks"])


def test_out_of_range_beyond_the_last_mark():
    assert tables.threshold("pistol", 31, "unmoving") is None
    assert tables.threshold("musket", 101, "unmoving") is None


def test_points_are_c_plus_af_plus_m_plus_movement():
    assert tables.points("line-infantry") == 8 + 8 + 6 + 4
    assert tables.points("light-infantry") == 8 + 10 + 6 + 6
    assert tables.points("hussars") == 8 + 6 + 10 + 8
    assert tables.points("civilians") == 16


def test_leader_12_times_and_sub_leader_6_times_a_subordinate():
    for kind in tables.troops()["types"]:
        assert tables.points(kind, "leader") == 12 * tables.points(kind)
        assert tables.points(kind, "sub-leader") == 6 * tables.points(kind)


def test_reload_contradiction_4_plus_on_the_af_die_is_kept():
    """Choice: the rule "reloaded if the outcome is 4+" stands; the "50%" for a d8 is a slip (4+ on a
    d8 is 62.5%). A d4 reloads on a 4 (25%): 3 failed turns on average before it reloads, which is
    the text's "on average he will reload after 3 turns"."""
    assert tables.rules()["reload"] == 4
    assert odds.probability("d8>=4") == Fraction(5, 8)
    p = odds.probability("d4>=4")
    assert p == Fraction(1, 4)
    assert (1 - p) / p == 3


def test_veteran_light_infantryman_choice_light_infantry_fire_d8_d10():
    """Choice: light infantry fire d8+d10 (printed twice); the "veteran light infantryman firing
    with d8+d8" is read as an example of a d8 shooter, the line infantry's (and grenadiers') AF die.
    A light infantryman reloads on a d10: 70%."""
    assert tables.troop("light-infantry")["AF"] == 10
    assert {k for k, t in tables.troops()["types"].items() if t["AF"] == 8} >= {"line-infantry", "grenadiers"}
    assert odds.probability("d10>=4") == Fraction(7, 10)


def test_volley_table_beats_aimed_fire_at_long_range_and_not_close_in():
    """The comparison the text mentions without printing it: line infantry (d8+d8) aimed at an
    unmoving target against one d20 per figure in a volley."""
    for mark in (5, 10, 20):
        aimed = odds.probability(tables.aimed_expr(8, tables.threshold("musket", mark, "unmoving")))
        volley = Fraction(21 - tables.volley_threshold(mark, "unmoving"), 20)
        assert volley < aimed
    for mark in (40, 50, 60, 80, 100):
        aimed = odds.probability(tables.aimed_expr(8, tables.threshold("musket", mark, "unmoving")))
        volley = Fraction(21 - tables.volley_threshold(mark, "unmoving"), 20)
        assert volley > aimed


def test_volley_reload_16_plus_per_rank_and_12_plus_for_platoon_firing():
    v = tables.rules()["volley"]
    assert (v["rank_reload"], v["platoon_reload"]) == (16, 12)


def test_activation_bands_publish_rout_out_of_control_in_control():
    assert [tables.band("activation", s) for s in (1, 2, 3, 4, 12)] == \
        ["rout", "out-of-control", "out-of-control", "in-control", "in-control"]
    assert tables.band_odds("activation", 8) == {"rout": Fraction(1, 8), "out-of-control": Fraction(2, 8),
                                                 "in-control": Fraction(5, 8)}


def test_the_reaction_test_may_result_in_the_unit_being_put_or_left_out_of_control_or_getting_routed():
    """"may result in the unit being put, or left, out-of-control, or getting routed": two results."""
    assert [tables.band("reaction", s) for s in (1, 2, 3, 4, 5, 12)] == \
        ["rout", "rout", "out-of-control", "out-of-control", "out-of-control", "out-of-control"]
    assert set(tables.rules()["reaction"]) == {"rout", "out-of-control"}


def test_hit_effect_d4_split_wound_on_1_2_death_on_3_4():
    assert [tables.hit_effect(s) for s in (1, 2, 3, 4)] == ["wound", "wound", "death", "death"]


def test_movement_sticks_three_speeds_infantry_cavalry_open_line():
    for key in ("infantry-open", "infantry-line", "cavalry-open", "cavalry-line"):
        s = tables.rules()["sticks"][key]
        assert s["slow"] < s["normal"] < s["fast"]
    assert tables.stick(True, "open")["normal"] > tables.stick(False, "open")["normal"]
    assert tables.stick(False, "line")["normal"] < tables.stick(False, "open")["normal"]
