"""Riskbreaker's bundled scenarios load and validate, and the escort's victory counts only the
character escorted ("until one group flees, surrenders, or receives full Kill Damage")."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.engine import game as engine
from game.io.scenario_file import load_scenario
from game.rulesets.riskbreaker.actions import Flee
from game.rulesets.riskbreaker.validation import problems

from tests.rulesets.riskbreaker_helpers import char, declare_all, fighter_with, game, row, skill, until_turn_of

MAPS = sorted(Path(__file__).resolve().parents[2].joinpath("maps").glob("riskbreaker-*.json"))


def test_there_are_four_riskbreaker_scenarios_at_least():
    assert len(MAPS) >= 4


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_each_bundled_scenario_is_valid_and_starts(path):
    scenario = load_scenario(path)
    assert problems(scenario) == []
    state = engine.new_game(scenario, seed=1)
    assert engine.to_act(state) is not None


def _escort():
    walker = fighter_with("Cudgel", "muscle", 4, extra=[skill("Maneuver", "agility")])
    return game([char("merchant", 0, 1, walker), char("guard", 0, 1, walker, slot=1),
                 char("brigand", 1, 0, fighter_with("Club", "muscle", 4))], row("road", "gate"),
                ruleset_data={"exits": ["gate"]},
                victory={"kind": "escape", "side": 0, "escapes": 1, "of": ["merchant"]})


def test_an_escort_is_won_when_the_one_escorted_gets_away_not_a_guard():
    state = _escort()
    declare_all(state)
    until_turn_of(state, "guard")
    engine.apply(state, Flee("guard"))
    assert state.outcome is None
    engine.apply(state, Flee("merchant"))
    assert state.outcome.winner == 0 and "escaped" in state.outcome.reason


def test_an_escort_is_lost_when_the_one_escorted_is_knocked_out():
    from game.rulesets.riskbreaker.damage import take_kill
    from game.rulesets.riskbreaker.victory import result
    state = _escort()
    take_kill(state, state.units["merchant"], 4, "the brigand's club")
    assert result(state).winner == 1
