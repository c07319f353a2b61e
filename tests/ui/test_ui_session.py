"""The Session: undo (only back over actions that rolled no dice), whose eyes, saves, hidden info."""
from __future__ import annotations

from conftest import Attack, Move, toy_scenario

from game.engine.actions import Pass
from game.ui.session import Session


def test_undo_removes_the_last_human_action_and_the_ai_replies(toy_ruleset):
    s = Session(toy_scenario(), 1, {}, ["human", "random"])
    s.act(Move("b1", 25, 20, 0))                      # Red (random) now decides
    while s.decision() is not None and s.decision().side == 1:
        player, view, options, decision = s.ai_inputs()
        s.act(player.choose(view, options, decision))
    rolled = any(d.rolled for d in s.history)
    reason = s.undo_reason()
    if rolled:
        assert reason and "dice" in reason
    else:
        assert reason is None and s.undo() is None
        assert s.history == [] and s.state.units["b1"].x == 20


def test_undo_refuses_once_dice_were_rolled(toy_ruleset):
    s = Session(toy_scenario(), 1, {}, ["human", "human"])
    s.act(Attack("b1", "r1"))
    assert s.history[-1].rolled
    assert "dice" in s.undo_reason()
    assert s.undo() is not None and len(s.history) == 1


def test_undo_replays_to_the_same_state(toy_ruleset):
    s = Session(toy_scenario(), 4, {}, ["human", "human"])
    s.act(Move("b1", 22, 22, 10))
    from game.engine.game import state_hash
    h = state_hash(s.state)
    s.act(Move("r1", 66, 20, 180))
    assert s.undo() is None
    assert state_hash(s.state) == h


def test_the_viewer_follows_the_decider_and_asks_for_a_handover_when_hidden(toy_ruleset):
    s = Session(toy_scenario(secret=True), 1, {"secret": True}, ["human", "human"])
    assert s.viewer is None                          # nobody looks until the first player is seated
    assert s.wanted_viewer() == (0, True)
    s.set_viewer(0)
    assert s.wanted_viewer() == (0, False)
    s.act(Move("b1", 25, 20, 0))
    assert s.wanted_viewer() == (1, True)


def test_against_the_ai_the_human_keeps_the_table(toy_ruleset):
    s = Session(toy_scenario(secret=True), 1, {"secret": True}, ["human", "random"])
    assert s.viewer == 0
    s.act(Pass(0))
    assert s.decision().side == 1 and s.wanted_viewer() == (0, False)


def test_hidden_events_count_as_hidden_information_even_if_the_ruleset_forgets(toy_ruleset):
    s = Session(toy_scenario(secret=True), 1, {"secret": True}, ["human", "human"])
    toy_ruleset.hides_information = lambda state: False
    try:
        assert not s.hides()                         # nothing is hidden yet
        s.act(Move("b1", 25, 20, 0))                 # a move hidden from Red, a unit marked hidden
        assert s.hides()
    finally:
        del toy_ruleset.hides_information


def test_a_save_resumes_with_the_same_players_and_state(toy_ruleset, tmp_path):
    from game.engine.game import state_hash
    from game.io.save_file import load_save
    s = Session(toy_scenario(), 9, {}, ["human", "random"])
    s.act(Move("b1", 24.0, 24.0, 45.0))
    path = s.save(tmp_path / "g.json", label="test")
    again = Session.from_save(load_save(path))
    assert again.players == ["human", "random"]
    assert state_hash(again.state) == state_hash(s.state)
    assert [d.action for d in again.history] == s.actions
