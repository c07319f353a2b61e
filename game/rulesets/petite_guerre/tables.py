"""The data files of Petite Guerre (seed 004_34c3fc4ecaa954ef.txt): troop types and their points,
the aimed-fire threshold sticks, the movement sticks, the activation / reaction bands, the volley
table. The text uses these tables without printing them; every figure it does print comes out of
them exactly (tests/rulesets/test_petite_guerre_tables.py).
"""
from __future__ import annotations

import functools
import json
from fractions import Fraction  # noqa: F401  (the AI reads it)
from pathlib import Path

from game.engine import odds

HERE = Path(__file__).parent
DIE_STEPS = (4, 6, 8, 10, 12)
CONDITIONS = ("unmoving", "moving", "screened", "protected")


@functools.lru_cache(maxsize=None)
def _load(name: str) -> dict:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


def troops() -> dict:
    return _load("troops.json")


def weapons() -> dict:
    return _load("weapons.json")


def rules() -> dict:
    return _load("tables.json")


# ---- dice -------------------------------------------------------------------------------------
def step(die: int, by: int) -> int:
    """A die `by` sizes better (+) or worse (-), within d4..d12 (wounds and melee advantage)."""
    i = DIE_STEPS.index(die) + by
    return DIE_STEPS[max(0, min(len(DIE_STEPS) - 1, i))]


def pct(p: Fraction, decimals: int = 0) -> str:
    """Percent as the seed prints it: whole numbers, half up (12.5% is 13%)."""
    return odds.percent_text(p, decimals)


# ---- troop types and points ("Point system") --------------------------------------------------
def troop(kind: str) -> dict:
    return troops()["types"][kind]


def movement_coefficient(kind: str) -> int:
    return troops()["movement_coefficients"][troop(kind)["mobility"]]


def points(kind: str, role: str = "") -> int:
    """Points = C + AF + M + Mv (dice counted by their sides); a leader is worth 12 times and a
    sub-leader 6 times a subordinate ("equal to 12 and 6 times respectively")."""
    t = troop(kind)
    base = t["C"] + t["AF"] + t["M"] + movement_coefficient(kind)
    factor = {"leader": troops()["leader_factor"], "sub-leader": troops()["sub_leader_factor"]}.get(role, 1)
    return base * factor


def is_cavalry(kind: str) -> bool:
    return troop(kind)["mobility"] == "cavalry"


def slowed_by_rough(kind: str) -> bool:
    """"Slow speed is used on rough terrain": every troop type but those the Movement coefficient
    names as not suffering the penalty ("troop types which do not suffer movement penalty on rough
    terrain": light infantry). Horse is slowed: the text names no exception for it."""
    return troop(kind)["mobility"] != "light-infantry"


# ---- aimed fire sticks ("Aimed fire") ---------------------------------------------------------
def range_mark(weapon: str, distance: float) -> int | None:
    """The stick's mark that covers a distance: the first mark at or beyond it (None: out of range)."""
    marks = sorted(int(m) for m in weapons()["weapons"][weapon]["sticks"])
    for m in marks:
        if distance <= m + 1e-9:
            return m
    return None


def threshold(weapon: str, distance: float, condition: str) -> int | None:
    """The aimed-fire threshold, or None (out of range, or no hit possible in that condition)."""
    mark = range_mark(weapon, distance)
    if mark is None:
        return None
    return weapons()["weapons"][weapon]["sticks"][str(mark)][CONDITIONS.index(condition)]


def max_range(weapon: str) -> int:
    return max(int(m) for m in weapons()["weapons"][weapon]["sticks"])


def aimed_expr(af: int, target: int, haste: bool = False) -> str:
    """d8 + the AF die (d4 + the AF die when firing in haste) against the threshold."""
    return f"d{4 if haste else 8}+d{af}>={target}"


# ---- volley fire ("Volley fire") ---------------------------------------------------------------
def volley_threshold(distance: float, condition: str) -> int | None:
    v = rules()["volley"]
    for m in v["marks"]:
        if distance <= m + 1e-9:
            t = v["thresholds"][str(m)] + v["condition_shift"][condition]
            return t if t <= v["die"] else None
    return None


def volley_max_range() -> int:
    return max(rules()["volley"]["marks"])


# ---- tests on the C die ("Initiative and unit activation", "Morale") ---------------------------
def band(table: str, score: int) -> str:
    for result, (lo, hi) in rules()[table].items():
        if lo <= score <= hi:
            return result
    raise ValueError(f"{table}: no band for {score}")


def band_odds(table: str, die: int) -> dict[str, Fraction]:
    out = {}
    for result, (lo, hi) in rules()[table].items():
        n = max(0, min(hi, die) - lo + 1)
        out[result] = Fraction(n, die)
    return out


def band_text(table: str, die: int) -> str:
    return ", ".join(f"{k} {pct(p)}" for k, p in band_odds(table, die).items())


def hit_effect(score: int) -> str:
    return band("hit_effect", score)


def stick(cavalry: bool, formation: str) -> dict:
    return rules()["sticks"][f"{'cavalry' if cavalry else 'infantry'}-{'line' if formation == 'line' else 'open'}"]
