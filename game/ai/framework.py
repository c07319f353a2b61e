"""The AI's frame (candidates, settings, knowledge, context, choosing), below every level and ruleset so all decide alike.

After Wesnoth's RCA AI (design §9): candidate actions score what they would do, the best one runs.

A *candidate action* (CA) looks at one kind of thing the side could do now (fire, move to cover,
rally, pass...) and proposes `Candidate`s: a complete, legal action with a score. Scores are expected
values in one currency, *figures*: 1.0 is about one enemy figure put out of the fight. The brain
gathers every CA's candidates, adds the level's seeded noise, and the best one answers the decision;
the game loop asks again for the next decision, so "repeat until the decision is made" is the loop
itself.

Everything a CA sees is the `Context`: the deciding side's view (never the real state), the options
the rules offer, the decision, the level's settings and a seeded `PlayerRng`. Per-ruleset knowledge
(`Knowledge`) supplies the CAs and a static evaluation of a state for the look-ahead; rulesets without
knowledge get the generic one (game.ai.generic).
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Callable, Iterable, Protocol

import numpy as np

from game.ai import positions
from game.ai.sampling import complete
from game.engine.actions import Action, Pass
from game.engine.dice import PlayerRng
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit


@dataclasses.dataclass
class Candidate:
    """One thing the side could do, with its expected value (in figures) and a short reason."""

    score: float
    action: Action
    why: str = ""
    source: str = ""
    option: Option | None = None
    gain: float = 0.0               # expected change of the evaluation if done (figures)
    keep: float = 1.0               # chance the side keeps deciding afterwards (Risus: the initiative)


@dataclasses.dataclass(frozen=True)
class Settings:
    """What a level does: the same CAs, more or less sense and look-ahead."""

    level: str
    noise: float = 0.0              # +- this much seeded noise on every score (figures)
    positional: bool = True         # cover, exposure, objectives, initiative (normal and up)
    move_samples: int = 24          # points tried per move option
    moves: bool = True              # consider moves at all (the look-ahead's quick policy does not)
    rollouts: int = 0               # look-ahead: rollouts per finalist (hard)
    finalists: int = 0              # look-ahead: how many of the best candidates are rolled out
    rollout_actions: int = 0        # look-ahead: actions played out per rollout
    rollout_policy: str = "easy"    # look-ahead: the level that plays both sides in a rollout
    rollout_budget: int = 1 << 30   # look-ahead: no new round of rollouts once this many actions are played
    deep_budget: int = 1 << 30      # look-ahead: no second step for a finalist once this many were looked at
    budget_ms: float = 150.0        # the median time per decision `make bench` holds the level's work to
    # battle scale: a decision looks closely at no more than this many of the side's moves (those of the
    # figures nearest the fight) and, for each, at the nearest enemies; a bundled skirmish is below both
    near_moves: int = 6
    near_foes: int = 10
    likeliest: int = 32             # and at no more than this many attacks, the likeliest to succeed
    read_enemy: bool = False        # read the enemy's secret orders as the normal level would give them


class Player(Protocol):
    """Anything that answers a decision from its side's view and the options the rules offer."""

    name: str

    def choose(self, view: GameState, options: list[Option], decision: Decision) -> Action: ...


class CandidateAction(Protocol):
    name: str

    def evaluate(self, ctx: "Context") -> Iterable[Candidate]: ...


class Knowledge:
    """What the AI knows of one ruleset: its candidate actions and a static evaluation of a state."""

    ruleset_id: str = ""
    rollout_turns: int = 1          # the look-ahead plays to the start of the turn this many turns on
    rollouts_tell: bool = True      # the hard level's rollouts can tell its finalists apart here

    def candidate_actions(self, ctx: "Context") -> list[CandidateAction]:
        raise NotImplementedError

    def evaluate(self, state: GameState, side: int) -> float:
        """How good `state` is for `side`, in figures (for the look-ahead). Must use only what a view shows."""
        raise NotImplementedError

    def prepare_rollout(self, sim: GameState, side: int, policy: Callable[[int], Any]) -> None:
        """Before a look-ahead rollout from a view: fill in what the view hides with guesses
        (`policy(side)` gives the rollout's player for a side). Nothing by default."""

    def expectation(self, ctx: "Context", action: Action) -> float | None:
        """The exact expected worth of an action one step ahead, over every way its dice can fall
        (rulesets whose rolls the knowledge can enumerate); None: the look-ahead samples instead."""
        return None

    def finish(self, ctx: "Context", cands: list[Candidate]) -> list[Candidate]:
        """A last look at all candidates together (e.g. to weigh each against the others)."""
        return cands


