"""The property form of whatever is selected (nothing selected: the scenario itself): one Field per
value, with the document path it edits, its kind of input and its choices. The screen shows the
fields as widgets and hands typed text back to `parse`, then to Editor.set_value."""
from __future__ import annotations

import dataclasses
import json
from typing import Any

from game.editor import catalogue, hexpaint
from game.editor.commands import get_at
from game.geometry.hexmap import PLACE_KINDS
from game.geometry.terrain import load_kinds

KINDS = ("text", "optional", "number", "int", "bool", "choice", "json")
NONE = "(none)"                  # how a choice of nothing (None or "") is shown


def choice_text(value: Any) -> str:
    return NONE if value in (None, "") else str(value)


@dataclasses.dataclass(frozen=True)
class Field:
    label: str
    path: tuple
    value: Any
    kind: str = "text"                      # one of KINDS
    choices: tuple = ()                     # (value, text) pairs for a choice
    help: str = ""
    empty_clears: bool = False              # an empty object typed in takes the key out (no override)

    def text(self) -> str:
        """The value as the input shows it."""
        if self.kind == "json":
            return json.dumps(self.value, ensure_ascii=False)
        if self.kind == "choice":
            return next((t for v, t in self.choices if v == self.value), str(self.value))
        if self.kind == "bool":
            return "on" if self.value else "off"
        if self.value is None:
            return ""
        if isinstance(self.value, float) and self.value.is_integer():
            return str(int(self.value))
        return str(self.value)


def parse(field: Field, text: str) -> Any:
    """The typed text as the field's value; ValueError with a short message saying what was expected."""
    text = text.strip()
    if field.kind == "choice":
        for value, shown in field.choices:
            if shown == text:
                return value
        raise ValueError(f"{field.label}: expected one of {', '.join(t for _, t in field.choices)}")
    if field.kind == "bool":
        if text.lower() in ("on", "true", "yes", "1"):
            return True
        if text.lower() in ("off", "false", "no", "0"):
            return False
        raise ValueError(f"{field.label}: expected on or off")
    if field.kind in ("number", "int"):
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{field.label}: expected a number, got {text!r}") from None
        if field.kind == "int":
            if not value.is_integer():
                raise ValueError(f"{field.label}: expected a whole number, got {text!r}")
            return int(value)
        return int(value) if value.is_integer() and isinstance(field.value, int) else value
    if field.kind == "json":
        try:
            return json.loads(text)
        except ValueError as exc:
            raise ValueError(f"{field.label}: expected JSON ({exc.args[0][:60]})") from None
    if field.kind == "optional":
        return text or None
    return text


