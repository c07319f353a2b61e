"""Drawing the table: terrain (cached per zoom level), units, and the overlays of the tools.

Everything here reads a *view* of the game (engine.view for the viewing side) and never changes
it. Terrain is drawn once per zoom level to a surface; units, selections and tool overlays are
drawn each frame, unit bases from a small sprite cache.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

import pygame

from game.ui import dressing, patterns, theme
from game.ui.camera import Camera

MAX_CACHE_PIXELS = 14_000_000        # above this a zoom level caches only the visible part
GRID_CM = 10.0


# -- shapely -> screen ----------------------------------------------------------------------------
def polygons_of(geom: Any) -> list[Any]:
    """The polygons of any shapely geometry (a point or line gives none)."""
    if geom is None or getattr(geom, "is_empty", True):
        return []
    kind = geom.geom_type
    if kind == "Polygon":
        return [geom]
    if kind in ("MultiPolygon", "GeometryCollection"):
        out = []
        for g in geom.geoms:
            out.extend(polygons_of(g))
        return out
    return []


def lines_of(geom: Any) -> list[Any]:
    if geom is None or getattr(geom, "is_empty", True):
        return []
    kind = geom.geom_type
    if kind in ("LineString", "LinearRing"):
        return [geom]
    if kind in ("MultiLineString", "GeometryCollection"):
        out = []
        for g in geom.geoms:
            out.extend(lines_of(g))
        return out
    return []


def _pts(coords: Iterable, to_px: Callable[[float, float], tuple[float, float]]) -> list[tuple[float, float]]:
    return [to_px(x, y) for x, y in list(coords)[:-1] or list(coords)]


def fill_polygon(surface: pygame.Surface, poly: Any, colour, to_px, hole_colour=None) -> None:
    ext = _pts(poly.exterior.coords, to_px)
    if len(ext) >= 3:
        pygame.draw.polygon(surface, colour, ext)
    for ring in poly.interiors:
        pts = _pts(ring.coords, to_px)
        if len(pts) >= 3 and hole_colour is not None:
            pygame.draw.polygon(surface, hole_colour, pts)


def outline_polygon(surface: pygame.Surface, poly: Any, colour, to_px, width: int = 1) -> None:
    for ring in [poly.exterior, *poly.interiors]:
        pts = [to_px(x, y) for x, y in ring.coords]
        if len(pts) >= 2:
            pygame.draw.lines(surface, colour, True, pts, width)


def dashed_line(surface, colour, a, b, width=1, dash=8.0, gap=6.0) -> None:
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    t = 0.0
    while t < length:
        t1 = min(length, t + dash)
        pygame.draw.line(surface, colour, (ax + ux * t, ay + uy * t), (ax + ux * t1, ay + uy * t1), width)
        t = t1 + gap


def translucent_polygons(size: tuple[int, int], polys: list[Any], to_px, fill, edge=None, edge_width=2,
                         hatch: tuple | None = None) -> pygame.Surface:
    """One SRCALPHA surface holding filled polygons (holes cut out), an edge, optional hatching."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for poly in polys:
        fill_polygon(surf, poly, fill, to_px, hole_colour=(0, 0, 0, 0))
    if hatch is not None:
        _hatch_inside(surf, polys, to_px, hatch)
    if edge is not None:
        for poly in polys:
            outline_polygon(surf, poly, edge, to_px, edge_width)
    return surf


def paint_inside(target: pygame.Surface, polys: list[Any], to_px, paint) -> None:
    """Paint a layer over the polygons' bounding box, clipped to the polygons (their holes left clear):
    `paint(layer, x0, y0)` draws on a transparent layer whose top-left is screen pixel (x0, y0)."""
    if not polys:
        return
    xs, ys = [], []
    for poly in polys:
        for x, y in poly.exterior.coords:
            px, py = to_px(x, y)
            xs.append(px)
            ys.append(py)
    x0, y0 = int(max(0, min(xs))), int(max(0, min(ys)))
    x1 = int(min(target.get_width(), max(xs) + 1))
    y1 = int(min(target.get_height(), max(ys) + 1))
    w, h = x1 - x0, y1 - y0
    if w <= 1 or h <= 1:
        return
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    shifted = lambda x, y: (to_px(x, y)[0] - x0, to_px(x, y)[1] - y0)  # noqa: E731
    for poly in polys:
        fill_polygon(mask, poly, (255, 255, 255, 255), shifted, hole_colour=(0, 0, 0, 0))
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    paint(layer, x0, y0)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    target.blit(layer, (x0, y0))


