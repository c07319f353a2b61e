"""Placing a region option on the board: click a point inside the legal region (on a hex board the
hex's centre), then, when the action has a facing, drag or click again to face; Enter keeps it."""
from __future__ import annotations

import math
from typing import Callable

from game.engine.ruleset import Option
from game.ui import theme
from game.ui.components.choices import Placing, Selection, angle, takes_facing


class Placement:
    """Inputs: the shared selection, the board view (camera and snapping), the viewer's view,
    `check(action) -> reason`, `commit(action)` and `say(text, colour, seconds)`."""

    def __init__(self, sel: Selection, board, view: Callable, check: Callable, commit: Callable, say: Callable):
        self.sel = sel
        self.board = board
        self.view = view
        self.check = check
        self.commit = commit
        self.say = say

    def default_facing(self, option: Option, p) -> float | None:
        if not takes_facing(option):
            return None
        sid = self.sel.selected
        u = self.view().units.get(sid) if sid else None
        if u is not None and math.hypot(p[0] - u.x, p[1] - u.y) > 0.5:
            return angle((u.x, u.y), p)
        return u.facing if u is not None else 0.0

    def why_outside(self, option: Option, p) -> str:
        """The board's reason a point is off the option's region (too far, blocked, not adjacent)."""
        import shapely
        if option.region.distance(shapely.Point(p)) <= 1e-6:
            return ""
        view = self.view()
        ids = [self.sel.selected] if self.sel.selected else []
        ids += [a for a in option.actor if a in view.units]
        unit = next((view.units[a] for a in ids if a in view.units), None)
        try:
            return self.board.why_outside(view, unit, p, option.region)
        except Exception:
            return ""

    def start(self, option: Option) -> None:
        self.sel.placing = Placing(option)
        self.sel.focus = option
        self.say(f"{option.label}: click inside the highlighted area" +
                 (", then drag or click again to face" if takes_facing(option) else ""), theme.ACCENT, 6)

    def place_at(self, p, facing) -> None:
        pl = self.sel.placing
        if pl is not None:
            self.commit(pl.option.at(p[0], p[1], facing))

    def press(self, pos, option: Option) -> None:
        """A left press inside the board with a region option on show."""
        pl = self.sel.placing
        if pl is not None and pl.point is not None:
            pl.down_at = pos
            return
        wp = self.board.snap(self.board.world(pos))
        facing = self.default_facing(option, wp)
        reason = self.check(option.at(wp[0], wp[1], facing))
        if reason:
            why = self.why_outside(option, wp) if option.region is not None else ""
            self.say(f"{reason} ({why})" if why else reason, theme.BAD)
            return
        if self.sel.placing is None:
            self.sel.placing = Placing(option)
        pl = self.sel.placing
        pl.point, pl.facing, pl.down_at, pl.dragged = wp, facing, pos, False
        self.sel.focus = option

    def release(self, pos) -> None:
        pl = self.sel.placing
        if pl is None or pl.point is None or pl.down_at is None:
            return
        moved = math.hypot(pos[0] - pl.down_at[0], pos[1] - pl.down_at[1])
        if not takes_facing(pl.option):
            self.place_at(pl.point, None)
            return
        if moved > 6:
            pl.facing = angle(pl.point, self.board.world(pos))
            self.place_at(pl.point, pl.facing)
            return
        sx, sy = self.board.camera.to_screen(*pl.point)
        if math.hypot(pos[0] - sx, pos[1] - sy) <= 6 and pl.dragged:
            self.place_at(pl.point, pl.facing)
        elif pl.dragged:
            self.place_at(pl.point, angle(pl.point, self.board.world(pos)))
        else:
            pl.dragged = True        # the point is set; the next click (or Enter) sets the facing
            pl.down_at = None
            self.say("Now drag or click to face (Enter keeps this facing, right click cancels)", theme.ACCENT, 5)

    def motion(self, pos, cursor) -> None:
        pl = self.sel.placing
        if pl is not None and pl.point is not None and cursor is not None:
            sx, sy = self.board.camera.to_screen(*pl.point)
            if math.hypot(pos[0] - sx, pos[1] - sy) > 6:
                pl.facing = angle(pl.point, cursor)

    def enter(self, cursor) -> None:
        pl = self.sel.placing
        p = pl.point or (self.board.snap(cursor) if cursor is not None else None)
        if p is None:
            return
        facing = pl.facing if pl.point is not None and pl.facing is not None else self.default_facing(pl.option, p)
        self.place_at(p, facing)
