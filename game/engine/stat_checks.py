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
    out.append(f"{place}: expected one of {', '.join(map(repr, names))}, got {shown(value)}")
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


def flag(out: list[str], place: str, value: Any) -> bool:
    """true or false."""
    if isinstance(value, bool):
        return True
    out.append(f"{place}: expected true or false, got {shown(value)}")
    return False


def count_range(out: list[str], place: str, value: Any, high: int, *, single: bool = False) -> bool:
    """[fewest, most], whole numbers from 0 to high, fewest <= most (or, with `single`, one number)."""
    if single and is_whole(value) and 0 <= value <= high:
        return True
    if isinstance(value, list) and len(value) == 2 and all(is_whole(n) and 0 <= n <= high for n in value) \
            and value[0] <= value[1]:
        return True
    one = "a whole number or " if single else ""
    out.append(f"{place}: expected {one}[fewest, most], whole numbers from 0 to {high}, got {shown(value)}")
    return False


def muster(out: list[str], place: str, conf: dict[str, Any], count_key: str, sides: int,
           most_points: int, most_count: int, single: bool = False) -> None:
    """A muster's settings (game/engine/muster.py): points to build with, how many to build, which sides
    build and whether an AI side builds its own (`single`: the count may be one number)."""
    if "points" in conf:
        whole(out, f"{place}.points", conf["points"], 1, most_points)
    if count_key in conf:
        count_range(out, f"{place}.{count_key}", conf[count_key], most_count, single=single)
    if "sides" in conf and not (isinstance(conf["sides"], list)
                                and all(is_whole(s) and 0 <= s < sides for s in conf["sides"])):
        out.append(f"{place}.sides: expected a list of side indices from 0 to {sides - 1}, "
                   f"got {shown(conf['sides'])}")
    if "ai_builds" in conf:
        flag(out, f"{place}.ai_builds", conf["ai_builds"])
