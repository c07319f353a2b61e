"""`python -m game validate FILE` (design §6, contract): one line, exit 0 for a good file, 2 for a bad one.

A good scenario or save prints `ok: ...` naming the kind of file and the ruleset id. A bad file
prints `error: <file>: <place>: <what was expected>` to stderr. Never a traceback, never a hang,
whatever the bytes: everything below this boundary either returns or raises FileProblem, and a
last-resort handler turns any other exception into one line naming the file.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from game.io.errors import FileProblem, one_line, shown
from game.io.jsontext import MAX_BYTES, MAX_SAVE_BYTES, expect_object, parse_json, read_bytes
from game.io.models import SAVE_FORMAT, SCENARIO_FORMAT
from game.io.save_file import resume, save_from_doc
from game.io.scenario_file import bundled_path, check_bundled_name, scenario_from_doc

USAGE = "usage: python -m game validate FILE   (a scenario, a save, or a bundled scenario's name)"


def _locate(path: str | os.PathLike[str]) -> tuple[Path, str, bool]:
    """(file, name for messages, bundled?): a bundled scenario's name first, as load_scenario, then a path."""
    text = os.fspath(path)
    bundled = bundled_path(text) if isinstance(path, str) else None
    if bundled is not None:
        return bundled, f"maps/{bundled.name}", True
    return Path(text), text, False


def validate_file(path: str | os.PathLike[str]) -> str:
    """Check a scenario or a save (a save by replaying its actions); the `ok: ...` line or FileProblem."""
    p, source, bundled = _locate(path)
    data = read_bytes(p, source, MAX_SAVE_BYTES)
    doc = expect_object(parse_json(data, source, MAX_SAVE_BYTES), source, "a scenario or a save")
    fmt = doc.get("format")
    if fmt == SCENARIO_FORMAT:
        if len(data) > MAX_BYTES:
            raise FileProblem(source, None, f"expected a scenario of at most {MAX_BYTES // (1024 * 1024)} MB")
        scenario = scenario_from_doc(doc, source)     # checked, and set up once as a game
        if bundled:
            check_bundled_name(scenario, p, source)
        return f"ok: scenario {scenario.name} for ruleset {scenario.ruleset}"
    if fmt == SAVE_FORMAT:
        save = save_from_doc(doc, source)
        state = resume(save)
        n = len(save.actions)
        return (f"ok: save of {save.scenario.name} for ruleset {save.ruleset} "
                f"({n} action{'s' if n != 1 else ''}, turn {state.turn})")
    got = "no format header" if "format" not in doc else f"got {shown(fmt)}"
    raise FileProblem(source, "format", f"expected {SCENARIO_FORMAT!r} or {SAVE_FORMAT!r}, {got}")


def main(argv: list[str] | None = None) -> int:
    """argv: the arguments after `validate` (just FILE). Exit 0 ok, 2 bad file or bad usage."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return 2
    target = args[0]
    try:
        line = validate_file(target)
    except FileProblem as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"error: {one_line(target)}: expected a file the checker can read (nested too deeply)",
              file=sys.stderr)
        return 2
    except Exception as exc:  # the last resort: still one line naming the file, never a traceback
        why = one_line(f"{type(exc).__name__}: {exc}", 200)
        print(f"error: {one_line(target)}: could not be checked ({why})", file=sys.stderr)
        return 2
    print(one_line(line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
