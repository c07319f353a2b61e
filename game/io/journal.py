"""The action journal beside a save: one line per action, appended as the game goes (issue 29).

Rewriting a whole save after every action costs the JSON of every action and the state hash each
time, and it grows with the game. A journal holds the actions played since the save was last
written whole: `game.json` keeps the game up to some action, `game.journal` the actions after it.

    {"format": "skirmish-table-journal", "version": 1, "game": "<key>", "base": 120}
    {"n": 120, "action": {"type": "Order", ...}}
    {"n": 121, "action": {...}, "hash": "<the state hash after it>", "turn": 4, "label": "..."}

- The first line names the game (`game_key`: its ruleset, scenario and seed) and the action the
  journal starts at; it is written whole (a temporary renamed over the old journal), so a journal
  is never without it. A journal of another game is refused.
- Each later line is one action (`n`: its place in the whole game), written with one write and
  flushed to the system at once; `sync` makes the lines durable (fsync), which a referee does before
  it tells anyone the action happened. Some lines are checkpoints: the state hash and turn after
  their action, which loading checks as the fast load of a save checks the saved ones
  (game/io/save_file.py), and the save's label there if it changes (an autosave's says where the
  game is).
- A process killed while writing a line leaves that line cut short (no newline). Nobody was told
  of its action (it was not durable yet), so loading ignores it, with a note saying so; a bad
  whole line is refused, naming it.
- Writing the save whole again (compaction) starts a new journal after it.

Pure Python: no engine, no pygame; save_file.load_save joins the two.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from game.io.errors import FileProblem, shown
from game.io.jsontext import MAX_SAVE_BYTES, parse_json, read_bytes

FORMAT = "skirmish-table-journal"
VERSION = 1
SUFFIX = ".journal"


def journal_path(save_path: str | os.PathLike[str]) -> Path:
    """The journal beside a save: `game.json` -> `game.journal`."""
    path = Path(save_path)
    return path.with_suffix(SUFFIX) if path.suffix == ".json" else path.with_name(path.name + SUFFIX)


def game_key(ruleset: str, scenario: str, seed: int) -> str:
    """Which game a journal belongs to: its ruleset, scenario and seed (the seed stays unreadable)."""
    return hashlib.sha256(f"{ruleset}\n{scenario}\n{seed}".encode()).hexdigest()[:16]


def _line(doc: dict[str, Any]) -> bytes:
    return (json.dumps(doc, ensure_ascii=True, allow_nan=False, separators=(",", ":")) + "\n").encode("ascii")


# -- writing -------------------------------------------------------------------------------------------
class Journal:
    """A journal to append to. `start` begins a new one; `append` writes a line and hands it to the
    system (a killed process loses nothing appended); `sync` makes it survive a crash of the machine
    too. The file is open only from an append to the sync after it, so that a server holding many
    games holds a file open only for those whose action is being made durable."""

    def __init__(self, path: Path, key: str, base: int) -> None:
        self.path, self.key, self.base = path, key, base
        self.count = base                   # the actions of the game the journal reaches
        self.unsynced = False
        self._fd: int | None = None          # open from an append to the sync after it

    @classmethod
    def start(cls, path: str | os.PathLike[str], key: str, base: int) -> "Journal":
        """A new journal after a save written whole at action `base` (any old one is replaced)."""
        from game.io.save_file import write_text_atomic
        path = Path(path)
        write_text_atomic(path, _line({"format": FORMAT, "version": VERSION, "game": key, "base": base})
                          .decode("ascii"))
        return cls(path, key, base)

    def append(self, action: dict[str, Any], checkpoint: "Checkpoint | None" = None) -> None:
        """The next action of the game (as a save writes it), and on some lines the checkpoint after it.
        The file stays open until the next `sync`, which uses the same handle (one open a sync)."""
        data = memoryview(_line(entry_doc(self.count, action, checkpoint)))
        if self._fd is None:
            self._fd = self._open()
        try:
            while data:                      # one write in practice; a short write is finished
                data = data[os.write(self._fd, data):]
        except BaseException:
            self.close()
            raise
        self.count += 1
        self.unsynced = True

    def sync(self) -> None:
        """Make every line appended so far durable (the data and the file's length: a sync through
        any handle of the file), and close the file."""
        if self.unsynced:
            fd = self._fd if self._fd is not None else self._open()
            self._fd = None
            try:
                (os.fdatasync if hasattr(os, "fdatasync") else os.fsync)(fd)
            finally:
                os.close(fd)
            self.unsynced = False

    def close(self) -> None:
        """Let go of the file (a journal given up before its sync: the lines stay as written)."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def _open(self) -> int:
        return os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))


def entry_doc(n: int, action: dict[str, Any], checkpoint: "Checkpoint | None") -> dict[str, Any]:
    """An action line: its place in the game, the action, and on some lines the checkpoint after it."""
    doc: dict[str, Any] = {"n": n, "action": action}
    if checkpoint is not None:
        doc.update(hash=checkpoint.state_hash, turn=checkpoint.turn)
        if checkpoint.label is not None:
            doc["label"] = checkpoint.label
    return doc


