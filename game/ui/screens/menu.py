"""The main menu: new game, continue (the latest autosave), load, play over the network, rules, the
scenario editor, settings, quit."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.players import QUICKSAVE
from game.ui.screens.base import Screen


def autosave_file():
    """What Continue opens: the newest of the autosave and the quick save (where the player was last)."""
    try:
        from game.io.save_file import latest_autosave, saves_dir
        found = [p for p in (latest_autosave(), saves_dir() / QUICKSAVE) if p is not None and p.is_file()]
        return max(found, key=lambda p: p.stat().st_mtime_ns) if found else None
    except Exception:
        return None


class MainMenu(Screen):
    name = "menu"

    def build(self) -> None:
        w, h = self.app.size
        bw, bh, gap = self.s(300), self.s(44), self.s(12)
        x = (w - bw) // 2
        y = max(self.s(200), h // 2 - self.s(110))
        self.autosave = autosave_file()
        items = [("New game", "N", self.new_game, "#primary", "Choose a scenario, its options and who plays each side"),
                 ("Continue", "C", self.continue_game, None,
                  "Resume the latest autosave" if self.autosave else "No autosave yet"),
                 ("Load game", "L", self.load_game, None, "Open one of your saved games"),
                 ("Play over the network", "P", self.network, None,
                  "Host a game another player joins from their machine, or join one"),
                 ("Rules", "R", self.rules, None, "Read the rules of each ruleset"),
                 ("Editor", "E", self.editor, None, "Make your own table or map, save it, play it"),
                 ("Settings", "S", self.settings, None, "UI scale, AI speed, tape units"),
                 ("Quit", "Q", self.app.quit, None, None)]
        self.buttons = {}
        room = h - y - self.s(28)            # a short window: smaller buttons, so Quit stays in it
        if len(items) * (bh + gap) > room:
            gap = self.s(6)
            bh = max(self.s(28), room // len(items) - gap)
        for text, key, fn, oid, tip in items:
            b = self.button(pygame.Rect(x, y, bw, bh), f"{text}   ({key})", fn, oid, tip)
            if text == "Continue" and not self.autosave:
                b.disable()
            self.buttons[key] = b
            y += bh + gap

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        keys = {pygame.K_n: self.new_game, pygame.K_c: self.continue_game, pygame.K_l: self.load_game,
                pygame.K_p: self.network, pygame.K_r: self.rules, pygame.K_e: self.editor, pygame.K_s: self.settings,
                pygame.K_q: self.app.quit,
                pygame.K_RETURN: self.new_game}
        fn = keys.get(event.key)
        if fn:
            fn()

    def new_game(self) -> None:
        self.app.open("setup")

    def continue_game(self) -> None:
        path = autosave_file()
        if path is not None:
            self.app.load_save_file(path)

    def load_game(self) -> None:
        self.app.open("saves", mode="load")

    def network(self) -> None:
        self.app.open("net")

    def rules(self) -> None:
        self.app.open("rules")

    def editor(self) -> None:
        self.app.open("editor-start")

    def settings(self) -> None:
        self.app.open("settings")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        draw_backdrop(surface)
        fonts = self.app.fonts
        y = max(self.s(200), h // 2 - self.s(110))
        theme.draw_text(surface, fonts, "Skirmish Table", (w // 2, y - self.s(110)), 44, (243, 240, 230), "b",
                        anchor="midbottom")
        theme.draw_text(surface, fonts, "miniature skirmish rules on a virtual table", (w // 2, y - self.s(70)),
                        17, theme.ACCENT, "i", anchor="midbottom")
        theme.draw_text(surface, fonts, "F1: every shortcut", (w - self.s(12), h - self.s(10)), 12, theme.FAINT,
                        anchor="bottomright")


def draw_backdrop(surface: pygame.Surface) -> None:
    """A faint table grid with two facing lines of bases, the game's own look."""
    w, h = surface.get_size()
    grid = (33, 37, 43)
    for x in range(0, w, 40):
        pygame.draw.line(surface, grid, (x, 0), (x, h))
    for y in range(0, h, 40):
        pygame.draw.line(surface, grid, (0, y), (w, y))
    for i in range(7):
        for side, yy in ((0, h - 70), (1, 70)):
            cx = w // 2 + (i - 3) * 70
            col = theme.shade(theme.side_colour(side), 0.45)
            pygame.draw.circle(surface, col, (cx, yy), 14)
            pygame.draw.circle(surface, (20, 22, 26), (cx, yy), 14, 2)
