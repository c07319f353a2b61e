"""The hard level's look-ahead: a second, closer look at its best few candidates, by exact expectation or seeded rollouts.

Design §9. The players of a rollout come from the caller (game.ai.levels), so this module needs no level.

Two ways, per ruleset:
- exact one-step expectation, where the ruleset's knowledge can say how an action's dice may fall
  (Risus Skirmish: every attack is "any 5 or 6 on N d6", so each candidate's outcomes are enumerated
  with dice forced through a scripted stream, each weighted by its exact chance; actions it cannot
  enumerate are sampled with dice of the AI's own). The finalist with the best expectation wins.
- seeded rollouts otherwise (rulesets whose knowledge says rollouts can tell its finalists apart;
  Takipsilim's says not, and reads the enemy's orders instead): clone the side's view (never the real state),
  fill in what the view hides with the rollout policy's guesses, give the clone a fresh dice stream
  seeded from the game seed, the action index and the rollout number (never the game's own dice),
  apply the candidate and play both sides to the end of the round, then evaluate. Every finalist
  meets the same rollout seeds (common random numbers). A few rollouts are noisy: the heuristic's
  choice stands unless another finalist does clearly better.

The work is a count (finalists, outcomes, rollouts, actions), never a wall clock, so a game replays
and resumes exactly: the rollouts go round the finalists one seed at a time and stop starting new
rounds once `Settings.rollout_budget` actions (the candidate's and the played-out ones) are spent, so
a decision's look-ahead is bounded whatever the ruleset (a round the budget cuts short counts for
nothing: the heuristic's choice stands); the level shares a side's turn's work among its decisions
(game.ai.levels.TURN_WORK), so a turn is bounded too; `make bench` checks the counts fit the time the
level is allowed.
"""
from __future__ import annotations

import time
from typing import Callable

from game.ai.framework import Candidate, Context, Player, is_pass
from game.engine import game as engine
from game.engine.dice import DiceStream, PlayerRng
from game.engine.state import GameState

EXACT_MARGIN = 0.25             # figures an exact expectation must beat the heuristic's choice by
SWITCH_MARGIN = 0.5             # figures a sampled verdict must beat the heuristic's choice by
CLEAR_LEAD = 0.5                # a candidate this far behind the best is not rolled out
DEEP_FINALISTS = 3              # the best few finalists get a second step where the ruleset can
stats = {"rollouts": 0, "actions": 0, "errors": 0, "ms": 0.0}


def rollout_seed(seed: int, action_count: int, side: int, r: int) -> int:
    return int(PlayerRng(seed, "rollout-dice", action_count, side, r).random() * (1 << 53))


Seats = Callable[[int], Player]         # a rollout's players: the one playing each side


def play_out(state: GameState, seats: Seats, actions: int, until_turn: int | None = None) -> GameState:
    """Play the rollout policy for both sides, up to `actions` decisions, the turn `until_turn`
    or the game's end."""
    for _ in range(actions):
        if until_turn is not None and state.flow.turn >= until_turn:
            break
        decision = engine.to_act(state)
        if decision is None:
            break
        options = engine.legal_actions(state)
        if not options:
            break
        engine.apply(state, seats(decision.side).choose(state, options, decision), atomic=False)
        stats["actions"] += 1
    return state


def rollout(ctx: Context, cand: Candidate, seats: Seats, seed: int) -> tuple[float | None, int]:
    """One rollout of a candidate from a clone of the view: its evaluation at the end (None when the
    view lacks what the rules need, e.g. hidden orders) and the actions it took."""
    s = ctx.settings
    sim = ctx.view.clone()
    sim.dice = DiceStream(seed=seed)
    before = stats["actions"]
    try:
        ctx.knowledge.prepare_rollout(sim, ctx.side, seats)
        engine.apply(sim, cand.action, atomic=False)
        play_out(sim, seats, s.rollout_actions, ctx.view.flow.turn + ctx.knowledge.rollout_turns)
    except Exception:
        stats["errors"] += 1
        return None, 1 + stats["actions"] - before
    stats["rollouts"] += 1
    return ctx.knowledge.evaluate(sim, ctx.side), 1 + stats["actions"] - before


def rerank(ctx: Context, ranked: list[tuple[float, int, Candidate]], seed: int,
           seats_for: Callable[[int], Seats]) -> list[tuple[float, int, Candidate]]:
    """Roll out the best few candidates and re-order them by heuristic + rollout value
    (`seats_for(r)`: the players of both sides in rollout r)."""
    s = ctx.settings
    t0 = time.perf_counter()
    # only candidates the rollouts could still lift to the top are rolled out
    top = ranked[0][0]
    finalists = [r for r in ranked[:max(1, s.finalists)] if top - r[0] <= CLEAR_LEAD]
    passing = next((r for r in ranked if is_pass(r[2].action)), None)
    if passing is not None and passing not in finalists:
        finalists.append(passing)           # stopping the run is always a candidate
    if len(finalists) < 2:
        return ranked
    knowledge = ctx.knowledge
    ctx.cache["candidates"] = [c for _, _, c in ranked]
    exact = []
    for k, (_, _, c) in enumerate(finalists):
        # a second step costs a fresh look at the position after each outcome ("continued"
        # counts them): the best few finalists get one while the level's budget of them lasts
        room = ctx.cache.get("continued", 0) < s.deep_budget
        ctx.cache["deeper"] = 1 if k < DEEP_FINALISTS and room and not is_pass(c.action) else 0
        exact.append(knowledge.expectation(ctx, c.action))
    if all(v is not None for v in exact):
        # every finalist's outcomes weighed by their exact chances: another finalist replaces the
        # heuristic's choice when its expectation is clearly better
        pick = max(range(len(exact)), key=lambda k: (exact[k], -k))
        stats["ms"] += (time.perf_counter() - t0) * 1000
        if pick == 0 or exact[pick] - exact[0] <= EXACT_MARGIN:
            return ranked
        chosen = finalists[pick]
        return [chosen] + [r for r in ranked if r is not chosen]
    base = knowledge.evaluate(ctx.view, ctx.side)
    totals = [0.0] * len(finalists)
    counts = [0] * len(finalists)
    spent = 0
    last = 0                            # what the last round cost: a round that cannot fit is not begun
    for r in range(s.rollouts):
        if spent + last > s.rollout_budget:
            break
        start = spent
        seats = seats_for(r)
        this_round: list[float | None] = []
        for _, _, cand in finalists:
            if spent >= s.rollout_budget:
                break
            value, used = rollout(ctx, cand, seats, rollout_seed(seed, ctx.view.action_count, ctx.side, r))
            spent += used
            this_round.append(None if value is None else value - base)
        if len(this_round) < len(finalists):
            break                       # the budget ran out in this round: every finalist meets the same seeds
        last = spent - start
        for k, value in enumerate(this_round):
            if value is not None:
                totals[k] += value
                counts[k] += 1
    values = [totals[k] / counts[k] if counts[k] else None for k in range(len(finalists))]
    # The heuristic's choice stands unless the rollouts find another clearly better: a few rollouts
    # are noisy, and a noisy switch costs more than it gains.
    best = values[0]
    if best is not None:
        pick = max(range(len(values)), key=lambda k: (values[k] if values[k] is not None else -1e9, -k))
        if pick != 0 and values[pick] is not None and values[pick] - best > SWITCH_MARGIN:
            chosen = finalists[pick]
            ranked = [chosen] + [r for r in ranked if r is not chosen]
    stats["ms"] += (time.perf_counter() - t0) * 1000
    return ranked
