"""The short tone that says "your turn" in a game played at a distance: made in code (two soft notes,
no sound file), played through pygame's mixer; without a mixer (no sound device) nothing is played
and nothing is said."""
from __future__ import annotations

import array
import math

_tone = None
_failed = False


def chime() -> bool:
    """Play the tone; False when there is no mixer to play it on."""
    global _tone, _failed
    if _failed:
        return False
    try:
        import pygame
        if not pygame.mixer.get_init():
            pygame.mixer.init()
        if _tone is None:
            _tone = pygame.mixer.Sound(buffer=samples(*pygame.mixer.get_init()))
        _tone.play()
        return True
    except Exception:                      # no device, no driver: the title still says so
        _failed = True
        return False


def samples(rate: int, size: int, channels: int) -> bytes:
    """Two notes (A5 then E6), 0.12 s each with a soft attack and decay, in the mixer's format."""
    out = array.array("h")
    volume = 0.25 * 32767
    for freq in (880.0, 1318.5):
        n = int(rate * 0.12)
        for i in range(n):
            envelope = min(1.0, i / (0.01 * rate)) * (1 - i / n) ** 2
            value = int(volume * envelope * math.sin(2 * math.pi * freq * i / rate))
            out.extend([value] * max(1, channels))
    if abs(size) == 8:
        return bytes((v >> 8) + 128 & 0xFF for v in out)
    if abs(size) == 32:                    # float samples
        return array.array("f", (v / 32768 for v in out)).tobytes()
    return out.tobytes()
