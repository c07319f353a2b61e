"""Every editor shortcut, once: the editor screen dispatches keys from this table and the help
overlay (F1) lists it, as the game screen does with game.ui.components.keymap."""
from __future__ import annotations

import pygame

from game.editor.tools import TOOLS
from game.ui.components.keymap import Binding, Chord, _c

_TOOL_KEYS = {t.id: getattr(pygame, f"K_{t.key.lower()}") for t in TOOLS}
_SIDES = tuple(Chord(pygame.K_1 + n, arg=n) for n in range(4))

EDITOR_KEYMAP: tuple[Binding, ...] = (
    Binding("Anywhere", "F1", "this help (any key closes it)"),
    Binding("Anywhere", "Esc", "cancel the shape being drawn, then clear the selection, then close the editor "
            "(it asks first when there are unsaved changes)", "escape", _c(pygame.K_ESCAPE)),
    *(Binding("Editor tools", t.key, f"{t.label}: {t.help}" if t.help else t.label, "tool",
              (Chord(_TOOL_KEYS[t.id], arg=t.id),)) for t in TOOLS),
    Binding("Choosing", ", / .", "previous / next kind (terrain, unit, hex terrain, place, river or road)",
            "cycle", _c(pygame.K_COMMA, arg=-1) + _c(pygame.K_PERIOD, arg=1)),
    Binding("Choosing", "1 2 3 4", "the side new units and zones belong to", "side", _SIDES),
    Binding("Choosing", "Ctrl+N", "add a side", "add_side", _c(pygame.K_n, ctrl=True)),
    Binding("Editing", "Enter", "close the polygon / end the wall being drawn", "finish",
            _c(pygame.K_RETURN, pygame.K_KP_ENTER)),
    Binding("Editing", "Backspace", "drop the last point drawn, else the corner grabbed, else delete the selection", "back",
            _c(pygame.K_BACKSPACE)),
    Binding("Editing", "Delete", "delete the corner grabbed (Select tool), else the selection", "delete", _c(pygame.K_DELETE)),
    Binding("Editing", "drag a corner", "move one corner of the selected shape (Shift+click an edge: a new corner)"),
    Binding("Editing", "Ctrl+D", "duplicate the selection", "duplicate", _c(pygame.K_d, ctrl=True)),
    Binding("Editing", "arrows (Shift: ×5)", "move the selection by one grid step", "nudge",
            (Chord(pygame.K_LEFT, arg=(-1, 0)), Chord(pygame.K_RIGHT, arg=(1, 0)),
             Chord(pygame.K_UP, arg=(0, -1)), Chord(pygame.K_DOWN, arg=(0, 1)))),
    Binding("Editing", "[ / ]", "rotate the selection 15° (a unit: its facing)", "rotate",
            _c(pygame.K_LEFTBRACKET, arg=-15) + _c(pygame.K_RIGHTBRACKET, arg=15)),
    Binding("Editing", "- / =", "scale the selection down / up by a tenth", "scale",
            _c(pygame.K_MINUS, pygame.K_KP_MINUS, arg=0.9) + _c(pygame.K_EQUALS, pygame.K_KP_PLUS, arg=1.1)),
    Binding("Editing", "Ctrl+Z", "undo", "undo", _c(pygame.K_z, ctrl=True, shift=False)),
    Binding("Editing", "Ctrl+Y, Ctrl+Shift+Z", "redo", "redo",
            _c(pygame.K_y, ctrl=True) + _c(pygame.K_z, ctrl=True, shift=True)),
    Binding("Editing", "G", "snap to the 1 cm grid on / off", "snap", _c(pygame.K_g)),
    Binding("Editing", "X", "fill every gap of the table with open ground", "fill", _c(pygame.K_x)),
    Binding("Scenario", "Ctrl+S", "save into your scenarios (listed under New game)", "save",
            _c(pygame.K_s, ctrl=True)),
    Binding("Scenario", "F5", "save and play it now", "play", _c(pygame.K_F5)),
    Binding("Scenario", "click a problem", "select the piece it is about"),
    Binding("View", "wheel", "zoom towards the cursor"),
    Binding("View", "right drag", "pan the board (middle drag too)"),
    Binding("View", "Home", "fit the board to the window", "fit", _c(pygame.K_HOME)),
)
