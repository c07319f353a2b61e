"""The one error a file can give: `<file>: <place>: <what was expected>`, on one short line (design §6).

Every problem with a scenario or save file, whatever its bytes, ends up as a FileProblem, so the
command line and the UI can show it as it is: never a traceback.
"""
from __future__ import annotations

import re
from typing import Any

MAX_MESSAGE = 400          # one short line, even when a file holds a huge string
MAX_SHOWN = 40             # how much of a bad value a message quotes

# control characters, and the characters a terminal or str.splitlines takes as a line's end (NEL, U+2028
# LINE SEPARATOR, U+2029 PARAGRAPH SEPARATOR)
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def _escaped(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def one_line(text: str, limit: int = MAX_MESSAGE) -> str:
    """Control characters, line separators and lone surrogates escaped: the message prints on one line
    of any terminal."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    text = _CONTROL.sub(lambda m: _escaped(m.group()), text)
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


class FileProblem(Exception):
    """A file that cannot be used, as `<file>: <place>: <what was expected>`.

    Built either from the three parts, or from one finished message.
    """

    def __init__(self, source: str, place: str | None = None, what: str | None = None) -> None:
        if what is None and place is None:
            message = source
            self.source, self.place, self.what = "", "", source
        else:
            self.source, self.place, self.what = source, place or "", what or ""
            parts = [p for p in (source, place, what) if p]
            message = ": ".join(parts)
        self.message = one_line(message)
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message


def shown(value: Any) -> str:
    """A bad value, quoted briefly in a message (JSON spelling for JSON values)."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        text = repr(value)
    elif isinstance(value, (int, float)):
        text = repr(value)
    elif isinstance(value, dict):
        return "an object"
    elif isinstance(value, (list, tuple)):
        return f"an array of {len(value)}"
    else:
        text = type(value).__name__
    if len(text) > MAX_SHOWN:
        text = text[: MAX_SHOWN - 3] + "..."
    return text


def json_kind(value: Any) -> str:
    """What a JSON value is, in the words a map maker knows."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
