"""A unit's status markers drawn as chips, never as names: a rounded chip in the marker's colour with
a dark rim and a diamond before its letters (a name is a pale square box), placed so it always
touches the unit's base."""
from __future__ import annotations

import zlib

import pygame

from game.ui import theme


def marker_colour(marker: str) -> tuple[int, int, int]:
    """A status marker's colour: the common one, else one of a few strong colours picked by its name
    (the same marker is always the same colour)."""
    found = theme.MARKER_COLOURS.get(marker)
    if found:
        return found
    palette = ((230, 60, 50), (240, 190, 70), (86, 180, 233), (204, 121, 167), (0, 158, 115), (60, 60, 70))
    return palette[zlib.crc32(marker.encode("utf-8")) % len(palette)]


def marker_ink(marker: str) -> tuple[int, int, int]:
    r, g, b = marker_colour(marker)
    return (20, 20, 20) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (250, 250, 250)


def chip_width(img: pygame.Surface, h: int) -> int:
    return img.get_width() + h + 4          # the text, the diamond before it and the round ends


def draw_chip(surface: pygame.Surface, rect: pygame.Rect, marker: str, img: pygame.Surface) -> None:
    """A status marker: a rounded chip in the marker's colour with a dark rim and a diamond before
    its letters, never a name's pale square box, so "BK" the marker never reads as "BK" the man."""
    colour, ink = marker_colour(marker), marker_ink(marker)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, (15, 15, 18), rect, 2, border_radius=rect.h // 2)
    k = max(2, rect.h // 4)
    cx, cy = rect.x + rect.h // 2 + 1, rect.centery
    pygame.draw.polygon(surface, ink, [(cx, cy - k), (cx + k, cy), (cx, cy + k), (cx - k, cy)])
    surface.blit(img, (cx + k + 2, rect.y + (rect.h - img.get_height()) // 2))


def badge_spots(outline) -> list[tuple[str, tuple[float, float]]]:
    """Where a unit's row of status chips goes, always overlapping its base's edge: on its top
    point (to the right, then centred), else its right, bottom or left point."""
    top = min(outline, key=lambda p: p[1])
    bottom = max(outline, key=lambda p: p[1])
    right = max(outline, key=lambda p: p[0])
    left = min(outline, key=lambda p: p[0])
    return [("bottomleft", (top[0] - 4, top[1] + 4)), ("midbottom", (top[0], top[1] + 4)),
            ("midleft", (right[0] - 4, right[1])), ("midtop", (bottom[0], bottom[1] - 4)),
            ("midright", (left[0] + 4, left[1])), ("bottomright", (top[0] + 4, top[1] + 4))]
