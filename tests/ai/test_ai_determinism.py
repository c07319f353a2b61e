"""The AI's randomness comes from the game seed (design §7, §9): the same seed gives the same
choices, and a game stopped, saved and resumed ends in the same state as the uninterrupted one."""
from __future__ import annotations

import pytest

from game import cli
from game.ai.players import make_player
from game.ai.tournament import load
from game.engine import game as engine
from game.rulesets import load_all

load_all()


def first_actions(name: str, players: tuple[str, str], seed: int, n: int):
    state = engine.new_game(load(name), seed)
    seats = [make_player(p, seed, side) for side, p in enumerate(players)]
    out = []
    for _ in range(n):
        decision = engine.to_act(state)
        if decision is None:
            break
        action = seats[decision.side].choose(engine.view(state, decision.side), engine.legal_actions(state),
                                             decision)
        engine.apply(state, action)
        out.append(action)
    return out, engine.state_hash(state)


@pytest.mark.parametrize("name,players", [("risus-hidden-ambush", ("normal", "hard")),
                                          ("takipsilim-ruined-compound", ("hard", "easy"))])
def test_the_same_seed_gives_the_same_choices(name, players):
    a = first_actions(name, players, 4, 12)
    b = first_actions(name, players, 4, 12)
    assert a == b
    other = first_actions(name, players, 5, 12)
    assert other[1] != a[1]


def last_line(capsys) -> str:
    return capsys.readouterr().out.strip().splitlines()[-1]


@pytest.mark.parametrize("name,players,turns,stop", [
    ("takipsilim-ruined-compound", "normal,hard", 2, 13),
    ("risus-hidden-ambush", "hard,normal", 8, 7),
])
def test_a_resumed_game_ends_as_the_uninterrupted_one(tmp_path, capsys, name, players, turns, stop):
    base = ["simulate", name, "--seed", "2", "--players", players, "--max-turns", str(turns)]
    assert cli.main(base) == 0
    whole = last_line(capsys)
    assert whole.startswith("winner=")
    save = tmp_path / "stop.json"
    assert cli.main(base + ["--stop-after", str(stop), "--save", str(save)]) == 0
    assert "saved" in last_line(capsys)
    assert cli.main(["simulate", "--load", str(save)]) == 0
    assert last_line(capsys) == whole