def _hatch_inside(target: pygame.Surface, polys: list[Any], to_px, colour, spacing: int = 9,
                  cross: bool = False) -> None:
    """Diagonal hatching clipped to the polygons (rough and impassable ground)."""
    def hatch(lines: pygame.Surface, x0: int, y0: int) -> None:
        w, h = lines.get_size()
        offset = (x0 + y0) % spacing
        for k in range(-h - offset, w, spacing):
            pygame.draw.line(lines, colour, (k, h), (k + h, 0), 1)
            if cross:
                pygame.draw.line(lines, colour, (k, 0), (k + h, h), 1)
    paint_inside(target, polys, to_px, hatch)


# -- terrain ---------------------------------------------------------------------------------------
def kind_of(piece: Any) -> Any:
    return getattr(piece, "kind", None)


def kind_colour(kind: Any) -> tuple[int, int, int]:
    return theme.hex_colour(getattr(kind, "color", None), (170, 170, 160))


def kind_label(kind: Any) -> str:
    return getattr(kind, "label", "") or getattr(kind, "name", "terrain")


def table_size(state: Any) -> tuple[float, float]:
    table = getattr(state, "table", None)
    w = getattr(table, "width", None) or state.scenario.width
    h = getattr(table, "height", None) or state.scenario.height
    return float(w), float(h)


def draw_terrain(surface: pygame.Surface, state: Any, to_px, scale: float, fonts: theme.Fonts | None,
                 labels: bool = True, layer: bool = False) -> Any:
    """The table, its pieces by kind, buildings' walls and doors, zones, objectives and a 10 cm grid;
    returns the labels drawn (text, rect), placed so that none covers another. With `layer` the
    names are not drawn: they are returned as a NameLayer, drawn over the units each frame."""
    table = state.table
    w, h = table_size(state)
    open_kind = None
    kinds = getattr(table, "pieces", ())
    base = theme.OPEN_GROUND
    try:
        from game.geometry.terrain import load_kinds
        open_kind = load_kinds(state.scenario.terrain_kinds).get("open")
        if open_kind is not None:
            base = kind_colour(open_kind)
    except Exception:
        pass
    tl, br = to_px(0, 0), to_px(w, h)
    pygame.draw.rect(surface, base, pygame.Rect(tl[0], tl[1], br[0] - tl[0] + 1, br[1] - tl[1] + 1))
    # faint grid every 10 cm: the table's own ruler
    grid = theme.shade(base, 0.93)
    if GRID_CM * scale >= 12:
        x = GRID_CM
        while x < w:
            pygame.draw.line(surface, grid, to_px(x, 0), to_px(x, h))
            x += GRID_CM
        y = GRID_CM
        while y < h:
            pygame.draw.line(surface, grid, to_px(0, y), to_px(w, y))
            y += GRID_CM
    pieces = sorted(kinds, key=lambda p: -float(getattr(p.polygon, "area", 0.0)))
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(tl[0], tl[1], br[0] - tl[0] + 1, br[1] - tl[1] + 1).clip(clip))   # no tree off the table
    for piece in pieces:
        kind = kind_of(piece)
        colour = kind_colour(kind)
        polys = polygons_of(piece.polygon)
        high = getattr(kind, "high", False)
        if high:
            dressing.shadow(surface, polys, to_px, scale, fill_polygon, base)
        for poly in polys:
            fill_polygon(surface, poly, colour, to_px, hole_colour=base)
        pattern = patterns.pattern_of(kind)
        patterns.fill_polygons(surface, polys, to_px, pattern, colour)
        dressing.dress(surface, piece, pattern, colour, to_px, scale)
        edge = theme.shade(colour, 0.45 if high else 0.7)
        for poly in polys:
            outline_polygon(surface, poly, edge, to_px, 3 if high and scale >= 3 else 1)
        for room in getattr(piece, "rooms", ()) or ():
            for poly in polygons_of(room):
                outline_polygon(surface, poly, theme.shade(colour, 0.8), to_px, 1)
        wall_w = max(2, int(round(0.5 * scale)))
        for wall in getattr(piece, "walls", ()) or ():
            for line in lines_of(wall):
                pts = [to_px(x, y) for x, y in line.coords]
                if len(pts) >= 2:
                    pygame.draw.lines(surface, (45, 35, 30), False, pts, wall_w)
        for opening in getattr(piece, "openings", ()) or ():
            for line in lines_of(opening):
                pts = [to_px(x, y) for x, y in line.coords]
                if len(pts) >= 2:
                    pygame.draw.lines(surface, (240, 225, 190), False, pts, max(2, wall_w - 1))
    surface.set_clip(clip)
    scen = state.scenario
    for zone in getattr(scen, "deployment_zones", ()) or ():
        try:
            pts = [to_px(float(x), float(y)) for x, y in zone["polygon"]]
            col = theme.side_colour(theme.seat_of(state, int(zone.get("side", 0))))
        except (KeyError, TypeError, ValueError):
            continue
        for i in range(len(pts)):
            dashed_line(surface, col, pts[i], pts[(i + 1) % len(pts)], 2, 10, 7)
    flags = []
    for obj in getattr(scen, "objectives", ()) or ():
        try:
            if obj.get("polygon"):
                pts = [to_px(float(x), float(y)) for x, y in obj["polygon"]]
                pygame.draw.lines(surface, (120, 40, 120), True, pts, 2)
                cx = sum(p[0] for p in pts) / len(pts)
                cy = sum(p[1] for p in pts) / len(pts)
            else:
                cx, cy = to_px(float(obj["x"]), float(obj["y"]))
                r = float(obj.get("radius") or 2.0) * scale
                pygame.draw.circle(surface, (120, 40, 120), (cx, cy), max(4, r), 2)
            pygame.draw.line(surface, (60, 30, 60), (cx, cy), (cx, cy - 18), 2)
            pygame.draw.polygon(surface, (200, 60, 160), [(cx, cy - 18), (cx + 12, cy - 14), (cx, cy - 10)])
            flags.append((str(obj.get("name") or ""), cx, cy))
        except (KeyError, TypeError, ValueError):
            continue
    pygame.draw.rect(surface, theme.TABLE_EDGE,
                     pygame.Rect(tl[0], tl[1], br[0] - tl[0] + 1, br[1] - tl[1] + 1), 2)
    from game.ui import labels as map_labels
    if layer and fonts is not None:
        names = map_labels.map_names(pieces, flags, to_px, scale, fonts, lambda p: kind_colour(kind_of(p)))
        return map_labels.NameLayer(names, [map_labels.flag_rect(cx, cy) for _n, cx, cy in flags], surface.get_size())
    if fonts is not None and labels:
        return map_labels.draw_labels(surface, state, pieces, flags, to_px, scale, fonts,
                                      lambda p: kind_colour(kind_of(p)))
    return []


