"""One journal for many games: a club server's process appends every game's actions to one file and
makes them durable with one sync for all the actions that came meanwhile (issue 29's load target: 50
games' actions cost a few syncs, not one each).

    {"format": "skirmish-table-shared-journal", "version": 1}
    {"game": "<folder id>", "n": 120, "action": {"type": "Order", ...}}
    {"game": "<folder id>", "n": 121, "action": {...}, "hash": "<state hash>", "turn": 4, "label": "..."}

- The files lie in the server's data folder beside the games' folders, named
  `<run>-<part>.journal`: the run (one per start of the server, shared by its workers), the
  worker's index and a count of its files. The header is written whole (a temporary renamed into
  place); each later line is one action of one game (its folder's name and its place in the game,
  `n`, as in the per-game journal: game/io/journal.py), written with one write.
- A game is its save written whole (`game.json`, and the old per-game journal beside it, if any)
  followed by its lines with `n` from the save's count on, from any of the files, one after the other:
  a restarted server's workers each read every file and take their own games' lines, whatever the
  number of workers the files were written by. Lines of actions the save already holds are skipped.
- A process killed while writing a line leaves it cut short at the end of its file: its action was
  not durable, so nobody was told of it; it is ignored, with a note. A whole line that is not a
  journal line is refused, naming the file and the line.
- A file is let go of when every game with lines in it was written whole since (a server's restart
  writes every game whole; a running one, each every COMPACT_EVERY actions and at its end), and
  the file is no longer written to (`ROTATE_BYTES`).

Pure Python: no engine, no pygame; the referee joins a game's lines to its save (save_file.join_entries).
"""
from __future__ import annotations

import dataclasses
import json
import os
import secrets
import threading
from pathlib import Path
from typing import Any

from game.io.errors import FileProblem, shown
from game.io.journal import Checkpoint, Entry, entry_doc, entry_from
from game.io.jsontext import MAX_SAVE_BYTES, parse_json, read_bytes

FORMAT = "skirmish-table-shared-journal"
VERSION = 1
SUFFIX = ".journal"
ROTATE_BYTES = 16 * 1024 * 1024     # a file this long is followed by a new one (the old let go of later)
MAX_FILE_BYTES = 4 * MAX_SAVE_BYTES  # a file read at a restart (a line is under a save's size)


def new_run() -> str:
    """A name for one start of a server (its workers' files share it)."""
    return secrets.token_hex(4)


def journal_files(folder: Path) -> list[Path]:
    """The shared journals in a server's data folder."""
    return sorted(p for p in folder.glob(f"*{SUFFIX}") if p.is_file())


def _line(doc: dict[str, Any]) -> bytes:
    return (json.dumps(doc, ensure_ascii=True, allow_nan=False, separators=(",", ":")) + "\n").encode("ascii")


# -- writing -------------------------------------------------------------------------------------------
class SharedJournal:
    """The journal of one server process: every game's lines appended to one open file; `sync`
    makes all the lines written so far durable at once. `lines(game, base)` is one game's part
    (what a referee appends to, as it appends to a per-game journal)."""

    def __init__(self, folder: Path, run: str, part: int) -> None:
        self.folder, self.run, self.part = folder, run, part
        self._files = 0
        self._path: Path | None = None
        self._fd: int | None = None
        self._size = 0
        self._needs: dict[Path, dict[str, int]] = {}    # per file: each game's last action in it
        self._retired: int | None = None        # the file before (a sync under way may still use it)
        self._held = threading.Lock()           # _needs: written by the loop, and by a whole save's thread

    def write(self, game: str, doc: dict[str, Any]) -> None:
        """One line of `game` (a dict from entry_doc), handed to the system (not yet durable)."""
        data = memoryview(_line({"game": game, **doc}))
        if self._fd is None or self._size >= ROTATE_BYTES:
            self._begin_file()
        assert self._fd is not None and self._path is not None
        with self._held:
            self._needs[self._path][game] = doc["n"]
        self._size += len(data)
        try:
            while data:                             # one write in practice; a short write is finished
                data = data[os.write(self._fd, data):]
        except BaseException:
            self._size = ROTATE_BYTES               # no line after a part of one: the next begins a file
            raise

    def sync(self) -> None:
        """Every line written so far made durable (one fdatasync for every game's lines). Many may
        run at once, in threads; a line written to the file before is durable already (below)."""
        fd = self._fd
        if fd is not None:
            _sync(fd)

    def saved_whole(self, game: str, count: int) -> None:
        """`game` was written whole with `count` actions: its lines before are done with; a file no
        longer written to whose every game is so done with is removed. (A server calls it from
        a thread, while the event loop writes other games' lines.)"""
        with self._held:
            for path, needs in list(self._needs.items()):
                if needs.get(game, count) < count:
                    del needs[game]
                if not needs and path != self._path:
                    del self._needs[path]
                    path.unlink(missing_ok=True)

    def lines(self, game: str, base: int) -> "GameLines":
        return GameLines(self, game, base)

    def close(self) -> None:
        for fd in (self._fd, self._retired):
            if fd is not None:
                os.close(fd)
        self._fd = self._retired = None

    def _begin_file(self) -> None:
        from game.io.save_file import write_text_atomic
        if self._fd is not None:
            # the old file's lines made durable here; it stays open until the next change of file,
            # as a sync begun in a thread may still be given it (long over by then)
            _sync(self._fd)
            if self._retired is not None:
                os.close(self._retired)
            self._retired, self._fd = self._fd, None
        self._files += 1
        path = self.folder / f"{self.run}-{self.part}-{self._files}{SUFFIX}"
        write_text_atomic(path, _line({"format": FORMAT, "version": VERSION}).decode("ascii"))
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._size = 0
        with self._held:
            old, self._path = self._path, path
            self._needs[path] = {}
            if old is not None and not self._needs.get(old):
                self._needs.pop(old, None)
                old.unlink(missing_ok=True)


