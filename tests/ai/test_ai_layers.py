"""game.ai imports in one direction (issue 11): each module imports only modules below it in LAYERS, at module level."""
from __future__ import annotations

import ast
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "game" / "ai"

# bottom first; a ruleset's knowledge package sits above the levels (Takipsilim's reading asks the
# normal level) and is found by knowledge_for at run time, never imported by the layers below
LAYERS = [
    "sampling", "positions", "framework", "generic", "knowledge", "lookahead", "levels",
    "risus_skirmish.analysis", "risus_skirmish.outcomes", "risus_skirmish.candidates", "risus_skirmish",
    "takipsilim.reading", "takipsilim.analysis", "takipsilim.outcomes", "takipsilim.candidates", "takipsilim",
    "riskbreaker.scoring", "riskbreaker",
    "players", "tournament", "bench",
]


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
    assert sorted(modules()) == sorted(LAYERS)


def test_each_ai_module_imports_only_modules_below_it():
    rank = {name: i for i, name in enumerate(LAYERS)}
    offenders = [f"{name} imports {target}" for name, tree in modules().items()
                 for target, _ in ai_imports(tree) if rank.get(target, len(LAYERS)) >= rank[name]]
    assert offenders == []


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
