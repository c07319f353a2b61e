"""A campaign's statistics, drawn in the statistics screen (endgame.py): per side its battles won and
lost, its units lost in them and its strength now; a chart of the strength over the campaign's turns;
the battles, each with its result and losses and a button to its own statistics (screens/battle_stats.py).
The figures are game/ui/campaign_stats.py's; this only draws them."""
from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.campaign_stats import CampaignStats
from game.ui.components.nesting import BattleReport
from game.ui.components.stats_view import draw_chart

BATTLE_ROWS = 6            # the latest battles listed (the wheel scrolls to the earlier ones)


def battle_line(b: BattleReport) -> str:
    who = f"{b.winner} won" if b.winner is not None else "a draw"
    losses = "; ".join(f"{a.name} lost {a.lost}" + (f", {a.routed} routed" if a.routed else "") for a in b.armies)
    return f"T{b.turn} {b.title}: {who}. {losses}"


def side_line(side) -> str:
    start, now = (side.strength_by_turn[0], side.strength_by_turn[-1]) if side.strength_by_turn else (0, 0)
    return f"battles won {side.battles_won}, lost {side.battles_lost} · units lost in battle " \
           f"{side.units_lost} · strength {now} (turn 1: {start})"


def height(fonts, s, stats: CampaignStats) -> int:
    return len(stats.sides) * (fonts.line_height(14) + fonts.line_height(12) + s(4)) + s(150) + \
        min(BATTLE_ROWS, max(1, len(stats.battles))) * (fonts.line_height(13) + s(10)) + s(40)


def first_shown(stats: CampaignStats, offset: int) -> int:
    return max(0, len(stats.battles) - BATTLE_ROWS - offset)


def draw(screen, surface, stats: CampaignStats, x: int, y: int, width: int, bottom: int) -> list[pygame.Rect]:
    """The campaign's figures from y down; returns the rect of each battle row shown (for its button)."""
    fonts, s = screen.app.fonts, screen.s
    for i, side in enumerate(stats.sides):
        pygame.draw.circle(surface, theme.side_colour(i), (x + s(6), y + s(9)), s(6))
        name = theme.draw_text(surface, fonts, side.name, (x + s(16), y), 14, theme.TEXT, "b")
        lk = side.luck
        luck = f"{lk.verdict()} in the campaign's rolls ({lk.successes} of {lk.judged} where the odds promised " \
               f"{lk.expected:.1f})" if lk.judged else f"{lk.rolls} campaign rolls"
        theme.draw_text(surface, fonts, side_line(side), (name.right + s(10), y), 13, theme.TEXT)
        y += fonts.line_height(14)
        theme.draw_text(surface, fonts, luck, (x + s(16), y), 12, theme.DIM, "i")
        y += fonts.line_height(12) + s(4)
    rows_h = min(BATTLE_ROWS, max(1, len(stats.battles))) * (fonts.line_height(13) + s(10)) + s(30)
    chart = pygame.Rect(x, y + s(6), width, max(s(90), bottom - y - rows_h - s(16)))
    draw_chart(surface, fonts, s, "Strength at the end of each campaign turn (the enemy's as far as you saw it)",
               [side.strength_by_turn for side in stats.sides], chart)
    y = chart.bottom + s(10)
    theme.draw_text(surface, fonts, f"Battles ({len(stats.battles)})", (x, y), 16, theme.ACCENT, "b")
    y += fonts.line_height(16, "b") + s(2)
    if not stats.battles:
        theme.draw_text(surface, fonts, "No battle yet.", (x + s(8), y), 13, theme.DIM, "i")
        return []
    rows = []
    start = first_shown(stats, getattr(screen, "battle_offset", 0))
    for b in stats.battles[start:start + BATTLE_ROWS]:
        row = pygame.Rect(x, y, width, fonts.line_height(13) + s(8))
        colour = theme.TEXT if b.winner_seat is None else theme.shade(theme.side_colour(b.winner_seat), 1.35)
        pygame.draw.rect(surface, (30, 34, 41), row, border_radius=4)
        text = fonts.wrap(battle_line(b), 13, width - s(130))[0]
        theme.draw_text(surface, fonts, text, (x + s(8), y + s(4)), 13, colour)
        theme.draw_text(surface, fonts, "its statistics >", (row.right - s(8), y + s(4)), 12, theme.ACCENT,
                        anchor="topright")
        rows.append(row)
        y += row.h + s(2)
    return rows
