"""Small checks a ruleset's `validate_scenario` makes of the values it reads from a scenario (issue 30 §1):
each appends 'place: expected ..., got ...' to a list of problems and says whether the value passed.

Every number has the range a player could mean (a magazine count of a million, a skill of 2^53 + 1 are
refused here, not met mid-game), every name is one the ruleset knows, whatever the JSON holds instead
(null, a list, an object: never a TypeError from a set lookup).
"""
from __future__ import annotations

from typing import Any, Iterable

MAX_SHOWN = 60


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(out: list[str], place: str, value: Any, low: int, high: int) -> bool:
    """A whole number from low to high."""
    if is_whole(value) and low <= value <= high:
        return True
    out.append(f"{place}: expected a whole number from {low} to {high}, got {shown(value)}")
    return False


def number(out: list[str], place: str, value: Any, low: float, high: float) -> bool:
    """A number (whole or not) from low to high."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
        return True
    out.append(f"{place}: expected a number from {low:g} to {high:g}, got {shown(value)}")
    return False


def one_of(out: list[str], place: str, value: Any, choices: Iterable[str]) -> bool:
    """One of the names the ruleset knows."""
    names = list(choices)
    if isinstance(value, str) and value in names:
        return True
    out.append(f"{place}: expected one of {', '.join(names)}, got {shown(value)}")
    return False


def names(out: list[str], place: str, value: Any, choices: Iterable[str], *, low: int = 0,
          high: int = 1000) -> bool:
    """A list of low to high names the ruleset knows (each item named by its index when wrong)."""
    known = list(choices)
    if not isinstance(value, list) or not low <= len(value) <= high:
        out.append(f"{place}: expected a list of {low} to {high} of {', '.join(known)}, got {shown(value)}")
        return False
    return all([one_of(out, f"{place}[{i}]", v, known) for i, v in enumerate(value)])


def table(out: list[str], place: str, value: Any) -> bool:
    """An object ({key: value})."""
    if isinstance(value, dict):
        return True
    out.append(f"{place}: expected an object {{name: value}}, got {shown(value)}")
    return False
