"""The scenario being edited: the document (a scenario dict as the file holds it), its history of
edits (undo, redo, saved or not), the selection, and one method per edit the tools make. Every edit
goes through `History.apply`, so each is one step of undo."""
from __future__ import annotations

import copy
import re
from typing import Any

from game.editor import catalogue, shapes
from game.editor.commands import History, Insert, Remove, SetAt, get_at, remove_key
from game.engine.ruleset import UnitKind
from game.io.models import SCENARIO_FORMAT, SCENARIO_VERSION

SIDE_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")
DEFAULT_SIDE_NAMES = ("Blue", "Red", "Green", "Purple")
PLACE_PATH = ("hexmap", "places")            # a hex map's places are selected as ("hexmap", "places", i)
Selection = tuple      # the path of the selected item: (collection, index), or PLACE_PATH + (index,)


def slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return (s or "my-table")[:64]


def blank(ruleset_id: str, title: str = "My table") -> dict[str, Any]:
    """A scenario with no board yet: the ruleset's starting point (see catalogue.starting_point)."""
    start = catalogue.starting_point(ruleset_id)
    sides = start["sides"] or [{"name": n} for n in DEFAULT_SIDE_NAMES[:2]]
    for i, side in enumerate(sides):
        side.setdefault("color", SIDE_COLOURS[i % len(SIDE_COLOURS)])
    return {"format": SCENARIO_FORMAT, "version": SCENARIO_VERSION, "name": slug(title), "title": title,
            "description": "", "ruleset": ruleset_id, "options": start["options"], "terrain": [],
            "sides": sides, "units": [], "deployment_zones": [], "objectives": [],
            "victory": start["victory"], "turn_limit": start["turn_limit"], "ruleset_data": start["ruleset_data"]}


def blank_table(ruleset_id: str, width: float, height: float, title: str = "My table") -> dict[str, Any]:
    doc = blank(ruleset_id, title)
    doc["table"] = {"width": float(width), "height": float(height), "edge_band": 3.0}
    return doc


def blank_hexmap(ruleset_id: str, cols: int, rows: int, layout: str = "pointy", size: float = 5.0,
                 title: str = "My map") -> dict[str, Any]:
    doc = blank(ruleset_id, title)
    doc["hexmap"] = {"layout": layout, "size": float(size), "cols": int(cols), "rows": int(rows),
                     "default": "plain", "hexes": [], "hexsides": [], "places": [], "kinds": {}}
    return doc


