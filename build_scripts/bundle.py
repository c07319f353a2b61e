"""What goes into the packaged executable, and what it is called (issue #6).

Plain data and small functions, read by skirmish.spec, build.py, check_dist.py and the tests. Nothing
here imports PyInstaller, so the tests run without it.
"""
from __future__ import annotations

import fnmatch
import platform
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "skirmish"              # the folder dist/skirmish and the executable in it
DISPLAY_NAME = "Skirmish Table"    # what the operating system shows
BUNDLE_ID = "org.skirmishtable.skirmish"
DESCRIPTION = "Skirmish Table: miniature skirmish rules on a virtual table"
COPYRIGHT = "MIT License, the Skirmish Table authors"

DIST_DIR = ROOT / "dist"
APP_DIR = DIST_DIR / APP_NAME
MAC_APP = DIST_DIR / f"{DISPLAY_NAME}.app"        # made on macOS only
WORK_DIR = ROOT / "build" / "pyinstaller"
META_DIR = ROOT / "build" / "skirmish-meta"     # generated icon and version resource
SPEC = Path(__file__).resolve().parent / "skirmish.spec"
ENTRY = Path(__file__).resolve().parent / "skirmish_entry.py"

# The repository's top-level folders that travel inside the package, where game/resources.py
# looks for them when frozen.
BUNDLED_DIRS = {"maps": "game/data/maps", "assets": "game/data/assets"}

# Files in maps/ and assets/ that are never data: editor leftovers and caches.
JUNK_NAMES = {".DS_Store", "Thumbs.db", "desktop.ini", ".gitkeep", ".gitignore"}
JUNK_SUFFIXES = (".pyc", ".tmp", ".bak", ".swp", "~")
JUNK_DIRS = {"__pycache__", ".git", ".ipynb_checkpoints"}

# Modules the game never imports. Test suites first: they must never be bundled.
TEST_EXCLUDES = [
    "pytest", "_pytest", "py", "pluggy", "iniconfig", "hypothesis", "_hypothesis_pytestplugin",
    "xdist", "execnet", "sortedcontainers",
    "pygame.tests", "pygame.examples", "pygame.docs", "pygame._camera_opencv", "pygame.camera",
    "numpy.tests", "numpy.testing", "numpy.f2py", "numpy.distutils", "numpy._pyinstaller",
    "shapely.tests", "icepool.tests", "i18n.tests",
]
STDLIB_EXCLUDES = [
    "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "unittest", "doctest", "pydoc", "pydoc_data", "pdb", "lib2to3", "distutils", "ensurepip", "venv",
    "setuptools", "pkg_resources", "pip", "wheel",
    "sqlite3", "_sqlite3", "dbm", "curses", "_curses", "readline",
    "xmlrpc", "http.server", "ftplib", "imaplib", "poplib", "smtplib", "nntplib", "telnetlib",
    # (asyncio and ssl stay: play at a distance runs on websockets, which imports both)
    "mailbox", "concurrent.futures.process", "multiprocessing",
    "IPython", "matplotlib", "PIL", "scipy", "pandas",
    # OpenSSL's hashes: hashlib falls back to its built-in sha256 and friends, and libcrypto
    # (about 4.5 MB) stays out.
    "_hashlib",
]
# Encodings nobody's console, locale or file will use. The CJK codecs stay: a Windows console
# redirected to a pipe uses the ANSI code page (cp936, cp932, cp949, cp950), and losing that codec
# would stop Python before the game starts.
ENCODING_EXCLUDES = [
    "encodings." + name for name in (
        "bz2_codec", "hex_codec", "quopri_codec", "rot_13", "uu_codec", "zlib_codec", "base64_codec",
        "mac_arabic", "mac_croatian", "mac_cyrillic", "mac_farsi", "mac_greek", "mac_iceland",
        "mac_latin2", "mac_romanian", "mac_turkish", "cp037", "cp273", "cp424", "cp500", "cp875",
        "cp1026", "cp1140", "hp_roman8", "palmos", "ptcp154", "tis_620", "kz1048", "koi8_t",
    )
]
EXCLUDES = TEST_EXCLUDES + STDLIB_EXCLUDES + ENCODING_EXCLUDES

# Packages whose modules or data PyInstaller cannot see by following imports.
HIDDEN_PACKAGES = ["game", "icepool", "pygame_gui", "platformdirs"]
DATA_PACKAGES = ["game", "pygame_gui", "icepool"]

