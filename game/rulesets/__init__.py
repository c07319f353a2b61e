"""The rulesets. Each subpackage registers itself with game.engine.registry when imported;
`load_all` imports every subpackage, so nothing lists the rulesets by hand (design §2)."""
from __future__ import annotations

import importlib
import pkgutil

_loaded = False


def load_all() -> None:
    global _loaded
    if _loaded:
        return
    for info in pkgutil.iter_modules(__path__):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    _loaded = True
