"""game.ai imports in one direction (issue 11): each module imports only modules below it in LAYERS, at module level."""
from __future__ import annotations

import ast
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "game" / "ai"

# bottom first. Each ruleset's knowledge package (game/ai/<ruleset>/) sits above the levels
# (Takipsilim's reading asks the normal level) and below the players; it is found by knowledge_for at
# run time, never imported by the layers below, and imports only those and its own modules.
BASE = ["sampling", "positions", "framework", "generic", "knowledge", "lookahead", "levels"]
TOP = ["players", "muster", "tournament", "scaled", "bench"]


def ruleset_packages() -> list[str]:
    return sorted(p.name for p in AI.iterdir() if p.is_dir() and (p / "__init__.py").is_file())


def module_name(path: Path) -> str:
    rel = path.relative_to(AI).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def ai_imports(tree: ast.AST) -> list[tuple[str, int]]:
    """(the game.ai module imported, line) for every import of the tree."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module == "game.ai":
                out += [(f"game.ai.{a.name}", node.lineno) for a in node.names]
            else:
                out.append((node.module, node.lineno))
    return [(name[len("game.ai."):], line) for name, line in out if name.startswith("game.ai.")]


def modules() -> dict[str, ast.AST]:
    return {module_name(p): ast.parse(p.read_text(encoding="utf-8"))
            for p in sorted(AI.rglob("*.py")) if module_name(p)}


def test_every_ai_module_has_a_layer():
    packages = set(ruleset_packages())
    placed = [m for m in modules() if m in BASE or m in TOP or m.split(".")[0] in packages]
    assert sorted(placed) == sorted(modules())


def test_each_ai_module_imports_only_modules_below_it():
    rank = {name: i for i, name in enumerate(BASE)}
    rank.update({name: len(BASE) + 1 + i for i, name in enumerate(TOP)})
    for package in ruleset_packages():
        rank[package] = len(BASE)
    offenders = []
    for name, tree in modules().items():
        package = name.split(".")[0] if name.split(".")[0] in ruleset_packages() else None
        for target, _ in ai_imports(tree):
            if package is not None and target.split(".")[0] == package:
                continue                          # within its own package (no cycle: checked below)
            level = rank.get(target, rank.get(target.split(".")[0], len(rank) + 99))
            if level >= rank.get(name, rank.get(package, 0)):
                offenders.append(f"{name} imports {target}")
    assert offenders == []


def test_a_ruleset_knowledge_package_has_no_import_circle_inside():
    graph = {name: {t for t, _ in ai_imports(tree) if t.split(".")[0] == name.split(".")[0] and t != name}
             for name, tree in modules().items() if name.split(".")[0] in ruleset_packages()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"an import circle: {' -> '.join(path + (name,))}"
        if name in done:
            return
        for target in graph.get(name, ()):
            visit(target, path + (name,))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_no_ai_module_imports_inside_a_function():
    offenders = []
    for name, tree in modules().items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                offenders += [f"{name}:{sub.lineno}" for sub in ast.walk(node)
                              if isinstance(sub, (ast.Import, ast.ImportFrom))]
    assert offenders == []


def test_each_ai_module_says_what_it_holds_in_its_first_line():
    for name, tree in modules().items():
        doc = ast.get_docstring(tree)
        assert doc and doc.split("\n")[0].strip().endswith("."), name