def _kind_of_value(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "json"


# the format's kind overrides (game/engine/SCENARIO_FORMAT.md "terrain_kinds" and "hexmap.kinds")
TERRAIN_KINDS_HELP = ('overrides and new kinds: {"name": {"high", "cover", "rough", "impassable", "building", '
                      '"linear_obstacle": true/false, "label": text, "color": "#rrggbb"}}')
TERRAIN_KIND_HELP = ('this kind for this scenario only: {"high", "cover", "rough", "impassable", "building", '
                     '"linear_obstacle": true/false, "label", "color"}; {} takes the override out')
HEX_KINDS_HELP = ('overrides and new hex kinds: {"id": {"label": text, "color": "#rrggbb", '
                  '"move_cost": number, or null for impassable, "cover": true/false}}')


def terrain_kinds(doc: dict[str, Any]) -> dict[str, Any]:
    """The kinds a piece can be: the defaults with the scenario's overrides (only the defaults while
    the overrides are mistyped: the problem list says what to mend)."""
    try:
        return load_kinds(doc.get("terrain_kinds") or None)
    except (ValueError, TypeError, AttributeError):
        return load_kinds()


def scenario_fields(doc: dict[str, Any]) -> list[Field]:
    rulesets = tuple((r.id, r.id) for r in catalogue.rulesets())
    out = [Field("Title", ("title",), doc.get("title", "")), Field("File name", ("name",), doc.get("name", "")),
           Field("Description", ("description",), doc.get("description", "")),
           Field("Ruleset", ("ruleset",), doc.get("ruleset"), "choice", rulesets),
           Field("Turn limit", ("turn_limit",), doc.get("turn_limit", 10), "int"),
           Field("Victory", ("victory",), doc.get("victory", {}), "json",
                 help="the ruleset's victory condition: a kind and its settings")]
    if doc.get("table"):
        out += [Field("Table width cm", ("table", "width"), doc["table"].get("width"), "number"),
                Field("Table height cm", ("table", "height"), doc["table"].get("height"), "number"),
                Field("Terrain kinds", ("terrain_kinds",), doc.get("terrain_kinds", {}), "json",
                      help=TERRAIN_KINDS_HELP, empty_clears=True)]
    elif doc.get("hexmap"):
        out += [Field("Hex default", ("hexmap", "default"), doc["hexmap"].get("default", "plain"), "choice",
                      tuple((k, k) for k in hexpaint.kinds(doc))),
                Field("Hex size", ("hexmap", "size"), doc["hexmap"].get("size"), "number"),
                Field("Hex columns", ("hexmap", "cols"), doc["hexmap"].get("cols"), "int"),
                Field("Hex rows", ("hexmap", "rows"), doc["hexmap"].get("rows"), "int"),
                Field("Hex kinds", ("hexmap", "kinds"), doc["hexmap"].get("kinds", {}), "json",
                      help=HEX_KINDS_HELP)]
    rs = catalogue.ruleset(str(doc.get("ruleset")))
    for spec in rs.options if rs is not None else ():
        value = (doc.get("options") or {}).get(spec.id, spec.default)
        if spec.choices:
            out.append(Field(spec.label or spec.id, ("options", spec.id), value, "choice",
                             tuple((c, choice_text(c)) for c in spec.choices), spec.help))
        else:
            out.append(Field(spec.label or spec.id, ("options", spec.id), value, _kind_of_value(spec.default),
                             help=spec.help))
    out.append(Field("Ruleset data", ("ruleset_data",), doc.get("ruleset_data", {}), "json",
                     help="the ruleset's own settings (first_side: who starts)"))
    return out


def side_choices(doc: dict[str, Any]) -> tuple:
    return tuple((i, f"{i}: {s.get('name', '?')}") for i, s in enumerate(doc.get("sides", [])))


def fields(doc: dict[str, Any], selection: tuple | None) -> list[Field]:
    """The form of the selected item, or of the scenario when nothing is selected."""
    item = get_at(doc, selection) if selection else None
    if not isinstance(item, dict):
        return scenario_fields(doc)
    coll, i = selection[0], selection[1]
    at = (coll, i)
    if coll == "terrain":
        kinds = terrain_kinds(doc)
        out = [Field("Name", at + ("name",), item.get("name", "")),
               Field("Kind", at + ("kind",), item.get("kind"), "choice",
                     tuple((k, v.label or k) for k, v in kinds.items())),
               Field("Id", at + ("id",), item.get("id"))]
        kind = item.get("kind")
        if isinstance(kind, str) and kind:
            out.append(Field("Kind override", ("terrain_kinds", kind),
                             (doc.get("terrain_kinds") or {}).get(kind, {}) if isinstance(doc.get("terrain_kinds"),
                                                                                         dict) else {},
                             "json", help=TERRAIN_KIND_HELP, empty_clears=True))
        return out
    if coll == "units":
        out = [Field("Name", at + ("name",), item.get("name", "")), Field("Id", at + ("id",), item.get("id")),
               Field("Side", at + ("side",), item.get("side", 0), "choice", side_choices(doc)),
               Field("Kind", at + ("kind",), item.get("kind", "")),
               Field("Team", at + ("team",), item.get("team"), "optional")]
        if "hex" in item:
            out.append(Field("Hex [q, r]", at + ("hex",), item.get("hex"), "json"))
        else:
            out += [Field("x cm", at + ("x",), item.get("x"), "number"),
                    Field("y cm", at + ("y",), item.get("y"), "number"),
                    Field("Facing °", at + ("facing",), item.get("facing", 0.0), "number")]
        for spec in catalogue.unit_form(str(doc.get("ruleset")), item.get("stats") or {}):
            value = (item.get("stats") or {}).get(spec.key, spec.default)
            path = at + ("stats", spec.key)
            if spec.choices:
                out.append(Field(spec.label, path, value, "choice", tuple((c, choice_text(c)) for c in spec.choices),
                                 spec.help))
            else:
                out.append(Field(spec.label, path, value, _kind_of_value(value), help=spec.help))
        out.append(Field("Base", at + ("base",), item.get("base"), "json"))
        return out
    if coll == "sides":
        return [Field("Name", at + ("name",), item.get("name", "")), Field("Role", at + ("role",), item.get("role", "")),
                Field("Colour", at + ("color",), item.get("color"), "optional", help="#rrggbb")]
    if coll == "deployment_zones":
        return [Field("Side", at + ("side",), item.get("side", 0), "choice", side_choices(doc))]
    if selection[:2] == ("hexmap", "places"):
        at = tuple(selection)
        return [Field("Name", at + ("name",), item.get("name", "")),
                Field("Kind", at + ("kind",), item.get("kind"), "choice", tuple((k, k) for k in PLACE_KINDS)),
                Field("Held by", at + ("side",), item.get("side"), "choice",
                      ((None, NONE),) + side_choices(doc))]
    if coll == "objectives":
        return [Field("Name", at + ("name",), item.get("name", "")), Field("Id", at + ("id",), item.get("id")),
                Field("x cm", at + ("x",), item.get("x"), "number"), Field("y cm", at + ("y",), item.get("y"), "number"),
                Field("Radius cm", at + ("radius",), item.get("radius"), "number")]
    return []
