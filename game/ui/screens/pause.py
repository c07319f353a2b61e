"""Esc on the table: the game menu (save, send a turn by e-mail, load, rules, settings, help, main menu,
quit)."""
from __future__ import annotations

import pygame

from game.io.errors import FileProblem
from game.ui import theme
from game.ui.screens.base import Screen


class PauseMenu(Screen):
    name = "pause"
    opaque = False

    def __init__(self, app, hidden: bool = False):
        super().__init__(app)
        self.hidden = hidden          # over a handover: draw nothing of the table
        self.send_note = ""           # why a turn cannot be sent now, or what went wrong sending it
        if hidden:
            self.opaque = True

    def table(self):
        return self.app.find("table")

    def build(self) -> None:
        w, h = self.app.size
        bw, bh, gap = self.s(280), self.s(40), self.s(10)
        items = [("Resume  (Esc)", self.resume_game, "#primary")]
        if not self.hidden:
            items += [("Save game…  (S)", self.save_as, None),
                      ("Quick save  (Q)", self.quick_save, None)]
        t = self.table()
        if t is not None:
            from game.ui.mail import why_not
            why = why_not(t.session)
            self.send_note = f"Send turn: {why}." if why else ""
            items.append(("Send turn…  (E)", self.send_turn, None))
        items += [("Load game…  (L)", self.load, None), ("Rules  (R)", self.rules, None),
                  ("Settings  (T)", self.settings, None), ("Help  (H)", self.help, None),
                  ("Main menu  (M)", self.main_menu, None), ("Quit  (X)", self.app.quit, None)]
        total = len(items) * (bh + gap)
        y = (h - total) // 2 + self.s(20)
        for text, fn, oid in items:
            b = self.button(pygame.Rect((w - bw) // 2, y, bw, bh), text, fn, oid)
            if fn == self.send_turn:
                self.send_button = b
                if self.send_note:
                    b.disable()
            y += bh + gap
        self.note_y = y
        self.top_y = (h - total) // 2 - self.s(30)

    def resume_game(self) -> None:
        self.app.pop(self)

    def save_as(self) -> None:
        t = self.table()
        self.app.pop(self)
        if t:
            t.cmd_save_as()

    def quick_save(self) -> None:
        t = self.table()
        self.app.pop(self)
        if t:
            t.quick_save()

    def send_turn(self) -> None:
        """Play by e-mail: the turn file for the other player, then the screen that says where it is."""
        t = self.table()
        if t is None:
            return
        from game.ui.mail import send_and_show
        try:
            send_and_show(self.app, t.session)
        except (ValueError, OSError, FileProblem) as exc:     # not now, or a folder that cannot be written
            self.send_note = f"Send turn: {exc}."

    def load(self) -> None:
        self.app.pop(self)
        self.app.open("saves", mode="load")

    def rules(self) -> None:
        t = self.table()
        self.app.pop(self)
        self.app.open("rules", t.session.state.ruleset_id if t else None)

    def settings(self) -> None:
        self.app.pop(self)
        self.app.open("settings")

    def help(self) -> None:
        self.app.open("help")

    def main_menu(self) -> None:
        self.app.main_menu()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        keys = {pygame.K_ESCAPE: self.resume_game, pygame.K_l: self.load, pygame.K_r: self.rules,
                pygame.K_t: self.settings, pygame.K_h: self.help, pygame.K_m: self.main_menu,
                pygame.K_x: self.app.quit}
        if not self.hidden:
            keys.update({pygame.K_s: self.save_as, pygame.K_q: self.quick_save})
        if self.table() is not None and not self.send_note:
            keys[pygame.K_e] = self.send_turn
        fn = keys.get(event.key)
        if fn:
            fn()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if self.hidden:
            surface.fill(theme.BG)
        else:
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((10, 12, 16, 190))
            surface.blit(shade, (0, 0))
        theme.draw_text(surface, self.app.fonts, "Game menu", (w // 2, self.top_y), 26, theme.ACCENT, "b",
                        anchor="midtop")
        if self.send_note:
            lines = self.app.fonts.wrap(self.send_note, 14, min(w - self.s(40), self.s(560)))[:3]
            y = min(self.note_y, h - len(lines) * self.app.fonts.line_height(14) - self.s(6))
            for line in lines:
                theme.draw_text(surface, self.app.fonts, line, (w // 2, y), 14, theme.WARN, anchor="midtop")
                y += self.app.fonts.line_height(14)
