"""The screen protocol: handle(event), update(dt), draw(surface); draw never changes game state.

Each screen owns a pygame_gui container holding its widgets; the App hides it while another
screen sits on top and kills it when the screen leaves the stack.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel
from pygame_gui.windows import UIFileDialog

from game.ui import theme

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

    # -- one file dialog at a time (opening a scenario or a save) --------------------------------
    dialog: UIFileDialog | None = None

    def open_file_dialog(self, title: str, start: str) -> None:
        if self.dialog is not None:
            return
        w, h = self.app.size
        self.dialog = UIFileDialog(pygame.Rect(w // 2 - self.s(320), h // 2 - self.s(240), self.s(640), self.s(480)),
                                   self.app.manager, title, initial_file_path=start,
                                   allow_picking_directories=False, allow_existing_files_only=True)

    def close_file_dialog(self) -> bool:
        """Esc closes an open dialog first; False when there was none."""
        if self.dialog is None:
            return False
        self.dialog.kill()
        self.dialog = None
        return True

    def file_dialog_event(self, event: pygame.event.Event) -> str | None:
        """The path picked in this screen's dialog, or None; forgets a dialog that closed."""
        if getattr(event, "ui_element", None) is not self.dialog or self.dialog is None:
            return None
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            return event.text
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            self.dialog = None
        return None

    def label(self, rect: pygame.Rect, text: str, object_id: str | None = None) -> UILabel:
        return UILabel(rect, text, self.app.manager, container=self.container,
                       object_id=pygame_gui.core.ObjectID(object_id=object_id) if object_id else None)


def shaded_panel(screen, surface: pygame.Surface) -> tuple[int, int, int]:
    """The table shaded, the overlay's box drawn; returns where its text starts and its width."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((10, 12, 16, 170))
    surface.blit(shade, (0, 0))
    box = screen.box
    theme.panel(surface, box, theme.PANEL, theme.ACCENT, 10)
    return box.x + screen.s(28), box.y + screen.s(20), box.w - screen.s(56)
