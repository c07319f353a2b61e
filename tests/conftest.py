"""Headless tests: SDL's dummy drivers are set before anything can import pygame (design §10)."""
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# the player's folders (saves, settings, scenarios made in the editor) point at a fresh temporary
# folder, so no test reads or writes the real ones (the bundled list would include the player's own)
if "SKIRMISH_TABLE_HOME" not in os.environ:
    import tempfile
    os.environ["SKIRMISH_TABLE_HOME"] = tempfile.mkdtemp(prefix="skirmish-table-tests-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.rulesets import load_all  # noqa: E402  (the tests' entry point registers the rulesets, as cli.main does)

load_all()
