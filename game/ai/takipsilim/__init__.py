"""Takipsilim Skirmishes knowledge (seed 002), found by ruleset id: one secret order per character per round.

For each character the AI tries standing still and a dozen points of its movement reach, and for
each order (shoot, throw, fight, reload, aim, hunker down, run...) weighs what it does against what
the enemy's shots would do to the character there, with the exact chances of the rolls (2d6 with
advantage or disadvantage, through the ruleset's own shot set-up and game.engine.odds) and the hit
table (the lower die the location, the higher the damage; armour stops, luck absorbs):

- aim before a long shot: an aimed shot next round with advantage against a poor shot now;
- hunker down when the fire coming in is worth more than anything the character could do;
- reload when the magazine is empty or nearly so and there is nothing good to shoot;
- grenades where enemies cluster, never where friends stand;
- melee only with the weapon advantage (or the better odds), counting the blow that comes back.

Orders already given this round by the same side are seen (their own), so shots focus on a target
already under fire. The enemy's orders are never seen before they are revealed.

The package: analysis (what the view says), outcomes (what each order does, the evaluation),
candidates (the candidate actions), reading (the hard level's read of the enemy's orders).
"""
from __future__ import annotations

from game.ai.framework import Context, Knowledge
from game.ai.knowledge import register_knowledge
from game.ai.takipsilim.candidates import GrenadeAnswerCA, LuckCA, OrdersCA
from game.ai.takipsilim.outcomes import evaluate
from game.engine.state import GameState


class TakipsilimKnowledge(Knowledge):
    ruleset_id = "takipsilim"
    # A round's dice swing too far (one hit can put a figure out) for a few sampled rounds to tell
    # the finalists apart: measured, hard with and without rollouts won the same games. The hard
    # level's look ahead here is its read of the enemy's orders (.reading).
    rollouts_tell = False

    def candidate_actions(self, ctx: Context) -> list:
        return [OrdersCA(), LuckCA(), GrenadeAnswerCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)


register_knowledge(TakipsilimKnowledge())