class Context:
    """Everything a candidate action may look at for one decision, plus a per-decision cache."""

    def __init__(self, view: GameState, options: list[Option], decision: Decision,
                 settings: Settings, rng: PlayerRng, knowledge: Knowledge):
        self.view = view
        self.options = options
        self.decision = decision
        self.side = decision.side
        self.settings = settings
        self.rng = rng
        self.knowledge = knowledge
        self.cache: dict[str, Any] = {}

    # -- who is where --------------------------------------------------------------------------
    def friends(self) -> list[Unit]:
        return [u for u in self.view.units.values() if u.side == self.side and not u.out]

    def enemies(self) -> list[Unit]:
        return [u for u in self.view.units.values() if u.side != self.side and not u.out]

    def near_fight(self, options: list[Option], where: Callable[[Option], Any]) -> list[Option]:
        """The moves worth a close look (settings.near_moves of them, in their own order): those whose
        mover (`where(option)`: its position, or None) stands nearest to an enemy or an objective."""
        k = self.settings.near_moves
        if len(options) <= k:
            return list(options)
        marks = np.array([u.pos for u in self.enemies()] + positions.objective_points(self.view),
                         dtype=float).reshape(-1, 2)
        if len(marks) == 0:
            return list(options[:k])

        def gap(o: Option) -> float:
            p = where(o)
            return float(np.min(np.hypot(marks[:, 0] - p[0], marks[:, 1] - p[1]))) if p is not None else math.inf
        gaps = [gap(o) for o in options]
        best = sorted(range(len(options)), key=lambda i: (gaps[i], i))[:k]
        return [options[i] for i in sorted(best)]

    def likeliest(self, options: list[Option]) -> list[Option]:
        """The options worth a close look among many with odds (settings.likeliest of them, in their own
        order): those most likely to succeed."""
        k = self.settings.likeliest
        if len(options) <= k:
            return list(options)
        best = sorted(range(len(options)), key=lambda i: (-float(options[i].odds or 0), i))[:k]
        return [options[i] for i in sorted(best)]

    def memo(self, key: str, make: Callable[[], Any]) -> Any:
        if key not in self.cache:
            self.cache[key] = make()
        return self.cache[key]

    def by_kind(self, *kinds: str) -> list[Option]:
        return [o for o in self.options if o.kind in kinds]


# -- choosing ------------------------------------------------------------------------------------
def gather(ctx: Context) -> list[Candidate]:
    """Every candidate of every CA, checked against the options (a CA can never answer illegally)."""
    out: list[Candidate] = []
    for ca in ctx.knowledge.candidate_actions(ctx):
        for c in ca.evaluate(ctx):
            if not math.isfinite(c.score):
                continue
            if c.option is None or not c.option.contains(c.action):
                c.option = next((o for o in ctx.options if o.contains(c.action)), None)
                if c.option is None:
                    continue
            if not c.source:
                c.source = ca.name
            out.append(c)
    return ctx.knowledge.finish(ctx, out)


def with_noise(cands: list[Candidate], ctx: Context) -> list[tuple[float, int, Candidate]]:
    """Scores plus the level's seeded noise, ranked best first (ties: the earlier candidate)."""
    noise = ctx.settings.noise
    ranked = []
    for i, c in enumerate(cands):
        s = c.score + (ctx.rng.uniform(-noise, noise) if noise > 0 else 0.0)
        ranked.append((s, i, c))
    ranked.sort(key=lambda t: (-t[0], t[1]))
    return ranked


def fallback(ctx: Context) -> Action:
    """Nothing proposed anything: pass if the rules allow it, else the first option (never a stall)."""
    for o in ctx.options:
        if o.action is not None and isinstance(o.action, Pass):
            return o.action
    return complete(ctx.options[0], ctx.rng.child("fallback"))


def is_pass(action: Action) -> bool:
    return isinstance(action, Pass)


def actor_of(choice: Option | Decision) -> str:
    """Who acts in an option or a decision: a unit or team id, "" for nobody or a group. The one
    place the AI reads `actor` (a tuple of ids: the AI's candidates act with one unit or team)."""
    return choice.the_actor or ""


def as_actor(unit_id: str) -> tuple[str, ...]:
    """The `actor` of a decision the AI makes up for one unit (the other half of actor_of)."""
    return (unit_id,)


def other_sides(state: GameState, side: int) -> list[int]:
    """Every side but this one, in order (the AI's one helper for "the other side")."""
    return [s for s in range(state.sides) if s != side]
