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
    "io": {"io", "engine", "geometry", "resources"},      # never rulesets: the entry points load them
    "rulesets": {"rulesets", "engine", "geometry", "resources"},
    "ai": {"ai", "engine", "geometry", "rulesets"},
    "editor": {"editor", "io", "engine", "geometry", "resources"},   # the scenario editor's model
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


def _dynamic_imports(tree: ast.AST) -> list[str]:
    """Module names a file reaches without an import statement: importlib.import_module("..."),
    __import__("..."), and any string constant naming a game package module."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("game."):
            found.append(node.value.split()[0])
        if isinstance(node, ast.Name) and node.id == "__import__":
            found.append("__import__")
        if isinstance(node, ast.Attribute) and node.attr in ("import_module", "find_spec"):
            found.append(f"importlib.{node.attr}")
    return found


def test_io_never_imports_the_rulesets():
    """Engine v2 "Layers": game/io only reads the registry; the entry points (game/cli.py,
    game/ui/app.py, tests/conftest.py) call game.rulesets.load_all(). Not by import, nor by string."""
    offenders = []
    for path in modules("io"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in imports_of(path):
            if name.split(".")[:2] == ["game", "rulesets"] or name == "importlib" or name.startswith("importlib."):
                offenders.append(f"{path.relative_to(GAME)} imports {name}")
        for name in _dynamic_imports(tree):
            if name.startswith(("game.rulesets", "importlib", "__import__")):
                offenders.append(f"{path.relative_to(GAME)} reaches {name}")
    assert offenders == []


def _absolute(path: Path, node: ast.ImportFrom) -> list[str]:
    """The absolute module names an import-from statement names (relative ones resolved)."""
    if node.level == 0:
        base = node.module or ""
    else:
        package = list(path.relative_to(GAME.parent).with_suffix("").parts[:-1])
        if path.name == "__init__.py":
            package = list(path.relative_to(GAME.parent).parts[:-1])
        package = package[:len(package) - (node.level - 1)] if node.level > 1 else package
        base = ".".join(package + ([node.module] if node.module else []))
    return [base] + [f"{base}.{a.name}" for a in node.names]


def test_a_ruleset_never_imports_another_ruleset():
    """Engine v2 "Layers": a module of game/rulesets/<a>/ never imports game.rulesets.<b>."""
    offenders = []
    root = GAME / "rulesets"
    for package in sorted(p for p in root.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        for path in sorted(package.rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            names = list(_dynamic_imports(tree))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names += [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names += _absolute(path, node)
            for name in names:
                parts = name.split(".")
                if parts[:2] == ["game", "rulesets"] and len(parts) > 2 and parts[2] != package.name \
                        and (root / parts[2]).is_dir():
                    offenders.append(f"{path.relative_to(GAME)} imports {name}")
    assert offenders == []


def test_the_layer_checks_catch_what_they_forbid(tmp_path):
    """The checks above see an importlib string and a relative import of a sibling ruleset."""
    assert "game.rulesets.other" in _dynamic_imports(ast.parse('importlib.import_module("game.rulesets.other")'))
    fake = GAME / "rulesets" / "mine" / "mod.py"
    node = ast.parse("from ..other import rules").body[0]
    assert "game.rulesets.other.rules" in _absolute(fake, node)


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
