"""A seat's `state` message written out as JSON text (issue 29's load target).

The message is the one `wire.view_json` and `wire.view_change` describe (the same wire version): a
seat's view, sent whole or as a change of the last view it was sent, then the decision and, when
the decision is its own, its options. It is written here piece by piece rather than as one dict
given to `json.dumps`:

- A piece of the game both seats are sent (a unit, a log line, a roll, the flow, an entry of the
  ruleset's data) is the same object in both seats' views (`engine.view(..., shared=True)`): its
  JSON, its text and the copy kept to compare the next view with are made once per action
  (`Texts`), whichever seat asks first, and shared.
- What a seat was last sent is kept (`Sent`): a unit, the flow or a data entry goes again only when
  it is no longer equal to the one kept, and only then is its text written and a copy of it kept.

What is made of an object is kept only until the next action is applied (`Texts.forget`,
`Texts.at`): the game changes its objects only when an action is applied, and a view never changes
an object it did not make (Ruleset.view). It is kept with its object, so an id is never mistaken
for another's.
"""
from __future__ import annotations

import dataclasses
import functools
import json
from typing import Any, Callable

from game.engine.dice import Roll
from game.engine.events import Event
from game.engine.flow import FlowState
from game.engine.state import GameState, fast_copy
from game.net.wire import unit_json

_PLAIN = (int, float, str, bool, type(None))


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# json.dumps(value, ensure_ascii=True, allow_nan=False, separators=(",", ":")) as wire.dumps writes,
# with one C encoder made once (json.dumps makes one per call: most texts here are small)
_ENCODER = (json.encoder.c_make_encoder(None, _not_json, json.encoder.encode_basestring_ascii, None, ":", ",",
                                        False, False, False) if json.encoder.c_make_encoder is not None else None)


