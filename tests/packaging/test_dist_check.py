"""The smoke test's and the benchmark's own logic, without a build."""
from __future__ import annotations

import os

import pytest

from build_scripts import bench, bundle, check_dist


@pytest.fixture
def no_dist(monkeypatch, tmp_path):
    monkeypatch.setattr(bundle, "APP_DIR", tmp_path / "dist" / "skirmish")
    monkeypatch.setattr(bundle, "DIST_DIR", tmp_path / "dist")
    return tmp_path


def test_bench_without_a_build_says_so_and_does_not_fail(no_dist):
    lines = bench.run()
    assert len(lines) == 1 and lines[0].startswith("# dist not built: run make dist")


def test_dist_size_counts_files_not_links(no_dist):
    app = bundle.APP_DIR
    app.mkdir(parents=True)
    (app / "lib.so").write_bytes(b"x" * 2**20)
    if os.name != "nt":
        os.symlink("lib.so", app / "lib-link.so")
    (bundle.DIST_DIR / "skirmish-0.1.0-linux-x86_64.zip").write_bytes(b"z" * 2**19)
    line = bench.size_line(app)
    assert line.startswith("dist-size mb=1.0 files=1 zip_mb=0.5")


def test_check_without_a_build_fails_and_says_how(no_dist, capsys):
    assert check_dist.main([]) == 1
    assert "run `make dist`" in capsys.readouterr().out


def test_headless_env_has_dummy_drivers_and_no_checkout(monkeypatch, tmp_path):
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    monkeypatch.setenv("VIRTUAL_ENV", "/venv")
    env = check_dist.headless_env(tmp_path)
    assert env["SDL_VIDEODRIVER"] == "dummy" and env["SDL_AUDIODRIVER"] == "dummy"
    assert "PYTHONPATH" not in env and "VIRTUAL_ENV" not in env
    if os.name != "nt":
        assert env["XDG_DATA_HOME"].startswith(str(tmp_path))      # saves land in the private home


def test_png_size_and_content(tmp_path):
    import pygame
    surf = pygame.Surface((40, 30))
    surf.fill((10, 20, 30))
    flat = tmp_path / "flat.png"
    pygame.image.save(surf, str(flat))
    assert check_dist.png_size(flat) == (40, 30)
    assert not check_dist._has_content(flat)
    surf.fill((200, 0, 0), (0, 0, 20, 30))
    drawn = tmp_path / "drawn.png"
    pygame.image.save(surf, str(drawn))
    assert check_dist._has_content(drawn)
    (tmp_path / "bad.png").write_bytes(b"nope")
    assert check_dist.png_size(tmp_path / "bad.png") is None
    assert check_dist.png_size(tmp_path / "missing.png") is None


def test_summary_line_pattern():
    assert check_dist.SUMMARY_LINE.match("winner=1 turns=6 hash=a9eac8859f00806b")
    assert check_dist.SUMMARY_LINE.match("winner=draw turns=12 hash=00ff")
    assert not check_dist.SUMMARY_LINE.match("winner= turns=6 hash=zz")
