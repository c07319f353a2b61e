"""The application icon: drawn with pygame, written as ICO and ICNS without Pillow."""
from __future__ import annotations

import struct

from build_scripts import icon


def _png(n: int) -> bytes:
    return b"\x89PNG\r\n\x1a\n" + bytes([n % 256]) * n


def test_ico_directory_points_at_each_png():
    pngs = {16: _png(16), 32: _png(32), 256: _png(256)}
    data = icon.ico_bytes(pngs)
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 3)
    for i, n in enumerate(sorted(pngs)):
        w, h, _, _, planes, bpp, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert (w, h) == ((0, 0) if n == 256 else (n, n))       # 0 stands for 256
        assert (planes, bpp) == (1, 32)
        assert data[offset:offset + size] == pngs[n]


def test_icns_elements_hold_each_png():
    pngs = {16: _png(16), 128: _png(128), 1024: _png(1024), 48: _png(48)}    # 48 has no ICNS type
    data = icon.icns_bytes(pngs)
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    pos, found = 8, {}
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        found[kind] = data[pos + 8:pos + length]
        pos += length
    assert found == {b"icp4": pngs[16], b"ic07": pngs[128], b"ic10": pngs[1024]}


def test_drawn_icon_has_transparent_corners_and_a_coloured_table():
    surf = icon.draw_icon(64)
    assert surf.get_size() == (64, 64)
    assert surf.get_at((0, 0)).a == 0
    assert surf.get_at((32, 32)).a == 255


def test_write_icons(tmp_path):
    paths = icon.write_icons(tmp_path)
    assert paths["png"].read_bytes().startswith(b"\x89PNG")
    assert paths["ico"].read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert paths["icns"].read_bytes()[:4] == b"icns"
    before = paths["ico"].stat().st_mtime_ns
    icon.write_icons(tmp_path)            # unchanged bytes are not rewritten (PyInstaller's cache)
    assert paths["ico"].stat().st_mtime_ns == before