def _encode(value: Any) -> str:
    if _ENCODER is None:
        return json.dumps(value, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return "".join(_ENCODER(value, 0))


dumps = _encode


@dataclasses.dataclass
class Sent:
    """What a seat was last sent of a game's view (`key`: which game, a campaign or its n-th battle):
    how many log lines and rolls it holds, and copies of its units (their JSON, by id), of the
    flow's JSON and of the ruleset's data; the ground of the next change."""

    key: str
    lines: int
    rolls: int
    units: dict[str, dict[str, Any]]
    flow: dict[str, Any]
    data: Any


class Texts:
    """What was made of the game's objects while writing this action's messages (a JSON, a text,
    a copy), each made once however many seats are sent it."""

    def __init__(self) -> None:
        self._made: dict[tuple[str, int], tuple[Any, Any]] = {}
        self._equal: dict[tuple[int, int], tuple[Any, Any, bool]] = {}
        self._at = -1

    def forget(self) -> None:
        """An action is being applied: the game's objects may change."""
        self._made.clear()
        self._equal.clear()
        self._at = -1

    def at(self, action_count: int) -> "Texts":
        """These, for the game at `action_count` (forgotten if they were of another moment)."""
        if action_count != self._at:
            self.forget()
            self._at = action_count
        return self

    def made(self, what: str, thing: Any, make: Callable[[Any], Any]) -> Any:
        known = self._made.get((what, id(thing)))
        if known is not None and known[0] is thing:
            return known[1]
        made = make(thing)
        self._made[(what, id(thing))] = (thing, made)
        return made

    def equal(self, kept: Any, now: Any) -> bool:
        """kept == now, compared once: the seats told at the same actions keep the same copies."""
        known = self._equal.get((id(kept), id(now)))
        if known is not None and known[0] is kept and known[1] is now:
            return known[2]
        same = kept == now
        self._equal[(id(kept), id(now))] = (kept, now, same)
        return same

    def of(self, thing: Any, as_json: Callable[[Any], Any]) -> str:
        """`thing`'s text (as_json(thing) written out)."""
        return self.made("text", thing, lambda t: _encode(as_json(t)))


def _copy(value: Any) -> Any:
    return value if type(value) in _PLAIN else fast_copy(value, {})


def _kept_unit(doc: dict[str, Any]) -> dict[str, Any]:
    return {**doc, "base": fast_copy(doc["base"], {}), "stats": fast_copy(doc["stats"], {})}


@functools.lru_cache(maxsize=4096)
def _id_text(unit_id: str) -> str:
    return _encode(unit_id)


def _units(view: GameState, was: dict[str, dict[str, Any]], texts: Texts) -> tuple[dict[str, Any], str]:
    """Each unit's JSON kept, and the units as sent: by id alone where equal to the one kept."""
    kept, pieces = {}, []
    for u in view.units.values():
        doc = texts.made("json", u, unit_json)
        before = was.get(u.id)
        if before is not None and texts.equal(before, doc):
            kept[u.id] = before
            pieces.append(_id_text(u.id))
        else:
            kept[u.id] = texts.made("kept", u, lambda _: _kept_unit(doc))
            pieces.append(texts.made("text", u, lambda _: _encode(doc)))
    return kept, "[" + ",".join(pieces) + "]"


def _data(data: Any, was: Any, texts: Texts) -> Any:
    """The data kept: each entry (of an object of named entries) the one kept where equal, else a
    copy of the game's, made once; data of another form copied whole."""
    if type(data) is not dict or not all(type(k) is str for k in data):
        return data if type(data) in _PLAIN else texts.made("kept", data, _copy)
    was = was if type(was) is dict else {}
    out = {}
    for key, value in data.items():
        if type(value) in _PLAIN:
            out[key] = value
            continue
        before = was.get(key, _ABSENT)
        out[key] = (before if type(before) is type(value) and texts.equal(before, value)
                    else texts.made("kept", value, _copy))
    return out


_ABSENT = object()


def _data_change(data: Any, was: Any, live: Any, texts: Texts) -> str | None:
    """wire._data_change as text (`live`: the game's own entries, whose texts are shared): the
    entries changed or added, and those gone; None when it cannot be said exactly (not both
    objects, or an entry removed and added again, which moved it to the end)."""
    if type(data) is not dict or type(was) is not dict or type(live) is not dict:
        return None
    if list(data) != [k for k in was if k in data] + [k for k in data if k not in was]:
        return None
    changed = ",".join(f"{_encode(k)}:{_encode(v) if type(v) in _PLAIN else texts.of(live[k], _same)}"
                       for k, v in data.items() if k not in was or was[k] != v)
    return '{"set":{' + changed + '},"gone":' + _encode([k for k in was if k not in data]) + "}"


def _same(value: Any) -> Any:
    return value


def view_text(view: GameState, key: str, sent: Sent | None, texts: Texts,
              scenario_text: Callable[[Any], str]) -> tuple[str, Sent]:
    """The view as wire.view_change(wire.view_json(view, log_from), earlier) writes it, where
    `log_from` and `earlier` are what `sent` says the seat holds of the same game (`key`); a seat
    holding nothing of it gets the whole view, its scenario (`scenario_text`) included."""
    change = sent is not None and sent.key == key and 0 < sent.lines <= len(view.log)
    earlier = sent if change else None
    log_from, rolls_from = (earlier.lines, earlier.rolls) if earlier is not None else (0, 0)
    new_lines = view.log[log_from:]
    units, units_text = _units(view, earlier.units if earlier is not None else {}, texts)
    flow = texts.made("json", view.flow, FlowState.to_json)
    data = _data(view.data, earlier.data if earlier is not None else None, texts)
    now = Sent(key, len(view.log), rolls_from + sum(1 for e in new_lines if e.kind == "Rolled"), units, flow, data)
    outcome = view.outcome.to_json() if view.outcome else None
    small = _encode({"ruleset": view.ruleset_id, "options": view.options, "action_count": view.action_count,
                     "outcome": outcome, "viewer": view.viewer,
                     "seats": list(view.seats) if view.seats is not None else None, "children": view.children,
                     "log_from": log_from, "rolls_hidden_from": [list(h) for h in view.rolls_hidden_from[rolls_from:]]})
    parts = [small[1:-1], f'"scenario":{"null" if log_from else scenario_text(view.scenario)},"units":{units_text}']
    if earlier is None:
        parts.append(f'"flow":{texts.of(view.flow, lambda _: flow)},"data":{_encode(data)}')
    else:
        same = []
        if data == earlier.data if type(data) is dict else texts.equal(earlier.data, data):   # (entries mostly the same objects)
            same.append("data")
        elif (change_text := _data_change(data, earlier.data, view.data, texts)) is not None:
            parts.append(f'"data_change":{change_text}')
        else:
            parts.append(f'"data":{_encode(data)}')
        if texts.equal(earlier.flow, flow):
            same.append("flow")
        else:
            parts.append(f'"flow":{texts.of(view.flow, lambda _: flow)}')
        parts.append(f'"same":{_encode(same)}')
    parts.append(f'"log":[{",".join(texts.of(e, Event.to_json) for e in new_lines)}],'
                 f'"rolls":[{",".join(texts.of(r, Roll.to_json) for r in view.rolls[rolls_from:])}]')
    return "{" + ",".join(parts) + "}", now


__all__ = ["Sent", "Texts", "dumps", "view_text"]
