"""A guest's side of the protocol, without the transport: what it holds and what it answers.

It keeps the view it was last sent (the log growing line by line), the decision and, when the
decision is its own, the options; `answer` asks its player (an AI level, or later the UI) for an
action and makes the `act` message. Before a game whose guests build their force on points begins,
it is sent `muster` (game/net/mustering.py): `to_build` is then the scenario its side's force is
built for (None when it builds nothing, or no longer), `waiting` the sides whose force is awaited;
`build_force` makes its AI level's force.
"""
from __future__ import annotations

from typing import Any

from game.ai.players import PLAYER_KINDS
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.scenario import Scenario
from game.engine.state import GameState
from game.net import wire
from game.net.mustering import MUSTER, force_message


class Guest:
    def __init__(self, code: str, level: str | None = None) -> None:
        if level is not None and level not in PLAYER_KINDS:
            raise ValueError(f"--ai: unknown level {level!r} (known: {', '.join(sorted(PLAYER_KINDS))})")
        self.code, self.level = code, level
        self.seat: int | None = None
        self.ruleset: str = ""
        self.view: GameState | None = None
        self.decision: Decision | None = None
        self.options: list[Option] = []
        self.errors: list[str] = []
        self.ended: list = []                      # the battles ended since its last state (NestedGameOver)
        self.at = 0
        self.problem = ""
        self.player: Any = None
        self.player_seed = 0
        self.sides: list[str] = []                 # the sides' names, from the welcome
        self.title = ""                            # the scenario's, from `muster` (before any view)
        self.waiting: list[int] = []               # the sides whose force the game waits for
        self.to_build: Scenario | None = None      # the scenario this seat builds its force for, now
        self._boards = wire.Boards()

    def hello(self) -> str:
        return wire.dumps({"type": "hello", "code": self.code})

    def receive(self, text: str | bytes | dict[str, Any]) -> None:
        """Take one message from the referee, as sent or already parsed by `wire.loads` (a message of
        another version raises WireError)."""
        message = text if isinstance(text, dict) else wire.loads(text, limit=1 << 30)
        kind = message["type"]
        if kind == "welcome":
            self.seat, self.ruleset = int(message["seat"]), str(message["ruleset"])
            self.player_seed, self.sides = int(message["player_seed"]), [str(s) for s in message["sides"]]
            self.view, self.decision, self.options = None, None, []     # a full state follows
            if self.level is not None and self.player is None:
                self.player = PLAYER_KINDS[self.level](int(message["player_seed"]), self.seat)
        elif kind == MUSTER:
            self.title = str(message["title"])
            self.waiting = [int(s) for s in message["waiting"]]
            self.to_build = self._scenario(message["scenario"]) if message["build"] else None
        elif kind == "state":
            self.waiting, self.to_build = [], None
            earlier = self.view if message["view"]["log_from"] else None
            self.view = wire.view_from_json(message["view"], earlier, self._boards)
            self.at = int(message["at"])           # the whole game's count of actions (the view's
            d = message["decision"]                # may be a nested game's)
            self.decision = wire.decision_from_json(d) if d is not None else None
            self.options = wire.options_from_json(message["options"], message.get("regions"), self.ruleset)
            self.problem = message.get("problem") or ""     # the referee's AI failed: the game stalls
            self.ended = [wire.event_from_json(e) for e in message.get("ended") or ()]
        elif kind == "error":
            self.errors.append(str(message.get("message")))
        else:
            raise wire.WireError(f"message.type: unknown {kind!r}")

    def _scenario(self, doc: Any) -> Scenario:
        """The scenario a force is built for, as the referee sent it (checked as a file is)."""
        from game.io.errors import FileProblem
        from game.io.scenario_file import scenario_from_doc
        if self.to_build is not None and self.to_build.raw == doc:
            return self.to_build
        try:
            return scenario_from_doc(doc, "muster.scenario")
        except FileProblem as exc:
            raise wire.WireError(str(exc).splitlines()[0]) from None

    def build_force(self) -> str:
        """The force its AI level musters for its side (as an AI side musters its own in hotseat,
        from the players' seed: the game's own is never sent), as a `force` message."""
        from game.ai.muster import build
        from game.engine import registry
        assert self.to_build is not None and self.seat is not None and self.level is not None
        entries = build(self.to_build, self.seat, self.player_seed, self.level)
        if entries is None:                         # no legal force from the presets: the scenario's own
            entries = registry.get(self.to_build.ruleset).muster_force(self.to_build, self.seat)
        return force_message(self.seat, entries)

    @property
    def my_turn(self) -> bool:
        return (self.view is not None and bool(self.options) and self.decision is not None
                and self.decision.seat == self.seat)

    @property
    def over(self) -> bool:
        return self.view is not None and self.view.outcome is not None and self.decision is None

    def answer(self) -> str:
        """The player's action for the decision now, as an `act` message."""
        assert self.view is not None and self.decision is not None and self.player is not None
        action = self.player.choose(self.view, self.options, self.decision)
        return wire.dumps({"type": "act", "at": self.at, "action": wire.action_json(action, self.ruleset)})
