"""Colours, fonts and the pygame_gui theme, scaled by the UI scale setting.

Side colours follow the Okabe-Ito palette (distinct for the common colour-blindnesses), and every
side also gets its own mark drawn on its bases (ring, diamond, triangle, cross), so colour is
never the only cue.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pygame

HERE = Path(__file__).resolve().parent

BG = (26, 29, 34)
PANEL = (36, 40, 47)
PANEL_DARK = (29, 32, 38)
EDGE = (66, 72, 84)
TEXT = (230, 232, 236)
DIM = (160, 166, 176)
FAINT = (110, 116, 126)
ACCENT = (240, 190, 70)          # selection, the active tool
GOOD = (0, 158, 115)             # Okabe-Ito bluish green: clear LOS, success
BAD = (230, 60, 50)              # red: blocked LOS, failure, an illegal click
WARN = (230, 159, 0)             # Okabe-Ito orange
TABLE_EDGE = (18, 20, 24)
OPEN_GROUND = (207, 220, 159)

SIDE_COLOURS = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167)]
SIDE_MARKS = ["ring", "diamond", "triangle", "cross"]

MARKER_LABELS = {"pinned": "P", "out-of-control": "!", "routed": "R", "wounded": "W",
                 "reloading": "L", "hidden": "H"}
MARKER_COLOURS = {"pinned": (240, 190, 70), "out-of-control": (204, 121, 167), "routed": (230, 60, 50),
                  "wounded": (213, 94, 0), "reloading": (86, 180, 233), "hidden": (120, 120, 130)}


def side_colour(side: int) -> tuple[int, int, int]:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def seat_of(view, side: int) -> int:
    """The outer game's side playing `side` of a nested game (a campaign's battle): a side keeps its
    colour and mark in the battles it fights."""
    seats = getattr(view, "seats", None)
    if seats and 0 <= side < len(seats):
        return int(seats[side])
    return side


def side_mark(side: int) -> str:
    return SIDE_MARKS[side % len(SIDE_MARKS)]


def hex_colour(text: str | None, default: tuple[int, int, int] = (180, 180, 180)) -> tuple[int, int, int]:
    if not text or not isinstance(text, str):
        return default
    t = text.lstrip("#")
    try:
        if len(t) in (6, 8):
            return (int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16))
        if len(t) == 3:
            return tuple(int(c * 2, 16) for c in t)  # type: ignore[return-value]
    except ValueError:
        pass
    return default


def shade(colour: tuple[int, ...], factor: float) -> tuple[int, int, int]:
    """factor < 1 darkens, > 1 lightens towards white."""
    r, g, b = colour[:3]
    if factor <= 1:
        return (int(r * factor), int(g * factor), int(b * factor))
    f = factor - 1
    return (int(r + (255 - r) * f), int(g + (255 - g) * f), int(b + (255 - b) * f))


def _font_file(name: str) -> str | None:
    try:
        import pygame_gui
        path = Path(pygame_gui.__file__).resolve().parent / "data" / name
        return str(path) if path.is_file() else None
    except ImportError:
        return None


class Fonts:
    """Fonts by size and style, with a cache of rendered text (text is drawn every frame)."""

    def __init__(self, scale: float = 1.0):
        self.scale = scale
        self._fonts: dict[tuple[int, str], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self.frame_texts: list[str] = []     # every text drawn this frame (tests read it)
        self._glyphs: dict[tuple[str, str], bool] = {}
        self._ft: dict[str, object] = {}
        self._files = {"": _font_file("NotoSans-Regular.ttf"), "b": _font_file("NotoSans-Bold.ttf"),
                       "i": _font_file("NotoSans-Italic.ttf"), "bi": _font_file("NotoSans-BoldItalic.ttf"),
                       "code": _font_file("FiraCode-Regular.ttf")}

    def px(self, size: float) -> int:
        return max(8, int(round(size * self.scale)))

    def get(self, size: float, style: str = "") -> pygame.font.Font:
        key = (self.px(size), style)
        font = self._fonts.get(key)
        if font is None:
            path = self._files.get(style) or self._files.get("")
            font = pygame.font.Font(path, key[0])
            if path is None and "b" in style:
                font.set_bold(True)
            self._fonts[key] = font
        return font

    FALLBACK = {"≥": ">=", "≤": "<=", "≠": "!=", "▼": "v", "▲": "^", "→": "->", "←": "<-", "▸": ">",
                "×": "x", "−": "-", "…": "...", "“": '"', "”": '"', "‘": "'", "’": "'", "•": "*"}

    def safe(self, text: str, size: float = 14, style: str = "") -> str:
        """Characters the font cannot draw replaced by ASCII (the bundled Noto Sans is a subset)."""
        if text.isascii():
            return text
        out = []
        for ch in text:
            ok = self._glyphs.get((style, ch))
            if ok is None:
                ok = self._has_glyph(style, ch)
                self._glyphs[(style, ch)] = ok
            out.append(ch if ok else self.FALLBACK.get(ch, "?"))
        return "".join(out)

    def _has_glyph(self, style: str, ch: str) -> bool:
        try:
            import pygame.freetype as ft
            if not ft.get_init():
                ft.init()
            font = self._ft.get(style)
            if font is None:
                font = ft.Font(self._files.get(style) or self._files.get(""), 12)
                self._ft[style] = font
            metrics = font.get_metrics(ch)
            return bool(metrics) and metrics[0] is not None
        except Exception:
            return True

    def begin_frame(self) -> None:
        self.frame_texts = []

    def render(self, text: str, size: float, colour=TEXT, style: str = "") -> pygame.Surface:
        self.frame_texts.append(text)
        key = (text, self.px(size), tuple(colour), style)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 4000:
                self._text.clear()
            surf = self.get(size, style).render(self.safe(text, size, style), True, colour)
            self._text[key] = surf
        return surf

    def line_height(self, size: float, style: str = "") -> int:
        return self.get(size, style).get_linesize()

    def wrap(self, text: str, size: float, width: int, style: str = "") -> list[str]:
        """Break text into lines no wider than `width` pixels (explicit newlines kept)."""
        font = self.get(size, style)
        out: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                trial = w if not line else line + " " + w
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = w
            out.append(line)
        return out


def build_theme(scale: float) -> dict[str, Any]:
    """The pygame_gui theme with every font size and list height scaled."""
    theme = json.loads((HERE / "theme.json").read_text(encoding="utf-8"))
    theme = copy.deepcopy(theme)
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(max(8, int(round(float(font["size"]) * scale))))
        misc = block.get("misc")
        if isinstance(misc, dict) and "list_item_height" in misc:
            misc["list_item_height"] = str(int(round(float(misc["list_item_height"]) * scale)))
    return theme


def draw_text(surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int], size: float = 14,
              colour=TEXT, style: str = "", anchor: str = "topleft") -> pygame.Rect:
    img = fonts.render(text, size, colour, style)
    rect = img.get_rect(**{anchor: pos})
    surface.blit(img, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, edge=EDGE, radius: int = 6,
          alpha: int | None = None) -> None:
    if alpha is not None:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*colour[:3], alpha), tmp.get_rect(), border_radius=radius)
        if edge:
            pygame.draw.rect(tmp, (*edge[:3], min(255, alpha + 40)), tmp.get_rect(), 1, border_radius=radius)
        surface.blit(tmp, rect)
        return
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)
