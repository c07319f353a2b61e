"""Turn flow as data: each of design §3's turn structures, shown by the order of decisions."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import scripted
from tests.toys import (Answer, Commit, Fire, Step, Try, register_toys, scenario,
                        unregister_toys)


@pytest.fixture(autouse=True)
def toys():
    register_toys()
    yield
    unregister_toys()


def who(state):
    d = engine.to_act(state)
    return None if d is None else (d.side, d.kind, d.the_actor)


def test_risus_initiative_kept_while_actions_succeed():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    assert who(s) == (0, "act", None) and s.flow.initiative == 0
    engine.apply(s, Try("a", True))
    engine.apply(s, Try("b", True))
    assert who(s) == (0, "act", None) and s.turn == 1


def test_risus_failed_action_passes_initiative_and_turn():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    engine.apply(s, Try("a", False))
    assert who(s) == (1, "act", None)
    assert s.flow.initiative == 1 and s.turn == 2
    assert any(e.kind == "InitiativePassed" for e in s.log)


def test_opportunity_fire_is_a_decision_of_the_other_side():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    engine.apply(s, Step("a"))
    assert who(s) == (1, "opportunity-fire", None)
    engine.apply(s, Pass(1))                       # no fire: the mover's run goes on
    assert who(s) == (0, "act", None) and s.turn == 1


def test_successful_opportunity_fire_takes_the_initiative():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    engine.apply(s, Step("a"))
    engine.apply(s, Fire(1, True))
    assert who(s) == (1, "act", None) and s.flow.initiative == 1


def test_wrong_side_cannot_answer_an_interrupt():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    engine.apply(s, Step("a"))
    before = engine.state_hash(s)
    with pytest.raises(engine.IllegalAction):
        engine.apply(s, Try("a", True))
    assert engine.state_hash(s) == before


def test_takipsilim_commit_then_phases_resolve_in_order():
    s = engine.new_game(scenario("toy-commit"), seed=1)
    assert who(s) == (0, "commit-orders", None)
    assert engine.to_act(s).hidden
    engine.apply(s, Commit(0, ("hold",)))
    assert who(s) == (1, "commit-orders", None)
    engine.apply(s, Commit(1, ("hold",)))
    phases = [e.phase for e in s.log if e.kind == "Phase"]
    assert phases == ["movement", "shooting", "melee", "miscellaneous"]
    assert who(s) == (0, "commit-orders", None) and s.turn == 2


def test_committed_orders_hidden_from_the_other_side():
    s = engine.new_game(scenario("toy-commit"), seed=1)
    engine.apply(s, Commit(0, ("advance",)))
    assert engine.view(s, 1).data["orders"] == {}
    assert engine.view(s, 0).data["orders"] == {"0": ["advance"]}


def test_grenade_throw_back_interrupts_the_grenade_phase():
    s = engine.new_game(scenario("toy-commit"), seed=1)
    engine.apply(s, Commit(0, ("advance",)))
    engine.apply(s, Commit(1, ("hold",)))
    assert who(s) == (1, "throw-back", None) and s.flow.phase_name == "grenades"
    engine.apply(s, Answer(1, True))
    assert [e.phase for e in s.log if e.kind == "Phase"][-2:] == ["melee", "miscellaneous"]
    assert who(s) == (0, "commit-orders", None)


def test_riskbreaker_characters_act_in_fight_rating_order_ties_to_less_advantage():
    s = engine.new_game(scenario("toy-rating"), seed=1)
    order = []
    while s.turn == 1:
        d = engine.to_act(s)
        order.append(d.the_actor)
        engine.apply(s, Try(d.the_actor, True))
    # ratings a3 b5 x4 y5; b and y tie at 5: Red (less Advantage) goes first
    assert order == ["a", "x", "y", "b"]


def test_riskbreaker_maneuver_lets_each_opponent_follow():
    s = engine.new_game(scenario("toy-rating"), seed=1)
    engine.apply(s, Step("a"))
    assert [who(s)] == [(1, "follow", "y")]
    engine.apply(s, Answer(1, False))
    assert who(s) == (1, "follow", "x")
    engine.apply(s, Answer(1, True))
    assert who(s) == (1, "act", "x")


def test_risk_to_take_initiative_roll_then_move_fire_melee():
    dice = scripted([2, 2, 1, 5, 6, 1])      # a tie is re-rolled, then Red wins 5 to 1; turn 2: Blue
    s = engine.new_game(scenario("toy-phases"), seed=1, dice=dice)
    assert s.flow.initiative == 1
    assert who(s) == (1, "act", None) and s.flow.phase_name == "move"
    engine.apply(s, Try("x", True))
    engine.apply(s, Pass(1))
    assert who(s) == (0, "act", None)
    engine.apply(s, Pass(0))
    assert who(s) == (1, "commander-save", None) and s.flow.phase_name == "fire"
    engine.apply(s, Answer(1, True))
    assert any(e.kind == "Melee" for e in s.log)
    assert [r.purpose for r in s.rolls] == ["initiative"] * 6
    assert s.turn == 2 and s.flow.initiative == 0 and who(s) == (0, "act", None)


def test_petite_guerre_activation_tests_open_each_players_turn():
    s = engine.new_game(scenario("toy-activation"), seed=1)
    assert [e.data["side"] for e in s.log if e.kind == "Activation"] == [0]
    engine.apply(s, Try("a", True))
    assert who(s) == (0, "act", None)
    engine.apply(s, Pass(0))
    assert [e.data["side"] for e in s.log if e.kind == "Activation"] == [0, 1]
    assert who(s) == (1, "act", None) and s.turn == 1
    engine.apply(s, Pass(1))
    assert who(s) == (0, "act", None) and s.turn == 2


def test_campaign_events_every_second_turn():
    s = engine.new_game(scenario("toy-campaign", turn_limit=6), seed=1)
    while engine.to_act(s) is not None:
        engine.apply(s, engine.legal_actions(s)[0].action)
    turns = [e.turn for e in s.log if e.kind == "Reinforcements"]
    assert turns == [2, 4, 6]
    assert s.outcome is not None and s.outcome.winner is None


def test_turn_limit_ends_every_game_with_no_legal_action_after():
    s = engine.new_game(scenario("toy-initiative", turn_limit=2), seed=1)
    engine.apply(s, Try("a", False))
    engine.apply(s, Try("x", False))
    assert engine.result(s) is not None
    assert engine.legal_actions(s) == []
    assert engine.check(s, Try("a", True)) == "the game is over"
