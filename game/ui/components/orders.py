"""Committed orders on the table, for their own side only: each secret action the viewing side gave
this turn (a hidden decision, such as Takipsilim's orders) drawn as a ghost base where the figure
will go and a dashed arrow to its target. Read from the session's record of what this side decided,
never from the ruleset's data, so it works for any rules with hidden decisions."""
from __future__ import annotations

import dataclasses
import math

import pygame

from game.ui import render, theme


@dataclasses.dataclass(frozen=True)
class Committed:
    actor: str
    point: tuple[float, float] | None     # where the figure will go (a move in the order)
    target: str | None                    # the unit it acts on


_cache: dict = {}


def committed(session, view) -> list[Committed]:
    """The viewer's secret orders of the current turn, the last one per figure (computed once per
    state and viewer: the history only grows with the version)."""
    key = (session.version, session.viewer, len(session.history), id(view))
    if _cache.get("session") is session and _cache.get("key") == key:
        return _cache["orders"]
    orders = _committed(session, view)
    _cache.update(session=session, key=key, orders=orders)
    return orders


def _committed(session, view) -> list[Committed]:
    viewer = session.viewer
    if viewer is None:
        return []
    turn = getattr(getattr(view, "flow", None), "turn", None)
    latest: dict[str, Committed] = {}
    for done in session.history:
        if not getattr(done, "hidden", False) or done.side != viewer or getattr(done, "turn", None) != turn:
            continue
        a = done.action
        actor = getattr(a, "actor", None)
        u = view.units.get(actor) if isinstance(actor, str) else None
        if u is None or u.out or u.side != viewer:
            continue
        point = None
        # an order with a place in it (x, y) moves there, unless it says it does not (move=False)
        if hasattr(a, "x") and hasattr(a, "y") and getattr(a, "move", True):
            p = (float(a.x), float(a.y))
            if math.hypot(p[0] - u.x, p[1] - u.y) > 0.5:
                point = p
        target = getattr(a, "target", None)
        target = target if isinstance(target, str) and target in view.units and target != actor else None
        latest[actor] = Committed(actor, point, target)
    return list(latest.values())


def draw(surface, cam, view, orders: list[Committed], positions: dict, seats=None) -> None:
    """A ghost base at each destination (a dashed line from the figure) and an arrow to each target."""
    for o in orders:
        u = view.units.get(o.actor)
        if u is None:
            continue
        x, y, _f = positions.get(u.id, (u.x, u.y, u.facing))
        start = cam.to_screen(x, y)
        colour = theme.shade(theme.side_colour(theme.seat_of(seats, u.side)), 1.35)
        r = max(4, int(render.base_radius_cm(u.base) * cam.scale))
        if o.point is not None:
            end = cam.to_screen(*o.point)
            render.dashed_line(surface, (20, 20, 20), start, end, 4, 9, 6)
            render.dashed_line(surface, colour, start, end, 2, 9, 6)
            ghost = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
            pygame.draw.circle(ghost, (*colour, 110), (r + 2, r + 2), r)
            pygame.draw.circle(ghost, (255, 255, 255, 220), (r + 2, r + 2), r, 2)
            surface.blit(ghost, (end[0] - r - 2, end[1] - r - 2))
            start = end
        if o.target is not None:
            t = view.units[o.target]
            end = cam.to_screen(t.x, t.y)
            arrow(surface, start, end, colour, r)


def arrow(surface, a, b, colour, gap: int) -> None:
    d = math.hypot(b[0] - a[0], b[1] - a[1])
    if d < 2 * gap + 4:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    tip = (b[0] - ux * (gap + 3), b[1] - uy * (gap + 3))
    render.dashed_line(surface, (20, 20, 20), a, tip, 4, 10, 5)
    render.dashed_line(surface, colour, a, tip, 2, 10, 5)
    k = 9
    left = (tip[0] - ux * k - uy * k * 0.6, tip[1] - uy * k + ux * k * 0.6)
    right = (tip[0] - ux * k + uy * k * 0.6, tip[1] - uy * k - ux * k * 0.6)
    pygame.draw.polygon(surface, colour, [tip, left, right])
    pygame.draw.polygon(surface, (20, 20, 20), [tip, left, right], 1)
