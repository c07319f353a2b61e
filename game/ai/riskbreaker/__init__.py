"""Riskbreaker knowledge (seed 001), found by ruleset id: every option scored by its exact odds.

Each option is scored by what it is expected to change, with the exact odds of the stat roll the
option carries (game.engine.odds, as shown to players):

- Advantage is worth something only as the Risk it lets the side spend on damage, so Advantage
  actions are taken when their odds beat even, and most when the side has little Advantage to spend;
- Kill Damage is spent where it knocks characters out (one fewer enemy is +1 outnumbering); Skill
  Damage for what the drift pays back (one Advantage a round per point of skill level), worth less to
  a side already far ahead;
- a character out of the fights maneuvers toward a fight its side can win (a ranged one to a place
  next to it); enemies who may still move this round are met half way, not jumped at (two parties
  crossed past each other over the bridge); a place the scenario's situations favour (the pikes'
  stairway, the hunters' ford) is held; out of a fight that is lost only to fall back on friends
  (running to empty ground starts a chase that never finishes a fight), and to the exits when the
  scenario is won by escaping (at any distance; a held exit deters less as the rounds run out, and
  an escort does not leave without the one it escorts); against a side escaping, the hunters hold the
  exits and stay on the fugitives;
- an opponent's maneuver is followed when the fight is going our way, and always when he breaks away
  off the table;
- nobody idles in a fight; a side outnumbered three to one in a battle of elimination surrenders, and
  so does one outnumbered two to one whose every fight is lost past hope (-12 Advantage or worse).

The package: this module (the knowledge and its candidate action) and scoring (the values).
"""
from __future__ import annotations

from typing import Iterable

from game.ai.framework import Candidate, Context, Knowledge
from game.ai.knowledge import register_knowledge
from game.ai.riskbreaker.scoring import evaluate, score
from game.engine.state import GameState


class ScoreEveryOption:
    name = "riskbreaker"

    def evaluate(self, ctx: Context) -> Iterable[Candidate]:
        for o in ctx.options:
            if o.action is None:
                continue
            s = score(ctx, o)
            yield Candidate(s, o.action, o.label, option=o, gain=s)


class RiskbreakerKnowledge(Knowledge):
    ruleset_id = "riskbreaker"

    def candidate_actions(self, ctx: Context) -> list:
        return [ScoreEveryOption()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)


register_knowledge(RiskbreakerKnowledge())
