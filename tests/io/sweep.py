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
from typing import Iterator

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


def _units(doc: dict) -> list[dict]:
    return [u for u in doc.get("units", []) if isinstance(u, dict) and isinstance(u.get("stats"), dict)]


def mutations(name: str, doc: dict) -> Iterator[tuple[str, dict]]:
    """(place, changed document): each stats key of the first unit of each kind of stats, and each
    ruleset_data key (and each key of a dict or first item of a list inside it), set to each odd value."""
    seen_keys: set[tuple[str, ...]] = set()
    for i, unit in enumerate(_units(doc)):
        keys = tuple(sorted(unit["stats"]))
        if keys in seen_keys:
            continue
        seen_keys.add(keys)
        for key in keys:
            for value in ODD_VALUES:
                changed = copy.deepcopy(doc)
                changed["units"][doc["units"].index(unit)]["stats"][key] = value
                yield f"{name}: units[{i}].stats.{key} = {value!r}", changed
    data = doc.get("ruleset_data")
    if isinstance(data, dict):
        for place, parent, key in _data_places(data):
            for value in ODD_VALUES:
                changed = copy.deepcopy(doc)
                _at(changed["ruleset_data"], place[:-1])[key] = value
                yield f"{name}: ruleset_data.{'.'.join(map(str, place))} = {value!r}", changed


def _data_places(data: dict, here: tuple = (), depth: int = 0):
    for key, value in data.items():
        yield here + (key,), data, key
        if depth < 2 and isinstance(value, dict):
            yield from _data_places(value, here + (key,), depth + 1)
        elif depth < 2 and isinstance(value, list) and value:
            first = value[0]
            yield here + (key, 0), value, 0
            if isinstance(first, dict):
                yield from _data_places(first, here + (key, 0), depth + 1)


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
