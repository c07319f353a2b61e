"""Benchmarks of the packaged game for `make bench` (issue #6).

startup: the executable from launch to its first frame (`play --frames 1` under SDL's dummy driver)
against `python -m game play --frames 1` in the same run, median of 3 after a warm-up; target
ratio <= 1.5. dist-size: the size of dist/skirmish (symbolic links count as nothing). Without a
build, a comment line says so and nothing fails.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from build_scripts import bundle  # noqa: E402
from build_scripts.check_dist import UI_MISSING, headless_env  # noqa: E402

RUNS = 3
NOT_BUILT = "# dist not built: run make dist"


def _launch(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, errors="replace", timeout=300)
    return (time.perf_counter() - start) * 1000, p


def startup_line(exe: Path) -> str:
    argv = ["play", "--frames", "1"]
    commands = {"exe": [str(exe), *argv], "python": [sys.executable, "-m", "game", *argv]}
    times: dict[str, list[float]] = {k: [] for k in commands}
    ui_missing = False
    with tempfile.TemporaryDirectory(prefix="skirmish-bench-") as tmp:
        cwd, home = Path(tmp) / "cwd", Path(tmp) / "home"
        cwd.mkdir()
        home.mkdir()
        env = headless_env(home)
        envs = {"exe": env, "python": dict(env, PYTHONPATH=str(bundle.ROOT))}
        for i in range(RUNS + 1):            # the first round warms the disk cache and is dropped
            for key, cmd in commands.items():   # alternate, so a busy moment hits both alike
                ms, p = _launch(cmd, cwd, envs[key])
                if p.returncode != 0:
                    tail = " | ".join((p.stderr.strip() or p.stdout.strip()).splitlines()[-2:])
                    return f"# startup: {key} exited {p.returncode}: {tail}"
                ui_missing = ui_missing or UI_MISSING in p.stdout
                if i:
                    times[key].append(ms)
    exe_ms, py_ms = statistics.median(times["exe"]), statistics.median(times["python"])
    line = f"startup exe_ms={exe_ms:.0f} python_ms={py_ms:.0f} ratio={exe_ms / py_ms:.2f}"
    return line + (" ui=missing" if ui_missing else "")


def size_line(app_dir: Path) -> str:
    size, files = bundle.tree_size(app_dir)
    line = f"dist-size mb={bundle.mb(size):.1f} files={files}"
    zips = sorted(bundle.DIST_DIR.glob(f"{bundle.APP_NAME}-*.zip"), key=lambda p: p.stat().st_mtime)
    if zips:
        line += f" zip_mb={bundle.mb(zips[-1].stat().st_size):.1f}"
    baseline = bundle.ROOT / "build" / "baseline" / "size.txt"
    if baseline.is_file():
        base = int(baseline.read_text())
        line += f" baseline_mb={bundle.mb(base):.1f} added_mb={bundle.mb(size - base):.1f}"
    return line


def run() -> list[str]:
    exe = bundle.exe_path()
    if not exe.is_file():
        return [f"{NOT_BUILT} (startup and dist-size skipped)"]
    return [startup_line(exe), size_line(bundle.APP_DIR)]


if __name__ == "__main__":
    for text in run():
        print(text)
