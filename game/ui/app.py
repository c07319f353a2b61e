"""The window and its stack of screens; `run_app` is what `python -m game play` calls.

`App(width, height)` can be driven without a real display (SDL_VIDEODRIVER=dummy): tests post
pygame events and call `step()`, one frame at a time.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pygame
import pygame_gui

from game.ui import theme
from game.ui.navigation import screen_class
from game.ui.players import ai_names, default_ai, default_players, new_seed  # noqa: F401  (the App's names)
from game.ui.settings import Settings, load_settings, save_settings

TITLE = "Skirmish Table"
MIN_SIZE = (800, 560)
LINGER = 2.0            # seconds of redrawing after the last input (hover highlights, tooltips appear)
REST_WAIT_MS = 250      # at rest the loop sleeps until an event, waking this often for screens' timers


class App:
    def __init__(self, width: int | None = None, height: int | None = None, settings: Settings | None = None,
                 remember: bool = True, threaded_ai: bool = True):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        pygame.display.init()
        pygame.font.init()
        self.settings = settings if settings is not None else load_settings()
        self.remember = remember           # write the settings file when they change
        self.threaded_ai = threaded_ai
        w = width or self.settings.window[0]
        h = height or self.settings.window[1]
        _set_icon()
        self.window = pygame.display.set_mode((max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)), pygame.RESIZABLE)
        self.size = self.window.get_size()
        self.fonts = theme.Fonts(self.settings.ui_scale)
        self.manager = self._make_manager()
        self.stack: list[Any] = []
        self._later: list[Callable[[], Any]] = []
        self.running = True
        self.exit_code = 0
        self.frame = 0
        self.now = 0.0                      # seconds of frames stepped (the sum of their dt)
        # Issue 30 §4, "a game at rest rests": the window's loop (run) draws only when something changed;
        # a test stepping frames by hand sees every frame drawn unless it turns this off
        self.draw_every_frame = True
        self.dirty = True                   # the screens changed: draw the next frame
        self.drawn = 0                      # frames drawn
        self._was_moving = False
        self.mouse = (0, 0)                 # the last pointer position seen in an event
        self.clock = pygame.time.Clock()
        self.problem: str | None = None     # the message of a file that could not be opened
        self.failures: list[Exception] = []  # what screens raised (each shown on the error panel)
        self._caption = ""
        self._last_input = 0.0                 # app time (see now) of the last input
        self.set_caption(TITLE)

    def _make_manager(self) -> pygame_gui.UIManager:
        manager = pygame_gui.UIManager(self.size, theme.build_theme(self.settings.ui_scale),
                                       enable_live_theme_updates=False)
        # the styles the text boxes' HTML uses (scenario descriptions), loaded now so pygame_gui
        # does not load them mid-frame (and warn about it)
        size = max(8, int(round(14 * self.settings.ui_scale)))
        wanted = [(size, False, False), (size, True, False), (size, False, True), (size, True, True),
                  (18, True, False), (24, True, False)]
        try:
            import warnings
            fonts = manager.get_theme().get_font_dictionary()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                for pt, bold, italic in wanted:
                    fonts.preload_font(pt, "noto_sans", bold, italic, force_immediate_load=True)
        except Exception:
            pass
        return manager

    # -- the stack ---------------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen) -> None:
        self.dirty = True
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(screen)
        screen.enter()

    def pop(self, screen=None) -> None:
        if not self.stack or (screen is not None and self.stack[-1] is not screen):
            return
        self.dirty = True
        old = self.stack.pop()
        old.leave()
        if self.stack:
            self.stack[-1].resume()
            on_top = getattr(self.stack[-1], "on_top_again", None)
            if on_top:
                on_top()
        else:
            self.running = False

    def replace(self, screen) -> None:
        self.dirty = True
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(screen)
        screen.enter()

    def reset(self, *screens) -> None:
        """Empty the stack and push these screens (the last one on top)."""
        self.dirty = True
        while self.stack:
            self.stack.pop().leave()
        for s in screens:
            if self.stack:
                self.stack[-1].pause()
            self.stack.append(s)
            s.enter()

    def find(self, cls):
        """The topmost screen of a class, or of a name (see game.ui.navigation)."""
        for s in reversed(self.stack):
            if (s.name == cls) if isinstance(cls, str) else isinstance(s, cls):
                return s
        return None

    def screen(self, name: str, *args, **kwargs):
        """A new screen by its name (game.ui.navigation.SCREENS), not yet on the stack."""
        return screen_class(name)(self, *args, **kwargs)

    def open(self, name: str, *args, **kwargs):
        """Push the screen called `name`; returns it. Screens open each other only this way."""
        screen = self.screen(name, *args, **kwargs)
        self.push(screen)
        return screen

    def later(self, fn: Callable[[], Any]) -> None:
        """Run after this frame's events (widget callbacks must not rebuild widgets mid-event)."""
        self._later.append(fn)

    # -- window ---------------------------------------------------------------------------------
    def set_caption(self, text: str) -> None:
        if text != self._caption:
            self._caption = text
            pygame.display.set_caption(text)

    @property
    def caption(self) -> str:
        return self._caption

    def resize(self, w: int, h: int) -> None:
        w, h = max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
        if (w, h) == self.size:
            return
        if pygame.display.get_surface().get_size() != (w, h):
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.window = pygame.display.get_surface()
        self.size = (w, h)
        self.dirty = True
        self.manager.set_window_resolution(self.size)
        self.settings.window = self.size
        self._rebuild_all()

    def _rebuild_all(self) -> None:
        for i, s in enumerate(self.stack):
            s.rebuild()
            if i < len(self.stack) - 1:
                s.pause()

    def set_ui_scale(self, scale: float) -> None:
        self.settings.ui_scale = scale
        self.fonts = theme.Fonts(scale)
        for s in self.stack:
            s.leave()
        self.manager = self._make_manager()
        for i, s in enumerate(self.stack):
            s.enter()
            if i < len(self.stack) - 1:
                s.pause()
        self.save_settings()

    def save_settings(self) -> None:
        if self.remember:
            save_settings(self.settings)

    # -- one frame ------------------------------------------------------------------------------
    def step(self, dt: float | None = None, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle the pending events, update and draw one frame. False once the app should quit.

        A screen that fails (an exception in its handle, update or draw, or in a widget's callback)
        does not end the app: an error panel names what went wrong, and Back leaves that screen."""
        if dt is None:
            dt = 1 / 60
        self.now += dt
        events = list(events or []) + pygame.event.get()
        for event in events:
            self.guarded(self.dispatch, event)
        self.guarded(self._run_later)
        top = self.top
        if top is not None:
            self.guarded(top.update, dt)
        self.manager.update(dt)
        self.guarded(self._run_later)
        moving = self.moving()
        # the frame after something stopped moving is drawn too: it shows where it stopped (the AI's
        # last move of its turn is applied in the frame its turn ends)
        if self.draw_every_frame or events or self.dirty or moving or self._was_moving:
            self.dirty = False
            self.guarded(self.draw)
            pygame.display.flip()
            self.drawn += 1
        self._was_moving = moving
        self.frame += 1
        return self.running

    def moving(self) -> bool:
        """Something on screen changes by itself: the pointer was just used (hover highlights and
        tooltips follow), the screen on top animates or an AI plays, or a text entry's cursor blinks."""
        if self.now - self._last_input < LINGER:
            return True
        busy = getattr(self.top, "busy", None)
        if busy is not None and busy():
            return True
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (self.manager.get_focus_set() or ()))

    def at_rest(self) -> bool:
        return not (self.dirty or self._later or self._was_moving or self.moving())

    def run(self, frames: int | None = None, seconds: float | None = None) -> None:
        """The window's loop until quit (or N frames, or N seconds): at full speed while something
        moves, and at rest asleep until an event comes (waking REST_WAIT_MS for screens' timers)."""
        count, start = 0, time.monotonic()
        while self.running:
            if frames is not None:
                self.step(1 / 60)
            elif self.at_rest():
                woken_by = wait_for_event(REST_WAIT_MS)
                dt = self.clock.tick() / 1000.0
                self.step(min(dt, 0.1), woken_by)
            else:
                dt = self.clock.tick(self.wanted_fps()) / 1000.0
                self.step(min(dt, 0.1))
            count += 1
            if (frames is not None and count >= frames) or (seconds is not None and
                                                            time.monotonic() - start >= seconds):
                return

    def guarded(self, fn: Callable[..., Any], *args) -> None:
        """Run one part of a frame; a failure shows the error panel over the screen on top."""
        try:
            fn(*args)
        except Exception as exc:
            self._later = []
            self.screen_failed(self.top, exc)

    def screen_failed(self, screen, exc: Exception) -> None:
        import traceback
        self.failures.append(exc)
        where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        place = f" ({Path(where.filename).name}:{where.lineno})" if where is not None else ""
        print(f"error: the {getattr(screen, 'name', 'app')} screen failed: {type(exc).__name__}: {exc}{place}",
              file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr)
        if getattr(screen, "name", None) == "error":
            raise exc                      # the error panel itself failed: nothing safe is left
        message = f"{type(exc).__name__}: {exc}{place}. Back leaves this screen; the game keeps running."
        self.open("error", "Something went wrong on this screen", message, drop=screen)

    def _run_later(self) -> None:
        while self._later:
            fns, self._later = self._later, []
            for fn in fns:
                self.dirty = True
                fn()

    def wanted_fps(self) -> int:
        """60 frames a second while something moves or the player is busy; fewer when idle."""
        busy = getattr(self.top, "busy", None)
        if self.now - self._last_input < 1.5 or (busy is not None and busy()):
            return 60
        return 15

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
                          pygame.MOUSEWHEEL, pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._last_input = self.now
        if event.type == pygame.QUIT:
            ask = getattr(self.top, "before_quit", None)     # a screen with unsaved work asks first
            if ask is None or not ask():
                self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize(event.x, event.y)
            return
        if hasattr(event, "pos") and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                                     pygame.MOUSEBUTTONUP):
            self.mouse = tuple(event.pos)
        top = self.top
        modal_overlay = getattr(top, "blocks_widgets", False)
        consumed = False
        if not modal_overlay:
            consumed = self.manager.process_events(event)
        if top is None:
            return
        if event.type == pygame.KEYDOWN:
            focused = self.manager.get_focus_set()
            typing = any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focused or ()))
            if typing and event.key not in (pygame.K_ESCAPE, pygame.K_F1):
                return
            if event.key == pygame.K_F1 and not getattr(top, "is_help", False):
                self.open("help")
                return
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return
        top.handle(event)

    def draw(self) -> None:
        surface = self.window
        self.fonts.begin_frame()
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        if not self.stack or not self.stack[start].opaque:
            surface.fill(theme.BG)
        for s in self.stack[start:]:
            s.draw(surface)
        self.manager.draw_ui(surface)
        if self.top is not None:
            self.top.draw_over(surface)
            cap = self.top.caption()
            self.set_caption(f"{TITLE} — {cap}" if cap else TITLE)

    def quit(self) -> None:
        self.running = False

    def screenshot(self, path: str | os.PathLike) -> None:
        pygame.image.save(self.window, os.fspath(path))

    def run_until(self, done: Callable[[], bool], max_frames: int = 2000, dt: float = 1 / 60) -> bool:
        """Step frames until `done()` (for tests and scripts); True when it happened."""
        for _ in range(max_frames):
            if done():
                return True
            if not self.step(dt):
                return done()
        return done()

    # -- navigation ------------------------------------------------------------------------------
    def main_menu(self) -> None:
        self.reset(self.screen("menu"))

    def start_session(self, session) -> None:
        """Show a game on the table (the main menu stays beneath it)."""
        self.problem = None
        self.exit_code = 0
        self.reset(self.screen("menu"), self.screen("table", session))

    def show_problem(self, message: str, title: str = "This file cannot be opened") -> None:
        self.problem = message
        self.exit_code = 2
        print(f"error: {message}", file=sys.stderr)
        if not self.stack:
            self.reset(self.screen("menu"), self.screen("error", title, message))
        else:
            self.open("error", title, message)

    def open_target(self, target: str) -> bool:
        """Open a scenario (by name or path) or a save on the table; a bad file shows its problem."""
        from game.io.errors import FileProblem
        from game.io.turnfile import is_turn_file
        from game.ui.session import Session, SessionError
        if is_turn_file(target):
            return self.open_turn_file(target)
        try:
            if is_save_file(target):
                from game.io.save_file import load_save
                save = load_save(target)
                # replayed once, its end checked by the saved hash (a bad file: FileProblem)
                session = Session.from_save(save, source=str(target))
            else:
                from game.io.scenario_file import load_scenario
                scenario = load_scenario(target)
                session = Session(scenario, new_seed(), None, default_players(self, scenario),
                                  source=str(target))
        except (FileProblem, SessionError) as exc:
            self.show_problem(str(exc))
            return False
        except Exception as exc:       # a ruleset failing on the file's data: still a message, not a traceback
            self.show_problem(f"{target}: {type(exc).__name__}: {exc}")
            return False
        self.start_session(session)
        return True

    def open_turn_file(self, target: str) -> bool:
        """Play by e-mail: a received turn file, checked and replayed; the window handed to its receiver."""
        from game.io.errors import FileProblem
        from game.ui.mail import received_session
        from game.ui.session import SessionError
        try:
            session, side, note = received_session(target)
        except (FileProblem, SessionError) as exc:
            self.show_problem(str(exc), "This turn file is refused")
            return False
        except Exception as exc:       # a ruleset failing on the file's data: still a message, not a traceback
            self.show_problem(f"{target}: {type(exc).__name__}: {exc}", "This turn file is refused")
            return False
        self.start_session(session)
        self.find("table").push_handover(side, note)
        return True

    def load_save_file(self, path: str | os.PathLike) -> bool:
        return self.open_target(os.fspath(path))


