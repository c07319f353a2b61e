"""F1: every keyboard shortcut, over whatever screen is showing."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screens.base import Screen

SHORTCUTS = [
    ("Anywhere", [
        ("F1", "this help (any key closes it)"),
        ("Esc", "back / the game menu"),
    ]),
    ("Menus", [
        ("N / C / L", "main menu: new game / continue the autosave / load a game"),
        ("R / S / Q", "main menu: rules / settings / quit"),
        ("Up Down, 1-9, Shift+1-9", "new game: scenario, options, who plays each side"),
        ("+ / -, A, 1 2 3", "settings: UI scale, AI speed, switches"),
    ]),
    ("Acting on the table", [
        ("Tab, Shift+Tab", "select the next / previous unit that can act"),
        ("click a unit", "select it; click an enemy to pick the attack on it"),
        ("1 … 9, 0", "choose that option (its odds are shown first)"),
        ("P", "pass (when the rules offer it)"),
        ("Enter", "confirm the highlighted option / the placement at the cursor"),
        ("click, then drag", "in a move region: place the unit, drag (or click again) to face"),
        ("right click / Esc", "cancel the placement or the tool"),
        ("Space", "skip the AI's animation (play its turn at once)"),
        ("Ctrl+Z", "undo the last action, when no dice were rolled since"),
    ]),
    ("Tools", [
        ("M", "measuring tape (drag): cm and inches"),
        ("V", "line of sight (drag): green clear, red blocked, blocker lit"),
        ("F", "field of vision / firing arc of the selected unit; [ ] change the arc"),
        ("B", "blast template at the cursor; [ ] change the radius"),
        ("R", "range bands around the selected unit"),
        ("O", "LOS preview from the unit under the cursor on / off"),
        ("G", "terrain legend on / off"),
    ]),
    ("View", [
        ("wheel, + / -", "zoom (towards the cursor)"),
        ("right drag, arrows", "pan the table (middle drag too)"),
        ("Home", "fit the table to the window"),
        ("L", "the log: every event / only the dice"),
    ]),
    ("Game", [
        ("Ctrl+S", "quick save"),
        ("Ctrl+Shift+S", "save as…"),
        ("F9", "quick load"),
        ("Ctrl+L", "load a game…"),
        ("F2 / F3", "rules reference / settings"),
    ]),
]


class HelpOverlay(Screen):
    name = "help"
    opaque = False
    blocks_widgets = True
    is_help = True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.app.pop(self)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((10, 12, 16, 215))
        surface.blit(shade, (0, 0))
        fonts = self.app.fonts
        col_w = min(self.s(560), (w - self.s(60)) // 2)
        x0 = (w - 2 * col_w - self.s(20)) // 2
        theme.draw_text(surface, fonts, "Keyboard and mouse", (w // 2, self.s(18)), 24, theme.ACCENT, "b",
                        anchor="midtop")
        cols = [SHORTCUTS[:3], SHORTCUTS[3:]]
        key_w = max(fonts.get(13, "b").size(k)[0] for _, rows in SHORTCUTS for k, _ in rows) + self.s(24)
        for c, groups in enumerate(cols):
            x = x0 + c * (col_w + self.s(20))
            y = self.s(64)
            for title, rows in groups:
                theme.draw_text(surface, fonts, title, (x, y), 16, (245, 245, 245), "b")
                y += fonts.line_height(16) + self.s(4)
                for key, what in rows:
                    theme.draw_text(surface, fonts, key, (x + self.s(8), y), 13, theme.ACCENT, "b")
                    for line in fonts.wrap(what, 13, col_w - key_w - self.s(10)):
                        theme.draw_text(surface, fonts, line, (x + key_w, y), 13, theme.TEXT)
                        y += fonts.line_height(13)
                y += self.s(10)
        theme.draw_text(surface, fonts, "any key or click closes this", (w // 2, h - self.s(14)), 12, theme.DIM,
                        "i", anchor="midbottom")
