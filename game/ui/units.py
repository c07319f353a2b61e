"""Drawing the units on a table: bases to scale with their facing, side marks, status markers and
names, from a small sprite cache; and finding the unit under a point."""
from __future__ import annotations

import math
from typing import Any, Iterable

import pygame

from game.geometry.measure import base_radius
from game.ui import theme
from game.ui.camera import Camera


class UnitSprites:
    """Base sprites by (side, size in px, shape): a filled base with its side mark."""

    def __init__(self):
        self._cache: dict[tuple, pygame.Surface] = {}

    def round_base(self, side: int, radius: int, faded: bool = False) -> pygame.Surface:
        key = ("round", side, radius, faded)
        surf = self._cache.get(key)
        if surf is None:
            size = radius * 2 + 4
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size / 2
            col = theme.side_colour(side)
            if faded:
                col = theme.shade(col, 0.55)
            pygame.draw.circle(surf, (15, 15, 18), (c, c), radius + 1)
            pygame.draw.circle(surf, col, (c, c), radius)
            _side_mark(surf, side, (c, c), radius)
            self._cache[key] = surf
        return surf


def _side_mark(surf: pygame.Surface, side: int, centre: tuple[float, float], radius: float) -> None:
    """The shape that tells the sides apart without colour."""
    if radius < 5:
        return
    cx, cy = centre
    r = radius * 0.5
    white = (245, 245, 245)
    w = max(1, int(radius / 7))
    mark = theme.side_mark(side)
    if mark == "ring":
        pygame.draw.circle(surf, white, (cx, cy), r, w)
    elif mark == "diamond":
        pygame.draw.polygon(surf, white, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], w)
    elif mark == "triangle":
        pygame.draw.polygon(surf, white, [(cx, cy - r), (cx + r * 0.9, cy + r * 0.6), (cx - r * 0.9, cy + r * 0.6)], w)
    else:
        pygame.draw.line(surf, white, (cx - r, cy - r), (cx + r, cy + r), w + 1)
        pygame.draw.line(surf, white, (cx - r, cy + r), (cx + r, cy - r), w + 1)


base_radius_cm = base_radius     # half the largest size of a base (hit tests, marker placement)


def base_outline(x: float, y: float, facing: float, base: dict) -> list[tuple[float, float]]:
    """The corners of a rect base (width across the facing, depth along it), or a 16-gon for an oval."""
    w = float(base.get("width", 4.0))
    d = float(base.get("depth", 2.0))
    t = math.radians(facing)
    ux, uy = math.cos(t), math.sin(t)           # along the facing
    vx, vy = -uy, ux                            # across it
    if base.get("shape") == "oval":
        pts = []
        for i in range(16):
            a = 2 * math.pi * i / 16
            pa, pb = d / 2 * math.cos(a), w / 2 * math.sin(a)
            pts.append((x + ux * pa + vx * pb, y + uy * pa + vy * pb))
        return pts
    out = []
    for sa, sb in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
        pa, pb = sa * d / 2, sb * w / 2
        out.append((x + ux * pa + vx * pb, y + uy * pa + vy * pb))
    return out


def unit_hit(units: Iterable[Any], wx: float, wy: float, slack_cm: float = 0.0) -> Any | None:
    """The unit whose base is under the table point (the nearest when bases overlap)."""
    best, best_d = None, None
    for u in units:
        if getattr(u, "out", False):
            continue
        r = base_radius_cm(u.base) + slack_cm
        d = math.hypot(u.x - wx, u.y - wy)
        if d <= r and (best_d is None or d < best_d):
            best, best_d = u, d
    return best


