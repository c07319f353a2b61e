"""Tiled objects -> a scenario's terrain, units, objectives, deployment zones and places (issue 19).

The conventions a map maker follows in Tiled (README "Maps from Tiled"):
- a polygon, rectangle or ellipse is a terrain piece (an ellipse becomes a 24-sided polygon); its
  kind is the object's `kind` property, else its class (Tiled 1.9+) or type (older Tiled);
- a polyline is a linear obstacle: a strip `width` cm wide (property; default 1) along the line,
  of kind `low-wall` unless it names another;
- an area of class `deployment` is a deployment zone of side `side`; of class `objective`, an
  objective polygon;
- a point of class `unit`, or named `unit:NAME`, is a unit; of class `objective`, or named
  `objective:NAME`, an objective (`radius` cm, default 3); on a hex map a point of class `town`,
  `capital` or `camp` is a place on the hex it stands in.
Unknown kinds become a default kind and are listed in one warning each; an object this import has
no use for is listed in a warning too: nothing is dropped silently.
"""
from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import shapely
from pytiled_parser import tiled_object as to
from pytiled_parser.common_types import Color

from game.io.errors import FileProblem
from game.io.models import ID_PATTERN

ELLIPSE_SIDES = 24
DEFAULT_AREA_KIND = "open"
DEFAULT_LINE_KIND = "low-wall"
LINE_WIDTH_CM = 1.0
OBJECTIVE_RADIUS_CM = 3.0
# unit properties with a place of their own in the scenario; every other property is a stat
UNIT_KEYS = {"id", "side", "kind", "facing", "base", "base_width", "base_depth", "team", "markers", "stats"}


@dataclass
class Frame:
    """What every object's conversion needs: the file, the scale, the board and the running lists."""

    source: str
    sx: float                                   # cm per pixel, across
    sy: float                                   # cm per pixel, down
    area_kinds: set[str]                        # terrain kinds the scenario may name
    side_names: list[str]
    hex_of: Callable[[float, float], tuple[int, int] | None] | None = None   # a hex map's pixel -> hex
    warnings: list[str] = field(default_factory=list)
    origins: dict[str, str] = field(default_factory=dict)   # scenario path -> the Tiled object
    unknown: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    ids: set[str] = field(default_factory=set)
    doc: dict[str, list[Any]] = field(default_factory=lambda: {
        "terrain": [], "units": [], "objectives": [], "deployment_zones": [], "places": []})


def plain(value: Any) -> Any:
    """A Tiled property value as JSON: a colour as #rrggbb, a file as its path."""
    if isinstance(value, Color):
        return f"#{value.red:02x}{value.green:02x}{value.blue:02x}"
    if isinstance(value, Path):
        return value.as_posix()
    return value


def props(obj: Any) -> dict[str, Any]:
    return {str(k): plain(v) for k, v in (getattr(obj, "properties", None) or {}).items()}


def kind_word(text: str) -> str:
    """"Low wall", "LOW_WALL" -> "low-wall" (the words of terrain_kinds.json)."""
    return re.sub(r"[\s_]+", "-", text.strip().lower())


def where(obj: Any, layer: str) -> str:
    name = f" {obj.name!r}" if obj.name else ""
    return f"layer {layer!r} object {obj.id}{name}"


def _slug(text: str, fallback: str) -> str:
    slug = re.sub(r"[^a-z0-9_.:-]+", "-", text.lower()).strip("-.:")[:56]
    return slug or fallback


def _unique(frame: Frame, wanted: str) -> str:
    got, n = wanted, 2
    while got in frame.ids:
        got, n = f"{wanted}-{n}", n + 1
    frame.ids.add(got)
    return got


