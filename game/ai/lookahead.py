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

The work is a fixed count (finalists, outcomes, rollouts, actions), never a wall clock, so a game
replays and resumes exactly; `make bench` checks that the count fits the time budget.
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
        ctx.cache["deeper"] = 1 if k < DEEP_FINALISTS and not is_pass(c.action) else 0
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
    values: list[float | None] = []
    for _, _, cand in finalists:
        total, n = 0.0, 0
        for r in range(s.rollouts):
            sim = ctx.view.clone()
            sim.dice = DiceStream(seed=rollout_seed(seed, ctx.view.action_count, ctx.side, r))
            seats = seats_for(r)
            try:
                knowledge.prepare_rollout(sim, ctx.side, seats)
                engine.apply(sim, cand.action, atomic=False)
                play_out(sim, seats, s.rollout_actions, ctx.view.flow.turn + knowledge.rollout_turns)
            except Exception:            # a view lacks what the rules need (hidden orders): no verdict
                stats["errors"] += 1
                continue
            stats["rollouts"] += 1
            total += knowledge.evaluate(sim, ctx.side) - base
            n += 1
        values.append(total / n if n else None)
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
