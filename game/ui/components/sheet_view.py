"""Draws a unit's sheet (game.engine.sheets.Sheet) as the ruleset lays it out: its tables in aligned
columns, then its lines. Knows nothing of what the cells mean."""
from __future__ import annotations

import pygame

from game.ui import theme

SIZE = 12


def sheet_height(fonts, sheet, width: int) -> int:
    lh = fonts.line_height(SIZE)
    rows = sum(1 + len(t.rows) for t in sheet.tables)
    lines = sum(len(fonts.wrap(line, SIZE, width)) for line in sheet.lines)
    return (rows + lines) * lh + 4 * len(sheet.tables)


def draw_sheet(surface: pygame.Surface, fonts, sheet, x: int, y: int, width: int) -> int:
    """Draw the sheet's tables and lines from (x, y) within `width`; returns the y below it."""
    lh = fonts.line_height(SIZE)
    gap = fonts.get(SIZE).size("  ")[0]
    for table in sheet.tables:
        cells = [table.header, *table.rows]
        widths = [max(fonts.get(SIZE, "b" if row is table.header else "").size(row[i])[0] for row in cells)
                  for i in range(len(table.header))]
        fixed = sum(widths[:-1]) + gap * (len(widths) - 1)
        widths[-1] = max(0, width - fixed)
        for row in cells:
            cx = x
            style = "b" if row is table.header else ""
            colour = theme.DIM if row is table.header else theme.TEXT
            for i, (cell, w) in enumerate(zip(row, widths)):
                align = table.align[i] if i < len(table.align) else "l"
                text = fonts.safe(cell, SIZE, style)
                while text and fonts.get(SIZE, style).size(text)[0] > w and i == len(row) - 1:
                    text = text[:-2] + "…" if len(text) > 2 else ""
                anchor, px = {"r": ("topright", cx + w), "c": ("midtop", cx + w // 2)}.get(align, ("topleft", cx))
                theme.draw_text(surface, fonts, text, (px, y), SIZE, colour, style, anchor=anchor)
                cx += w + gap
            y += lh
        pygame.draw.line(surface, theme.EDGE, (x, y + 1), (x + width, y + 1))
        y += 4
    for line in sheet.lines:
        for part in fonts.wrap(line, SIZE, width):
            theme.draw_text(surface, fonts, part, (x, y), SIZE, theme.TEXT)
            y += lh
    return y
