"""The rules reference: assets/rules/<id>.md laid out readably (headings, lists, tables), scrollable."""
from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UISelectionList

from game.ui import markdown, theme
from game.ui.screens.base import Screen

TEXT_COLOUR = (226, 228, 232)
CODE_BG = (24, 27, 32)


def rules_files() -> list[tuple[str, Path]]:
    try:
        from game.resources import assets_dir
        folder = assets_dir() / "rules"
    except Exception:
        return []
    if not folder.is_dir():
        return []
    return [(p.stem, p) for p in sorted(folder.glob("*.md"))]


def ruleset_name(rid: str) -> str:
    try:
        from game.engine import registry
        return registry.get(rid).name or rid
    except Exception:
        return rid


class Layout:
    """Blocks laid out at one width onto one tall surface."""

    def __init__(self, fonts: theme.Fonts, blocks: list[markdown.Block], width: int, scale: float):
        self.fonts = fonts
        self.width = width
        self.k = scale
        self.items: list[tuple[int, callable]] = []
        self.height = self._layout(blocks)

    def _spans_lines(self, spans, size, width, base_style=""):
        """Word-wrap styled spans: a list of lines, each a list of (text, style). A space between
        two words is kept whether it sits inside a span or at a span's edge."""
        words: list[tuple[str, str, bool]] = []        # (word, style, a space before it)
        pending_space = False
        for text, style in spans:
            st = "".join(sorted(set(base_style + style), key="bic".index)) if style != "code" else "code"
            if st not in ("", "b", "i", "bi", "code"):
                st = "b"
            parts = text.split(" ")
            for i, word in enumerate(parts):
                if i > 0:
                    pending_space = True
                if word:
                    words.append((word, st, pending_space))
                    pending_space = False
        lines: list[list[tuple[str, str]]] = [[]]
        x = 0
        space = self.fonts.get(size).size(" ")[0]
        for word, st, spaced in words:
            ww = self.fonts.get(size, st).size(word)[0]
            lead = space if spaced and lines[-1] else 0
            if x + lead + ww > width and lines[-1]:
                lines.append([])
                x, lead = 0, 0
            lines[-1].append(((" " if lead else "") + word, st))
            x += lead + ww
        return lines

    def _draw_lines(self, surface, lines, x, y, size, colour):
        lh = self.fonts.line_height(size)
        for line in lines:
            cx = x
            for text, st in line:
                img = self.fonts.render(text, size, colour if st != "code" else (240, 200, 140), st)
                surface.blit(img, (cx, y))
                cx += img.get_width()
            y += lh
        return y

    def _layout(self, blocks) -> int:
        k = self.k
        y = 0
        W = self.width
        for b in blocks:
            if b.kind == "h":
                size = {1: 26, 2: 21, 3: 18}.get(b.level, 16)
                y += int((18 if b.level <= 2 else 10) * k)
                lines = self._spans_lines(b.spans, size, W, "b")
                colour = theme.ACCENT if b.level <= 2 else (245, 245, 245)
                top = y
                self.items.append((top, lambda s, y0, lines=lines, size=size, colour=colour:
                                   self._draw_lines(s, lines, 0, y0, size, colour)))
                y += len(lines) * self.fonts.line_height(size, "b") + int(6 * k)
                if b.level <= 2:
                    self.items.append((y - int(4 * k), lambda s, y0: pygame.draw.line(s, (70, 76, 88), (0, y0), (W, y0))))
                    y += int(4 * k)
            elif b.kind in ("p", "quote"):
                indent = int(18 * k) if b.kind == "quote" else 0
                lines = self._spans_lines(b.spans, 15, W - indent, "i" if b.kind == "quote" else "")
                h = len(lines) * self.fonts.line_height(15)
                if b.kind == "quote":
                    self.items.append((y, lambda s, y0, h=h: pygame.draw.rect(s, theme.ACCENT, (0, y0, int(4 * k), h))))
                self.items.append((y, lambda s, y0, lines=lines, indent=indent:
                                   self._draw_lines(s, lines, indent, y0, 15, TEXT_COLOUR)))
                y += h + int(10 * k)
            elif b.kind == "li":
                indent = int((18 + 22 * b.level) * k)
                lines = self._spans_lines(b.spans, 15, W - indent)
                marker = b.marker
                self.items.append((y, lambda s, y0, marker=marker, indent=indent:
                                   s.blit(self.fonts.render(marker, 15, theme.ACCENT, "b"),
                                          (indent - int(16 * k) - (self.fonts.get(15).size(marker)[0] - 8 if len(marker) > 1 else 0), y0))))
                self.items.append((y, lambda s, y0, lines=lines, indent=indent:
                                   self._draw_lines(s, lines, indent, y0, 15, TEXT_COLOUR)))
                y += len(lines) * self.fonts.line_height(15) + int(3 * k)
            elif b.kind == "code":
                lh = self.fonts.line_height(13, "code")
                h = len(b.lines) * lh + int(12 * k)
                self.items.append((y, lambda s, y0, h=h, lines=b.lines, lh=lh: self._code(s, y0, h, lines, lh)))
                y += h + int(10 * k)
            elif b.kind == "hr":
                y += int(8 * k)
                self.items.append((y, lambda s, y0: pygame.draw.line(s, (90, 96, 108), (0, y0), (W, y0), 2)))
                y += int(10 * k)
            elif b.kind == "table":
                y = self._table(b, y)
        return y + int(40 * k)

    def _code(self, s, y0, h, lines, lh):
        pygame.draw.rect(s, CODE_BG, (0, y0, self.width, h), border_radius=4)
        yy = y0 + int(6 * self.k)
        for line in lines:
            s.blit(self.fonts.render(line or " ", 13, (210, 214, 220), "code"), (int(10 * self.k), yy))
            yy += lh

    def _table(self, b: markdown.Block, y: int) -> int:
        k = self.k
        ncol = max(len(r) for r in b.rows)
        pad = int(8 * k)
        natural = []
        for c in range(ncol):
            wmax = 0
            for r, row in enumerate(b.rows):
                if c < len(row):
                    text = "".join(t for t, _ in row[c])
                    wmax = max(wmax, self.fonts.get(14, "b" if r == 0 else "").size(text)[0])
            natural.append(wmax + 2 * pad)
        total = sum(natural)
        if total > self.width:
            widths = [max(int(40 * k), int(n * self.width / total)) for n in natural]
        else:
            widths = natural
        lh = self.fonts.line_height(14)
        for r, row in enumerate(b.rows):
            cells = []
            for c in range(ncol):
                spans = row[c] if c < len(row) else []
                cells.append(self._spans_lines(spans, 14, widths[c] - 2 * pad, "b" if r == 0 else ""))
            h = max(1, max(len(cl) for cl in cells)) * lh + pad
            self.items.append((y, lambda s, y0, cells=cells, h=h, r=r: self._row(s, y0, cells, widths, h, r, b.align, pad)))
            y += h
        return y + int(12 * k)

    def _row(self, s, y0, cells, widths, h, r, align, pad):
        x = 0
        bg = (52, 58, 68) if r == 0 else ((38, 42, 49) if r % 2 else (33, 37, 43))
        pygame.draw.rect(s, bg, (0, y0, sum(widths), h))
        for c, lines in enumerate(cells):
            a = align[c] if c < len(align) else "l"
            yy = y0 + pad // 2
            for line in lines:
                lw = sum(self.fonts.get(14, st).size(t)[0] for t, st in line)
                if a == "c":
                    cx = x + (widths[c] - lw) // 2
                elif a == "r":
                    cx = x + widths[c] - pad - lw
                else:
                    cx = x + pad
                for text, st in line:
                    img = self.fonts.render(text, 14, TEXT_COLOUR if r else (250, 250, 250), st)
                    s.blit(img, (cx, yy))
                    cx += img.get_width()
                yy += self.fonts.line_height(14)
            x += widths[c]
        pygame.draw.line(s, (70, 76, 88), (0, y0 + h - 1), (sum(widths), y0 + h - 1))

    def render(self) -> pygame.Surface:
        """The whole document on one surface (drawn once, then only blitted while scrolling)."""
        surf = pygame.Surface((self.width, max(1, min(self.height, 30000))))
        surf.fill(theme.PANEL_DARK)
        for y0, fn in self.items:
            fn(surf, y0)
        return surf