class TerrainCache:
    """The terrain drawn once per zoom level (the whole table, or around the view when huge)."""

    def __init__(self, fonts: theme.Fonts):
        self.fonts = fonts
        self._surfaces: dict[Any, tuple[pygame.Surface, tuple[float, float], Any]] = {}
        self._state_key: Any = None
        self.names: Any = None          # the NameLayer of the image last blitted, at its screen offset

    def invalidate(self) -> None:
        self._surfaces.clear()

    def blit(self, target: pygame.Surface, state: Any, cam: Camera) -> None:
        key_state = id(state.table)
        if key_state != self._state_key:
            self._surfaces.clear()
            self._state_key = key_state
        w, h = table_size(state)
        s = cam.scale
        full = (int(w * s) + 4) * (int(h * s) + 4) <= MAX_CACHE_PIXELS
        if full:
            key = (cam.level, "full")
            entry = self._surfaces.get(key)
            if entry is None:
                surf = pygame.Surface((int(w * s) + 4, int(h * s) + 4))
                surf.fill(theme.BG)
                names = draw_terrain(surf, state, lambda x, y: (x * s + 2, y * s + 2), s, self.fonts, layer=True)
                entry = (surf, (-2.0, -2.0), names)
                self._trim()
                self._surfaces[key] = entry
        else:
            vx, vy, vw, vh = cam.viewport
            key = (cam.level, "part")
            entry = self._surfaces.get(key)
            need_x0, need_y0 = vx - cam.ox, vy - cam.oy
            if entry is not None:
                surf, (ex, ey), _names = entry
                if not (ex <= need_x0 and ey <= need_y0 and need_x0 + vw <= ex + surf.get_width()
                        and need_y0 + vh <= ey + surf.get_height()):
                    entry = None
            if entry is None:
                mx, my = vw // 2, vh // 2
                ex, ey = need_x0 - mx, need_y0 - my
                surf = pygame.Surface((vw + 2 * mx, vh + 2 * my))
                surf.fill(theme.BG)
                names = draw_terrain(surf, state, lambda x, y: (x * s - ex, y * s - ey), s, self.fonts, layer=True)
                entry = (surf, (ex, ey), names)
                self._surfaces[key] = entry
        surf, (ex, ey), self.names = entry
        at = (int(round(cam.ox + ex)), int(round(cam.oy + ey)))
        target.blit(surf, at)
        if self.names is not None:
            self.names.offset = at

    def _trim(self) -> None:
        if len(self._surfaces) > 6:
            self._surfaces.pop(next(iter(self._surfaces)))


