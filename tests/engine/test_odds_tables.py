"""Exact odds against the figures the rule texts print (seeds/README: reproduce printed figures exactly)."""
import itertools
from fractions import Fraction

import pytest

from game.engine import odds
from game.engine.odds import format_odds, percent_text, probability


def whole_percent(p: Fraction) -> int:
    return int(percent_text(p, 0).rstrip("%"))


def brute(sides_list, value, test) -> Fraction:
    """Enumerate every outcome of the listed dice: the reference the exact odds must equal."""
    outcomes = list(itertools.product(*(range(1, s + 1) for s in sides_list)))
    return Fraction(sum(1 for o in outcomes if test(value(o))), len(outcomes))


@pytest.mark.parametrize("n, printed", list(enumerate([33, 56, 70, 80, 87, 91, 94], start=1)))
def test_risus_attack_table_any_5_or_6(n, printed):
    # Seed 000, "Dice 1 or more 5's or 6's in %".
    assert whole_percent(probability(f"hits({n}d6,5)>=1")) == printed
    assert odds.p_any_at_least(n, 6, 5) == probability(f"hits({n}d6,5)>=1")


@pytest.mark.parametrize("n, printed", list(enumerate([17, 31, 42, 52, 60], start=1)))
def test_risus_attack_table_only_6s(n, printed):
    assert whole_percent(probability(f"hits({n}d6,6)>=1")) == printed


def test_risus_no_dice_never_succeed():
    # Cover can take a one-die attack to zero dice (seed 000, "Target has cover: -1").
    assert odds.p_any_at_least(0, 6, 5) == 0 and odds.p_any_at_least(-1, 6, 5) == 0


@pytest.mark.parametrize("dx, at_11, at_15", [(12, 54, 22), (10, 45, 13), (8, 33, 5), (6, 21, 0), (4, 9, 0)])
def test_petite_guerre_aimed_fire_at_40_paces(dx, at_11, at_15):
    # Seed 004: unmoving target 11+, partially screened 15+, d8+dX. 12.5% prints as 13 (half up).
    assert whole_percent(probability(f"d8+d{dx}>=11")) == at_11
    assert whole_percent(probability(f"d8+d{dx}>=15")) == at_15


@pytest.mark.parametrize("stat, printed", [(1, 20), (2, 30), (3, 40), (4, 50), (5, 60), (6, 70),
                                           (7, 80), (8, 90), (9, 90), (10, 90)])
def test_riskbreaker_stat_roll_chance_of_success(stat, printed):
    # Seed 001: 1d10 under stat + 2, capped at 9; a 10 always fails.
    p = odds.p_roll_under(stat)
    assert p == Fraction(printed, 100)
    assert p == probability(f"d10<{min(stat + 2, 10)}")


def test_contract_format_thirteen_twenty_fourths():
    # Design §4 contract example `13/24 = 54.2%` is exactly d8+d12 >= 11.
    assert probability("d8+d12>=11") == Fraction(13, 24)
    assert format_odds(probability("d8+d12>=11")) == "13/24 = 54.2%"
    assert format_odds(probability("2d6>=7")) == "7/12 = 58.3%"


@pytest.mark.parametrize("p, text", [(Fraction(1), "1/1 = 100.0%"), (Fraction(0), "0/1 = 0.0%"),
                                     (Fraction(2, 4), "1/2 = 50.0%"), (Fraction(1, 8), "1/8 = 12.5%"),
                                     (Fraction(1, 16), "1/16 = 6.3%"),     # 6.25 rounds half up
                                     (Fraction(1, 3), "1/3 = 33.3%"), (Fraction(2, 3), "2/3 = 66.7%")])
def test_format_odds_lowest_terms_one_decimal_half_up(p, text):
    assert format_odds(p) == text


@pytest.mark.parametrize("expr, dice, value", [
    ("3d6kh2>=8", [6, 6, 6], lambda o: sum(sorted(o)[1:])),
    ("3d6kl2>=8", [6, 6, 6], lambda o: sum(sorted(o)[:2])),
    ("4d6kh3>=13", [6] * 4, lambda o: sum(sorted(o)[1:])),
    ("2d20kh1>=15", [20, 20], max),
    ("2d20kl1>=15", [20, 20], min),
])
def test_keep_highest_and_lowest_match_brute_force(expr, dice, value):
    target = int(expr.split(">=")[1])
    assert probability(expr) == brute(dice, value, lambda v: v >= target)


def test_keep_all_dice_is_the_plain_total():
    assert odds.distribution("3d6kh3").equals(odds.distribution("3d6"))


@pytest.mark.parametrize("cmp, test", [(">=", lambda v: v >= 7), (">", lambda v: v > 7),
                                        ("<=", lambda v: v <= 7), ("<", lambda v: v < 7),
                                        ("==", lambda v: v == 7)])
def test_each_comparison_matches_brute_force(cmp, test):
    assert probability(f"2d6+d4-2{cmp}7") == brute([6, 6, 4], lambda o: o[0] + o[1] + o[2] - 2, test)


def test_hits_summed_with_other_terms():
    # Two hits terms and a constant: the number of 5+ on 2d6 plus the 6s on 2d6, plus 1.
    expected = brute([6] * 4, lambda o: (o[0] >= 5) + (o[1] >= 5) + (o[2] == 6) + (o[3] == 6) + 1,
                     lambda v: v >= 3)
    assert probability("hits(2d6,5)+hits(2d6,6)+1>=3") == expected


@pytest.mark.parametrize("expr, p", [("hits(3d6,1)>=3", 1), ("hits(3d6,0)==3", 1),
                                     ("hits(3d6,7)>=1", 0), ("hits(3d6,6)==0", Fraction(125, 216))])
def test_hits_targets_at_the_edges_of_the_die(expr, p):
    assert probability(expr) == p


def test_opposed_totals_risus_combat():
    # Risus combat: each side rolls its cliche in d6, the higher total wins (ties roll again).
    win = brute([6] * 5, lambda o: sum(o[:3]) - sum(o[3:]), lambda v: v > 0)
    tie = brute([6] * 5, lambda o: sum(o[:3]) - sum(o[3:]), lambda v: v == 0)
    assert odds.p_greater("3d6", "2d6") == win
    assert odds.p_equal("3d6", "2d6") == tie
    assert odds.p_greater("2d6", "3d6") == 1 - win - tie


def test_opposed_totals_refuse_a_comparison():
    with pytest.raises(odds.OddsSyntaxError, match="must not have a comparison"):
        odds.p_greater("3d6>=4", "2d6")


def test_distribution_without_comparison():
    die = odds.distribution("2d6")
    assert die.denominator() == 36 and die.quantity(7) == 6
    assert odds.distribution("2d6>=7").equals(die)   # the comparison is ignored
