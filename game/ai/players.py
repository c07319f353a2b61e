"""Every kind of player by name (random and the AI levels) and `make_player`: the top of game.ai, what the drivers call.

A player sees only its side's view and the options the rules offer (design §7, §9). Its randomness
comes from the game's seed and the action index, so a run resumed from a save continues exactly as
it would have.
"""
from __future__ import annotations

from typing import Callable

from game.ai.framework import Player
from game.ai.levels import LEVELS, make_level
from game.ai.sampling import complete, point_in_region
from game.engine import game as engine, registry
from game.engine.actions import Action
from game.engine.dice import PlayerRng, derived_seed
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState

__all__ = ["AUTO_LEVEL", "PLAYER_KINDS", "Player", "RandomPlayer", "complete", "make_player", "player_names",
           "point_in_region", "register_player"]


class RandomPlayer:
    """Uniform over the legal options; a point sampled inside a move's region, any facing."""

    name = "random"

    def __init__(self, seed: int, side: int):
        self.seed = seed
        self.side = side

    def choose(self, view: GameState, options: list[Option], decision: Decision) -> Action:
        rng = PlayerRng(self.seed, "random-player", view.action_count, decision.side)
        option = options[rng.below(len(options))]
        action = complete(option, rng)
        if option.action is None and engine.check(view, action) is not None:
            # a facing the rules refuse at that point (no room for the base to swing): keep the
            # unit's own facing there, else hold its ground (the template: always legal)
            action = option.at(action.x, action.y)
            if engine.check(view, action) is not None:
                action = option.template
        return action


PLAYER_KINDS: dict[str, Callable[[int, int], Player]] = {"random": RandomPlayer}
for _name in LEVELS:
    PLAYER_KINDS[_name] = make_level(_name)


def register_player(name: str, factory: Callable[[int, int], Player]) -> None:
    PLAYER_KINDS[name] = factory
    registry.register_player_name(name)      # so that a save naming it is valid (game.io checks)


for _name in PLAYER_KINDS:
    registry.register_player_name(_name)


# who plays both sides of a nested game the campaign resolves automatically (engine.auto_played)
AUTO_LEVEL = "easy"


def make_player(name: str, seed: int, side: int) -> Player:
    if name not in PLAYER_KINDS:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(sorted(PLAYER_KINDS))})")
    # players get a one-way seed of their own: they cannot derive the dice stream's seed from it
    return PLAYER_KINDS[name](derived_seed(seed, "players"), side)


def player_names() -> list[str]:
    return sorted(PLAYER_KINDS)
