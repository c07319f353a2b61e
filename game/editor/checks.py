"""Live checks while editing: the same checks a file gets at the boundary (game.io: the structure,
the whole-document checks, the board, the options), then the ruleset's own validate_scenario, then
setting the scenario up once as a game. Every problem keeps its place ("units[3].stats.weapon"), the
piece it belongs to (so clicking it selects that piece) and, when its text names a point "(x, y)",
that point (a gap in a table the ruleset wants covered is shown there)."""
from __future__ import annotations

import copy
import dataclasses
import re
from typing import Any

from pydantic import ValidationError

from game.engine import game as engine
from game.engine.scenario import Scenario
from game.io.errors import FileProblem
from game.io.explain import expectation, place_of
from game.io.models import ScenarioModel
from game.io.scenario_file import board_problems, check_header, check_options, document_problems, ruleset_for

COLLECTIONS = ("terrain", "units", "deployment_zones", "objectives", "sides")
_TARGET = re.compile(r"^(terrain|units|deployment_zones|objectives|sides)\[(\d+)\]")
_HEX_TARGET = re.compile(r"^hexmap\.(hexes|places)\[(\d+)\]")
_POINT = re.compile(r"\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")
SOURCE = "editor"


@dataclasses.dataclass(frozen=True)
class Problem:
    place: str
    what: str
    target: tuple | None = None                  # ("units", 3): the piece the problem belongs to
    point: tuple[float, float] | None = None     # a point on the board the text names
    hex: tuple[int, int] | None = None           # the hex the problem is about (a hex map)

    def __str__(self) -> str:
        return f"{self.place}: {self.what}" if self.place else self.what


def _problem(doc: dict[str, Any], place: str, what: str) -> Problem:
    target = hexref = point = None
    m = _TARGET.match(place)
    if m:
        target = (m.group(1), int(m.group(2)))
    h = _HEX_TARGET.match(place)
    if h and h.group(1) == "places":
        target = ("hexmap", "places", int(h.group(2)))
    if h:
        cell = (doc.get("hexmap") or {}).get(h.group(1), [])
        i = int(h.group(2))
        if i < len(cell) and isinstance(cell[i], dict):
            hexref = (cell[i].get("q"), cell[i].get("r"))
    p = _POINT.search(what)
    if p:
        point = (float(p.group(1)), float(p.group(2)))
    return Problem(place, what, target, point, hexref)


def _split(text: str) -> tuple[str, str]:
    """'units[0].stats.weapon: expected ...' -> (place, what)."""
    head, sep, tail = text.partition(": ")
    if sep and " " not in head:
        return head, tail
    return "", text


def empty_sides(doc: dict[str, Any]) -> list[Problem]:
    """A side with no units cannot play: the table would be "no problems: it plays" with nobody on it."""
    have = {u.get("side") for u in doc.get("units") or [] if isinstance(u, dict)}
    return [Problem(f"sides[{i}]", f"{side.get('name') or f'side {i + 1}'} has no units: place at least one "
                    "(a side with no units cannot play)", ("sides", i))
            for i, side in enumerate(doc.get("sides") or []) if isinstance(side, dict) and i not in have]


def problems(doc: dict[str, Any]) -> list[Problem]:
    """Everything wrong with the document, in the order a file would be told (empty: it plays)."""
    try:
        check_header(doc, SOURCE, "skirmish-table/scenario", 1)
        model = ScenarioModel.model_validate(doc)
    except FileProblem as exc:
        return [_problem(doc, exc.place, exc.what)]
    except ValidationError as exc:
        return [_problem(doc, place_of(tuple(e["loc"])), expectation(e, ScenarioModel))
                for e in exc.errors(include_url=False)]
    try:
        rs = ruleset_for(model.ruleset, SOURCE, "ruleset")
    except FileProblem as exc:
        return [_problem(doc, exc.place, exc.what)]
    found = [_problem(doc, place, what) for place, what in document_problems(model)]
    found += [_problem(doc, place, what) for place, what in board_problems(model, rs)]
    try:
        check_options(rs, model.options, SOURCE, "options")
    except FileProblem as exc:
        found.append(_problem(doc, exc.place, exc.what))
    if found:
        return found
    scenario = Scenario.from_dict(copy.deepcopy(doc))
    try:
        texts = [str(p) for p in rs.validate_scenario(scenario) or ()]
    except Exception as exc:          # a ruleset's checker meeting data it did not expect
        return [Problem("", f"the ruleset could not check this scenario ({type(exc).__name__}: {exc})")]
    found = [_problem(doc, *_split(t)) for t in texts] + empty_sides(doc)
    if found:
        return found
    try:
        engine.new_game(scenario, seed=0)
    except Exception as exc:
        return [Problem("", f"expected a scenario the ruleset can set up ({type(exc).__name__}: {exc})")]
    return []
