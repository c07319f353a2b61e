"""The editor's side panels as pygame_gui widgets: the tool buttons with the current choice and side
(left), and the property form of the selection with the live problems under it (right). They only
show the model (game.editor) and hand what the player types back to the screen."""
from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UISelectionList, UITextEntryLine

from game.editor import forms, hexpaint
from game.editor.tools import BY_ID, TOOLS
from game.ui import patterns, theme


LIST_FONT = 15            # the list's font size (theme.json defaults)
INDENT = "    "           # a problem's continued lines


class ToolBar:
    """One button per tool (its key on it), the choice for the tool and the side."""

    def __init__(self, screen, rect: pygame.Rect):
        self.screen = screen
        s, app = screen.s, screen.app
        tools = screen.tools
        self.buttons: dict[str, UIButton] = {}
        y = rect.y
        bh = s(26)
        for t in TOOLS:
            if t.board not in ("any", screen.editor.board):
                continue
            b = screen.button(pygame.Rect(rect.x, y, rect.w, bh), f"{t.key}  {t.label}",
                              lambda tid=t.id: screen.use_tool(tid), tooltip=t.help)
            if t.id == tools.tool:
                b.select()
            self.buttons[t.id] = b
            y += bh + s(2)
        y += s(6)
        self.choice_menu = None
        self.choice_values: dict[str, Any] = {}
        self.swatch: pygame.Rect | None = None       # the chosen kind's colour, as the legend shows it
        choices = tools.choices()
        if choices:
            texts = [text for _, text in choices]
            self.choice_values = {text: value for value, text in choices}
            current = next((text for value, text in choices if value == tools.choice), texts[0])
            self.swatch = pygame.Rect(rect.right - s(26), y + s(2), s(26), s(24))
            self.choice_menu = UIDropDownMenu(texts, current, pygame.Rect(rect.x, y, rect.w - s(30), s(28)),
                                              app.manager, container=screen.container)
            y += s(32)
        sides = [f"{i}: {side.get('name', '?')}" for i, side in enumerate(screen.editor.doc.get("sides", []))]
        self.side_menu = None
        if sides:
            current = sides[min(tools.side, len(sides) - 1)]
            self.side_menu = UIDropDownMenu(sides, current, pygame.Rect(rect.x, y, rect.w, s(28)), app.manager,
                                            container=screen.container)
            y += s(32)
        screen.button(pygame.Rect(rect.x, y, rect.w, bh), "Add a side (Ctrl+N)", screen.add_side)
        y += bh + s(2)
        if screen.editor.board == "table":
            screen.button(pygame.Rect(rect.x, y, rect.w, bh), "Fill gaps (X)", screen.fill_gaps,
                          tooltip="cover what no piece covers with open ground")

    def draw(self, surface: pygame.Surface) -> None:
        """The chosen terrain or hex kind's swatch beside its list (colour and pattern of the legend)."""
        tools = self.screen.tools
        if self.swatch is None or tools.choice is None:
            return
        picks = BY_ID[tools.tool].picks
        if picks == "terrain":
            kind = forms.terrain_kinds(self.screen.editor.doc).get(tools.choice)
            if kind is not None:
                patterns.swatch(surface, self.swatch, theme.hex_colour(kind.color), patterns.pattern_of(kind))
        elif picks == "hex":
            kind = hexpaint.kind_table(self.screen.editor.doc).get(tools.choice)
            if kind is not None:
                patterns.swatch(surface, self.swatch, theme.hex_colour(kind.color), None)

    def handle(self, event) -> bool:
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return False
        if event.ui_element is self.choice_menu:
            self.screen.tools.choose(self.choice_values.get(event.text))
            return True
        if event.ui_element is self.side_menu:
            self.screen.tools.side = int(event.text.split(":")[0])
            return True
        return False


