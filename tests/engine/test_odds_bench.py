"""`make bench` lines for odds (design §10): `<name> key=value ...`; speed is reported, not asserted."""
import re

from game.engine import bench_odds


def test_bench_lines_name_figures_as_key_values():
    lines = bench_odds.run()
    assert re.fullmatch(r"odds expr=hits\(4d6,5\)>=1 ms=[\d.]+ cold_ms=[\d.]+ first_ms=[\d.]+", lines[0])
    assert all(re.fullmatch(r"[\w-]+( \w+=\S+)+", line) for line in lines)
