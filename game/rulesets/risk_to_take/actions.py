"""What a player of A Risk to Take does (seed 003_24994b0dfd86b84f): move a unit by its stick
(turning free, a 180-degree turn only on a 6), charge into contact, mount or dismount dragoons,
aim a battery, let a commander save a unit from routing, or pass (end the side's moves)."""
from __future__ import annotations

import dataclasses

from game.engine.actions import Action, Pass


@dataclasses.dataclass(frozen=True)
class Move(Action):
    """Move the unit's centre to x, y, ending with its front edge toward `facing` (degrees)."""
    actor: str = ""
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0


@dataclasses.dataclass(frozen=True)
class Charge(Action):
    """Move into contact with an enemy, front edge against its base."""
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class Dismount(Action):
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Mount(Action):
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Aim(Action):
    """A battery chooses its target ("Artillery shoots at desired targets")."""
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class CommanderSaves(Action):
    """A commander saves a unit in his vicinity from routing (once per turn)."""
    actor: str = ""
    target: str = ""


ACTIONS = (Move, Charge, Dismount, Mount, Aim, CommanderSaves, Pass)
