"""The AI levels (easy, normal, hard) and the player that plays them, the one place a level's settings become choices.

- easy: greedy on the immediate expected value of each candidate, with seeded noise, no sense of
  position (it still never passes up a sure shot for nothing).
- normal: greedy with positional sense: cover, exposure to enemy fire, objectives, and the risk of
  handing the initiative over (the ruleset's knowledge weighs it).
- hard: normal, then a few seeded look-ahead rollouts of its best candidates (game.ai.lookahead),
  within a budget counted in actions played out, finalists weighed and second steps looked at (never
  a clock), per decision and per side's turn (TURN_WORK: a turn's work shared among the side's units);
  where orders are secret and simultaneous (Takipsilim) it reads the enemy's likely orders instead
  (game.ai.takipsilim.reading) and weighs every candidate against that read.

Every choice comes from the side's view and a PlayerRng keyed on the game seed, the level, the
action index and the side: the same game gives the same choices, and a resumed game continues
exactly as the uninterrupted one would have (design §9). game.ai.players offers the levels as players.
"""
from __future__ import annotations

import dataclasses

from game.ai import lookahead
from game.ai.framework import Candidate, Context, Settings, fallback, gather, with_noise
from game.ai.knowledge import knowledge_for
from game.engine.actions import Action
from game.engine.dice import PlayerRng
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState

LEVELS: dict[str, Settings] = {
    "easy": Settings("easy", noise=0.3, positional=False, move_samples=8),
    "normal": Settings("normal", noise=0.005, positional=True, move_samples=24),
    "hard": Settings("hard", noise=0.0, positional=True, move_samples=32, rollouts=3, finalists=4,
                     rollout_actions=10, rollout_policy="quick", rollout_budget=24, deep_budget=4,
                     read_enemy=True),
}


@dataclasses.dataclass(frozen=True)
class TurnWork:
    """The look-ahead's work in one side's turn, counted (never timed: a game replays and resumes
    exactly). A side's turn is about one decision per unit (a move each, a Risus run, a round's
    orders), so each decision gets the turn's work shared among the side's units still in the fight,
    never more than the level's own per-decision budgets: a side of 5 looks as far as before, a side
    of 10 half as far a decision, and the whole turn's work stays the same. The share is read from
    the view alone, so a game resumed in mid-turn shares exactly as the uninterrupted one."""

    rollout_actions: int        # actions played out in rollouts (Settings.rollout_budget a decision)
    finalists: int              # finalists weighed (Settings.finalists a decision, at least MIN_FINALISTS)
    second_steps: int           # second steps looked at (Settings.deep_budget a decision)


MIN_FINALISTS = 2               # the heuristic's choice and one rival: below that the look-ahead is idle
TURN_WORK: dict[str, TurnWork] = {
    "hard": TurnWork(rollout_actions=160, finalists=30, second_steps=24),
}


def decision_share(settings: Settings, view: GameState, side: int) -> Settings:
    """The level's settings with its look-ahead budgets cut to this decision's share of the turn's work."""
    work = TURN_WORK.get(settings.level)
    if work is None:
        return settings
    units = max(1, sum(1 for u in view.units.values() if u.side == side and not u.out))
    return dataclasses.replace(
        settings,
        rollout_budget=min(settings.rollout_budget, work.rollout_actions // units),
        finalists=min(settings.finalists, max(MIN_FINALISTS, work.finalists // units)),
        deep_budget=min(settings.deep_budget, work.second_steps // units))


# Not offered as a player: the look-ahead's policy for both sides (greedy, no moves, no position).
ROLLOUT_LEVELS: dict[str, Settings] = {
    "quick": Settings("quick", noise=0.05, positional=False, move_samples=4, moves=False),
}


class AIPlayer:
    """A player that decides by candidate actions, from its side's view only."""

    def __init__(self, seed: int, side: int, settings: Settings):
        self.seed = int(seed)
        self.side = side
        self.settings = settings
        self.name = settings.level
        self.last: list[Candidate] = []       # the ranked candidates of the last decision (for the UI)

    def rng(self, view: GameState, decision: Decision) -> PlayerRng:
        return PlayerRng(self.seed, "ai", self.settings.level, view.action_count, decision.side)

    def context(self, view: GameState, options: list[Option], decision: Decision) -> Context:
        settings = decision_share(self.settings, view, decision.side) if self.settings.rollouts > 0 else self.settings
        return Context(view, options, decision, settings, self.rng(view, decision), knowledge_for(view.ruleset_id))

    def choose(self, view: GameState, options: list[Option], decision: Decision) -> Action:
        ctx = self.context(view, options, decision)
        if len(options) == 1 and options[0].action is not None:
            self.last = []
            return options[0].action
        cands = gather(ctx)
        if not cands:
            self.last = []
            return fallback(ctx)
        ranked = with_noise(cands, ctx)
        if self.settings.rollouts > 0 and len(ranked) > 1 and ctx.knowledge.rollouts_tell:
            ranked = lookahead.rerank(ctx, ranked, self.seed, self.rollout_seats)
        self.last = [c for _, _, c in ranked]
        return ranked[0][2].action

    def rollout_seats(self, r: int) -> "RolloutSeats":
        return RolloutSeats(self.settings.rollout_policy, self.seed, r)


class RolloutSeats:
    """The look-ahead's players in rollout r: the rollout policy on both sides, seeded per rollout."""

    def __init__(self, policy: str, seed: int, r: int):
        self.policy, self.seed, self.r = policy, seed, r
        self.seats: dict[int, AIPlayer] = {}

    def __call__(self, side: int) -> AIPlayer:
        if side not in self.seats:
            settings = ROLLOUT_LEVELS.get(self.policy) or LEVELS[self.policy]
            self.seats[side] = AIPlayer(self.seed ^ ((self.r + 1) * 7919), side, settings)
        return self.seats[side]


def make_level(level: str):
    settings = LEVELS[level]
    return lambda seed, side: AIPlayer(seed, side, settings)
