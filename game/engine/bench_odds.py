"""Benchmark of exact odds and the dice stream, for `make bench` (design §10: measured, never asserted).

Each line is `<name> key=value ...`. `ms` is the median time of one exact probability with the caches
warm (what the AI pays in its inner loops); `cold_ms` clears odds.py's caches first, so it includes
parsing and icepool's computation (icepool keeps its own cache of keep-highest/lowest evaluators, so
`first_ms`, one sample, is the very first computation of that expression in the process).
"""
from __future__ import annotations

import statistics
import time

from game.engine import odds
from game.engine.dice import DiceStream, roll

EXPRESSIONS = ("hits(4d6,5)>=1", "d8+d12>=11", "3d6kh2>=8", "hits(12d20,15)>=4")


def _median_ms(fn, repeats: int, batch: int = 1) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(batch):
            fn()
        times.append((time.perf_counter() - start) / batch)
    return statistics.median(times) * 1000


def _cold(text: str) -> None:
    odds.clear_caches()
    odds.probability(text)


def run() -> list[str]:
    lines = []
    for text in EXPRESSIONS:
        first = _median_ms(lambda: _cold(text), repeats=1)
        warm = _median_ms(lambda: odds.probability(text), repeats=21, batch=1000)
        cold = _median_ms(lambda: _cold(text), repeats=51)
        lines.append(f"odds expr={text} ms={warm:.4f} cold_ms={cold:.3f} first_ms={first:.3f}")
    stream = DiceStream(seed=1)
    die_us = _median_ms(lambda: stream.die(6), repeats=21, batch=1000) * 1000
    roll_us = _median_ms(lambda: roll(stream, "hits(4d6,5)>=1", "attack"), repeats=21, batch=200) * 1000
    lines.append(f"dice-stream die_us={die_us:.2f} roll_us={roll_us:.1f}")
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
