"""A battle's own statistics, reached from the campaign's list of battles (issue 24 §2.4)."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.campaign_stats import battle_stats
from game.ui.components.nesting import BattleReport
from game.ui.components.campaign_stats_view import battle_line
from game.ui.components.stats_view import draw_losses_chart, draw_luck
from game.ui.screens.base import Screen, shaded_panel


class BattleStatsScreen(Screen):
    """One battle of a campaign: its luck report and its losses turn by turn."""

    name = "battle-stats"
    opaque = False

    def __init__(self, app, session, number: int, report: BattleReport):
        super().__init__(app)
        self.report = report
        self.stats = battle_stats(session, number, report)

    def build(self) -> None:
        w, h = self.app.size
        self.box = pygame.Rect(0, 0, min(w - self.s(60), self.s(760)), min(h - self.s(40), self.s(560)))
        self.box.center = (w // 2, h // 2)
        bw, bh = self.s(260), self.s(40)
        self.button(pygame.Rect(self.box.centerx - bw // 2, self.box.bottom - bh - self.s(16), bw, bh),
                    "Back to the campaign (Esc)", self.back, "#primary")

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_i):
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        box, fonts, r = self.box, self.app.fonts, self.report
        x, y, width = shaded_panel(self, surface)
        theme.draw_text(surface, fonts, r.title, (x, y), 26, theme.ACCENT, "b")
        y += fonts.line_height(26, "b")
        theme.draw_text(surface, fonts, battle_line(r).split(": ", 1)[-1], (x, y), 14, theme.TEXT)
        y += fonts.line_height(14) + self.s(8)
        if self.stats is None:
            theme.draw_text(surface, fonts, "Your side played no part in this battle: only its result is known.",
                            (x, y), 14, theme.DIM, "i")
            return
        stats, nobody = self.stats
        y = draw_luck(surface, fonts, self.s, stats, nobody, x, y, width)
        chart = pygame.Rect(x, y + self.s(8), width, box.bottom - self.s(70) - y - self.s(16))
        if chart.h > self.s(80):
            draw_losses_chart(surface, fonts, self.s, stats, chart)

    def caption(self) -> str | None:
        return self.report.title
