"""Reading a Tiled map's file for game.io.tiled: our own look at the bytes first, so a syntax error
names its line, an older Tiled's missing attribute is named, and nothing the map links to or packs can
hang or flood the reader (a device as tileset, an infinite map, a zlib bomb in a tile layer); then
pytiled-parser reads it, its complaints turned into one FileProblem line.
"""
from __future__ import annotations

import base64
import binascii
import stat
import xml.etree.ElementTree as etree
import zlib
from pathlib import Path
from typing import Any, Iterable

import pytiled_parser

from game.io.errors import FileProblem, one_line
from game.io.jsontext import MAX_BYTES, check_values, parse_json, read_bytes
from game.io.models import SCENARIO_FORMAT

NEWER_TILED = "saved by an older Tiled, which left it out: open the map in Tiled 1.9 or newer and save it again"
# the attributes of <map> pytiled-parser requires (older Tiled versions wrote fewer of them)
TMX_MAP_ATTRIBUTES = ("version", "tiledversion", "orientation", "renderorder", "width", "height",
                      "tilewidth", "tileheight", "infinite", "nextlayerid", "nextobjectid")
JSON_MAP_KEYS = ("version", "tiledversion", "orientation", "renderorder", "width", "height",
                 "tilewidth", "tileheight", "infinite", "nextlayerid", "nextobjectid", "layers", "tilesets")
MAX_LAYER_BYTES = 4 * 1000 * 1000    # a compressed tile layer unpacks to at most a million tile ids
INFINITE = "expected a map of fixed size (uncheck 'Infinite' in Tiled's map properties)"


def read_map(path: Path, source: str) -> Any:
    """pytiled-parser's TiledMap, after our own reading of the bytes gave any syntax error its line."""
    data = read_bytes(path, source, MAX_BYTES)
    text = data.decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    if not text:
        raise FileProblem(source, None, "expected a Tiled map (.tmx or .tmj), the file is empty")
    linked = _check_tmx(data, source) if text.startswith("<") else _check_json(data, source)
    for place, name in linked:
        _check_linked(path.parent / name, source, place)
    try:
        return pytiled_parser.parse_map(path, encoding="utf-8-sig")    # a byte-order mark is no error
    except KeyError as exc:
        raise FileProblem(source, parser_place(exc), f"expected {exc.args[0]!r}, which pytiled-parser needs "
                                                     f"({NEWER_TILED})") from None
    except RecursionError:
        raise FileProblem(source, "(map)", "expected a Tiled map (nested too deeply)") from None
    except Exception as exc:   # the parser's own complaints: still one line, never a traceback
        why = one_line(f"{type(exc).__name__}: {exc}", 160)
        raise FileProblem(source, parser_place(exc), f"expected a Tiled map pytiled-parser can read ({why})") from None


PLACED_TAGS = ("property", "object", "data", "tile", "layer", "objectgroup", "imagelayer", "group", "tileset")
PLACED_KEYS = ("raw_property", "raw_object", "raw_tile", "raw_layer", "raw_tileset")


def parser_place(exc: BaseException) -> str:
    """Where in the map pytiled-parser was when it failed: the innermost TMX element or JSON object it was
    reading (found in the frames of its traceback), else "(map)"."""
    tb, frames = exc.__traceback__, []
    while tb is not None:
        frames.append(tb.tb_frame.f_locals)
        tb = tb.tb_next
    for local in reversed(frames):
        for value in local.values():
            if isinstance(value, etree.Element) and value.tag in PLACED_TAGS:
                return _element_place(value)
        for key in PLACED_KEYS:
            value = local.get(key)
            if isinstance(value, dict):
                named = next((f"{k} {one_line(repr(value[k]), 40)}" for k in ("id", "name") if k in value), "")
                return f"{key[4:]} {named}".strip()
    return "(map)"


def _element_place(el: etree.Element) -> str:
    named = [f"{k} {one_line(repr(el.attrib[k]), 40)}" for k in ("id", "name") if k in el.attrib]
    return " ".join([f"<{el.tag}>", *named])


def _check_linked(path: Path, source: str, place: str) -> None:
    """A tileset or template file the map names: a regular file of sane size (a FIFO or a device
    would hang pytiled-parser's read)."""
    try:
        info = path.stat()
    except (OSError, ValueError):
        raise FileProblem(source, place, f"expected the file {one_line(str(path), 80)} beside the map, found none") from None
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
        raise FileProblem(source, place, f"expected {one_line(str(path), 80)} to be a tileset or template file")


