"""Riskbreaker (seed 001): fights on the table's locations, Advantage and Risk. Registers itself."""
from game.engine.registry import register

from .ruleset import Riskbreaker

RULESET = register(Riskbreaker())

__all__ = ["Riskbreaker", "RULESET"]
