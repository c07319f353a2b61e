"""pydantic's validation errors as `<place>: <what was expected>` lines (design §6).

pydantic gives each error a loc (('units', 3, 'x')) and a type; here the loc becomes the field
path a map maker reads (`units[3].x`) and the type becomes "expected ..., got ...".
"""
from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from game.io.errors import FileProblem, json_kind, shown
from game.io.jsontext import key_path
from game.io.models import PATTERN_WORDS, UNION_TAGS

_KINDS = {
    "float_type": "a number",
    "int_type": "a whole number",
    "string_type": "a string",
    "bool_type": "true or false",
    "list_type": "an array",
    "tuple_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "union_tag_not_found": "an object with a 'shape'",
}


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found: list[type[BaseModel]] = []
    for arg in get_args(annotation):
        found += _models_in(arg)
    return found


def allowed_fields(root: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The fields the model at `loc` knows (for "unknown field, expected one of ...")."""
    current = [root]
    for part in loc:
        if isinstance(part, int):
            continue
        nxt: list[type[BaseModel]] = []
        for model in current:
            field = model.model_fields.get(part)
            if field is not None:
                nxt += _models_in(field.annotation)
        if nxt:
            current = nxt
            continue
        tagged = [m for m in current
                  if any(part in get_args(f.annotation) for f in m.model_fields.values())]
        if tagged:
            current = tagged
    names: list[str] = []
    for model in current:
        for name, field in model.model_fields.items():
            shown_name = field.alias or name
            if shown_name not in names:
                names.append(shown_name)
    return names


def place_of(loc: tuple[Any, ...], prefix: str = "") -> str:
    """The field path, without the union tags pydantic adds (units[0].base, not ...base.round)."""
    path = prefix
    previous: Any = None
    for part in loc:
        if isinstance(part, str) and part in UNION_TAGS.get(previous, ()):  # type: ignore[arg-type]
            previous = part
            continue
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path = key_path(path, str(part))
        previous = part
    return path or "(top level)"


def expectation(error: dict[str, Any], root: type[BaseModel]) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    value = error.get("input")
    got = f"got {shown(value)}"      # a scalar quoted briefly; an object or array named by its kind
    if kind == "missing":
        return "expected a value here (the field is missing)"
    if kind == "extra_forbidden":
        known = allowed_fields(root, tuple(error["loc"][:-1]))
        return f"unknown field (expected one of: {', '.join(known)})"
    if kind in _KINDS:
        if isinstance(value, str):
            return f"expected {_KINDS[kind]}, got a string {shown(value)}"
        if isinstance(value, (dict, list, tuple)):
            return f"expected {_KINDS[kind]}, got {json_kind(value)}"
        return f"expected {_KINDS[kind]}, {got}"
    if kind == "literal_error":
        return f"expected {ctx.get('expected')}, {got}"
    if kind == "union_tag_invalid":
        return f"expected shape {ctx.get('expected_tags')}, got {shown(ctx.get('tag'))}"
    if kind == "finite_number":
        return f"expected a finite number, {got}"
    bounds = {"greater_than": ("greater than", "gt"), "greater_than_equal": ("at least", "ge"),
              "less_than": ("less than", "lt"), "less_than_equal": ("at most", "le")}
    if kind in bounds:
        words, key = bounds[kind]
        return f"expected a number {words} {_num(ctx.get(key))}, {got}"
    if kind in ("too_short", "too_long"):
        words = "at least" if kind == "too_short" else "at most"
        limit = ctx.get("min_length" if kind == "too_short" else "max_length")
        return f"expected {words} {limit} items, got {ctx.get('actual_length')}"
    if kind in ("string_too_short", "string_too_long"):
        words = "at least" if kind == "string_too_short" else "at most"
        limit = ctx.get("min_length" if kind == "string_too_short" else "max_length")
        return f"expected {words} {limit} characters, got {len(value) if isinstance(value, str) else '?'}"
    if kind == "string_pattern_mismatch":
        pattern = ctx.get("pattern", "")
        return f"expected {PATTERN_WORDS.get(pattern, 'text matching ' + str(pattern))}, {got}"
    message = str(error.get("msg", "invalid value"))
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    return f"expected a valid value ({message}), {got}"


def _num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def problem_from(exc: ValidationError, source: str, root: type[BaseModel], prefix: str = "") -> FileProblem:
    """The first error (in document order) as one FileProblem; the count of the others after it."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    what = expectation(first, root)
    if len(errors) > 1:
        more = len(errors) - 1
        what += f" (and {more} more problem{'s' if more > 1 else ''})"
    return FileProblem(source, place_of(tuple(first["loc"]), prefix), what)
