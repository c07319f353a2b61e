"""A nested game's end (a campaign's battle), between its table and the map: who won and why, each
army's losses (units lost, routed, survivors), what the result did on the map, then back to it (or on
to the next battle, when the campaign began it at once).
Everything shown is a BattleReport (components/nesting.py), read from the rules' result and the
campaign's resume hook; this screen only draws it."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.components.nesting import BACK_TO_THE_MAP, BattleReport
from game.ui.screens.base import Screen, shaded_panel


def headline(report: BattleReport) -> str:
    return f"{report.winner} won" if report.winner is not None else "A draw"


def loss_rows(report: BattleReport) -> list[tuple[int, list[str]]]:
    """Per army: its seat (for its colour) and the cells of its row."""
    return [(a.seat, [a.name, str(a.units), str(a.lost), str(a.routed), str(a.survivors)]) for a in report.armies]


COLUMNS = (("army", 0.0), ("had", 0.46), ("lost", 0.58), ("routed", 0.70), ("survivors", 0.84))


class BattleResultScreen(Screen):
    name = "battle-result"
    opaque = False
    hides_choices = True       # the table beneath shows the map, not options no longer to be taken

    def __init__(self, app, report: BattleReport, onward: str = BACK_TO_THE_MAP):
        super().__init__(app)
        self.report = report
        self.onward = onward       # what its button leads to (nesting.what_next): the map, the next battle

    def build(self) -> None:
        w, h = self.app.size
        fonts = self.app.fonts
        lines = len(self.report.armies) + len(self.report.on_the_map)
        need = self.s(250) + lines * fonts.line_height(15) + self.s(40)
        self.box = pygame.Rect(0, 0, min(w - self.s(60), self.s(700)), min(h - self.s(40), need))
        self.box.center = (w // 2, h // 2)
        bw, bh = self.s(260), self.s(42)
        self.onward_button = self.button(pygame.Rect(self.box.centerx - bw // 2, self.box.bottom - bh - self.s(18),
                                                     bw, bh), f"{self.onward}  (Enter)", self.back, "#primary")

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                                                          pygame.K_SPACE):
            self.back()

    def draw(self, surface: pygame.Surface) -> None:
        fonts, r = self.app.fonts, self.report
        x, y, width = shaded_panel(self, surface)
        theme.draw_text(surface, fonts, f"{r.title} · turn {r.turn}", (x, y), 15, theme.DIM)
        y += fonts.line_height(15) + self.s(4)
        colour = theme.TEXT if r.winner_seat is None else theme.shade(theme.side_colour(r.winner_seat), 1.35)
        theme.draw_text(surface, fonts, headline(r), (x, y), 30, colour, "b")
        y += fonts.line_height(30, "b")
        for line in fonts.wrap(r.reason[:1].upper() + r.reason[1:], 15, width)[:2]:
            theme.draw_text(surface, fonts, line, (x, y), 15, theme.TEXT, "i")
            y += fonts.line_height(15)
        y += self.s(10)
        for title, at in COLUMNS:
            theme.draw_text(surface, fonts, title, (x + int(width * at), y), 12, theme.DIM, "b")
        y += fonts.line_height(12) + self.s(2)
        for seat, cells in loss_rows(r):
            pygame.draw.circle(surface, theme.side_colour(seat), (x + self.s(6), y + self.s(9)), self.s(6))
            for (_t, at), text in zip(COLUMNS, cells):
                theme.draw_text(surface, fonts, text, (x + int(width * at) + (self.s(16) if at == 0 else 0), y),
                                15, theme.TEXT, "b" if at == 0 else "")
            y += fonts.line_height(15)
        y += self.s(12)
        if r.on_the_map:
            theme.draw_text(surface, fonts, "On the map", (x, y), 16, theme.ACCENT, "b")
            y += fonts.line_height(16, "b")
            for line in r.on_the_map:
                for part in fonts.wrap(line, 14, width)[:2]:
                    theme.draw_text(surface, fonts, part, (x + self.s(8), y), 14, theme.TEXT)
                    y += fonts.line_height(14)

    def caption(self) -> str | None:
        return self.report.title
