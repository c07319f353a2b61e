"""Load and save: the saved games and the turn files of games by e-mail listed with date, scenario and
turn; a file dialog for others, and a path field for a turn file received by e-mail."""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UISelectionList, UITextEntryLine

from game.ui import theme
from game.ui.screens.base import Screen


def when(text: str) -> str:
    try:
        t = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
        if t.tzinfo is not None:
            t = t.astimezone()
        return t.strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return text[:16]


def saves() -> list[tuple[Path, object]]:
    try:
        from game.io.save_file import list_saves
        return list_saves()
    except Exception:
        return []


def turn_files() -> list[tuple[Path, object]]:
    try:
        from game.io.turnfile import list_turns
        from game.ui.mail import turns_dir
        return list_turns(turns_dir())
    except Exception:
        return []


def turn_text(summary, _limits: dict[str, int | None] = {}) -> str:
    """The save's turn as the table's turn bar shows it: a game that ran past its last turn (it
    ended there) is listed at that last turn, "ended", never at the turn after it."""
    name = getattr(summary, "scenario", "") or ""
    if name not in _limits:
        try:
            from game.io.scenario_file import load_scenario
            _limits[name] = int(load_scenario(name).turn_limit)
        except Exception:
            _limits[name] = None
    limit = _limits[name]
    turn = int(summary.turn)
    if limit and turn > limit:
        return f"turn {limit} of {limit}, ended"
    return f"turn {turn} of {limit}" if limit else f"turn {turn}"


class SavesScreen(Screen):
    name = "saves"

    def __init__(self, app, mode: str = "load", session=None, on_saved=None):
        super().__init__(app)
        self.mode = mode                  # "load" or "save"
        self.session = session
        self.on_saved = on_saved
        self.message = ""
        self.picking_turn = False         # the file dialog open is the turn file's

    def build(self) -> None:
        w, h = self.app.size
        m = self.s(24)
        self.entries = saves()
        self.by_text: dict[str, Path] = {}
        items = []
        for i, (path, s) in enumerate(self.entries):
            label = f" · {s.label}" if getattr(s, "label", "") else ""
            text = f"{when(s.saved_at)}   {s.title}   {turn_text(s)}{label}"
            if text in self.by_text:
                text += f"  ({path.name})"
            self.by_text[text] = path
            items.append(text)
        self.turns = turn_files() if self.mode == "load" else []
        for path, t in self.turns:
            text = f"{when(t.sent_at)}   {t.title}   turn file from {t.sender} to {t.receiver}, turn {t.turn}, " \
                   f"action {t.actions}"
            if text in self.by_text:
                text += f"  ({path.name})"
            self.by_text[text] = path
            items.append(text)
        top = self.s(80)
        bottom_h = self.s(110)
        self.list = UISelectionList(pygame.Rect(m, top, w - 2 * m, h - top - bottom_h - m), items,
                                    self.app.manager, container=self.container,
                                    default_selection=items[0] if items and self.mode == "load" else None)
        y = h - m - self.s(44)
        bw = self.s(200)
        if self.mode == "load":
            self.button(pygame.Rect(m, y, bw, self.s(44)), "Load  (Enter)", self.load_selected, "#primary")
            self.button(pygame.Rect(m + bw + self.s(12), y, bw, self.s(44)), "Open a file…", self.open_dialog)
            # a turn file received by e-mail, wherever the mail program saved it: its path pasted here
            self.turn_entry = UITextEntryLine(pygame.Rect(m, y - self.s(54), w - 2 * m - bw - self.s(12), self.s(40)),
                                              self.app.manager, container=self.container, placeholder_text=
                                              "the path of a turn file received by e-mail")
            self.button(pygame.Rect(w - m - bw, y - self.s(54), bw, self.s(40)), "Open turn file", self.open_turn)
        else:
            name = self.session.default_save_name() if self.session else "game.json"
            self.entry = UITextEntryLine(pygame.Rect(m, y - self.s(54), w - 2 * m - bw - self.s(12), self.s(40)),
                                         self.app.manager, container=self.container, initial_text=name)
            self.button(pygame.Rect(w - m - bw, y - self.s(54), bw, self.s(40)), "Save  (Enter)", self.save_now,
                        "#primary")
        self.button(pygame.Rect(w - m - bw, y, bw, self.s(44)), "Back  (Esc)", self.back)

    def back(self) -> None:
        self.app.pop(self)

    def selected_path(self) -> Path | None:
        sel = self.list.get_single_selection()
        return self.by_text.get(sel) if sel else None

    def load_selected(self) -> None:
        path = self.selected_path()
        if path is None:
            self.message = "Choose a save in the list first."
            return
        self.app.load_save_file(path)

    def open_turn(self) -> None:
        """Play by e-mail: the turn file named in the path field (a file dialog when it is empty)."""
        text = self.turn_entry.get_text().strip().strip('"')
        if not text:
            from game.ui.mail import turns_dir
            folder = turns_dir()
            self.open_file_dialog("Open a turn file", str(folder if folder.is_dir() else Path.home()))
            self.picking_turn = True
            return
        path = Path(text).expanduser()
        if not path.is_file():
            self.message = f"No file at {path}."
            return
        self.app.open_turn_file(str(path))

    def open_dialog(self) -> None:
        from game.io.save_file import saves_dir
        self.open_file_dialog("Open a save or a scenario", str(saves_dir()))
        self.picking_turn = False

    def save_now(self) -> None:
        if self.session is None:
            return
        name = self.entry.get_text().strip() or self.session.default_save_name()
        if not name.endswith(".json"):
            name += ".json"
        name = name.replace(os.sep, "_").replace("/", "_")
        try:
            from game.io.save_file import saves_dir
            path = self.session.save(saves_dir() / name)
        except Exception as exc:
            self.message = f"Could not save: {exc}"
            return
        self.app.pop(self)
        if self.on_saved:
            self.on_saved(path)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self.close_file_dialog():
                    self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load_selected() if self.mode == "load" else self.save_now()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.mode == "load":
            self.app.later(self.open_turn)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION and self.mode == "load":
            self.app.later(self.load_selected)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self.mode == "save":
            path = self.selected_path()
            if path is not None:
                self.entry.set_text(path.name)
        elif (path := self.file_dialog_event(event)) is not None:
            opener = self.app.open_turn_file if self.picking_turn else self.app.load_save_file
            self.app.later(lambda: opener(path))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and self.mode == "save":
            self.app.later(self.save_now)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        fonts = self.app.fonts
        title = "Load a game" if self.mode == "load" else "Save the game"
        theme.draw_text(surface, fonts, title, (self.s(24), self.s(24)), 26, theme.ACCENT, "b")
        if not self.entries and not self.turns:
            theme.draw_text(surface, fonts, "No saved games yet.", (self.s(40), self.s(100)), 15, theme.DIM, "i")
        if self.message:
            theme.draw_text(surface, fonts, self.message, (surface.get_width() // 2, self.s(40)), 14, theme.WARN,
                            anchor="midtop")
