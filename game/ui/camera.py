"""Centimetres on the table <-> pixels in the window: pan, zoom towards the cursor, fit.

The scale comes in discrete levels (px per cm = BASE * STEP**level) so the terrain can be drawn
once per level and cached.
"""
from __future__ import annotations

import math

BASE = 4.0          # px per cm at level 0
STEP = 1.18
MIN_LEVEL, MAX_LEVEL = -14, 16


class Camera:
    def __init__(self, table_w: float, table_h: float, viewport: tuple[int, int, int, int]):
        self.table_w = max(1.0, float(table_w))
        self.table_h = max(1.0, float(table_h))
        self.viewport = tuple(viewport)        # x, y, w, h in window px
        self.level = 0
        self.ox = 0.0                          # window px of the table's (0, 0)
        self.oy = 0.0
        self.fit()

    @property
    def scale(self) -> float:
        return BASE * STEP ** self.level

    def set_viewport(self, viewport: tuple[int, int, int, int]) -> None:
        """A new viewport (a resized window, another UI scale): the zoom is refitted, as much of the
        table in sight as before (a fitted table stays whole), and the view's centre is kept."""
        old = self.viewport
        if tuple(viewport) == old:
            return
        cx, cy = old[0] + old[2] / 2, old[1] + old[3] / 2
        wx, wy = self.to_world(cx, cy)
        self.level = max(MIN_LEVEL, min(MAX_LEVEL, round(self.level + self.fit_level(viewport)
                                                         - self.fit_level(old), 4)))
        self.viewport = tuple(viewport)
        nx, ny = self.viewport[0] + self.viewport[2] / 2, self.viewport[1] + self.viewport[3] / 2
        self.ox = nx - wx * self.scale
        self.oy = ny - wy * self.scale
        self.clamp()

    def fit_level(self, viewport: tuple[int, int, int, int] | None = None) -> float:
        """The zoom level at which the whole table just fits the viewport."""
        x, y, w, h = viewport or self.viewport
        want = max(min((w - 16) / self.table_w, (h - 16) / self.table_h), 0.05)
        # an exact level (not a whole step) so the table fills the view; the wheel then steps from it
        return max(MIN_LEVEL, min(MAX_LEVEL, round(math.log(want / BASE, STEP), 4)))

    def fit(self) -> None:
        """The largest zoom level at which the whole table fits the viewport, centred."""
        x, y, w, h = self.viewport
        self.level = self.fit_level()
        s = self.scale
        self.ox = x + (w - self.table_w * s) / 2
        self.oy = y + (h - self.table_h * s) / 2

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        s = self.scale
        return (self.ox + x * s, self.oy + y * s)

    def to_world(self, px: float, py: float) -> tuple[float, float]:
        s = self.scale
        return ((px - self.ox) / s, (py - self.oy) / s)

    def length(self, cm: float) -> float:
        return cm * self.scale

    def zoom_at(self, px: float, py: float, steps: int) -> bool:
        new = max(MIN_LEVEL, min(MAX_LEVEL, round(self.level + steps, 4)))
        if new == self.level:
            return False
        wx, wy = self.to_world(px, py)
        self.level = new
        s = self.scale
        self.ox = px - wx * s
        self.oy = py - wy * s
        self.clamp()
        return True

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self.clamp()

    def clamp(self) -> None:
        """Keep at least a margin of the table inside the viewport."""
        x, y, w, h = self.viewport
        s = self.scale
        margin = min(120.0, w / 3, h / 3)
        tw, th = self.table_w * s, self.table_h * s
        self.ox = min(max(self.ox, x + margin - tw), x + w - margin)
        self.oy = min(max(self.oy, y + margin - th), y + h - margin)

    def visible_world(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.viewport
        x0, y0 = self.to_world(x, y)
        x1, y1 = self.to_world(x + w, y + h)
        return x0, y0, x1, y1
