"""The wire format: what a guest receives and sends, as versioned JSON (issue 29).

A guest receives its side's view (`engine.view(state, seat)`), never the seed nor the dice
stream's position: both are left out here, and the rebuilt view has a dice stream of seed 0 at 0.
The log and the rolls go as they grow (`log_from`: how many lines the guest already holds), so a
long game does not resend its whole history after every action, nor what did not change since the
guest's last view of the same game (`view_change`: a unit as it was goes as its id, the ruleset's data
and the flow as they were are named in `same`, and else the data's entries that changed go alone). Move regions travel as WKB in base64:
binary doubles, so the rebuilt region is exactly the host's; each once per message (`regions`), the
options naming theirs by its place in that list. An option leaves out what it does not have (an action,
a region, odds: the fields at their defaults, OPTION_DEFAULTS).
"""
from __future__ import annotations

import base64
import copy
import dataclasses
import json
from fractions import Fraction
from typing import Any, Callable

import shapely

from game.engine import registry
from game.engine.actions import Action
from game.engine.boards import build_board
from game.engine.dice import DiceStream, Roll
from game.engine.events import Event
from game.engine.flow import Decision, FlowState
from game.engine.ruleset import Option
from game.engine.scenario import Scenario, Unit
from game.engine.state import GameState, Result

VERSION = 3           # 2: move regions once per state (`regions`), a view sent as a change (`same`);
                      # 3: the ruleset's data as a change of its entries (`data_change`), options
                      # without their default fields, regions in base64
MAX_MESSAGE_BYTES = 256 * 1024        # what a guest may send; an action is a few hundred bytes


class WireError(ValueError):
    """A message that is not what the protocol says: one line naming the place."""


class VersionMismatch(WireError):
    """A message of another protocol version (`theirs`): the other side runs another version of the
    game. `doc`: the message as parsed, so that an error of another version can still be read."""

    def __init__(self, theirs: Any, doc: dict[str, Any]) -> None:
        self.theirs, self.doc = theirs, doc
        if theirs is None:
            super().__init__(f"message.v: expected the protocol version ({VERSION}); "
                             f"use the same version of Skirmish Table on both machines")
        else:
            super().__init__(f"message.v: you speak protocol version {str(theirs)[:20]} and this side "
                             f"{VERSION}: use the same version of Skirmish Table on both machines")

    def line(self, other: str) -> str:
        """The one line a player reads when `other` ("the host") sent this: the other side's own
        words when it sent an error (an error is readable whatever its version), else ours."""
        said = self.doc.get("message") if self.doc.get("type") == "error" else None
        if isinstance(said, str) and said.strip():
            return said.strip().splitlines()[0][:300]
        return (f"version: {other} speaks protocol version {str(self.theirs)[:20]} and this one {VERSION}: "
                f"use the same version of Skirmish Table on both machines")


# -- messages ------------------------------------------------------------------------------------
def dumps(message: dict[str, Any]) -> str:
    """One message: {"v": VERSION, "type": ..., ...}, plain JSON (no NaN)."""
    return json.dumps({"v": VERSION, **message}, ensure_ascii=True, allow_nan=False, separators=(",", ":"))


def loads(text: str | bytes, limit: int = MAX_MESSAGE_BYTES) -> dict[str, Any]:
    """Parse a message, refusing what is oversized, not JSON, not an object or of another version."""
    if len(text) > limit:
        raise WireError(f"message: {len(text)} bytes is over the limit of {limit}")
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise WireError(f"message: expected JSON ({str(exc).splitlines()[0][:80]})") from None
    if not isinstance(doc, dict):
        raise WireError(f"message: expected an object, got {type(doc).__name__}")
    if doc.get("v") != VERSION or isinstance(doc.get("v"), bool):
        raise VersionMismatch(doc.get("v"), doc)
    if not isinstance(doc.get("type"), str):
        raise WireError("message.type: expected a string")
    return doc


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON carries")