def legend_entries(state: Any) -> list[tuple]:
    """(label, colour, properties, pattern) of each kind present on the table, in table order."""
    seen: dict[str, tuple[str, tuple[int, int, int], str]] = {}
    for piece in getattr(state.table, "pieces", ()):
        kind = kind_of(piece)
        name = getattr(kind, "name", "?")
        if name in seen:
            continue
        props = [p for p in ("high", "cover", "rough", "impassable", "building") if getattr(kind, p, False)]
        if getattr(kind, "linear_obstacle", False):
            props.append("obstacle")
        words = {"high": "blocks LOS", "cover": "cover", "rough": "rough", "impassable": "impassable",
                 "building": "building", "obstacle": "obstacle"}
        seen[name] = (kind_label(kind), kind_colour(kind), ", ".join(words[p] for p in props),
                      patterns.pattern_of(kind))
    return list(seen.values())


# -- units (drawn by game.ui.units; names kept here for the callers) ---------------------------------
from game.ui.units import UnitPainter, UnitSprites, _side_mark, base_outline, base_radius_cm, unit_hit  # noqa: E402,F401


# -- overlays ---------------------------------------------------------------------------------------
class RegionCache:
    """A move option's region drawn translucent, cached per (region, zoom level, pan)."""

    def __init__(self):
        self._key: Any = None
        self._surf: pygame.Surface | None = None

    def blit(self, surface: pygame.Surface, region: Any, cam: Camera, fill=(255, 214, 90, 70),
             edge=(240, 190, 70, 230)) -> None:
        vx, vy, vw, vh = cam.viewport
        key = (id(region), cam.level, round(cam.ox, 1), round(cam.oy, 1), cam.viewport)
        if key != self._key:
            polys = polygons_of(region)
            to_px = lambda x, y: (cam.ox + x * cam.scale - vx, cam.oy + y * cam.scale - vy)  # noqa: E731
            self._surf = translucent_polygons((vw, vh), polys, to_px, fill, edge, 2)
            self._key = key
            self._region = region          # keep it alive so id() stays unique
        if self._surf is not None:
            surface.blit(self._surf, (vx, vy))


def draw_sector(surface: pygame.Surface, cam: Camera, origin, facing: float, arc: float, radius: float,
                colour=(255, 255, 255, 50), edge=(255, 255, 255, 160)) -> None:
    vx, vy, vw, vh = cam.viewport
    ox, oy = origin
    if arc >= 360:
        pts = [(ox + radius * math.cos(2 * math.pi * i / 72), oy + radius * math.sin(2 * math.pi * i / 72))
               for i in range(72)]
    else:
        n = max(3, int(arc / 4) + 1)
        start = facing - arc / 2
        pts = [(ox, oy)] + [(ox + radius * math.cos(math.radians(start + arc * i / (n - 1))),
                             oy + radius * math.sin(math.radians(start + arc * i / (n - 1)))) for i in range(n)]
    spts = [(p[0] - vx, p[1] - vy) for p in (cam.to_screen(*q) for q in pts)]
    tmp = pygame.Surface((vw, vh), pygame.SRCALPHA)
    pygame.draw.polygon(tmp, colour, spts)
    pygame.draw.polygon(tmp, edge, spts, 2)
    surface.blit(tmp, (vx, vy))


def draw_zone(surface: pygame.Surface, cam: Camera, poly: Any, colour=(255, 255, 255, 50),
              edge=(255, 255, 255, 160)) -> None:
    """A translucent polygon in table cm (a firing arc the rules shape themselves)."""
    vx, vy, vw, vh = cam.viewport
    tmp = pygame.Surface((vw, vh), pygame.SRCALPHA)
    for part in getattr(poly, "geoms", [poly]):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        spts = [(p[0] - vx, p[1] - vy) for p in (cam.to_screen(x, y) for x, y in part.exterior.coords)]
        if len(spts) >= 3:
            pygame.draw.polygon(tmp, colour, spts)
            pygame.draw.polygon(tmp, edge, spts, 2)
    surface.blit(tmp, (vx, vy))