class Editor:
    """One document being edited. `grid` is the snap step in cm (0: off)."""

    def __init__(self, doc: dict[str, Any], path: str | None = None):
        doc = copy.deepcopy(doc)
        doc.pop("$schema", None)
        for key in ("terrain", "units", "deployment_zones", "objectives"):
            doc.setdefault(key, [])
        self.history = History(doc)
        self.path = path                      # where it was last saved (None: never)
        self.selection: Selection | None = None
        self.grid = 1.0
        self.message = ""

    # -- the document ----------------------------------------------------------------------------
    @property
    def doc(self) -> dict[str, Any]:
        return self.history.doc

    @property
    def board(self) -> str:
        return "hexmap" if self.doc.get("hexmap") is not None and not self.doc.get("table") else "table"

    @property
    def ruleset_id(self) -> str:
        return str(self.doc.get("ruleset", ""))

    @property
    def size(self) -> tuple[float, float]:
        t = self.doc.get("table") or {}
        return float(t.get("width", 0)), float(t.get("height", 0))

    def item(self, sel: Selection | None = None) -> dict[str, Any] | None:
        sel = sel or self.selection
        if sel is None:
            return None
        found = get_at(self.doc, sel)
        return found if isinstance(found, dict) else None

    def snap(self, point) -> tuple[float, float]:
        return shapes.snap(point, self.grid)

    def new_id(self, collection: str, prefix: str) -> str:
        used = {str(x.get("id")) for x in self.doc.get(collection, []) if isinstance(x, dict)}
        n = len(used) + 1
        while f"{prefix}{n}" in used:
            n += 1
        return f"{prefix}{n}"

    # -- undo ------------------------------------------------------------------------------------
    def apply(self, label: str, *parts) -> None:
        self.history.apply(label, *parts)
        self.message = label

    def undo(self) -> None:
        if self.history.done:
            self.history.done[-1].selection = self.selection
        label = self.history.undo()
        self.message = f"undone: {label}" if label else "nothing to undo"
        self._keep_selection()

    def redo(self) -> None:
        label = self.history.redo()
        self.message = f"redone: {label}" if label else "nothing to redo"
        if label:
            self.selection = self.history.done[-1].selection
        self._keep_selection()

    def _keep_selection(self) -> None:
        if self.selection is not None and self.item() is None:
            self.selection = None

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    # -- terrain on a table ------------------------------------------------------------------------
    def add_piece(self, kind: str, polygon: list[list[float]] | None, **extra: Any) -> Selection | None:
        if polygon is None:
            self.message = "too small: drag further"
            return None
        piece = {"id": self.new_id("terrain", "t"), "kind": kind, "polygon": polygon, **extra}
        index = len(self.doc["terrain"])
        self.apply(f"add {kind}", Insert(("terrain",), piece))
        self.selection = ("terrain", index)
        return self.selection

    def add_building(self, kind: str, a, b) -> Selection | None:
        built = shapes.building(self.snap(a), self.snap(b))
        if built is None:
            self.message = "too small: drag further"
            return None
        polygon = built.pop("polygon")
        return self.add_piece(kind, polygon, **built)

    def add_opening(self, point, width: float) -> bool:
        """A door or window in the selected building's wall nearest to the point."""
        piece = self.item()
        if piece is None or self.selection[0] != "terrain":
            self.message = "select a building first"
            return False
        seg = shapes.opening_at(piece, point, width)
        if seg is None:
            return False
        path = self.selection + ("openings",)
        self.apply("add an opening", Insert(path, seg))
        return True

    def add_room_wall(self, a, b) -> bool:
        piece = self.item()
        if piece is None or self.selection[0] != "terrain":
            self.message = "select a building first"
            return False
        split = shapes.split_room(piece, self.snap(a), self.snap(b))
        if split is None:
            self.message = "an inner wall must cross a room from wall to wall"
            return False
        self.apply("split a room", *(SetAt(self.selection + (k,), v) for k, v in split.items()))
        return True

    def fill_gaps(self, kind: str = "open") -> int:
        """Cover every part of the table no piece covers with pieces of `kind` (one step of undo)."""
        w, h = self.size
        parts = []
        first = self.new_id("terrain", "t")
        n = int(re.sub(r"\D", "", first) or 1)
        used = {p.get("id") for p in self.doc["terrain"]}
        for geom in shapes.fill_pieces(w, h, self.doc["terrain"]):
            while f"t{n}" in used:
                n += 1
            used.add(f"t{n}")
            parts.append(Insert(("terrain",), {"id": f"t{n}", "kind": kind, **geom}))
        if parts:
            self.apply(f"fill {len(parts)} gap{'s' if len(parts) > 1 else ''} with {kind}", *parts)
        else:
            self.message = "no gaps: the pieces cover the table"
        return len(parts)

    # -- forces -------------------------------------------------------------------------------------
    def add_unit(self, kind: UnitKind, side: int, point=None, hex_=None) -> Selection:
        unit: dict[str, Any] = {"id": self.new_id("units", "u"), "side": int(side),
                                "name": self.numbered(kind.label), "kind": kind.id if kind.id != kind.label else "",
                                "stats": copy.deepcopy(dict(kind.stats)), "facing": 0.0}
        if not unit["kind"]:
            del unit["kind"]
        if kind.base:
            unit["base"] = dict(kind.base)
        if hex_ is not None:
            unit["hex"] = [int(hex_[0]), int(hex_[1])]
        else:
            x, y = self.snap(point)
            unit["x"], unit["y"] = x, y
            unit["facing"] = self.facing_the_enemy(int(side), (x, y))
        index = len(self.doc["units"])
        self.apply(f"add {kind.label}", Insert(("units",), unit))
        self.selection = ("units", index)
        return self.selection

    def numbered(self, label: str) -> str:
        """A new unit's name: its kind's, numbered from the second of that name on ("Line infantry 2")."""
        names = {u.get("name") for u in self.doc.get("units", [])}
        if label not in names:
            return label
        n = 2
        while f"{label} {n}" in names:
            n += 1
        return f"{label} {n}"

    def facing_the_enemy(self, side: int, at: tuple[float, float]) -> float:
        """A new unit faces the other sides' units (their middle), else the table's centre; at the
        centre itself, across the table away from its side's edge."""
        import math
        others = [(float(u["x"]), float(u["y"])) for u in self.doc.get("units", [])
                  if u.get("side") != side and "x" in u and "y" in u]
        if others:
            tx, ty = sum(p[0] for p in others) / len(others), sum(p[1] for p in others) / len(others)
        else:
            table = self.doc.get("table") or {}
            tx, ty = float(table.get("width", 0)) / 2, float(table.get("height", 0)) / 2
        if math.hypot(tx - at[0], ty - at[1]) < 1e-6:
            return 90.0 if side == 0 else 270.0
        return round(math.degrees(math.atan2(ty - at[1], tx - at[0])) % 360, 1)

    def face(self, point) -> None:
        """Turn the selected unit to face the point (degrees from +x toward +y)."""
        import math
        unit = self.item()
        if unit is None or self.selection[0] != "units" or "x" not in unit:
            return
        angle = round(math.degrees(math.atan2(point[1] - unit["y"], point[0] - unit["x"])) % 360, 1)
        self.apply("face", SetAt(self.selection + ("facing",), angle))

    def add_side(self) -> Selection | None:
        sides = self.doc.get("sides", [])
        if len(sides) >= 4:
            self.message = "four sides at most"
            return None
        i = len(sides)
        self.apply("add a side", Insert(("sides",), {"name": DEFAULT_SIDE_NAMES[i], "role": "",
                                                     "color": SIDE_COLOURS[i]}))
        self.selection = ("sides", i)
        return self.selection

    def add_zone(self, side: int, a, b) -> Selection | None:
        rect = shapes.rectangle(self.snap(a), self.snap(b))
        if rect is None:
            return None
        index = len(self.doc["deployment_zones"])
        self.apply("add a deployment zone", Insert(("deployment_zones",), {"side": int(side), "polygon": rect}))
        self.selection = ("deployment_zones", index)
        return self.selection

    def add_objective(self, point, radius: float = 3.0) -> Selection:
        x, y = self.snap(point)
        oid = self.new_id("objectives", "obj")
        index = len(self.doc["objectives"])
        self.apply("add an objective", Insert(("objectives",), {"id": oid, "name": f"Objective {index + 1}",
                                                                "x": x, "y": y, "radius": radius}))
        self.selection = ("objectives", index)
        return self.selection

    # -- picking -------------------------------------------------------------------------------------
    def pick(self, point, tolerance: float = 0.5) -> Selection | None:
        """What a click at the point selects: a unit, an objective, then the smallest piece or zone."""
        import math
        for i, u in reversed(list(enumerate(self.doc["units"]))):
            if "x" in u and math.hypot(u["x"] - point[0], u["y"] - point[1]) <= 1.5 + tolerance:
                return ("units", i)
        for i, o in enumerate(self.doc["objectives"]):
            if o.get("x") is not None and math.hypot(o["x"] - point[0], o["y"] - point[1]) <= \
                    float(o.get("radius") or 2) + tolerance:
                return ("objectives", i)
        hits = []
        for coll in ("terrain", "deployment_zones"):
            for i, p in enumerate(self.doc[coll]):
                if shapes.contains(p, point, tolerance):
                    import shapely
                    hits.append((shapely.Polygon(p["polygon"]).area, coll, i))
        if hits:
            _, coll, i = min(hits)
            return (coll, i)
        return None

    def select(self, sel: Selection | None) -> None:
        self.selection = sel if sel is None or self.item(sel) is not None else None

    # -- move, rotate, scale, duplicate, delete --------------------------------------------------------
    def _geometry(self, label: str, change) -> bool:
        sel = self.selection
        item = self.item()
        if item is None:
            return False
        new = change(sel[0], item)
        if new is None or new == item:
            return False
        parts = [SetAt(sel + (k,), v) for k, v in new.items() if item.get(k) != v]
        self.apply(label, *parts)
        return True

    def move_by(self, dx: float, dy: float) -> bool:
        def change(coll, item):
            if "polygon" in item and item.get("polygon"):
                return shapes.moved(item, dx, dy)
            if item.get("x") is not None:
                return {"x": round(item["x"] + dx, 3), "y": round(item["y"] + dy, 3)}
            return None
        return self._geometry("move", change)

    def rotate_by(self, degrees: float) -> bool:
        def change(coll, item):
            if coll == "units":
                return {"facing": round((float(item.get("facing", 0)) + degrees) % 360, 3)}
            if item.get("polygon"):
                return shapes.rotated(item, degrees)
            return None
        return self._geometry("rotate", change)

    def scale_by(self, factor: float) -> bool:
        def change(coll, item):
            if coll == "objectives" and item.get("radius"):
                return {"radius": round(max(0.5, item["radius"] * factor), 3)}
            if item.get("polygon") and coll != "units":
                return shapes.scaled(item, factor)
            return None
        return self._geometry("scale", change)

    def duplicate(self, offset: float = 5.0) -> Selection | None:
        item = self.item()
        if item is None or self.selection[0] in ("sides", "hexmap"):
            return None
        coll = self.selection[0]
        copy_ = copy.deepcopy(item)
        if "id" in copy_:
            copy_["id"] = self.new_id(coll, {"terrain": "t", "units": "u", "objectives": "obj"}.get(coll, "x"))
        if copy_.get("polygon"):
            copy_ = shapes.moved(copy_, offset, offset)
        elif copy_.get("x") is not None:
            copy_["x"], copy_["y"] = copy_["x"] + offset, copy_["y"] + offset
        index = len(self.doc[coll])
        self.apply("duplicate", Insert((coll,), copy_))
        self.selection = (coll, index)
        return self.selection

    def delete(self) -> bool:
        sel = self.selection
        if sel is None or self.item() is None:
            return False
        coll, index = sel[0], sel[-1]
        if coll == "sides":
            if len(self.doc["sides"]) <= 2 or any(u.get("side") == index for u in self.doc["units"]):
                self.message = "a scenario keeps two sides, and a side with units stays"
                return False
            parts = [SetAt((coll_, i, "side"), x["side"] - 1) for coll_ in ("units", "deployment_zones")
                     for i, x in enumerate(self.doc[coll_]) if x.get("side", 0) > index]
            self.apply("delete a side", *parts, Remove(("sides",), index))
        else:
            self.apply(f"delete {self.describe(sel)}", Remove(sel[:-1], index))
        self.selection = None
        return True

    # -- properties --------------------------------------------------------------------------------------
    def set_value(self, path: tuple, value: Any, label: str | None = None) -> bool:
        if get_at(self.doc, path, object()) == value:
            return False
        self.apply(label or f"set {'.'.join(str(p) for p in path)}", SetAt(path, value))
        return True

    def clear_value(self, path: tuple) -> bool:
        if get_at(self.doc, path, None) is None:
            return False
        self.apply(f"clear {'.'.join(str(p) for p in path)}", remove_key(path))
        return True

    def set_ruleset(self, ruleset_id: str) -> None:
        """Another ruleset: its starting victory, options and data; pieces, sides and units stay."""
        start = catalogue.starting_point(ruleset_id)
        self.apply(f"ruleset {ruleset_id}", SetAt(("ruleset",), ruleset_id),
                   SetAt(("options",), start["options"]), SetAt(("victory",), start["victory"]),
                   SetAt(("ruleset_data",), start["ruleset_data"]))

    def describe(self, sel: Selection | None = None) -> str:
        sel = sel or self.selection
        item = self.item(sel)
        if item is None:
            return ""
        coll = sel[0]
        if coll == "terrain":
            return f"{item.get('name') or item.get('kind')} ({item.get('id')})"
        if coll == "units":
            return f"{item.get('name') or item.get('id')} ({item.get('id')})"
        if coll == "sides":
            return f"side {sel[1]}: {item.get('name')}"
        if coll == "deployment_zones":
            return f"deployment zone of side {item.get('side')}"
        if coll == "hexmap":
            return f"{item.get('name') or item.get('kind')} ({item.get('kind')})"
        return f"{item.get('name') or item.get('id')}"
