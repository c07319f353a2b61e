"""What a Petite Guerre player does (seed 004_34c3fc4ecaa954ef.txt)."""
from __future__ import annotations

import dataclasses

from game.engine.actions import Action, Pass


@dataclasses.dataclass(frozen=True)
class Move(Action):
    """A figure (or a unit in line: actor is the unit) moves at normal, fast or slow speed."""
    actor: str = ""
    speed: str = "normal"
    x: float = 0.0
    y: float = 0.0


@dataclasses.dataclass(frozen=True)
class AimedFire(Action):
    actor: str = ""
    target: str = ""
    haste: bool = False


@dataclasses.dataclass(frozen=True)
class Reload(Action):
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Volley(Action):
    actor: str = ""          # the unit in line
    ranks: int = 1
    target: str = ""         # the target unit


@dataclasses.dataclass(frozen=True)
class ReloadRanks(Action):
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Charge(Action):
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class Fight(Action):
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class ChargeInLine(Action):
    """A unit in line charges as a unit: actor is the unit, target the enemy figure it charges."""
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class FormLine(Action):
    """A unit in open order forms a line of `ranks` ranks (two to four), facing `facing`."""
    actor: str = ""
    ranks: int = 2
    facing: float = 0.0


@dataclasses.dataclass(frozen=True)
class OpenOrder(Action):
    """A unit in line breaks into open order: its figures act one by one from the next turn."""
    actor: str = ""


ACTIONS = (Move, AimedFire, Reload, Volley, ReloadRanks, Charge, Fight, ChargeInLine, FormLine, OpenOrder,
           Pass)
