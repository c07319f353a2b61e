"""The engine's shared mechanisms of issue 11: a turn order of many sides by rank of their dice,
resume hooks, declared steps, hooks checked at registration, group actors, atomic apply, boards."""
from __future__ import annotations

import dataclasses

import pytest

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.boards import TableRules
from game.engine.dice import scripted
from game.engine.flow import Decision, Flow, Phase
from game.engine.registry import register, unregister
from game.engine.ruleset import Option, Ruleset
from game.engine.scenario import Scenario
from game.engine.state import BoardError, Result, state_hash


@dataclasses.dataclass(frozen=True)
class Go(Action):
    side: int = 0


def _rank_by_dice(state):
    """The campaign's turn order: every side rolls a d6, ties re-roll, the highest goes first."""
    rolls = {s: 0 for s in range(state.sides)}
    tied = list(rolls)
    while tied:
        for s in tied:
            rolls[s] = state.roll("d6", "turn order", state.scenario.sides[s].name).total
        values = [rolls[s] for s in range(state.sides)]
        tied = [s for s in range(state.sides) if values.count(rolls[s]) > 1]
    engine.set_order(state, sorted(rolls, key=lambda s: -rolls[s]))


def _count_step(state, phase):
    """A step that asks once for each side still to confirm, one interrupt at a time."""
    todo = [s for s in state.flow.order if s not in state.data["confirmed"]]
    if todo:
        engine.push_interrupt(state, Decision(todo[0], "confirm", "confirm the count",
                                              resume="counted", context={"who": todo[0]}))


def _counted(state, decision):
    state.data["confirmed"].append(decision.context["who"])
    state.emit("Counted", f"side {decision.context['who']} confirmed")


def _closing_step(state, phase):
    state.emit("Closed", "the count is closed")


class RankToy(Ruleset):
    id = "toy-ranks"
    actions = (Go, Pass)
    resumes = {"counted": _counted}
    flow = Flow((Phase("march", order="each-run"),
                 Phase("count", order="auto", steps=(_count_step, _closing_step))),
                turn_begin=_rank_by_dice)

    def setup(self, state):
        state.data["confirmed"] = []

    def legal_actions(self, state, decision):
        return [Option("Go", "Go", Go(decision.side), actor=("a", "b")), Option("Pass", "Pass", Pass(decision.side))]

    def apply(self, state, action, decision):
        state.emit("Went", f"side {decision.side} goes")
        if decision.kind != "confirm":
            engine.end_run(state)

    def result_at_limit(self, state):
        return Result(None, "limit")


def four_sides(turn_limit=2) -> Scenario:
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "ranks", "ruleset": "toy-ranks",
        "table": {"width": 10, "height": 10},
        "sides": [{"name": n} for n in ("North", "East", "South", "West")],
        "units": [], "victory": {"kind": "toy"}, "turn_limit": turn_limit})


@pytest.fixture(autouse=True)
def rank_toy():
    register(RankToy())
    yield
    unregister("toy-ranks")


def test_turn_order_is_the_rank_of_the_sides_dice_with_ties_rerolled():
    # North 3, East 5, South 5, West 1: East and South tie and re-roll 2 and 6
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6]))
    assert s.flow.order == [2, 0, 1, 3] and s.flow.initiative == 2
    sides = []
    while s.flow.phase_name == "march":
        d = engine.to_act(s)
        sides.append(d.side)
        engine.apply(s, Pass(d.side))
    assert sides == [2, 0, 1, 3]


def test_a_step_asking_for_decisions_runs_again_until_it_asks_nothing_then_the_next_step_runs():
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6, 1, 2, 3, 4]))
    for side in (2, 0, 1, 3):
        engine.apply(s, Pass(side))
    answered = []
    while s.turn == 1:
        d = engine.to_act(s)
        assert d.kind == "confirm" and s.flow.phase_name == "count"
        answered.append(d.side)
        engine.apply(s, Go(d.side))
    assert answered == [2, 0, 1, 3]
    texts = [e.text for e in s.log]
    # the resume hook runs after each answer; the closing step only once every side confirmed
    assert texts.index("side 3 confirmed") < texts.index("the count is closed")
    assert texts.count("the count is closed") == 1


