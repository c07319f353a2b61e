"""`make dist-check`: smoke test of the packaged game, headless, outside the source tree (issue #6).

    python build_scripts/check_dist.py [--all-scenarios] [--in-place]

Unpacks the zip that `make dist` made into a temporary folder, as a player would, and runs the
executable from another temporary folder with SDL's dummy drivers and a private home: help,
scenarios and rulesets (the same lines as `python -m game`), odds, a bundled scenario simulated
to its end (the same final line and hash as `python -m game`), the main menu rendered to a PNG,
a scenario opened for a few frames, a launch with no argument. Then it checks that nothing was
written beside the executable, that no test suite or tkinter was bundled, the zip's checksum,
and the size. Exit 0 when every check passes, 1 otherwise.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from build_scripts import bundle  # noqa: E402

SUMMARY_LINE = re.compile(r"^winner=(\d+|draw) turns=\d+ hash=[0-9a-f]+$")
UI_MISSING = "The table window is not built yet"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_ADDED_MB = 15.0
TIMEOUT = 300


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    failed: int = 0
    skipped: int = 0
    passed: int = 0

    def ok(self, name: str, detail: str = "") -> None:
        self.passed += 1
        self._say("ok  ", name, detail)

    def fail(self, name: str, detail: str) -> None:
        self.failed += 1
        self._say("FAIL", name, detail)

    def skip(self, name: str, detail: str) -> None:
        self.skipped += 1
        self._say("skip", name, detail)

    def _say(self, tag: str, name: str, detail: str) -> None:
        line = f"{tag} {name:<22} {detail}".rstrip()
        self.lines.append(line)
        print(line, flush=True)


@dataclass
class Run:
    code: int
    out: str
    err: str
    seconds: float

    def last_line(self) -> str:
        lines = [line for line in self.out.splitlines() if line.strip()]
        return lines[-1].strip() if lines else ""

    def why(self) -> str:
        tail = (self.err.strip() or self.out.strip()).splitlines()[-3:]
        return f"exit {self.code}: " + " | ".join(tail)


def headless_env(home: Path) -> dict[str, str]:
    """SDL's dummy drivers, nothing of this checkout's Python, and a private home for saves."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP", "SKIRMISH_TABLE_HOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONIOENCODING="utf-8")
    if os.name == "nt":
        # platformdirs asks Windows itself for %LOCALAPPDATA%; the game's own override keeps the
        # check's files out of the real one.
        env["SKIRMISH_TABLE_HOME"] = str(home / "skirmish-table")
    else:       # platformdirs follows HOME and the XDG variables: the real code path, privately
        env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"),
                   XDG_CONFIG_HOME=str(home / "config"), XDG_CACHE_HOME=str(home / "cache"),
                   XDG_STATE_HOME=str(home / "state"))
    return env


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = TIMEOUT) -> Run:
    start = time.perf_counter()
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                           encoding="utf-8", errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return Run(-1, out, f"timed out after {timeout:.0f} s", time.perf_counter() - start)
    return Run(p.returncode, p.stdout, p.stderr, time.perf_counter() - start)