def _check_tmx(data: bytes, source: str) -> list[tuple[str, str]]:
    try:
        root = etree.fromstring(data)
    except etree.ParseError as exc:
        line, col = exc.position
        raise FileProblem(source, f"line {line} column {col + 1}", "expected well-formed XML (a .tmx map)") from None
    except (LookupError, ValueError) as exc:     # <?xml encoding="bogus"?>: no codec of that name
        raise FileProblem(source, "line 1 (the XML declaration's encoding)",
                          f"expected an encoding such as UTF-8 ({one_line(str(exc), 80)})") from None
    if root.tag != "map":
        raise FileProblem(source, f"<{one_line(root.tag, 40)}>", "expected a Tiled map (<map> at the top)")
    for key in TMX_MAP_ATTRIBUTES:
        if key not in root.attrib:
            raise FileProblem(source, f"<map> attribute {key!r}", f"expected it ({NEWER_TILED})")
    if root.attrib["infinite"] not in ("0", ""):
        raise FileProblem(source, "<map> attribute 'infinite'", INFINITE)
    for i, data in enumerate(root.iter("data")):
        _check_packed(data.text, data.attrib.get("compression"), source, f"<data> {i + 1}")
    return [(f"<{el.tag}> {key}", el.attrib[key]) for el in root.iter()
            for key in ("source", "template") if key in el.attrib and el.tag in ("tileset", "object")]


def _check_json(data: bytes, source: str) -> list[tuple[str, str]]:
    doc = parse_json(data, source)
    check_values(doc, source)
    if not isinstance(doc, dict):
        raise FileProblem(source, "(top level)", "expected a Tiled map (a JSON object)")
    if doc.get("format") == SCENARIO_FORMAT:
        raise FileProblem(source, "format", "expected a Tiled map, got a Skirmish Table scenario (use it as it is)")
    if doc.get("type", "map") != "map":
        raise FileProblem(source, "type", f"expected 'map', got {one_line(repr(doc.get('type')), 40)}")
    for key in JSON_MAP_KEYS:
        if key not in doc:
            raise FileProblem(source, key, f"expected it ({NEWER_TILED})")
    if doc["infinite"] not in (False, 0):
        raise FileProblem(source, "infinite", INFINITE)
    for place, layer in _json_layers(doc["layers"], "layers"):
        if isinstance(layer.get("data"), str):
            _check_packed(layer["data"], layer.get("compression"), source, f"{place}.data")
    return list(_json_links(doc, ""))


def _json_layers(layers: Any, place: str) -> Iterable[tuple[str, dict[str, Any]]]:
    """Every layer of a JSON map, inside groups too, with its place."""
    for i, layer in enumerate(layers if isinstance(layers, list) else []):
        if isinstance(layer, dict):
            yield f"{place}[{i}]", layer
            yield from _json_layers(layer.get("layers"), f"{place}[{i}].layers")


def _check_packed(text: Any, compression: Any, source: str, place: str) -> None:
    """A zlib or gzip tile layer must unpack to at most MAX_LAYER_BYTES (else a few kB could ask the
    parser for gigabytes). Undecodable data is left for the parser to report."""
    if compression not in ("zlib", "gzip") or not isinstance(text, str):
        return
    try:
        packed = base64.b64decode(text.strip())
        unpacked = zlib.decompressobj(47).decompress(packed, MAX_LAYER_BYTES + 1)   # 47: zlib or gzip header
    except (binascii.Error, ValueError, zlib.error):
        return
    if len(unpacked) > MAX_LAYER_BYTES:
        raise FileProblem(source, place, f"expected a tile layer of at most {MAX_LAYER_BYTES // 4} tiles")


def _json_links(value: Any, place: str) -> Iterable[tuple[str, str]]:
    """(place, file) of every external tileset ("source") and object template ("template")."""
    if isinstance(value, list):
        for i, item in enumerate(value):
            yield from _json_links(item, f"{place}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            here = f"{place}.{key}" if place else key
            if key == "template" or (key == "source" and place.startswith("tilesets[")):
                yield here, str(item)
            else:
                yield from _json_links(item, here)
