"""Edits as small command objects on the scenario document (a JSON-like dict), each with its undo.

A path names a place in the document as keys and list indices: ("terrain", 2, "polygon"). Three
primitives are enough for every edit the editor makes (set a value, insert into a list, remove from
a list); a Batch groups them so one user gesture is one step of undo.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

Path = tuple[Any, ...]
_MISSING = object()


def get_at(doc: Any, path: Path, default: Any = None) -> Any:
    node = doc
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return default
    return node


def _parent(doc: Any, path: Path, create: bool = False) -> Any:
    node = doc
    for part in path[:-1]:
        if create and isinstance(node, dict) and part not in node:
            node[part] = {}
        node = node[part]
    return node


@dataclasses.dataclass
class SetAt:
    """Set the value at a path (a missing dict key is created; value _MISSING removes the key)."""

    path: Path
    value: Any
    old: Any = _MISSING

    def do(self, doc: dict) -> None:
        parent = _parent(doc, self.path, create=True)
        key = self.path[-1]
        if isinstance(parent, dict):
            self.old = copy.deepcopy(parent[key]) if key in parent else _MISSING
            if self.value is _MISSING:
                parent.pop(key, None)
            else:
                parent[key] = copy.deepcopy(self.value)
        else:
            self.old = copy.deepcopy(parent[key])
            parent[key] = copy.deepcopy(self.value)

    def undo(self, doc: dict) -> None:
        parent = _parent(doc, self.path)
        key = self.path[-1]
        if self.old is _MISSING:
            parent.pop(key, None)
        else:
            parent[key] = copy.deepcopy(self.old)


def remove_key(path: Path) -> SetAt:
    return SetAt(path, _MISSING)


@dataclasses.dataclass
class Insert:
    """Insert an item into the list at `path` (index None: at the end); the list is made if missing."""

    path: Path
    item: Any
    index: int | None = None
    made_list: bool = False

    def do(self, doc: dict) -> None:
        parent = _parent(doc, self.path, create=True)
        key = self.path[-1]
        if isinstance(parent, dict) and key not in parent:
            parent[key] = []
            self.made_list = True
        seq = parent[key]
        if self.index is None:
            self.index = len(seq)
        seq.insert(self.index, copy.deepcopy(self.item))

    def undo(self, doc: dict) -> None:
        parent = _parent(doc, self.path)
        del parent[self.path[-1]][self.index]
        if self.made_list:
            del parent[self.path[-1]]


@dataclasses.dataclass
class Remove:
    """Remove the item at `index` of the list at `path`."""

    path: Path
    index: int
    item: Any = None

    def do(self, doc: dict) -> None:
        seq = get_at(doc, self.path)
        self.item = seq.pop(self.index)

    def undo(self, doc: dict) -> None:
        get_at(doc, self.path).insert(self.index, self.item)


@dataclasses.dataclass
class Batch:
    """Several commands as one step (undone in reverse order)."""

    label: str
    parts: list[Any]
    selection: Any = None       # what was selected just after it (restored by redo)

    def do(self, doc: dict) -> None:
        for part in self.parts:
            part.do(doc)

    def undo(self, doc: dict) -> None:
        for part in reversed(self.parts):
            part.undo(doc)


class History:
    """The undo and redo stacks over one document; `dirty` until the document is saved."""

    def __init__(self, doc: dict):
        self.doc = doc
        self.done: list[Batch] = []
        self.undone: list[Batch] = []
        self.saved_at: int | None = 0   # len(done) when last saved (None: it cannot come back)
        self.version = 0             # bumps on every change (the screen redraws, the checks rerun)

    def apply(self, label: str, *parts: Any) -> Batch | None:
        if not parts:
            return None
        if self.saved_at is not None and self.saved_at > len(self.done):
            self.saved_at = None     # the saved state was undone and is now left behind for good
        batch = Batch(label, list(parts))
        batch.do(self.doc)
        self.done.append(batch)
        self.undone.clear()
        self.version += 1
        return batch

    def undo(self) -> str | None:
        if not self.done:
            return None
        batch = self.done.pop()
        batch.undo(self.doc)
        self.undone.append(batch)
        self.version += 1
        return batch.label

    def redo(self) -> str | None:
        if not self.undone:
            return None
        batch = self.undone.pop()
        batch.do(self.doc)
        self.done.append(batch)
        self.version += 1
        return batch.label

    def merge_since(self, count: int, label: str) -> None:
        """The steps done since there were `count` become one (a brush stroke is one step of undo)."""
        if len(self.done) - count > 1 and (self.saved_at is None or self.saved_at <= count):
            parts = [part for batch in self.done[count:] for part in batch.parts]
            self.done[count:] = [Batch(label, parts)]

    def mark_saved(self) -> None:
        self.saved_at = len(self.done)

    @property
    def dirty(self) -> bool:
        return self.saved_at != len(self.done)
