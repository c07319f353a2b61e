"""Board views are chosen by the board's kind, never by the ruleset: "table" (free placement in cm)
or "hexmap" (the campaign's hexes). Each view owns its camera and draws a board, the units on it and
the overlays of the choice being made; the game screen only routes input to it."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

import pygame

from game.ui import render, theme
from game.ui.camera import Camera
from game.ui.components.choices import Selection, actors_of, members
from game.ui.components.legend import Legend


def board_of(view) -> Any:
    """The view's board (engine v2's `state.board`; before it, the table)."""
    board = getattr(view, "board", None)
    if board is not None:
        return board
    return getattr(view, "table", None)


def kind_of_board(board) -> str:
    return getattr(board, "kind", None) or "table"


@dataclasses.dataclass
class Frame:
    """What a board view needs to draw one frame, given by the screen."""

    view: Any
    sel: Selection
    region: Any = None                 # the region option on show, if any
    strong: bool = False               # it is being placed (draw it brighter)
    shown: Any = None                  # the option whose target to light (focused or under the pointer)
    acting: frozenset = frozenset()    # units that can act now
    marker_labels: dict = dataclasses.field(default_factory=dict)
    marker_notes: dict = dataclasses.field(default_factory=dict)     # marker -> what it means (chip tooltips)
    cursor: tuple[float, float] | None = None
    now: float = 0.0
    describe: Callable[[str], str] | None = None
    tools: Any = None                  # the table tools, on a table board
    orders: list = dataclasses.field(default_factory=list)   # the viewer's committed secret orders
    look: Callable[[str], Any] | None = None   # unit id -> the ruleset's Look (symbol, tag, markers)
    preview: Any = None                # the move being chosen: (unit, point, watchers), see exposure
    moment: Any = None                 # a past moment on show (the log's or the replay's): highlights
    route: Callable[[Any], Any] | None = None   # action -> the board points it would go by (rules')


def looks_of(view, look: Callable[[str], Any] | None, cache: dict) -> dict[str, Any]:
    """Every unit's Look on this state, asked once per state (a ruleset bug draws a plain figure)."""
    if look is None:
        return {}
    if cache.get("view") is view:
        return cache["looks"]
    found = {}
    for uid in view.units:
        try:
            found[uid] = look(uid)
        except Exception:
            found[uid] = None
    cache["view"], cache["looks"] = view, found
    return found


def left_out_text(left_out: list) -> str:
    """"Pvt A, Pvt B: no line of sight (Wheat Field)": the members left out, grouped by why."""
    by_why: dict[str, list[str]] = {}
    for unit, why in left_out:
        by_why.setdefault(why, []).append(unit.name or unit.id)
    return "; ".join(f"{', '.join(names)}: {why}" for why, names in by_why.items()) + " (no dice)"


