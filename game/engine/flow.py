"""Turn flow as data (design §3).

A ruleset declares its turn as a `Flow`: a list of `Phase`s, each saying *who decides* in it
(`order`) and which ruleset hooks run when it begins and ends. The engine walks the flow; after
each action it checks, in order: game over, phase over, turn over (as boardgame.io's flow does).

Orders, enough for all five rulesets and the campaign:
- "run":       one side decides again and again until its run ends (Risus: the side holding the
               initiative acts while its actions succeed; Petite Guerre: the active player's turn).
- "each-run":  every side in turn has a run, starting with the initiative holder (A Risk to Take:
               the winner of the initiative roll moves first, then the other side).
- "each-once": every side decides once, starting with the initiative holder (hidden commitments:
               Takipsilim's orders for the round).
- "actors":    a queue of single decisions built by a ruleset hook (Riskbreaker: characters act
               in order of fight rating, ties broken by the side with less Advantage).
- "auto":      no decisions: the phase's hooks resolve it (Takipsilim's phase resolution,
               campaign reinforcement and supply rolls).

`per_side=True` repeats the whole phase list once for each side, the side being *active*
(player turns, as in Petite Guerre where activation tests open a player's turn).
`every`/`offset` make a phase happen only on some turns (the campaign's events every second turn).

Interrupts are decisions of another side pushed by the ruleset in the middle of an action
(opportunity fire, throwing a grenade back, following a maneuver, a commander's save). They sit on
a stack above the phase's queue: not special code paths, just decision points.
"""
from __future__ import annotations

import dataclasses
from typing import Any

ORDERS = ("run", "each-run", "each-once", "actors", "auto")


@dataclasses.dataclass(frozen=True)
class Phase:
    name: str
    order: str = "run"
    decision: str = "act"         # the kind of decision asked in this phase
    hidden: bool = False          # decisions here are secret from the other side (committed orders)
    every: int = 1                # the phase happens on turns t with (t - 1) % every == offset
    offset: int = 0
    begin: str | None = None      # ruleset hook (method name) run as the phase begins
    end: str | None = None        # ruleset hook run as the phase ends
    actors: str | None = None     # for order "actors": ruleset hook returning the queue of Decisions
    reason: str = ""              # why this side decides now, for the turn display

    def __post_init__(self) -> None:
        if self.order not in ORDERS:
            raise ValueError(f"phase {self.name!r}: order must be one of {ORDERS}, not {self.order!r}")
        if self.order == "actors" and not self.actors:
            raise ValueError(f"phase {self.name!r}: order 'actors' needs an actors hook")
        if self.every < 1 or not 0 <= self.offset < self.every:
            raise ValueError(f"phase {self.name!r}: every must be >= 1 and 0 <= offset < every")

    def happens_on(self, turn: int) -> bool:
        return (turn - 1) % self.every == self.offset


@dataclasses.dataclass(frozen=True)
class Flow:
    phases: tuple[Phase, ...]
    per_side: bool = False        # run the phase list once per side (player turns)
    turn_begin: str | None = None # ruleset hook run as each turn begins (e.g. an initiative roll)
    turn_end: str | None = None   # ruleset hook run as each turn ends (e.g. rout tests)

    def __post_init__(self) -> None:
        if not self.phases:
            raise ValueError("a flow needs at least one phase")


@dataclasses.dataclass
class Decision:
    """Who decides what, now: a side, the kind of decision and, optionally, the one actor."""

    side: int
    kind: str = "act"
    reason: str = ""
    actor: str | None = None
    hidden: bool = False
    data: dict[str, Any] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Decision":
        return cls(**data)


@dataclasses.dataclass
class FlowState:
    """Where the game is in its flow. Plain data: saved in the state and hashed with it."""

    turn: int = 1
    phase: int = 0                # index into Flow.phases
    phase_name: str = ""
    side_turn: int = 0            # per_side flows: how many sides have had their turn this turn
    initiative: int = 0           # the side holding the initiative
    active: int = 0               # the side whose run or player-turn it is
    queue: list[Decision] = dataclasses.field(default_factory=list)
    interrupts: list[Decision] = dataclasses.field(default_factory=list)
    run_over: bool = False
    started: bool = False
    over: bool = False

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "FlowState":
        data = dict(data)
        data["queue"] = [Decision.from_json(d) for d in data.get("queue", [])]
        data["interrupts"] = [Decision.from_json(d) for d in data.get("interrupts", [])]
        return cls(**data)
