"""Riskbreaker's actions, named by what the player does. `targets` of a damage action lists one
target per point of damage ("spread over targets as the player chooses").

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

import dataclasses

from game.engine.actions import Action


@dataclasses.dataclass(frozen=True)
class Declare(Action):
    """"Declare Fights": which fight the character is in (a location, "" for none) and the Fight
    skill it fights with."""

    actor: str = ""
    fight: str = ""
    skill: str = ""


@dataclasses.dataclass(frozen=True)
class Surrender(Action):
    """The side gives up the battle."""

    side: int = -1


@dataclasses.dataclass(frozen=True)
class GainAdvantage(Action):
    """Advantage Action: any skill but the Fight skill in use; success gains Risk, failure loses it."""

    actor: str = ""
    skill: str = ""
    risk: int = 1


@dataclasses.dataclass(frozen=True)
class KillDamage(Action):
    actor: str = ""
    risk: int = 1
    targets: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class SkillDamage(Action):
    actor: str = ""
    risk: int = 1
    targets: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Maneuver(Action):
    """Special: move to a location; Risk is the distance."""

    actor: str = ""
    to: str = ""
    risk: int = 1


@dataclasses.dataclass(frozen=True)
class Follow(Action):
    """An opponent of a maneuvering character tries to keep pace (or lets it go)."""

    actor: str = ""
    keep_pace: bool = True


@dataclasses.dataclass(frozen=True)
class Alteration(Action):
    """Special: change the battleground: delay movement between locations a and b for Risk rounds
    (Risk 3 stops it outright)."""

    actor: str = ""
    skill: str = ""
    a: str = ""
    b: str = ""
    risk: int = 1


@dataclasses.dataclass(frozen=True)
class Tactics(Action):
    """Special (Wit: Tactics): take an enemy out of the fight, or bring a friend into it."""

    actor: str = ""
    target: str = ""
    risk: int = 1


@dataclasses.dataclass(frozen=True)
class Recovery(Action):
    """Out of any fight: regain 2 Skill Damage on `stat`, then 1 more (no skill) or an Advantage
    Action with a Wit or Personality skill in a fight of the side."""

    actor: str = ""
    stat: str = ""
    skill: str = ""
    fight: str = ""
    risk: int = 0


@dataclasses.dataclass(frozen=True)
class FirstAid(Action):
    """Heal Kill Damage (First Aid, Heal...): only when neither party is fighting."""

    actor: str = ""
    skill: str = ""
    patient: str = ""
    risk: int = 1


@dataclasses.dataclass(frozen=True)
class Flee(Action):
    """Leave the table from an exit location."""

    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Hold(Action):
    """Take no action this round."""

    actor: str = ""


ACTIONS = (Declare, Surrender, GainAdvantage, KillDamage, SkillDamage, Maneuver, Follow, Alteration,
           Tactics, Recovery, FirstAid, Flee, Hold)