class UnitPainter:
    def __init__(self, fonts: theme.Fonts):
        self.fonts = fonts
        self.sprites = UnitSprites()

    def draw(self, surface: pygame.Surface, cam: Camera, units: Iterable[Any], positions: dict[str, tuple],
             marker_labels: dict[str, str], selected: str | None = None, hovered: str | None = None,
             acting: set[str] | frozenset = frozenset(), names: bool = True, seats=None) -> None:
        """`seats`: the view whose side numbering the units use (a nested game's sides keep the
        colours of the outer sides playing them)."""
        s = cam.scale
        vx, vy, vw, vh = cam.viewport
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(vx, vy, vw, vh))
        font_small = 10
        for u in units:
            side = theme.seat_of(seats, u.side)
            x, y, facing = positions.get(u.id, (u.x, u.y, u.facing))
            px, py = cam.to_screen(x, y)
            rcm = base_radius_cm(u.base)
            r = max(3, int(round(rcm * s)))
            if px < vx - r - 20 or px > vx + vw + r + 20 or py < vy - r - 20 or py > vy + vh + r + 20:
                continue
            if u.out:
                k = max(3, r // 2)
                pygame.draw.line(surface, (90, 90, 95), (px - k, py - k), (px + k, py + k), 2)
                pygame.draw.line(surface, (90, 90, 95), (px - k, py + k), (px + k, py - k), 2)
                continue
            if u.id in acting:
                pygame.draw.circle(surface, (255, 255, 255), (px, py), r + 4, 1)
            if u.id == selected:
                pygame.draw.circle(surface, theme.ACCENT, (px, py), r + 5, 3)
            elif u.id == hovered:
                pygame.draw.circle(surface, (255, 255, 255), (px, py), r + 4, 2)
            shape = u.base.get("shape", "round")
            t = math.radians(facing)
            if shape == "round":
                sprite = self.sprites.round_base(side, r, faded="hidden" in u.markers)
                surface.blit(sprite, (px - sprite.get_width() / 2, py - sprite.get_height() / 2))
                front = (px + math.cos(t) * r, py + math.sin(t) * r)
                back = (px + math.cos(t) * r * 0.35, py + math.sin(t) * r * 0.35)
                pygame.draw.line(surface, (255, 255, 255), back, front, max(2, r // 4))
            else:
                pts = [cam.to_screen(*p) for p in base_outline(x, y, facing, u.base)]
                col = theme.side_colour(side)
                pygame.draw.polygon(surface, col, pts)
                pygame.draw.polygon(surface, (15, 15, 18), pts, 1)
                # the front edge, in white
                pygame.draw.line(surface, (255, 255, 255), pts[0], pts[1], max(2, r // 5))
                _side_mark(surface, side, (px, py), min(r, int(float(u.base.get("depth", 2)) * s / 1.4)))
            if r >= 6:
                k = 0
                for marker in sorted(u.markers):
                    if marker == "hidden" and "hidden" not in marker_labels:
                        continue
                    label = marker_labels.get(marker) or theme.MARKER_LABELS.get(marker) or marker[:1].upper()
                    img = self.fonts.render(label, font_small, (20, 20, 20), "b")
                    bw = img.get_width() + 6
                    bh = img.get_height()
                    rect = pygame.Rect(px + r * 0.6 + k, py - r - bh * 0.4, bw, bh)
                    pygame.draw.rect(surface, theme.MARKER_COLOURS.get(marker, (230, 230, 230)), rect, border_radius=3)
                    pygame.draw.rect(surface, (20, 20, 20), rect, 1, border_radius=3)
                    surface.blit(img, (rect.x + 3, rect.y))
                    k += bw + 2
            if names and r >= 9 and (u.id in (selected, hovered) or r >= 14):
                img = self.fonts.render(u.name or u.id, 11, (20, 20, 20), "b")
                bg = pygame.Rect(0, 0, img.get_width() + 6, img.get_height())
                bg.midtop = (px, py + r + 3)
                pygame.draw.rect(surface, (250, 248, 240), bg, border_radius=3)
                surface.blit(img, (bg.x + 3, bg.y))
        surface.set_clip(clip)
