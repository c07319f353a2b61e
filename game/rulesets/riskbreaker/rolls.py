"""The stat roll ("Roll and Resolve Action"): 1d10 against the skill's stat, success under Stat + 2
with a cap of 9 (a 10 always fails). The odds come from game.engine.odds, the same function the AI
uses, and reproduce the text's Stat Rolls table (stat 1: <3 20% ... stat 8-10: <10 90%).

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from fractions import Fraction

from game.engine import odds
from game.engine.dice import Roll
from game.engine.state import GameState


def target(stat: int) -> int:
    """The number to roll under: Stat + 2, capped so that a 9 succeeds at best (under 10); a stat
    lowered to 0 by Skill Damage still succeeds on a 1 (under 2), never less than that."""
    return max(1, min(int(stat) + 2, 10))


def expr(stat: int) -> str:
    return f"d10<{target(stat)}"


def chance(stat: int) -> Fraction:
    return odds.probability(expr(stat))


def odds_text(stat: int) -> str:
    return f"under {target(stat)}, {odds.percent_text(chance(stat), 0)}"


def stat_roll(state: GameState, stat: int, purpose: str, who: str) -> Roll:
    """Roll from the game's one stream; the roll and the odds shown are logged."""
    return state.roll(expr(stat), purpose, who, odds_text=odds.percent_text(chance(stat), 0))


def table() -> list[tuple[int, int, str]]:
    """The text's Stat Rolls table: (stat, roll under, chance of success)."""
    return [(s, target(s), odds.percent_text(chance(s), 0)) for s in range(1, 11)]
