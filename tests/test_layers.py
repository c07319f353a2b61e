"""Design §2: one direction of imports. Nothing below game/ui imports pygame, and each layer
imports only the layers beneath it. Walks every module's imports with ast."""
from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

# layer -> the game packages it may import
ALLOWED = {
    "geometry": {"geometry"},
    "engine": {"engine", "geometry"},
    "io": {"io", "engine", "geometry", "rulesets", "resources"},
    "rulesets": {"rulesets", "engine", "geometry", "resources"},
    "ai": {"ai", "engine", "geometry", "rulesets"},
}


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def modules(layer: str):
    return sorted((GAME / layer).rglob("*.py"))


def test_nothing_below_ui_imports_pygame():
    offenders = []
    for path in GAME.rglob("*.py"):
        if "ui" in path.relative_to(GAME).parts[:1]:
            continue
        for name in imports_of(path):
            if name.split(".")[0] in ("pygame", "pygame_gui"):
                offenders.append(f"{path.relative_to(GAME)} imports {name}")
    assert offenders == []


def test_each_layer_imports_only_layers_beneath_it():
    offenders = []
    for layer, allowed in ALLOWED.items():
        for path in modules(layer):
            for name in imports_of(path):
                parts = name.split(".")
                if parts[0] == "game" and len(parts) > 1 and parts[1] not in allowed:
                    offenders.append(f"{path.relative_to(GAME)} imports {name}")
    assert offenders == []


def test_nothing_calls_global_random():
    """Design §4: every die from the game's stream; nothing uses the global `random` functions
    (a private, seeded `random.Random(n).random()` is allowed: its sequence is promised stable)."""
    offenders = []
    for path in GAME.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "random" and node.attr != "Random"):
                offenders.append(f"{path.relative_to(GAME)}: random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                offenders += [f"{path.relative_to(GAME)}: from random import {a.name}"
                              for a in node.names if a.name != "Random"]
    assert offenders == []
