"""Settings: UI scale (remembered between runs), AI speed, tape units, LOS preview, legend."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu

from game.ui import theme
from game.ui.screens.base import Screen
from game.ui.settings import AI_SPEEDS, UI_SCALES


def _pct(v: float) -> str:
    return f"{int(round(v * 100))}%"


class SettingsScreen(Screen):
    name = "settings"

    def build(self) -> None:
        w, h = self.app.size
        st = self.app.settings
        x = w // 2 - self.s(40)
        y = self.s(120)
        row = self.s(52)
        cw, ch = self.s(260), self.s(36)
        self.rows = []
        scales = [_pct(v) for v in UI_SCALES]
        current = _pct(st.ui_scale) if _pct(st.ui_scale) in scales else "100%"
        self.scale_menu = UIDropDownMenu(scales, current, pygame.Rect(x, y, cw, ch), self.app.manager,
                                         container=self.container)
        self.rows.append(("UI scale", y))
        y += row
        self.speed_menu = UIDropDownMenu(list(AI_SPEEDS), st.ai_speed, pygame.Rect(x, y, cw, ch), self.app.manager,
                                         container=self.container)
        self.rows.append(("AI speed", y))
        y += row
        self.toggles = {}
        for attr, text in (("los_preview", "LOS preview from the unit under the cursor"),
                           ("show_legend", "Terrain legend on the table"),
                           ("inches", "Tape shows inches first"),
                           ("turn_sound", "A tone when it is your turn (network play)")):
            b = self.button(pygame.Rect(x, y, cw, ch), self._toggle_text(attr), lambda a=attr: self.toggle(a))
            self.toggles[attr] = b
            self.rows.append((text, y))
            y += row
        self.button(pygame.Rect(x, y + self.s(20), cw, self.s(42)), "Done  (Esc)", self.back, "#primary")

    def _toggle_text(self, attr: str) -> str:
        return "on" if getattr(self.app.settings, attr) else "off"

    def toggle(self, attr: str) -> None:
        setattr(self.app.settings, attr, not getattr(self.app.settings, attr))
        self.toggles[attr].set_text(self._toggle_text(attr))
        self.app.save_settings()

    def back(self) -> None:
        self.app.save_settings()
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event.key)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.scale_menu:
                value = float(event.text.rstrip("%")) / 100
                self.app.later(lambda: self.app.set_ui_scale(value))
            elif event.ui_element is self.speed_menu:
                self.app.settings.ai_speed = event.text
                self.app.save_settings()

    def key(self, k: int) -> None:
        """Esc back; + / - the UI scale; A the AI speed; 1-4 the toggles."""
        st = self.app.settings
        if k == pygame.K_ESCAPE:
            self.back()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            up = k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
            i = min(range(len(UI_SCALES)), key=lambda j: abs(UI_SCALES[j] - st.ui_scale))
            i = max(0, min(len(UI_SCALES) - 1, i + (1 if up else -1)))
            value = UI_SCALES[i]
            self.app.later(lambda: self.app.set_ui_scale(value))
        elif k == pygame.K_a:
            speeds = list(AI_SPEEDS)
            st.ai_speed = speeds[(speeds.index(st.ai_speed) + 1) % len(speeds)] if st.ai_speed in speeds else "normal"
            self.app.save_settings()
            self.app.later(self.rebuild)
        elif k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            self.toggle(("los_preview", "show_legend", "inches", "turn_sound")[k - pygame.K_1])

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        w, _ = surface.get_size()
        fonts = self.app.fonts
        theme.draw_text(surface, fonts, "Settings", (w // 2, self.s(40)), 28, theme.ACCENT, "b", anchor="midtop")
        x = w // 2 - self.s(60)
        for text, y in self.rows:
            theme.draw_text(surface, fonts, text, (x, y + self.s(18)), 16, theme.TEXT, anchor="midright")
        theme.draw_text(surface, fonts, "keys: + / - UI scale · A AI speed · 1-4 the switches · Esc done",
                        (w // 2, surface.get_height() - self.s(20)), 12, theme.DIM, anchor="midbottom")
