"""Risus Skirmish knowledge (seed 000), found by ruleset id: keep the initiative, go from cover to cover, fire on good odds.

It also rallies, decides opportunity fire, throws grenades and dives for cover.

The side holding the initiative acts while its actions succeed; a failed action hands the enemy its
run, exactly as passing does. So each action is judged by its expected gain `g` (in figures, from
the static evaluation in outcomes) and the chance `p` that the run goes on: the best order of
independent actions with gains g and keep-chances p is by g / (1 - p) (a sure action first, it
risks nothing of the rest of the run; a long shot last, its failure costs the run). An action that
gains nothing is never taken: when nothing gains, the AI passes, so it can never shuffle figures
forever.

The static evaluation, per figure: able 1, pinned 1 less what the pin costs (a tempo, and the
chance the rally kills it), minus the enemy's chance to pin it where it stands (his run comes next),
plus its own best chance to pin someone, cover, and the scenario's objective (the attacker of a
held objective is pulled toward it, harder as the turn limit nears; the holder keeps someone in it;
in an elimination the side not ahead at the limit closes in).

Everything is computed from the side's view: hidden enemy markers are treated as possible shooters
(half of them real), never looked behind.

The package: analysis (what the view says), outcomes (the static evaluation, what actions bring,
every way they turn out), candidates (the candidate actions); this module is the knowledge and its
one- and two-step expectation for the hard level.
"""
from __future__ import annotations

import dataclasses

from game.ai.framework import Candidate, Context, Knowledge, gather, is_pass, with_noise
from game.ai.knowledge import register_knowledge
from game.ai.risus_skirmish.candidates import (AssaultCA, AttackCA, DiveCA, GrenadeCA, MoveCA, OpFireCA,
                                               PassCA, RallyCA, StandFastCA)
from game.ai.risus_skirmish.deployment import DeployCA
from game.ai.risus_skirmish.outcomes import (DEEP_OUTCOMES, DEEP_SAMPLES, SAMPLES, evaluate, forced, leaf,
                                             outcomes_of, rest_of_run, settle_op_fire)
from game.engine import game as engine
from game.engine.dice import DiceStream
from game.engine.state import GameState


class RisusKnowledge(Knowledge):
    ruleset_id = "risus-skirmish"
    rollout_turns = 2               # a "turn" is one side's run: play out ours and the enemy's reply

    def expectation(self, ctx: Context, action) -> float | None:
        """The expected worth of an action one step ahead (the hard level): exact over its outcomes
        where they are enumerated, else the mean of a few samples with dice of the AI's own."""
        outs = outcomes_of(ctx.view, action, ctx.side)
        if outs is None:
            outs = []
            for r in range(SAMPLES):
                seed = int(ctx.rng.child("expect", r).random() * (1 << 53))
                after = forced(ctx.view, action, None, DiceStream(seed=seed))
                settled = settle_op_fire(after, ctx.side) if after is not None else None
                if settled is None:
                    return None
                if after.dice.counter == 0:
                    outs = settled      # no die was rolled (a deployment): every sample would be this one
                    break
                outs += [(q / SAMPLES, st) for q, st in settled]
        rest = rest_of_run(ctx, action)
        if ctx.cache.get("deeper", 0) <= 0 or len(outs) > DEEP_OUTCOMES:
            return sum(q * leaf(st, ctx.side, rest, ctx.view.turn) for q, st in outs)
        # two steps: where we keep the initiative, the best next action's own expectation
        ctx.cache["deeper"] -= 1
        total = 0.0
        for q, st in outs:
            nxt = self.continuation(ctx, st) if q >= 0.05 else None
            ctx.cache["continued"] = ctx.cache.get("continued", 0) + (q >= 0.05)     # the look-ahead's budget
            total += q * (nxt if nxt is not None else leaf(st, ctx.side, rest, ctx.view.turn))
        return total

    def continuation(self, ctx: Context, state: GameState) -> float | None:
        """Still our run in this outcome: the best of passing and our two best next candidates."""
        d = engine.to_act(state)
        if state.outcome is not None or d is None or d.side != ctx.side or d.kind != "act":
            return None
        settings = dataclasses.replace(ctx.settings, move_samples=DEEP_SAMPLES, noise=0.0)
        sub = Context(state, engine.legal_actions(state), d, settings, ctx.rng.child("deeper"), self)
        ranked = with_noise(gather(sub), sub)
        sub.cache["candidates"] = [c for _, _, c in ranked]
        best = None
        for _, _, c in [r for r in ranked if not is_pass(r[2].action)][:2]:
            v = self.expectation(sub, c.action)
            if v is not None and (best is None or v > best):
                best = v
        stop = leaf(state, ctx.side, 0.0, ctx.view.turn)
        return max(best, stop) if best is not None else stop

    def candidate_actions(self, ctx: Context) -> list:
        if ctx.decision.kind == "opportunity-fire":
            return [OpFireCA()]
        if ctx.decision.kind == "dive-for-cover":
            return [DiveCA()]
        if ctx.decision.kind == "deploy":
            return [DeployCA()]
        return [AttackCA(), GrenadeCA(), RallyCA(), AssaultCA(), MoveCA(), PassCA(), StandFastCA()]

    def evaluate(self, state: GameState, side: int) -> float:
        return evaluate(state, side)

    def finish(self, ctx: Context, cands: list[Candidate]) -> list[Candidate]:
        if not ctx.settings.positional:
            # easy: greedy on the immediate expected gain, blind to the initiative
            for c in cands:
                c.score = c.gain if c.source not in ("pass",) else 0.0
        return cands


register_knowledge(RisusKnowledge())
