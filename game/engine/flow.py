"""Turn flow as data (design §3).

A ruleset declares its turn as a `Flow`: a list of `Phase`s, each saying *who decides* in it
(`order`) and which ruleset hooks run in it. The engine walks the flow; after each action it
checks, in order: game over, phase over, turn over (as boardgame.io's flow does).

Orders, enough for all five rulesets and the campaign:
- "run":       one side decides again and again until its run ends (Risus: the side holding the
               initiative acts while its actions succeed; Petite Guerre: the active player's turn).
- "each-run":  every side in the turn's order has a run (A Risk to Take: the winner of the
               initiative roll moves first, then the other side).
- "each-once": every side in the turn's order decides once (hidden commitments: Takipsilim's orders).
- "actors":    a queue of single decisions built by a ruleset hook (Riskbreaker: characters act
               in order of fight rating, ties broken by the side with less Advantage).
- "auto":      no decisions: the phase's steps resolve it (Takipsilim's phase resolution,
               campaign reinforcement and supply rolls).

Hooks are functions, not names: `begin(state, phase)` as the phase begins, then (once the phase's
own decisions are made) each of `steps` in order, `step(state, phase)`; a step that asks for a
decision (an interrupt: luck spent on a hit, a grenade thrown back) runs again once it is answered,
and the phase moves to the next step only when a step asks for nothing. `end(state, phase)` closes
the phase and may not ask for decisions. `Flow.turn_begin(state)` / `turn_end(state)` open and close
the turn. The turn's `order` of sides is a rotation from the initiative holder unless a hook sets
it (`engine.set_order`: the campaign's sides in rank order of their dice).

`per_side=True` repeats the whole phase list once for each side in the turn's order, that side
being *active* (player turns, as in Petite Guerre where activation tests open a player's turn).
`every`/`offset` make a phase happen only on some turns (the campaign's events every second turn).

Interrupts are decisions of another side pushed in the middle of an action (opportunity fire,
following a maneuver, a commander's save). They sit on a stack above the phase's queue; one names
the `resume` hook (declared in the ruleset's `resumes`) that finishes the interrupted resolution
once it is answered, with the resolution's data in its `context`.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any, Callable, Mapping

ORDERS = ("run", "each-run", "each-once", "actors", "auto")

Hook = Callable[..., Any]


def _check_hook(where: str, hook: Any) -> None:
    if hook is not None and not callable(hook):
        raise TypeError(f"{where} must be a function of the ruleset (a reference, not {hook!r})")


@dataclasses.dataclass(frozen=True)
class Phase:
    name: str
    order: str = "run"
    decision: str = "act"         # the kind of decision asked in this phase
    hidden: bool = False          # decisions here are secret from the other side (committed orders)
    every: int = 1                # the phase happens on turns t with (t - 1) % every == offset
    offset: int = 0
    begin: Hook | None = None     # begin(state, phase): as the phase begins
    steps: tuple[Hook, ...] = ()  # step(state, phase): in order, after the phase's decisions
    end: Hook | None = None       # end(state, phase): as the phase ends (asks for nothing)
    actors: Hook | None = None    # for order "actors": actors(state, phase) -> [Decision]
    reason: str = ""              # why this side decides now, for the turn display

    def __post_init__(self) -> None:
        if self.order not in ORDERS:
            raise ValueError(f"phase {self.name!r}: order must be one of {ORDERS}, not {self.order!r}")
        if self.order == "actors" and self.actors is None:
            raise ValueError(f"phase {self.name!r}: order 'actors' needs an actors hook")
        if self.every < 1 or not 0 <= self.offset < self.every:
            raise ValueError(f"phase {self.name!r}: every must be >= 1 and 0 <= offset < every")
        object.__setattr__(self, "steps", tuple(self.steps))

    def happens_on(self, turn: int) -> bool:
        return (turn - 1) % self.every == self.offset

    def check(self) -> None:
        for name in ("begin", "end", "actors"):
            _check_hook(f"phase {self.name!r}: {name}", getattr(self, name))
        for i, step in enumerate(self.steps):
            _check_hook(f"phase {self.name!r}: steps[{i}]", step)


@dataclasses.dataclass(frozen=True)
class Flow:
    phases: tuple[Phase, ...]
    per_side: bool = False        # run the phase list once per side (player turns)
    turn_begin: Hook | None = None  # turn_begin(state): as each turn begins (e.g. an initiative roll)
    turn_end: Hook | None = None    # turn_end(state): as each turn ends (e.g. rout tests)

    def __post_init__(self) -> None:
        if not self.phases:
            raise ValueError("a flow needs at least one phase")

    def check(self, resumes: Mapping[str, Hook]) -> None:
        """Every hook is a function, checked when the ruleset registers (a typo fails at import)."""
        for phase in self.phases:
            phase.check()
        _check_hook("turn_begin", self.turn_begin)
        _check_hook("turn_end", self.turn_end)
        for name, hook in resumes.items():
            _check_hook(f"resume hook {name!r}", hook)


@dataclasses.dataclass
class Decision:
    """Who decides what, now: a side, the kind of decision and, optionally, the actors.

    `run`: the decision stays while the side's run of actions lasts (engine bookkeeping).
    `resume`: for an interrupt, the name of the ruleset's resume hook that finishes the
    interrupted resolution after the answer; `context` holds that resolution's data (plain JSON).
    `seat`: the side of the outermost game deciding (set by engine.to_act; differs from `side`
    only inside a nested game whose sides are some of the parent's).
    """

    side: int
    kind: str = "act"
    reason: str = ""
    actor: tuple[str, ...] = ()
    hidden: bool = False
    run: bool = False
    resume: str | None = None
    context: dict[str, Any] = dataclasses.field(default_factory=dict)
    seat: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.actor, str):
            self.actor = (self.actor,)
        elif self.actor is None:
            self.actor = ()
        else:
            self.actor = tuple(self.actor)

    @property
    def the_actor(self) -> str | None:
        """The one actor of a single-actor decision (a character's orders), else None."""
        return self.actor[0] if len(self.actor) == 1 else None

    def to_json(self) -> dict[str, Any]:
        # as asdict gives it (the context a copy), without asdict's walk through every field;
        # who sits where (`seat`) is the drivers' business, not the state's
        data = {f.name: getattr(self, f.name) for f in _DECISION_FIELDS}
        data["actor"] = list(self.actor)
        data["context"] = copy.deepcopy(self.context) if self.context else {}
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Decision":
        return cls(**data)


@dataclasses.dataclass
class FlowState:
    """Where the game is in its flow. Plain data: saved in the state and hashed with it."""

    turn: int = 1
    phase: int = 0                # index into Flow.phases
    phase_name: str = ""
    step: int = 0                 # the phase's next step to run
    side_turn: int = 0            # per_side flows: how many sides have had their turn this turn
    initiative: int = 0           # the side holding the initiative
    active: int = 0               # the side whose run or player-turn it is
    order: list[int] = dataclasses.field(default_factory=list)   # the turn's order of sides
    queue: list[Decision] = dataclasses.field(default_factory=list)
    interrupts: list[Decision] = dataclasses.field(default_factory=list)
    run_over: bool = False
    started: bool = False
    over: bool = False
    child_resume: str | None = None   # a nested game lives: the resume hook that takes its result

    def to_json(self) -> dict[str, Any]:
        # plain fields taken as they are (asdict would copy the decisions deeply, then be overwritten)
        data = {f.name: getattr(self, f.name) for f in _FLOW_FIELDS}
        data["order"] = list(self.order)
        data["queue"] = [d.to_json() for d in self.queue]
        data["interrupts"] = [d.to_json() for d in self.interrupts]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "FlowState":
        data = dict(data)
        data["queue"] = [Decision.from_json(d) for d in data.get("queue", [])]
        data["interrupts"] = [Decision.from_json(d) for d in data.get("interrupts", [])]
        return cls(**data)


_FLOW_FIELDS = dataclasses.fields(FlowState)
_DECISION_FIELDS = tuple(f for f in dataclasses.fields(Decision) if f.name != "seat")
