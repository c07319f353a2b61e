"""Takipsilim's actions, named by what the player does."""
from __future__ import annotations

import dataclasses

from game.engine.actions import Action, Pass

# Committed actions, by the phase they resolve in ("Resolve actions in the following order").
RUN = "run"                 # movement: move only (the free move is the whole action)
SHOOT = "shoot"             # shooting
GRENADE = "grenade"         # grenades
MELEE = "melee"             # melee (the figure charges its target in the movement phase)
RELOAD = "reload"           # miscellaneous
AIM = "aim"                 # miscellaneous: advantage when shooting next round
FIRST_AID = "first-aid"     # miscellaneous: the medic runs to a seriously wounded ally
OPERATE = "operate"         # miscellaneous: operate machinery (an objective marked "machinery")
READY = "ready"             # miscellaneous: stand ready (hands free to throw a grenade away)
HUNKER = "hunker"           # forfeit the round in cover: hunkering down
WAIT = "wait"               # forfeit the round in the open
FORCED = "forced"           # no choice: surprised, dazzled by a flashbang, or winded by armour

MISC_ACTIONS = (RELOAD, AIM, FIRST_AID, OPERATE, READY)
PHASE_OF = {RUN: "movement", SHOOT: "shooting", GRENADE: "grenades", MELEE: "melee",
            RELOAD: "miscellaneous", AIM: "miscellaneous", FIRST_AID: "miscellaneous",
            OPERATE: "miscellaneous", READY: "miscellaneous", HUNKER: "", WAIT: "", FORCED: ""}


@dataclasses.dataclass(frozen=True)
class Order(Action):
    """One character's committed action for the round, with its free move (`move`, to x, y).

    target: a unit id (shoot, grenade, melee, first aid) or an objective id (operate);
    mode: "single"/"auto" for shooting, the grenade type for a grenade.
    """

    actor: str = ""
    action: str = WAIT
    target: str = ""
    mode: str = ""
    move: bool = False
    x: float = 0.0
    y: float = 0.0

    def __init__(self, actor: str = "", action: str = WAIT, target: str = "", mode: str = "", move: bool = False,
                 x: float = 0.0, y: float = 0.0) -> None:
        # the fields written at once, in their order (the frozen dataclass's own __init__ sets each
        # through object.__setattr__, and an order's option search makes one or two per option)
        self.__dict__.update(actor=actor, action=action, target=target, mode=mode, move=move, x=x, y=y)


@dataclasses.dataclass(frozen=True)
class SpendLuck(Action):
    """Spend luck points against the hit just taken: one point cancels one point of damage."""

    actor: str = ""
    points: int = 0


@dataclasses.dataclass(frozen=True)
class ThrowAway(Action):
    """Spend the committed miscellaneous action to throw a cooked grenade out of range."""

    actor: str = ""
    grenade: str = ""


@dataclasses.dataclass(frozen=True)
class ThrowBack(Action):
    """A player character spends 2 luck and rolls 2d6 + Athletics to throw the grenade back."""

    actor: str = ""
    grenade: str = ""


ACTIONS = (Order, SpendLuck, ThrowAway, ThrowBack, Pass)
