"""`python -m game import-tiled MAP --ruleset ID [--cm-per-tile N] [-o OUT.json]` (issue 19).

Writes the scenario game.io.tiled makes (to OUT.json; by default beside MAP as <MAP name>.scenario.json;
`-o -` prints it), says where on stdout and lists the warnings on stderr: exit 0. A map it cannot use,
a bad argument or a file it cannot write: one line on stderr, exit 2, never a traceback.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from game.io.errors import FileProblem, one_line
from game.io.tiled import import_tiled, write_scenario


def default_output(map_path: str) -> Path:
    """tables/farm.tmx -> tables/farm.scenario.json (never the map itself, even for a .json map)."""
    p = Path(map_path)
    return p.with_name(p.name.split(".")[0] + ".scenario.json")


MOST_LINES = 10
MOST_PLACES = 3
# "<place>: <what>": the place of a map's layer or object, then what became of it
_PLACED = re.compile(r"^(?P<place>layer .+?): (?P<what>(?:left out|no 'side' property).*)$")
_NAMES = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|\d+(?:\.\d+)?")


def grouped(warnings: list[str], most: int = MOST_LINES) -> list[str]:
    """The warnings grouped by kind, at most `most` lines: objects left out for the same reason are one
    line (the first places and how many more), so are unknown kinds of the same sort."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for w in warnings:
        m = _PLACED.match(w)
        key, place = (m["what"], m["place"]) if m else (_NAMES.sub("_", w), w)
        groups.setdefault(key, []).append((w, place))
    lines = []
    for key, items in groups.items():
        if len(items) == 1:
            lines.append(items[0][0])
            continue
        more = len(items) - MOST_PLACES
        tail = f" and {more} more" if more > 0 else ""
        if _PLACED.match(items[0][0]):
            places = ", ".join(place for _, place in items[:MOST_PLACES])
            lines.append(f"{places}{tail}: {key}")
        else:
            named = ", ".join(_NAMES.findall(w)[0] for w, _ in items[1:MOST_PLACES])
            lines.append(f"{items[0][0]}; {len(items) - 1} more of the kind: {named}{tail}")
    if len(lines) > most:
        rest = lines[most - 1:]
        count = sum(len(items) for items in list(groups.values())[most - 1:])
        lines = lines[:most - 1] + [f"and {count} more warnings of {len(rest)} other kinds"]
    return lines


def run(map_path: str, ruleset_id: str, cm_per_tile: float | None, output: str | None) -> int:
    try:
        result = import_tiled(map_path, ruleset_id, cm_per_tile)
    except (FileProblem, ValueError) as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    except RecursionError:
        print(f"error: {one_line(map_path)}: expected a Tiled map (nested too deeply)", file=sys.stderr)
        return 2
    except Exception as exc:  # the last resort: still one line naming the file, never a traceback
        why = one_line(f"{type(exc).__name__}: {exc}", 200)
        print(f"error: {one_line(map_path)}: could not be imported ({why})", file=sys.stderr)
        return 2
    for warning in grouped(result.warnings):
        print(f"warning: {one_line(warning)}", file=sys.stderr)
    if output == "-":
        print(json.dumps(result.scenario, indent=2, ensure_ascii=False))
        return 0
    out = Path(output) if output else default_output(map_path)
    if out.resolve() == Path(map_path).resolve():
        print(f"error: {one_line(str(out))}: expected an output file other than the map itself", file=sys.stderr)
        return 2
    try:
        write_scenario(result, out)
    except OSError as exc:
        print(f"error: {one_line(str(out))}: expected a file that can be written ({exc.strerror or exc})",
              file=sys.stderr)
        return 2
    name, ruleset = result.scenario["name"], result.scenario["ruleset"]
    print(one_line(f"wrote {out}: scenario {name} for ruleset {ruleset}"))
    return 0
