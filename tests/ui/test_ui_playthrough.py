"""Whole games through the UI's event loop: hotseat (with handovers) and against the random player,
on the toy ruleset and on every landed ruleset's bundled scenarios (shortened to two turns)."""
from __future__ import annotations

import pytest
from conftest import play_through, toy_scenario

from game.ui.screens.endgame import EndGameScreen
from game.ui.session import Session


def test_a_hotseat_game_with_hidden_moves_to_its_end(app, toy_ruleset):
    session = Session(toy_scenario(turn_limit=4, secret=True), 11, {"secret": True}, ["human", "human"])
    app.start_session(session)
    seen = play_through(app, session, seed=2)
    assert session.is_over() and isinstance(app.top, EndGameScreen)
    assert seen["handovers"] >= 1


def test_a_game_against_the_random_player_to_its_end(app, toy_ruleset):
    import pygame
    from conftest import key
    session = Session(toy_scenario(turn_limit=4), 12, {}, ["human", "random"])
    app.start_session(session)
    app.step()
    key(app, pygame.K_p)                              # the AI's turn first
    seen = play_through(app, session, seed=3)
    assert session.is_over() and seen["ui_actions"] >= 1
    assert any(d.side == 1 for d in session.history)


def _bundled():
    try:
        from game.io.scenario_file import bundled_scenarios
        from game.rulesets import load_all
        load_all()
        return bundled_scenarios()
    except Exception:
        return []


def _landed_scenarios():
    names = [name for name, rid, _title in _bundled() if rid in ("risus-skirmish", "takipsilim")]
    return names or [pytest.param(None, marks=pytest.mark.skip(reason="no bundled scenarios yet"))]


@pytest.mark.parametrize("name", _landed_scenarios())
@pytest.mark.parametrize("players", [("human", "random"), ("human", "human")], ids=["vs-random", "hotseat"])
def test_a_bundled_scenario_through_the_ui(app, name, players):
    from game import simulate
    from game.io.scenario_file import load_scenario
    scenario = simulate.with_turn_limit(load_scenario(name), 2)
    session = Session(scenario, 5, None, list(players))
    app.start_session(session)
    seen = play_through(app, session, seed=7)
    assert session.is_over()
    if players == ("human", "human") and session.hides():
        assert seen["handovers"] >= 1                 # hidden information: the window was handed over
