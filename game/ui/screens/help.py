"""F1: every keyboard shortcut, over whatever screen is showing, listed from the one keymap."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.components import keymap
from game.ui.screens.base import Screen


def shortcuts(bindings: tuple[keymap.Binding, ...] = keymap.KEYMAP) -> list[tuple[str, list[tuple[str, str]]]]:
    """(group, [(keys, what)]) straight from the keymap the screen below dispatches with."""
    return [(title, [(b.keys, b.text) for b in rows]) for title, rows in keymap.groups(bindings)]


class HelpOverlay(Screen):
    name = "help"
    opaque = False
    blocks_widgets = True
    is_help = True

    def __init__(self, app):
        super().__init__(app)
        # the screen below may have its own keys (the editor); otherwise the game's
        self.bindings = getattr(app.top, "keymap", keymap.KEYMAP)

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
        listed = shortcuts(self.bindings)
        cols = [listed[:3], listed[3:]]
        key_w = max(fonts.get(13, "b").size(k)[0] for _, rows in listed for k, _ in rows) + self.s(24)
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
