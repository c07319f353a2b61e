"""Reading JSON from any bytes without a traceback or a hang (design §6: "whatever the bytes").

Python's json module accepts NaN and Infinity, turns 1e999 into inf, raises ValueError on an
integer of more than 4300 digits and RecursionError on deep nesting. Here each of those becomes a
FileProblem naming the file, the place (line/column, or the field path) and what was expected.
Odd values are flagged while parsing and reported by a walk that knows their field path.
"""
from __future__ import annotations

import json
import math
import os
import re
import stat
from pathlib import Path
from typing import Any

from game.io.errors import FileProblem, json_kind

MAX_BYTES = 5 * 1024 * 1024     # a scenario is far smaller
MAX_SAVE_BYTES = 32 * 1024 * 1024   # a save holds every action of a long game
MAX_DEPTH = 64                  # nesting; the engine copies and hashes documents recursively
MAX_INT_DIGITS = 30             # larger integers are never sane in a scenario or a save
MAX_NUMBER_CHARS = 400

_SURROGATE = re.compile("[\ud800-\udfff]")
_KEY = re.compile(r"[A-Za-z_$][A-Za-z0-9_$-]*\Z")
_NESTING_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.S)


class _Bad:
    """A value the parser flags (NaN, a 10^5-digit number, a repeated key) for the walk to report."""

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what


def _size_text(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def read_bytes(path: str | Path, source: str | None = None, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes (a FIFO or a device could hang a read)."""
    p = Path(path)
    source = source or str(path)
    try:
        info = p.stat()
    except FileNotFoundError:
        raise FileProblem(source, None, "expected a file, found none") from None
    except OSError as exc:
        raise FileProblem(source, None, f"expected a readable file ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileProblem(source, None, "expected a file, got a folder")
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(source, None, "expected a regular file")
    if info.st_size > limit:
        raise FileProblem(source, None, f"expected at most {_size_text(limit)}, "
                                        f"the file has {_size_text(info.st_size)}")
    try:
        with open(p, "rb") as f:
            data = f.read(limit + 1)
    except OSError as exc:
        raise FileProblem(source, None, f"expected a readable file ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise FileProblem(source, None, f"expected at most {_size_text(limit)}")
    return data


def _line_col(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line} column {col}"


def _decode(data: bytes, source: str) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FileProblem(source, "line 1 column 1", "expected UTF-8 text, got UTF-16 (save the file as UTF-8)")
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        col = nul - (data.rfind(b"\n", 0, nul) + 1) + 1
        raise FileProblem(source, f"line {line} column {col}", "expected JSON text, found binary data (a NUL byte)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise FileProblem(source, f"line {line} column {col}",
                          f"expected UTF-8 text, found byte 0x{data[exc.start]:02x}") from None


NOISE = 1e-12             # a number smaller than this (in cm, degrees or dice) is read as 0


def _parse_int(text: str) -> Any:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        return _Bad(f"expected a number within sane bounds, got a {digits}-digit number")
    return int(text)


def _parse_float(text: str) -> Any:
    if len(text) > MAX_NUMBER_CHARS:
        return _Bad(f"expected a number of at most {MAX_NUMBER_CHARS} characters, got {len(text)}")
    value = float(text)
    if not math.isfinite(value):
        return _Bad(f"expected a finite number, got {text[:30]} (too large for a number)")
    if abs(value) < NOISE:      # 1e-320 is 0 to a player, and its square underflows inside the geometry
        return 0.0
    return value


def _parse_constant(name: str) -> Any:
    return _Bad(f"expected a finite number, got {name} (JSON has no {name})")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            obj[key] = _Bad(f"expected each key once in an object, got {key!r} twice")
        else:
            obj[key] = value
    return obj


def _too_deep_at(text: str) -> str:
    depth = 0
    for m in _NESTING_TOKEN.finditer(text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _line_col(text, m.start())
        elif token in "]}":
            depth -= 1
    return "line 1 column 1"


def key_path(path: str, key: str) -> str:
    if _KEY.match(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key)}]"


def check_values(doc: Any, source: str, prefix: str = "") -> None:
    """Walk a parsed document (iteratively): flagged values, nesting depth, lone surrogates."""
    stack: list[tuple[Any, str, int]] = [(doc, prefix, 0)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            shown_path = path if len(path) <= 60 else path[:57] + "..."
            raise FileProblem(source, shown_path, f"expected at most {MAX_DEPTH} levels of nesting")
        if isinstance(value, _Bad):
            raise FileProblem(source, path or "(top level)", value.what)
        if isinstance(value, str):
            if not value.isascii() and _SURROGATE.search(value):
                raise FileProblem(source, path or "(top level)",
                                  "expected text, got a lone surrogate escape (\\ud800-\\udfff)")
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise FileProblem(source, path or "(top level)", f"expected a finite number, got {value}")
        elif isinstance(value, dict):
            items = list(value.items())
            for key, item in reversed(items):
                if not isinstance(key, str):
                    raise FileProblem(source, path or "(top level)", "expected text keys")
                sub = key_path(path, key)
                if not key.isascii() and _SURROGATE.search(key):
                    raise FileProblem(source, sub, "expected a key of text, got a lone surrogate escape")
                stack.append((item, sub, depth + 1))
        elif isinstance(value, (list, tuple)):
            for i in range(len(value) - 1, -1, -1):
                stack.append((value[i], f"{path}[{i}]", depth + 1))
        elif value is not None and not isinstance(value, (bool, int)):
            # only from a document built in code: a set or an object JSON cannot hold
            raise FileProblem(source, path or "(top level)", f"expected a JSON value, got {type(value).__name__}")


def parse_json(data: str | bytes, source: str, limit: int = MAX_BYTES) -> Any:
    """Any bytes or text -> the JSON value, or a FileProblem naming the line or field path."""
    if isinstance(data, (bytes, bytearray, memoryview)):
        data = bytes(data)
        if len(data) > limit:
            raise FileProblem(source, None, f"expected at most {_size_text(limit)}, "
                                            f"got {_size_text(len(data))}")
        text = _decode(data, source)
    elif isinstance(data, str):
        if len(data) > limit:
            raise FileProblem(source, None, f"expected at most {_size_text(limit)}")
        text = data[1:] if data.startswith("\ufeff") else data
        nul = text.find("\x00")
        if nul >= 0:
            raise FileProblem(source, _line_col(text, nul), "expected JSON text, found binary data (a NUL byte)")
    else:
        raise TypeError(f"parse_json takes text or bytes, not {type(data).__name__}")
    if not text.strip():
        raise FileProblem(source, "line 1 column 1", "expected a JSON object, the file is empty")
    try:
        doc = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                         parse_constant=_parse_constant, object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        raise FileProblem(source, f"line {exc.lineno} column {exc.colno}", f"invalid JSON ({exc.msg})") from None
    except RecursionError:
        raise FileProblem(source, _too_deep_at(text),
                          f"expected at most {MAX_DEPTH} levels of nesting") from None
    except (ValueError, OverflowError) as exc:
        raise FileProblem(source, None, f"invalid JSON ({exc})") from None
    check_values(doc, source)
    return doc


def read_json(path: str | Path, source: str | None = None, limit: int = MAX_BYTES) -> Any:
    source = source or os.fspath(path)
    return parse_json(read_bytes(path, source, limit), source, limit)


def expect_object(doc: Any, source: str, what: str) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise FileProblem(source, "(top level)", f"expected a JSON object ({what}), got {json_kind(doc)}")
    return doc
