"""Shape builders for terrain pieces on a table (cm): snapping, rectangles, ellipses as polygons,
linear obstacles from polylines, buildings with walls, doors, windows and rooms, and the affine
transforms (move, rotate, scale) of a piece with everything it carries (shapely.affinity)."""
from __future__ import annotations

import math
from typing import Any, Iterable

import shapely
import shapely.ops
from shapely import affinity

Point = tuple[float, float]

ELLIPSE_SEGMENTS = 32
OBSTACLE_WIDTH = 1.0        # cm: a wall's or hedge's footprint when drawn as a polyline
DOOR_WIDTH = 2.0            # cm of wall a door opens
WINDOW_WIDTH = 1.5
PIECE_GEOMETRY = ("polygon", "holes", "walls", "openings", "rooms")   # the lists of points a piece holds


def snap(point: Point, grid: float | None) -> Point:
    """The nearest grid point (grid in cm; None or 0: no snapping)."""
    if not grid:
        return (round(point[0], 2), round(point[1], 2))
    return (round(round(point[0] / grid) * grid, 2), round(round(point[1] / grid) * grid, 2))


def _coords(geom: Any) -> list[list[float]]:
    ring = list(geom.exterior.coords if hasattr(geom, "exterior") else geom.coords)
    if hasattr(geom, "exterior"):
        ring = ring[:-1]
    return [[round(x, 3), round(y, 3)] for x, y in ring]


def rectangle(a: Point, b: Point) -> list[list[float]] | None:
    """The rectangle dragged from corner a to corner b (None when it has no area)."""
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    if x1 - x0 < 1e-6 or y1 - y0 < 1e-6:
        return None
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]


def ellipse(a: Point, b: Point, circle: bool = False, segments: int = ELLIPSE_SEGMENTS) -> list[list[float]] | None:
    """The ellipse inscribed in the box dragged from a to b, as a polygon (a circle: the box's smaller side)."""
    rx, ry = abs(b[0] - a[0]) / 2, abs(b[1] - a[1]) / 2
    if circle:
        rx = ry = min(rx, ry) if min(rx, ry) > 0 else max(rx, ry)
    if rx < 1e-6 or ry < 1e-6:
        return None
    cx, cy = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if circle:
        cx = a[0] + math.copysign(rx, b[0] - a[0])
        cy = a[1] + math.copysign(ry, b[1] - a[1])
    return [[round(cx + rx * math.cos(2 * math.pi * i / segments), 3),
             round(cy + ry * math.sin(2 * math.pi * i / segments), 3)] for i in range(segments)]


def polygon(points: Iterable[Point]) -> list[list[float]] | None:
    """A polygon drawn vertex by vertex (None with fewer than three distinct vertices)."""
    pts: list[list[float]] = []
    for x, y in points:
        if not pts or (abs(pts[-1][0] - x) + abs(pts[-1][1] - y)) > 1e-9:
            pts.append([float(x), float(y)])
    if len(pts) > 1 and abs(pts[0][0] - pts[-1][0]) + abs(pts[0][1] - pts[-1][1]) < 1e-9:
        pts.pop()
    return pts if len(pts) >= 3 else None


def obstacle(points: Iterable[Point], width: float = OBSTACLE_WIDTH) -> list[list[float]] | None:
    """A linear obstacle (a wall, a hedge) drawn as a polyline: its footprint, `width` cm wide."""
    pts = [tuple(p) for p in points]
    if len(pts) < 2:
        return None
    line = shapely.LineString(pts)
    if line.length < 1e-6:
        return None
    shape = line.buffer(width / 2, cap_style="flat", join_style="mitre").simplify(0.01)
    if shape.geom_type != "Polygon" or shape.is_empty:
        return None
    return _coords(shape)


def building(a: Point, b: Point) -> dict[str, Any] | None:
    """A building dragged as a rectangle: its outline is its walls, one room inside."""
    rect = rectangle(a, b)
    if rect is None:
        return None
    walls = [[list(p) for p in rect] + [list(rect[0])]]
    return {"polygon": rect, "walls": walls, "openings": [], "rooms": [rect]}


def opening_at(piece: dict[str, Any], point: Point, width: float) -> list[list[float]] | None:
    """A door or window: `width` cm of the building's wall nearest to `point`, centred there."""
    lines = [shapely.LineString(w) for w in piece.get("walls") or () if len(w) >= 2]
    if not lines:
        lines = [shapely.Polygon(piece["polygon"]).exterior]
    here = shapely.Point(point)
    wall = min(lines, key=lambda ln: ln.distance(here))
    at = wall.project(here)
    start, end = max(0.0, at - width / 2), min(wall.length, at + width / 2)
    if end - start < 1e-6:
        return None
    seg = shapely.ops.substring(wall, start, end)
    return [[round(x, 3), round(y, 3)] for x, y in seg.coords]


