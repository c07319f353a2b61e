"""What `validate` accepts plays (issue 30 §1): every key of a unit's `stats` and of `ruleset_data` of every
bundled scenario set to an odd value; what the checks accept must play headless to its end.

`python -m tests.io.sweep` runs the whole sweep and prints each accepted file that fails; the test
(test_io_sweep.py) plays a seeded sample of it.
"""
from __future__ import annotations

import copy
import json
import sys
import traceback
from typing import Any, Iterator

from game import simulate
from game.engine import game as engine
from game.io.errors import FileProblem
from game.io.scenario_file import bundled_path, bundled_scenarios, scenario_from_doc

ODD_VALUES = (None, [], {}, "x", -1, 10 ** 12, 0, 2.5)
TURNS = 2                 # a short game: what fails, fails in the first turns or at setting up
PLAYERS = "random"


def bundled_docs() -> dict[str, dict]:
    out = {}
    for name, _, _ in bundled_scenarios(user=False):
        path = bundled_path(name)
        assert path is not None
        out[name] = json.loads(path.read_text(encoding="utf-8-sig"))
    return out


def mutations(name: str, doc: dict) -> Iterator[tuple[str, dict]]:
    """(place, changed document): each stats key of the first unit of each set of stats keys, and each
    ruleset_data key (and each key of an object or the first item of a list inside them), set to each odd
    value, and a text value misspelt ("cavalry" -> "ca6alry")."""
    seen_keys: set[tuple[str, ...]] = set()
    for i, unit in enumerate(doc.get("units", [])):
        if not isinstance(unit, dict) or not isinstance(unit.get("stats"), dict):
            continue
        keys = tuple(sorted(unit["stats"]))
        if keys in seen_keys:
            continue
        seen_keys.add(keys)
        for place, _ in _places(unit["stats"]):
            yield from _changed(doc, f"{name}: units[{i}].stats", ("units", i, "stats"), place)
    if isinstance(doc.get("ruleset_data"), dict):
        for place, _ in _places(doc["ruleset_data"]):
            yield from _changed(doc, f"{name}: ruleset_data", ("ruleset_data",), place)


def _changed(doc: dict, label: str, root: tuple, place: tuple) -> Iterator[tuple[str, dict]]:
    original = _at(doc, root + place)
    values = ODD_VALUES + ((_misspelt(original),) if isinstance(original, str) and original else ())
    for value in values:
        changed = copy.deepcopy(doc)
        _at(changed, root + place[:-1])[place[-1]] = value
        yield f"{label}.{'.'.join(map(str, place))} = {value!r}", changed


def _misspelt(text: str) -> str:
    middle = len(text) // 2
    return text[:middle] + "6" + text[middle + 1:]


def _places(data: dict, here: tuple = (), depth: int = 0) -> Iterator[tuple[tuple, Any]]:
    """Each key of an object, and inside it (two levels down) each key of an object and the first item of
    a list."""
    for key, value in data.items():
        yield here + (key,), value
        if depth >= 2:
            continue
        if isinstance(value, dict):
            yield from _places(value, here + (key,), depth + 1)
        elif isinstance(value, list) and value:
            yield here + (key, 0), value[0]
            if isinstance(value[0], dict):
                yield from _places(value[0], here + (key, 0), depth + 1)


def _at(node, path):
    for part in path:
        node = node[part]
    return node


def accepted(doc: dict):
    """The scenario, when the checks accept the document; else None."""
    try:
        return scenario_from_doc(doc, "sweep.json")
    except FileProblem:
        return None


def accepted_but_failing(place: str, doc: dict, seed: int = 1, turns: int = TURNS) -> str | None:
    """None when the checks refuse the file or it plays to its end; else what went wrong."""
    try:
        scenario = accepted(doc)
    except Exception as exc:
        return f"{place}: validate: {type(exc).__name__}: {exc}"
    if scenario is None:
        return None
    try:
        scenario = simulate.with_turn_limit(scenario, turns)
        players = [PLAYERS] * len(scenario.sides)
        scenario = simulate.with_built_forces(scenario, players, seed)
        state = engine.new_game(scenario, seed)
        sim = simulate.run(state, players)
        if engine.to_act(sim.state) is not None:
            return f"{place}: stopped before its end"
    except Exception as exc:
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        return f"{place}: {type(exc).__name__}: {exc} ({tb.filename.split('/game/')[-1]}:{tb.lineno})"
    return None


def all_mutations() -> list[tuple[str, dict]]:
    return [m for name, doc in bundled_docs().items() for m in mutations(name, doc)]


def main() -> int:
    from game.rulesets import load_all
    load_all()
    found = all_mutations()
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    failing = 0
    for place, doc in found:
        if only not in place:
            continue
        problem = accepted_but_failing(place, doc)
        if problem:
            failing += 1
            print(problem, flush=True)
    print(f"{len(found)} files, {failing} accepted but failing")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
