"""A logged roll (design §4): who rolled, why, the dice, the result and the odds shown before it."""
import json
from fractions import Fraction

import pytest

from game.engine import odds
from game.engine.dice import DiceStream, Roll, ScriptExhausted, roll, scripted


def test_risus_attack_roll_logs_the_example_line():
    r = roll(scripted([2, 5, 1, 3]), "hits(4d6,5)>=1", "attack", "Sgt Baker")
    assert r.faces == ((2, 5, 1, 3),) and r.kept == r.faces
    assert r.total == 1 and r.success is True
    assert r.odds == Fraction(65, 81) and r.odds_text == "80.2%"
    assert r.describe() == \
        "Sgt Baker rolls 4d6 for attack (needs a 5 or 6, 80.2%): 2 5 1 3 — success"


def test_risus_attack_with_no_5_or_6_fails():
    r = roll(scripted([4, 4, 1]), "hits(3d6,5)>=1", "attack", "Pvt Ames")
    assert (r.total, r.success) == (0, False)
    assert r.describe().endswith(": 4 4 1 — failure")


def test_petite_guerre_aimed_fire_sums_d8_and_dx_in_written_order():
    r = roll(scripted([7, 4]), "d8+d12>=11", "aimed fire", "Ranger")
    assert r.faces == ((7,), (4,)) and r.total == 11 and r.success is True
    assert r.odds == Fraction(13, 24)
    assert r.describe() == \
        "Ranger rolls d8+d12 for aimed fire (needs 11 or more, 54.2%): 7 + 4 = 11 — success"


def test_keep_highest_keeps_the_best_dice_and_marks_the_dropped():
    r = roll(scripted([1, 6, 2]), "3d6kh2>=8", "test")
    assert r.faces == ((1, 6, 2),) and r.kept == ((6, 2),) and r.total == 8
    assert "(1) 6 2 = 8" in r.describe()


def test_keep_lowest_keeps_the_worst_dice():
    r = roll(scripted([5, 1, 5, 3]), "4d6kl2", "test")
    assert r.kept == ((1, 3),) and r.total == 4 and r.success is None and r.odds is None


def test_constants_and_subtraction_enter_the_total():
    r = roll(scripted([6, 2, 3]), "2d6 - d4 + 3 <= 9", "test")
    assert r.total == 6 + 2 - 3 + 3 and r.success is True


def test_riskbreaker_roll_under_fails_on_a_10():
    r = roll(scripted([10]), "d10<10", "kill damage", "Fighter")
    assert r.success is False and r.odds == Fraction(9, 10)


def test_hits_counts_every_die_reaching_the_target():
    r = roll(scripted([15, 20, 3, 16]), "hits(4d20,15)>=3", "volley")
    assert (r.total, r.success) == (3, True)
    assert "(3 hits)" in r.describe()


def test_odds_recorded_are_the_odds_function_and_text_passes_through():
    r = roll(DiceStream(5), "hits(4d6,5)>=1", "attack", "A", odds_text="4 dice, 80%")
    assert r.odds == odds.probability("hits(4d6,5)>=1")
    assert "(needs a 5 or 6, 4 dice, 80%)" in r.describe()


def test_roll_uses_canonical_expression_text():
    r = roll(scripted([3, 3]), " 2D6 >= 7 ", "rally")
    assert r.expr == "2d6>=7"


def test_malformed_expression_draws_no_dice():
    stream = DiceStream(1)
    with pytest.raises(odds.OddsSyntaxError):
        roll(stream, "2d6>=", "rally")
    assert stream.counter == 0


def test_roll_runs_out_of_script_clearly():
    with pytest.raises(ScriptExhausted):
        roll(scripted([1]), "2d6>=7", "rally")


def test_roll_json_round_trip():
    r = roll(DiceStream(3), "3d6kh2+1>=8", "attack", "B")
    again = Roll.from_json(json.loads(json.dumps(r.to_json())))
    assert again == r and again.describe() == r.describe()


def test_same_seed_replays_the_same_rolls():
    exprs = ["hits(4d6,5)>=1", "d8+d10>=11", "d10<7", "3d6kl2"]
    a, b = DiceStream(77), DiceStream(77)
    assert [roll(a, e, "x") for e in exprs] == [roll(b, e, "x") for e in exprs]
