"""Headless tests: SDL's dummy drivers are set before anything can import pygame (design §10)."""
import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rulesets import load_all  # noqa: E402  (the tests' entry point registers the rulesets, as cli.main does)

load_all()


@pytest.fixture(autouse=True)
def player_home(tmp_path, monkeypatch):
    """The player's folders (saves, settings, the scenarios made in the editor) are a fresh temporary
    folder in every test: none reads or writes the real ones, nor another test's (the list of
    scenarios holds the player's own)."""
    monkeypatch.setenv("SKIRMISH_TABLE_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
