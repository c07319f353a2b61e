"""Saved games: the scenario embedded, the ruleset and options, the seed and the actions (design §6).

The action list is the truth: loading replays it, and the saved state hash only confirms that the
replay reached the same state. A save is written to a temporary file in the same folder, flushed
to disk, then `os.replace`d over the old one, so a crash never leaves half a save and the previous
autosave survives. No pickle, no eval: a save is JSON data, checked like a scenario when loaded.

A game saved after every action (a network referee) writes its save whole only now and then and
appends each action to a journal beside it (game/io/journal.py); `load_save` reads the two as one
game, and `resume` checks the journal's state hashes as it checks the save's.
"""
from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.engine import game as engine, registry
from game.engine.actions import Action, ActionError, from_json
from game.engine.scenario import Scenario
from game.engine.state import GameState, state_hash
from game.io.errors import FileProblem, shown
from game.io.explain import problem_from
from game.io.journal import Entry, game_key, journal_path, read_journal
from game.io.jsontext import MAX_SAVE_BYTES, expect_object, parse_json, read_bytes
from game.io.models import SAVE_FORMAT, SAVE_VERSION, SaveModel
from game.io.paths import (autosave_path, autosave_slot, autosaves, clean_stale_temp_files,
                           latest_autosave, saves_dir, settings_path)
from game.io.scenario_file import check_header, check_options, ruleset_for, scenario_from_doc


@dataclasses.dataclass
class SaveData:
    """A loaded save, every part checked; `resume` turns it back into a game."""

    scenario: Scenario
    ruleset: str
    options: dict[str, Any]
    seed: int
    actions: list[Action]
    players: list[str]
    saved_at: str
    turn: int
    label: str
    state_hash: str | None
    source: str = ""              # the file it came from, for messages
    started: dt.datetime | None = None   # when the game began (local time): its autosave slot's name
    journal: "JournalPart | None" = None  # the actions read from the journal beside the save (at the end)


@dataclasses.dataclass
class JournalPart:
    """The actions a save's journal adds: `actions[first:]` of the SaveData, each from its `lines`
    (line numbers), with the state hash and turn of the lines that carry a hash."""

    source: str
    first: int
    lines: list[int]
    hashes: dict[int, tuple[str, int]]     # actions played -> (state hash, turn) after them
    note: str = ""                         # a cut-short last line, ignored
    sources: list[str] = dataclasses.field(default_factory=list)    # each line's file


@dataclasses.dataclass(frozen=True)
class SaveSummary:
    """What a load screen lists, read without replaying the game."""

    saved_at: str
    title: str
    scenario: str
    ruleset: str
    turn: int
    label: str
    actions: int


def _now(seconds: float | None = None) -> str:
    """Now (or a file time, in seconds since the epoch) as a save writes `saved_at`."""
    when = dt.datetime.now(dt.timezone.utc) if seconds is None else dt.datetime.fromtimestamp(seconds, dt.timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def _parse_time(text: str) -> dt.datetime | None:
    try:
        when = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return when if when.tzinfo else when.replace(tzinfo=dt.timezone.utc)


# -- writing -------------------------------------------------------------------------------------------
def save_document(state: GameState, actions: list[Action], players: list[str] | None = None,
                  label: str = "", encoded: list[dict[str, Any]] | None = None,
                  started: dt.datetime | None = None) -> dict[str, Any]:
    """The save of a game; `encoded`: the actions already turned to JSON (an autosave after every
    action keeps them, rather than encoding the whole list again each time); `started`: when the
    game began, kept so that a loaded game goes on writing its own autosave slot."""
    if len(actions) != state.action_count:
        raise ValueError(f"a save needs every action of the game: {len(actions)} given, "
                         f"the state has seen {state.action_count}")
    doc = {
        "format": SAVE_FORMAT, "version": SAVE_VERSION, "saved_at": _now(), "label": label,
        "scenario": state.scenario.raw, "ruleset": state.ruleset_id, "options": dict(state.options),
        "seed": state.seed, "players": list(players or []),
        "actions": encoded if encoded is not None and len(encoded) == len(actions)
        else [action_json(a, state.ruleset_id) for a in actions],
        "turn": state.flow.turn, "state_hash": state_hash(state),
    }
    if started is not None:
        doc["started"] = started.replace(microsecond=0).isoformat()
    return doc


def action_json(action: Action, ruleset_id: str) -> dict[str, Any]:
    """An action of the game's own ruleset as it is; one that went to a nested game (a campaign's
    battle) has its type qualified by that game's ruleset, `risk-to-take:Move`."""
    data = action.to_json()
    rs = registry.get(ruleset_id)
    if type(action) not in rs.actions:
        for nested in _nested_rulesets(rs):
            if type(action) in nested.actions:
                data["type"] = f"{nested.id}:{data['type']}"
                break
    return data


def _nested_rulesets(rs: Any) -> list[Any]:
    """The rulesets whose games `rs` may start inside its own (declared in `Ruleset.nests`)."""
    out, todo = [], list(rs.nests)
    while todo:
        rid = todo.pop(0)
        if rid in registry.known() and all(r.id != rid for r in out):
            out.append(registry.get(rid))
            todo.extend(out[-1].nests)
    return out


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); Windows has no folder handles to sync."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write_json_atomic(path: str | os.PathLike[str], doc: Any) -> Path:
    """Temp file in the same folder, flush + fsync, os.replace: the old file or the new, never half."""
    def dump(f) -> None:       # json.dumps, not json.dump: dump encodes in Python, piece by piece (slower)
        f.write(json.dumps(doc, ensure_ascii=True, allow_nan=False, separators=(",", ":")) + "\n")
    return _write_atomic(Path(path), dump)


