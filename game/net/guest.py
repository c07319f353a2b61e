"""A guest's side of the protocol, without the transport: what it holds and what it answers.

It keeps the view it was last sent (the log growing line by line), the decision and, when the
decision is its own, the options; `answer` asks its player (an AI level, or later the UI) for an
action and makes the `act` message.
"""
from __future__ import annotations

from typing import Any

from game.ai.players import PLAYER_KINDS
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState
from game.net import wire


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
            self.view, self.decision, self.options = None, None, []     # a full state follows
            if self.level is not None and self.player is None:
                self.player = PLAYER_KINDS[self.level](int(message["player_seed"]), self.seat)
        elif kind == "state":
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
