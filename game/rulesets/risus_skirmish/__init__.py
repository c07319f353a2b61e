"""Risus Skirmish (seed 000): tactical miniatures combat for Risus, keep-the-initiative turns."""
from game.engine.registry import register

from .ruleset import RULESET, RisusSkirmish

register(RULESET)

__all__ = ["RULESET", "RisusSkirmish"]
