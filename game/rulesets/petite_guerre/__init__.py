"""Petite Guerre (seed 004): 18th-century skirmish rules with skill dice and activation tests."""
from game.engine.registry import register

from .ruleset import RULESET, PetiteGuerre

register(RULESET)

__all__ = ["RULESET", "PetiteGuerre"]