class BoardView:
    """The common part: a camera over a board of width x height map units."""

    kind = "?"
    has_tools = False

    def __init__(self, app, size: tuple[float, float]):
        self.app = app
        self.fonts = app.fonts
        self.size = size
        self.camera: Camera | None = None
        self.viewport = (0, 0, 1, 1)
        self.legend = Legend(app)
        self.tip_rect: pygame.Rect | None = None          # the last tooltip drawn
        self.chip_tip: str | None = None                  # the last status chip's tooltip drawn

    def s(self, v: float) -> int:
        return int(round(v * self.app.settings.ui_scale))

    def place(self, area: tuple[int, int, int, int], view=None, legend: bool = False) -> None:
        """Take the screen's area for the board, less a strip along the bottom for the legend."""
        x, y, w, h = area
        self.legend.arrange(self.legend_entries(view) if (legend and view is not None) else [], w)
        area = (x, y, w, h - self.legend.height)
        self.viewport = area
        if self.camera is None:
            self.camera = Camera(self.size[0], self.size[1], area)
        else:
            self.camera.set_viewport(area)

    def in_viewport(self, pos) -> bool:
        x, y, w, h = self.viewport
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    def world(self, pos) -> tuple[float, float]:
        return self.camera.to_world(*pos)

    def snap(self, world: tuple[float, float]) -> tuple[float, float]:
        """Where a click at `world` places something (a hex board: the hex's centre)."""
        return world

    def where(self, unit) -> tuple[float, float]:
        return (unit.x, unit.y)

    def cursor_text(self, world) -> str:
        return f"x {world[0]:.1f}  y {world[1]:.1f} cm"

    def look_at(self, unit) -> None:
        """Pan so the unit is in sight."""
        px, py = self.camera.to_screen(*self.where(unit))
        if not self.in_viewport((px, py)):
            x, y, w, h = self.viewport
            self.camera.pan(x + w / 2 - px, y + h / 2 - py)

    def follow(self, view, animate: bool, now: float) -> None:
        """A new state."""

    def update(self, now: float) -> None:
        pass

    def busy(self) -> bool:
        return False

    def settle(self, view) -> None:
        """Stop any animation (the AI's turn is skipped)."""

    def unit_at(self, pos, view):
        raise NotImplementedError

    def draw(self, surface, frame: Frame) -> None:
        raise NotImplementedError

    def drawn_labels(self) -> list[pygame.Rect]:
        """The labels and markers drawn on the board this frame (what a banner must not cover)."""
        return []

    def why_outside(self, view, unit, point, region) -> str:
        """Why a point outside a move region is out (too far, blocked...), in the board's terms."""
        return ""

    def legend_entries(self, view) -> list[tuple[str, tuple[int, int, int], str]]:
        """(label, colour, what the rules make of it) for each kind of ground on the board."""
        return []

    def draw_legend(self, surface) -> None:
        self.legend.draw(surface, self.viewport)

    def draw_target(self, surface, frame: Frame) -> None:
        """Light the shown option's targets, with a line from each actor whose dice count (the
        others named, with why they are left out) and its odds."""
        view, shown, cam = frame.view, frame.shown, self.camera
        actors = [u for a in actors_of(shown) for u in members(view, a)] if shown is not None else []
        if not actors and frame.sel.selected in view.units:
            actors = [view.units[frame.sel.selected]]
        targets = members(view, shown.target) if shown is not None and shown.target else []
        if not targets:
            return
        counting, left_out = self.who_counts(frame, actors, targets)
        top = None
        for t in targets:
            tp = cam.to_screen(*self.where(t))
            r = self.target_radius(t) + 7
            pygame.draw.circle(surface, theme.BAD, tp, r, 3)
            for a in counting.get(t.id, ()):
                pygame.draw.line(surface, theme.ACCENT, cam.to_screen(*self.where(a)), tp, 2)
            if top is None or tp[1] - r < top[1]:
                top = (tp[0], tp[1] - r)
        for a, _why in left_out:
            # a small grey cross on each member left out: it is in the team, but its dice do not count
            ap = cam.to_screen(*self.where(a))
            r = self.target_radius(a) + 3
            k = int(r * 0.7)
            pygame.draw.circle(surface, (60, 60, 60), ap, r, 2)
            pygame.draw.line(surface, (60, 60, 60), (ap[0] - k, ap[1] - k), (ap[0] + k, ap[1] + k), 3)
            pygame.draw.line(surface, (60, 60, 60), (ap[0] - k, ap[1] + k), (ap[0] + k, ap[1] - k), 3)
        text = shown.label + (f" · {shown.odds_text}" if shown.odds_text else "")
        box = render.label_box(surface, self.fonts, text, (top[0], top[1] - 4), 13)
        if left_out:
            render.label_box(surface, self.fonts, left_out_text(left_out), (top[0], box.y - 2), 11,
                             bg=(236, 232, 222))

    def who_counts(self, frame: Frame, actors: list, targets: list) -> tuple[dict[str, list], list]:
        """Per target, the actors whose dice count; and (actor, why) for those left out. The
        common board: every actor counts."""
        return {t.id: list(actors) for t in targets}, []

    def target_radius(self, unit) -> int:
        return max(6, int(render.base_radius_cm(unit.base) * self.camera.scale))

    def draw_chip_tip(self, surface, frame: Frame, marker: str) -> None:
        """A hovered status chip's tooltip: what its marker means (the ruleset's note, else its name)."""
        text = frame.marker_notes.get(marker) or marker.replace("-", " ")
        img = self.fonts.render(text, 12, theme.TEXT)
        mx, my = self.app.mouse
        rect = pygame.Rect(mx + 14, my + 14, img.get_width() + self.s(16), img.get_height() + self.s(8))
        x, y, vw, vh = self.viewport
        if rect.right > x + vw:
            rect.x = mx - rect.w - 8
        if rect.bottom > y + vh:
            rect.y = my - rect.h - 8
        theme.panel(surface, rect, (17, 20, 26), (200, 200, 200), 5)
        surface.blit(img, (rect.x + self.s(8), rect.y + self.s(4)))
        self.tip_rect = rect
        self.chip_tip = text

    def draw_tip(self, surface, frame: Frame, uid: str) -> None:
        """The hovered unit's tooltip: the ruleset's description of it."""
        fonts = self.fonts
        view = frame.view
        try:
            text = frame.describe(uid)
        except Exception:
            text = view.units[uid].name
        u = view.units[uid]
        # each line measured in the style it is drawn in (the title is bold), so none runs past the box
        lines: list[tuple[str, str]] = []
        for i, line in enumerate(text.split("\n")[:10]):
            style = "b" if i == 0 else ""
            lines.extend((part, style) for part in fonts.wrap(line, 12, self.s(300), style))
        lines = lines[:12]
        if u.markers:
            lines.append(("markers: " + ", ".join(sorted(u.markers)), ""))
        lh = fonts.line_height(12)
        w = max(fonts.get(12, style).size(line)[0] for line, style in lines) + self.s(16)
        h = lh * len(lines) + self.s(10)
        mx, my = self.app.mouse
        rect = pygame.Rect(mx + 16, my + 16, w, h)
        x, y, vw, vh = self.viewport
        if rect.right > x + vw:
            rect.x = mx - w - 10
        if rect.bottom > y + vh:
            rect.y = my - h - 10
        theme.panel(surface, rect, (17, 20, 26), theme.side_colour(theme.seat_of(view, u.side)), 5)
        self.tip_rect = rect
        yy = rect.y + self.s(5)
        for line, style in lines:
            theme.draw_text(surface, fonts, line, (rect.x + self.s(8), yy), 12, theme.TEXT, style)
            yy += lh