# -- the view --------------------------------------------------------------------------------------
def view_json(view: GameState, log_from: int = 0) -> dict[str, Any]:
    """A side's view as JSON: no seed, no dice position; the log and rolls from `log_from` on. The
    scenario goes with the whole view only (a guest holding part of the log holds its scenario).
    The referee writes the same as text, from the game's own objects (game/net/compose.py)."""
    first_roll = _rolls_before(view, log_from)
    return {
        "ruleset": view.ruleset_id, "options": view.options, "scenario": None if log_from else view.scenario.raw,
        "units": [unit_json(view.units[k]) for k in view.units], "flow": view.flow.to_json(), "data": view.data,
        "action_count": view.action_count,
        "outcome": view.outcome.to_json() if view.outcome else None, "viewer": view.viewer,
        "seats": list(view.seats) if view.seats is not None else None, "children": view.children,
        "log_from": log_from, "log": [e.to_json() for e in view.log[log_from:]],
        "rolls": [r.to_json() for r in view.rolls[first_roll:]],
        "rolls_hidden_from": [list(h) for h in view.rolls_hidden_from[first_roll:]],
    }


CHANGING = ("data", "flow")      # parts of a view often as they were, left out then (named in `same`)


def view_change(doc: dict[str, Any], earlier: dict[str, Any] | None) -> dict[str, Any]:
    """`doc` (a view_json with log_from > 0) as sent to a guest holding `earlier` (the view_json it
    was last sent, of the same game): each unit as it was goes as its id alone; `data` and `flow`
    as they were are left out and named in `same`."""
    if earlier is None or not doc["log_from"]:
        return doc
    was = {u["id"]: u for u in earlier["units"]}
    out = {**doc, "units": [u["id"] if was.get(u["id"]) == u else u for u in doc["units"]]}
    out["same"] = [name for name in CHANGING if doc[name] == earlier[name]]
    for name in out["same"]:
        del out[name]
    if "data" in out and (change := _data_change(doc["data"], earlier["data"])) is not None:
        del out["data"]
        out["data_change"] = change
    return out


def _data_change(data: Any, was: Any) -> dict[str, Any] | None:
    """The ruleset's data as a change of its entries, {"set": {key: value}, "gone": [key]}: what an
    action changed is most often one or two entries of many. None when it cannot say it exactly
    (not both objects, or an entry removed and added again, which moved it to the end)."""
    if type(data) is not dict or type(was) is not dict:
        return None
    gone = [k for k in was if k not in data]
    if list(data) != [k for k in was if k in data] + [k for k in data if k not in was]:
        return None
    return {"set": {k: v for k, v in data.items() if k not in was or was[k] != v}, "gone": gone}


def _rolls_before(view: GameState, log_from: int) -> int:
    """Each roll is logged as one `Rolled` event: the rolls a guest holds are those of its lines."""
    return sum(1 for e in view.log[:log_from] if e.kind == "Rolled")


class Boards:
    """Scenarios and boards already built, by the scenario document (a board takes time to build)."""

    def __init__(self) -> None:
        self._built: dict[str, tuple[Scenario, Any]] = {}

    def get(self, raw: dict[str, Any]) -> tuple[Scenario, Any]:
        key = json.dumps(raw, sort_keys=True)
        if key not in self._built:
            scenario = Scenario.from_dict(raw)
            self._built = {key: (scenario, build_board(scenario))}     # one game at a time: keep one
        return self._built[key]


