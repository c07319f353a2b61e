"""Build a side's force on points before the battle, from the form its ruleset declares
(game/engine/muster.py): entries (characters, units) made from presets and edited field by field,
numbers with -/+ buttons, items picked from a list or typed, the points left always in view, and a
force the ruleset calls illegal refused with its reasons. Nothing here knows a rule."""
from __future__ import annotations

import copy
import json

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.engine.muster import CHOICE, ITEMS, NUMBER, TEXT, step
from game.ui import theme
from game.ui.screens.base import Screen

PICK = "pick from the list…"


class MusterScreen(Screen):
    name = "muster"

    def __init__(self, app, scenario, ruleset, side: int, entries: list[dict], on_done, others: list[str] = ()):
        super().__init__(app)
        self.others = list(others)      # the other sides' forces, as much as this player may know of them
        self.scenario, self.ruleset, self.side = scenario, ruleset, side
        self.muster = ruleset.muster(scenario, side)
        self.entries = copy.deepcopy(entries)
        self.current = 0
        self.on_done = on_done
        self.message = ""
        self.steppers: list[tuple[pygame.Rect, str]] = []       # number fields: where their value is drawn
        self._priced: dict[tuple, object] = {}                  # what the ruleset said, by the force's text
        self.item_scroll = 0                                    # the first item shown when they do not all fit
        self.items_rect = pygame.Rect(0, 0, 0, 0)
        self.scroll_note = None

    # -- what the ruleset says of the force -----------------------------------------------------
    def priced(self, key: tuple, work):
        """The ruleset's answer for the force as it is now, asked once per change (not every frame)."""
        key = (json.dumps(self.entries, sort_keys=True), self.current) + key
        if key not in self._priced:
            if len(self._priced) > 64:
                self._priced.clear()
            self._priced[key] = work()
        return self._priced[key]

    def tally(self):
        return self.priced(("tally",), lambda: self.ruleset.muster_tally(self.scenario, self.side, self.entries))

    def entry(self) -> dict | None:
        return self.entries[self.current] if 0 <= self.current < len(self.entries) else None

    def entry_label(self, i: int, tally) -> str:
        name = self.entries[i].get("name") or f"{self.muster.noun} {i + 1}"
        if self.muster.per_entry and i < len(tally.entry_left):
            return f"{name} · {tally.entry_left[i]} left"
        return f"{name} · {tally.costs[i] if i < len(tally.costs) else '?'} pts"

    # -- widgets --------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m, top = self.s(20), self.s(96)
        col = min(self.s(300), w // 4)
        mid_x = m + col + m
        right_x = w - m - col
        mid_w = right_x - m - mid_x
        ch = self.s(30)
        tally = self.tally()
        self.entry_buttons = []
        self.full = False
        y = top + self.s(26)
        for i in range(len(self.entries)):
            b = self.button(pygame.Rect(m, y, col, ch), self.entry_label(i, tally), lambda i=i: self.select(i),
                            "#primary" if i == self.current else None)
            self.entry_buttons.append(b)
            y += ch + self.s(4)
        y += self.s(16)
        self.add_label_y = y
        y += self.s(24)
        for p in self.muster.presets:
            text = f"+ {p.label}" + (f"  ({p.note})" if p.note else "")
            b = self.button(pygame.Rect(m, y, col, ch), text, lambda p=p: self.add(p))
            if len(self.entries) >= self.muster.most:
                b.disable()
                self.full = True
            y += ch + self.s(4)
        self.remove_button = self.button(pygame.Rect(m, y + self.s(12), col, ch),
                                         f"Remove this {self.muster.noun}", self.remove)
        if self.entry() is None:
            self.remove_button.disable()
        # the middle: the fields of the entry being edited
        self.field_widgets: dict[object, str] = {}
        self.steppers = []
        self.item_rows: list[tuple[int, str]] = []
        self.scroll_note = None
        self.field_labels: list[tuple[str, int, int]] = []
        entry = self.entry()
        y = top
        if entry is not None:
            for f in self.muster.fields:
                self.field_labels.append((f.label, mid_x, y + self.s(5)))
                fx = mid_x + self.s(120)
                if f.kind == TEXT:
                    widget = UITextEntryLine(pygame.Rect(fx, y, mid_w - self.s(120), ch), self.app.manager,
                                             container=self.container, initial_text=str(entry.get(f.id, "")))
                    self.field_widgets[widget] = f.id
                elif f.kind == NUMBER:
                    self.button(pygame.Rect(fx, y, ch, ch), "-", lambda fid=f.id: self.bump(fid, -1))
                    self.steppers.append((pygame.Rect(fx + ch, y, self.s(50), ch), f.id))
                    self.button(pygame.Rect(fx + ch + self.s(50), y, ch, ch), "+", lambda fid=f.id: self.bump(fid, 1))
                elif f.kind == CHOICE:
                    value = entry.get(f.id)
                    widget = UIDropDownMenu(list(f.choices), value if value in f.choices else f.choices[0],
                                            pygame.Rect(fx, y, mid_w - self.s(120), ch), self.app.manager,
                                            container=self.container)
                    self.field_widgets[widget] = f.id
                elif f.kind == ITEMS:
                    y = self.build_items(f, entry, mid_x, y + self.s(26), mid_w, ch)
                    continue
                y += ch + self.s(6)
        # the right: done, cancel, the scenario's own force
        self.button(pygame.Rect(right_x, h - m - self.s(50), col, self.s(50)), "Done  (Enter)", self.done, "#primary")
        self.button(pygame.Rect(right_x, h - m - self.s(92), col, ch), "Cancel  (Esc)", self.back)
        self.button(pygame.Rect(right_x, h - m - self.s(128), col, ch), "Back to the scenario's force",
                    self.restore)
        self.right_rect = pygame.Rect(right_x, top, col, h - m - self.s(136) - top)

    def build_items(self, f, entry, x: int, y: int, width: int, ch: int) -> int:
        items = list(entry.get(f.id) or [])
        row = ch - self.s(2)
        below = self.s(6) + (ch + self.s(6) if f.choices else 0) + ch + self.s(40)    # pick, type, help
        room = max(1, (self.app.size[1] - self.s(20) - below - y) // row)
        shown = range(len(items))
        self.items_rect = pygame.Rect(x, y, width, 0)
        if len(items) > room:           # more than fit: a window of them, scrolled by up/down or the wheel
            room = max(1, room - 1)
            self.item_scroll = max(0, min(self.item_scroll, len(items) - room))
            shown = range(self.item_scroll, self.item_scroll + room)
            bw = self.s(56)
            self.scroll_note = (f"{shown.start + 1}-{shown.stop} of {len(items)}", x + width - bw - self.s(45), y + self.s(4))
            self.scroll_up = self.button(pygame.Rect(x + width - 2 * bw - self.s(90), y, bw, ch - self.s(4)), "up",
                                         lambda: self.scroll_items(-1), tooltip="earlier ones (or the mouse wheel)")
            self.scroll_down = self.button(pygame.Rect(x + width - bw, y, bw, ch - self.s(4)), "down",
                                           lambda: self.scroll_items(1), tooltip="later ones (or the mouse wheel)")
            if shown.start == 0:
                self.scroll_up.disable()
            if shown.stop >= len(items):
                self.scroll_down.disable()
            y += row
        for n in shown:
            item = items[n]
            self.item_rows.append((y, item))
            self.button(pygame.Rect(x + width - ch, y, ch, ch - self.s(4)), "×", lambda n=n, fid=f.id: self.drop(fid, n),
                        tooltip=f"remove {item}")
            y += row
        self.items_rect.height = y - self.items_rect.y
        y += self.s(6)
        if f.choices:
            menu = UIDropDownMenu([PICK] + [c for c in f.choices if c not in items], PICK,
                                  pygame.Rect(x, y, width, ch), self.app.manager, container=self.container)
            self.field_widgets[menu] = f.id
            y += ch + self.s(6)
        self.typed = UITextEntryLine(pygame.Rect(x, y, width - self.s(90), ch), self.app.manager,
                                     container=self.container, placeholder_text="or type one")
        self.typed_field = f.id
        self.button(pygame.Rect(x + width - self.s(84), y, self.s(84), ch), "Add", self.add_typed, tooltip=f.help)
        self.items_help = (f.help, x, y + ch + self.s(4), width)
        return y + ch + self.s(40)

    # -- editing ---------------------------------------------------------------------------------
    def scroll_items(self, by: int) -> None:
        self.item_scroll = max(0, self.item_scroll + by)
        self.app.later(self.rebuild)

    def select(self, i: int) -> None:
        self.current = i
        self.item_scroll = 0
        self.rebuild()

    def add(self, preset) -> None:
        entry = preset.new_entry()
        names = {e.get("name") for e in self.entries}
        if "name" in entry:
            base, n = entry["name"], 2
            while entry["name"] in names:
                entry["name"], n = f"{base} {n}", n + 1
        self.entries.append(entry)
        self.current = len(self.entries) - 1
        self.rebuild()

    def remove(self) -> None:
        if self.entry() is not None:
            del self.entries[self.current]
            self.current = max(0, min(self.current, len(self.entries) - 1))
            self.rebuild()

    def restore(self) -> None:
        self.entries = self.ruleset.muster_force(self.scenario, self.side)
        self.current = 0
        self.rebuild()

    def bump(self, fid: str, by: int) -> None:
        entry = self.entry()
        if entry is not None and not step(self.muster, entry, fid, by):
            f = self.muster.field(fid)
            self.message = f"{f.label} stays from {f.low} to {f.high}"
        else:
            self.message = ""
            self.refresh_labels()

    def drop(self, fid: str, n: int) -> None:
        entry = self.entry()
        if entry is not None and n < len(entry.get(fid, [])):
            del entry[fid][n]
            self.rebuild()

    def add_item(self, fid: str, text: str) -> None:
        entry = self.entry()
        text = text.strip()
        if entry is None or not text:
            return
        items = entry.setdefault(fid, [])
        if text in items:
            self.message = f"{text} is already on the sheet"
            return
        items.append(text)
        self.item_scroll = len(items)           # the new one in view (the list scrolls to its end)
        self.message = ""
        self.rebuild()

    def add_typed(self) -> None:
        self.add_item(self.typed_field, self.typed.get_text())

    def refresh_labels(self) -> None:
        tally = self.tally()
        for i, b in enumerate(self.entry_buttons):
            b.set_text(self.entry_label(i, tally))

    def done(self) -> None:
        tally = self.tally()
        if not tally.legal:
            self.message = "This force cannot be used: " + tally.problems[0]
            return
        self.on_done(copy.deepcopy(self.entries))
        self.app.pop(self)

    def back(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            focused = getattr(self, "typed", None) is not None and self.typed.is_focused
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.add_typed() if focused else self.done()
        elif event.type == pygame.MOUSEWHEEL and self.scroll_note and self.items_rect.collidepoint(self.app.mouse):
            self.scroll_items(-event.y)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in self.field_widgets:
            entry = self.entry()
            if entry is not None:
                entry[self.field_widgets[event.ui_element]] = event.text
                self.refresh_labels()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in self.field_widgets:
            fid = self.field_widgets[event.ui_element]
            if self.muster.field(fid).kind == ITEMS:
                if event.text != PICK:
                    self.app.later(lambda: self.add_item(fid, event.text))
            elif self.entry() is not None:
                self.entry()[fid] = event.text
                self.refresh_labels()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        fonts = self.app.fonts
        w = surface.get_width()
        m = self.s(20)
        theme.draw_text(surface, fonts, f"Build the force · {self.muster.title}", (m, self.s(14)), 22, theme.ACCENT, "b")
        for n, line in enumerate(fonts.wrap(self.muster.help, 12, w - 2 * m)[:2]):
            theme.draw_text(surface, fonts, line, (m, self.s(48) + n * fonts.line_height(12)), 12, theme.DIM)
        top = self.s(96)
        theme.draw_text(surface, fonts, f"The force ({self.muster.fewest}-{self.muster.most} {self.muster.nouns})",
                        (m, top), 15, theme.ACCENT, "b")
        theme.draw_text(surface, fonts, "Add a preset" + (" (the force is full)" if self.full else ""),
                        (m, self.add_label_y), 15, theme.ACCENT, "b")
        for text, x, y in self.field_labels:
            theme.draw_text(surface, fonts, text, (x, y), 14, theme.TEXT, "b")
        entry = self.entry()
        for rect, fid in self.steppers:
            value = entry.get(fid) if entry else ""
            theme.draw_text(surface, fonts, str(value), rect.center, 16, theme.TEXT, "b", anchor="center")
            theme.draw_text(surface, fonts, self.step_prices(fid), (rect.right + rect.h + self.s(12), rect.y + self.s(6)),
                            12, theme.DIM)
        if self.scroll_note:
            text, x, y = self.scroll_note
            theme.draw_text(surface, fonts, text, (x, y), 12, theme.DIM, anchor="midtop")
        for y, item in self.item_rows:
            theme.draw_text(surface, fonts, item, (self.field_labels[0][1] + self.s(12), y + self.s(4)), 13)
        if getattr(self, "items_help", None) and entry is not None:
            text, x, y, width = self.items_help
            for n, line in enumerate(fonts.wrap(text, 11, width)[:2]):
                theme.draw_text(surface, fonts, line, (x, y + n * fonts.line_height(11)), 11, theme.DIM, "i")
        self.draw_tally(surface)
        if self.message:                # wrapped left of the buttons on the right
            lines = fonts.wrap(self.message, 14, self.right_rect.x - 2 * m)
            bottom = surface.get_height() - self.s(14)
            for n, line in enumerate(reversed(lines)):
                theme.draw_text(surface, fonts, line, (m, bottom - n * fonts.line_height(14)), 14, theme.BAD,
                                anchor="bottomleft")

    def step_prices(self, fid: str) -> str:
        """What the -/+ buttons of a number field would cost, as the ruleset prices the force."""
        return self.priced(("step", fid), lambda: self._step_prices(fid))

    def _step_prices(self, fid: str) -> str:
        entry = self.entry()
        if entry is None:
            return ""
        now = self.tally()
        out = []
        for by, what in ((1, "+"), (-1, "-")):
            trial = copy.deepcopy(entry)
            if step(self.muster, trial, fid, by):
                entries = self.entries[:self.current] + [trial] + self.entries[self.current + 1:]
                cost = sum(self.ruleset.muster_tally(self.scenario, self.side, entries).costs) - sum(now.costs)
                out.append(f"{what} costs {cost}" if cost >= 0 else f"{what} gives back {-cost}")
        return " · ".join(out)

    def draw_tally(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        r = self.right_rect
        tally = self.tally()
        theme.panel(surface, r, theme.PANEL_DARK, theme.EDGE, 6)
        x, y = r.x + self.s(12), r.y + self.s(10)
        if self.muster.per_entry and self.entry() is not None:
            left, what = tally.entry_left[self.current], f"of this {self.muster.noun}'s {self.muster.budget}"
        else:
            left, what = tally.left, f"of the force's {self.muster.budget}"
        for n, note in enumerate(reversed(self.others)):
            theme.draw_text(surface, fonts, note, (x, r.bottom - self.s(10) - n * fonts.line_height(12)), 12,
                            theme.DIM, "i", anchor="bottomleft")
        theme.draw_text(surface, fonts, "Points left", (x, y), 15, theme.ACCENT, "b")
        y += self.s(22)
        big = theme.draw_text(surface, fonts, str(left), (x, y), 40, theme.GOOD if left >= 0 else theme.BAD, "b")
        theme.draw_text(surface, fonts, what, (big.right + self.s(10), big.bottom - self.s(8)), 13, theme.DIM,
                        anchor="bottomleft")
        y += self.s(58)
        if tally.legal:
            theme.draw_text(surface, fonts, "This force is legal.", (x, y), 14, theme.GOOD, "b")
            return
        theme.draw_text(surface, fonts, "Not legal yet:", (x, y), 14, theme.BAD, "b")
        y += self.s(22)
        for problem in tally.problems:
            for line in fonts.wrap(problem, 12, r.w - self.s(24)):
                if y > r.bottom - self.s(16):
                    return
                theme.draw_text(surface, fonts, line, (x, y), 12, theme.TEXT)
                y += fonts.line_height(12)
            y += self.s(4)
