"""Where an edit starts: a blank table (cm), a blank hex map (columns x rows, pointy or flat), a
bundled or saved scenario, or a file (a scenario or a Tiled map), for the chosen ruleset."""
from __future__ import annotations

import os

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UISelectionList, UITextEntryLine

from game.editor import catalogue, opening
from game.editor.document import Editor, blank_hexmap, blank_table
from game.ui import theme
from game.ui.screens.base import Screen


class EditorStart(Screen):
    name = "editor-start"

    def __init__(self, app):
        super().__init__(app)
        ids = [r.id for r in catalogue.rulesets()]
        self.ruleset_id = ids[0] if ids else ""
        self.message = ""
        self.listing: dict[str, str] = {}

    def build(self) -> None:
        s, app = self.s, self.app
        w, h = app.size
        col = min(s(360), (w - s(60)) // 2)
        x0, y = s(30), s(80)
        ids = [r.id for r in catalogue.rulesets()] or ["?"]
        self.label(pygame.Rect(x0, y, col, s(26)), "Ruleset")
        self.ruleset_menu = UIDropDownMenu(ids, self.ruleset_id if self.ruleset_id in ids else ids[0],
                                           pygame.Rect(x0, y + s(28), col, s(32)), app.manager, container=self.container)
        y += s(80)
        self.label(pygame.Rect(x0, y, col, s(26)), "A blank table: width × height in cm")
        self.width_entry = self._entry(pygame.Rect(x0, y + s(28), s(90), s(32)), "120")
        self.height_entry = self._entry(pygame.Rect(x0 + s(100), y + s(28), s(90), s(32)), "80")
        self.button(pygame.Rect(x0 + s(200), y + s(28), col - s(200), s(32)), "New table  (T)", self.new_table,
                    "#primary")
        y += s(84)
        self.label(pygame.Rect(x0, y, col, s(26)), "A blank hex map: columns × rows, layout")
        self.cols_entry = self._entry(pygame.Rect(x0, y + s(28), s(60), s(32)), "12")
        self.rows_entry = self._entry(pygame.Rect(x0 + s(66), y + s(28), s(60), s(32)), "10")
        self.layout_menu = UIDropDownMenu(["pointy", "flat"], "pointy", pygame.Rect(x0 + s(132), y + s(28), s(90), s(32)),
                                          app.manager, container=self.container)
        self.button(pygame.Rect(x0 + s(228), y + s(28), col - s(228), s(32)), "New map  (H)", self.new_hexmap)
        y += s(84)
        self.button(pygame.Rect(x0, y, col, s(32)), "Open a file… (a scenario or a Tiled map)  (O)", self.open_dialog)
        self.button(pygame.Rect(x0, h - s(60), col, s(40)), "Back  (Esc)", lambda: self.app.pop(self))
        # the scenarios: bundled and the player's own
        from game.io.scenario_file import bundled_scenarios
        x1 = x0 + col + s(30)
        self.label(pygame.Rect(x1, s(80), w - x1 - s(30), s(26)), "Or edit a scenario")
        self.listing = {}
        for name, rid, title in bundled_scenarios():
            self.listing[f"{title} — {rid}"] = name
        self.scenario_list = UISelectionList(pygame.Rect(x1, s(108), w - x1 - s(30), h - s(190)), list(self.listing),
                                             app.manager, container=self.container)
        self.button(pygame.Rect(x1, h - s(70), s(220), s(40)), "Edit the selected one  (Enter)", self.edit_selected)

    def _entry(self, rect, text) -> UITextEntryLine:
        entry = UITextEntryLine(rect, self.app.manager, container=self.container)
        entry.set_text(text)
        return entry

    # -- starting -----------------------------------------------------------------------------------
    def start(self, editor: Editor) -> None:
        self.app.replace(self.app.screen("editor", editor))

    def _numbers(self, *entries, whole: bool = False) -> list[float] | None:
        out = []
        for e in entries:
            try:
                v = float(e.get_text().strip())
                if v <= 0 or (whole and not v.is_integer()):
                    raise ValueError
            except ValueError:
                self.message = f"expected a {'whole ' if whole else ''}number above 0, got {e.get_text()!r}"
                return None
            out.append(int(v) if whole else v)
        return out

    def new_table(self) -> None:
        size = self._numbers(self.width_entry, self.height_entry)
        if size is not None:
            if max(size) > 2000:
                self.message = "a table is at most 2000 cm a side"
                return
            self.start(Editor(blank_table(self.ruleset_id, size[0], size[1])))

    def new_hexmap(self) -> None:
        size = self._numbers(self.cols_entry, self.rows_entry, whole=True)
        if size is not None:
            if max(size) > 200:
                self.message = "a hex map is at most 200 hexes a side"
                return
            layout = self.layout_menu.selected_option
            layout = layout[0] if isinstance(layout, tuple) else layout
            self.start(Editor(blank_hexmap(self.ruleset_id, size[0], size[1], layout)))

    def edit(self, target: str) -> None:
        from game.io.errors import FileProblem
        try:
            doc, own, warnings = opening.open_any(target, self.ruleset_id)
        except (FileProblem, opening.TiledUnavailable) as exc:
            self.message = str(exc)
            return
        editor = Editor(doc, own)
        if warnings:
            editor.message = "Tiled import: " + "; ".join(warnings)
        self.start(editor)

    def edit_selected(self) -> None:
        chosen = self.scenario_list.get_single_selection()
        if chosen in self.listing:
            self.edit(self.listing[chosen])
        else:
            self.message = "choose a scenario in the list first"

    def open_dialog(self) -> None:
        self.open_file_dialog("Open a scenario or a Tiled map", os.getcwd())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.ruleset_menu:
            self.ruleset_id = event.text
        elif (path := self.file_dialog_event(event)) is not None:
            self.edit(path)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self.close_file_dialog():
                    self.app.pop(self)
            elif event.key == pygame.K_t:
                self.new_table()
            elif event.key == pygame.K_h:
                self.new_hexmap()
            elif event.key == pygame.K_o:
                self.open_dialog()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.edit_selected()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        theme.draw_text(surface, self.app.fonts, "Scenario editor", (self.s(30), self.s(22)), 28, theme.ACCENT, "b")
        if self.message:
            theme.draw_text(surface, self.app.fonts, self.message, (self.s(30), self.app.size[1] - self.s(100)), 14,
                            theme.BAD)
