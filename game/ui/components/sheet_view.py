"""Draws a unit's sheet (game.engine.sheets.Sheet) as the ruleset lays it out: its tables in aligned
columns (the last column wraps), then its lines. Knows nothing of what the cells mean."""
from __future__ import annotations

import pygame

from game.ui import theme

SIZE = 12


def header_size(fonts, table, width: int) -> int:
    """The header's font size: the sheet's own, or smaller (down to 9) until every header fits on one
    line beside the others, as the text's sheet prints them ("Rating -", "=Effective Skill")."""
    gap = fonts.get(SIZE).size("  ")[0]
    font = fonts.get(SIZE)
    cells = [max([font.size(row[i])[0] for row in table.rows], default=0) for i in range(len(table.header) - 1)]
    # the last column's cells wrap, but at a word: its longest word must fit
    word = max([font.size(w)[0] for row in table.rows for w in row[-1].split()], default=0)
    for size in (SIZE, 11, 10, 9):
        bold = fonts.get(size, "b")
        heads = [bold.size(h)[0] for h in table.header]
        need = sum(max(c, h) for c, h in zip(cells, heads)) + max(heads[-1], word)
        if need + gap * (len(table.header) - 1) <= width:
            return size
    return 9


def _layout(fonts, table, width: int) -> tuple[list[int], int, list[list[list[str]]], int]:
    """Column widths, the gap, each row's cells as wrapped lines and the header's size: a column is
    as wide as its widest cell and its whole header (a header never wraps), the last column takes the
    rest (its cells wrap)."""
    gap = fonts.get(SIZE).size("  ")[0]
    hsize = header_size(fonts, table, width)
    font, bold = fonts.get(SIZE), fonts.get(hsize, "b")
    widths = [max([font.size(row[i])[0] for row in table.rows] + [bold.size(table.header[i])[0]])
              for i in range(len(table.header))]
    last = bold.size(table.header[-1])[0]
    widths[-1] = max(gap, last, width - sum(widths[:-1]) - gap * (len(widths) - 1))
    shown = [table.header, *table.rows] if any(table.header) else list(table.rows)   # no empty header row
    rows = [[([c] if row is table.header else fonts.wrap(c, SIZE, w)) or [""] for c, w in zip(row, widths)]
            for row in shown]
    return widths, gap, rows, hsize


def sheet_height(fonts, sheet, width: int) -> int:
    lh = fonts.line_height(SIZE)
    lines = sum(max(len(c) for c in row) for t in sheet.tables for row in _layout(fonts, t, width)[2])
    lines += sum(len(fonts.wrap(line, SIZE, width)) for line in sheet.lines)
    ruled = sum(lh // 2 for t in sheet.tables if any(t.header))          # the rule under a header
    return lines * lh + ruled + 4 * len(sheet.tables)


def draw_sheet(surface: pygame.Surface, fonts, sheet, x: int, y: int, width: int) -> int:
    """Draw the sheet's tables and lines from (x, y) within `width`; returns the y below it."""
    lh = fonts.line_height(SIZE)
    for table in sheet.tables:
        widths, gap, rows, hsize = _layout(fonts, table, width)
        for n, row in enumerate(rows):
            head = n == 0 and any(table.header)
            style, colour, size = ("b", theme.DIM, hsize) if head else ("", theme.TEXT, SIZE)
            cx = x
            for i, (lines, w) in enumerate(zip(row, widths)):
                align = table.align[i] if i < len(table.align) else "l"
                anchor, px = {"r": ("topright", cx + w), "c": ("midtop", cx + w // 2)}.get(align, ("topleft", cx))
                for k, line in enumerate(lines):
                    theme.draw_text(surface, fonts, fonts.safe(line, size, style), (px, y + k * lh), size, colour,
                                    style, anchor=anchor)
                if i and not head:             # the sheet's ruled columns
                    pygame.draw.line(surface, theme.EDGE, (cx - gap // 2, y), (cx - gap // 2, y + lh - 1))
                cx += w + gap
            y += max(len(c) for c in row) * lh
            if head:
                pygame.draw.line(surface, theme.DIM, (x, y + 1), (x + width, y + 1))
                y += lh // 2
        pygame.draw.line(surface, theme.EDGE, (x, y + 1), (x + width, y + 1))
        y += 4
    for line in sheet.lines:
        for part in fonts.wrap(line, SIZE, width):
            theme.draw_text(surface, fonts, part, (x, y), SIZE, theme.TEXT)
            y += lh
    return y
