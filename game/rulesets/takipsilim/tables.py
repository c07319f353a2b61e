"""Takipsilim's data files (design §11: data beside the ruleset, not in code): the weapon range
table, magazines, grenade types, armour and melee reach."""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


@functools.cache
def _load(name: str) -> dict[str, Any]:
    return json.loads((HERE / name).read_text(encoding="utf-8"))


def weapons() -> dict[str, dict[str, Any]]:
    return _load("weapons.json")["weapons"]


@functools.cache                 # asked for every shot the option search weighs: read once, never changed
def bands() -> tuple[tuple[str, float], ...]:
    """Short (10 m), medium (30 m), long (200 m), distant (1 km); 1 m is 1 cm on the table."""
    return tuple((name, float(limit)) for name, limit in _load("weapons.json")["bands"])


def grenades() -> dict[str, dict[str, Any]]:
    return _load("grenades.json")["grenades"]


def grenade_rules() -> dict[str, Any]:
    return _load("grenades.json")


def gear() -> dict[str, str]:
    return _load("grenades.json")["gear"]


def armour() -> dict[str, dict[str, Any]]:
    return _load("armour.json")["armour"]


def melee() -> dict[str, Any]:
    return _load("melee.json")


def melee_weapons() -> dict[str, dict[str, Any]]:
    return _load("melee.json")["weapons"]
