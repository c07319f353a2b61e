"""The game screen looking back and around: the roster (U) in the log's place, a click on a log entry
showing the table at that moment with the entry's units and its line of fire lit, the replay (F4)
stepping through the game action by action (Left / Right, Home / End, Esc back to the game), and
the statistics so far (I). A past moment is drawn from `session.moment_view`: what the viewer may
see of the game as it stood then, never more."""
from __future__ import annotations

import pygame

from game.ui import render, theme

REVIEW_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}


class GameReview:
    """Mixed into GameScreen: uses its session, selection, board, log, roster and `say`."""

    review: int | None = None           # the moment on show (0: the start, k: after action k), or None
    review_event = None                 # the log entry whose moment it is, lit on the table

    # -- the roster ----------------------------------------------------------------------------
    def cmd_roster(self) -> None:
        self.roster.toggle()

    def roster_click(self, pos) -> bool:
        uid = self.roster.unit_at(pos)
        if uid is None:
            return False
        view = self.view()
        u = view.units.get(uid)
        if u is None:
            return True
        self.sel.selected = uid
        self.sel.cancel()
        self.panel.invalidate()
        self.centre_on(u)
        return True

    def centre_on(self, unit) -> None:
        """Pan the table so the unit stands in the middle of the view."""
        px, py = self.camera.to_screen(*self.board.where(unit))
        x, y, w, h = self.viewport
        self.camera.pan(x + w / 2 - px, y + h / 2 - py)

    # -- the statistics ------------------------------------------------------------------------
    def cmd_statistics(self) -> None:
        self.app.open("endgame", self.session, during=not self.session.is_over())

    # -- the move being chosen: where it goes, who sees it there -----------------------------------
    _preview_key = None
    _preview = None

    def move_preview(self, view, region_option):
        """(unit, point, watchers, path stretches) while the cursor is inside the move's region and
        no point is placed yet; cached per half centimetre of the cursor."""
        sel, cursor = self.sel, self.cursor_world
        if region_option is None or cursor is None or not self.board.has_tools or \
                (sel.placing is not None and sel.placing.point is not None):
            return None
        unit = view.units.get(sel.selected) if sel.selected else None
        if unit is None or region_option.region is None:
            return None
        key = (self.session.version, unit.id, round(cursor[0] * 2), round(cursor[1] * 2), id(region_option))
        if key != self._preview_key:
            self._preview_key = key
            self._preview = None
            import shapely
            if region_option.region.distance(shapely.Point(cursor)) <= 0.05:
                from game.ui.exposure import exposure
                watchers, stretches = exposure(view, self.session.ruleset, unit, cursor)
                self._preview = (unit, cursor, watchers, stretches)
        return self._preview

    # -- a past moment ---------------------------------------------------------------------------
    def cmd_replay(self) -> None:
        if self.review is not None:
            self.end_review()
        else:
            self.start_review(len(self.session.moments) - 1)

    def log_click(self, pos) -> bool:
        """A click on a log entry: the table as it stood when it happened, its units lit."""
        event = self.log.event_at(pos)
        if event is None:
            return False
        k = self.session.moment_of(event)
        if k is None:
            return False
        self.start_review(k, event)
        return True

    def start_review(self, k: int, event=None) -> None:
        if self.refused("look back"):
            return
        if self.session.viewer is None or self.pending_handover or self.banner_to is not None:
            self.say("Nothing to look back on until the window is handed over.", theme.WARN)
            return
        animate = self.review is not None
        self.review = max(0, min(k, len(self.session.moments) - 1))
        self.review_event = event
        self.log.chosen = event
        self.sel.cancel()
        self.show(self.view(), animate)
        self.panel.invalidate()

    def step_review(self, step: int) -> None:
        last = len(self.session.moments) - 1
        if step in ("home", "end"):
            k = 0 if step == "home" else last
        else:
            k = max(0, min(last, self.review + step))
        self.review_event = self.log.chosen = None
        if k != self.review:
            self.review = k
            self.show(self.view(), True)

    def end_review(self) -> None:
        self.review = None
        self.review_event = self.log.chosen = None
        self.show(self.session.view(), False)
        self.seen_version = -1
        self.panel.invalidate()

    def show(self, view, animate: bool) -> None:
        """Put a state on the board: a moment inside or outside a nested game may stand on another
        board (a battle's table, the campaign's map), which gets its own board view."""
        from game.ui.components.board_view import board_of
        if board_of(view) is not self.board_shown:
            self.swap_board(view)
            animate = False
        self.board.follow(view, animate, self.now)

    def review_key(self, key: int) -> bool:
        """A key while a past moment is on show: step, or leave; other keys go to the keymap."""
        if self.review is None:
            return False
        if key == pygame.K_ESCAPE:
            self.end_review()
            self.say("Back to the game.", theme.DIM, 1.5)
        elif key in REVIEW_KEYS:
            self.step_review(REVIEW_KEYS[key])
        elif key in (pygame.K_HOME, pygame.K_END):
            self.step_review("home" if key == pygame.K_HOME else "end")
        else:
            return False
        return True

    def review_text(self) -> str:
        n = len(self.session.moments) - 1
        k = self.review or 0
        what = "the start" if k == 0 else f"after action {k} of {n}"
        if k:
            try:
                what += f" ({type(self.session.history[k - 1].action).__name__})"
            except IndexError:
                pass
        return f"Looking back: {what} · Left / Right step · Home / End · Esc back to the game"

    def draw_review(self, surface) -> None:
        if self.review is None:
            return
        x, y, w, h = self.viewport
        render.label_box(surface, self.app.fonts, self.review_text(), (x + w // 2, y + self.s(6)), 13,
                         bg=(250, 236, 190), anchor="midtop")
        if self.review_event is not None:
            render.label_box(surface, self.app.fonts, self.review_event.log_line(), (x + w // 2, y + self.s(30)), 12,
                             anchor="midtop")
