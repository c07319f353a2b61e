"""Where the player's files live: the user's data and config folders, never beside the executable.

Design §6: saves go in the user's data folder (platformdirs). SKIRMISH_TABLE_HOME, when set,
holds everything instead (tests point it at a temporary folder; a portable install may too).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "skirmish-table"
HOME_ENV = "SKIRMISH_TABLE_HOME"


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home) if home else None


def data_dir() -> Path:
    home = _home()
    return home if home is not None else Path(platformdirs.user_data_dir(APP, appauthor=False))


def config_dir() -> Path:
    home = _home()
    return home if home is not None else Path(platformdirs.user_config_dir(APP, appauthor=False))


def saves_dir() -> Path:
    """The folder of saved games (created)."""
    folder = data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def autosave_path() -> Path:
    """The autosave, rewritten every turn (atomically: the previous one survives a crash)."""
    return saves_dir() / "autosave.json"


def settings_path() -> Path:
    """The settings file (its folder created; the file itself may not exist yet)."""
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "settings.json"


def scenarios_dir() -> Path:
    """The folder of the player's own scenarios, made in the editor (created)."""
    folder = data_dir() / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
