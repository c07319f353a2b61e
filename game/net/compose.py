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
  Each is compared once per seat (a unit by its fields, the data entry by entry).
- An option's text is kept by its value for every game of the process (`options_text`): the same
  options come again, and a decision's are written anew only where new.

What is made of an object is kept only until the next action is applied (`Texts.forget`,
`Texts.at`): the game changes its objects only when an action is applied, and a view never changes
an object it did not make (Ruleset.view). It is kept with its object, so an id is never mistaken
for another's.
"""
from __future__ import annotations

import dataclasses
import functools
import json
import marshal
from typing import Any, Callable

from game.engine.actions import Action
from game.engine.dice import Roll
from game.engine.events import Event
from game.engine.flow import FlowState
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit, fast_copy
from game.net import wire
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
    how many log lines and rolls it holds, and copies of its units (by id), of the
    flow's JSON and of the ruleset's data; the ground of the next change."""

    key: str
    lines: int
    rolls: int
    units: dict[str, Unit]
    flow: dict[str, Any]
    data: Any


class Texts:
    """What was made of the game's objects while writing this action's messages (a JSON, a text,
    a copy), each made once however many seats are sent it."""

    def __init__(self) -> None:
        self._made: dict[tuple[str, int], tuple[Any, Any]] = {}
        self._at = -1

    def forget(self) -> None:
        """An action is being applied: the game's objects may change."""
        self._made.clear()
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

    def of(self, thing: Any, as_json: Callable[[Any], Any]) -> str:
        """`thing`'s text (as_json(thing) written out)."""
        return self.made("text", thing, lambda t: _encode(as_json(t)))


def _copy(value: Any) -> Any:
    return value if type(value) in _PLAIN else fast_copy(value, {})


@functools.lru_cache(maxsize=4096)
def _id_text(unit_id: str) -> str:
    return _encode(unit_id)


def _units(view: GameState, was: dict[str, Unit], texts: Texts) -> tuple[dict[str, Unit], str]:
    """A copy of each unit kept, and the units as sent: by id alone where equal to the one kept.
    A Unit's fields are its __dict__, and unit_json writes each as it is (the markers sorted, the
    hex as a list): units whose fields are equal have equal JSON, so the JSON is made only of a
    unit whose fields are not (and compared then, as wire.view_change compares: a hex held as a
    list, then as a tuple, is the same JSON)."""
    kept, pieces = {}, []
    for u in view.units.values():
        before = was.get(u.id)
        if before is not None and type(u) is Unit and type(before) is Unit and before.__dict__ == u.__dict__ or (
                before is not None and unit_json(before) == texts.made("json", u, unit_json)):
            kept[u.id] = before
            pieces.append(_id_text(u.id))
        else:
            kept[u.id] = texts.made("kept", u, _copy)
            pieces.append(texts.made("text", u, lambda _: _encode(texts.made("json", u, unit_json))))
    return kept, "[" + ",".join(pieces) + "]"


def _data(data: Any, was: Any, texts: Texts) -> tuple[Any, list[str] | None]:
    """The data kept, and the names of its entries unequal to those kept (or new), for an object
    of named entries (None for data of another form, copied whole): an entry is the one kept
    where equal, else a copy of the game's, made once; each compared once."""
    if type(data) is not dict or not all(type(k) is str for k in data):
        return (data if type(data) in _PLAIN else texts.made("kept", data, _copy)), None
    was = was if type(was) is dict else {}
    out, changed = {}, []
    for key, value in data.items():
        before = was.get(key, _ABSENT)
        if type(value) in _PLAIN:
            out[key] = value
            if before is _ABSENT or before is not value and before != value:     # (as dicts compare)
                changed.append(key)
            continue
        same_type = type(before) is type(value)
        if same_type and before == value:
            out[key] = before
            continue
        out[key] = texts.made("kept", value, _copy)
        if same_type or before is _ABSENT or before != value:
            changed.append(key)
    return out, changed


_ABSENT = object()