def unzip(zip_path: Path, dest: Path) -> None:
    """Extract as `unzip` and Explorer do: file modes kept, symbolic links restored as links."""
    with zipfile.ZipFile(zip_path) as zf:
        for info in zf.infolist():
            target = dest / info.filename
            mode = info.external_attr >> 16
            if info.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            elif stat.S_ISLNK(mode) and os.name != "nt":
                target.parent.mkdir(parents=True, exist_ok=True)
                os.symlink(zf.read(info).decode(), target)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                with zf.open(info) as src, open(target, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
                if mode & 0o777:
                    os.chmod(target, mode & 0o777)


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {p.relative_to(folder).as_posix(): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in folder.rglob("*")}


def bundled_names(exe: Path, app_dir: Path) -> set[str] | None:
    """Top-level module and folder names in the build: the PYZ archive inside the executable and
    _internal/. None when PyInstaller's archive reader is not at hand."""
    names = {p.name.split(".")[0] for p in (app_dir / "_internal").iterdir()}
    try:
        from PyInstaller.archive.readers import CArchiveReader
        pyz = CArchiveReader(str(exe)).open_embedded_archive("PYZ.pyz")
        names |= {name.split(".")[0] for name in pyz.toc}
    except Exception:     # a PyInstaller-internal API: a missing reader must not fail the check
        return None
    return names


def png_size(path: Path) -> tuple[int, int] | None:
    data = path.read_bytes()[:24] if path.is_file() else b""
    if len(data) < 24 or not data.startswith(PNG_MAGIC):
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def check_png(report: Report, name: str, result: Run, shot: Path, reference=None) -> None:
    """`reference()` runs the same command under `python -m game`, to tell a packaging problem
    from a bug in the game itself."""
    if result.code != 0:
        hint = ""
        if reference is not None:
            ref = reference()
            hint = (" (python -m game fails the same way: not a packaging problem)" if ref.code != 0
                    else " (python -m game passes: a packaging problem)")
        report.fail(name, result.why() + hint)
    elif UI_MISSING in result.out:
        report.skip(name, "exit 0, but game/ui is not built yet: no window to render")
    elif (size := png_size(shot)) is None:
        report.fail(name, f"exit 0 but no PNG at {shot}")
    elif not _has_content(shot):
        report.fail(name, f"{shot.name} {size[0]}x{size[1]} is a single colour: nothing was drawn")
    else:
        report.ok(name, f"{size[0]}x{size[1]} PNG in {result.seconds:.1f} s")


def _has_content(shot: Path) -> bool:
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame
    except ImportError:
        return True
    small = pygame.transform.scale(pygame.image.load(str(shot)), (64, 64))
    colours = {tuple(small.get_at((x, y)))[:3] for x in range(64) for y in range(64)}
    return len(colours) > 1


def check(args: argparse.Namespace) -> Report:
    report = Report()
    app_src = bundle.APP_DIR
    if not bundle.exe_path(app_src).is_file():
        report.fail("build", f"{bundle.exe_path(app_src)} is missing: run `make dist`")
        return report
    version = bundle.project_version()
    zip_path = bundle.DIST_DIR / bundle.zip_name(version)
    python = [sys.executable, "-m", "game"]

    with tempfile.TemporaryDirectory(prefix="skirmish-check-") as tmp:
        tmp = Path(tmp)
        cwd, home = tmp / "somewhere else", tmp / "home"
        cwd.mkdir()
        home.mkdir()
        env = headless_env(home)
        py_env = dict(env, PYTHONPATH=str(bundle.ROOT))

        # The zip, as a player gets it.
        if args.in_place or not zip_path.is_file():
            app_dir = app_src
            report.skip("zip", f"{zip_path.name} missing or --in-place: running {app_src} where it was built")
        else:
            sha = zip_path.with_name(zip_path.name + ".sha256")
            digest = hashlib.sha256(zip_path.read_bytes()).hexdigest()
            if not sha.is_file() or sha.read_text().split()[:2] != [digest, zip_path.name]:
                report.fail("zip checksum", f"{sha.name} is missing or does not match {zip_path.name}")
            else:
                report.ok("zip checksum", f"{zip_path.name} {bundle.mb(zip_path.stat().st_size):.1f} MB")
            # A folder name with a space and an accent, like many a player's Downloads folder.
            unpacked = tmp / "My Games é"
            unzip(zip_path, unpacked)
            app_dir = unpacked / bundle.APP_NAME
        exe = bundle.exe_path(app_dir)
        if not exe.is_file() or (os.name != "nt" and not os.access(exe, os.X_OK)):
            report.fail("executable", f"{exe} is missing or not executable")
            return report
        before = snapshot(app_dir)

        def game(*argv: str, timeout: float = TIMEOUT) -> Run:
            return run([str(exe), *argv], cwd, env, timeout)

        r = game("--help")
        if r.code == 0 and "simulate" in r.out:
            report.ok("help", f"starts in {r.seconds:.2f} s")
        else:
            report.fail("help", r.why())

        scenarios: list[str] = []
        for command in ("scenarios", "rulesets"):
            r, ref = game(command), run(python + [command], bundle.ROOT, py_env)
            lines = [line for line in r.out.splitlines() if line.strip()]
            if r.code != 0:
                report.fail(command, r.why())
            elif ref.code == 0 and r.out != ref.out:
                report.fail(command, f"differs from python -m game {command}: {lines} vs {ref.out.splitlines()}")
            elif not lines:
                report.fail(command, "lists nothing: is the data bundled? (or none exist yet)")
            else:
                report.ok(command, f"{len(lines)} listed, same as python -m game")
            if command == "scenarios":
                scenarios = [line.split()[0] for line in lines]

        r = game("odds", "hits(4d6,5)>=1")
        if r.code == 0 and r.last_line() == "65/81 = 80.2%":
            report.ok("odds", r.last_line())
        else:
            report.fail("odds", f"expected 65/81 = 80.2%, got {r.last_line()!r} ({r.why()})")

        report_import_tiled(report, game, cwd)

        for name in (scenarios if args.all_scenarios else scenarios[:1]):
            r = game("simulate", name, "--seed", "1")
            ref = run(python + ["simulate", name, "--seed", "1"], bundle.ROOT, py_env)
            if r.code != 0 or not SUMMARY_LINE.match(r.last_line()):
                report.fail(f"simulate {name}", r.why())
            elif ref.code == 0 and ref.last_line() != r.last_line():
                report.fail(f"simulate {name}", f"{r.last_line()} but python -m game gives {ref.last_line()}")
            else:
                report.ok(f"simulate {name}", f"{r.last_line()} in {r.seconds:.1f} s, same as python -m game")
        if not scenarios:
            report.fail("simulate", "no bundled scenario to simulate")

        for label, target in [("play (menu)", [])] + [(f"play {n}", [n]) for n in scenarios[:1]]:
            shot = cwd / f"{target[0] if target else 'menu'}.png"
            argv = ["play", *target, "--frames", "5", "--screenshot", str(shot)]
            check_png(report, label, game(*argv), shot,
                      reference=lambda argv=argv: run(python + argv, cwd, py_env))

        report_no_argument(report, exe, cwd, env)

        after = snapshot(app_dir)
        changed = sorted(set(after) ^ set(before) | {k for k in before if k in after and after[k] != before[k]})
        if changed:
            report.fail("folder untouched", f"written beside the executable: {changed[:5]}")
        else:
            report.ok("folder untouched", "nothing written beside the executable")

        names = bundled_names(exe, app_dir)
        if names is None:
            report.skip("no test suites", "PyInstaller's archive reader unavailable")
        else:
            found = sorted(names & set(bundle.FORBIDDEN_IN_BUILD))
            if found:
                report.fail("no test suites", f"bundled: {found}")
            else:
                report.ok("no test suites", "no pytest, hypothesis or tkinter inside")

    size, files = bundle.tree_size(app_src)
    baseline = bundle.ROOT / "build" / "baseline" / "size.txt"
    detail = f"{bundle.mb(size):.1f} MB in {files} files"
    if baseline.is_file():
        added = bundle.mb(size - int(baseline.read_text()))
        detail += f", {added:+.1f} MB over the bare pygame-ce + shapely build"
        if added > MAX_ADDED_MB:
            report.fail("size", detail + f" (limit +{MAX_ADDED_MB:.0f} MB)")
            return report
    else:
        detail += " (build.py --baseline measures the bare pygame-ce + shapely build)"
    report.ok("size", detail)
    return report


TILED_MAP = ('{"type": "map", "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", '
             '"renderorder": "right-down", "width": 8, "height": 8, "tilewidth": 32, "tileheight": 32, '
             '"infinite": false, "nextlayerid": 2, "nextobjectid": 2, "tilesets": [], "properties": '
             '[{"name": "victory", "type": "string", "value": "eliminate"}], "layers": [{"id": 1, "name": "T", '
             '"type": "objectgroup", "x": 0, "y": 0, "opacity": 1, "visible": true, "draworder": "topdown", '
             '"objects": [{"id": 1, "name": "Grove", "type": "wood", "x": 32, "y": 32, "width": 64, "height": 64, '
             '"rotation": 0, "visible": true, "ellipse": true}]}]}')


def report_import_tiled(report: Report, game, cwd: Path) -> None:
    """pytiled-parser travels with the build: a tiny Tiled map imports (issue 19)."""
    (cwd / "grove.tmj").write_text(TILED_MAP, encoding="utf-8")
    r = game("import-tiled", "grove.tmj", "--ruleset", "takipsilim", "-o", "grove.json")
    if r.code == 0 and r.last_line().startswith("wrote grove.json") and (cwd / "grove.json").is_file():
        report.ok("import-tiled", r.last_line())
    else:
        report.fail("import-tiled", r.why())


def report_no_argument(report: Report, exe: Path, cwd: Path, env: dict[str, str]) -> None:
    """No argument opens the main menu, which runs until closed: alive after a few seconds is a pass."""
    proc = subprocess.Popen([str(exe)], cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, encoding="utf-8", errors="replace")
    try:
        out, err = proc.communicate(timeout=4)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        report.ok("no argument", "main menu still open after 4 s (closed by the check)")
        return
    if proc.returncode == 0 and UI_MISSING in out:
        report.skip("no argument", "exit 0, but game/ui is not built yet")
    elif proc.returncode == 0:
        report.ok("no argument", "exit 0")
    else:
        report.fail("no argument", Run(proc.returncode, out, err, 0).why())


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--all-scenarios", action="store_true", help="simulate every bundled scenario, not just the first")
    p.add_argument("--in-place", action="store_true", help="run dist/skirmish where it is instead of the unpacked zip")
    args = p.parse_args(argv)
    start = time.perf_counter()
    report = check(args)
    print(f"dist-check: {report.passed} passed, {report.failed} failed, {report.skipped} skipped "
          f"in {time.perf_counter() - start:.1f} s")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