class RulesScreen(Screen):
    name = "rules"

    def __init__(self, app, ruleset_id: str | None = None):
        super().__init__(app)
        self.files = rules_files()
        ids = [rid for rid, _ in self.files]
        self.current = ruleset_id if ruleset_id in ids else (ids[0] if ids else None)
        self.scroll = 0
        self.layout: Layout | None = None
        self.page: pygame.Surface | None = None
        self._layout_key = None

    def build(self) -> None:
        w, h = self.app.size
        m = self.s(16)
        lw = self.s(240)
        self.list_rect = pygame.Rect(m, self.s(64), lw, h - self.s(64) - m - self.s(54))
        names = [f"{ruleset_name(rid)}" for rid, _ in self.files]
        self.rid_by_name = {f"{ruleset_name(rid)}": rid for rid, _ in self.files}
        self.list = UISelectionList(self.list_rect, names, self.app.manager, container=self.container,
                                    default_selection=ruleset_name(self.current) if self.current else None)
        self.button(pygame.Rect(m, h - m - self.s(44), lw, self.s(44)), "Back  (Esc)", self.back)
        self.text_rect = pygame.Rect(lw + 2 * m + self.s(12), self.s(64), w - lw - 3 * m - self.s(24),
                                     h - self.s(64) - m)
        self._layout_key = None

    def back(self) -> None:
        self.app.pop(self)

    def select(self, rid: str) -> None:
        if rid != self.current:
            self.current = rid
            self.scroll = 0
            self._layout_key = None

    def _ensure_layout(self) -> None:
        key = (self.current, self.text_rect.w, self.app.settings.ui_scale)
        if key == self._layout_key:
            return
        self._layout_key = key
        path = dict(self.files).get(self.current) if self.current else None
        if path is None:
            blocks = markdown.parse("# No rules yet\n\nThe rules summaries (assets/rules/*.md) are not installed.")
        else:
            try:
                blocks = markdown.parse(path.read_text(encoding="utf-8"))
            except OSError as exc:
                blocks = markdown.parse(f"# Cannot read {path.name}\n\n{exc}")
        self.layout = Layout(self.app.fonts, blocks, self.text_rect.w - self.s(30), self.app.settings.ui_scale)
        self.page = self.layout.render()

    def update(self, dt: float) -> None:
        sel = self.list.get_single_selection() if self.list else None
        if sel and self.rid_by_name.get(sel) and self.rid_by_name[sel] != self.current:
            self.select(self.rid_by_name[sel])

    def _max_scroll(self) -> int:
        self._ensure_layout()
        return max(0, self.layout.height - self.text_rect.h + self.s(20))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            page = self.text_rect.h - self.s(60)
            step = {pygame.K_DOWN: 40, pygame.K_UP: -40, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                    pygame.K_SPACE: page}.get(event.key)
            if event.key == pygame.K_ESCAPE:
                self.back()
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll = self._max_scroll()
            elif event.key in (pygame.K_TAB,) and self.files:
                ids = [rid for rid, _ in self.files]
                i = (ids.index(self.current) + 1) % len(ids) if self.current in ids else 0
                self.select(ids[i])
            elif step:
                self.scroll = max(0, min(self._max_scroll(), self.scroll + step))
        elif event.type == pygame.MOUSEWHEEL:
            if self.text_rect.collidepoint(self.app.mouse):
                self.scroll = max(0, min(self._max_scroll(), self.scroll - event.y * self.s(60)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        fonts = self.app.fonts
        title = f"Rules: {ruleset_name(self.current)}" if self.current else "Rules"
        theme.draw_text(surface, fonts, title, (self.s(16), self.s(16)), 24, theme.ACCENT, "b")
        theme.draw_text(surface, fonts, "wheel, PgUp/PgDn, Home/End scroll · Tab next ruleset",
                        (surface.get_width() - self.s(16), self.s(24)), 12, theme.DIM, anchor="topright")
        theme.panel(surface, self.text_rect, theme.PANEL_DARK, theme.EDGE, 6)
        self._ensure_layout()
        self.scroll = min(self.scroll, self._max_scroll())
        inner = self.text_rect.inflate(-self.s(30), -self.s(24))
        surface.blit(self.page, inner.topleft, pygame.Rect(0, self.scroll, inner.w, inner.h))
        # the scroll bar
        total = max(1, self.layout.height)
        if total > inner.h:
            bar_h = max(self.s(30), int(inner.h * inner.h / total))
            bar_y = inner.y + int((inner.h - bar_h) * self.scroll / max(1, self._max_scroll()))
            pygame.draw.rect(surface, (90, 98, 112), (self.text_rect.right - self.s(10), bar_y, self.s(5), bar_h),
                             border_radius=3)
