"""Nested games (design §3, issue 11 part 2): a toy campaign fights its battles as full games of a
toy battle ruleset. While the battle lives every question goes to it; when it ends the campaign's
resume hook takes its Result and the campaign goes on; a save inside the battle resumes inside it."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.state import state_hash
from tests.random_play import check_resume_inside_child, play_randomly
from tests.engine.nested_toys import March, register_nested, unregister_nested, war_scenario
from tests.toys import Try


@pytest.fixture(autouse=True)
def nested_toys():
    register_nested()
    yield
    unregister_nested()


def march_both(state):
    engine.apply(state, March(0, True))
    engine.apply(state, March(1, True))


def test_a_child_game_starts_when_the_armies_meet_and_takes_every_decision():
    s = engine.new_game(war_scenario(), seed=5)
    march_both(s)
    assert s.child is not None and s.child.ruleset_id == "toy-battle"
    assert engine.innermost(s) is s.child
    # the campaign stands on a hex map, its battle on a cm table
    assert s.board.kind == "hexmap" and s.child.board.kind == "table"
    assert s.units["blue-army"].hex == (0, 2)
    d = engine.to_act(s)
    # the battle's side 0 (Red) holds the initiative: the campaign's side 1 sits there
    assert (d.side, d.seat, d.kind) == (0, 1, "act")
    assert {o.kind for o in engine.legal_actions(s)} >= {"Try", "Pass"}
    seen = engine.view(s, 1)
    assert seen.ruleset_id == "toy-battle" and seen.viewer == 0 and seen.child is None
    assert any("The armies meet" in e.text for e in s.log)
    assert any(e.kind == "NestedGameBegan" for e in s.log)


def test_the_childs_seed_is_derived_from_the_parents():
    a, b = engine.new_game(war_scenario(), seed=5), engine.new_game(war_scenario(), seed=6)
    march_both(a)
    march_both(b)
    assert a.child.seed != a.seed and a.child.seed != b.child.seed
    again = engine.new_game(war_scenario(), seed=5)
    march_both(again)
    assert again.child.seed == a.child.seed


def test_a_march_is_no_action_of_the_battle():
    s = engine.new_game(war_scenario(), seed=5)
    march_both(s)
    assert "not an action of toy-battle" in engine.check(s, March(0, True))
    with pytest.raises(engine.IllegalAction):
        engine.apply(s, March(0, True))


def _fight_to_the_end(s):
    while s.child is not None:
        d = engine.to_act(s)
        engine.apply(s, Pass(d.side))


def test_the_parent_hook_receives_the_result_and_the_campaign_goes_on():
    s = engine.new_game(war_scenario(), seed=5)
    march_both(s)
    battle = s.child
    _fight_to_the_end(s)
    assert s.child is None and battle.outcome is not None
    fought = s.data["battles"][0]
    assert fought["data"]["survivors"] == [3, 3]          # Result.data reaches the parent
    # passing hands the initiative back and forth; at nightfall the holder wins
    assert fought["winner"] == (1, 0)[battle.outcome.winner]
    assert s.turn == 2 and engine.to_act(s).kind == "march"
    assert any(e.kind == "NestedGameOver" for e in s.log)
    # the battle's events are told in the campaign's log too
    assert any(e.phase.startswith("toy-battle") for e in s.log)


def test_the_campaign_ends_after_two_victories():
    s = engine.new_game(war_scenario(), seed=5)
    for _ in range(2):
        march_both(s)
        _fight_to_the_end(s)
    assert s.outcome is not None and s.outcome.reason == "two victories"
    assert s.outcome.data == {"victories": s.data["victories"]}


def test_a_failing_action_inside_the_child_changes_nothing():
    s = engine.new_game(war_scenario(), seed=5)
    march_both(s)
    before = state_hash(s)

    def broken(state, action, decision):
        raise RuntimeError("a bug in the middle of a resolution")

    battle_rs = engine.ruleset_of(s.child)
    battle_rs.apply, original = broken, battle_rs.apply
    try:
        with pytest.raises(RuntimeError):
            engine.apply(s, Try("r0", True))
    finally:
        del battle_rs.apply
    assert state_hash(s) == before and s.child is not None


def test_save_and_load_inside_the_child_resume_inside_it_and_reproduce_the_hash(tmp_path):
    sc = war_scenario()
    full = engine.new_game(sc, seed=11)
    actions = play_randomly(full, 11)
    assert full.outcome is not None and full.data["battles"]
    # the first point where a battle is being fought, a few actions in
    text = check_resume_inside_child(sc, 11, actions, full, tmp_path)
    assert '"toy-battle:' in text                          # nested actions name their game


def test_random_play_through_nested_games_replays_to_the_same_hash():
    sc = war_scenario()
    for seed in (1, 2, 3):
        s = engine.new_game(sc, seed=seed)
        actions = play_randomly(s, seed)
        assert s.outcome is not None
        assert state_hash(engine.replay(sc, seed, None, actions)) == state_hash(s)


def test_a_nested_games_secret_is_kept_from_every_parent_side_that_may_not_see_it():
    """An event hidden from the battle's side 0 (played by the campaign's side 1) is hidden in the
    campaign's log from side 1 and from any side not in the battle; side 0 (battle side 1) sees it."""
    from game.engine.game import _mirror
    s = engine.new_game(war_scenario(), seed=5)
    march_both(s)
    battle = s.child
    secret = battle.emit("Secret", "a hidden marker moves", hidden_from=(0,))
    _mirror(s, battle, [secret], len(battle.rolls))
    told = s.log[-1]
    assert told.text == "a hidden marker moves" and told.hidden_from == (1,)
    public = battle.emit("Public", "shots ring out")
    _mirror(s, battle, [public], len(battle.rolls))
    assert s.log[-1].hidden_from == ()
