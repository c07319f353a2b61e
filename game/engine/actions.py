"""Actions: small frozen dataclasses named by what the player does (design §3).

Every action is JSON-serializable: `to_json` gives {"type": <class name>, **fields} and
`from_json` rebuilds it from the ruleset's own list of action classes, so a save is plain data.
"""
from __future__ import annotations

import dataclasses
import math
from typing import Any, Iterable


class ActionError(ValueError):
    """A JSON action that does not describe one of the ruleset's actions."""


@dataclasses.dataclass(frozen=True)
class Action:
    """Base of every action. `actor` is the unit (or team) id acting, when there is one."""

    def to_json(self) -> dict[str, Any]:
        kind = type(self)
        names = _FIELD_NAMES.get(kind)
        if names is None:               # dataclasses.fields walks every field each time: kept per class
            names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(self))
        data: dict[str, Any] = {"type": kind.__name__}
        for name in names:
            value = getattr(self, name)
            kind_of = type(value)
            if kind_of in _AS_IS or (kind_of is float and math.isfinite(value)):    # as _plain gives them
                data[name] = value
            else:
                data[name] = _plain(value)
        return data


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
_AS_IS = frozenset((str, int, bool, type(None)))     # what _plain gives back unchanged


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        raise ActionError(f"an action field holds {value}, which JSON cannot carry")
    return value


def _coerce(value: Any, annotation: str) -> Any:
    """JSON gives lists where actions hold tuples: turn them back so equality and hashing hold."""
    if isinstance(value, list):
        return tuple(_coerce(v, annotation) for v in value)
    return value


def from_json(data: Any, classes: Iterable[type[Action]]) -> Action:
    """Rebuild an action from its JSON form, naming what was wrong if it cannot."""
    if not isinstance(data, dict):
        raise ActionError(f"expected an object with a 'type', got {type(data).__name__}")
    by_name = {c.__name__: c for c in classes}
    name = data.get("type")
    if not isinstance(name, str) or name not in by_name:
        known = ", ".join(sorted(by_name))
        raise ActionError(f"unknown action type {name!r} (expected one of: {known})")
    cls = by_name[name]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    kwargs = {}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise ActionError(f"action {name} has no field {key!r}")
        if isinstance(value, float) and not math.isfinite(value):
            raise ActionError(f"action {name}.{key} must be a finite number")
        kwargs[key] = _coerce(value, str(fields[key].type))
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise ActionError(f"action {name}: {exc}") from None


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Do nothing more now: end the run of actions, or decline an interrupt (e.g. no opportunity fire)."""

    side: int = -1
