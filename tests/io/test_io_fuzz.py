"""Design §10: hypothesis for the file loaders -- any bytes give a clean error or a valid object.

Every outcome of parsing is either the engine object or one FileProblem line; nothing else escapes.
"""
from __future__ import annotations

import copy
import json
import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import game as engine
from game.engine.scenario import Scenario
from game.io.errors import FileProblem
from game.io.save_file import SaveData, parse_save, resume, save_document
from game.io.scenario_file import parse_scenario, scenario_from_doc
from io_toy import hex_scenario_doc, scenario_doc

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

json_scalars = (st.none() | st.booleans() | st.integers(min_value=-(10**40), max_value=10**40)
                | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=20)
                | st.sampled_from(["wood", "round", "rect", "io-toy", "#12ab34", "skirmish-table/scenario"]))
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


def paths_in(doc, here=()):
    yield here
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from paths_in(v, here + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from paths_in(v, here + (i,))


def mutate(doc, path, how, value):
    """Replace, delete or duplicate the node at `path`, or add a key beside it."""
    doc = copy.deepcopy(doc)
    if not path:
        return value if how == "replace" else doc
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    last = path[-1]
    if how == "replace":
        parent[last] = value
    elif how == "delete":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    elif isinstance(parent, dict):
        parent[f"{last}_extra"] = value
    return doc


VALID = scenario_doc()
PATHS = list(paths_in(VALID))


@pytest.fixture
def ruleset(toy_ruleset):
    return toy_ruleset


def assert_scenario_or_problem(data, source="fuzz.json"):
    try:
        result = parse_scenario(data, source)
    except FileProblem as exc:
        message = str(exc)
        assert message.startswith(f"{source}: ") and "\n" not in message and len(message) <= 400
        return None
    assert isinstance(result, Scenario)
    return result


@FUZZ
@given(data=st.binary(max_size=300))
def test_any_bytes(ruleset, data):
    assert_scenario_or_problem(data)


@FUZZ
@given(value=json_values)
def test_any_json_value(ruleset, value):
    assert_scenario_or_problem(json.dumps(value))


@FUZZ
@given(path=st.sampled_from(PATHS), how=st.sampled_from(["replace", "delete", "duplicate", "add"]),
       value=json_values, cut=st.integers(min_value=0, max_value=3000))
def test_mutated_valid_documents(ruleset, path, how, value, cut):
    doc = mutate(VALID, path, how, value)
    text = json.dumps(doc)
    scenario = assert_scenario_or_problem(text)
    if scenario is not None:       # a scenario that passed the checks sets up a game
        state = engine.new_game(scenario, seed=1)
        assert engine.to_act(state) is not None
    assert_scenario_or_problem(text[:cut])       # and any truncation of it


@FUZZ
@given(path=st.sampled_from(PATHS), value=st.floats() | st.integers(min_value=-10**6, max_value=10**6))
def test_numbers_anywhere_are_finite_and_bounded_or_refused(ruleset, path, value):
    doc = mutate(VALID, path, "replace", value)
    try:
        scenario = scenario_from_doc(doc, "n.json")
    except FileProblem:
        return
    for unit in scenario.units:
        assert math.isfinite(unit.x) and 0 <= unit.x <= scenario.width and 0 <= unit.y <= scenario.height



HEX_VALID = hex_scenario_doc()
HEX_PATHS = list(paths_in(HEX_VALID))
hex_values = json_values | st.integers(-8, 8) | st.lists(st.integers(-8, 8), min_size=0, max_size=3) \
    | st.sampled_from(["river", "road", "town", "capital", "camp", "forest", "swamp", "flat", "pointy", None])


@FUZZ
@given(path=st.sampled_from(HEX_PATHS), how=st.sampled_from(["replace", "delete", "duplicate", "add"]),
       value=hex_values)
def test_mutated_hex_documents(hex_toy_ruleset, path, how, value):
    """A hex scenario that passes the checks builds its HexMap and sets up a game; all else is one line."""
    scenario = assert_scenario_or_problem(json.dumps(mutate(HEX_VALID, path, how, value)))
    if scenario is not None:
        state = engine.new_game(scenario, seed=1)
        assert state.board.kind == "hexmap" and engine.to_act(state) is not None
        assert all(state.board.contains(tuple_hex) for tuple_hex in
                   (type(state.board.hexes[0])(*u.hex) for u in scenario.units))


def a_save_document():
    scenario = scenario_from_doc(scenario_doc(), "toy.json")
    state = engine.new_game(scenario, seed=5)
    actions = []
    for _ in range(2):
        option = engine.legal_actions(state)[0]
        engine.apply(state, option.action)
        actions.append(option.action)
    return save_document(state, actions, ["human", "random"])


@FUZZ
@given(data=st.data())
def test_mutated_saves(ruleset, data):
    save = a_save_document()
    path = data.draw(st.sampled_from(list(paths_in(save))))
    how = data.draw(st.sampled_from(["replace", "delete", "duplicate", "add"]))
    doc = mutate(save, path, how, data.draw(json_values))
    try:
        loaded = parse_save(json.dumps(doc), "save.json")
        assert isinstance(loaded, SaveData)
        resume(loaded)
    except FileProblem as exc:
        assert str(exc).startswith("save.json: ") and "\n" not in str(exc)
