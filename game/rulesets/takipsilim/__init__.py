"""Takipsilim Skirmishes (seed 002): hidden orders, then phased resolution. Registers itself."""
from game.engine.registry import register

from .ruleset import Takipsilim

RULESET = register(Takipsilim())

__all__ = ["Takipsilim", "RULESET"]
