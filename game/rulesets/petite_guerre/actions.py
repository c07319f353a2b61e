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


ACTIONS = (Move, AimedFire, Reload, Volley, ReloadRanks, Charge, Fight, Pass)
