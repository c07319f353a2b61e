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
from typing import Any, Callable

from game.engine.dice import DiceStream, Roll, roll as roll_dice
from game.engine.events import Event
from game.engine.flow import Decision, FlowState
from game.engine.scenario import Scenario, Unit

__all__ = ["BoardError", "GameState", "MARKERS", "Result", "Unit", "state_hash"]

MARKERS = ("pinned", "out-of-control", "routed", "wounded", "reloading", "hidden")
_SHARED_ITEMS = frozenset(("log", "rolls", "rolls_hidden_from", "_events"))
_ATOMIC = frozenset((int, float, str, bool, type(None), bytes, complex))


def fast_copy(value: Any, memo: dict[int, Any]) -> Any:
    """copy.deepcopy for the plain data a game state holds (dicts, lists, sets, tuples, numbers,
    strings and plain dataclasses such as units, decisions, the flow and the dice), with the same
    memo, so sharing is kept; anything else goes to copy.deepcopy itself. The originals need not be
    kept alive in the memo, as deepcopy keeps its own: all are held by the state being copied."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    hit = memo.get(id(value), memo)
    if hit is not memo:
        return hit
    if kind is dict:
        new: Any = {}
        memo[id(value)] = new
        for k, v in value.items():      # atomic keys and values as they are, without a call each
            new[k if type(k) in _ATOMIC else fast_copy(k, memo)] = v if type(v) in _ATOMIC else fast_copy(v, memo)
        return new
    if kind is list:
        new = []
        memo[id(value)] = new
        new.extend([v if type(v) in _ATOMIC else fast_copy(v, memo) for v in value])
        return new
    if kind is set and all(type(v) in _ATOMIC for v in value):
        new = set(value)
        memo[id(value)] = new
        return new
    if kind is tuple and all(type(v) in _ATOMIC for v in value):
        return value
    if kind in _PLAIN_CLASSES:
        new = object.__new__(kind)
        memo[id(value)] = new
        new.__dict__.update({k: v if type(v) in _ATOMIC else fast_copy(v, memo) for k, v in value.__dict__.items()})
        return new
    return copy.deepcopy(value, memo)


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
        return copy.deepcopy(self, {})

    def shallow(self) -> "GameState":
        """A copy whose `units` and `data` are dicts of their own holding the state's own units and
        entries, everything else the state's own objects: for a ruleset's view read once at once
        (the referee writing it out), which replaces entries and never changes an object inside."""
        new = object.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new.units, new.data = dict(self.units), dict(self.data)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> "GameState":
        """The clone: what deepcopy would give, faster (the AI's look-ahead clones thousands of
        times a turn). Scenario, board, logged events and rolls are shared (never changed once
        made); everything else is copied, sharing within the copy kept as deepcopy keeps it."""
        new = object.__new__(GameState)
        memo[id(self)] = new
        memo[id(self.scenario)] = self.scenario
        memo[id(self.board)] = self.board
        fields = self.__dict__
        out = {}
        for name, value in fields.items():
            if name in _SHARED_ITEMS:
                out[name] = list(value)         # events, rolls and their hidden_from tuples: shared
            else:
                out[name] = fast_copy(value, memo)
        new.__dict__.update(out)
        return new

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
             hidden_from: tuple[int, ...] = (), side: int | None = None,
             meaning: Callable[[Roll], tuple[str, bool]] | None = None) -> Roll:
        """Roll from the game's one stream; the roll and the odds shown before it are logged.
        `side`: whose roll it is; `meaning(roll) -> (verdict, good)`: what the result means for
        that side, in the rules' words ("stays routed", False), logged as the event's `verdict`
        and `good` (a success is not always good news: the UI colours a roll by `good`)."""
        result = roll_dice(self.dice, expr, purpose, who, odds_text)
        self.rolls.append(result)
        self.rolls_hidden_from.append(tuple(hidden_from))
        judged: dict[str, Any] = {}
        if side is not None:
            judged["side"] = side
        if meaning is not None:
            verdict, good = meaning(result)
            judged.update(verdict=str(verdict), good=bool(good))
        self.emit("Rolled", result.describe(), hidden_from=hidden_from, expr=result.expr,
                  purpose=purpose, who=who, faces=[list(f) for f in result.faces],
                  kept=[list(k) for k in result.kept], total=result.total, success=result.success,
                  odds=(str(result.odds) if result.odds is not None else None),
                  odds_text=result.odds_text, **judged)
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


_PLAIN_CLASSES = frozenset((Unit, FlowState, DiceStream, Decision, Result))


_AS_IS = frozenset((str, bool, type(None)))     # what _canonical gives back unchanged


def _canonical(value: Any) -> Any:
    """Round floats so that last-bit differences between geometry library builds do not show.
    Plain dicts and lists, and the strings, bools, None and whole numbers in them, without a call
    each (a state's hash is made often: the journal's checkpoints, every save); anything else by
    `_canonical_one`, whose rounding this gives."""
    kind = type(value)
    if kind is dict:
        return {str(k): v if type(v) in _AS_IS else float(v) if type(v) is int else _canonical(v)
                for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _AS_IS else float(v) if type(v) is int else _canonical(v) for v in value]
    if kind in _AS_IS:
        return value
    if kind is float and math.isfinite(value):      # as _canonical_one rounds it, without the call
        r = round(value, 6)
        return 0.0 if r == 0 else r
    if kind is int:
        return float(value)                         # a whole number rounds to itself; 0 is 0.0
    return _canonical_one(value)


def _canonical_one(value: Any) -> Any:
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
