"""A Risk to Take (seed 003_24994b0dfd86b84f): the tabletop battles with 6 x 2 cm bases."""
from game.engine.registry import register

from .battle import battle_from_armies
from .ruleset import RULESET, RiskToTake

register(RULESET)

__all__ = ["RULESET", "RiskToTake", "battle_from_armies"]
