"""The application icon, drawn with pygame at build time and written as PNG, ICO and ICNS.

A green table with a terrain piece, two unit bases (Okabe-Ito orange and blue, distinct for
colour-blind players) facing each other and the dashed line of sight between them. ICO and ICNS
are written here (both can hold PNG images), so the build needs no Pillow.
"""
from __future__ import annotations

import io
import math
import os
import struct
from pathlib import Path

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types that hold PNG data, by pixel size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}

FELT = (46, 104, 62)
FELT_EDGE = (27, 64, 38)
HILL = (150, 124, 86)
HILL_EDGE = (96, 76, 50)
ORANGE = (230, 159, 0)
BLUE = (0, 114, 178)
RIM = (250, 246, 232)
LOS = (255, 236, 120)


def draw_icon(size: int = 1024):
    """The icon at `size` pixels; drawn at 1024 and scaled smoothly for anti-aliasing."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    s = 1024
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    table = pygame.Rect(40, 40, s - 80, s - 80)
    pygame.draw.rect(surf, FELT_EDGE, table, border_radius=180)
    pygame.draw.rect(surf, FELT, table.inflate(-56, -56), border_radius=150)
    hill = [(420, 150), (690, 170), (800, 330), (700, 450), (470, 430), (380, 280)]
    pygame.draw.polygon(surf, HILL, hill)
    pygame.draw.polygon(surf, HILL_EDGE, hill, 22)
    a, b = (250, 760), (774, 600)
    steps = 9
    for i in range(steps):
        if i % 2 == 0:
            t0, t1 = i / steps, (i + 1) / steps
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(surf, LOS, p0, p1, 30)
    facing = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    for centre, colour, face in ((a, ORANGE, facing), (b, BLUE, facing + 180)):
        _base(surf, centre, colour, face)
    if size != s:
        surf = pygame.transform.smoothscale(surf, (size, size))
    return surf


def _base(surf, centre, colour, facing_deg) -> None:
    import pygame

    r = 140
    pygame.draw.circle(surf, RIM, centre, r)
    pygame.draw.circle(surf, colour, centre, r - 30)
    ang = math.radians(facing_deg)
    tip = (centre[0] + math.cos(ang) * (r - 45), centre[1] + math.sin(ang) * (r - 45))
    left = (centre[0] + math.cos(ang + 2.3) * 60, centre[1] + math.sin(ang + 2.3) * 60)
    right = (centre[0] + math.cos(ang - 2.3) * 60, centre[1] + math.sin(ang - 2.3) * 60)
    pygame.draw.polygon(surf, RIM, [tip, left, right])


def png_bytes(surface) -> bytes:
    import pygame

    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG image per size (Windows Vista and later read these)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for n in sizes:
        data = pngs[n]
        dim = 0 if n >= 256 else n      # 0 means 256 in an ICO directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns: the 'icns' header, then one (type, length, PNG) element per size."""
    body = b""
    for n in sorted(pngs):
        if n in ICNS_TYPES:
            body += ICNS_TYPES[n] + struct.pack(">I", 8 + len(pngs[n])) + pngs[n]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out_dir: Path) -> dict[str, Path]:
    """skirmish.png (256 px), skirmish.ico and skirmish.icns in out_dir."""
    out_dir.mkdir(parents=True, exist_ok=True)
    big = draw_icon(1024)
    import pygame

    pngs = {n: png_bytes(big if n == 1024 else pygame.transform.smoothscale(big, (n, n)))
            for n in sorted(set(ICO_SIZES) | set(ICNS_TYPES))}
    paths = {"png": out_dir / "skirmish.png", "ico": out_dir / "skirmish.ico", "icns": out_dir / "skirmish.icns"}
    _write_if_changed(paths["png"], pngs[256])
    _write_if_changed(paths["ico"], ico_bytes({n: pngs[n] for n in ICO_SIZES}))
    _write_if_changed(paths["icns"], icns_bytes(pngs))
    return paths


def _write_if_changed(path: Path, data: bytes) -> None:
    # Unchanged bytes keep their timestamp, so PyInstaller's cache is not invalidated.
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
