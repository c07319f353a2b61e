"""The bars around the board: the turn bar on top (turn, phase, initiative, who decides, the game's
buttons), the bottom bar (the tool buttons and a status line), the toast that floats over the board,
and the short summary shown when a nested game ends."""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.ui import theme
from game.ui.session import ai_level, seat_of
from game.ui.components.choices import prettify

TOP_BUTTONS = (("menu", "Menu", "The game menu (Esc)"), ("help", "Help", "Every shortcut (F1)"),
               ("rules", "Rules", "The rules reference (F2)"),
               ("save", "Save", "Quick save (Ctrl+S); save as: Ctrl+Shift+S"),
               ("undo", "Undo", "Undo the last action if no dice were rolled since (Ctrl+Z)"))
TOOL_BUTTONS = (("measure", "Tape M", "Measuring tape: drag on the table (M)"),
                ("los", "LOS V", "Line of sight: drag from a unit or point (V)"),
                ("arc", "Arc F", "Field of vision / firing arc of the selected unit (F; [ ] to change)"),
                ("blast", "Blast B", "Blast template at the cursor; click pins it (B; [ ] radius)"),
                ("rings", "Ranges R", "Range bands around the selected unit (R)"),
                ("legend", "Legend G", "Terrain legend (G)"),
                ("fit", "Fit Home", "Fit the table to the window (Home)"))
TABLE_ONLY = {"measure", "los", "arc", "blast", "rings", "legend"}


def fit_segments(fonts, text: str, size: float, room: int) -> str:
    """The status line measured before it is drawn: whole " · " parts while they fit (a hint is
    never cut mid-word), else the first part cut at a word with an ellipsis."""
    font = fonts.get(size)
    if font.size(text)[0] <= room:
        return text
    sep = "   ·   " if "   ·   " in text else " · "
    parts = [p for part in text.split(sep) for p in part.split(" · ")]
    shown = ""
    for part in parts:
        trial = f"{shown} · {part}" if shown else part
        if font.size(trial)[0] > room:
            break
        shown = trial
    if shown:
        return shown
    from game.ui.render import fit_text
    return fit_text(fonts, text, size, room)


