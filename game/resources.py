"""Where the bundled maps and assets are, found from the package, never the working directory.

In the packaged executable (and a built wheel) they sit inside the package as game/data/maps and
game/data/assets; in a source checkout they are the repository's top-level maps/ and assets/.
"""
from __future__ import annotations

import importlib.resources
from pathlib import Path


def _root(name: str) -> Path:
    packaged = Path(str(importlib.resources.files("game"))) / "data" / name
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / name


def maps_dir() -> Path:
    return _root("maps")


def assets_dir() -> Path:
    return _root("assets")