def view_from_json(doc: dict[str, Any], earlier: GameState | None = None,
                   boards: Boards | None = None) -> GameState:
    """Rebuild the view a guest draws: the log and rolls are `earlier`'s followed by the new ones."""
    if doc["scenario"] is None:
        if earlier is None or not doc["log_from"]:
            raise WireError("view.scenario: expected the scenario with a whole view")
        scenario, board = earlier.scenario, earlier.board
    else:
        scenario, board = (boards or Boards()).get(doc["scenario"])
    log = list(earlier.log[:doc["log_from"]]) if earlier is not None else []
    rolls_kept = sum(1 for e in log if e.kind == "Rolled")
    rolls = list(earlier.rolls[:rolls_kept]) if earlier is not None else []
    hidden = list(earlier.rolls_hidden_from[:rolls_kept]) if earlier is not None else []
    if len(log) != doc["log_from"]:
        raise WireError(f"view.log_from: the guest holds {len(log)} log lines, not {doc['log_from']}")
    outcome = doc["outcome"]
    same = doc.get("same") or ()
    if (same or "data_change" in doc or any(isinstance(u, str) for u in doc["units"])) and earlier is None:
        raise WireError("view.same: a change sent to a guest holding no earlier view")
    return GameState(
        ruleset_id=doc["ruleset"], options=doc["options"], scenario=scenario, board=board, seed=0,
        units={u.id: u for u in (_unit(entry, earlier) for entry in doc["units"])},
        flow=copy.deepcopy(earlier.flow) if "flow" in same else FlowState.from_json(doc["flow"]),
        dice=DiceStream(seed=0), data=_data(doc, earlier, same),
        log=log + [event_from_json(e) for e in doc["log"]],
        rolls=rolls + [Roll.from_json(r) for r in doc["rolls"]],
        rolls_hidden_from=hidden + [tuple(h) for h in doc["rolls_hidden_from"]],
        action_count=doc["action_count"],
        outcome=Result(outcome["winner"], outcome["reason"], outcome.get("data", {})) if outcome else None,
        viewer=doc["viewer"], seats=tuple(doc["seats"]) if doc["seats"] is not None else None,
        children=doc["children"])


def _data(doc: dict[str, Any], earlier: GameState | None, same: Any) -> Any:
    """The ruleset's data: as sent, as it was (`same`), or as it was changed by `data_change`."""
    if "data" in same:
        return copy.deepcopy(earlier.data) if earlier is not None else None
    change = doc.get("data_change")
    if change is None:
        return doc["data"]
    if earlier is None or not isinstance(earlier.data, dict) or not isinstance(change, dict):
        raise WireError("view.data_change: a change of the data sent to a guest holding no earlier data")
    data = {k: copy.deepcopy(v) for k, v in earlier.data.items() if k not in change["gone"]}
    data.update(change["set"])
    return data


def _unit(entry: Any, earlier: GameState | None) -> Unit:
    """A unit sent whole, or by its id alone: a copy of it as it was in the guest's earlier view."""
    if not isinstance(entry, str):
        return unit_from_json(entry)
    if earlier is None or entry not in earlier.units:
        raise WireError(f"view.units: {entry[:40]!r} is not a unit of the guest's earlier view")
    return copy.deepcopy(earlier.units[entry])


_UNIT_FIELDS = tuple(f.name for f in dataclasses.fields(Unit))


def unit_json(u: Unit) -> dict[str, Any]:
    """Unit.to_json without its deep copy (the message is written out at once)."""
    data = {name: getattr(u, name) for name in _UNIT_FIELDS}
    data["markers"] = sorted(u.markers)
    data["hex"] = list(u.hex) if u.hex is not None else None
    return data


def unit_from_json(d: dict[str, Any]) -> Unit:
    return Unit(**{**d, "markers": set(d["markers"]), "hex": tuple(d["hex"]) if d.get("hex") else None})


def event_from_json(d: dict[str, Any]) -> Event:
    return Event(kind=d["kind"], text=d["text"], data=d["data"], turn=d["turn"], phase=d["phase"],
                 hidden_from=tuple(d["hidden_from"]))


# -- the decision and its options ------------------------------------------------------------------
def decision_json(decision: Decision) -> dict[str, Any]:
    return {**decision.to_json(), "seat": decision.seat}


def decision_from_json(d: dict[str, Any]) -> Decision:
    return Decision(**d)