# -- reading -------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Checkpoint:
    """What a replay must reach after a line's action: the state hash and the turn; and the save's
    label from there on (None: as before)."""

    state_hash: str
    turn: int
    label: str | None = None


@dataclasses.dataclass(frozen=True)
class Entry:
    """One action line: its line number in the file, the action's place in the game (`n`), the
    action as a save writes it and, on some lines, the checkpoint after it; the file it is in."""

    line: int
    n: int
    action: dict[str, Any]
    checkpoint: Checkpoint | None
    source: str = ""


@dataclasses.dataclass(frozen=True)
class JournalRead:
    base: int
    entries: list[Entry]
    note: str = ""          # a cut-short last line that was ignored, said plainly


def read_journal(path: str | os.PathLike[str], key: str) -> JournalRead:
    """Read and check a journal of the game `key` (raises FileProblem naming the line)."""
    source = os.fspath(path)
    data = read_bytes(path, source, MAX_SAVE_BYTES)
    lines = data.split(b"\n")
    whole, last = lines[:-1], lines[-1]        # `last`: what follows the final newline (empty if whole)
    if not whole:
        raise FileProblem(source, "line 1", "expected the journal's header line, the file has none whole")
    base = _header(parse_json(whole[0], source), key, source)
    entries = [_entry(_parse_line(text, source, i), source, i, base + k)
               for k, (i, text) in enumerate(enumerate(whole[1:], start=2))]
    # a line is written with its newline in one write: text after the last newline is a line cut
    # short by a crash, before it was synced, so before anyone was told of its action
    note = (f"{source}: line {len(whole) + 1}: cut short (the process stopped while writing it); its "
            f"action was never acknowledged to anyone: ignored") if last else ""
    return JournalRead(base, entries, note)


def _parse_line(text: bytes, source: str, line: int) -> Any:
    try:
        return parse_json(text, source)
    except FileProblem as exc:
        raise FileProblem(source, f"line {line}", exc.what) from None


def _header(doc: Any, key: str, source: str) -> int:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise FileProblem(source, "line 1", f"expected a journal's header ({{\"format\": \"{FORMAT}\", ...}})")
    if doc.get("version") != VERSION:
        raise FileProblem(source, "line 1.version", f"expected {VERSION}, got {shown(doc.get('version'))}")
    if doc.get("game") != key:
        raise FileProblem(source, "line 1.game", f"expected the journal of this save's game ({key}), "
                                                 f"got another game's ({shown(doc.get('game'))})")
    base = doc.get("base")
    if not isinstance(base, int) or isinstance(base, bool) or base < 0:
        raise FileProblem(source, "line 1.base", f"expected the action the journal starts at, got {shown(base)}")
    return base


def _entry(doc: Any, source: str, line: int, expected: int) -> Entry:
    if not isinstance(doc, dict):
        raise FileProblem(source, f"line {line}", "expected an object {\"n\": ..., \"action\": ...}")
    if doc.get("n") != expected or isinstance(doc.get("n"), bool):
        raise FileProblem(source, f"line {line}.n", f"expected action {expected} (the lines follow each other), "
                                                    f"got {shown(doc.get('n'))}")
    return entry_from(doc, source, line, expected)


def entry_from(doc: dict[str, Any], source: str, line: int, n: int) -> Entry:
    """An action line's fields checked (its `n` already read): the action and the checkpoint."""
    extra = set(doc) - {"n", "action", "hash", "turn", "label"}
    if extra:
        raise FileProblem(source, f"line {line}.{sorted(extra)[0]}", "expected only n, action, hash, turn and label")
    if not isinstance(doc.get("action"), dict):
        raise FileProblem(source, f"line {line}.action", f"expected an action object, got {shown(doc.get('action'))}")
    return Entry(line, n, doc["action"], _checkpoint(doc, source, line), source)


def _checkpoint(doc: dict[str, Any], source: str, line: int) -> Checkpoint | None:
    """A line's hash, turn and label: none of them, or the hash and turn (the label optional)."""
    if not {"hash", "turn", "label"} & set(doc):
        return None
    digest, turn, label = doc.get("hash"), doc.get("turn"), doc.get("label")
    if not isinstance(digest, str):
        raise FileProblem(source, f"line {line}.hash", f"expected a state hash (a string), got {shown(digest)}")
    if not isinstance(turn, int) or isinstance(turn, bool):
        raise FileProblem(source, f"line {line}.turn", f"expected a whole number, got {shown(turn)}")
    if label is not None and not isinstance(label, str):
        raise FileProblem(source, f"line {line}.label", f"expected a string, got {shown(label)}")
    return Checkpoint(digest, turn, label)


__all__ = ["Checkpoint", "Entry", "Journal", "JournalRead", "entry_doc", "entry_from", "game_key", "journal_path",
           "read_journal"]
