"""`make dist`: build the packaged game with PyInstaller and zip it (issue #6).

    python build_scripts/build.py [--clean] [--no-zip] [--verbose] [--baseline]

Produces dist/skirmish/ (onedir: the executable dist/skirmish/skirmish, skirmish.exe on Windows,
beside its _internal/ folder), then dist/skirmish-<version>-<os>-<arch>.zip holding the folder
and a .sha256 beside the zip (on macOS also "Skirmish Table.app", zipped the same way). The same
script runs on Linux, Windows and macOS.
`--baseline` builds a bare pygame-ce + shapely program the same way, to measure what the game adds.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from build_scripts import bundle  # noqa: E402

BASELINE_DIR = bundle.ROOT / "build" / "baseline"
BASELINE_SCRIPT = "import numpy, pygame, shapely\nprint(pygame.version.ver, shapely.__version__, numpy.__version__)\n"

PLAYER_README = """{name} {version}

Run the program "{exe}" in this folder. Without arguments it opens the main menu.
From a terminal:  {exe} scenarios   lists the bundled scenarios
                  {exe} play NAME   opens a scenario
                  {exe} --help      lists every command

Keep this folder together: {exe} needs the _internal folder beside it.
Saves and settings are kept in your user data folder, not here:
  Linux    ~/.local/share/skirmish-table
  Windows  %LOCALAPPDATA%\\skirmish-table
  macOS    ~/Library/Application Support/skirmish-table
"""


def run_pyinstaller(spec_or_script: list[str], distpath: Path, workpath: Path, clean: bool, verbose: bool) -> None:
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm",
           "--log-level", "INFO" if verbose else "WARN",
           "--distpath", str(distpath), "--workpath", str(workpath)]
    if clean:
        cmd.append("--clean")
    subprocess.run(cmd + spec_or_script, check=True, cwd=bundle.ROOT)


def finish_folder(app_dir: Path, version: str, icon_png: Path | None = None) -> None:
    """What PyInstaller does not put there itself."""
    internal = app_dir / "_internal"
    # game/resources.py picks the packaged folders only if they exist; keep them even when empty,
    # so a frozen build never looks beside itself for the repository's maps/ and assets/.
    for dest in bundle.BUNDLED_DIRS.values():
        (internal / dest).mkdir(parents=True, exist_ok=True)
    exe = bundle.exe_path(app_dir).name
    (app_dir / "README.txt").write_text(
        PLAYER_README.format(name=bundle.DISPLAY_NAME, version=version, exe=exe), encoding="utf-8")
    if icon_png is not None and icon_png.is_file():
        shutil.copyfile(icon_png, app_dir / "skirmish.png")


def zip_folder(folder: Path, zip_path: Path, date_time: tuple[int, ...] | None = None) -> Path:
    """Zip `folder` under its own name, sorted, keeping file modes and symbolic links as links."""
    if date_time is None:
        epoch = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))
        date_time = time.gmtime(max(epoch, 315532800))[:6]   # zip dates start in 1980
    tmp = zip_path.with_name(zip_path.name + ".part")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        paths = [folder] + sorted(folder.rglob("*"), key=lambda p: p.relative_to(folder).as_posix())
        for path in paths:
            arc = Path(folder.name, path.relative_to(folder)).as_posix()
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                info = zipfile.ZipInfo(arc, date_time)
                info.create_system = 3       # unix, so unzip restores the link
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path), zipfile.ZIP_STORED)
            elif stat.S_ISDIR(st.st_mode):
                info = zipfile.ZipInfo(arc + "/", date_time)
                info.create_system = 3
                info.external_attr = (stat.S_IFDIR | 0o755) << 16 | 0x10
                zf.writestr(info, b"")
            else:
                info = zipfile.ZipInfo(arc, date_time)
                info.create_system = 3
                mode = 0o755 if st.st_mode & 0o111 or path.suffix == ".exe" else 0o644
                info.external_attr = (stat.S_IFREG | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as src, zf.open(info, "w") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
    os.replace(tmp, zip_path)
    return zip_path


def write_sha256(path: Path) -> Path:
    """`<hex>  <name>` beside the file, the format `sha256sum -c` and `shasum -a 256 -c` read."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    out = path.with_name(path.name + ".sha256")
    out.write_text(f"{digest.hexdigest()}  {path.name}\n", encoding="ascii")
    return out


def build_baseline(clean: bool, verbose: bool) -> None:
    BASELINE_DIR.mkdir(parents=True, exist_ok=True)
    script = BASELINE_DIR / "bare.py"
    script.write_text(BASELINE_SCRIPT, encoding="utf-8")
    run_pyinstaller(["--onedir", "--name", "bare", "--specpath", str(BASELINE_DIR), str(script)],
                    BASELINE_DIR / "dist", BASELINE_DIR / "work", clean, verbose)
    size, files = bundle.tree_size(BASELINE_DIR / "dist" / "bare")
    (BASELINE_DIR / "size.txt").write_text(f"{size}\n", encoding="ascii")
    print(f"baseline (bare pygame-ce + shapely + numpy): {bundle.mb(size):.1f} MB in {files} files")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    p.add_argument("--no-zip", action="store_true", help="build the folder only")
    p.add_argument("--verbose", action="store_true", help="PyInstaller's full log")
    p.add_argument("--baseline", action="store_true", help="also build the bare pygame-ce + shapely program")
    args = p.parse_args(argv)
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("PyInstaller is missing: run `pip install -e '.[dist]'` (or `make dist`)", file=sys.stderr)
        return 2

    start = time.perf_counter()
    version = bundle.project_version()
    run_pyinstaller([str(bundle.SPEC)], bundle.DIST_DIR, bundle.WORK_DIR, args.clean, args.verbose)
    # An ELF file carries no icon: on Linux the PNG goes beside the executable, for a launcher.
    linux_icon = None if sys.platform.startswith(("win", "darwin")) else bundle.META_DIR / "skirmish.png"
    finish_folder(bundle.APP_DIR, version, linux_icon)
    size, files = bundle.tree_size(bundle.APP_DIR)
    print(f"built {bundle.exe_path().relative_to(bundle.ROOT)}: {bundle.mb(size):.1f} MB in {files} files")
    if not args.no_zip:
        zip_path = zip_folder(bundle.APP_DIR, bundle.DIST_DIR / bundle.zip_name(version))
        sha = write_sha256(zip_path)
        print(f"zipped {zip_path.relative_to(bundle.ROOT)}: {bundle.mb(zip_path.stat().st_size):.1f} MB; "
              f"checksum {sha.relative_to(bundle.ROOT)}")
        if sys.platform == "darwin" and bundle.MAC_APP.is_dir():
            app_zip = zip_folder(bundle.MAC_APP, bundle.DIST_DIR / bundle.app_bundle_zip_name(version))
            write_sha256(app_zip)
            print(f"zipped {app_zip.relative_to(bundle.ROOT)} (the .app for Finder and the Applications folder)")
    if args.baseline:
        build_baseline(args.clean, args.verbose)
    print(f"dist done in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