class PropertyPanel:
    """The form of the selection (Enter in a box applies it; a list applies at once), then the problems."""

    def __init__(self, screen, rect: pygame.Rect, on_value: Callable[[forms.Field, str], None],
                 on_problem: Callable[[int], None]):
        self.screen, self.on_value, self.on_problem = screen, on_value, on_problem
        s, app = screen.s, screen.app
        editor = screen.editor
        self.widgets: dict[Any, forms.Field] = {}
        title = editor.describe() or "Scenario"
        UILabel(pygame.Rect(rect.x, rect.y, rect.w, s(24)), title, app.manager, container=screen.container)
        y = rect.y + s(26)
        form_bottom = rect.y + int(rect.h * 0.6)
        label_w = int(rect.w * 0.42)
        every = forms.fields(editor.doc, editor.selection)
        fits = max(1, (form_bottom - y) // s(28) - 1)
        start = screen.form_start if screen.form_start < len(every) else 0
        if len(every) > fits:              # a long form in pages: a button turns to the next one
            shown = every[start:start + fits]
            rest = len(every) - start - len(shown)
            screen.button(pygame.Rect(rect.x, form_bottom - s(26), rect.w, s(26)),
                          f"More fields ({rest})…" if rest else "Back to the first fields",
                          lambda: screen.turn_form_page(start + fits if rest else 0))
        else:
            shown = every
        for field in shown:
            text = field.label if len(field.label) <= 14 else field.label[:13] + "…"
            UILabel(pygame.Rect(rect.x, y, label_w, s(26)), text, app.manager, container=screen.container,
                    object_id=pygame_gui.core.ObjectID(object_id="#form_label"))
            box = pygame.Rect(rect.x + label_w, y, rect.w - label_w, s(26))
            if field.kind == "choice" and field.choices and len(field.choices) <= 40:
                texts = [t for _, t in field.choices]
                current = field.text()
                if current not in texts:          # a value the choices do not hold: shown as it is
                    texts = [current] + texts
                widget = UIDropDownMenu(texts, current, box, app.manager, container=screen.container)
            elif field.kind == "bool":
                widget = UIDropDownMenu(["on", "off"], field.text(), box, app.manager, container=screen.container)
            else:
                widget = UITextEntryLine(box, app.manager, container=screen.container)
                widget.set_text(field.text()[:2000])
                if field.help:
                    widget.set_tooltip(field.help)
            self.widgets[widget] = field
            y += s(28)
        top = form_bottom + s(6)
        self.problems = screen.problems
        # a long problem wraps onto more lines of the list rather than being cut; any of its lines
        # selects it (problem_lines: the problem each line shows)
        texts, self.problem_lines = [], []
        for i, problem in enumerate(self.problems):
            for line in self.problem_text(app.fonts, i, problem, rect.w - s(30)):
                texts.append(line)
                self.problem_lines.append(i)
        UILabel(pygame.Rect(rect.x, top, rect.w, s(22)), f"Problems ({len(self.problems)})", app.manager,
                container=screen.container)
        texts = texts or ["no problems: it plays"]
        self.problem_list = UISelectionList(pygame.Rect(rect.x, top + s(24), rect.w, rect.bottom - top - s(24)),
                                            texts, app.manager, container=screen.container)
        self.problem_texts = texts

    @staticmethod
    def problem_text(fonts, i: int, problem, width: int) -> list[str]:
        """The problem's lines as wide as the list (continued lines indented); the whole text."""
        lines = fonts.wrap(f"{i + 1}. {problem}", LIST_FONT, width)
        if len(lines) > 1:
            rest = fonts.wrap(" ".join(lines[1:]), LIST_FONT, width - fonts.get(LIST_FONT).size(INDENT)[0])
            lines = lines[:1] + [INDENT + line for line in rest]
        return lines

    def problem_at(self, text: str) -> int | None:
        """The problem of the list line selected (the selected line with this text, else the first)."""
        items = getattr(self.problem_list, "item_list", [])
        rows = [j for j, item in enumerate(items) if item.get("text") == text]
        row = next((j for j in rows if items[j].get("selected")), rows[0] if rows else None)
        return self.problem_lines[row] if row is not None and row < len(self.problem_lines) else None

    def handle(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.widgets:
            self.on_value(self.widgets[event.ui_element], event.text)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.widgets:
            self.on_value(self.widgets[event.ui_element], event.text)
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.problem_list:
            i = self.problem_at(event.text)
            if i is not None:
                self.on_problem(i)
            return True
        return False
