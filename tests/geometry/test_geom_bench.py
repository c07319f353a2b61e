"""The LOS bench's own check, on a small table (speed is never asserted, design 10)."""
import re

import numpy as np

from game.geometry import bench


def test_bench_table_is_deterministic_and_fast_equals_naive():
    t1, u1 = bench.bench_table(n_pieces=60, n_units=25)
    t2, u2 = bench.bench_table(n_pieces=60, n_units=25)
    assert np.array_equal(u1, u2) and [p.polygon.wkb for p in t1.pieces] == [p.polygon.wkb for p in t2.pieces]
    for rules in (bench.BENCH_RULES, bench.LosRules()):
        assert np.array_equal(t1.los_matrix(u1, rules), bench.naive_los_matrix(t1, u1, rules))


def test_bench_lines_format():
    lines = bench.run(n_pieces=40, n_units=20, repeats=1)
    assert re.fullmatch(r"los-matrix units=20 terrain=40 ms=\S+ naive_ms=\S+ speedup=\S+ identical=yes", lines[0])
    assert re.fullmatch(r"los-row units=20 ms=\S+", lines[1])