def wait_for_event(ms: int) -> list[pygame.event.Event]:
    """Sleep until an event comes or `ms` pass; returns the event that woke it, if any. The dummy
    driver's wait polls every millisecond (a busy loop): there a short sleep between peeks does it."""
    if pygame.display.get_driver() not in ("dummy", "offscreen"):
        event = pygame.event.wait(ms)
        return [event] if event.type != pygame.NOEVENT else []
    end = time.monotonic() + ms / 1000.0
    while not pygame.event.peek() and time.monotonic() < end:
        time.sleep(0.02)
    return []


def is_save_file(target: str) -> bool:
    path = Path(target)
    if not path.is_file():
        return False
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return b'"skirmish-table/save"' in head


def run_app(target: str | None = None, frames: int | None = None, screenshot: str | None = None,
            turn: bool = False) -> int:
    """Open the window (on the main menu, a scenario, a save, or with `turn` a turn file received by
    e-mail) and run until quit or N frames."""
    from game.rulesets import load_all   # an entry point: it registers the rulesets, game.io reads the registry
    load_all()
    try:
        app = App()
    except pygame.error as exc:
        print(f"error: cannot open a window ({exc}); for a headless check set SDL_VIDEODRIVER=dummy",
              file=sys.stderr)
        return 2
    if target and turn:
        app.open_turn_file(target)
    elif target:
        app.open_target(target)
    else:
        app.main_menu()
    app.draw_every_frame = frames is not None      # a scripted run (--frames) draws each of its frames
    try:
        app.run(frames)
        if screenshot:
            try:
                app.screenshot(screenshot)
            except (pygame.error, OSError) as exc:
                print(f"error: cannot write the screenshot {screenshot}: {exc}", file=sys.stderr)
                return 2
    finally:
        app.save_settings()
        for s in app.stack:
            stop = getattr(s, "shutdown", None)
            if stop:
                stop()
        pygame.quit()
    return app.exit_code


def _set_icon() -> None:
    """The window's icon: the same picture the packaged executable carries."""
    from game.resources import assets_dir
    path = assets_dir() / "icon.png"
    if path.is_file():
        try:
            pygame.display.set_icon(pygame.image.load(str(path)))
        except pygame.error:
            pass
