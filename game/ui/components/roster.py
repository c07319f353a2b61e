"""The roster: the viewer's units in a list under the action panel (it shares the place of the log,
U switches), each with its type's symbol, its name, what the rules say of it and its markers; a
click selects the unit and centres the table on it."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.ui import theme
from game.ui.units import badge_text, draw_symbol


class Roster:
    """Inputs: the fonts and the scale function; per frame the view, the viewer, the looks and the
    ruleset's describe function."""

    def __init__(self, fonts, s: Callable[[float], int]):
        self.fonts = fonts
        self.s = s
        self.on = False
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, str]] = []      # (row rect, unit id), as last drawn

    def place(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def toggle(self) -> None:
        self.on = not self.on
        self.scroll = 0

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy * self.s(30))

    def unit_at(self, pos) -> str | None:
        for rect, uid in self.rows:
            if rect.collidepoint(pos):
                return uid
        return None

    @staticmethod
    def units_of(view, viewer: int | None) -> list:
        """The viewer's units, those still in the battle first, team mates together, else in the
        table's order."""
        if viewer is None:                 # between two players' eyes: nobody's units
            return []
        mine = [u for u in view.units.values() if u.side == viewer]
        first = {}
        for i, u in enumerate(mine):
            first.setdefault(u.team or u.id, i)
        return sorted(mine, key=lambda u: (u.out, first[u.team or u.id]))

    def draw(self, surface, view, viewer, looks: dict[str, Any], describe, marker_labels: dict[str, str],
             selected: str | None, hovered: str | None) -> None:
        fonts = self.fonts
        r = self.rect
        pygame.draw.rect(surface, (22, 25, 30), r)
        pygame.draw.line(surface, theme.EDGE, r.topleft, r.topright)
        pad = self.s(10)
        units = self.units_of(view, viewer)
        able = sum(1 for u in units if not u.out)
        theme.draw_text(surface, fonts, f"Your units ({able} of {len(units)} in the battle)",
                        (r.x + pad, r.y + self.s(6)), 14, theme.ACCENT, "b")
        theme.draw_text(surface, fonts, "log (U)", (r.right - pad, r.y + self.s(8)), 11, theme.DIM, anchor="topright")
        body = pygame.Rect(r.x, r.y + self.s(30), r.w, r.h - self.s(32))
        row_h = fonts.line_height(13) + fonts.line_height(11) + self.s(8)
        self.scroll = max(0, min(self.scroll, max(0, len(units) * row_h - body.h)))
        clip = surface.get_clip()
        surface.set_clip(body)
        self.rows = []
        y = body.y - self.scroll
        for u in units:
            row = pygame.Rect(r.x + self.s(6), y, r.w - self.s(12), row_h - self.s(2))
            y += row_h
            if row.bottom < body.y or row.top > body.bottom:
                continue
            self.rows.append((row.clip(body), u.id))
            bg = (74, 60, 26) if u.id == selected else ((44, 49, 58) if u.id == hovered else (32, 36, 43))
            pygame.draw.rect(surface, bg, row, border_radius=4)
            look = looks.get(u.id)
            colour = theme.side_colour(theme.seat_of(view, u.side))
            chip = pygame.Rect(row.x + self.s(4), row.y + self.s(5), self.s(26), self.s(16))
            pygame.draw.rect(surface, theme.shade(colour, 0.55) if u.out else colour, chip, border_radius=3)
            draw_symbol(surface, getattr(look, "symbol", "figure") or "figure", chip.center, chip.w * 0.7, chip.h * 0.6)
            x = chip.right + self.s(8)
            name = (u.name or u.id) + ("  (out)" if u.out else "")
            theme.draw_text(surface, fonts, name, (x, row.y + self.s(2)), 13, theme.FAINT if u.out else theme.TEXT, "b")
            detail = ""
            try:
                detail = describe(u.id).split("\n")[0]
            except Exception:
                pass
            side_name = f"({view.scenario.sides[u.side].name})"
            if detail.startswith(u.name or "\0"):
                detail = detail[len(u.name):].strip()
            if detail.startswith(side_name):
                detail = detail[len(side_name):]
            detail = detail.lstrip(" :,")
            from game.ui.render import fit_text
            badges = [m for m in sorted(u.markers) if m != "hidden"] + \
                [m for m in (getattr(look, "markers", ()) or ()) if m not in u.markers]
            bx = row.right - self.s(4)
            for m in reversed(badges):
                img = fonts.render(badge_text(m, marker_labels), 10, (20, 20, 20), "b")
                b = pygame.Rect(0, 0, img.get_width() + 6, img.get_height())
                b.topright = (bx, row.y + self.s(3))
                pygame.draw.rect(surface, theme.MARKER_COLOURS.get(m, (230, 230, 230)), b, border_radius=3)
                surface.blit(img, (b.x + 3, b.y))
                bx = b.x - self.s(3)
            line = fit_text(fonts, detail, 11, row.right - x - self.s(6))
            theme.draw_text(surface, fonts, line, (x, row.y + fonts.line_height(13) + self.s(3)), 11, theme.DIM)
        surface.set_clip(clip)
