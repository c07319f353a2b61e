"""The command line's contracts (design §4-§7): odds, los, validate, scenarios, rulesets,
simulate (deterministic, resumable, the contract's last line) and play's fallbacks."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from game.cli import main

LAST_LINE = re.compile(r"^winner=(\d+|draw) turns=\d+ hash=[0-9a-f]+$")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def bundled():
    from game.io.scenario_file import bundled_scenarios
    from game.rulesets import load_all
    load_all()
    return bundled_scenarios()


def first_scenario():
    return bundled()[0][0]


def test_odds_contract_fraction_and_percentage(capsys):
    code, out, _ = run(capsys, "odds", "hits(4d6,5)>=1")
    assert code == 0 and out.strip() == "65/81 = 80.2%"


def test_odds_malformed_expression_exits_2_saying_where(capsys):
    code, out, err = run(capsys, "odds", "3x6>=2")
    assert code == 2 and out == "" and "column" in err


def test_odds_as_a_subprocess_prints_one_line():
    proc = subprocess.run([sys.executable, "-m", "game", "odds", "2d6>=7"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout == "7/12 = 58.3%\n"


def test_scenarios_lists_names_first(capsys):
    code, out, _ = run(capsys, "scenarios")
    names = [line.split()[0] for line in out.splitlines()]
    assert code == 0 and names == sorted(n for n, _, _ in bundled()) and names


def test_rulesets_lists_ids_with_options(capsys):
    from game.engine.registry import all_rulesets
    code, out, _ = run(capsys, "rulesets")
    assert code == 0
    for rs in all_rulesets():
        assert any(line.startswith(rs.id + " ") for line in out.splitlines())


def test_validate_good_scenario_one_line(capsys):
    from game.resources import maps_dir
    name, ruleset_id, _ = bundled()[0]
    code, out, _ = run(capsys, "validate", str(maps_dir() / f"{name}.json"))
    assert code == 0 and len(out.strip().splitlines()) == 1
    assert "scenario" in out and ruleset_id in out


@pytest.mark.parametrize("content", [b"", b"\x00\xff\xfe", b"{", b"[1,2]", b'{"format": 3}'])
def test_validate_bad_file_exits_2_naming_the_file(capsys, tmp_path, content):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out, err = run(capsys, "validate", str(bad))
    assert code == 2 and "bad.json" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_validate_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path / "nope.json"))
    assert code == 2 and "nope.json" in err


def test_los_contract_clear_or_blocked_and_distance(capsys):
    code, out, _ = run(capsys, "los", first_scenario(), "1,1", "2,1")
    assert code == 0
    assert re.match(r"^(clear|blocked by \S+) distance=1\.0cm$", out.strip())


def test_los_point_off_the_table_exits_2(capsys):
    code, _, err = run(capsys, "los", first_scenario(), "1,1", "99999,1")
    assert code == 2 and "off the table" in err


def test_los_malformed_point_exits_2(capsys):
    code, _, err = run(capsys, "los", first_scenario(), "1;1", "2,2")
    assert code == 2 and "X,Y" in err


def test_simulate_ends_with_contract_line_and_is_deterministic(capsys):
    name = first_scenario()
    code, out1, _ = run(capsys, "simulate", name, "--seed", "4")
    assert code == 0 and LAST_LINE.match(out1.strip().splitlines()[-1])
    _, out2, _ = run(capsys, "simulate", name, "--seed", "4")
    assert out1 == out2


def test_simulate_resumes_exactly_from_a_save(capsys, tmp_path):
    name = first_scenario()
    _, full, _ = run(capsys, "simulate", name, "--seed", "5")
    save = tmp_path / "run.json"
    code, out, _ = run(capsys, "simulate", name, "--seed", "5", "--stop-after", "7", "--save", str(save))
    assert code == 0 and save.exists()
    assert json.loads(save.read_text())["format"] == "skirmish-table/save"
    _, resumed, _ = run(capsys, "simulate", "--load", str(save))
    assert resumed.strip().splitlines()[-1] == full.strip().splitlines()[-1]


def test_simulate_log_writes_one_event_per_line(capsys, tmp_path):
    log = tmp_path / "game.log"
    code, _, _ = run(capsys, "simulate", first_scenario(), "--seed", "2", "--log", str(log))
    lines = log.read_text().splitlines()
    assert code == 0 and lines and all(line.startswith("T") for line in lines)


def test_simulate_max_turns_caps_the_game(capsys):
    code, out, _ = run(capsys, "simulate", first_scenario(), "--seed", "3", "--max-turns", "2")
    assert code == 0 and int(re.search(r"turns=(\d+)", out).group(1)) <= 2


def test_simulate_unknown_player_exits_2(capsys):
    code, _, err = run(capsys, "simulate", first_scenario(), "--players", "genius,random")
    assert code == 2 and "genius" in err


def test_simulate_bad_file_exits_2(capsys, tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{nope")
    code, _, err = run(capsys, "simulate", str(bad))
    assert code == 2 and "x.json" in err


def test_version_names_the_game(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0 and capsys.readouterr().out.startswith("skirmish-table ")
