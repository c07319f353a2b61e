"""Risus Skirmish: the turn and the initiative, what success means for each action, victory, limits."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risus_skirmish.actions import Attack, Move, Rally
from test_risus_helpers import fig, game, kinds, options, pass_turn, rect, stand_fast, texts, who, with_dice

WOOD_BETWEEN = [rect("f1", "field", 0, 0, 20, 40), rect("w", "wood", 20, 0, 40, 40),
                rect("f2", "field", 40, 0, 60, 40)]


def test_advancing_side_holds_the_initiative_first():
    sides = [{"name": "Germans", "role": "defender"}, {"name": "Americans", "role": "attacker"}]
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], sides=sides, ruleset_data={"first_side": None})
    assert s.flow.initiative == 1 and who(s) == (1, "act")
    assert "The Americans advance and hold the initiative" in texts(s)


def test_scenario_first_side_overrides_roles():
    sides = [{"name": "Germans", "role": "defender"}, {"name": "Americans", "role": "attacker"}]
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], sides=sides, ruleset_data={"first_side": 0})
    assert who(s) == (0, "act")


def test_successful_actions_keep_the_initiative():
    s = game([fig("a", 0, 10, 20), fig("c", 0, 10, 30), fig("b", 1, 50, 20), fig("d", 1, 50, 30),
              fig("e", 1, 55, 35)], dice=[6, 1, 5, 1])
    engine.apply(s, Attack("a", "b"))
    engine.apply(s, Attack("c", "d"))
    assert who(s) == (0, "act") and s.turn == 1 and s.flow.initiative == 0


def test_a_failed_attack_passes_the_initiative_and_ends_the_turn():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], dice=[1, 4])
    engine.apply(s, Attack("a", "b"))
    assert who(s) == (1, "act") and s.turn == 2
    assert "Germans take the initiative: A's attack failed" in texts(s)


def test_pass_gives_up_the_initiative():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)])
    stand_fast(s)                                   # a turn consists of one or more actions
    engine.apply(s, Pass(0))
    assert who(s) == (1, "act") and s.turn == 2
    assert "The Americans pass" in texts(s)


def test_a_turn_consists_of_one_or_more_actions_no_pass_before_the_first():
    """Interpretation: Pass is not offered before the side has acted in its turn."""
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)])
    assert not options(s, "Pass")
    assert engine.check(s, Pass(0)) is not None
    stand_fast(s)                                  # turning on the spot is a move: an action
    assert options(s, "Pass") and engine.check(s, Pass(0)) is None


def test_the_side_taking_the_initiative_must_act_before_it_may_pass():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], dice=[1, 4])
    engine.apply(s, Attack("a", "b"))               # fails: the Germans take the initiative
    assert who(s) == (1, "act") and not options(s, "Pass")
    with_dice(s, [1, 4])
    engine.apply(s, Attack("b", "a"))               # fails too: back to the Americans, who must act
    assert who(s) == (0, "act") and not options(s, "Pass")


def test_pass_is_offered_when_no_other_action_is_possible():
    """Interpretation: a side with nothing it may do (its one figure pinned with no dice left to
    rally) passes, so the game never stalls."""
    s = game([fig("a", 0, 10, 20, 0, markers=["pinned"]), fig("b", 1, 50, 20)], WOOD_BETWEEN,
             victory={"kind": "eliminate", "pinned_counts": False})
    assert [o.kind for o in options(s)] == ["Pass"]
    engine.apply(s, Pass(0))
    assert who(s) == (1, "act")


def test_a_move_not_stopped_by_op_fire_succeeds():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], WOOD_BETWEEN, dice=[])
    engine.apply(s, Move("a", 5, 5, 90))
    assert who(s) == (0, "act") and s.units["a"].pos == (5, 5)


def test_rally_success_keeps_the_initiative():
    s = game([fig("a", 0, 10, 20, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)],
             dice=[1, 1, 6])
    engine.apply(s, Rally("a"))
    assert "pinned" not in s.units["a"].markers and who(s) == (0, "act")


def test_rally_that_leaves_the_figure_pinned_is_a_failure():
    s = game([fig("a", 0, 10, 20, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)],
             dice=[1, 1, 1, 5, 1, 1])
    engine.apply(s, Rally("a"))
    assert "pinned" in s.units["a"].markers and not s.units["a"].out
    assert who(s) == (1, "act")


def test_rally_that_puts_the_figure_out_is_a_failure():
    s = game([fig("a", 0, 10, 20, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)],
             dice=[1, 1, 1, 4, 4, 4])
    engine.apply(s, Rally("a"))
    assert s.units["a"].out and who(s) == (1, "act")


def test_turn_counter_counts_initiative_changes_and_the_limit_ends_the_game():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], turn_limit=2)
    pass_turn(s)
    assert s.turn == 2 and engine.result(s) is None
    pass_turn(s)
    assert engine.result(s) is not None
    assert engine.legal_actions(s) == [] and engine.to_act(s) is None


def test_action_limit_ends_a_run_that_never_fails():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], WOOD_BETWEEN,
             ruleset_data={"action_limit": 3})
    for x in (5, 6, 7):
        engine.apply(s, Move("a", x, 5, 0))
    assert engine.result(s) is not None and "action limit (3)" in engine.result(s).reason


def test_eliminate_victory_when_every_enemy_is_pinned_or_out():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20), fig("c", 1, 50, 30, markers=["pinned"])],
             dice=[5, 1])
    engine.apply(s, Attack("a", "b"))
    r = engine.result(s)
    assert r.winner == 0 and r.reason == "the Germans are all pinned or out"
    assert "The game ends: won by Americans (the Germans are all pinned or out)" in texts(s)


def test_eliminate_without_pinned_counting_needs_everyone_out():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], dice=[5, 1],
             victory={"kind": "eliminate", "pinned_counts": False})
    engine.apply(s, Attack("a", "b"))
    assert engine.result(s) is None


def test_eliminate_at_the_limit_goes_to_the_side_with_more_fighting():
    s = game([fig("a", 0, 10, 20), fig("c", 0, 10, 30), fig("b", 1, 50, 20)], WOOD_BETWEEN, turn_limit=1)
    pass_turn(s)
    assert engine.result(s).winner == 0


HOLD = {"kind": "hold", "objective": "house", "side": 1}
OBJ = [{"id": "house", "name": "farmhouse", "x": 50, "y": 20, "radius": 5}]


def test_hold_objective_captured_wins_at_once():
    s = game([fig("a", 0, 44, 20), fig("b", 1, 55, 35)], victory=HOLD, objectives=OBJ)
    engine.apply(s, Move("a", 50, 21, 0))   # the defender sees it but we pass the OP fire below
    if who(s) == (1, "opportunity-fire"):
        engine.apply(s, Pass(1))
    r = engine.result(s)
    assert r.winner == 0 and "farmhouse is captured" in r.reason


def test_hold_objective_at_the_limit_goes_to_the_holder():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], WOOD_BETWEEN, victory=HOLD, objectives=OBJ,
             turn_limit=1)
    pass_turn(s)
    assert engine.result(s).winner == 1
    assert "still hold the farmhouse" in engine.result(s).reason


def test_an_objective_named_with_its_article_is_not_given_a_second_one():
    obj = [{**OBJ[0], "name": "the crossroads"}]
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], WOOD_BETWEEN, victory=HOLD, objectives=obj,
             turn_limit=1)
    pass_turn(s)
    reason = engine.result(s).reason
    assert reason.endswith("still hold the crossroads") and "the the" not in reason


def test_log_reads_in_the_rules_words():
    s = game([fig("a", 0, 10, 20), fig("b", 1, 50, 20)], dice=[5, 1, 1, 3, 6])
    engine.apply(s, Attack("a", "b"))
    assert "Pinned" in kinds(s) and "InitiativePassed" not in kinds(s)
