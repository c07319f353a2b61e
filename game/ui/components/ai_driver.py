"""The AI's side of the game loop: its choice is computed on a background thread (or inline in tests
and while skipping), paced so a human can follow, skippable with Space, and when the AI breaks the
game goes on with one random legal choice instead."""
from __future__ import annotations

import concurrent.futures
import time
from typing import Any, Callable

from game.ui import theme
from game.ui.session import seat_of

_executor: concurrent.futures.ThreadPoolExecutor | None = None


def executor() -> concurrent.futures.ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
    return _executor


class AiDriver:
    """Inputs: the session, the settings (ai_delay), whether to think on a thread, and two callbacks:
    `applied(events)` after each AI action is applied and `say(text, colour, seconds)` for messages."""

    def __init__(self, session, settings, threaded: bool, applied: Callable[[Any], None],
                 say: Callable[..., None]):
        self.session = session
        self.settings = settings
        self.threaded = threaded
        self.applied = applied
        self.say = say
        self.future: concurrent.futures.Future | None = None
        self.future_version = -1
        self.wait = settings.ai_delay     # the table is seen before the AI first moves (a new or continued game)
        self.skip = False
        self.broken: str | None = None
        self._falling_back = False

    def turn(self) -> bool:
        """An AI decides now."""
        d = self.session.decision()
        return d is not None and self.session.is_ai(seat_of(d))

    def thinking(self) -> bool:
        """The AI's thread is running (it uses the board's prepared geometry: leave it alone)."""
        return self.future is not None and not self.future.done()

    def forget(self) -> None:
        self.future = None

    def drive(self, dt: float, paused: bool, animating: bool, blocked: Callable[[], bool]) -> None:
        """One frame. `paused`: nothing may be decided now (a handover, another screen on top);
        `animating`: the board still moves; `blocked()`: a handover became due after an action."""
        s = self.session
        if s.is_over() or self.broken or paused:
            return
        if not self.turn():
            self.skip = False
            return
        if self.future is not None:
            if self.future_version != s.version:
                self.future = None
                return
            if not self.future.done():
                return
            future, self.future = self.future, None
            try:
                action = future.result()
            except Exception as exc:
                self.failed(exc)
                return
            self.apply(action)
            return
        if not self.skip:
            if self.wait > 0:
                self.wait -= dt
                return
            if animating:
                return
        if self.skip or not self.threaded:
            budget = time.perf_counter() + (0.03 if self.skip else 0.0)
            while True:
                inputs = s.ai_inputs()
                if inputs is None:
                    return
                player, view, options, decision = inputs
                try:
                    action = player.choose(view, options, decision)
                except Exception as exc:
                    self.failed(exc)
                    return
                if not self.apply(action):
                    return
                if not self.skip or time.perf_counter() > budget or not self.turn() or blocked():
                    return
        inputs = s.ai_inputs()
        if inputs is None:
            return
        player, view, options, decision = inputs
        self.future = executor().submit(player.choose, view, options, decision)
        self.future_version = s.version

    def failed(self, exc: Exception) -> None:
        """An AI that fails must not stop the game: this once, a random legal choice is made."""
        from game.ai.players import make_player
        s = self.session
        inputs = s.ai_inputs()
        if inputs is not None and not self._falling_back:
            _player, view, options, decision = inputs
            try:
                action = make_player("random", s.seed, seat_of(decision)).choose(view, options, decision)
                self.say(f"The AI failed ({type(exc).__name__}: {exc}); it made a random legal choice instead.",
                         theme.WARN, 8)
                self._falling_back = True
                try:
                    self.apply(action)
                finally:
                    self._falling_back = False
                return
            except Exception as again:
                exc = again
        self.broken = f"The AI failed: {type(exc).__name__}: {exc}"
        self.say(self.broken, theme.BAD, 30)

    def apply(self, action) -> bool:
        try:
            events = self.session.act(action)
        except Exception as exc:
            self.failed(exc)
            return False
        self.wait = self.settings.ai_delay
        self.applied(events)
        return True
