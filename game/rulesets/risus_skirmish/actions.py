"""What a Risus Skirmish player does: move, attack, throw a grenade, rally, fire at opportunity,
dive for cover, or pass. `actor` is a character's id or a team's id."""
from __future__ import annotations

import dataclasses

from game.engine.actions import Action, Pass


@dataclasses.dataclass(frozen=True)
class Move(Action):
    """Move a character or a team; the move ends facing `facing` (degrees). Ending at an enemy's
    position assaults it."""
    actor: str = ""
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0


@dataclasses.dataclass(frozen=True)
class Attack(Action):
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class ThrowGrenade(Action):
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class Rally(Action):
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class OpportunityFire(Action):
    """OP fire at a mover (`target`: the moving character or team)."""
    actor: str = ""
    target: str = ""


@dataclasses.dataclass(frozen=True)
class DiveForCover(Action):
    """A mover hit by OP fire moves up to R2 before it goes down."""
    actor: str = ""
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0


@dataclasses.dataclass(frozen=True)
class Deploy(Action):
    """Hidden deployment: place one of the hidden side's figures or blanks in its zone, facing `facing`."""
    actor: str = ""
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0


ACTIONS = (Deploy, Move, Attack, ThrowGrenade, Rally, OpportunityFire, DiveForCover, Pass)
