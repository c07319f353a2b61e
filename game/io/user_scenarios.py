"""The player's own scenarios (made in the editor): saved atomically into the user's data folder
(game.io.paths.scenarios_dir), checked first exactly as a file is at the boundary, and listed beside
the bundled ones (game.io.scenario_file.bundled_scenarios)."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from game.io import paths
from game.io.errors import FileProblem
from game.io.jsontext import read_json
from game.io.models import SCENARIO_FORMAT
from game.io.save_file import write_json_atomic

MARK = " (yours)"


def user_path(name: str) -> Path:
    return paths.scenarios_dir() / f"{name}.json"


def save_user_scenario(doc: dict[str, Any], playable: bool = True) -> Path:
    """Check the scenario (FileProblem when it fails), then write it as scenarios/<name>.json,
    atomically: the old file or the new, never half of one. `playable`: every check a file gets when
    it is loaded; otherwise only the schema's (a table still being made keeps its ruleset's problems,
    and the new-game screen says what they are)."""
    from pydantic import ValidationError

    from game.io.explain import problem_from
    from game.io.models import SCENARIO_VERSION, ScenarioModel
    from game.io.scenario_file import check_header, scenario_from_doc
    doc = copy.deepcopy(doc)
    doc.pop("$schema", None)
    name = doc.get("name")
    source = f"scenarios/{name}.json" if isinstance(name, str) else "scenario"
    if playable:
        scenario_from_doc(doc, source)
    else:
        check_header(doc, source, SCENARIO_FORMAT, SCENARIO_VERSION)
        try:
            ScenarioModel.model_validate(doc)
        except ValidationError as exc:
            raise problem_from(exc, source, ScenarioModel) from None
    try:
        return write_json_atomic(user_path(doc["name"]), doc)
    except OSError as exc:
        raise FileProblem(source, None, f"expected a folder that can be written ({exc.strerror or exc})") from None


def user_scenarios() -> list[tuple[str, str, str]]:
    """(path, ruleset id, title) of each scenario in the player's folder, by file name; a broken file
    is left out (`python -m game validate PATH` says why)."""
    try:
        folder = paths.scenarios_dir()
    except OSError:
        return []
    found = []
    for path in sorted(folder.glob("*.json")):
        try:
            doc = read_json(path, str(path))
        except FileProblem:
            continue
        if not isinstance(doc, dict) or doc.get("format") != SCENARIO_FORMAT:
            continue
        ruleset, title = doc.get("ruleset"), doc.get("title")
        found.append((str(path), ruleset if isinstance(ruleset, str) else "?",
                      (title if isinstance(title, str) else path.stem) + MARK))
    return found
