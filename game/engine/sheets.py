"""A unit shown as the rules print its sheet: small tables of text the UI draws as they come.

`Ruleset.unit_sheet(state, uid)` returns a `Sheet` (or None); the UI lays out its tables in columns
and its lines below, knowing nothing of what they mean. Riskbreaker's character sheet is one:
Stat | Rating - Skill Damage = Effective Skill | Skills, then Kill Damage and Combat Counters.
"""
from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: str = ""            # one letter a column: "l" left, "r" right, "c" centre; default left

    def __post_init__(self) -> None:
        width = len(self.header)
        for row in self.rows:
            if len(row) != width:
                raise ValueError(f"sheet row {row!r} has {len(row)} cells, the header {width}")


@dataclasses.dataclass(frozen=True)
class Sheet:
    title: str
    tables: tuple[Table, ...] = ()
    lines: tuple[str, ...] = ()

    def as_text(self) -> str:
        """The sheet as plain text (for logs, tests and the terminal)."""
        out = [self.title]
        for t in self.tables:
            cells = [t.header, *t.rows] if any(t.header) else list(t.rows)
            widths = [max(len(r[i]) for r in cells) for i in range(len(t.header))]
            out += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
        return "\n".join(out + list(self.lines))