def _number(frame: Frame, value: Any, here: str, key: str, low: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= low:
        wanted = "a number" if low == -math.inf else f"a number > {low:g}"
        raise FileProblem(frame.source, f"{here} property {key!r}", f"expected {wanted}, got {value!r}")
    return float(value)


# -- geometry ---------------------------------------------------------------------------------------
def _outline(obj: Any) -> list[tuple[float, float]]:
    """The object's points in pixels relative to its origin, before rotation."""
    if isinstance(obj, (to.Polygon, to.Polyline)):
        return [(float(p.x), float(p.y)) for p in obj.points]
    w, h = float(obj.size.width), float(obj.size.height)
    if isinstance(obj, to.Ellipse):
        return [(w / 2 + w / 2 * math.cos(2 * math.pi * i / ELLIPSE_SIDES),
                 h / 2 + h / 2 * math.sin(2 * math.pi * i / ELLIPSE_SIDES)) for i in range(ELLIPSE_SIDES)]
    return [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]


def to_cm(frame: Frame, obj: Any, points: list[tuple[float, float]]) -> list[list[float]]:
    """Pixels relative to the object -> table cm: rotated clockwise about the object's origin as
    Tiled draws it, moved to the object's place, scaled."""
    a = math.radians(float(obj.rotation or 0.0))
    c, s = math.cos(a), math.sin(a)
    ox, oy = float(obj.coordinates.x), float(obj.coordinates.y)
    return [[round((ox + x * c - y * s) * frame.sx, 3), round((oy + x * s + y * c) * frame.sy, 3)]
            for x, y in points]


def _area(frame: Frame, obj: Any, here: str) -> shapely.Polygon | None:
    points = to_cm(frame, obj, _outline(obj))
    if len(points) < 3:
        frame.warnings.append(f"{here}: left out (an area needs at least 3 points)")
        return None
    poly = shapely.Polygon(points)
    if not poly.is_valid:
        raise FileProblem(frame.source, here, "expected a simple polygon (its edges cross; redraw it in Tiled)")
    if poly.area <= 1e-6:
        frame.warnings.append(f"{here}: left out (it has no area)")
        return None
    return poly


def _strip(frame: Frame, obj: Any, here: str, width: float) -> shapely.Polygon | None:
    """A polyline's strip: the line buffered, snapped to 0.001 cm (so it stays valid once written)."""
    points = to_cm(frame, obj, _outline(obj))
    line = shapely.LineString(points) if len(points) >= 2 else None
    if line is None or line.length <= 1e-6:
        frame.warnings.append(f"{here}: left out (a polyline needs two distinct points)")
        return None
    strip = line.buffer(width / 2, cap_style="flat", join_style="mitre", mitre_limit=2.0)
    strip = shapely.set_precision(strip, 0.001)
    parts = [g for g in getattr(strip, "geoms", [strip]) if g.geom_type == "Polygon" and g.area > 0]
    return max(parts, key=lambda g: g.area) if parts else None


def _rings(poly: shapely.Polygon) -> tuple[list[list[float]], list[list[list[float]]]]:
    def ring(r: Any) -> list[list[float]]:
        return [[round(x, 3), round(y, 3)] for x, y in list(r.coords)[:-1]]
    return ring(poly.exterior), [ring(h) for h in poly.interiors]


# -- kinds --------------------------------------------------------------------------------------------
def _kind(frame: Frame, obj: Any, p: dict[str, Any], here: str, known: set[str], default: str) -> str:
    named = p.get("kind", obj.class_ or "")
    if not isinstance(named, str):
        raise FileProblem(frame.source, f"{here} property 'kind'", f"expected a terrain kind as text, got {named!r}")
    if not named.strip():
        return default
    kind = kind_word(named)
    if kind in known:
        return kind
    frame.unknown.setdefault((named, default), []).append(here)
    return default


def unknown_kind_warnings(frame: Frame) -> None:
    """One warning per unknown kind: what it became, how many pieces, and the first of them."""
    for (named, default), places in frame.unknown.items():
        n = len(places)
        frame.warnings.append(f"unknown terrain kind {named!r} ({n} piece{'s' if n > 1 else ''}, first "
                              f"{places[0]}) is {default!r}")


# -- objects ------------------------------------------------------------------------------------------
def _class(obj: Any) -> str:
    return kind_word(obj.class_ or "")


def _named(obj: Any, what: str) -> str | None:
    """The display name after `unit:` / `objective:`, or None when the name does not say `what`."""
    m = re.match(rf"\s*{what}\s*:\s*(.*)", obj.name or "", re.I)
    return m.group(1).strip() if m else None


def add_area(frame: Frame, obj: Any, layer: str) -> None:
    """A polygon, rectangle or ellipse: a deployment zone, an objective, or a terrain piece."""
    here, p, cls = where(obj, layer), props(obj), _class(obj)
    poly = _area(frame, obj, here)
    if poly is None:
        return
    shell, holes = _rings(poly)
    if cls in ("deployment", "deployment-zone"):
        path = f"deployment_zones[{len(frame.doc['deployment_zones'])}]"
        frame.doc["deployment_zones"].append({"side": side_of(frame, p, here), "polygon": shell})
    elif cls == "objective" or _named(obj, "objective") is not None:
        name = _named(obj, "objective") or obj.name or ""
        path = f"objectives[{len(frame.doc['objectives'])}]"
        frame.doc["objectives"].append({"id": _unique(frame, _slug(name, f"objective-{obj.id}")), "name": name,
                                        "polygon": shell})
    else:
        kind = _kind(frame, obj, p, here, frame.area_kinds, DEFAULT_AREA_KIND)
        path = _piece(frame, obj, kind, shell, holes)
    frame.origins[path] = here


def add_line(frame: Frame, obj: Any, layer: str) -> None:
    """A polyline: a linear obstacle (a strip `width` cm wide along it)."""
    here, p = where(obj, layer), props(obj)
    width = _number(frame, p.get("width", LINE_WIDTH_CM), here, "width")
    kind = _kind(frame, obj, p, here, frame.area_kinds, DEFAULT_LINE_KIND)
    strip = _strip(frame, obj, here, width)
    if strip is not None:
        shell, holes = _rings(strip)
        frame.origins[_piece(frame, obj, kind, shell, holes)] = here


def _piece(frame: Frame, obj: Any, kind: str, shell: list, holes: list) -> str:
    piece: dict[str, Any] = {"id": _unique(frame, _slug(obj.name or "", f"{kind}-{obj.id}")), "kind": kind,
                             "name": obj.name or "", "polygon": shell}
    if holes:
        piece["holes"] = holes
    frame.doc["terrain"].append(piece)
    return f"terrain[{len(frame.doc['terrain']) - 1}]"


def side_of(frame: Frame, p: dict[str, Any], here: str) -> int:
    """The `side` property: a side's index (0 is the first) or its name."""
    side = p.get("side")
    if side is None:
        frame.warnings.append(f"{here}: no 'side' property, so it belongs to side 0 ({frame.side_names[0]})")
        return 0
    if isinstance(side, str):
        names = [n.lower() for n in frame.side_names]
        if side.strip().lower() in names:
            return names.index(side.strip().lower())
        if side.strip().isdigit():
            side = int(side.strip())
    if isinstance(side, bool) or not isinstance(side, (int, float)) or side != int(side) or not 0 <= side <= 3:
        raise FileProblem(frame.source, f"{here} property 'side'",
                          f"expected a side index 0..3 or a side's name ({', '.join(frame.side_names)}), got {side!r}")
    while int(side) >= len(frame.side_names):
        frame.side_names.append(f"Side {len(frame.side_names) + 1}")
    return int(side)


def add_point(frame: Frame, obj: Any, layer: str) -> None:
    """A point: a unit, an objective, or (on a hex map) a town, capital or camp."""
    here, cls = where(obj, layer), _class(obj)
    x, y = to_cm(frame, obj, [(0.0, 0.0)])[0]
    hex_ = None
    if frame.hex_of is not None:
        hex_ = frame.hex_of(float(obj.coordinates.x), float(obj.coordinates.y))
        if hex_ is None:
            raise FileProblem(frame.source, here, "expected a point inside the hex map")
    if cls == "unit" or _named(obj, "unit") is not None:
        frame.origins[f"units[{len(frame.doc['units'])}]"] = here
        frame.doc["units"].append(_unit(frame, obj, here, x, y, hex_))
    elif cls == "objective" or _named(obj, "objective") is not None:
        if hex_ is not None:
            frame.warnings.append(f"{here}: left out (objectives are for tables; a hex map has towns, "
                                  f"capitals and camps)")
            return
        name = _named(obj, "objective") or obj.name or ""
        p = props(obj)
        radius = _number(frame, p.pop("radius", OBJECTIVE_RADIUS_CM), here, "radius")
        frame.origins[f"objectives[{len(frame.doc['objectives'])}]"] = here
        frame.doc["objectives"].append({**p, "id": _unique(frame, _slug(name, f"objective-{obj.id}")),
                                        "name": name, "x": x, "y": y, "radius": radius})
    elif cls in ("town", "capital", "camp") and hex_ is not None:
        p = props(obj)
        side = side_of(frame, p, here) if "side" in p else None
        frame.origins[f"hexmap.places[{len(frame.doc['places'])}]"] = here
        frame.doc["places"].append({"q": hex_[0], "r": hex_[1], "kind": cls, "name": obj.name or "", "side": side})
    else:
        frame.warnings.append(f"{here}: left out (a point is a unit or an objective: give it the class "
                              f"'unit' or 'objective', or a name like 'unit:Sgt Miller')")


def _unit(frame: Frame, obj: Any, here: str, x: float, y: float, hex_: tuple[int, int] | None) -> dict[str, Any]:
    p = props(obj)
    name = _named(obj, "unit") or obj.name or ""
    given = p.get("id")
    wanted = given if isinstance(given, str) and re.fullmatch(ID_PATTERN, given) else _slug(name, f"unit-{obj.id}")
    unit: dict[str, Any] = {"id": _unique(frame, wanted[:56]), "side": side_of(frame, p, here),
                            "name": name}
    unit.update({"hex": list(hex_)} if hex_ is not None else {"x": x, "y": y})
    facing = p.get("facing", obj.rotation or 0.0)
    unit["facing"] = round(_number(frame, facing, here, "facing", low=-math.inf) % 360.0, 3)
    if "base" in p:
        unit["base"] = {"shape": "round", "diameter": _number(frame, p["base"], here, "base")}
    elif "base_width" in p or "base_depth" in p:
        unit["base"] = {"shape": "rect", "width": _number(frame, p.get("base_width"), here, "base_width"),
                        "depth": _number(frame, p.get("base_depth"), here, "base_depth")}
    for key in ("kind", "team"):
        if key in p:
            unit[key] = str(p[key])
    if "markers" in p:
        unit["markers"] = [m.strip() for m in str(p["markers"]).split(",") if m.strip()]
    unit["stats"] = {**json_object(frame.source, p.get("stats"), f"{here} property 'stats'"),
                     **{k: v for k, v in p.items() if k not in UNIT_KEYS}}
    return unit


def json_object(source: str, text: Any, place: str) -> dict[str, Any]:
    """A property holding a JSON object as text (or a Tiled class property), or {} when absent."""
    if text is None or text == "":
        return {}
    if isinstance(text, dict):
        return text
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict):
        raise FileProblem(source, place, 'expected a JSON object as text, like {"dice": 3}')
    return value
