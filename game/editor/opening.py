"""Where an edit starts: a scenario file (bundled, the player's own, or any path) or a map from the
Tiled editor (game.io.tiled, imported lazily: a build without it says so instead of failing)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.io.errors import FileProblem
from game.io.jsontext import expect_object, read_json
from game.io.models import SCENARIO_FORMAT

TILED_SUFFIXES = (".tmx", ".tmj")


class TiledUnavailable(Exception):
    """This build has no Tiled import (game.io.tiled)."""


def is_tiled(path: Path) -> bool:
    if path.suffix.lower() in TILED_SUFFIXES:
        return True
    if path.suffix.lower() != ".json":
        return False
    try:
        doc = read_json(path, str(path))
    except FileProblem:
        return False
    return isinstance(doc, dict) and doc.get("format") != SCENARIO_FORMAT and \
        ("tiledversion" in doc or "orientation" in doc)


def open_scenario(path_or_name: str) -> tuple[dict[str, Any], str | None]:
    """(document, its path when it is the player's own file) for a bundled name or a scenario path.
    The document is read as JSON only: a scenario with problems opens, and its problems are listed."""
    from game.io.scenario_file import bundled_path
    bundled = bundled_path(path_or_name) if os.sep not in path_or_name and "/" not in path_or_name else None
    path = bundled if bundled is not None else Path(path_or_name)
    doc = expect_object(read_json(path, str(path_or_name)), str(path_or_name), "a scenario")
    if doc.get("format") != SCENARIO_FORMAT:
        raise FileProblem(str(path_or_name), "format", f"expected {SCENARIO_FORMAT!r} (a scenario)")
    return doc, None if bundled is not None else str(path)


def open_tiled(path: str, ruleset_id: str) -> tuple[dict[str, Any], list[str]]:
    """A Tiled map as a scenario of the ruleset, and the import's warnings (unknown kinds ...)."""
    try:
        from game.io import tiled
    except ImportError:
        raise TiledUnavailable("this build cannot import Tiled maps yet (game.io.tiled is missing)") from None
    imported = tiled.import_tiled(path, ruleset_id, cm_per_tile=None)
    return dict(imported.scenario), list(imported.warnings)


def open_any(path: str, ruleset_id: str) -> tuple[dict[str, Any], str | None, list[str]]:
    """A scenario or a Tiled map: (document, its own path or None, warnings)."""
    if is_tiled(Path(path)):
        doc, warnings = open_tiled(path, ruleset_id)
        return doc, None, warnings
    doc, own = open_scenario(path)
    return doc, own, []
