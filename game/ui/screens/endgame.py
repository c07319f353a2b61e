"""The end of the game: the winner and why, the statistics (the luck report from the logged odds,
units lost and put out, a chart of the losses turn by turn), the replay, the log to keep. The same
screen, opened during the game (I), shows the statistics so far."""
from __future__ import annotations

import datetime as dt

import pygame

from game.ui import theme
from game.ui.campaign_stats import campaign_stats, is_campaign, map_view
from game.ui.components.stats_view import draw_losses_chart, draw_luck
from game.ui.components import campaign_stats_view as campaign_view
from game.ui.screens.base import Screen
from game.ui.screens.base import shaded_panel


class EndGameScreen(Screen):
    name = "endgame"
    opaque = False

    def __init__(self, app, session, during: bool = False):
        super().__init__(app)
        self.session = session
        self.during = during               # the statistics screen of a game still going on
        self.message = ""
        self.stats = None
        self.campaign = is_campaign(session.state)    # its games nest battles: the campaign's figures
        self.battle_rows: list[pygame.Rect] = []
        self.battle_offset = 0

    def figures(self):
        """The statistics from what the viewer may see: their view's log and units, and their view of
        the game at the end of each turn (a hidden side's strength stays hidden)."""
        from game.ui.stats import game_stats
        s = self.session
        view = s.view()
        deciders = s.deciders()
        turns = s.moments.last_of_each_turn()
        if self.campaign:             # the map at the end of each turn, though the viewer was in a battle
            side = 0 if s.viewer is None else s.viewer
            seen = [map_view(s.moments[k], side) for k in turns]
            return campaign_stats(map_view(s.state, side), view.log, seen, lambda e: deciders.get(id(e)))
        seen = [s.moment_view(k) for k in turns]
        return game_stats(view, view.log, seen, lambda e: deciders.get(id(e)))

    def build(self) -> None:
        w, h = self.app.size
        bw_box = min(w - self.s(60), self.s(760))
        self.stats = self.figures()
        fonts = self.app.fonts
        if self.campaign:
            need = self.s(200) + campaign_view.height(fonts, self.s, self.stats)
        else:
            need = self.s(290) + len(self.stats[0]) * (fonts.line_height(14) + fonts.line_height(12) +
                                                       self.s(4)) + self.s(170)
        self.box = pygame.Rect(0, 0, bw_box, min(h - self.s(40), need))
        self.box.center = (w // 2, h // 2)
        buttons = [("Replay (R)", self.replay, None), ("Save log (L)", self.save_log, None),
                   ("Save game (S)", self.save_game, None), ("The table (Esc)", self.back, None),
                   ("Menu (Enter)", self.menu, "#primary")]
        if self.during:
            buttons = [("Back to the game (Esc)", self.back, "#primary")]
        bw, bh = (self.box.w - self.s(40) - self.s(7) * (len(buttons) - 1)) // len(buttons), self.s(40)
        y = self.box.bottom - bh - self.s(20)
        x = self.box.x + self.s(20)
        for text, fn, oid in buttons:
            self.button(pygame.Rect(x, y, bw, bh), text, fn, oid)
            x += bw + self.s(7)

    def replay(self) -> None:
        """Step through the game action by action on the table."""
        self.app.pop(self)
        table = self.app.top
        if table is not None and table.name == "table":
            table.start_review(0)

    def back(self) -> None:
        self.app.pop(self)

    def menu(self) -> None:
        self.app.main_menu()

    def save_log(self) -> None:
        try:
            from game.io.save_file import saves_dir, write_text_atomic
            stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = saves_dir() / f"{self.session.scenario.name}-{stamp}.log.txt"
            write_text_atomic(path, "\n".join(self.session.log_lines()) + "\n")
            self.message = f"The log is saved: {path}"
        except Exception as exc:
            self.message = f"Could not save the log: {exc}"

    def save_game(self) -> None:
        def saved(path):
            self.message = f"Saved: {path.name}"
        self.app.open("saves", mode="save", session=self.session, on_saved=saved)

    def open_battle(self, pos) -> bool:
        """A click on a battle of the campaign's list: its own statistics."""
        for i, row in enumerate(self.battle_rows):
            if row.collidepoint(pos):
                number = campaign_view.first_shown(self.stats, self.battle_offset) + i + 1
                report = self.stats.battles[number - 1]
                self.app.open("battle-stats", self.session, number, report)
                return True
        return False

    def handle(self, event: pygame.event.Event) -> None:
        if self.campaign and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.open_battle(event.pos):
                return
        if self.campaign and event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.stats.battles) - campaign_view.BATTLE_ROWS)
            self.battle_offset = max(0, min(most, self.battle_offset + (1 if event.y > 0 else -1)))
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: self.back, pygame.K_i: self.back}
            if not self.during:
                keys.update({pygame.K_l: self.save_log, pygame.K_s: self.save_game, pygame.K_r: self.replay,
                             pygame.K_RETURN: self.menu, pygame.K_KP_ENTER: self.menu})
            fn = keys.get(event.key)
            if fn:
                fn()

    def draw(self, surface: pygame.Surface) -> None:
        box, fonts = self.box, self.app.fonts
        x, y, _width = shaded_panel(self, surface)
        y += self.s(2)
        res = self.session.result()
        if res is None:
            headline, colour = "The game goes on", theme.TEXT
        elif res.winner is None:
            headline, colour = "A draw", theme.TEXT
        else:
            headline = f"Won by {self.session.side_name(res.winner)}"     # no verb to agree with the name
            colour = theme.shade(theme.side_colour(res.winner), 1.35)
        if self.during:
            headline, colour = "Statistics so far", theme.TEXT
        theme.draw_text(surface, fonts, headline, (x, y), 34, colour, "b")
        y += fonts.line_height(34, "b") + self.s(2)
        if res is not None:
            for line in fonts.wrap(res.reason[:1].upper() + res.reason[1:], 16, box.w - self.s(56))[:2]:
                theme.draw_text(surface, fonts, line, (x, y), 16, theme.TEXT, "i")
                y += fonts.line_height(16)
        turns = min(self.session.state.turn, self.session.scenario.turn_limit)
        theme.draw_text(surface, fonts, f"{self.session.scenario.title} · {turns} turns · "
                        f"{self.session.played} actions · {len(self.session.state.rolls)} rolls",
                        (x, y + self.s(4)), 13, theme.DIM)
        y += self.s(30)
        if self.campaign:
            self.battle_rows = campaign_view.draw(self, surface, self.stats, x, y, box.w - self.s(56),
                                                  box.bottom - self.s(80))
            self.draw_message(surface, x)
            return
        theme.draw_text(surface, fonts, "The luck report", (x, y), 18, theme.ACCENT, "b")
        y += fonts.line_height(18, "b") + self.s(4)
        stats, nobody = self.stats
        y = draw_luck(surface, fonts, self.s, stats, nobody, x, y, box.w - self.s(56))
        chart = pygame.Rect(x, y + self.s(8), box.w - self.s(56), box.bottom - self.s(80) - y - self.s(16))
        if chart.h > self.s(80):
            draw_losses_chart(surface, fonts, self.s, stats, chart)
        self.draw_message(surface, x)

    def draw_message(self, surface: pygame.Surface, x: int) -> None:
        box, fonts = self.box, self.app.fonts
        if self.message:
            for line in fonts.wrap(self.message, 13, box.w - self.s(56))[:2]:
                theme.draw_text(surface, fonts, line, (x, box.bottom - self.s(90)), 13, theme.GOOD)

    def caption(self) -> str | None:
        return self.session.scenario.title
