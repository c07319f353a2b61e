"""The document as the board views draw a game: a Scenario, its board (a geometry Table or HexMap)
and its units, built leniently so a half-made scenario still shows (a piece of an unknown kind is
drawn as open ground, a piece with too few points is left out, a unit without a place stands at 0, 0)."""
from __future__ import annotations

import copy
import dataclasses
from typing import Any

from game.editor.hexpaint import grid
from game.engine.boards import build_board
from game.engine.scenario import Scenario
from game.geometry.hexgrid import Hex
from game.geometry.hexmap import load_hex_kinds
from game.geometry.terrain import load_kinds


@dataclasses.dataclass
class Preview:
    """What TableView / HexView read of a game's view: the scenario, the board, the units."""

    scenario: Scenario
    board: Any
    units: dict[str, Any]
    seats: Any = None
    viewer: Any = None

    @property
    def table(self) -> Any:
        return self.board


def _drawable_terrain(doc: dict[str, Any]) -> list[dict[str, Any]]:
    try:
        kinds = load_kinds(doc.get("terrain_kinds") or None)
    except (ValueError, TypeError, AttributeError):
        kinds = load_kinds()
    out = []
    for p in doc.get("terrain") or []:
        if not isinstance(p, dict) or len(p.get("polygon") or []) < 3:
            continue
        p = dict(p)
        if p.get("kind") not in kinds:
            p["kind"] = "open"
        out.append(p)
    return out


def _drawable_hexmap(hexmap: dict[str, Any]) -> dict[str, Any]:
    """The hex map less what lies off it or names a kind nobody knows (a map just made smaller)."""
    shape = grid({"hexmap": hexmap})
    if shape is None:
        return hexmap
    try:
        kinds = load_hex_kinds(hexmap.get("kinds") or None)
    except (ValueError, TypeError, AttributeError):
        kinds, hexmap = load_hex_kinds(), {**hexmap, "kinds": {}}

    def on(q: Any, r: Any) -> bool:
        return isinstance(q, int) and isinstance(r, int) and shape.contains(Hex(q, r))
    out = dict(hexmap)
    out["default"] = hexmap.get("default") if hexmap.get("default") in kinds else "plain"
    out["hexes"] = [c for c in hexmap.get("hexes") or [] if isinstance(c, dict) and on(c.get("q"), c.get("r"))
                    and c.get("terrain") in kinds]
    out["hexsides"] = [s for s in hexmap.get("hexsides") or [] if isinstance(s, dict)
                       and all(isinstance(s.get(k), list) and len(s[k]) == 2 and on(*s[k]) for k in "ab")]
    out["places"] = [p for p in hexmap.get("places") or [] if isinstance(p, dict) and on(p.get("q"), p.get("r"))]
    return out


def build(doc: dict[str, Any]) -> Preview | None:
    """The preview, or None when the document has no board that can be drawn yet."""
    d = copy.deepcopy(doc)
    d.setdefault("ruleset", "")
    if d.get("table"):
        d["terrain"] = _drawable_terrain(d)
        try:
            load_kinds(d.get("terrain_kinds") or None)
        except (ValueError, TypeError, AttributeError):
            d["terrain_kinds"] = {}
    elif isinstance(d.get("hexmap"), dict):
        d["hexmap"] = _drawable_hexmap(d["hexmap"])
    units = []
    for i, u in enumerate(d.get("units") or []):
        if not isinstance(u, dict):
            continue
        u = dict(u)
        u["id"] = f"{i}:{u.get('id', '')}"             # unique even while two units share an id
        u.setdefault("side", 0)
        units.append(u)
    d["units"] = units
    d["sides"] = d.get("sides") or [{"name": "?"}]
    try:
        scenario = Scenario.from_dict(d)
        board = build_board(scenario)
    except Exception:                 # a board that cannot be built yet (a bad size, a bad hex)
        return None
    return Preview(scenario, board, {u.id: u for u in scenario.units})


def unit_key(index: int, doc: dict[str, Any]) -> str:
    """The preview's id of the document's unit at `index`."""
    return f"{index}:{doc['units'][index].get('id', '')}"