def write_text_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """A text file (a log, an imported scenario) written as saves are: whole or not at all."""
    return _write_atomic(Path(path), lambda f: f.write(text))


def _write_atomic(target: Path, write) -> Path:
    """The temporary is named `.<name>.<pid>.<random>.tmp` beside the target, so that the stale ones
    of earlier processes (killed in the middle of a write) are known and cleared before writing."""
    target.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temp_files(target.parent)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); a save keeps the mode of the one it replaces
        with contextlib.suppress(OSError):
            os.chmod(tmp, target.stat().st_mode & 0o777 if target.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(target.parent)
    return target


def save_game(path: str | os.PathLike[str], state: GameState, actions: list[Action],
              players: list[str] | None = None, label: str = "",
              encoded: list[dict[str, Any]] | None = None, started: dt.datetime | None = None) -> Path:
    """Write a save atomically; a folder that cannot be written is a FileProblem."""
    doc = save_document(state, actions, players, label, encoded, started)
    try:
        out = write_json_atomic(path, doc)
        journal_path(out).unlink(missing_ok=True)      # a whole save: a journal before it is done with
        return out
    except OSError as exc:
        raise FileProblem(os.fspath(path), None,
                          f"expected a writable place for the save ({exc.strerror or exc})") from None


# -- reading -------------------------------------------------------------------------------------------
def _save_model(doc: dict[str, Any], source: str) -> SaveModel:
    check_header(doc, source, SAVE_FORMAT, SAVE_VERSION)
    try:
        return SaveModel.model_validate(doc)
    except ValidationError as exc:
        raise problem_from(exc, source, SaveModel) from None


_FIELD_TYPES: dict[str, tuple[str, tuple[type, ...]]] = {
    "str": ("a string", (str,)), "int": ("a whole number", (int,)), "float": ("a number", (int, float)),
    "bool": ("true or false", (bool,)), "None": ("null", (type(None),)),
}


@functools.lru_cache(maxsize=None)
def _field_types(action_class: type) -> dict[str, tuple[str, ...] | None]:
    """An action class's fields, each with the plain types its annotation allows (None: another
    type, such as a list), read once per class (a server reads every guest's action with it)."""
    out: dict[str, tuple[str, ...] | None] = {}
    for field in dataclasses.fields(action_class):
        parts = tuple(str(field.type).replace(" ", "").split("|"))
        out[field.name] = parts if all(p in _FIELD_TYPES for p in parts) else None
    return out


def _action(data: dict[str, Any], ruleset: Any, source: str, place: str) -> Action:
    """One saved action, its field types checked against the action class (the boundary, design §6).

    A float field given a whole number gets a float, so the replayed state hashes the same.
    """
    by_name = {c.__name__: c for c in ruleset.actions}
    for nested in _nested_rulesets(ruleset):
        by_name.update({f"{nested.id}:{c.__name__}": c for c in nested.actions})
    name = data.get("type")
    if not isinstance(name, str) or name not in by_name:
        known = ", ".join(sorted(by_name))
        raise FileProblem(source, f"{place}.type", f"expected an action of {ruleset.id} ({known}), "
                                                   f"got {shown(name) if 'type' in data else 'none'}")
    action_class = by_name[name]
    name = action_class.__name__
    fields = _field_types(action_class)
    clean: dict[str, Any] = {"type": name}
    for key, value in data.items():
        if key == "type":
            continue
        if key not in fields:
            raise FileProblem(source, f"{place}.{key}", f"expected a field of {name} "
                                                        f"({', '.join(fields) or 'none'})")
        parts = fields[key]
        if parts is not None:
            ok = any(isinstance(value, _FIELD_TYPES[p][1]) and
                     (p == "bool" or not isinstance(value, bool)) for p in parts)
            if not ok:
                words = " or ".join(_FIELD_TYPES[p][0] for p in parts)
                raise FileProblem(source, f"{place}.{key}", f"expected {words}, got {shown(value)}")
            if "float" in parts and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
        elif isinstance(value, dict):
            raise FileProblem(source, f"{place}.{key}", "expected a string, a number, true/false or an array")
        clean[key] = value
    try:
        return from_json(clean, (action_class,))
    except (ActionError, TypeError, ValueError) as exc:
        raise FileProblem(source, place, f"expected an action of {ruleset.id} ({exc})") from None


def save_from_doc(doc: Any, source: str) -> SaveData:
    """Check a parsed save: its header, its fields, its embedded scenario, options and actions."""
    doc = expect_object(doc, source, "a save")
    model = _save_model(doc, source)
    if _parse_time(model.saved_at) is None:
        raise FileProblem(source, "saved_at", f"expected an ISO 8601 time, got {model.saved_at!r}")
    started = None
    if model.started:
        try:
            started = dt.datetime.fromisoformat(model.started).replace(tzinfo=None)
        except ValueError:
            raise FileProblem(source, "started", f"expected an ISO 8601 time, got {model.started!r}") from None
    scenario = scenario_from_doc(model.scenario, source, prefix="scenario")
    if model.ruleset != scenario.ruleset:
        raise FileProblem(source, "ruleset", f"expected the scenario's ruleset {scenario.ruleset!r}, "
                                             f"got {model.ruleset!r}")
    ruleset = ruleset_for(model.ruleset, source, "ruleset")
    check_options(ruleset, model.options, source, "options", base=scenario.options)
    actions = [_action(data, ruleset, source, f"actions[{i}]") for i, data in enumerate(model.actions)]
    check_players(model.players, len(scenario.sides), source)
    return SaveData(scenario=scenario, ruleset=model.ruleset, options=dict(model.options), seed=model.seed,
                    actions=actions, players=list(model.players), saved_at=model.saved_at,
                    turn=model.turn, label=model.label, state_hash=model.state_hash, source=source,
                    started=started)


HUMAN = "human"          # a seat played by a person (the UI's saves)
MAIL = "mail"            # a seat played by a person at a distance, by turn files (game.io.turnfile)


def check_players(players: list[str], sides: int, source: str) -> None:
    """A save's players: none, or one per side, each "human" or a known AI player."""
    if players and len(players) != sides:
        raise FileProblem(source, "players", f"expected one player per side ({sides}) or none, "
                                             f"got {len(players)}")
    known = registry.player_names()
    for i, name in enumerate(players):
        if known and name not in (HUMAN, MAIL) and name not in known:
            raise FileProblem(source, f"players[{i}]", f"expected {HUMAN} or an AI player "
                                                       f"({', '.join(sorted(known))}), got {shown(name)}")


def parse_save(text: str | bytes, source: str) -> SaveData:
    return save_from_doc(parse_json(text, source, MAX_SAVE_BYTES), source)


def load_save(path: str | os.PathLike[str]) -> SaveData:
    """Read and check a save and the journal beside it, if any (raises FileProblem); `resume`
    replays them."""
    source = os.fspath(path)
    save = parse_save(read_bytes(path, source, MAX_SAVE_BYTES), source)
    if journal_path(path).is_file():
        join_journal(save, journal_path(path))
    return save


def join_journal(save: SaveData, path: Path) -> None:
    """Add the journal's actions after the save's own. Lines of actions the save already holds (the
    save was written whole and the process stopped before the journal began again) must be the
    save's; the first line after them must follow the save's last action."""
    source = os.fspath(path)
    read = read_journal(path, game_key(save.ruleset, save.scenario.name, save.seed))
    if read.base > len(save.actions):
        raise FileProblem(source, "line 1.base", f"expected a journal starting at most at the save's "
                                                 f"{len(save.actions)} actions, got {read.base}")
    join_entries(save, read.entries, source, read.note)


def join_entries(save: SaveData, entries: list[Entry], source: str, note: str = "") -> None:
    """Add journal lines (each naming its file) after the save's actions, and after the lines
    already joined: a per-game journal's (join_journal), or a game's lines in a server's shared
    journals (game/io/shared_journal.py), in the order of their `n`."""
    ruleset = ruleset_for(save.ruleset, source, "line 1")
    part = save.journal or JournalPart(source, len(save.actions), [], {}, note)
    for entry in entries:
        action = _action(entry.action, ruleset, entry.source or source, f"line {entry.line}.action")
        if entry.n < len(save.actions):
            if action != save.actions[entry.n]:
                raise FileProblem(entry.source or source, f"line {entry.line}", f"expected the save's action "
                                  f"{entry.n}: this journal does not follow this save")
            continue
        save.actions.append(action)
        part.lines.append(entry.line)
        part.sources.append(entry.source or source)
        if entry.checkpoint is not None:
            part.hashes[len(save.actions)] = (entry.checkpoint.state_hash, entry.checkpoint.turn)
            save.label = save.label if entry.checkpoint.label is None else entry.checkpoint.label
    if note and part.note != note:
        part.note = f"{part.note}; {note}" if part.note else note
    if part.lines or part.note:
        save.journal = part


def resume(save: SaveData) -> GameState:
    """Replay the save's actions from its scenario and seed; the saved hash must match the replay.

    The fast way first: each action applied without its legality check (the option search, most
    of a replay's time), the end confirmed by the saved state hash and turn (and each hash its
    journal carries; the journal's actions after its last hash are checked). A save without a
    hash, or whose fast replay fails or ends elsewhere (a tampered or broken file), is replayed
    again with every check, so a refused action is named by its place in the file."""
    hashed = [count for count, (digest, _) in _checkpoints(save).items() if digest is not None]
    if hashed:
        with contextlib.suppress(Exception):
            return _replay(save, checked_from=max(hashed))
    return _replay(save, checked_from=0)


def _checkpoints(save: SaveData) -> dict[int, tuple[str | None, int]]:
    """Actions played -> (state hash, turn) the replay must reach there: the save's own, then the
    journal's."""
    own = save.journal.first if save.journal is not None else len(save.actions)
    return {own: (save.state_hash, save.turn), **(save.journal.hashes if save.journal is not None else {})}


def _place(save: SaveData, i: int) -> tuple[str, str]:
    """Where action i was read: the save's `actions[i]`, or its journal's line."""
    if save.journal is not None and i >= save.journal.first:
        k = i - save.journal.first
        return save.journal.sources[k], f"line {save.journal.lines[k]}"
    return save.source or save.scenario.name, f"actions[{i}]"


def _replay(save: SaveData, checked_from: int) -> GameState:
    """game.replay, step by step, so that a refused action is named by its place in the file; the
    actions from `checked_from` on are checked, and each checkpoint is confirmed on the way."""
    source = save.source or save.scenario.name
    checkpoints = _checkpoints(save)
    try:
        state = engine.new_game(save.scenario, save.seed, save.options)
    except FileProblem:
        raise
    except Exception as exc:  # the ruleset's setup meeting data it cannot use
        raise FileProblem(source, "scenario", f"expected a scenario the ruleset can set up "
                                              f"({type(exc).__name__}: {exc})") from exc
    if 0 in checkpoints:
        _confirm(save, state, 0, *checkpoints[0])
    for i, action in enumerate(save.actions):
        checked = i >= checked_from
        try:
            engine.apply(state, action, atomic=checked, checked=checked)
        except engine.IllegalAction as exc:
            raise FileProblem(*_place(save, i), f"expected a legal action on replay ({exc})") from None
        except Exception as exc:  # a ruleset failing on an action it allowed: still one line
            raise FileProblem(*_place(save, i), f"expected an action the ruleset can apply "
                                                f"({type(exc).__name__}: {exc})") from exc
        if i + 1 in checkpoints:
            _confirm(save, state, i + 1, *checkpoints[i + 1])
    return state


def _confirm(save: SaveData, state: GameState, count: int, digest: str | None, turn: int) -> None:
    """After `count` actions the replay must reach the state (hash) and turn saved there: the save's
    own fields, or a journal line's."""
    own = save.journal is None or count == save.journal.first
    source, place = (save.source or save.scenario.name, "state_hash") if own else _place(save, count - 1)
    replayed = state_hash(state) if digest is not None else None
    if replayed != digest:
        said = "the saved state" if own else "the state hash written with this line"
        raise FileProblem(source, place, f"the actions do not reproduce {said} (hash {digest}, replayed {replayed})")
    if state.flow.turn != turn:
        raise FileProblem(source, "turn" if own else place,
                          f"expected the replayed turn {state.flow.turn}, got {turn}")


def matches(save: SaveData, state: GameState) -> bool:
    """Did a trusted (unchecked) replay reach the saved state (the journal's last line's, when it
    has one)? Without a hash there: never trusted."""
    digest, turn = _checkpoints(save).get(len(save.actions), (None, 0))
    return digest is not None and state_hash(state) == digest and state.flow.turn == turn


# -- the saves folder ----------------------------------------------------------------------------------
def read_summary(path: str | os.PathLike[str]) -> SaveSummary:
    """A save's header (with its journal's actions, last turn and label, and the journal's time),
    checked but not replayed (raises FileProblem)."""
    source = os.fspath(path)
    doc = expect_object(parse_json(read_bytes(path, source, MAX_SAVE_BYTES), source, MAX_SAVE_BYTES),
                        source, "a save")
    model = _save_model(doc, source)
    scen = model.scenario
    name = scen.get("name") if isinstance(scen.get("name"), str) else "?"
    title = scen.get("title") if isinstance(scen.get("title"), str) else name
    saved_at, turn, label, actions = model.saved_at, model.turn, model.label, len(model.actions)
    journal = journal_path(path)
    if journal.is_file():
        later = [e for e in read_journal(journal, game_key(model.ruleset, name, model.seed)).entries if e.n >= actions]
        for entry in later:
            if entry.checkpoint is not None:
                turn, label = entry.checkpoint.turn, label if entry.checkpoint.label is None else entry.checkpoint.label
        if later:
            saved_at, actions = _now(journal.stat().st_mtime), actions + len(later)
    return SaveSummary(saved_at=saved_at, title=title, scenario=name, ruleset=model.ruleset,
                       turn=turn, label=label, actions=actions)


def list_saves(folder: Path | None = None) -> list[tuple[Path, SaveSummary]]:
    """The saves in the saves folder, newest first; unreadable files are left out. Opening the
    folder clears the stale temporary files a crash during a save may have left."""
    folder = folder if folder is not None else saves_dir()
    clean_stale_temp_files(folder)
    found = []
    for path in folder.glob("*.json"):
        if path.name.startswith("."):
            continue
        try:
            summary = read_summary(path)
        except FileProblem:
            continue
        when = _parse_time(summary.saved_at) or dt.datetime.min.replace(tzinfo=dt.timezone.utc)
        found.append((when, path.name, path, summary))
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [(path, summary) for _, _, path, summary in found]


__all__ = ["SaveData", "SaveSummary", "JournalPart", "join_entries", "join_journal", "save_game", "load_save", "parse_save", "save_from_doc", "resume",
           "saves_dir", "autosave_path", "settings_path", "list_saves", "read_summary",
           "write_json_atomic", "write_text_atomic", "clean_stale_temp_files", "autosave_slot", "latest_autosave",
           "autosaves", "matches"]
