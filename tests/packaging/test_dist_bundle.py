"""What the packaged build takes in and leaves out (build_scripts/bundle.py), checked without building."""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import pytest

from build_scripts import bundle

ROOT = Path(__file__).resolve().parents[2]


def _imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module)
    return out


@pytest.mark.parametrize("module", ["pytest", "_pytest", "hypothesis", "xdist", "tkinter", "_tkinter",
                                   "pydoc", "unittest", "pygame.tests", "pygame.examples", "numpy.tests"])
def test_test_suites_and_tkinter_are_left_out(module):
    assert bundle.is_excluded(module)
    assert bundle.is_excluded(module + ".sub")


def test_nothing_the_game_imports_is_left_out():
    """Walk every module under game/ (benchmarks aside): no import of theirs may be excluded."""
    found = {}
    for path in (ROOT / "game").rglob("*.py"):
        if path.name == "bench.py" or path.name.startswith("bench_"):
            continue
        for module in _imports_of(path):
            if bundle.is_excluded(module):
                found[module] = path.relative_to(ROOT).as_posix()
    assert not found, f"excluded from the build but imported by the game: {found}"


@pytest.mark.parametrize("module", ["game", "pygame", "pygame_gui", "shapely", "numpy", "icepool", "pydantic",
                                    "platformdirs", "json", "hashlib", "importlib.resources", "importlib.metadata",
                                    "email", "html.parser", "pkgutil", "fractions", "decimal", "encodings.utf_8",
                                    "pytiled_parser", "attr", "xml.etree.ElementTree", "gzip", "zlib", "base64"])
def test_what_the_game_and_its_libraries_need_stays(module):
    assert not bundle.is_excluded(module)


@pytest.mark.parametrize("codec", ["utf_8", "utf_16", "latin_1", "ascii", "cp1252", "cp437", "cp850", "mbcs",
                                   "cp932", "cp936", "gbk", "cp949", "cp950", "shift_jis", "euc_jp", "idna",
                                   "charmap", "raw_unicode_escape", "unicode_escape", "aliases"])
def test_encodings_a_console_or_locale_may_use_stay(codec):
    assert not bundle.is_excluded(f"encodings.{codec}")


def test_every_excluded_encoding_exists():
    # A misspelt name would exclude nothing and hide the mistake.
    for name in bundle.ENCODING_EXCLUDES:
        assert importlib.util.find_spec(name) is not None, name


@pytest.mark.parametrize("name,keep", [
    ("game.ui.app", True), ("game.rulesets.takipsilim", True), ("game.rulesets.risus_skirmish.actions", True),
    ("game.geometry.bench", False), ("game.engine.bench_odds", False), ("game.tests.helpers", False),
    ("game.ai.bench", False), ("pygame_gui.elements", True),
])
def test_keep_module(name, keep):
    assert bundle.keep_module(name) is keep


@pytest.mark.parametrize("dest,keep", [
    ("pygame_gui/data/NotoSansJP-Bold.otf", False), ("pygame_gui\\data\\NotoSansSC-Regular.otf", False),
    ("pygame_gui/data/NotoSansKR-Regular.ttf", False), ("pygame_gui/data/NotoSans-Regular.ttf", True),
    ("pygame_gui/data/FiraCode-Regular.ttf", True), ("pygame_gui/data/default_theme.json", True),
    ("game/data/maps/x.json", True),
])
def test_keep_data(dest, keep):
    assert bundle.keep_data(dest) is keep


def test_bundled_data_goes_inside_the_package(tmp_path):
    for rel in ["maps/a.json", "maps/sub/b.json", "maps/.DS_Store", "maps/c.json~", "assets/rules/r.md",
                "assets/icon.png", "assets/__pycache__/x.pyc", "assets/.gitkeep"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x")
    got = sorted((Path(src).relative_to(tmp_path).as_posix(), dest) for src, dest in bundle.bundled_data(tmp_path))
    assert got == [
        ("assets/icon.png", "game/data/assets"),
        ("assets/rules/r.md", "game/data/assets/rules"),
        ("maps/a.json", "game/data/maps"),
        ("maps/sub/b.json", "game/data/maps/sub"),
    ]


def test_bundled_data_without_the_folders_is_empty(tmp_path):
    assert bundle.bundled_data(tmp_path) == []


def test_every_repository_map_is_bundled():
    shipped = {Path(src).name for src, dest in bundle.bundled_data() if dest == "game/data/maps"}
    assert {p.name for p in (ROOT / "maps").glob("*.json")} <= shipped


def test_packaged_folders_are_where_resources_looks():
    # game/resources.py: importlib.resources.files("game") / "data" / name
    assert bundle.BUNDLED_DIRS == {"maps": "game/data/maps", "assets": "game/data/assets"}


def test_hidden_imports_and_data_cover_what_pkgutil_and_resources_find():
    assert {"game", "icepool", "pygame_gui"} <= set(bundle.HIDDEN_PACKAGES)
    assert {"game", "pygame_gui"} <= set(bundle.DATA_PACKAGES)


@pytest.mark.parametrize("version,expected", [
    ("0.1.0", (0, 1, 0, 0)), ("1.2.3.4.5", (1, 2, 3, 4)), ("1.2rc1", (1, 2, 0, 0)),
    ("2.0.0.dev3", (2, 0, 0, 0)), ("3", (3, 0, 0, 0)),
])
def test_version_tuple(version, expected):
    assert bundle.version_tuple(version) == expected


def test_project_version_is_the_installed_one():
    import importlib.metadata
    assert bundle.project_version() == importlib.metadata.version("skirmish-table")


def test_windows_version_resource_names_the_game():
    text = bundle.windows_version_text("1.2.3")

    def node(name):
        return lambda *args, **kwargs: (name, args, kwargs)

    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo",
             "VarStruct"]
    tree = eval(text, {n: node(n) for n in names})       # the same text PyInstaller evaluates on Windows
    assert tree[0] == "VSVersionInfo"
    ffi = tree[2]["ffi"]
    assert ffi[2]["filevers"] == (1, 2, 3, 0) and ffi[2]["prodvers"] == (1, 2, 3, 0)
    table = tree[2]["kids"][0][1][0][0][1][1]
    strings = {s[1][0]: s[1][1] for s in table}
    assert strings["ProductName"] == "Skirmish Table"
    assert strings["OriginalFilename"] == "skirmish.exe"
    assert strings["FileVersion"] == strings["ProductVersion"] == "1.2.3"


@pytest.mark.parametrize("system,machine,name", [
    ("Linux", "x86_64", "skirmish-0.1.0-linux-x86_64.zip"),
    ("Windows", "AMD64", "skirmish-0.1.0-windows-x86_64.zip"),
    ("Darwin", "arm64", "skirmish-0.1.0-macos-arm64.zip"),
    ("Linux", "aarch64", "skirmish-0.1.0-linux-arm64.zip"),
])
def test_zip_name(system, machine, name):
    assert bundle.zip_name("0.1.0", system, machine) == name


def test_macos_app_zip_name():
    assert bundle.app_bundle_zip_name("0.1.0", "arm64") == "skirmish-0.1.0-macos-arm64-app.zip"


def test_exe_path(tmp_path):
    assert bundle.exe_path(tmp_path, "win32") == tmp_path / "skirmish.exe"
    assert bundle.exe_path(tmp_path, "linux") == tmp_path / "skirmish"
    assert bundle.exe_path(tmp_path, "darwin") == tmp_path / "skirmish"
    assert bundle.exe_path().parent == ROOT / "dist" / "skirmish"
