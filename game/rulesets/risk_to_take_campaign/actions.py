"""The campaign's actions, named by what the player does on the map."""
from __future__ import annotations

import dataclasses

from game.engine.actions import Action, Pass


@dataclasses.dataclass(frozen=True)
class Deploy(Action):
    """Place an army (turn 1, or a reinforcement) on the hex at x, y."""
    actor: str = ""
    x: float = 0.0
    y: float = 0.0


@dataclasses.dataclass(frozen=True)
class March(Action):
    """March an army to the hex at x, y along the cheapest path its allowance reaches."""
    actor: str = ""
    x: float = 0.0
    y: float = 0.0


@dataclasses.dataclass(frozen=True)
class Halt(Action):
    """The army stays where it is this turn."""
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Loot(Action):
    """A starving army sacks the nearest town or village."""
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class ForbidLooting(Action):
    """The player forbids a starving army to loot: it waits for a supply train instead."""
    actor: str = ""


ACTIONS = (Deploy, March, Halt, Loot, ForbidLooting, Pass)
