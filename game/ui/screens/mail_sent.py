"""Play by e-mail: the turn file is written; where it is, and what to do with it."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.ui import theme
from game.ui.screens.base import Screen


class TurnSentScreen(Screen):
    name = "turn-sent"

    def __init__(self, app, session, path: Path):
        super().__init__(app)
        self.session = session
        self.path = Path(path)

    def build(self) -> None:
        w, h = self.app.size
        bw, gap = self.s(260), self.s(16)
        y = h // 2 + self.s(110)
        self.button(pygame.Rect(w // 2 - bw - gap // 2, y, bw, self.s(44)), "Back to the table  (Enter)", self.back,
                    "#primary")
        self.button(pygame.Rect(w // 2 + gap // 2, y, bw, self.s(44)), "Main menu  (M)", self.app.main_menu)

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.back()
        elif event.key == pygame.K_m:
            self.app.main_menu()

    def lines(self) -> list[str]:
        s = self.session
        theirs = [s.side_name(side) for side in range(s.state.sides) if s.is_mail(side)]
        who = " and ".join(theirs) or "the other player"
        return [f"Attach this file to an e-mail to the {who} player:",
                str(self.path),
                f"When their turn comes back, save the attachment and open it: Load game, then \"Open turn file\".",
                "The file holds the whole game, the dice's seed included: play by e-mail with people you trust."]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        fonts = self.app.fonts
        theme.draw_text(surface, fonts, "Turn sent", (w // 2, h // 2 - self.s(140)), 30, theme.ACCENT, "b",
                        anchor="midtop")
        y = h // 2 - self.s(80)
        for i, text in enumerate(self.lines()):
            size, colour = (15, theme.GOOD) if i == 1 else (15, theme.TEXT if i == 0 else theme.DIM)
            for line in fonts.wrap(text, size, w - self.s(80))[:3]:
                theme.draw_text(surface, fonts, line, (w // 2, y), size, colour, anchor="midtop")
                y += fonts.line_height(size)
            y += self.s(8)

    def caption(self) -> str | None:
        return f"{self.session.scenario.title}: turn sent"
