"""The editor's tools as pointer gestures in board coordinates (cm, or map units on a hex map):
press, drag, release, and for the drawn shapes Enter to finish, Backspace to drop the last point, Esc
to cancel. Each finished gesture is one edit of the Editor. Pure Python: the screen turns mouse
events into these calls, the tests call them directly."""
from __future__ import annotations

import dataclasses
import math
from typing import Any

from game.editor import catalogue, hexpaint, shapes, vertices
from game.editor.document import PLACE_PATH, Editor
from game.editor.forms import terrain_kinds
from game.geometry.hexmap import HEXSIDE_FEATURES, PLACE_KINDS


@dataclasses.dataclass(frozen=True)
class Tool:
    id: str
    key: str            # the shortcut, as the help shows it
    label: str
    board: str          # "table", "hexmap" or "any"
    picks: str = ""     # what the current choice is: "terrain", "unit", "hex", "place", "side-feature"
    help: str = ""


TOOLS: tuple[Tool, ...] = (
    Tool("select", "V", "Select / move", "any",
         help="click to select, drag to move; drag a corner of the selection to move it alone, Shift+click its "
              "edge to add a corner, Delete takes the corner grabbed; on a hex map click a unit"),
    Tool("polygon", "P", "Polygon", "table", "terrain", "click each vertex; Enter or a click on the first closes it"),
    Tool("rect", "R", "Rectangle", "table", "terrain", "drag a rectangle"),
    Tool("ellipse", "E", "Ellipse", "table", "terrain", "drag an ellipse; Shift: a circle"),
    Tool("obstacle", "L", "Wall / hedge", "table", "terrain", "click the points of a wall or hedge; Enter ends it"),
    Tool("building", "B", "Building", "table", "terrain", "drag a building: walls round it, one room"),
    Tool("door", "D", "Door", "table", help="click a wall of the selected building"),
    Tool("window", "W", "Window", "table", help="click a wall of the selected building"),
    Tool("room", "I", "Inner wall", "table", help="drag across the selected building to split a room"),
    Tool("unit", "U", "Unit", "any", "unit", "click to place the chosen unit for the chosen side"),
    Tool("face", "F", "Face", "table", help="click where the selected unit looks"),
    Tool("zone", "Z", "Deployment zone", "table", help="drag a zone for the chosen side"),
    Tool("objective", "O", "Objective", "table", help="click to place an objective"),
    Tool("brush", "H", "Hex brush", "hexmap", "hex", "click or drag to paint hexes"),
    Tool("hexside", "S", "River / road", "hexmap", "side-feature", "click near a hexside to add or remove"),
    Tool("place", "T", "Town / capital", "hexmap", "place", "click a hex to place; again to remove"),
)
BY_ID = {t.id: t for t in TOOLS}


