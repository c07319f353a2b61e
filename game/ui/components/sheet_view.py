"""Draws a unit's sheet (game.engine.sheets.Sheet) as the ruleset lays it out: its tables in aligned
columns (the last column wraps), then its lines. Knows nothing of what the cells mean."""
from __future__ import annotations

import pygame

from game.ui import theme

SIZE = 12


def _layout(fonts, table, width: int) -> tuple[list[int], int, list[list[list[str]]]]:
    """Column widths, the gap, and each row's cells as wrapped lines: a column is as wide as its widest
    cell (a header's words may wrap), and the last column takes the rest."""
    gap = fonts.get(SIZE).size("  ")[0]
    font, bold = fonts.get(SIZE), fonts.get(SIZE, "b")
    widths = [max([font.size(row[i])[0] for row in table.rows] + [bold.size(w)[0] for w in table.header[i].split(" ")])
              for i in range(len(table.header))]
    widths[-1] = max(gap, width - sum(widths[:-1]) - gap * (len(widths) - 1))
    shown = [table.header, *table.rows] if any(table.header) else list(table.rows)   # no empty header row
    rows = [[fonts.wrap(c, SIZE, w, "b" if row is table.header else "") or [""] for c, w in zip(row, widths)]
            for row in shown]
    return widths, gap, rows


def sheet_height(fonts, sheet, width: int) -> int:
    lh = fonts.line_height(SIZE)
    lines = sum(max(len(c) for c in row) for t in sheet.tables for row in _layout(fonts, t, width)[2])
    lines += sum(len(fonts.wrap(line, SIZE, width)) for line in sheet.lines)
    return lines * lh + 4 * len(sheet.tables)


def draw_sheet(surface: pygame.Surface, fonts, sheet, x: int, y: int, width: int) -> int:
    """Draw the sheet's tables and lines from (x, y) within `width`; returns the y below it."""
    lh = fonts.line_height(SIZE)
    for table in sheet.tables:
        widths, gap, rows = _layout(fonts, table, width)
        for n, row in enumerate(rows):
            style, colour = ("b", theme.DIM) if n == 0 and any(table.header) else ("", theme.TEXT)
            cx = x
            for i, (lines, w) in enumerate(zip(row, widths)):
                align = table.align[i] if i < len(table.align) else "l"
                anchor, px = {"r": ("topright", cx + w), "c": ("midtop", cx + w // 2)}.get(align, ("topleft", cx))
                for k, line in enumerate(lines):
                    theme.draw_text(surface, fonts, fonts.safe(line, SIZE, style), (px, y + k * lh), SIZE, colour,
                                    style, anchor=anchor)
                cx += w + gap
            y += max(len(c) for c in row) * lh
        pygame.draw.line(surface, theme.EDGE, (x, y + 1), (x + width, y + 1))
        y += 4
    for line in sheet.lines:
        for part in fonts.wrap(line, SIZE, width):
            theme.draw_text(surface, fonts, part, (x, y), SIZE, theme.TEXT)
            y += lh
    return y
