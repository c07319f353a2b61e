"""The build script's own logic (zip, checksum, finishing the folder), without running PyInstaller."""
from __future__ import annotations

import hashlib
import os
import stat
import sys
import zipfile

import pytest

from build_scripts import build, check_dist

DATE = (2024, 1, 2, 3, 4, 6)


def _fake_app(root):
    app = root / "skirmish"
    (app / "_internal" / "game" / "data" / "maps").mkdir(parents=True)
    (app / "_internal" / "libs").mkdir()
    exe = app / "skirmish"
    exe.write_bytes(b"\x7fELF fake")
    exe.chmod(0o755)
    (app / "_internal" / "base_library.zip").write_bytes(b"data" * 100)
    (app / "_internal" / "libs" / "libfoo.so.1").write_bytes(b"lib")
    if os.name != "nt":
        os.symlink("libs/libfoo.so.1", app / "_internal" / "libfoo.so.1")
    return app


def test_zip_holds_the_folder_under_its_name(tmp_path):
    app = _fake_app(tmp_path)
    out = build.zip_folder(app, tmp_path / "x.zip", DATE)
    with zipfile.ZipFile(out) as zf:
        names = zf.namelist()
        assert all(n == "skirmish/" or n.startswith("skirmish/") for n in names)
        assert "skirmish/skirmish" in names
        assert "skirmish/_internal/game/data/maps/" in names            # empty folders survive
        mode = zf.getinfo("skirmish/skirmish").external_attr >> 16
        if os.name != "nt":
            assert mode & 0o111, "the executable must stay executable once unzipped"
        assert not (zf.getinfo("skirmish/_internal/base_library.zip").external_attr >> 16) & 0o111
    assert not (tmp_path / "x.zip.part").exists()


@pytest.mark.skipif(os.name == "nt", reason="symbolic links")
def test_zip_keeps_symbolic_links_as_links(tmp_path):
    app = _fake_app(tmp_path)
    out = build.zip_folder(app, tmp_path / "x.zip", DATE)
    with zipfile.ZipFile(out) as zf:
        info = zf.getinfo("skirmish/_internal/libfoo.so.1")
        assert stat.S_ISLNK(info.external_attr >> 16)
        assert zf.read(info) == b"libs/libfoo.so.1"


@pytest.mark.skipif(os.name == "nt", reason="file modes and symbolic links")
def test_unzip_round_trip(tmp_path):
    app = _fake_app(tmp_path)
    out = build.zip_folder(app, tmp_path / "x.zip", DATE)
    check_dist.unzip(out, tmp_path / "unpacked")
    copy = tmp_path / "unpacked" / "skirmish"
    assert os.access(copy / "skirmish", os.X_OK)
    assert (copy / "_internal" / "libfoo.so.1").is_symlink()
    assert (copy / "_internal" / "libfoo.so.1").read_bytes() == b"lib"
    assert (copy / "_internal" / "game" / "data" / "maps").is_dir()


def test_zip_is_reproducible(tmp_path):
    app = _fake_app(tmp_path)
    a = build.zip_folder(app, tmp_path / "a.zip", DATE).read_bytes()
    b = build.zip_folder(app, tmp_path / "b.zip", DATE).read_bytes()
    assert a == b


def test_sha256_file_reads_like_sha256sum(tmp_path):
    target = tmp_path / "skirmish-0.1.0-linux-x86_64.zip"
    target.write_bytes(b"hello")
    out = build.write_sha256(target)
    assert out.name == target.name + ".sha256"
    assert out.read_text() == f"{hashlib.sha256(b'hello').hexdigest()}  {target.name}\n"


def test_finish_folder(tmp_path):
    app = tmp_path / "skirmish"
    (app / "_internal").mkdir(parents=True)
    icon = tmp_path / "icon.png"
    icon.write_bytes(b"\x89PNG")
    build.finish_folder(app, "9.8.7", icon)
    assert (app / "_internal" / "game" / "data" / "maps").is_dir()
    assert (app / "_internal" / "game" / "data" / "assets").is_dir()
    readme = (app / "README.txt").read_text(encoding="utf-8")
    assert "Skirmish Table 9.8.7" in readme and "skirmish-table" in readme
    assert (app / "skirmish.png").read_bytes() == b"\x89PNG"


def test_build_without_pyinstaller_says_how_to_get_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "PyInstaller", None)
    assert build.main([]) == 2
    assert ".[dist]" in capsys.readouterr().err
