"""Editing a hex map: paint a hex's terrain with a brush, put rivers and roads on hexsides, place
towns, capitals and camps. The map's geometry (which hex, which side is under the pointer) comes
from game.geometry.hexmap; every change is one command on the document's "hexmap"."""
from __future__ import annotations

import functools
import math
from typing import Any

from game.editor.commands import Insert, Remove, SetAt
from game.geometry import hexgrid
from game.geometry.hexmap import PLACE_KINDS, HexMap, load_hex_kinds

Hex = tuple[int, int]


def board(doc: dict[str, Any]) -> HexMap | None:
    """The document's hex map as the game builds it (None while it cannot be built)."""
    try:
        return HexMap.from_doc(doc["hexmap"])
    except (KeyError, ValueError, TypeError):
        return None


@functools.lru_cache(maxsize=4)
def _grid(layout: str, size: float, cols: int, rows: int) -> HexMap | None:
    try:
        return HexMap(layout=layout, size=size, cols=cols, rows=rows)
    except (ValueError, TypeError):
        return None


def grid(doc: dict[str, Any]) -> HexMap | None:
    """The map's geometry only (which hex is where), built once per shape: what a pointer asks."""
    hm = doc.get("hexmap") or {}
    try:
        return _grid(hm.get("layout", "pointy"), hm.get("size", 5.0), hm.get("cols", 1), hm.get("rows", 1))
    except TypeError:                 # an unhashable value typed into the form
        return None


def kind_table(doc: dict[str, Any]) -> dict[str, Any]:
    """The hex terrain kinds: the defaults with the map's overrides (only the defaults while the
    overrides are mistyped: the problem list says what to mend)."""
    try:
        return load_hex_kinds((doc.get("hexmap") or {}).get("kinds") or None)
    except (ValueError, TypeError, AttributeError):
        return load_hex_kinds()


def kinds(doc: dict[str, Any]) -> list[str]:
    """The hex terrain kinds a brush can paint: the defaults and the map's own."""
    return list(kind_table(doc))


def hex_at(doc: dict[str, Any], point) -> Hex | None:
    hm = grid(doc)
    h = hm.hex_at(*point) if hm is not None else None
    return (h.q, h.r) if h is not None else None


def nearest_side(doc: dict[str, Any], point) -> tuple[Hex, Hex] | None:
    """The hexside nearest the point: the hex under it and the neighbour across that side."""
    hm = grid(doc)
    if hm is None:
        return None
    h = hm.hex_at(*point)
    if h is None:
        return None
    best = None
    for n in hexgrid.neighbours(h):
        if not hm.contains(n):
            continue
        cx, cy = hm.centre(n)
        d = math.hypot(cx - point[0], cy - point[1])
        if best is None or d < best[0]:
            best = (d, n)
    return ((h.q, h.r), (best[1].q, best[1].r)) if best else None


def paint(editor, h: Hex, kind: str) -> bool:
    """The hex's terrain becomes `kind` (the map's default kind is simply not listed)."""
    hexmap = editor.doc["hexmap"]
    cells = hexmap.setdefault("hexes", [])
    at = next((i for i, c in enumerate(cells) if (c.get("q"), c.get("r")) == tuple(h)), None)
    default = hexmap.get("default", "plain")
    if at is not None and cells[at].get("terrain") == kind:
        return False
    if at is None and kind == default:
        return False
    if at is not None:
        part = Remove(("hexmap", "hexes"), at) if kind == default else \
            SetAt(("hexmap", "hexes", at, "terrain"), kind)
    else:
        part = Insert(("hexmap", "hexes"), {"q": int(h[0]), "r": int(h[1]), "terrain": kind})
    editor.apply(f"paint {kind}", part)
    return True


def toggle_side(editor, a: Hex, b: Hex, kind: str) -> bool:
    """A river or road on the side between a and b: added, or taken away when already there."""
    sides = editor.doc["hexmap"].setdefault("hexsides", [])
    pair = {tuple(a), tuple(b)}
    at = next((i for i, s in enumerate(sides) if s.get("kind") == kind and
               {tuple(s.get("a", ())), tuple(s.get("b", ()))} == pair), None)
    if at is not None:
        editor.apply(f"remove a {kind}", Remove(("hexmap", "hexsides"), at))
    else:
        editor.apply(f"add a {kind}", Insert(("hexmap", "hexsides"),
                                             {"a": [int(a[0]), int(a[1])], "b": [int(b[0]), int(b[1])], "kind": kind}))
    return True


def place(editor, h: Hex, kind: str, side: int | None = None) -> bool:
    """A town, capital or camp on the hex; the same kind again removes it."""
    if kind not in PLACE_KINDS:
        raise ValueError(f"a place is one of {', '.join(PLACE_KINDS)}, not {kind!r}")
    places = editor.doc["hexmap"].setdefault("places", [])
    at = next((i for i, p in enumerate(places) if (p.get("q"), p.get("r")) == tuple(h)), None)
    if at is not None and places[at].get("kind") == kind:
        editor.apply(f"remove the {kind}", Remove(("hexmap", "places"), at))
        return True
    n = sum(1 for p in places if p.get("kind") == kind) + 1
    new = {"q": int(h[0]), "r": int(h[1]), "kind": kind, "name": f"{kind.capitalize()} {n}", "side": side}
    if at is not None:
        new["name"] = places[at].get("name") or new["name"]
        editor.apply(f"make a {kind}", SetAt(("hexmap", "places", at), new))
    else:
        editor.apply(f"add a {kind}", Insert(("hexmap", "places"), new))
    return True

