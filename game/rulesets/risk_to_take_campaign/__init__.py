"""A Risk to Take, the hex campaign (seed 003_24994b0dfd86b84f, "1. Campaign rules"): armies on a hex
map whose battles are nested games of `risk-to-take`."""
from game.engine.registry import register

from .ruleset import RULESET, RiskToTakeCampaign

register(RULESET)

__all__ = ["RULESET", "RiskToTakeCampaign"]