def options_json(options: list[Option], ruleset_id: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A decision's options and the move regions they point to (`region`: an index in the list).
    The options of a decision share their region (all the orders of a unit): each is sent once.
    The referee writes the same as text, each option's kept by its value (compose.options_text)."""
    regions: list[str] = []
    known: dict[int, int] = {}
    as_json = action_writer(ruleset_id)
    return [option_json(o, as_json, regions, known) for o in options], regions


def action_writer(ruleset_id: str) -> Callable[[Action], dict[str, Any]]:
    """How an option's actions are written: the game's own as they are, a nested game's as
    action_json writes them."""
    own = frozenset(registry.get(ruleset_id).actions)

    def as_json(action: Action) -> dict[str, Any]:
        return action.to_json() if type(action) in own else action_json(action, ruleset_id)
    return as_json


OPTION_DEFAULTS: dict[str, Any] = {"action": None, "region": None, "template": None, "actor": [],
                                   "target": None, "odds": None, "odds_text": "", "key": ""}


def option_json(o: Option, as_json: Callable[[Action], dict[str, Any]], regions: list[str],
                known: dict[int, int]) -> dict[str, Any]:
    """An option, less its fields at their defaults (OPTION_DEFAULTS); its actions written by `as_json`."""
    out: dict[str, Any] = {"kind": o.kind, "label": o.label}
    if o.action is not None:
        out["action"] = as_json(o.action)
    if o.region is not None:
        out["region"] = _region_index(o.region, regions, known)
    if o.template is not None:
        out["template"] = as_json(o.template)
    if o.actor:
        out["actor"] = list(o.actor)
    if o.target is not None:
        out["target"] = o.target
    if o.odds is not None:
        out["odds"] = f"{o.odds.numerator}/{o.odds.denominator}"
    if o.odds_text:
        out["odds_text"] = o.odds_text
    if o.key:
        out["key"] = o.key
    return out


def _region_index(region: Any, regions: list[str], known: dict[int, int]) -> int:
    """The region's place in the message's list, its WKB (base64) added the first time it is met."""
    if id(region) not in known:
        known[id(region)] = len(regions)
        regions.append(region_text(region))
    return known[id(region)]


def region_text(region: Any) -> str:
    """A move region as sent: its WKB in base64."""
    return base64.b64encode(shapely.to_wkb(region)).decode("ascii")


def options_from_json(docs: list[dict[str, Any]] | None, regions: list[str] | None,
                      ruleset_id: str) -> list[Option]:
    """The options as the referee found them, each region read once and shared, as on its side."""
    if not docs:
        return []
    if not isinstance(regions, list):
        raise WireError("state.regions: expected the list of the options' move regions")
    shapes: dict[int, Any] = {}
    out = []
    for place, d in enumerate(docs):
        index = d.get("region")
        if index is not None and index not in shapes:
            if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(regions):
                raise WireError(f"state.options[{place}].region: expected an index of state.regions")
            shapes[index] = shapely.from_wkb(base64.b64decode(regions[index]))
        out.append(option_from_json(d, ruleset_id, shapes.get(index)))
    return out


def option_from_json(d: dict[str, Any], ruleset_id: str, region: Any = None) -> Option:
    d = {**OPTION_DEFAULTS, **d}
    return Option(kind=d["kind"], label=d["label"],
                  action=action_from_json(d["action"], ruleset_id) if d["action"] is not None else None,
                  region=region,
                  template=action_from_json(d["template"], ruleset_id) if d["template"] is not None else None,
                  actor=tuple(d["actor"]), target=d["target"],
                  odds=Fraction(d["odds"]) if d["odds"] is not None else None,
                  odds_text=d["odds_text"], key=d["key"])


def action_json(action: Action, ruleset_id: str) -> dict[str, Any]:
    """As a save writes it: an action of a nested game has its type qualified (`risk-to-take:Move`)."""
    from game.io.save_file import action_json as saved
    return saved(action, ruleset_id)


def action_from_json(data: Any, ruleset_id: str, place: str = "action") -> Action:
    """An action as a save reads it: its type one of the game's (or its nested games') actions and
    every field of the type its class declares; anything else is a WireError naming the place."""
    from game.io.errors import FileProblem
    from game.io.save_file import _action
    if not isinstance(data, dict):
        raise WireError(f"{place}: expected an object with a 'type', got {type(data).__name__}")
    try:
        return _action(data, registry.get(ruleset_id), "message", place)
    except FileProblem as exc:
        raise WireError(str(exc).removeprefix("message: ")) from None
