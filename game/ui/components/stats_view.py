"""The statistics drawn: the luck report (per side the rolls, the successes the odds promised and
those that came) and a chart of each side's losses turn by turn, pygame-drawn."""
from __future__ import annotations

import pygame

from game.ui import theme


def draw_luck(surface, fonts, s, stats, nobody, x: int, y: int, width: int) -> int:
    """The luck table; returns the y below it."""
    cols = [("side", 0.0), ("rolls", 0.30), ("expected", 0.43), ("came", 0.58), ("lost", 0.70), ("put out", 0.80)]
    for title, at in cols:
        theme.draw_text(surface, fonts, title, (x + int(width * at), y), 12, theme.DIM, "b")
    y += fonts.line_height(12) + s(2)
    for side, st in enumerate(stats):
        lk = st.luck
        col = theme.side_colour(side)
        pygame.draw.circle(surface, col, (x + s(6), y + s(9)), s(6))
        cells = [st.name, str(lk.rolls), f"{lk.expected:.1f}" if lk.judged else "–",
                 f"{lk.successes}" if lk.judged else "–", f"{st.lost} of {st.units}", str(st.put_out)]
        for (_t, at), text in zip(cols, cells):
            theme.draw_text(surface, fonts, text, (x + int(width * at) + (s(16) if at == 0 else 0), y), 14,
                            theme.TEXT, "b" if at == 0 else "")
        y += fonts.line_height(14)
        verdict = lk.verdict()
        # the rolls column counts every roll; the verdict only those with a success or failure
        of = "" if lk.judged == lk.rolls else f" (of {lk.rolls})"
        detail = f"{verdict}: {lk.successes} successes in {lk.judged} pass/fail rolls{of} where the odds " \
                 f"promised {lk.expected:.1f}" if lk.judged else verdict
        colour = theme.GOOD if lk.spread >= 1 else theme.BAD if lk.spread <= -1 else theme.DIM
        theme.draw_text(surface, fonts, detail, (x + s(16), y), 12, colour, "i")
        y += fonts.line_height(12) + s(4)
    if nobody.rolls:
        theme.draw_text(surface, fonts, f"and {nobody.rolls} rolls of no side", (x + s(16), y), 12, theme.FAINT, "i")
        y += fonts.line_height(12)
    return y


def draw_losses_chart(surface, fonts, s, stats, rect: pygame.Rect) -> None:
    """Each side's units out of the battle at the end of each turn."""
    top = max([1] + [max(st.losses_by_turn or [0]) for st in stats] + [st.units for st in stats])
    draw_chart(surface, fonts, s, "Losses turn by turn", [st.losses_by_turn for st in stats], rect, top)


def draw_chart(surface, fonts, s, title: str, curves: list[list[int]], rect: pygame.Rect,
               top: int | None = None) -> None:
    """One line per side over the turns, with the side's mark on its points so the lines differ
    without colour."""
    from game.ui.units import _side_mark
    pygame.draw.rect(surface, (24, 27, 33), rect, border_radius=6)
    theme.draw_text(surface, fonts, title, (rect.x + s(8), rect.y + s(4)), 12, theme.DIM, "b")
    turns = max((len(c) for c in curves), default=1)
    top = max([1, top or 0] + [max(c or [0]) for c in curves])
    plot = pygame.Rect(rect.x + s(34), rect.y + s(24), rect.w - s(46), rect.h - s(44))
    pygame.draw.line(surface, theme.EDGE, plot.bottomleft, plot.bottomright)
    pygame.draw.line(surface, theme.EDGE, plot.bottomleft, plot.topleft)
    theme.draw_text(surface, fonts, str(top), (plot.x - s(4), plot.y), 11, theme.FAINT, anchor="topright")
    theme.draw_text(surface, fonts, "0", (plot.x - s(4), plot.bottom), 11, theme.FAINT, anchor="midright")

    def at(i: int, v: int) -> tuple[int, int]:
        px = plot.x + (plot.w * i // max(1, turns - 1) if turns > 1 else plot.w // 2)
        return px, plot.bottom - int(plot.h * v / top)
    for i in range(turns):
        if turns <= 12 or i % max(1, turns // 10) == 0:
            theme.draw_text(surface, fonts, str(i + 1), (at(i, 0)[0], plot.bottom + s(2)), 11, theme.FAINT,
                            anchor="midtop")
    for side, curve in enumerate(curves):
        col = theme.side_colour(side)
        pts = [at(i, v) for i, v in enumerate(curve)]
        if len(pts) >= 2:
            pygame.draw.lines(surface, col, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, col, p, s(6))
            _side_mark(surface, side, p, s(6))
