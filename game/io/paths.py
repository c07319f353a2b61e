"""Where the player's files live: the user's data and config folders, never beside the executable.

Design §6: saves go in the user's data folder (platformdirs). SKIRMISH_TABLE_HOME, when set,
holds everything instead (tests point it at a temporary folder; a portable install may too).
"""
from __future__ import annotations

import contextlib
import datetime
import os
import re
import time
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
    """Every autosave (the games' own and the old single one), the latest written first. Asked when
    the main menu opens: the temporaries that killed processes left in the folder go then."""
    folder = saves_dir()
    clean_stale_temp_files(folder)
    found = []
    for path in folder.glob(f"{AUTOSAVE_PREFIX}*.json"):
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


STALE_TEMP_SECONDS = 60.0
_OUR_TEMP = re.compile(r"^\..+\.(?P<pid>\d+)\.[A-Za-z0-9_]+\.tmp$")     # .<name>.<pid>.<random>.tmp
_OLD_TEMP = re.compile(r"^\..+\.json\.[A-Za-z0-9_]+\.tmp$")              # before the pid was in the name


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True                  # someone else's process, or no way to ask: assume alive
    return True


def clean_stale_temp_files(folder: Path, now: float | None = None) -> list[Path]:
    """Remove the temporary files our writes leave when killed in the middle: those of a process
    that is gone, and any older than a minute (a pid used again); a write going on in a live
    process (another window of the game) is never touched. Returns what was removed."""
    now = time.time() if now is None else now
    removed = []
    try:
        names = [p for p in Path(folder).iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
    except OSError:
        return removed
    for path in names:
        ours, old = _OUR_TEMP.match(path.name), _OLD_TEMP.match(path.name)
        if not ours and not old:
            continue
        with contextlib.suppress(OSError, ValueError):
            stale = now - path.stat().st_mtime > STALE_TEMP_SECONDS
            if stale or (ours and not _alive(int(ours["pid"]))):
                path.unlink()
                removed.append(path)
    return removed
