"""Play over the network: host a game (here, or on a club server at an address) or join one with
the address and the code the host gave. Joining shows one line while it connects, and one line when
it cannot (a wrong code, another version, nobody at that address, a certificate not trusted); the
window goes on. A club's TLS server with a certificate of its own is trusted through the
"Certificate (CA file)" field (a copy of its cert.pem), for joining and for hosting on it.

A game whose host left this side's force on points to its guest waits for it: the force builder
opens (the hotseat's own, for this side only, with the scenario's points limit), and Done sends the
force to the referee; one it refuses is said in one line and the builder opens again. Cancel leaves
the builder; Join (or B) opens it again."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UITextEntryLine

from game.ui import theme
from game.ui.remote_link import CA_FIELD, DEFAULT_PORT, join_game, tls_problem
from game.ui.screens.base import Screen


class NetMenu(Screen):
    name = "net"

    def __init__(self, app, address: str = "", code: str = "", ca: str | None = None):
        """`address` and `code` given (`python -m game join`): typed in, and joined at once (`ca`:
        join's --ca, the certificate a club's TLS server is trusted by)."""
        super().__init__(app)
        self.message, self.colour = "", theme.DIM
        self.joining = None                 # the RemoteGame while it connects (and its side's force is built)
        self.builder_open = False           # its force builder is open over this screen
        self.put_off = False                # the player left the builder without sending its force
        self.texts = {"port": str(DEFAULT_PORT), "server": "", "address": address, "code": code, "ca": ca or ""}
        if address and code:
            app.later(self.join)

    def build(self) -> None:
        w, h = self.app.size
        col, gap, ch = self.s(360), self.s(60), self.s(34)
        left = (w - 2 * col - gap) // 2
        right = left + col + gap
        top = self.s(150)
        self.labels: list[tuple[str, int, int, str]] = [("Host a game", left, top, "h"),
                                                        ("Join a game", right, top, "h")]
        y = top + self.s(44)
        self.entries: dict[str, UITextEntryLine] = {}
        for key, label, x in (("port", "Port", left), ("address", "Address (e.g. 192.168.1.5:8765)", right)):
            self.labels.append((label, x, y, ""))
            self.entries[key] = self.entry(pygame.Rect(x, y + self.s(22), col, ch), key)
        y += self.s(70)
        self.labels.append(("Host on a server at (empty: on this machine)", left, y, ""))
        self.entries["server"] = self.entry(pygame.Rect(left, y + self.s(22), col, ch), "server")
        self.labels.append(("Join code", right, y, ""))
        self.entries["code"] = self.entry(pygame.Rect(right, y + self.s(22), col, ch), "code")
        y += self.s(70)
        self.labels.append((f"{CA_FIELD}: a copy of a wss:// server's own certificate, to join or host on it "
                            "(empty: the system's trusted ones)", left, y, ""))
        self.entries["ca"] = self.entry(pygame.Rect(left, y + self.s(22), 2 * col + gap, ch), "ca")
        y += self.s(80)
        self.host_button = self.button(pygame.Rect(left, y, col, self.s(46)), "Host a game…  (H)", self.host,
                                       "#primary", "Choose the scenario, its options and who plays each side")
        self.join_button = self.button(pygame.Rect(right, y, col, self.s(46)), "Join  (J)", self.join, "#primary",
                                       "Connect to the host with its address and join code")
        self.message_y = y + self.s(70)
        self.button(pygame.Rect((w - self.s(240)) // 2, h - self.s(80), self.s(240), self.s(44)), "Back  (Esc)",
                    self.back)

    def entry(self, rect: pygame.Rect, key: str) -> UITextEntryLine:
        return UITextEntryLine(rect, self.app.manager, container=self.container, initial_text=self.texts[key])

    def read(self) -> dict[str, str]:
        self.texts = {k: e.get_text().strip() for k, e in self.entries.items()}
        return self.texts

    def say(self, text: str, colour=theme.DIM) -> None:
        self.message, self.colour = text, colour

    # -- host ----------------------------------------------------------------------------------
    def host(self) -> None:
        texts = self.read()
        try:
            port = int(texts["port"])
            if not 0 <= port <= 65535:
                raise ValueError
        except ValueError:
            self.say(f"Port: expected a number from 1 to 65535, got {texts['port']!r}", theme.BAD)
            return
        server, ca = texts["server"] or None, texts["ca"] or None
        problem = tls_problem(server, ca) if server else None
        if problem:
            self.say(problem, theme.BAD)
            return
        from game.ui.remote_setup import HostChoices
        self.app.open("setup", host=HostChoices(port, server, ca if server else None))

    # -- join ----------------------------------------------------------------------------------
    def join(self) -> None:
        if self.joining is not None and self.joining.building:
            self.build_force()              # joined already: its side's force is awaited
            return
        texts = self.read()
        if not texts["address"]:
            self.say("Address: type the host's address (and port), as it shows it", theme.BAD)
            return
        if not texts["code"]:
            self.say("Join code: type the code the host gave you", theme.BAD)
            return
        problem = tls_problem(texts["address"], texts["ca"])
        if problem:
            self.say(problem, theme.BAD)
            return
        self.stop_joining()
        self.joining = join_game(texts["address"], texts["code"], texts["ca"] or None)
        self.say(f"Connecting to {self.joining.where}…")

    def stop_joining(self) -> None:
        if self.joining is not None:
            self.joining.close()
            self.joining = None

    # -- its side's force on points, built here before the game begins ---------------------------
    def build_force(self, entries: list[dict] | None = None) -> None:
        """The hotseat's force builder for this seat's side; Done sends the force to the referee."""
        game = self.joining
        scenario, ruleset, side = game.to_build()
        self.builder_open, self.put_off = True, False
        self.app.open("muster", scenario, ruleset, side, entries or ruleset.muster_force(scenario, side),
                      game.send_force, others=["The other side's force:", "unseen until the game shows it"])

    def resume(self) -> None:
        super().resume()
        if self.builder_open and self.joining is not None and self.joining.building:
            self.put_off = True
            self.say("Your force is not sent: the game begins once it is in. Join (or B) builds it.", theme.WARN)
        self.builder_open = False

    def update(self, dt: float) -> None:
        game = self.joining
        if game is None:
            return
        for kind, text in game.poll():
            if kind == "force-refused":
                self.say(f"The referee refused your force: {text}", theme.BAD)
                self.build_force(game.last_force)
                return
            if kind in ("failed", "error") and not game.ready:
                self.say(text, theme.BAD)
                self.stop_joining()
                return
        if game.ready:
            self.joining = None
            self.app.start_session(game)
        elif game.building and not self.builder_open and not self.put_off:
            self.build_force(game.last_force)       # (a force lost with a dropped connection: as it was)
        elif game.force_sent is not None or game.waiting_forces():
            waiting = game.waiting_forces()
            self.say(("Your force is sent. " if game.force_sent is not None else "")
                     + (f"Waiting for {', '.join(waiting)}'s force: the game begins when it is in." if waiting
                        else "Waiting for the game to begin…"))

    def back(self) -> None:
        self.stop_joining()
        self.app.pop(self)

    def leave(self) -> None:
        if self not in self.app.stack:
            self.stop_joining()
        super().leave()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_h:
                self.host()
            elif event.key in (pygame.K_j, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join()
            elif event.key == pygame.K_b and self.joining is not None and self.joining.building:
                self.build_force()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entries.get("code"):
            self.join()

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = surface.get_size()
        surface.fill(theme.BG)
        fonts = self.app.fonts
        theme.draw_text(surface, fonts, "Play over the network", (w // 2, self.s(60)), 32, theme.ACCENT, "b",
                        anchor="midtop")
        theme.draw_text(surface, fonts, "The host holds the game and checks every move; each player sees only "
                        "their own side.", (w // 2, self.s(104)), 14, theme.DIM, "i", anchor="midtop")
        for text, x, y, style in self.labels:
            if style == "h":
                theme.draw_text(surface, fonts, text, (x, y), 20, theme.ACCENT, "b")
            else:
                theme.draw_text(surface, fonts, text, (x, y), 14, theme.TEXT)
        y = self.message_y
        for line in fonts.wrap(self.message, 15, w - self.s(120), "b") if self.message else ():
            theme.draw_text(surface, fonts, line, (w // 2, y), 15, self.colour, "b", anchor="midtop")
            y += fonts.line_height(15)
