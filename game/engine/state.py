"""The game state: plain data, cheap exact clone, stable hash (design §3).

The scenario and the board are shared between clones: they never change during a game.
Everything else (units, flow, dice position, the ruleset's own data, the log, a nested game
in progress) is copied.
"""
from __future__ import annotations

import copy
import dataclasses
import hashlib
import json
import math
from typing import Any

from game.engine.dice import DiceStream, Roll, roll as roll_dice
from game.engine.events import Event
from game.engine.flow import FlowState
from game.engine.scenario import Scenario, Unit

__all__ = ["BoardError", "GameState", "MARKERS", "Result", "Unit", "state_hash"]

MARKERS = ("pinned", "out-of-control", "routed", "wounded", "reloading", "hidden")


@dataclasses.dataclass
class Result:
    winner: int | None                 # side index, or None for a draw
    reason: str
    data: dict[str, Any] = dataclasses.field(default_factory=dict)   # losses, survivors, the field

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winner": self.winner, "reason": self.reason}
        if self.data:
            out["data"] = self.data
        return out


class BoardError(TypeError):
    """A table-only question asked of a game played on another kind of board."""


@dataclasses.dataclass
class GameState:
    ruleset_id: str
    options: dict[str, Any]
    scenario: Scenario
    board: Any                          # the board: a geometry Table or HexMap (shared, immutable)
    seed: int
    units: dict[str, Unit]
    flow: FlowState
    dice: DiceStream
    data: dict[str, Any] = dataclasses.field(default_factory=dict)   # the ruleset's own state
    log: list[Event] = dataclasses.field(default_factory=list)
    rolls: list[Roll] = dataclasses.field(default_factory=list)
    rolls_hidden_from: list[tuple[int, ...]] = dataclasses.field(default_factory=list)
    action_count: int = 0
    outcome: Result | None = None
    viewer: int | None = None           # set on a view(): the side this state was filtered for
    child: "GameState | None" = None    # a nested game in progress (the campaign's battle)
    seats: tuple[int, ...] | None = None  # in a nested game: the parent's side playing each side
    children: int = 0                   # nested games started so far (each gets its own seed)
    _events: list[Event] = dataclasses.field(default_factory=list, repr=False)

    # -- copying -------------------------------------------------------------------------------
    def clone(self) -> "GameState":
        """An exact, independent copy; scenarios, boards and past events are shared."""
        memo: dict[int, Any] = {}
        game: GameState | None = self
        while game is not None:
            memo[id(game.scenario)] = game.scenario
            memo[id(game.board)] = game.board
            for event in game.log:
                memo[id(event)] = event
            for r in game.rolls:
                memo[id(r)] = r
            game = game.child
        return copy.deepcopy(self, memo)

    # -- the board -------------------------------------------------------------------------------
    @property
    def table(self) -> Any:
        """The cm table, for rules played on one; a hex-map game has none."""
        if getattr(self.board, "kind", None) != "table":
            raise BoardError(f"{self.ruleset_id} is played on a {getattr(self.board, 'kind', '?')} "
                             f"board, not a table")
        return self.board

    # -- events and dice -----------------------------------------------------------------------
    def emit(self, kind: str, text: str, hidden_from: tuple[int, ...] = (), **data: Any) -> Event:
        phase = self.flow.phase_name
        event = Event(kind=kind, text=text, data=data, turn=self.flow.turn, phase=phase,
                      hidden_from=tuple(hidden_from))
        self.log.append(event)
        self._events.append(event)
        return event

    def roll(self, expr: str, purpose: str, who: str = "", odds_text: str | None = None,
             hidden_from: tuple[int, ...] = ()) -> Roll:
        """Roll from the game's one stream; the roll and the odds shown before it are logged."""
        result = roll_dice(self.dice, expr, purpose, who, odds_text)
        self.rolls.append(result)
        self.rolls_hidden_from.append(tuple(hidden_from))
        self.emit("Rolled", result.describe(), hidden_from=hidden_from, expr=result.expr,
                  purpose=purpose, who=who, faces=[list(f) for f in result.faces],
                  kept=[list(k) for k in result.kept], total=result.total, success=result.success,
                  odds=(str(result.odds) if result.odds is not None else None),
                  odds_text=result.odds_text)
        return result

    # -- queries ------------------------------------------------------------------------------
    def side_units(self, side: int, include_out: bool = False) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and (include_out or not u.out)]

    @property
    def sides(self) -> int:
        return len(self.scenario.sides)

    @property
    def turn(self) -> int:
        return self.flow.turn

    def to_json(self) -> dict[str, Any]:
        """Everything that makes this state what it is (the log is derived, so left out)."""
        return {
            "ruleset": self.ruleset_id, "options": self.options, "scenario": self.scenario.name,
            "seed": self.seed, "units": {k: self.units[k].to_json() for k in sorted(self.units)},
            "flow": self.flow.to_json(), "dice": self.dice.to_json(), "data": self.data,
            "action_count": self.action_count,
            "outcome": self.outcome.to_json() if self.outcome else None,
            **({"child": self.child.to_json()} if self.child else {}),
            **({"seats": list(self.seats)} if self.seats is not None else {}),
            **({"children": self.children} if self.children else {}),
        }


def _canonical(value: Any) -> Any:
    """Round floats so that last-bit differences between geometry library builds do not show."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = float(value)             # 45 and 45.0 are the same facing
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        r = round(value, 6)
        return 0.0 if r == 0 else r
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_canonical(v) for v in value)
    return value


def state_hash(state: GameState) -> str:
    """A stable hash: same state, same hash, on any machine and Python version."""
    doc = _canonical(state.to_json())
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
