"""Bad Tiled files (issue 19, "Tiled import: bad files"): 'a malformed or unsupported file exits 2 with
one line naming the file, the place and what was expected ... never a traceback'."""
from __future__ import annotations

import base64
import re
import tempfile
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.io.errors import FileProblem
from game.io.tiled import import_tiled
from game.io.tiled_cli import run
from tiled_maps import tmj, tmx, write_map

DATA = Path(__file__).resolve().parent.parent / "data"
COMPOUND = (DATA / "tiled-compound.tmj").read_bytes()
VALLEY = (DATA / "tiled-hex-valley.tmx").read_bytes()


def problem(tmp_path, name, content, ruleset="takipsilim") -> str:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(FileProblem) as info:
        import_tiled(path, ruleset)
    assert "\n" not in str(info.value) and str(info.value).startswith(str(path))
    return str(info.value)[len(str(path)) + 2:]


def test_malformed_xml_and_json_name_the_line(tmp_path):
    """A malformed file: the place is the line and column."""
    assert problem(tmp_path, "a.tmx", "<map><layer>") == "line 1 column 13: expected well-formed XML (a .tmx map)"
    assert problem(tmp_path, "a.tmj", '{"type": "map",').startswith("line 1 column 16: ")
    assert problem(tmp_path, "e.tmx", b"") == "expected a Tiled map (.tmx or .tmj), the file is empty"


def test_old_tiled_files_lacking_attributes_get_a_clear_message(tmp_path):
    """'Files saved by old Tiled versions lack attributes the parser requires: give them a clear message.'"""
    old = ('<?xml version="1.0"?>\n<map version="1.0" orientation="orthogonal" renderorder="right-down" width="4" '
           'height="4" tilewidth="32" tileheight="32" nextobjectid="1"></map>')
    assert problem(tmp_path, "old.tmx", old).startswith("<map> attribute 'tiledversion': expected it (saved by an "
                                                        "older Tiled")
    no_layer_id = COMPOUND.replace(b'"nextlayerid":3,', b"")
    assert problem(tmp_path, "old.tmj", no_layer_id).startswith("nextlayerid: expected it (saved by an older Tiled")


def test_unsupported_maps_say_what_is_expected(tmp_path, hex_toy_ruleset):
    assert problem(tmp_path, "iso.tmx", VALLEY.replace(b'"hexagonal"', b'"isometric"'), "io-hex-toy") == \
        "map orientation: expected an orthogonal or hexagonal map, got 'isometric'"
    assert problem(tmp_path, "inf.tmx", VALLEY.replace(b'infinite="0"', b'infinite="1"'), "io-hex-toy").startswith(
        "<map> attribute 'infinite': expected a map of fixed size")
    assert problem(tmp_path, "v.tmx", VALLEY).startswith("map orientation: expected an orthogonal map (a table): "
                                                         "ruleset takipsilim is played on a table")
    assert problem(tmp_path, "s.json", (Path(__file__).parent / "toy-hex-march.json").read_bytes()) == \
        "format: expected a Tiled map, got a Skirmish Table scenario (use it as it is)"


def test_an_object_with_a_problem_is_named_by_layer_and_id(tmp_path):
    """The place of a bad object is its layer, id and name (edges crossing, a bad side, bad stats JSON)."""
    bowtie = {"id": 4, "name": "Knot", "class": "wood", "x": 10, "y": 10, "shape": "polygon",
              "points": [(0, 0), (40, 40), (40, 0), (0, 40)]}
    assert problem(tmp_path, "k.tmj", tmj(8, 8, [bowtie])) == \
        "layer 'Objects' object 4 'Knot': expected a simple polygon (its edges cross; redraw it in Tiled)"
    unit = {"id": 5, "name": "unit:Ana", "x": 10, "y": 10, "shape": "point", "properties": {"side": "Purple"}}
    assert problem(tmp_path, "u.tmx", tmx(8, 8, [unit])).startswith(
        "layer 'Objects' object 5 'unit:Ana' property 'side': expected a side index 0..3 or a side's name")
    unit["properties"] = {"side": 0, "stats": "[1, 2]"}
    assert problem(tmp_path, "v.tmx", tmx(8, 8, [unit])) == \
        "layer 'Objects' object 5 'unit:Ana' property 'stats': expected a JSON object as text, like {\"dice\": 3}"


