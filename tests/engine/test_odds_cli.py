"""`python -m game odds EXPR` (design §4, contract): one line `a/b = p%`, or exit 2 saying where it broke."""
import subprocess
import sys

from game.engine import odds


def test_odds_command_prints_fraction_and_percentage(capsys):
    assert odds.main(["d8+d12>=11"]) == 0
    out, err = capsys.readouterr()
    assert out == "13/24 = 54.2%\n" and err == ""


def test_odds_command_joins_unquoted_words(capsys):
    assert odds.main(["hits(4d6,5)", ">=", "1"]) == 0
    assert capsys.readouterr().out == "65/81 = 80.2%\n"


def test_odds_command_malformed_exits_2_saying_where(capsys):
    assert odds.main(["3d6+x>=4"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "error: at column 5: expected a die like 3d6 or an integer, found 'x'\n"


def test_odds_command_without_comparison_exits_2(capsys):
    assert odds.main(["2d6"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: at column 4: expected a comparison such as >= 5")


def test_odds_command_without_expression_exits_2(capsys):
    assert odds.main([]) == 2
    assert capsys.readouterr().err.startswith("error: expected an expression")


def test_odds_module_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "game.engine.odds", "2d6>=7"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "7/12 = 58.3%\n")