def _data_change(data: dict[str, Any], was: Any, changed: list[str], live: dict[str, Any], texts: Texts) -> str | None:
    """wire._data_change as text (`changed`: the entries unequal to `was`'s or new; `live`: the
    game's own entries, whose texts are shared): the entries changed or added, and those gone;
    None when it cannot be said exactly (not both objects, or an entry removed and added again,
    which moved it to the end)."""
    if type(was) is not dict:
        return None
    if list(data) != [k for k in was if k in data] + [k for k in data if k not in was]:
        return None
    sets = ",".join(f"{_encode(k)}:{_encode(data[k]) if type(data[k]) in _PLAIN else texts.of(live[k], _same)}"
                    for k in changed)
    return '{"set":{' + sets + '},"gone":' + _encode([k for k in was if k not in data]) + "}"


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
    data, changed = _data(view.data, earlier.data if earlier is not None else None, texts)
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
        if changed is not None and type(earlier.data) is dict:      # (compared entry by entry above)
            data_same = not changed and len(data) == len(earlier.data)
        else:
            data_same = data == earlier.data
        if data_same:
            same.append("data")
        elif changed is not None and (change_text := _data_change(data, earlier.data, changed, view.data, texts)) is not None:
            parts.append(f'"data_change":{change_text}')
        else:
            parts.append(f'"data":{_encode(data)}')
        if earlier.flow == flow:
            same.append("flow")
        else:
            parts.append(f'"flow":{texts.of(view.flow, lambda _: flow)}')
        parts.append(f'"same":{_encode(same)}')
    parts.append(f'"log":[{",".join(texts.of(e, Event.to_json) for e in new_lines)}],'
                 f'"rolls":[{",".join(texts.of(r, Roll.to_json) for r in view.rolls[rolls_from:])}]')
    return "{" + ",".join(parts) + "}", now


# -- the options of a seat's own decision ---------------------------------------------------------
# An option's text is kept by its value, for every game a process holds: the options of a position
# come again (a unit that stood still, the first round of every game of a scenario). At most
# OPTIONS_KEPT texts (with their keys, about 1 KB each), all forgotten when full; a move region's
# text is kept with the region (a shapely geometry never changes), at most REGIONS_KEPT of them.
OPTIONS_KEPT = 4096
REGIONS_KEPT = 512
_option_texts: dict[tuple[Any, ...], tuple[str, str | None]] = {}
_region_texts: dict[int, tuple[Any, str]] = {}
_REGION_MARK = -7310561     # the region's index while the option's text is made, then cut out


def options_text(options: list[Option], ruleset_id: str) -> tuple[str, str]:
    """The options and their regions as wire.options_json gives them, written out (compose.dumps)."""
    regions: list[str] = []
    known: dict[int, int] = {}
    as_json = wire.action_writer(ruleset_id)
    pieces = []
    for o in options:
        key = _option_key(o, ruleset_id)
        kept = _option_texts.get(key) if key is not None else None
        if kept is None:
            kept = _option_text(o, as_json)
            if kept is None:                        # the mark met twice: written at once, not kept
                pieces.append(_encode(wire.option_json(o, as_json, regions, known)))
                continue
            if key is not None:
                if len(_option_texts) >= OPTIONS_KEPT:
                    _option_texts.clear()
                _option_texts[key] = kept
        head, tail = kept
        pieces.append(head if tail is None else f"{head}{_region_index(o.region, regions, known)}{tail}")
    return "[" + ",".join(pieces) + "]", _encode(regions)


def _option_key(o: Option, ruleset_id: str) -> tuple[Any, ...] | None:
    """Everything an option's text is made of, with its exact type: marshal writes only plain values
    (a subclass, or anything else, raises) and tells 1, 1.0, True, 0.0 and -0.0 apart; an action
    goes as its class and its fields by name, the odds as their numerator and denominator. None:
    not plain, the text is not kept."""
    a, t, odds = o.action, o.template, o.odds
    try:
        return (ruleset_id, type(a), type(t), type(odds), o.region is None,
                marshal.dumps((o.kind, o.label, o.actor, o.target, o.odds_text, o.key,
                               None if odds is None else (odds.numerator, odds.denominator),
                               None if a is None else tuple(a.__dict__.items()),
                               None if t is None else tuple(t.__dict__.items())), 2))
    except (AttributeError, ValueError):
        return None


def _option_text(o: Option, as_json: Callable[[Action], dict[str, Any]]) -> tuple[str, str | None] | None:
    """The option's text, cut where its region's index goes (None: the cut is not certain)."""
    if o.region is None:
        return _encode(wire.option_json(o, as_json, [], {})), None
    text = _encode(wire.option_json(o, as_json, [], {id(o.region): _REGION_MARK}))
    head, mark, tail = text.partition(f'"region":{_REGION_MARK}')
    return (head + '"region":', tail) if mark and mark not in tail else None


def _region_index(region: Any, regions: list[str], known: dict[int, int]) -> int:
    """wire._region_index, each region's text made once while the region lives in the memory."""
    if id(region) not in known:
        kept = _region_texts.get(id(region))
        if kept is None or kept[0] is not region:
            if len(_region_texts) >= REGIONS_KEPT:
                _region_texts.clear()
            kept = _region_texts[id(region)] = (region, wire.region_text(region))
        known[id(region)] = len(regions)
        regions.append(kept[1])
    return known[id(region)]


__all__ = ["OPTIONS_KEPT", "REGIONS_KEPT", "Sent", "Texts", "dumps", "options_text", "view_text"]