def test_the_rulesets_own_checks_name_the_tiled_object(tmp_path):
    """The ruleset's validate_scenario problem names the object it came from, then the scenario path."""
    unit = {"id": 9, "name": "unit:Ana", "x": 10, "y": 10, "shape": "point", "properties": {"side": 0, "weapon": "spoon"}}
    assert problem(tmp_path, "w.tmj", tmj(8, 8, [unit])).startswith(
        "layer 'Objects' object 9 'unit:Ana': units[0].stats.weapon: expected one of ")


def test_a_tileset_file_that_is_not_a_file_is_refused_before_reading(tmp_path, hex_toy_ruleset):
    """A map naming /dev/zero as its tileset would hang the parser's read: refused first."""
    zero = VALLEY.replace(b'<tileset firstgid="1" name', b'<tileset firstgid="1" source="/dev/zero" name')
    assert problem(tmp_path, "z.tmx", zero, "io-hex-toy") == \
        "<tileset> source: expected /dev/zero to be a tileset or template file"


def _packed(gids: list[int], bomb: int = 0) -> bytes:
    raw = b"".join(g.to_bytes(4, "little") for g in gids) + b"\0" * bomb
    return base64.b64encode(zlib.compress(raw, 9))


def test_a_zlib_layer_reads_as_its_tiles_and_a_zlib_bomb_is_refused(tmp_path, hex_toy_ruleset):
    """A compressed layer is read like the CSV one; one that unpacks to gigabytes is refused unread."""
    csv = re.search(rb"<data encoding=\"csv\">(.*?)</data>", VALLEY, re.S)
    gids = [int(g) for g in csv.group(1).replace(b"\n", b"").split(b",")]
    packed = VALLEY.replace(csv.group(0), b'<data encoding="base64" compression="zlib">' + _packed(gids) + b"</data>")
    path = write_map(tmp_path, "z.tmx", packed.decode())
    assert import_tiled(path, "io-hex-toy").scenario == import_tiled(DATA / "tiled-hex-valley.tmx", "io-hex-toy") \
        .scenario | {"name": "z", "description": "Imported from the Tiled map z.tmx."}
    bomb = VALLEY.replace(csv.group(0), b'<data encoding="base64" compression="zlib">' + _packed(gids, 8_000_000)
                          + b"</data>")
    assert problem(tmp_path, "b.tmx", bomb, "io-hex-toy") == "<data> 1: expected a tile layer of at most 1000000 tiles"


def test_cli_bad_file_is_one_line_exit_2(tmp_path, capsys):
    path = write_map(tmp_path, "bad.tmx", "<map")
    assert run(str(path), "takipsilim", None, None) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith(f"error: {path}: line 1 column 1: expected well-formed XML")
    assert run(str(path), "no-such-rules", None, None) == 2
    assert capsys.readouterr().err.startswith("error: --ruleset: expected a ruleset id (")


def _mutate(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    out = bytearray(data)
    for pos, cut, insert in edits:
        pos %= max(len(out), 1)
        out[pos:pos + cut] = insert
    return bytes(out)


EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 8),
                           st.binary(max_size=6) | st.sampled_from([b'"', b"<", b">", b"-1", b"1e999", b"0", b"null",
                                                                   b"{", b"]", b"\xff"])), min_size=1, max_size=4)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(which=st.sampled_from(["compound.tmj", "valley.tmx"]), edits=EDITS)
def test_fuzzed_maps_import_or_fail_in_one_line(hex_toy_ruleset, capsys, which, edits):
    """'never a traceback': whatever bytes a mutated map holds, exit 0 or exit 2 with one error line."""
    data, ruleset = (COMPOUND, "takipsilim") if which.endswith("tmj") else (VALLEY, "io-hex-toy")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / which
        path.write_bytes(_mutate(data, edits))
        code = run(str(path), ruleset, None, str(Path(folder) / "out.json"))
    out, err = capsys.readouterr()
    assert code in (0, 2)
    if code == 2:
        assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err
        assert "could not be imported" not in err      # the last-resort message never shows


def test_a_bad_map_property_is_named_as_the_map_property(tmp_path):
    """The ruleset's complaint about the victory names the map property it came from."""
    conquer = COMPOUND.replace(b'"value":"eliminate"', b'"value":"conquer"')
    assert problem(tmp_path, "c.tmj", conquer).startswith(
        "map property 'victory': victory.kind: expected one of ")
