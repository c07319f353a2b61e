"""The frame benchmark runs and reports in the `make bench` format (speed is never asserted)."""
from __future__ import annotations

import re


def test_the_frame_bench_measures_a_busy_table():
    from game.ui import bench
    med, p95, wall = bench.measure(frames=5, units=40, pieces=60)
    assert 0 < med <= p95 and wall > 0


def test_the_bench_line_format(monkeypatch):
    from game.ui import bench
    monkeypatch.setattr(bench, "measure", lambda: (3.25, 4.5, 3.5))
    monkeypatch.setattr(bench, "measure_scenarios", lambda: [("risus-farm-assault", 1.5, 2.0)])
    assert bench.run() == ["frame units=200 terrain=400 ms=3.25 p95=4.50 wall_ms=3.50",
                           "frame scenario=risus-farm-assault ms=1.50 p95=2.00"]
    assert re.fullmatch(r"frame units=\d+ terrain=\d+ ms=[\d.]+ p95=[\d.]+ wall_ms=[\d.]+", bench.run()[0])


def test_the_bundled_scenarios_are_measured_zoomed_in_with_the_move_preview_on():
    """Issue 14: "The frame must stay <= 8 ms" with the table dressed, the units' looks and names drawn."""
    from game.ui import bench
    rows = bench.measure_scenarios(frames=3, names=["risk-to-take-village-line", "riskbreaker-bridge-duel"])
    assert [name for name, *_ in rows] == ["risk-to-take-village-line", "riskbreaker-bridge-duel"]
    assert all(0 < med <= p95 for _n, med, p95 in rows)
