"""Issue 24 §4, "One way between screens": the screens reached each other through imports inside
functions, so game/ui/screens and app.py imported each other in one circle. Screens now open each
other by name through the App (game/ui/navigation.py); this walks every import of game/ui (inside
functions too, but not those only for type checking) and fails on a circle through a screen."""
from __future__ import annotations

import ast
from pathlib import Path

import game.ui

UI = Path(game.ui.__file__).parent


def module_name(path: Path) -> str:
    parts = path.relative_to(UI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_only(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (getattr(test, "id", None) == "TYPE_CHECKING" or
                                         getattr(test, "attr", None) == "TYPE_CHECKING")


def imports_of(tree: ast.AST, known: set[str]) -> set[str]:
    """The game.ui modules a file imports, wherever the import statement stands."""
    found: set[str] = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)   # a module imported from its package
        stack.extend(ast.iter_child_nodes(node))
    return {name for name in found if name in known}


def ui_graph() -> dict[str, set[str]]:
    paths = sorted(UI.rglob("*.py"))
    known = {module_name(p) for p in paths}
    graph = {}
    for p in paths:
        name = module_name(p)
        packages = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        graph[name] = imports_of(ast.parse(p.read_text(encoding="utf-8")), known) - packages - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on, stack, out = set(), [], []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle_through_the_screens_or_the_app():
    def screenish(m: str) -> bool:
        return m.startswith(("game.ui.screens.", "game.ui.editor.")) or m in ("game.ui.app", "game.ui.navigation")
    assert [group for group in circles(ui_graph()) if any(screenish(m) for m in group)] == []


def test_screens_open_each_other_by_name_not_by_import():
    graph = ui_graph()
    screens = {m for m in graph if m.startswith("game.ui.screens.")}
    mixins = {"game.ui.screens.base", "game.ui.screens.game_actions", "game.ui.screens.game_status",
              "game.ui.screens.game_review", "game.ui.screens.setup_forces"}     # parts of a screen, below it
    sideways = sorted(f"{m} imports {n}" for m in screens for n in graph[m] & screens if n not in mixins)
    assert sideways == []
    assert not graph["game.ui.app"] & screens


def test_the_check_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_every_screen_named_in_navigation_opens(app):
    from game.ui.navigation import SCREENS, screen_class
    for name in SCREENS:
        assert screen_class(name).name == name