def split_room(piece: dict[str, Any], a: Point, b: Point) -> dict[str, Any] | None:
    """An inner wall from a to b: it becomes a wall and splits the room it crosses in two."""
    line = shapely.LineString([a, b])
    rooms = [shapely.Polygon(r) for r in piece.get("rooms") or [piece["polygon"]]]
    out_rooms, split_any = [], False
    for room in rooms:
        long_line = affinity.scale(line, 100, 100, origin=line.interpolate(0.5, normalized=True))
        if long_line.crosses(room) and not split_any:
            parts = shapely.ops.split(room, long_line)
            polys = [g for g in parts.geoms if g.geom_type == "Polygon" and g.area > 1e-3]
            if len(polys) >= 2:
                out_rooms.extend(_coords(g) for g in polys)
                split_any = True
                inner = long_line.intersection(room)
                walls = list(piece.get("walls") or []) + [[[round(x, 3), round(y, 3)] for x, y in inner.coords]] \
                    if inner.geom_type == "LineString" else list(piece.get("walls") or [])
                continue
        out_rooms.append(_coords(room))
    if not split_any:
        return None
    return {"rooms": out_rooms, "walls": walls}


# -- transforms of a piece with all its geometry --------------------------------------------------------
def _map_points(piece: dict[str, Any], fn) -> dict[str, Any]:
    out = dict(piece)
    if "polygon" in piece:
        out["polygon"] = [list(fn(p)) for p in piece["polygon"]]
    for key in PIECE_GEOMETRY[1:]:
        if piece.get(key):
            out[key] = [[list(fn(p)) for p in ring] for ring in piece[key]]
    return out


def _affine(matrix):
    a, b, d, e, xoff, yoff = matrix

    def fn(p):
        x, y = p
        return (round(a * x + b * y + xoff, 3), round(d * x + e * y + yoff, 3))
    return fn


def centre_of(piece: dict[str, Any]) -> Point:
    c = shapely.Polygon(piece["polygon"]).centroid
    return (c.x, c.y)


def moved(piece: dict[str, Any], dx: float, dy: float) -> dict[str, Any]:
    return _map_points(piece, _affine((1, 0, 0, 1, dx, dy)))


def rotated(piece: dict[str, Any], degrees: float, origin: Point | None = None) -> dict[str, Any]:
    """Turned about its centre (shapely.affinity's rotation, applied to every ring and line)."""
    ox, oy = origin or centre_of(piece)
    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    return _map_points(piece, _affine((c, -s, s, c, ox - c * ox + s * oy, oy - s * ox - c * oy)))


def scaled(piece: dict[str, Any], factor: float, origin: Point | None = None) -> dict[str, Any]:
    ox, oy = origin or centre_of(piece)
    return _map_points(piece, _affine((factor, 0, 0, factor, ox - factor * ox, oy - factor * oy)))


def contains(piece: dict[str, Any], point: Point, tolerance: float = 0.0) -> bool:
    try:
        poly = shapely.Polygon(piece["polygon"])
        return poly.distance(shapely.Point(point)) <= tolerance
    except (ValueError, TypeError, KeyError):
        return False


def uncovered(width: float, height: float, pieces: Iterable[dict[str, Any]]) -> Any:
    """The part of the table no piece covers (shapely geometry; empty when the pieces tile it)."""
    polys = []
    for p in pieces:
        try:
            polys.append(shapely.make_valid(shapely.Polygon(p["polygon"], p.get("holes") or None)))
        except (ValueError, TypeError, KeyError):
            continue
    table = shapely.box(0, 0, width, height)
    gap = table.difference(shapely.union_all(polys)) if polys else table
    parts = [g for g in shapely.get_parts(gap) if g.geom_type == "Polygon" and g.area > 0.01]
    return shapely.MultiPolygon(parts) if parts else shapely.Polygon()


def fill_pieces(width: float, height: float, pieces: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Pieces (polygon and holes) covering every gap of the table, largest first."""
    gap = uncovered(width, height, pieces)
    out = []
    for g in sorted(shapely.get_parts(gap), key=lambda g: -g.area):
        g = g.simplify(0.001)
        if g.geom_type != "Polygon" or g.is_empty:
            continue
        piece: dict[str, Any] = {"polygon": _coords(g)}
        holes = [[[round(x, 3), round(y, 3)] for x, y in list(r.coords)[:-1]] for r in g.interiors]
        if holes:
            piece["holes"] = holes
        out.append(piece)
    return out
