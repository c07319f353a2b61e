"""Every keyboard shortcut and mouse gesture, once: the game screen dispatches keys from this table
and the help overlay lists it, so the two cannot drift apart.

A binding names a command (the game screen has one handler per command), how the help writes its
keys, what it does, and the chords that trigger it. Bindings with no chords are mouse gestures or
keys another screen handles (the menus); the help lists them all the same.
"""
from __future__ import annotations

import dataclasses

import pygame


@dataclasses.dataclass(frozen=True)
class Chord:
    key: int
    ctrl: bool = False
    shift: bool | None = None       # None: either
    arg: object = None              # passed to the command (an option's number, a pan direction)


@dataclasses.dataclass(frozen=True)
class Binding:
    group: str
    keys: str                       # as the help shows them
    text: str
    command: str | None = None      # None: a gesture or another screen's key, listed only
    chords: tuple[Chord, ...] = ()


def _c(*keys: int, ctrl: bool = False, shift: bool | None = None, arg: object = None) -> tuple[Chord, ...]:
    return tuple(Chord(k, ctrl, shift, arg) for k in keys)


_DIGITS = tuple(Chord(k, arg=n) for n in range(10) for k in (pygame.K_0 + n, pygame.K_KP0 + n))
_ZOOM = _c(pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, arg=1) + _c(pygame.K_MINUS, pygame.K_KP_MINUS, arg=-1)
_PAN = (Chord(pygame.K_LEFT, arg=(1, 0)), Chord(pygame.K_RIGHT, arg=(-1, 0)),
        Chord(pygame.K_UP, arg=(0, 1)), Chord(pygame.K_DOWN, arg=(0, -1)))

KEYMAP: tuple[Binding, ...] = (
    Binding("Anywhere", "F1", "this help (any key closes it)", "help", _c(pygame.K_F1)),
    Binding("Anywhere", "Esc", "back; on the table: cancel the placement, then switch the tools off and clear "
            "the selection, then the game menu", "escape", _c(pygame.K_ESCAPE)),
    Binding("Menus", "N / C / L", "main menu: new game / continue the autosave / load a game"),
    Binding("Menus", "R / E / S / Q", "main menu: rules / editor / settings / quit"),
    Binding("Menus", "Up Down, 1-9, Shift+1-9", "new game: scenario, options, who plays each side"),
    Binding("Menus", "+ / -, A, 1 2 3", "settings: UI scale, AI speed, switches"),
    Binding("Acting on the table", "Tab", "select the next unit that can act", "next_unit",
            _c(pygame.K_TAB, shift=False)),
    Binding("Acting on the table", "Shift+Tab", "select the previous unit that can act", "previous_unit",
            _c(pygame.K_TAB, shift=True)),
    Binding("Acting on the table", "click a unit", "select it; click an enemy to pick the attack on it"),
    Binding("Acting on the table", "1 … 9, 0", "choose that option (its odds are shown first)", "option", _DIGITS),
    Binding("Acting on the table", "P", "pass (when the rules offer it)", "pass", _c(pygame.K_p)),
    Binding("Acting on the table", "Enter", "confirm the highlighted option / the placement at the cursor; "
            "hand over after a banner", "confirm", _c(pygame.K_RETURN, pygame.K_KP_ENTER)),
    Binding("Acting on the table", "click, then drag", "in a move region: place the unit, drag (or click again) "
            "to face"),
    Binding("Acting on the table", "right click", "cancel the placement, else the tool in use"),
    Binding("Acting on the table", "Space", "skip the AI's animation (play its turn at once)", "skip_ai",
            _c(pygame.K_SPACE)),
    Binding("Acting on the table", "Ctrl+Z", "undo the last action, when no dice were rolled since", "undo",
            _c(pygame.K_z, ctrl=True)),
    Binding("Tools", "M", "measuring tape (drag): cm and inches", "tool_measure", _c(pygame.K_m)),
    Binding("Tools", "V", "line of sight (drag): green clear, red blocked, blocker lit", "tool_los",
            _c(pygame.K_v)),
    Binding("Tools", "F", "field of vision / firing arc of the selected unit; [ ] change the arc", "tool_arc",
            _c(pygame.K_f)),
    Binding("Tools", "B", "blast template at the cursor; [ ] change the radius", "tool_blast", _c(pygame.K_b)),
    Binding("Tools", "[ / ]", "smaller / larger arc or blast radius", "adjust",
            _c(pygame.K_LEFTBRACKET, arg=-1) + _c(pygame.K_RIGHTBRACKET, arg=1)),
    Binding("Tools", "R", "range bands around the selected unit", "tool_rings", _c(pygame.K_r)),
    Binding("Tools", "O", "LOS preview from the unit under the cursor on / off", "los_preview", _c(pygame.K_o)),
    Binding("Tools", "G", "terrain legend on / off", "tool_legend", _c(pygame.K_g)),
    Binding("View", "wheel, + / -", "zoom (towards the cursor)", "zoom", _ZOOM),
    Binding("View", "right drag, arrows", "pan the table (middle drag too)", "pan", _PAN),
    Binding("View", "Home", "fit the table to the window", "fit", _c(pygame.K_HOME)),
    Binding("View", "L", "the log: every event / only the dice", "log_filter", _c(pygame.K_l)),
    Binding("View", "U", "your units (the roster) in the log's place, and back; click one to select and "
            "centre it", "roster", _c(pygame.K_u)),
    Binding("View", "click a log entry", "the table at that moment, its units and line of fire lit"),
    Binding("View", "F4", "replay: step through the game (Left / Right, Home / End; Esc back)", "replay",
            _c(pygame.K_F4)),
    Binding("View", "I", "statistics so far: the luck report, losses turn by turn", "statistics",
            _c(pygame.K_i)),
    Binding("Game", "Ctrl+S", "quick save", "quick_save", _c(pygame.K_s, ctrl=True, shift=False)),
    Binding("Game", "Ctrl+Shift+S", "save as…", "save_as", _c(pygame.K_s, ctrl=True, shift=True)),
    Binding("Game", "F9", "quick load", "quick_load", _c(pygame.K_F9)),
    Binding("Game", "Ctrl+L", "load a game…", "load_game", _c(pygame.K_l, pygame.K_o, ctrl=True)),
    Binding("Game", "F2", "rules reference", "rules", _c(pygame.K_F2)),
    Binding("Game", "F3", "settings", "settings", _c(pygame.K_F3)),
)


def groups(keymap: tuple[Binding, ...] = KEYMAP) -> list[tuple[str, list[Binding]]]:
    """The bindings by group, in the keymap's order (for the help overlay)."""
    out: dict[str, list[Binding]] = {}
    for b in keymap:
        out.setdefault(b.group, []).append(b)
    return list(out.items())


def lookup(key: int, mod: int, keymap: tuple[Binding, ...] = KEYMAP) -> tuple[Binding, Chord] | None:
    """The binding and chord a key press triggers, or None."""
    ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
    shift = bool(mod & pygame.KMOD_SHIFT)
    for b in keymap:
        for c in b.chords:
            if c.key == key and c.ctrl == ctrl and (c.shift is None or c.shift == shift):
                return b, c
    return None


def commands(keymap: tuple[Binding, ...] = KEYMAP) -> set[str]:
    return {b.command for b in keymap if b.command}
