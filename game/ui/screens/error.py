"""A file that could not be opened, or a screen that failed: the problem in words, and the way back."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screens.base import Screen


class ErrorScreen(Screen):
    name = "error"

    def __init__(self, app, title: str, message: str, drop=None):
        super().__init__(app)
        self.title = title
        self.message = message
        self.drop = drop          # the screen that failed: Back leaves it too

    def build(self) -> None:
        w, h = self.app.size
        bw = self.s(220)
        self.button(pygame.Rect((w - bw) // 2, h // 2 + self.s(120), bw, self.s(40)), "Back  (Esc)", self.back,
                    "#primary")

    def back(self) -> None:
        app = self.app
        app.pop(self)
        if self.drop is not None and app.top is self.drop:
            if len(app.stack) > 1:
                app.pop(self.drop)
            else:
                app.main_menu()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        box = pygame.Rect(0, 0, min(w - self.s(80), self.s(820)), self.s(300))
        box.center = (w // 2, h // 2)
        theme.panel(surface, box, theme.PANEL, theme.BAD, 8)
        fonts = self.app.fonts
        theme.draw_text(surface, fonts, self.title, (box.x + self.s(24), box.y + self.s(20)), 22, theme.BAD, "b")
        y = box.y + self.s(70)
        for line in fonts.wrap(self.message, 15, box.w - self.s(48))[:8]:
            theme.draw_text(surface, fonts, line, (box.x + self.s(24), y), 15, theme.TEXT)
            y += fonts.line_height(15)
