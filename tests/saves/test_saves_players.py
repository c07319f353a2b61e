"""Issue 30 §5: "simulate --load refuses saves that validate accepts: a save of a game with a human side
gives 'unknown player human', and a players list of the wrong length gives '--players needs 3
players' though no --players was passed. Check players in validate, and let simulate --load say in
one line, naming the file, that a human seat needs --players.\""""
from __future__ import annotations

import json

import pytest

from game import cli, simulate
from game.engine import game as engine
from game.io.save_file import save_game
from game.io.scenario_file import load_scenario


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def save(tmp_path):
    """A few actions of a two-sided game, saved by the UI with side 0 a person."""
    state = engine.new_game(load_scenario("risus-meeting-engagement"), 2, {})
    sim = simulate.run(state, ["random"], stop_after=4)
    return save_game(tmp_path / "ui.json", sim.state, sim.actions, ["human", "normal"])


def _players(path, players):
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["players"] = players
    path.write_text(json.dumps(doc), encoding="utf-8")


def test_validate_accepts_a_human_seat_and_simulate_says_it_needs_players(save, capsys):
    code, out, _ = run(capsys, "validate", str(save))
    assert code == 0 and out.startswith("ok: save of")
    code, out, err = run(capsys, "simulate", "--load", str(save))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and str(save) in lines[0] and "--players" in lines[0] and "side 0" in lines[0]
    code, out, err = run(capsys, "simulate", "--load", str(save), "--players", "random,random")
    assert code == 0 and out.startswith("winner="), err


def test_validate_refuses_a_players_list_of_the_wrong_length(save, capsys):
    _players(save, ["normal", "normal", "normal"])
    code, _, err = run(capsys, "validate", str(save))
    assert code != 0 and "players: expected one player per side (2) or none, got 3" in err
    code, _, err = run(capsys, "simulate", "--load", str(save))
    assert code == 2 and "--players needs" not in err and "players: expected one player per side" in err


def test_validate_refuses_an_unknown_player(save, capsys):
    _players(save, ["human", "grandmaster"])
    code, _, err = run(capsys, "validate", str(save))
    assert code != 0 and "players[1]: expected human or an AI player" in err and "'grandmaster'" in err


def test_a_game_by_e_mail_loaded_by_simulate_says_the_side_is_played_by_a_person(save, capsys):
    """A save of a game by e-mail (a side "mail"): the same one line as a human seat, not 'unknown player'."""
    _players(save, ["human", "mail"])
    code, out, err = run(capsys, "simulate", "--load", str(save))
    lines = err.strip().splitlines()
    assert code == 2 and out == "" and len(lines) == 1
    assert "side 0" in lines[0] and "--players" in lines[0] and "unknown player" not in lines[0]
    _players(save, ["mail", "human"])
    _, _, err = run(capsys, "simulate", "--load", str(save))
    assert "side 0" in err and "(by e-mail)" in err
