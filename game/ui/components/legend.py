"""The legend along the bottom of a board view: each kind of ground on the board with its colour
and, room allowing, what the rules make of it (entries come from the board view)."""
from __future__ import annotations

import pygame

from game.ui import patterns, theme


class Legend:
    def __init__(self, app):
        self.app = app
        self.fonts = app.fonts
        self.layout = None               # (height, column width, columns, line height, cells)

    def s(self, v: float) -> int:
        return int(round(v * self.app.settings.ui_scale))

    @property
    def height(self) -> int:
        return self.layout[0] if self.layout else 0

    def arrange(self, entries: list[tuple], width: int) -> None:
        """Columns of (label, colour, properties[, pattern]); a narrow window drops the properties first."""
        if not entries:
            self.layout = None
            return
        fonts = self.fonts
        sw = self.s(24)
        lh = fonts.line_height(11) + self.s(2)
        best = None
        for with_props in (True, False):
            cells = []
            for label, colour, props, *pattern in entries:
                props = props if with_props else ""
                w = sw + self.s(6) + fonts.get(11, "b").size(label)[0] + \
                    (fonts.get(11).size("  " + props)[0] if props else 0)
                cells.append((w, label, colour, props, pattern[0] if pattern else None))
            col_w = max(c[0] for c in cells) + self.s(18)
            cols = max(1, (width - self.s(12)) // col_w)
            rows = -(-len(cells) // cols)
            if best is None or rows < best[0]:
                best = (rows, col_w, cols, cells)
            if rows <= 3:
                break
        rows, col_w, cols, cells = best
        max_rows = max(1, int(self.app.size[1] * 0.2) // lh)     # a small window keeps its board
        if rows > max_rows:
            rows = max_rows
            cells = cells[:rows * cols]
        self.layout = (rows * lh + self.s(10), col_w, cols, lh, cells)

    def draw(self, surface, viewport) -> None:
        if not self.layout:
            return
        height, col_w, cols, lh, cells = self.layout
        fonts = self.fonts
        x0, y0 = viewport[0], viewport[1] + viewport[3]
        rect = pygame.Rect(x0, y0, viewport[2], height)
        pygame.draw.rect(surface, (30, 33, 39), rect)
        pygame.draw.line(surface, theme.EDGE, rect.topleft, rect.topright)
        for i, (_w, label, colour, props, pattern) in enumerate(cells):
            col, row = i % cols, i // cols
            x = x0 + self.s(10) + col * col_w
            y = y0 + self.s(5) + row * lh
            sw = pygame.Rect(x, y + self.s(1), self.s(24), lh - self.s(3))
            patterns.swatch(surface, sw, colour, pattern)
            r = theme.draw_text(surface, fonts, label, (sw.right + self.s(6), y), 11, theme.TEXT, "b")
            if props:
                theme.draw_text(surface, fonts, "  " + props, (r.right, y), 11, theme.DIM)
