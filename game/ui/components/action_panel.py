"""The action panel: who decides and why, the selected (or hovered) unit's card, and the options
from legal_actions with their keys 1-9, 0 and their odds before any roll; scrolled with the wheel."""
from __future__ import annotations

from typing import Any

import pygame

from game.engine.ruleset import Option
from game.ui import theme
from game.ui.components.sheet_view import draw_sheet, sheet_height
from game.ui.mail import waiting_line
from game.ui.session import ai_level, seat_of
from game.ui.components.board_view import board_of, kind_of_board
from game.ui.components.choices import Choices, Selection, actors_of, prettify

# Issue 24 §2.6: "A key acts only on the options drawn when it was pressed; a phase change clears
# pending input." Keys pressed this soon after the options of a new phase were drawn were meant for
# the phase before (the player had not seen the new options): they are dropped.
SETTLE_SECONDS = 0.4
MIN_ROWS = 5           # the options always in sight, however tall the unit's card


class ActionPanel:
    """Inputs: the app (fonts, scale, mouse), the session, the shared selection and the choices."""

    def __init__(self, app, session, sel: Selection, choices: Choices):
        self.app = app
        self.fonts = app.fonts
        self.session = session
        self.sel = sel
        self.choices = choices
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0                 # the first option row shown
        self.rows_hidden_above = False
        self.rows: list[tuple[pygame.Rect, Option, str, list[str]]] = []   # rect, option, key, label lines
        self.row_options: list[Option] = []
        self.rows_hidden_below = False
        self.card_top = 0
        self.banner_rect: pygame.Rect | None = None   # "your part is done": at the panel's top, never on the board
        self.card_lines: list[str] = []
        self.rows_top = 0
        self._key: Any = None
        self.drawn: Any = None          # the (state, viewer) whose options were last drawn
        self.split = 0                  # the default top of the parts below (60% of the panel's height)
        self.below: tuple = ()          # those parts, moved down when the options need the room
        self.scrolled_for: str | None = None   # the unit the scroll belongs to (another: back to the top)
        self.card_sheet: Any = None
        self.card_folded = False
        self.drawn_phase: Any = None    # the phase those options belong to (see phase_of)
        self.phase_drawn_at = -SETTLE_SECONDS   # app time when a new phase's options were first drawn

    def s(self, v: float) -> int:
        return int(round(v * self.app.settings.ui_scale))

    def place(self, rect: pygame.Rect) -> pygame.Rect:
        """Take the panel's rect; returns the rect left below for the dice log."""
        self.rect = rect
        self._key = None
        self.split = rect.y + int(rect.h * 0.6)
        return pygame.Rect(rect.x, self.split, rect.w, rect.bottom - self.split)

    def lowest_log_top(self, log_top: int) -> int:
        """How far down the parts below may go (they keep a strip of their own)."""
        return self.rect.bottom - self.s(130) if self.below else log_top

    def make_room(self, log_top: int, rows_bottom: int) -> int:
        """The parts below the options (the log, the roster: `below`) give up height when the first
        MIN_ROWS options need it, down to a strip of their own; returns the new top of those parts."""
        top = max(self.split, min(rows_bottom + self.s(6), self.lowest_log_top(log_top)))
        if top != log_top and self.below:
            r = self.rect
            for part in self.below:
                part.place(pygame.Rect(r.x, top, r.w, r.bottom - top))
                if hasattr(part, "_key"):
                    part._key = None
            return top
        return log_top

    def invalidate(self) -> None:
        self._key = None

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy)        # whole rows; clamped at the last in update
        self._key = None

    def option_at(self, pos) -> Option | None:
        for rect, option, _, _ in self.rows:
            if option is not None and rect.collidepoint(pos):
                return option
        return None

    def on_screen(self) -> bool:
        """Are the options drawn the ones of the state now, and were they in sight long enough to be
        read? A key pressed after an action, before the next prompt was drawn or just as a new phase's
        options appeared, must not act on options the player has not seen."""
        return self.drawn == (self.session.version, self.session.viewer) and not self.settling()

    def settling(self) -> bool:
        """A new phase's options were drawn a moment ago: keys wait (see SETTLE_SECONDS)."""
        return self.app.now - self.phase_drawn_at < SETTLE_SECONDS

    def option_by_number(self, n: int) -> Option | None:
        """The option of key n (1-9, 0 for the tenth), only as drawn on screen."""
        if not self.on_screen():
            return None
        index = 9 if n == 0 else n - 1
        option = self.row_options[index] if index < len(self.row_options) else None
        return option if any(o is option for _, o, _, _ in self.rows) else None    # scrolled away: not seen

    # -- layout ----------------------------------------------------------------------------------
    def update(self, gate: Any, log_top: int) -> None:
        """Lay out the card and the rows when anything they show changed; `gate` keys who may act.

        Issue 24 §2.5: at least MIN_ROWS options always show (a tall sheet folds to make room), the
        scroll stays within the options and starts again at the top for another unit, and an option's
        odds wrap inside its row rather than run past the panel's edge."""
        r = self.rect
        sel = self.sel
        if sel.selected != self.scrolled_for:
            self.scrolled_for, self.scroll = sel.selected, 0
        key = (self.session.version, self.session.viewer, sel.selected, sel.hovered if sel.selected is None else None,
               id(sel.focus), r.topleft, r.size, self.scroll, gate, id(sel.placing.option) if sel.placing else None)
        if key == self._key:
            return
        pad = self.s(12)
        fonts = self.fonts
        self.rows = []
        banner_to = gate[0] if isinstance(gate, tuple) else None
        if banner_to is not None:
            self.banner_rect = pygame.Rect(r.x + self.s(6), r.y + self.s(6), r.w - self.s(12), self.s(150))
            self.card_top = self.banner_rect.bottom + self.s(16)
        else:
            self.banner_rect = None
            self.card_top = r.y + self.s(92)
        opts = self.choices.options_for(sel.selected)
        self.row_options = list(opts)
        laid = [self.lay_out_row(n, o) for n, o in enumerate(opts, start=1)]
        gap = self.s(4)
        tallest = sorted((h for *_, h in laid), reverse=True)[:MIN_ROWS]
        rows_need = self.s(22) + sum(h + gap for h in tallest)
        self.lay_out_card(self.lowest_log_top(log_top) - self.s(6) - rows_need)
        log_top = self.make_room(log_top, self.rows_top + rows_need)
        bottom = log_top - self.s(6)
        y = self.rows_top + self.s(22)
        # the scroll counts whole rows; the last scroll shows the last option at the bottom
        last, room = len(laid), bottom - y
        while last > 0 and room - (laid[last - 1][3] + gap) >= 0:
            last -= 1
            room -= laid[last][3] + gap
        self.scroll = max(0, min(self.scroll, last))
        for key_label, o, lines, h in laid[self.scroll:]:
            rect = pygame.Rect(r.x + pad, y, r.w - 2 * pad, h)
            if rect.bottom > bottom:
                break
            self.rows.append((rect, o, key_label, lines))
            y += h + gap
        self.rows_hidden_below = len(self.rows) + self.scroll < len(laid)
        self.rows_hidden_above = self.scroll > 0
        self._key = key[:7] + (self.scroll,) + key[8:]

    def lay_out_row(self, n: int, o: Option) -> tuple[str, Option, list[str], int]:
        """An option's key, label lines (two at most) and its row's height, its odds lines included."""
        fonts = self.fonts
        room = self.rect.w - 2 * self.s(12) - self.s(40)
        where = "  (pick a hex on the map)" if kind_of_board(board_of(self.session.view())) == "hexmap" \
            else "  (place on the table)"
        text = o.label + (where if o.region is not None else "")
        wrapped = fonts.wrap(fonts.safe(text, 13), 13, room)
        lines = wrapped[:2]
        if len(wrapped) > 2:
            lines[-1] = lines[-1][:max(1, len(lines[-1]) - 2)] + "..."
        odds = len(self.odds_lines(o)) * fonts.line_height(12)
        h = len(lines) * fonts.line_height(13) + odds + self.s(10)
        return (str(n % 10) if n <= 10 else ""), o, lines, h

    def odds_lines(self, o: Option) -> list[str]:
        """The option's odds as drawn: on one line at the row's right, or wrapped within the row."""
        if not o.odds_text:
            return []
        room = self.rect.w - 2 * self.s(12) - self.s(42)
        return self.fonts.wrap(self.fonts.safe(o.odds_text, 12), 12, room, "b") or [o.odds_text]

    def lay_out_card(self, limit: int) -> None:
        """The unit's card above the options, ending above `limit` when it can: a sheet too tall for
        that folds to the unit's description, which is cut to the lines that fit (one at least)."""
        fonts = self.fonts
        width = self.rect.w - 2 * self.s(12)
        head = self.card_top + self.s(28)
        self.card_sheet = self.unit_sheet()
        self.card_folded = False
        if self.card_sheet is not None:
            sheet_h = sheet_height(fonts, self.card_sheet, width) + self.s(6)
            if head + sheet_h + self.s(8) <= limit:
                self.card_lines = []
                self.rows_top = head + sheet_h + self.s(8)
                return
            self.card_sheet, self.card_folded = None, True
        lines = self.card_text()
        lh = fonts.line_height(13)
        fit = max(1, (limit - head - self.s(8)) // lh)
        if self.card_folded:
            fit = max(1, fit - 1)
            lines = lines[:fit] + ["(sheet folded to show the options: hover the unit for all of it)"]
        else:
            lines = lines[:fit]
        self.card_lines = lines
        self.rows_top = head + len(self.card_lines) * lh + self.s(8)

    def card_text(self) -> list[str]:
        uid = self.sel.selected or self.sel.hovered
        view = self.session.view()
        if uid is None or uid not in view.units:
            return []
        try:
            text = self.session.ruleset.describe_unit(view, uid)
        except Exception:
            text = view.units[uid].name
        lines = []
        width = self.rect.w - self.s(24)
        for line in text.split("\n")[:8]:
            lines.extend(self.fonts.wrap(line, 13, width))
        return lines[:9]

    def unit_sheet(self):
        """The selected unit as its ruleset's sheet of tables (Ruleset.unit_sheet), if it has one."""
        uid = self.sel.selected or self.sel.hovered
        view = self.session.view()
        if uid is None or uid not in view.units:
            return None
        try:
            return self.session.ruleset.unit_sheet(view, uid)
        except Exception:
            return None

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface, view, mine, banner_to: int | None, pending: bool, log_top: int,
             covered: bool = False) -> None:
        """`mine`: the viewer's own decision now (None: another's, or none); `covered`: a screen over
        the table hides its options (a battle's result), the head still saying whose decision it is."""
        r = self.rect
        pygame.draw.rect(surface, theme.PANEL_DARK, r)
        pygame.draw.line(surface, theme.EDGE, r.topleft, r.bottomleft)
        self.draw_header(surface, view, mine, banner_to, pending)
        self.draw_card(surface, view)
        fonts = self.fonts
        pad = self.s(12)
        x = r.x + pad
        y = self.rows_top
        if mine is None or covered:
            self.drawn = None
            self.draw_just_now(surface, view, log_top)
            return
        self.drawn = (self.session.version, self.session.viewer) if self._key is not None and \
            self._key[0] == self.session.version else None
        phase = phase_of(view, mine)
        if self.drawn is not None and phase != self.drawn_phase:
            if self.drawn_phase is not None:        # the first options of a game: nothing was pending
                self.phase_drawn_at = self.app.now
            self.drawn_phase = phase
        pygame.draw.line(surface, theme.EDGE, (r.x + pad, y - self.s(4)), (r.right - pad, y - self.s(4)))
        sel = view.units.get(self.sel.selected) if self.sel.selected else None
        n = len(self.choices.actors())
        if sel is not None and self.choices.can_act(self.sel.selected):
            heading = f"{sel.name} can:"
        elif n and any(actors_of(o) for _, o, _, _ in self.rows):
            heading = f"Choose, or select one of the {n} units that can act (Tab)"
        else:
            heading = (f"Select a unit (Tab or click): {n} can act" if n else "Options")
        theme.draw_text(surface, fonts, heading, (x, y), 13, theme.ACCENT, "b")
        for rect, option, key_label, lines in self.rows:
            self.draw_option(surface, rect, option, key_label, lines)
        if self.rows_hidden_below:
            theme.draw_text(surface, fonts, "▼ more (wheel)", (r.right - pad, log_top - self.s(4)), 11,
                            theme.DIM, anchor="bottomright")
        if self.rows_hidden_above:
            theme.draw_text(surface, fonts, "▲ more", (r.right - pad, y), 11, theme.DIM, anchor="topright")

    def draw_just_now(self, surface, view, log_top: int) -> None:
        """While an AI plays (and no unit's card is up): what it just did, newest first, in large
        type (what moved where, what was rolled at what odds), so its turn can be followed at a glance."""
        s = self.session
        d = s.decision()
        if d is None or s.is_over() or not s.is_ai(seat_of(d)) or self.sel.selected or self.sel.hovered:
            return
        r, fonts, pad = self.rect, self.fonts, self.s(12)
        key = (s.version, s.viewer, r.size)
        if getattr(self, "_just_key", None) != key:
            self._just_key = key
            events = [e for e in view.log if e.visible_to(s.viewer) and e.text][-6:]
            self._just = [(fonts.wrap(fonts.safe(e.text, 14), 14, r.w - 2 * pad - self.s(10))[:3],
                           e.data.get("success") if e.kind == "Rolled" else None) for e in reversed(events)]
        y = self.card_top
        pygame.draw.line(surface, theme.EDGE, (r.x + pad, y - self.s(6)), (r.right - pad, y - self.s(6)))
        theme.draw_text(surface, fonts, "Just now", (r.x + pad, y), 13, theme.ACCENT, "b")
        y += self.s(22)
        for i, (lines, success) in enumerate(self._just):
            colour = theme.TEXT if i == 0 else theme.DIM
            if success is not None:
                colour = theme.GOOD if success else theme.BAD
            if y + len(lines) * fonts.line_height(14) > log_top - self.s(6):
                break
            for line in lines:
                theme.draw_text(surface, fonts, line, (r.x + pad + self.s(10), y), 14, colour)
                y += fonts.line_height(14)
            y += self.s(6)

    def handover_button_rect(self) -> pygame.Rect | None:
        """Where the banner's "Hand over" button goes (inside the banner, at its foot)."""
        b = self.banner_rect
        if b is None:
            return None
        return pygame.Rect(b.x + self.s(12), b.bottom - self.s(54), b.w - self.s(24), self.s(42))

    def draw_banner(self, surface, me: str) -> None:
        """The hotseat's "your part is done" box, in the panel so the table's results stay in sight."""
        b = self.banner_rect
        if b is None:
            return
        fonts = self.fonts
        theme.panel(surface, b, (24, 27, 33), theme.ACCENT, 8)
        y = b.y + self.s(10)
        for line in fonts.wrap(f"{me}: your part is done for now", 16, b.w - self.s(20), "b")[:2]:
            theme.draw_text(surface, fonts, line, (b.centerx, y), 16, theme.TEXT, "b", anchor="midtop")
            y += fonts.line_height(16, "b")
        for line in fonts.wrap("Look at the results on the table, then hand over", 13, b.w - self.s(20), "i")[:2]:
            theme.draw_text(surface, fonts, line, (b.centerx, y + self.s(4)), 13, theme.DIM, "i", anchor="midtop")
            y += fonts.line_height(13, "i")

    def draw_header(self, surface, view, mine, banner_to, pending) -> None:
        r = self.rect
        if banner_to is not None:
            self.draw_banner(surface, self.session.side_name(self.session.viewer))
            return
        fonts = self.fonts
        s = self.session
        pad = self.s(12)
        x = r.x + pad
        y = r.y + self.s(10)
        d = s.decision()
        head_rect = pygame.Rect(r.x + self.s(6), y - self.s(4), r.w - self.s(12), self.s(74))
        interrupt = bool(view.flow.interrupts) and d is not None
        if s.is_over():
            res = s.result()
            who = "A draw" if res.winner is None else f"Won by {s.side_name(res.winner)}"
            theme.draw_text(surface, fonts, who, (x, y), 18, theme.ACCENT, "b")
            for i, line in enumerate(fonts.wrap(res.reason, 12, r.w - 2 * pad)[:2]):
                theme.draw_text(surface, fonts, line, (x, y + self.s(26) + i * fonts.line_height(12)), 12, theme.DIM)
        elif d is not None:
            seat = seat_of(d)
            if interrupt and mine is not None:
                theme.panel(surface, head_rect, (60, 48, 20), theme.ACCENT, 6)
            pygame.draw.circle(surface, theme.side_colour(seat), (x + self.s(7), y + self.s(11)), self.s(7))
            if mine is not None:
                title = f"{s.side_name(seat)}: " + (prettify(d.kind) + "?" if interrupt else "your decision")
            elif banner_to is not None or pending:
                title = f"{s.side_name(banner_to if banner_to is not None else seat)} decides next"
            elif s.is_mail(seat):
                title = waiting_line(s, short=True)
            elif not s.is_human(seat):
                title = f"{s.side_name(seat)} (AI {ai_level(s, seat)}) is playing"
            else:
                title = f"Waiting for {s.side_name(seat)}"
            theme.draw_text(surface, fonts, title, (x + self.s(20), y), 16, theme.TEXT, "b")
            reason = d.reason if (mine is not None or not d.hidden) else ""
            if reason and (mine is not None or banner_to is None):
                wrapped = fonts.wrap(reason[:1].upper() + reason[1:], 13, r.w - 2 * pad - self.s(20))[:2]
                for i, line in enumerate(wrapped):
                    theme.draw_text(surface, fonts, line, (x + self.s(20), y + self.s(24) + i * fonts.line_height(13)),
                                    13, theme.ACCENT if interrupt else theme.DIM, "i")

    def draw_card(self, surface, view) -> None:
        r = self.rect
        fonts = self.fonts
        pad = self.s(12)
        x = r.x + pad
        y = self.card_top
        uid = self.sel.selected or self.sel.hovered
        if uid is None or uid not in view.units:
            return
        u = view.units[uid]
        pygame.draw.line(surface, theme.EDGE, (r.x + pad, y - self.s(6)), (r.right - pad, y - self.s(6)))
        pygame.draw.circle(surface, theme.side_colour(theme.seat_of(view, u.side)), (x + self.s(6), y + self.s(10)),
                           self.s(6))
        label = (u.name or u.id) + ("" if uid == self.sel.selected else "  (hover)")
        theme.draw_text(surface, fonts, label, (x + self.s(18), y), 15, theme.TEXT, "b")
        if u.markers:
            mk = ", ".join(sorted(u.markers))
            theme.draw_text(surface, fonts, mk, (r.right - pad, y + self.s(2)), 12, theme.WARN, "b", anchor="topright")
        yy = y + self.s(24)
        for line in self.card_lines:
            theme.draw_text(surface, fonts, line, (x, yy), 13, theme.DIM)
            yy += fonts.line_height(13)
        if self.card_sheet is not None:
            draw_sheet(surface, fonts, self.card_sheet, x, yy + self.s(6), r.w - 2 * pad)

    def draw_option(self, surface, rect, option: Option, key_label: str, lines: list[str]) -> None:
        """One option: its key, its label (two lines at most) and, before any roll, its odds."""
        fonts = self.fonts
        hover = rect.collidepoint(self.app.mouse)
        pl = self.sel.placing
        focused = option is self.sel.focus or (pl is not None and pl.option is option)
        bg = (74, 60, 26) if focused else ((52, 58, 68) if hover else (40, 45, 53))
        edge = theme.ACCENT if focused else ((110, 118, 130) if hover else (62, 68, 80))
        pygame.draw.rect(surface, bg, rect, border_radius=5)
        pygame.draw.rect(surface, edge, rect, 2 if focused else 1, border_radius=5)
        x = rect.x + self.s(34)
        y = rect.y + self.s(5)
        if key_label:
            badge = pygame.Rect(rect.x + self.s(6), rect.y + self.s(6), self.s(20), self.s(20))
            pygame.draw.rect(surface, (24, 27, 32), badge, border_radius=4)
            theme.draw_text(surface, fonts, key_label, badge.center, 12, theme.ACCENT, "b", anchor="center")
        lh = fonts.line_height(13)
        for line in lines:
            theme.draw_text(surface, fonts, line, (x, y), 13, theme.TEXT)
            y += lh
        odds = self.odds_lines(option)
        if len(odds) == 1:
            img = fonts.render(odds[0], 12, (235, 235, 235), "b")
            ox = rect.right - self.s(8) - img.get_width()
            surface.blit(img, (max(x, ox), y))
            if option.odds is not None and ox - x > self.s(50):
                p = max(0.0, min(1.0, float(option.odds)))
                bar = pygame.Rect(x, y + img.get_height() // 2 - self.s(2), ox - x - self.s(10), self.s(5))
                pygame.draw.rect(surface, (24, 26, 30), bar, border_radius=2)
                pygame.draw.rect(surface, theme.GOOD if p >= 0.5 else theme.WARN,
                                 (bar.x, bar.y, int(bar.w * p), bar.h), border_radius=2)
        else:
            for line in odds:              # too long for one line beside its bar: wrapped in the row
                theme.draw_text(surface, fonts, line, (x, y), 12, (235, 235, 235), "b")
                y += fonts.line_height(12)


def phase_of(view, decision) -> tuple:
    """What makes the options another set: the turn, the phase, the kind of decision, its side."""
    flow = view.flow
    return (flow.turn, flow.phase, flow.phase_name, decision.kind, decision.side, bool(flow.interrupts))
