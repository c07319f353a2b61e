"""Hotseat handover: the whole window says whose turn it is and waits for that player.

Nothing of either side's hidden state is drawn here: no table, no log, no unit, only the name of
the side that must now take the seat.
"""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.screens.base import Screen


class HandoverScreen(Screen):
    name = "handover"
    opaque = True
    blocks_widgets = False

    def __init__(self, app, session, side: int, on_ready, note: str = ""):
        super().__init__(app)
        self.note = note        # a turn by e-mail: whose file it is
        self.session = session
        self.side = side
        self.on_ready = on_ready
        self.armed = False      # a click counts only once the button was pressed on this screen

    def build(self) -> None:
        w, h = self.app.size
        bw = self.s(320)
        self.button(pygame.Rect((w - bw) // 2, h // 2 + self.s(90), bw, self.s(48)),
                    f"{self.session.side_name(self.side)}: show my table", self.ready, "#primary")

    def ready(self) -> None:
        self.app.pop(self)
        self.on_ready(self.side)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.armed = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.armed:
            self.ready()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.ready()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.open("pause", hidden=True)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        col = theme.side_colour(self.side)
        surface.fill(theme.shade(col, 0.22))
        fonts = self.app.fonts
        r = self.s(46)
        pygame.draw.circle(surface, (15, 15, 18), (w // 2, h // 2 - self.s(120)), r + 3)
        pygame.draw.circle(surface, col, (w // 2, h // 2 - self.s(120)), r)
        from game.ui.units import _side_mark
        _side_mark(surface, self.side, (w // 2, h // 2 - self.s(120)), r)
        name = self.session.side_name(self.side)
        theme.draw_text(surface, fonts, f"{name} to play", (w // 2, h // 2 - self.s(20)), 40, (245, 245, 245), "b",
                        anchor="midbottom")
        text = self.note or f"Pass the computer to the {name} player. The table stays covered until they are ready."
        y = h // 2 + self.s(14)
        for line in fonts.wrap(text, 16, w - self.s(80))[:2]:
            theme.draw_text(surface, fonts, line, (w // 2, y), 16, (225, 228, 232), anchor="midtop")
            y += fonts.line_height(16)
        theme.draw_text(surface, fonts, "Click or press Enter when you are ready",
                        (w // 2, max(y + self.s(8), h // 2 + self.s(44))), 14, (190, 195, 205), "i", anchor="midtop")

    def caption(self) -> str | None:
        return self.session.scenario.title
