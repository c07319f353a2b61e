"""What to tell the other player: the addresses this machine can be reached at, the port and the
join code (each in a field to select, with a Copy button), until the guest joins; then the table.
For a game made on a club server: the server's address and the guest's code. A game whose guest
builds its own force on points begins once that force is in: meanwhile the lobby says it waits for
it (the force itself is never sent here)."""
from __future__ import annotations

import pygame
from pygame_gui.elements import UITextEntryLine

from game.ui import theme
from game.ui.screens.base import Screen


def reachable_at(bind: str) -> list[str]:
    """This machine's addresses, its own first (game/net/commands.py's `addresses`)."""
    try:
        from game.net.commands import addresses
        return addresses(bind)
    except Exception:
        return ["127.0.0.1"]


class NetLobby(Screen):
    name = "net-lobby"

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.message, self.colour = "", theme.DIM
        self.fields: dict[str, UITextEntryLine] = {}
        self.shown_key = None
        self.addresses = reachable_at(game.bind) if game.hosting else []

    # -- what is on show ----------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, str]]:
        """(label, text to copy) for each thing to tell the other player, as far as it is known."""
        g = self.game
        out: list[tuple[str, str]] = []
        if g.hosting:
            if g.port is None:
                return out
            out += [(f"Address {i + 1}" if len(self.addresses) > 1 else "Address", f"{a}:{g.port}")
                    for i, a in enumerate(self.addresses)]
            out.append(("Port", str(g.port)))
        else:
            out.append(("Server", g.where))
        names = g.side_names()
        for seat, code in sorted(g.codes.items()):
            side = names[seat] if seat < len(names) else f"side {seat + 1}"
            out.append((f"Join code ({side})", code))
        return out

    def build(self) -> None:
        w, h = self.app.size
        self.fields = {}
        self.shown_key = tuple(self.lines())
        x, y = self.s(80), self.s(150)
        field_w = min(self.s(520), w - 2 * x - self.s(260))
        self.rows: list[tuple[str, int]] = []
        for label, text in self.shown_key:
            self.rows.append((label, y))
            entry = UITextEntryLine(pygame.Rect(x + self.s(200), y, field_w, self.s(34)), self.app.manager,
                                    container=self.container, initial_text=text)
            self.fields[label] = entry
            self.button(pygame.Rect(x + self.s(210) + field_w, y, self.s(90), self.s(34)), "Copy",
                        lambda t=text: self.copy(t))
            y += self.s(46)
        self.status_y = y + self.s(20)
        self.table_button = self.button(pygame.Rect(w - self.s(320), h - self.s(80), self.s(240), self.s(44)),
                                        "To the table  (Enter)", self.to_table, "#primary",
                                        "Look at your side while the others join")
        if not self.game.ready:
            self.table_button.disable()
        self.button(pygame.Rect(self.s(80), h - self.s(80), self.s(240), self.s(44)), "Stop hosting  (Esc)"
                    if self.game.hosting else "Back  (Esc)", self.back)

    def copy(self, text: str) -> None:
        try:
            from pygame_gui.core.utility import clipboard_copy
            clipboard_copy(text)
            self.message, self.colour = f"Copied: {text}", theme.GOOD
        except Exception as exc:
            self.message, self.colour = f"Cannot copy here ({exc}): select the text and press Ctrl+C", theme.WARN

    # -- the loop ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        g = self.game
        for kind, text in g.poll():
            if kind == "failed":
                self.message, self.colour = text, theme.BAD
        if tuple(self.lines()) != self.shown_key:
            self.app.later(self.rebuild)
        usable = g.ready and g.connection != "failed"          # (a port that could not be opened)
        if usable != self.table_button.is_enabled:
            self.table_button.enable() if usable else self.table_button.disable()
        if g.ready and g.hosting and g.codes and set(g.codes) <= set(g.seated):
            self.to_table()                  # every guest has joined

    def to_table(self) -> None:
        if self.game.ready and self.game.connection != "failed":
            self.app.start_session(self.game)

    def back(self) -> None:
        self.game.close()
        self.app.pop(self)

    def leave(self) -> None:
        if self not in self.app.stack and not self.game.ready:
            self.game.close()
        super().leave()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.to_table()

    def status(self) -> str:
        g = self.game
        if g.connection == "failed":
            return ""
        if g.hosting and g.port is None:
            return "Opening the port…"
        if not g.hosting and not g.codes:
            return f"Making the game on the server at {g.where}…"
        forces = g.waiting_forces()
        if g.hosting and not set(g.codes) <= set(g.seated):
            then = " (then it builds its force on points)" if forces else ""
            return f"Waiting for the other player to join{then}…"
        if forces:
            return f"Waiting for the guest's force ({', '.join(forces)}): the game begins when it is in."
        return "Waiting for the other player to join…" if g.hosting else \
            "Give the code to the other player; the game goes on on the table."

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        surface.fill(theme.BG)
        fonts = self.app.fonts
        g = self.game
        title = g.title()
        theme.draw_text(surface, fonts, f"Hosting {title}" if g.hosting else f"{title} on a club server",
                        (self.s(80), self.s(50)), 28, theme.ACCENT, "b")
        theme.draw_text(surface, fonts, "Tell the other player these, to type in Play over the network → Join:",
                        (self.s(80), self.s(100)), 15, theme.TEXT)
        for label, y in self.rows:
            theme.draw_text(surface, fonts, label, (self.s(80), y + self.s(8)), 15, theme.TEXT, "b")
        status = self.status()
        if status:
            theme.draw_text(surface, fonts, status, (self.s(80), self.status_y), 16, theme.DIM, "i")
        y = self.status_y + self.s(30)
        for line in fonts.wrap(self.message, 15, w - self.s(160), "b") if self.message else ():
            theme.draw_text(surface, fonts, line, (self.s(80), y), 15, self.colour, "b")
            y += fonts.line_height(15)
