"""Mustering a force on points before a battle: what a ruleset declares so that the new-game screen
(and the AI) can build each side's force, with no rule knowledge outside the ruleset.

A ruleset whose scenarios let a side build its force answers `Ruleset.muster(scenario, side)` with a
`Muster`: the budget, how many entries (characters, units) the force has, the fields of an entry
(numbers with +/- buttons, choices, a name, a list of items picked from a catalogue or typed) and
the presets. A force is a list of entries, each a plain dict of field id -> value (int, str or a
list of str), so it is JSON data and needs no ruleset code to hold or edit.

`Ruleset.muster_tally(scenario, side, entries)` prices a force: the points left (of the force, and
of each entry when the budget is per entry) and the reasons it is illegal. `Ruleset.muster_apply(doc,
side, entries)` writes the force into the scenario document in place of the side's own units;
`muster_scenario_doc` does it for every side that was built. The new scenario is validated at the
boundary (game.io) like any file, and a save embeds it, so replays and resumed games need nothing more.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any, Mapping

NUMBER, CHOICE, TEXT, ITEMS = "number", "choice", "text", "items"
FIELD_KINDS = (NUMBER, CHOICE, TEXT, ITEMS)

Entry = dict[str, Any]


class MusterError(ValueError):
    """A force that cannot be used: the reasons, one per line."""


@dataclasses.dataclass(frozen=True)
class Field:
    """One field of an entry. number: an int from `low` to `high`, shown with -/+ buttons; choice: one
    of `choices`; text: a line of text (a name); items: a list of strings, picked from `choices` (the
    catalogue) or typed in the form `help` gives."""

    id: str
    label: str
    kind: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    help: str = ""

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"field {self.id}: kind must be one of {', '.join(FIELD_KINDS)}, not {self.kind!r}")


@dataclasses.dataclass(frozen=True)
class Preset:
    """A ready-made entry (an archetype, a standard detachment) the player may add and then edit."""

    id: str
    label: str
    entry: Mapping[str, Any]
    note: str = ""

    def new_entry(self) -> Entry:
        return copy.deepcopy(dict(self.entry))


@dataclasses.dataclass(frozen=True)
class Muster:
    """How one side builds its force. `per_entry`: the budget is each entry's (a Riskbreaker character
    has its own 10 points); otherwise it is the whole force's (a Petite Guerre points limit).
    `ai_builds`: an AI side builds its own force (the scenario is about building one); otherwise
    building is offered and every side that builds nothing keeps the scenario's force."""

    side: int
    title: str
    budget: int
    per_entry: bool
    fewest: int
    most: int
    fields: tuple[Field, ...]
    presets: tuple[Preset, ...] = ()
    noun: str = "entry"
    help: str = ""
    ai_builds: bool = False

    @property
    def nouns(self) -> str:
        return self.noun[:-1] + "ies" if self.noun.endswith("y") else self.noun + "s"

    def field(self, fid: str) -> Field:
        return next(f for f in self.fields if f.id == fid)


@dataclasses.dataclass(frozen=True)
class Tally:
    """A force priced: points left (of the force), each entry's cost and, with a per-entry budget, its
    points left; `problems` says why the force is illegal ("entry 2 (Fighter): ..."), empty when legal."""

    left: int
    costs: tuple[int, ...]
    entry_left: tuple[int, ...] = ()
    problems: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems


def size_problems(muster: Muster, entries: list[Entry]) -> list[str]:
    """The force's number of entries, as the scenario sets it."""
    n = len(entries)
    if n < muster.fewest:
        return [f"the force needs at least {muster.fewest} {muster.nouns}, it has {n}"]
    if n > muster.most:
        return [f"the force may have at most {muster.most} {muster.nouns}, it has {n}"]
    return []


def field_problems(muster: Muster, index: int, entry: Entry) -> list[str]:
    """An entry's values against its fields (the ruleset then checks what the values mean)."""
    out = []
    where = f"{muster.noun} {index + 1}"
    for f in muster.fields:
        v = entry.get(f.id)
        if f.kind == NUMBER and (not isinstance(v, int) or isinstance(v, bool) or not f.low <= v <= f.high):
            out.append(f"{where}: {f.label} must be a whole number from {f.low} to {f.high}, not {v!r}")
        elif f.kind == CHOICE and v not in f.choices:
            out.append(f"{where}: {f.label} must be one of {', '.join(f.choices)}, not {v!r}")
        elif f.kind == TEXT and not isinstance(v, str):
            out.append(f"{where}: {f.label} must be text, not {v!r}")
        elif f.kind == ITEMS and (not isinstance(v, list) or not all(isinstance(i, str) for i in v)):
            out.append(f"{where}: {f.label} must be a list of text, not {v!r}")
    return out


def step(muster: Muster, entry: Entry, fid: str, by: int) -> bool:
    """The -/+ buttons: move a number field by `by` within its bounds; False when it cannot move."""
    f = muster.field(fid)
    value = int(entry.get(fid, f.low)) + by
    if f.kind != NUMBER or not f.low <= value <= f.high:
        return False
    entry[fid] = value
    return True


def muster_scenario_doc(ruleset: Any, scenario: Any, forces: Mapping[int, list[Entry]]) -> dict[str, Any]:
    """The scenario's document with each built side's force in place of its own units (raises
    MusterError with every reason a force is illegal). Validate the result with game.io."""
    doc = copy.deepcopy(scenario.raw)
    problems = []
    for side, entries in sorted(forces.items()):
        muster = ruleset.muster(scenario, side)
        if muster is None:
            problems.append(f"side {side + 1}: this scenario gives it a fixed force")
            continue
        tally = ruleset.muster_tally(scenario, side, entries)
        name = scenario.sides[side].name
        problems += [f"{name}: {p}" for p in tally.problems]
        if tally.legal:
            doc = ruleset.muster_apply(doc, scenario, side, copy.deepcopy(entries))
    if problems:
        raise MusterError("\n".join(problems))
    return doc