def test_hooks_are_functions_checked_when_the_ruleset_registers():
    class Typo(Ruleset):
        id = "toy-typo"
        flow = Flow((Phase("a", order="auto", begin="resolve"),))
    with pytest.raises(TypeError, match="must be a function"):
        register(Typo())

    class BadResume(Ruleset):
        id = "toy-bad-resume"
        flow = Flow((Phase("a", order="run"),))
        resumes = {"later": "not a function"}
    with pytest.raises(TypeError, match="resume hook 'later'"):
        register(BadResume())


def test_an_interrupt_naming_an_unknown_resume_hook_is_refused_at_once():
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6]))
    with pytest.raises(engine.FlowError, match="no resume hook"):
        engine.push_interrupt(s, Decision(0, "confirm", resume="nowhere"))


def test_one_option_may_name_a_group_of_actors():
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6]))
    go = next(o for o in engine.legal_actions(s) if o.kind == "Go")
    assert go.actor == ("a", "b") and go.the_actor is None
    assert Option("Go", "Go", Go(0), actor="a").actor == ("a",)


def test_an_option_is_a_frozen_dataclass_whose_fields_are_written_at_once():
    """Option writes its fields in one step (its own __init__): still equal, hashed, replaced,
    shown and frozen as a dataclass, its actor one id or a group (a list becomes a tuple)."""
    one = Option("Go", "Go", Go(0), actor="a", odds_text="1/2", key="k")
    assert one == Option(kind="Go", label="Go", action=Go(0), actor=("a",), odds_text="1/2", key="k")
    assert hash(one) == hash(Option("Go", "Go", Go(0), actor=["a"], odds_text="1/2", key="k"))
    assert Option("Go", "Go", actor=None).actor == () and Option("Go", "Go", actor=["a", "b"]).actor == ("a", "b")
    assert dataclasses.replace(one, label="Stay") == Option("Go", "Stay", Go(0), actor="a", odds_text="1/2", key="k")
    assert [f.name for f in dataclasses.fields(one)] == ["kind", "label", "action", "region", "template", "actor",
                                                         "target", "odds", "odds_text", "key"]
    assert repr(one).startswith("Option(kind='Go', label='Go', action=")
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.label = "Stay"          # type: ignore[misc]


def test_apply_is_atomic_when_the_ruleset_fails_mid_resolution():
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6, 4, 4]))
    before, log_length = state_hash(s), len(s.log)
    rs = engine.ruleset_of(s)

    def half_then_fail(state, action, decision):
        state.data["confirmed"].append(99)
        state.roll("d6", "a roll before the bug")
        raise RuntimeError("bug")

    rs.apply = half_then_fail
    with pytest.raises(RuntimeError):
        engine.apply(s, Pass(2))
    del rs.apply
    assert state_hash(s) == before and len(s.log) == log_length and s.data["confirmed"] == []
    engine.apply(s, Pass(2))                      # and the game goes on from where it was


def test_a_table_game_has_a_table_board_and_table_tools_come_from_the_mixin():
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6]))
    assert s.board.kind == "table" and s.table is s.board
    assert not hasattr(Ruleset, "field_of_vision") and hasattr(TableRules, "field_of_vision")


def test_a_scenario_without_a_board_is_refused_not_given_an_invented_table():
    with pytest.raises(ValueError, match="needs a table"):
        Scenario.from_dict({"name": "x", "ruleset": "toy-ranks", "sides": [{"name": "A"}]})


def test_the_table_is_no_question_for_a_hex_map_game():
    s = engine.new_game(four_sides(), seed=1, dice=scripted([3, 5, 5, 1, 2, 6]))
    s.board = type("FakeHexMap", (), {"kind": "hexmap"})()
    with pytest.raises(BoardError, match="not a table"):
        s.table
