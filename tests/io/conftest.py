"""Fixtures for the file layer's tests: the io-toy ruleset registered, valid documents, a private home."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import registry
from io_toy import IoHexToy, IoToy, hex_scenario_doc, scenario_doc


@pytest.fixture(autouse=True)
def io_home(tmp_path_factory, monkeypatch):
    """No test touches the real user folders (design §6: saves in the user's data folder)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("SKIRMISH_TABLE_HOME", str(home))
    return home


@pytest.fixture
def toy_ruleset():
    ruleset = registry.register(IoToy())
    yield ruleset
    registry.unregister("io-toy")


@pytest.fixture
def hex_toy_ruleset():
    ruleset = registry.register(IoHexToy())
    yield ruleset
    registry.unregister("io-hex-toy")


@pytest.fixture
def hex_doc():
    """A fresh valid hex map scenario (tests/io/toy-hex-march.json)."""
    return hex_scenario_doc()


@pytest.fixture
def make_doc():
    """make_doc(**top_level_changes) -> a fresh valid scenario document."""
    return lambda **changes: copy.deepcopy(scenario_doc(**changes))


@pytest.fixture
def doc():
    return copy.deepcopy(scenario_doc())


@pytest.fixture
def write(tmp_path):
    """write(obj or text or bytes, name) -> the path of a file holding it."""
    def _write(content: Any, name: str = "scenario.json") -> Path:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content, indent=2), encoding="utf-8")
        return path
    return _write
