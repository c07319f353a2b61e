"""build_scripts/skirmish.spec run against stand-ins for PyInstaller's classes: what it asks for."""
from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest

from build_scripts import bundle

SPEC = Path(bundle.__file__).with_name("skirmish.spec")


class Recorder:
    calls: dict[str, list] = {}

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        Recorder.calls.setdefault(type(self).__name__, []).append(self)


class Analysis(Recorder):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        hook_datas = [("pygame_gui/data/NotoSansJP-Bold.otf", "/x/NotoSansJP-Bold.otf", "DATA"),
                      ("pygame_gui/data/NotoSans-Regular.ttf", "/x/NotoSans-Regular.ttf", "DATA")]
        self.datas = [(dest, src, "DATA") for src, dest in kwargs["datas"]] + hook_datas
        self.pure, self.scripts, self.binaries = [], [], []


class PYZ(Recorder):
    pass


class EXE(Recorder):
    pass


class COLLECT(Recorder):
    pass


class BUNDLE(Recorder):
    pass


def _run_spec(monkeypatch, tmp_path, platform: str):
    Recorder.calls = {}
    collected = {"submodules": [], "data": []}

    def collect_submodules(package, filter=None):
        collected["submodules"].append(package)
        names = [package, f"{package}.bench", f"{package}.sub"]
        return [n for n in names if filter is None or filter(n)]

    def collect_data_files(package, excludes=None):
        collected["data"].append(package)
        return []

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules, hooks.collect_data_files = collect_submodules, collect_data_files
    monkeypatch.setitem(sys.modules, "PyInstaller", types.ModuleType("PyInstaller"))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils", types.ModuleType("PyInstaller.utils"))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(bundle, "META_DIR", tmp_path / "meta")
    monkeypatch.setattr(sys, "platform", platform)
    namespace = {"SPECPATH": str(SPEC.parent), "__file__": str(SPEC), "Analysis": Analysis, "PYZ": PYZ,
                 "EXE": EXE, "COLLECT": COLLECT, "BUNDLE": BUNDLE}
    exec(compile(SPEC.read_text(encoding="utf-8"), str(SPEC), "exec"), namespace)
    return Recorder.calls, collected, namespace


@pytest.fixture
def linux(monkeypatch, tmp_path):
    return _run_spec(monkeypatch, tmp_path, "linux")


def test_onedir_named_skirmish_with_a_console(linux):
    calls, _, _ = linux
    (exe,) = calls["EXE"]
    assert exe.kwargs["exclude_binaries"] is True          # onedir: the binaries go to COLLECT
    assert exe.kwargs["name"] == "skirmish" and exe.kwargs["console"] is True
    (coll,) = calls["COLLECT"]
    assert coll.kwargs["name"] == "skirmish"
    assert "BUNDLE" not in calls


def test_utf8_mode(linux):
    exe = linux[0]["EXE"][0]
    assert ("X utf8", None, "OPTION") in exe.args[2]


def test_excludes_and_entry_point(linux):
    calls, _, _ = linux
    (a,) = calls["Analysis"]
    assert a.kwargs["excludes"] == bundle.EXCLUDES
    assert a.args[0] == [str(bundle.ENTRY)]
    assert "from game.cli import main" in bundle.ENTRY.read_text()


def test_hidden_imports_come_from_collect_submodules_without_benches(linux):
    calls, collected, _ = linux
    assert collected["submodules"] == bundle.HIDDEN_PACKAGES
    hidden = calls["Analysis"][0].kwargs["hiddenimports"]
    assert "game.sub" in hidden and "game.bench" not in hidden


def test_data_maps_assets_and_package_data(linux):
    calls, collected, namespace = linux
    assert collected["data"] == bundle.DATA_PACKAGES
    datas = calls["Analysis"][0].kwargs["datas"]
    assert set(bundle.bundled_data()) <= set(datas)
    dests = [entry[0] for entry in namespace["a"].datas]
    assert "pygame_gui/data/NotoSans-Regular.ttf" in dests
    assert "pygame_gui/data/NotoSansJP-Bold.otf" not in dests     # filtered after the hooks ran


def test_icon_and_version_resource_are_written(linux, tmp_path):
    meta = tmp_path / "meta"
    assert (meta / "skirmish.ico").is_file() and (meta / "skirmish.png").is_file()
    assert "ProductName" in (meta / "version_info.txt").read_text(encoding="utf-8")
    exe = linux[0]["EXE"][0]
    assert exe.kwargs["icon"] is None and exe.kwargs["version"] is None    # ELF has neither


def test_windows_gets_icon_version_and_no_console_window_on_double_click(monkeypatch, tmp_path):
    calls, _, _ = _run_spec(monkeypatch, tmp_path, "win32")
    exe = calls["EXE"][0]
    assert exe.kwargs["icon"].endswith("skirmish.ico")
    assert exe.kwargs["version"].endswith("version_info.txt")
    assert exe.kwargs["hide_console"] == "hide-early" and exe.kwargs["console"] is True


def test_macos_gets_an_app_bundle_with_icon_and_version(monkeypatch, tmp_path):
    calls, _, _ = _run_spec(monkeypatch, tmp_path, "darwin")
    assert calls["EXE"][0].kwargs["icon"].endswith("skirmish.icns")
    (app,) = calls["BUNDLE"]
    assert app.kwargs["name"] == "Skirmish Table.app"
    assert app.kwargs["version"] == bundle.project_version()
    assert app.kwargs["info_plist"]["LSBackgroundOnly"] is False