class Bars:
    """Inputs: the app (fonts, scale) and the session; the buttons are made by the screen's
    `make_button(rect, text, fn, object_id, tooltip)` and call the `handlers` by key."""

    def __init__(self, app, session):
        self.app = app
        self.fonts = app.fonts
        self.session = session
        self.toast: tuple[str, tuple, float] | None = None
        self.summary: tuple[list[str], float] | None = None     # a nested game's result, until a time
        self.top_buttons: dict[str, Any] = {}
        self.tool_buttons: dict[str, Any] = {}
        self._tool_ids: dict[str, str] = {}
        self.top_h = self.bottom_h = 0
        self.buttons_left = 0
        self.status_x = 0
        self.status_shown = ""
        self.avoid: list[pygame.Rect] = []         # the board's labels and markers this frame (a banner keeps off them)
        self.banner_rect: pygame.Rect | None = None   # where the last banner went

    def s(self, v: float) -> int:
        return int(round(v * self.app.settings.ui_scale))

    def build(self, make_button: Callable[..., Any], handlers: dict[str, Callable[[], None]],
              tools: bool, hide: set[str] | frozenset = frozenset()) -> None:
        """`tools`: the board has the table tools; `hide`: tools the rules do not give (no range bands)."""
        w, h = self.app.size
        self.top_h, self.bottom_h = self.s(46), self.s(38)
        bw, bh = self.s(78), self.s(32)
        x = w - self.s(8)
        self.top_buttons = {}
        for key, text, tip in TOP_BUTTONS:
            x -= bw
            self.top_buttons[key] = make_button(pygame.Rect(x, (self.top_h - bh) // 2, bw, bh), text, handlers[key],
                                                None, tip)
            x -= self.s(6)
        self.buttons_left = x
        tx = self.s(8)
        self.tool_buttons = {}
        for key, text, tip in TOOL_BUTTONS:
            if (key in TABLE_ONLY and not tools) or key in hide:
                continue
            bwid = self.s(76)
            rect = pygame.Rect(tx, h - self.bottom_h + self.s(4), bwid, self.bottom_h - self.s(8))
            self.tool_buttons[key] = make_button(rect, text, lambda k=key: handlers["tool"](k), "#tool", tip)
            tx += bwid + self.s(4)
        self.status_x = tx + self.s(8)
        self._tool_ids = {}

    def refresh(self, on: dict[str, bool]) -> None:
        """Light the tool buttons that are on."""
        for key, b in self.tool_buttons.items():
            want = "#tool_on" if on.get(key) else "#tool"
            if self._tool_ids.get(key) != want:
                self._tool_ids[key] = want
                b.change_object_id(want)

    def enable_undo(self, ok: bool) -> None:
        b = self.top_buttons.get("undo")
        if b is not None:
            if ok and not b.is_enabled:
                b.enable()
            elif not ok and b.is_enabled:
                b.disable()

    # -- messages ----------------------------------------------------------------------------------
    def say(self, text: str, colour, until: float) -> None:
        self.toast = (text, colour, until)

    def live_toast(self, now: float):
        return self.toast if self.toast is not None and now < self.toast[2] else None

    def show_summary(self, lines: list[str], until: float) -> None:
        self.summary = (lines, until)

    # -- drawing -------------------------------------------------------------------------------------
    def draw_top(self, surface, view) -> None:
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, self.top_h)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.EDGE, (0, self.top_h - 1), (w, self.top_h - 1))
        fonts = self.fonts
        fs = view.flow
        x = self.s(12)
        cy = self.top_h // 2
        limit = view.scenario.turn_limit
        turn = f"Turn {min(fs.turn, limit)} of {limit}"
        phase = prettify(fs.phase_name) if fs.phase_name else ""
        ini = fs.initiative
        holder = view.scenario.sides[ini].name if 0 <= ini < view.sides else ""
        text, short, colour = self.deciding()
        gap = self.s(14)
        # what the rest of the bar needs at least: the turn, the phase, the initiative's holder, who decides
        least = fonts.get(16, "b").size(turn)[0] + gap + (fonts.get(15, "b").size(phase)[0] + gap if phase else 0) + \
            (self.s(34) + fonts.get(14).size(holder)[0] if holder else 0) + fonts.get(15, "b").size(short)[0]
        if getattr(view, "seats", None) is not None:     # a nested game (a campaign's battle): which one
            from game.ui.render import fit_text
            title = getattr(view.scenario, "title", "") or "Nested game"
            # whole when the rest of the bar leaves it room (measured, not counted in letters)
            title = fit_text(fonts, title, 14, max(self.s(120), self.buttons_left - x - least - self.s(16)), "b")
            r = theme.draw_text(surface, fonts, f"{title} ·", (x, cy), 14, theme.DIM, "b", anchor="midleft")
            x = r.right + self.s(8)
        r = theme.draw_text(surface, fonts, turn, (x, cy), 16, theme.TEXT, "b", anchor="midleft")
        x = r.right + gap
        if phase:
            r = theme.draw_text(surface, fonts, phase, (x, cy), 15, theme.ACCENT, "b", anchor="midleft")
            x = r.right + gap
        if holder:                              # a side of the game in view, drawn as the outer side playing it
            pygame.draw.circle(surface, theme.side_colour(theme.seat_of(view, ini)), (x + self.s(6), cy), self.s(6))
            said = f"initiative: {holder}"
            if fonts.get(14).size(said)[0] + fonts.get(15, "b").size(short)[0] + self.s(34) > self.buttons_left - x:
                said = holder                   # short of room: the dot and the side say it
            r = theme.draw_text(surface, fonts, said, (x + self.s(16), cy), 14, theme.DIM, anchor="midleft")
            x = r.right + self.s(18)
        if fonts.get(15, "b").size(text)[0] > self.buttons_left - x - self.s(8):
            text = short                        # short of room: the side alone
        room = self.buttons_left - x - self.s(8)
        if text and room > 60:
            font = fonts.get(15, "b")
            if font.size(text)[0] > room:
                while font.size(text + "…")[0] > room and len(text) > 4:
                    text = text[:-1]
                text += "…"
            theme.draw_text(surface, fonts, text, (x, cy), 15, colour, "b", anchor="midleft")

    def deciding(self) -> tuple[str, str, tuple]:
        """The bar's last words, whole and short, and their colour: the game's end, or who decides."""
        s = self.session
        res = s.result()
        if res is not None:
            who = "a draw" if res.winner is None else f"won by {s.side_name(res.winner)}"
            return f"Game over: {who}", f"Game over: {who}", theme.ACCENT
        d = s.decision()
        if d is None:
            return "", "", theme.TEXT
        seat = seat_of(d)
        player = "" if s.is_human(seat) else " (by e-mail)" if s.is_mail(seat) else f" (AI {ai_level(s, seat)})"
        return (f"{s.side_name(seat)}{player} to decide", f"{s.side_name(seat)} to decide",
                theme.shade(theme.side_colour(seat), 1.45))

    def draw_bottom(self, surface, width: int, status: tuple[str, tuple], viewport, now: float) -> None:
        h = surface.get_height()
        bar = pygame.Rect(0, h - self.bottom_h, width, self.bottom_h)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.EDGE, bar.topleft, bar.topright)
        fonts = self.fonts
        text, colour = status
        room = bar.right - self.status_x - self.s(8)
        if room > 40 and text:
            self.status_shown = fit_segments(fonts, text, 13, room)
            theme.draw_text(surface, fonts, self.status_shown, (self.status_x, bar.centery), 13, colour,
                            anchor="midleft")
        toast = self.live_toast(now)
        if toast is not None:
            # messages (an illegal click's reason, a save) float over the bottom of the board, whole
            self.float_box(surface, viewport, toast[0].split("\n"), toast[1], 14, bottom=True)
        if self.summary is not None and now < self.summary[1]:
            self.float_box(surface, viewport, self.summary[0], theme.ACCENT, 14, bottom=False)

    def draw_progress(self, surface, viewport, progress: tuple[str, float] | None) -> None:
        """A nested game the AI resolves on its own: a bar over the lower board, filled to the share
        of its turns played, with its label (nesting.progress)."""
        if progress is None:
            return
        label, share = progress
        x, y, vw, vh = viewport
        w, h = min(vw - self.s(40), self.s(420)), self.s(14)
        box = pygame.Rect(0, 0, w + self.s(24), h + self.fonts.line_height(13) + self.s(20))
        box.midbottom = (x + vw // 2, y + vh - self.s(64))
        theme.panel(surface, box, (20, 22, 27), theme.ACCENT, 8, alpha=235)
        theme.draw_text(surface, self.fonts, fit_segments(self.fonts, label, 13, w), (box.centerx, box.y + self.s(6)),
                        13, theme.TEXT, anchor="midtop")
        track = pygame.Rect(box.x + self.s(12), box.bottom - h - self.s(8), w, h)
        pygame.draw.rect(surface, theme.EDGE, track, border_radius=self.s(4))
        fill = track.copy()
        fill.width = int(w * max(0.0, min(1.0, share)))
        if fill.width:
            pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=self.s(4))

    def float_box(self, surface, viewport, texts: list[str], colour, size: int, bottom: bool) -> None:
        fonts = self.fonts
        x, y, vw, vh = viewport
        lines = [line for t in texts for line in fonts.wrap(t, size, vw - self.s(80), "b")][:3 if bottom else 6]
        lh = fonts.line_height(size)
        bw = max(fonts.get(size, "b").size(l)[0] for l in lines) + self.s(28)     # measured as drawn: bold
        box = pygame.Rect(0, 0, bw, lh * len(lines) + self.s(14))
        if bottom:
            box.midbottom = (x + vw // 2, y + vh - self.s(12))
        else:
            # a banner at the top, else a top corner, else lower down: where it covers no label
            # nor marker of the board (the enemy commander's name stays readable)
            m = self.s(12)
            down = max(1, vh - 2 * m - box.h) / 10
            spots = [(a, (ax, y + m + int(k * down))) for k in range(11)
                     for a, ax in (("midtop", x + vw // 2), ("topleft", x + m), ("topright", x + vw - m))]
            for anchor, at in spots:
                setattr(box, anchor, at)
                if box.collidelist(self.avoid) < 0:
                    break
            else:
                box.midtop = (x + vw // 2, y + m)
            self.banner_rect = box.copy()
        theme.panel(surface, box, (20, 22, 27), colour, 8, alpha=235)
        yy = box.y + self.s(7)
        for line in lines:
            theme.draw_text(surface, fonts, line, (box.centerx, yy), size, colour, "b", anchor="midtop")
            yy += lh
