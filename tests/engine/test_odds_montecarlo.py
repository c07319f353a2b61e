"""Odds shown to players checked against a seeded Monte Carlo of the game's own dice (design §10)."""
import pytest

from game.engine import odds
from game.engine.dice import DiceStream, roll

EXPRESSIONS = ["hits(4d6,5)>=1", "hits(3d6,6)>=1", "d8+d12>=11", "d8+d6>=11", "d10<7",
               "3d6kh2>=10", "3d6kl2+1<=6", "2d6-d4==4"]
ROLLS_EACH = 25_000        # 200k rolls in all


@pytest.mark.parametrize("expr", EXPRESSIONS)
def test_shown_odds_match_seeded_monte_carlo_within_one_point(expr):
    stream = DiceStream(seed=20240601 + EXPRESSIONS.index(expr))
    successes = sum(roll(stream, expr, "monte carlo").success for _ in range(ROLLS_EACH))
    assert abs(successes / ROLLS_EACH - float(odds.probability(expr))) < 0.01