def seen_by_all(state: Any) -> list[Any]:
    """The units every side's view shows where they stand, not hidden: what a preview seen by all
    the players may draw (a secret declaration hides no one; a hidden deployment does)."""
    from game.engine import game as engine
    views = [engine.view(state, side) for side in range(state.sides)]

    def open_to(v, u) -> bool:
        w = v.units.get(u.id)
        return w is not None and not w.out and "hidden" not in w.markers and (w.x, w.y) == (u.x, u.y)
    return [u for u in state.units.values() if not u.out and all(open_to(v, u) for v in views)]


def ring_label(name: str, cm: float) -> str:
    """A range band's label, its distance once: "short 10 cm"; a name that already gives the
    distance ("10 cm", "50 paces") is not followed by it again."""
    dist = f"{cm:g} cm"
    name = (name or "").strip()
    if not name or name.replace(" ", "") == dist.replace(" ", ""):
        return dist
    if f"{cm:g}" in name.replace(",", " ").split():
        return name
    return f"{name} {dist}"


RING_ANGLES = tuple(a for k in range(13) for a in ((-90 + 15 * k, -90 - 15 * k) if 0 < k < 12 else (-90 + 15 * k,)))


def draw_rings(surface: pygame.Surface, cam: Camera, centre, bands: list[tuple[str, float]],
               colour=(255, 255, 255)) -> list[tuple[str, list]]:
    """The range bands' circles; returns each one's label with the spots on its ring where it may
    stand (its top first), for placing over the units, clear of their labels."""
    cx, cy = cam.to_screen(*centre)
    labels = []
    for i, (name, cm) in enumerate(bands):
        r = cm * cam.scale
        if r < 3:
            continue
        shade_c = theme.shade(colour, 1 - 0.12 * i) if i else colour
        pygame.draw.circle(surface, (20, 20, 20), (cx, cy), r, 3)
        pygame.draw.circle(surface, shade_c, (cx, cy), r, 1)
        spots = [("center", (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))))
                 for a in RING_ANGLES]
        labels.append((ring_label(name, cm), spots))
    return labels


def placed_label(surface: pygame.Surface, fonts: theme.Fonts, placer, text: str, spots: list, size=11,
                 bg=(250, 248, 240), needed: bool = False) -> pygame.Rect | None:
    """A boxed label at the first of its spots where it covers no label nor marker the placer
    knows; with none free it is left out (None), unless `needed` (then at its first spot)."""
    text = fit_text(fonts, text, size, surface.get_clip().w - 10, "b")
    img = fonts.render(text, size, (20, 20, 20), "b")
    box = (img.get_width() + 8, img.get_height() + 2)
    rect = placer.place(text, box, spots)
    if rect is None:
        if not needed:
            return None
        rect = pygame.Rect((0, 0), box)
        setattr(rect, spots[0][0], (int(spots[0][1][0]), int(spots[0][1][1])))
        rect.clamp_ip(surface.get_clip())
        placer.taken.append(rect)
        placer.placed.append((text, rect))
    pygame.draw.rect(surface, bg, rect, border_radius=4)
    pygame.draw.rect(surface, (20, 20, 20), rect, 1, border_radius=4)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def label_box(surface: pygame.Surface, fonts: theme.Fonts, text: str, pos, size=12, fg=(20, 20, 20),
              bg=(250, 248, 240), anchor="midbottom") -> pygame.Rect:
    """A boxed label, measured first and kept whole inside the drawing area (the clip: the board's
    viewport); a text wider than the area is cut with an ellipsis rather than spilling."""
    area = surface.get_clip()
    text = fit_text(fonts, text, size, area.w - 10, "b")
    img = fonts.render(text, size, fg, "b")
    rect = img.get_rect(**{anchor: pos}).inflate(8, 2)
    rect.clamp_ip(area)
    pygame.draw.rect(surface, bg, rect, border_radius=4)
    pygame.draw.rect(surface, (20, 20, 20), rect, 1, border_radius=4)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def fit_text(fonts: theme.Fonts, text: str, size: float, width: int, style: str = "") -> str:
    """The text, cut at a word (else a letter) with "…" when wider than `width` pixels."""
    font = fonts.get(size, style)
    if width <= 0 or font.size(text)[0] <= width:
        return text
    ell = fonts.safe("…", size, style)
    words = text.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + ell)[0] > width:
        words.pop()
    cut = " ".join(words)
    while cut and font.size(cut + ell)[0] > width:
        cut = cut[:-1]
    return cut.rstrip(" ,·;:") + ell