# Data files that other packages' hooks bring in and the game never reads. pygame_gui loads a
# CJK font only when its locale is ja, ko or zh; the game's UI is English (pygame_gui's default
# "en"), and these six fonts weigh about 40 MB. Drop the entry here if a CJK translation is added.
DATA_EXCLUDES = [
    "pygame_gui/data/NotoSansJP-*", "pygame_gui/data/NotoSansKR-*", "pygame_gui/data/NotoSansSC-*",
]

# Folder names that must not appear anywhere in the build (check_dist looks for them).
FORBIDDEN_IN_BUILD = ["pytest", "_pytest", "hypothesis", "tkinter", "_tkinter", "tcl", "tk", "xdist"]


def is_excluded(module: str) -> bool:
    """Whether PyInstaller leaves `module` out: it or a package above it is in EXCLUDES."""
    return any(module == ex or module.startswith(ex + ".") for ex in EXCLUDES)


def keep_module(name: str) -> bool:
    """Whether a submodule found by collect_submodules belongs in the build: not benchmarks or tests."""
    parts = name.split(".")
    return not any(p in ("tests", "test", "conftest") or p == "bench" or p.startswith("bench_")
                   for p in parts[1:])


def keep_data(dest_name: str) -> bool:
    """Whether a data file, named by its place in the bundle, ships."""
    dest = dest_name.replace("\\", "/")     # PyInstaller names them with os.sep
    return not any(fnmatch.fnmatchcase(dest, pattern) for pattern in DATA_EXCLUDES)


def is_junk(path: Path) -> bool:
    return (path.name in JUNK_NAMES or path.name.endswith(JUNK_SUFFIXES)
            or any(part in JUNK_DIRS for part in path.parts))


def bundled_data(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source file, destination folder) for every file of maps/ and assets/, junk left out.

    Listed file by file, so an editor's leftovers never ship and the list can be tested.
    """
    out = []
    for src_name, dest in BUNDLED_DIRS.items():
        base = root / src_name
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(base)
            if path.is_file() and not is_junk(rel):
                out.append((str(path), str(Path(dest, *rel.parts[:-1]).as_posix())))
    return out


def project_version(root: Path = ROOT) -> str:
    with open(root / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """Four integers for the Windows version resource: '0.1.0' -> (0, 1, 0, 0); '1.2rc1' -> (1, 2, 0, 0)."""
    nums = []
    for part in version.split(".")[:4]:
        digits = ""
        for ch in part:
            if not ch.isdigit():
                break
            digits += ch
        if not digits:
            break
        nums.append(min(int(digits), 65535))
        if len(digits) < len(part):
            break
    return tuple((nums + [0, 0, 0, 0])[:4])


def windows_version_text(version: str) -> str:
    """The version resource PyInstaller embeds in skirmish.exe (name, version, description)."""
    vt = version_tuple(version)
    strings = {
        "CompanyName": "Skirmish Table",
        "FileDescription": DISPLAY_NAME,
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
        "Comments": DESCRIPTION,
    }
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(filevers={vt}, prodvers={vt}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
          {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def os_tag(system: str | None = None) -> str:
    system = (system or platform.system()).lower()
    return {"darwin": "macos", "windows": "windows"}.get(system, system)


def arch_tag(machine: str | None = None) -> str:
    machine = (machine or platform.machine()).lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64", "arm64": "arm64"}.get(machine, machine)


def zip_name(version: str, system: str | None = None, machine: str | None = None) -> str:
    return f"{APP_NAME}-{version}-{os_tag(system)}-{arch_tag(machine)}.zip"


def app_bundle_zip_name(version: str, machine: str | None = None) -> str:
    """The macOS .app, zipped beside the folder's zip."""
    return f"{APP_NAME}-{version}-macos-{arch_tag(machine)}-app.zip"


def exe_path(app_dir: Path | None = None, system: str | None = None) -> Path:
    """dist/skirmish/skirmish, or skirmish.exe on Windows."""
    windows = (system or sys.platform).lower().startswith("win")
    return (app_dir or APP_DIR) / (f"{APP_NAME}.exe" if windows else APP_NAME)


def tree_size(path: Path) -> tuple[int, int]:
    """(bytes, files) of a folder; symbolic links count as nothing, as they take no space."""
    total = files = 0
    for p in path.rglob("*"):
        if p.is_file() and not p.is_symlink():
            total += p.stat().st_size
            files += 1
    return total, files


def mb(nbytes: int) -> float:
    return nbytes / 2**20
