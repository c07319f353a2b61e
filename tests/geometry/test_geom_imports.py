"""Design 2: game/geometry imports nothing else of the game and never pygame."""
import ast
import pathlib
import subprocess
import sys

GEOMETRY = pathlib.Path(__file__).resolve().parents[2] / "game" / "geometry"


def test_geometry_sources_import_only_shapely_numpy_and_stdlib():
    for path in GEOMETRY.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module or ""]
            else:
                continue
            for name in names:
                assert not name.startswith("pygame"), f"{path.name} imports {name}"
                assert not name.startswith("game") or name.startswith("game.geometry"), f"{path.name} imports {name}"


def test_importing_geometry_loads_no_pygame_and_no_other_game_package():
    code = ("import sys, game.geometry, game.geometry.hexgrid, game.geometry.bench;"
            "bad = [m for m in sys.modules if m.startswith('pygame') or"
            " (m.startswith('game.') and not m.startswith('game.geometry'))];"
            "print(bad); sys.exit(1 if bad else 0)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=GEOMETRY.parents[1])
    assert out.returncode == 0, out.stdout + out.stderr
