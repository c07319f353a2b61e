"""The game screen's status: the bottom bar's line (a message, the placement's next step, the AI
at work, who is thinking over the network, the cursor and the hints), the window's title and the
buttons that come and go with the state (hand over, results)."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.mail import send_and_show, to_send, waiting_line


class GameStatus:
    """Mixed into GameScreen: uses its session, selection, bars, panel and board."""

    def status_text(self, hints_only: bool = False) -> tuple[str, tuple]:
        toast = self.bars.live_toast(self.now)
        if not hints_only and toast is not None:
            return toast[0], toast[1]
        if self.ai.broken:
            return self.ai.broken, theme.BAD
        pl = self.sel.placing
        line = self.remote.line() if self.remote is not None and pl is None else None
        if line is not None:            # a game at a distance: who is thinking, where; the connection
            return line
        if pl is not None:
            if pl.point is None:
                return f"{pl.option.label}: click inside the highlighted area (right click or Esc cancels)", theme.ACCENT
            return "Drag or click to set the facing; Enter keeps it", theme.ACCENT
        if self.ai.turn() and not self.session.is_over():
            return "The AI is playing… Space skips the animation", theme.DIM
        if (by_mail := waiting_line(self.session)) is not None:
            return by_mail, theme.ACCENT
        pos = self.board.cursor_text(self.cursor_world) + "   ·   " if self.cursor_world is not None else ""
        return pos + "F1 help · Tab next unit · 1-9 options · wheel zoom · right drag pan", theme.DIM

    def send_turn(self) -> None:
        """Play by e-mail: the turn file for the other player (its problem said on the bar)."""
        from game.io.errors import FileProblem
        try:
            send_and_show(self.app, self.session)
        except (ValueError, OSError, FileProblem) as exc:
            self.say(f"Send turn: {exc}", theme.BAD)

    def caption(self) -> str | None:
        """The window's title: the scenario's (over the network, "Your turn — " before it)."""
        return self.remote.caption() if self.remote is not None else self.session.scenario.title

    def leave(self) -> None:
        if self.remote is not None and self not in self.app.stack:    # the table closed, not rebuilt
            self.remote.close()
        super().leave()

    def update_dynamic_buttons(self) -> None:
        """The banner's hand-over button and the results button come and go with the state."""
        key = (self.banner_to, self.session.is_over(), to_send(self.session), self.panel.rect.topleft, self.app.size,
               tuple(self.panel.banner_rect) if self.panel.banner_rect else None)
        if key == self._dyn_key:
            return
        self._dyn_key = key
        for b in self.dynamic_buttons:
            b.kill()
        self.dynamic_buttons = []
        spot = self.panel.handover_button_rect()
        if self.banner_to is not None and spot is not None:
            # in the side panel's banner: the board and its results stay uncovered
            name = self.session.side_name(self.banner_to)
            self.dynamic_buttons.append(self.button(spot, f"Hand over to {name}  (Enter)", self.hand_over, "#primary"))
        elif (side := to_send(self.session)) is not None:       # play by e-mail: your part is done
            r = self.panel.rect
            self.dynamic_buttons.append(self.button(pygame.Rect(r.x + self.s(12), r.y + self.s(76),
                                                                r.w - self.s(24), self.s(36)),
                                                    f"Send your turn to {side}…", self.send_turn, "#primary"))
        elif self.session.is_over():
            r = self.panel.rect
            self.dynamic_buttons.append(self.button(pygame.Rect(r.x + self.s(12), r.y + self.s(76),
                                                                r.w - self.s(24), self.s(36)),
                                                    "Results and the log", self.open_results, "#primary"))
