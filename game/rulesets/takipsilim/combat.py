"""Attacks and damage (Takipsilim "Attacks and Damage", "Cover and Movement", "Automatic Fire"):
the 2d6 roll with advantage and disadvantage, hit locations, damage, luck and armour."""
from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from game.engine import odds

TARGET = 8                       # "If the result is 8 or higher, the attack hits."
OUT_OF_COMBAT = 6                # "Once the combined total of damage taken is 6 or greater"
SEVERE = 6                       # "Should damage in any of the hit locations reach 6 or greater"
AUTO_SHOTS = 6                   # "Consume 6 shots"
AUTO_DAMAGE = 2                  # "+2 to the damage die"
LOCATIONS = ("head", "torso", "arm", "leg")


def location(lower_die: int) -> str:
    """The lower attack die: 1-2 leg, 3 arm, 4-5 torso, 6 head."""
    if lower_die <= 2:
        return "leg"
    if lower_die == 3:
        return "arm"
    if lower_die <= 5:
        return "torso"
    return "head"


def mode_of(advantages: list[str], disadvantages: list[str]) -> str:
    """Advantage and disadvantage cancel: any of both rolls normally; several of one kind do not stack."""
    if advantages and not disadvantages:
        return "advantage"
    if disadvantages and not advantages:
        return "disadvantage"
    return "normal"


def dice_of(mode: str) -> str:
    """Advantage is 3d6 keep the two highest, disadvantage 3d6 keep the two lowest."""
    return {"advantage": "3d6kh2", "disadvantage": "3d6kl2"}.get(mode, "2d6")


def expr(mode: str, bonus: int = 0, target: int = TARGET) -> str:
    text = dice_of(mode)
    if bonus > 0:
        text += f"+{bonus}"
    elif bonus < 0:
        text += f"-{-bonus}"
    return f"{text}>={target}"


@functools.lru_cache(maxsize=4096)     # the same few expressions, asked for every option of every order
def chance(expression: str) -> Fraction:
    return odds.probability(expression)


@functools.lru_cache(maxsize=4096)     # the same few expressions, asked for every option of every order
def odds_text(expression: str) -> str:
    """What the UI shows before a roll: `3d6kh2+1 ≥ 8: 80.6%`."""
    total, target = expression.split(">=")
    return f"{total} ≥ {target}: {odds.percent_text(chance(expression))}"


def why(mode: str, advantages: list[str], disadvantages: list[str]) -> str:
    """`advantage (stationary target out of cover)`, or `normal (advantage: aimed; disadvantage: cover)`."""
    if mode == "normal" and not advantages and not disadvantages:
        return "normal roll"
    if mode == "normal":
        return (f"normal roll: advantage ({', '.join(advantages)}) and disadvantage "
                f"({', '.join(disadvantages)}) cancel")
    reasons = advantages if mode == "advantage" else disadvantages
    return f"{mode} ({', '.join(reasons)})"


def hit_from(kept: tuple[int, ...] | list[int], damage_bonus: int = 0) -> tuple[str, int, int, int]:
    """(location, damage, lower die, higher die) from the two kept dice of a hitting roll."""
    low, high = min(kept), max(kept)
    return location(low), high + damage_bonus, low, high


def new_damage() -> dict[str, Any]:
    return {loc: 0 for loc in LOCATIONS}


def total_damage(damage: dict[str, Any]) -> int:
    return sum(int(damage.get(loc, 0)) for loc in LOCATIONS)
