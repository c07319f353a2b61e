"""Where the player's files live: the user's data and config folders, never beside the executable.

Design §6: saves go in the user's data folder (platformdirs). SKIRMISH_TABLE_HOME, when set,
holds everything instead (tests point it at a temporary folder; a portable install may too).
"""
from __future__ import annotations

import datetime
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
    """The single autosave of earlier versions (still listed, loaded and continued)."""
    return saves_dir() / "autosave.json"


AUTOSAVE_PREFIX = "autosave"


def autosave_slot(scenario: str, started: datetime.datetime) -> Path:
    """A game's own autosave, rewritten after each of its actions: named by its scenario and the
    time the game began (`autosave-<scenario>-20261126-110512.json`), so no game overwrites another's."""
    name = "".join(c if c.isalnum() or c in "-_" else "_" for c in scenario)[:60] or "game"
    return saves_dir() / f"{AUTOSAVE_PREFIX}-{name}-{started.strftime('%Y%m%d-%H%M%S')}.json"


def autosaves() -> list[Path]:
    """Every autosave (the games' own and the old single one), the latest written first."""
    found = []
    for path in saves_dir().glob(f"{AUTOSAVE_PREFIX}*.json"):
        try:
            found.append((path.stat().st_mtime, path.name, path))
        except OSError:
            continue
    return [p for *_, p in sorted(found, reverse=True)]


def latest_autosave() -> Path | None:
    """What Continue resumes: the autosave written last, whichever game it is of."""
    found = autosaves()
    return found[0] if found else None


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
