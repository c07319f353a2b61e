"""Tiled maps for tests, written as Tiled writes them: .tmj (JSON) or .tmx (XML), from plain specs.

An object spec: {"id", "name", "class", "x", "y", "width", "height", "rotation", "shape":
"rect"|"ellipse"|"point"|"polygon"|"polyline", "points": [(x, y)...], "properties": {name: value}}.
A plain module (not conftest) so test modules can import it by a name no other folder uses.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

TILE = 32


def _prop_type(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "string"


def _json_props(props: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"name": k, "type": _prop_type(v), "value": v} for k, v in props.items()]


def _json_object(o: dict[str, Any]) -> dict[str, Any]:
    out = {"id": o["id"], "name": o.get("name", ""), "type": o.get("class", ""), "x": o["x"], "y": o["y"],
           "width": o.get("width", 0), "height": o.get("height", 0), "rotation": o.get("rotation", 0),
           "visible": True}
    shape = o.get("shape", "rect")
    if shape in ("polygon", "polyline"):
        out[shape] = [{"x": x, "y": y} for x, y in o["points"]]
    elif shape in ("ellipse", "point"):
        out[shape] = True
    if o.get("properties"):
        out["properties"] = _json_props(o["properties"])
    return out


def tmj(cols: int, rows: int, objects: list[dict[str, Any]], properties: dict[str, Any] | None = None,
        hexagonal: dict[str, Any] | None = None, tiles: list[list[int]] | None = None,
        tile_classes: dict[int, str] | None = None) -> str:
    """A Tiled JSON map. hexagonal: {"staggeraxis", "staggerindex", "hexsidelength", "tilewidth",
    "tileheight"}; tiles: gids by row; tile_classes: local tile id -> class of the one tileset."""
    hx = hexagonal or {}
    layers: list[dict[str, Any]] = []
    if tiles is not None:
        layers.append({"id": 1, "name": "Ground", "type": "tilelayer", "width": cols, "height": rows, "x": 0, "y": 0,
                       "opacity": 1, "visible": True, "data": [g for row in tiles for g in row]})
    layers.append({"id": 2, "name": "Objects", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
                   "opacity": 1, "visible": True, "objects": [_json_object(o) for o in objects]})
    tilesets = []
    if tile_classes is not None:
        tilesets.append({"firstgid": 1, "name": "terrain", "tilewidth": hx.get("tilewidth", TILE),
                         "tileheight": hx.get("tileheight", TILE), "tilecount": max(tile_classes) + 1,
                         "columns": max(tile_classes) + 1, "image": "terrain.png", "imagewidth": 256,
                         "imageheight": 32, "margin": 0, "spacing": 0,
                         "tiles": [{"id": i, "type": c} for i, c in tile_classes.items()]})
    doc = {"compressionlevel": -1, "height": rows, "width": cols, "infinite": False, "layers": layers,
           "nextlayerid": 3, "nextobjectid": 1 + max([o["id"] for o in objects], default=0),
           "orientation": "hexagonal" if hexagonal else "orthogonal", "renderorder": "right-down",
           "tiledversion": "1.10.2", "tilewidth": hx.get("tilewidth", TILE), "tileheight": hx.get("tileheight", TILE),
           "tilesets": tilesets, "type": "map", "version": "1.10",
           "properties": _json_props(properties or {})}
    doc.update({k: v for k, v in hx.items() if k in ("staggeraxis", "staggerindex", "hexsidelength")})
    return json.dumps(doc, indent=1)


def _xml_props(props: dict[str, Any], indent: str) -> str:
    if not props:
        return ""
    lines = [f'{indent}<properties>']
    for k, v in props.items():
        value = str(v).lower() if isinstance(v, bool) else str(v)
        lines.append(f'{indent} <property name={quoteattr(k)} type="{_prop_type(v)}" value={quoteattr(value)}/>')
    return "\n".join(lines + [f'{indent}</properties>']) + "\n"


def _xml_object(o: dict[str, Any]) -> str:
    shape = o.get("shape", "rect")
    attrs = (f'id="{o["id"]}" name={quoteattr(o.get("name", ""))} type={quoteattr(o.get("class", ""))} '
             f'x="{o["x"]}" y="{o["y"]}"')
    if shape in ("rect", "ellipse"):
        attrs += f' width="{o.get("width", 0)}" height="{o.get("height", 0)}"'
    if o.get("rotation"):
        attrs += f' rotation="{o["rotation"]}"'
    body = _xml_props(o.get("properties") or {}, "   ")
    if shape in ("polygon", "polyline"):
        body += f'   <{shape} points="{" ".join(f"{x},{y}" for x, y in o["points"])}"/>\n'
    elif shape in ("ellipse", "point"):
        body += f"   <{shape}/>\n"
    return f"  <object {attrs}>\n{body}  </object>\n"


def tmx(cols: int, rows: int, objects: list[dict[str, Any]], properties: dict[str, Any] | None = None,
        hexagonal: dict[str, Any] | None = None, tiles: list[list[int]] | None = None,
        tile_classes: dict[int, str] | None = None) -> str:
    """The same map as tmj() would write, as Tiled's XML."""
    hx = hexagonal or {}
    tw, th = hx.get("tilewidth", TILE), hx.get("tileheight", TILE)
    head = (f'<map version="1.10" tiledversion="1.10.2" orientation="{"hexagonal" if hexagonal else "orthogonal"}" '
            f'renderorder="right-down" width="{cols}" height="{rows}" tilewidth="{tw}" tileheight="{th}" infinite="0"')
    for key in ("hexsidelength", "staggeraxis", "staggerindex"):
        if key in hx:
            head += f' {key}="{hx[key]}"'
    head += f' nextlayerid="3" nextobjectid="{1 + max([o["id"] for o in objects], default=0)}">\n'
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n', head, _xml_props(properties or {}, " ")]
    if tile_classes is not None:
        n = max(tile_classes) + 1
        out.append(f' <tileset firstgid="1" name="terrain" tilewidth="{tw}" tileheight="{th}" tilecount="{n}" '
                   f'columns="{n}">\n  <image source="terrain.png" width="256" height="32"/>\n')
        out += [f'  <tile id="{i}" class={quoteattr(c)}/>\n' for i, c in tile_classes.items()]
        out.append(" </tileset>\n")
    if tiles is not None:
        csv = ",\n".join(",".join(str(g) for g in row) for row in tiles)
        out.append(f' <layer id="1" name="Ground" width="{cols}" height="{rows}">\n  <data encoding="csv">\n{csv}\n'
                   f'</data>\n </layer>\n')
    out.append(' <objectgroup id="2" name="Objects">\n')
    out += [_xml_object(o) for o in objects]
    out.append(" </objectgroup>\n</map>\n")
    return "".join(out)


def write_map(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