def _sync(fd: int) -> None:
    (os.fdatasync if hasattr(os, "fdatasync") else os.fsync)(fd)


class GameLines:
    """One game's part of a shared journal, used as a per-game Journal is (append, sync, close)."""

    def __init__(self, journal: SharedJournal, game: str, base: int) -> None:
        self.journal, self.game, self.base = journal, game, base
        self.count = base
        self.unsynced = False

    def append(self, action: dict[str, Any], checkpoint: Checkpoint | None = None) -> None:
        self.journal.write(self.game, entry_doc(self.count, action, checkpoint))
        self.count += 1
        self.unsynced = True

    def sync(self) -> None:
        """This game's lines made durable (and every other game's with them)."""
        if self.unsynced:
            self.journal.sync()
            self.unsynced = False

    def close(self) -> None:
        """Nothing to let go of: the file is the server's."""


# -- reading -------------------------------------------------------------------------------------------
@dataclasses.dataclass
class SharedRead:
    """Every game's lines read from a data folder's shared journals (each Entry with its file), and
    the notes on lines cut short."""

    games: dict[str, list[Entry]]
    notes: list[str]
    broken: dict[str, FileProblem]      # a game with a line that is not a journal line: the first such


def read_shared(paths: list[Path]) -> SharedRead:
    """Read and check shared journals (raises FileProblem naming the file and line)."""
    games: dict[str, list[Entry]] = {}
    notes, broken = [], {}
    for path in paths:
        source = os.fspath(path)
        lines = read_bytes(path, source, MAX_FILE_BYTES).split(b"\n")
        whole, last = lines[:-1], lines[-1]
        if not whole:
            raise FileProblem(source, "line 1", "expected the journal's header line, the file has none whole")
        _header(parse_json(whole[0], source), source)
        for i, text in enumerate(whole[1:], start=2):
            doc = _parse_line(text, source, i)
            if not isinstance(doc, dict) or not isinstance(doc.get("game"), str):
                raise FileProblem(source, f"line {i}.game", "expected the game's folder name (a string)")
            game = doc.pop("game")
            try:
                games.setdefault(game, []).append(_entry(doc, source, i))
            except FileProblem as exc:          # that game's alone: the others resume
                broken.setdefault(game, exc)
        if last:
            notes.append(f"{source}: line {len(whole) + 1}: cut short (the process stopped while writing it); "
                         f"its action was never acknowledged to anyone: ignored")
    return SharedRead(games, notes, broken)


def following_save(entries: list[Entry], count: int) -> list[Entry]:
    """A game's lines that follow its save of `count` actions, in order, from whichever files hold
    them (lines the save already holds are left out); a line missing among them is refused."""
    by_n: dict[int, Entry] = {}
    for entry in entries:
        if entry.n >= count:
            other = by_n.setdefault(entry.n, entry)
            if other.action != entry.action:
                raise FileProblem(entry.source, f"line {entry.line}", f"expected the action of {other.source} "
                                  f"line {other.line} (two journals give action {entry.n} of this game)")
    out = []
    while count in by_n:
        out.append(by_n.pop(count))
        count += 1
    if by_n:
        entry = by_n[min(by_n)]
        raise FileProblem(entry.source, f"line {entry.line}.n", f"expected action {count} of this game "
                          f"(the line before is in no journal), got {entry.n}")
    return out


def _parse_line(text: bytes, source: str, line: int) -> Any:
    try:
        return parse_json(text, source)
    except FileProblem as exc:
        raise FileProblem(source, f"line {line}", exc.what) from None


def _header(doc: Any, source: str) -> None:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise FileProblem(source, "line 1", f"expected a shared journal's header ({{\"format\": \"{FORMAT}\", ...}})")
    if doc.get("version") != VERSION:
        raise FileProblem(source, "line 1.version", f"expected {VERSION}, got {shown(doc.get('version'))}")


def _entry(doc: dict[str, Any], source: str, line: int) -> Entry:
    n = doc.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise FileProblem(source, f"line {line}.n", f"expected the action's place in its game, got {shown(n)}")
    return entry_from(doc, source, line, n)


__all__ = ["GameLines", "SharedJournal", "SharedRead", "following_save", "journal_files", "new_run", "read_shared"]