class Tools:
    """The tool in use, the current choice (terrain kind, unit kind, ...), the side, the gesture."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.tool = "select"
        self.side = 0
        self.terrain_kind = "wood"
        self.unit_kind = 0
        self.hex_kind = "forest"
        self.place_kind = "town"
        self.feature = "river"
        self.points: list[tuple[float, float]] = []     # a polygon or wall being drawn
        self.anchor: tuple[float, float] | None = None  # where a drag began
        self.cursor: tuple[float, float] | None = None
        self.shift = False
        self._moved_from: tuple[float, float] | None = None
        self._stroke: int | None = None                 # steps done when a brush stroke began
        self.reach = 1.0                                # how near a corner a click grabs it (board units)
        self.corner: int | None = None                  # the selection's corner grabbed last
        self._corner_from: int | None = None            # steps done when a corner drag began
        self._corner_of = None                          # the selection the corner belongs to

    # -- the choice -----------------------------------------------------------------------------
    def choices(self) -> list[tuple[Any, str]]:
        """(value, text) of what the current tool can place."""
        picks = BY_ID[self.tool].picks
        doc = self.editor.doc
        if picks == "terrain":
            kinds = terrain_kinds(doc)
            return [(k, v.label or k) for k, v in kinds.items()]
        if picks == "unit":
            return [(i, k.label) for i, k in enumerate(catalogue.unit_kinds(self.editor.ruleset_id))]
        if picks == "hex":
            return [(k, k) for k in hexpaint.kinds(doc)]
        if picks == "place":
            return [(k, k) for k in PLACE_KINDS]
        if picks == "side-feature":
            return [(k, k) for k in HEXSIDE_FEATURES]
        return []

    _ATTR = {"terrain": "terrain_kind", "unit": "unit_kind", "hex": "hex_kind", "place": "place_kind",
             "side-feature": "feature"}

    @property
    def choice(self) -> Any:
        attr = self._ATTR.get(BY_ID[self.tool].picks)
        return getattr(self, attr) if attr else None

    def choose(self, value: Any) -> None:
        attr = self._ATTR.get(BY_ID[self.tool].picks)
        if attr:
            setattr(self, attr, value)

    def cycle(self, step: int) -> None:
        options = [v for v, _ in self.choices()]
        if options:
            i = options.index(self.choice) if self.choice in options else -1
            self.choose(options[(i + step) % len(options)])

    def use(self, tool: str) -> bool:
        if tool not in BY_ID:
            return False
        board = BY_ID[tool].board
        if board not in ("any", self.editor.board):
            self.editor.message = f"{BY_ID[tool].label} is for a {'hex map' if board == 'hexmap' else 'table'}"
            return False
        self.cancel()
        self.tool = tool
        return True

    # -- gestures ---------------------------------------------------------------------------------
    @property
    def stroking(self) -> bool:
        """A brush stroke is under way (the screen checks the map when it ends)."""
        return self._stroke is not None

    def cancel(self) -> bool:
        busy = bool(self.points) or self.anchor is not None
        self.points, self.anchor, self._moved_from = [], None, None
        self._corner_from = None
        if self._stroke is not None:             # a brush stroke cut short: what it painted stays, one step
            self.editor.history.merge_since(self._stroke, f"paint {self.hex_kind}")
            self._stroke = None
        return busy

    def back(self) -> bool:
        if self.points:
            self.points.pop()
            return True
        return False

    def press(self, world, shift: bool = False) -> None:
        ed, t = self.editor, self.tool
        self.shift = shift
        p = ed.snap(world)
        if t == "select":
            if self._grab_corner(world, shift):
                return
            ed.select(ed.pick(world) if ed.board == "table" else self._pick_hex_unit(world))
            if ed.selection is not None:
                self._moved_from = p
        elif t in ("polygon", "obstacle"):
            if t == "polygon" and len(self.points) >= 3 and math.dist(p, self.points[0]) < 1e-6 + (ed.grid or 0.5):
                self.finish()
            else:
                self.points.append(p)
        elif t in ("rect", "ellipse", "building", "zone", "room"):
            self.anchor = p
        elif t in ("door", "window"):
            ed.add_opening(world, shapes.DOOR_WIDTH if t == "door" else shapes.WINDOW_WIDTH)
        elif t == "unit":
            kinds = catalogue.unit_kinds(ed.ruleset_id)
            kind = kinds[self.unit_kind % len(kinds)]
            if ed.board == "hexmap":
                h = hexpaint.hex_at(ed.doc, world)
                if h is not None:
                    ed.add_unit(kind, self.side, hex_=h)
            else:
                ed.add_unit(kind, self.side, point=world)
        elif t == "face":
            ed.face(world)
        elif t == "objective":
            ed.add_objective(world)
        elif t == "brush":
            self._stroke = len(ed.history.done)
            self._paint(world)
        elif t == "hexside":
            side = hexpaint.nearest_side(ed.doc, world)
            if side is not None:
                hexpaint.toggle_side(ed, side[0], side[1], self.feature)
        elif t == "place":
            h = hexpaint.hex_at(ed.doc, world)
            if h is not None:
                # a capital or a camp belongs to the side chosen (1-4); a town starts held by none
                hexpaint.place(ed, h, self.place_kind, None if self.place_kind == "town" else self.side)

    def motion(self, world, dragging: bool) -> None:
        self.cursor = world
        if dragging and self.tool == "brush":
            self._paint(world)

    def release(self, world) -> None:
        ed, t = self.editor, self.tool
        p = ed.snap(world)
        if t == "select" and self._corner_from is not None:
            vertices.move_corner(ed, self.corner, world)
            ed.history.merge_since(self._corner_from, "move a corner")
            self._corner_from = None
            return
        if t == "select" and self._moved_from is not None and ed.board == "hexmap":
            self._moved_from = None
            h, unit = hexpaint.hex_at(ed.doc, world), ed.item()
            if h is not None and unit is not None and ed.selection[0] == "units" and \
                    tuple(unit.get("hex") or ()) != h:
                ed.set_value(ed.selection + ("hex",), list(h), "move")
            return
        if t == "select" and self._moved_from is not None:
            dx, dy = p[0] - self._moved_from[0], p[1] - self._moved_from[1]
            if abs(dx) + abs(dy) > 1e-9:
                ed.move_by(dx, dy)
            self._moved_from = None
            return
        if t == "brush" and self._stroke is not None:
            ed.history.merge_since(self._stroke, f"paint {self.hex_kind}")
            self._stroke = None
        a, self.anchor = self.anchor, None
        if a is None:
            return
        if t == "rect":
            ed.add_piece(self.terrain_kind, shapes.rectangle(a, p))
        elif t == "ellipse":
            ed.add_piece(self.terrain_kind, shapes.ellipse(a, p, circle=self.shift))
        elif t == "building":
            ed.add_building(self.terrain_kind, a, p)
        elif t == "zone":
            ed.add_zone(self.side, a, p)
        elif t == "room":
            ed.add_room_wall(a, p)

    def finish(self) -> bool:
        """Enter: close the polygon or end the wall being drawn."""
        ed, pts = self.editor, self.points
        if self.tool == "polygon" and pts:
            self.points = []
            return ed.add_piece(self.terrain_kind, shapes.polygon(pts)) is not None
        if self.tool == "obstacle" and pts:
            self.points = []
            kind = self.terrain_kind
            return ed.add_piece(kind, shapes.obstacle(pts)) is not None
        return False

    def _grab_corner(self, world, shift: bool) -> bool:
        """A press on a corner of the selected shape grabs it; Shift on an edge adds a corner there."""
        ed = self.editor
        item = ed.item() if ed.board == "table" and ed.selection and ed.selection[0] != "units" else None
        at = vertices.nearest_corner(item, world, self.reach)
        start = len(ed.history.done)
        if at is None and shift:
            edge = vertices.nearest_edge(item, world, self.reach)
            at = vertices.insert_corner(ed, edge, world) if edge is not None else None
        self.corner, self._corner_of = at, ed.selection
        if at is None:
            return False
        self._corner_from = start
        ed.message = f"corner {at + 1}: drag it; Delete takes it out"
        return True

    def delete_corner(self) -> bool:
        """Delete: the corner grabbed last, when one is."""
        if self.corner is None or self.tool != "select" or self._corner_of != self.editor.selection:
            return False
        done = vertices.delete_corner(self.editor, self.corner)
        self.corner = None
        return done

    def _paint(self, world) -> None:
        h = hexpaint.hex_at(self.editor.doc, world)
        if h is not None:
            hexpaint.paint(self.editor, h, self.hex_kind)

    def _pick_hex_unit(self, world):
        """On a hex map: the unit on the hex clicked, else the place there."""
        h = hexpaint.hex_at(self.editor.doc, world)
        if h is None:
            return None
        for i, u in enumerate(self.editor.doc["units"]):
            if tuple(u.get("hex") or ()) == h:
                return ("units", i)
        for i, p in enumerate(self.editor.doc["hexmap"].get("places") or []):
            if (p.get("q"), p.get("r")) == h:
                return PLACE_PATH + (i,)
        return None

    def preview_shape(self) -> list[tuple[float, float]] | None:
        """The outline of the shape being drawn, to the cursor (for the screen to draw)."""
        c = self.cursor
        if self._corner_from is not None and c is not None:       # a corner being dragged
            ring = [tuple(p) for p in vertices.ring_of(self.editor.item()) or []]
            if self.corner is not None and self.corner < len(ring):
                ring[self.corner] = self.editor.snap(c)
                return ring
        if self.points:
            return self.points + ([self.editor.snap(c)] if c is not None else [])
        if self.anchor is not None and c is not None:
            c = self.editor.snap(c)
            if self.tool == "ellipse":
                return [tuple(p) for p in shapes.ellipse(self.anchor, c, circle=self.shift) or []]
            if self.tool == "room":
                return [self.anchor, c]
            rect = shapes.rectangle(self.anchor, c)
            return [tuple(p) for p in rect] if rect else None
        return None
