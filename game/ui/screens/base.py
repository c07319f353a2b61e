"""The screen protocol: handle(event), update(dt), draw(surface); draw never changes game state.

Each screen owns a pygame_gui container holding its widgets; the App hides it while another
screen sits on top and kills it when the screen leaves the stack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel

if TYPE_CHECKING:
    from game.ui.app import App


class Screen:
    opaque = True          # False: the screen below is drawn first (overlays)
    name = "screen"

    def __init__(self, app: "App"):
        self.app = app
        self.container: pygame_gui.core.UIContainer | None = None

    # -- life on the stack ------------------------------------------------------------------------
    def enter(self) -> None:
        w, h = self.app.size
        self.container = pygame_gui.core.UIContainer(pygame.Rect(0, 0, w, h), self.app.manager)
        self.build()

    def build(self) -> None:
        """Create the widgets for the current window size and UI scale."""

    def rebuild(self) -> None:
        visible = self.container is None or self.container.visible
        self.leave()
        self.enter()
        if not visible and self.container is not None:
            self.container.hide()

    def leave(self) -> None:
        if self.container is not None:
            self.container.kill()
            self.container = None

    def pause(self) -> None:
        if self.container is not None:
            self.container.hide()

    def resume(self) -> None:
        if self.container is not None:
            self.container.show()

    # -- the loop ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def draw_over(self, surface: pygame.Surface) -> None:
        """Drawn after the widgets (tooltips, toasts)."""

    def caption(self) -> str | None:
        return None

    # -- helpers ---------------------------------------------------------------------------------
    def s(self, value: float) -> int:
        """A length in px at the UI scale."""
        return int(round(value * self.app.settings.ui_scale))

    def button(self, rect: pygame.Rect, text: str, on: Callable[[], Any], object_id: str | None = None,
               tooltip: str | None = None) -> UIButton:
        b = UIButton(rect, text, self.app.manager, container=self.container, tool_tip_text=tooltip,
                     object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None)
        b.bind(pygame_gui.UI_BUTTON_PRESSED, lambda _data=None: self.app.later(on))
        return b

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None) -> UILabel:
        return UILabel(rect, text, self.app.manager, container=self.container,
                       object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None)
