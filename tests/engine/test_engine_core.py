"""The engine's model (design §3): actions as JSON, exact clones, stable hashes, options with
regions, rule options, illegal actions that change nothing, every roll logged with its odds."""
from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest
import shapely

from game.engine import game as engine
from game.engine.actions import ActionError, Pass, from_json
from game.engine.dice import scripted
from game.engine.flow import Flow, Phase
from game.engine.ruleset import Option, OptionSpec
from game.engine.state import state_hash
from tests.toys import Commit, Fire, Step, Try, register_toys, scenario, unregister_toys


@pytest.fixture(autouse=True)
def toys():
    register_toys()
    yield
    unregister_toys()


@dataclasses.dataclass(frozen=True)
class MoveTo:
    pass


def test_action_json_round_trip_keeps_tuples():
    a = Commit(1, ("advance", "hold"))
    data = json.loads(json.dumps(a.to_json()))
    assert data["type"] == "Commit"
    assert from_json(data, [Commit, Pass]) == a


@pytest.mark.parametrize("data,expected", [
    ([1], "expected an object"),
    ({"type": "Nope"}, "unknown action type"),
    ({"type": "Commit", "colour": 1}, "no field 'colour'"),
    ({"type": "Fire", "side": float("nan")}, "finite"),
])
def test_action_from_json_names_what_was_wrong(data, expected):
    with pytest.raises(ActionError, match=expected):
        from_json(data, [Commit, Fire, Pass])


def test_actions_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Try("a", True).actor = "b"  # type: ignore[misc]


def test_clone_is_exact_and_independent():
    s = engine.new_game(scenario("toy-initiative"), seed=9)
    c = s.clone()
    assert state_hash(c) == state_hash(s)
    c.units["a"].x += 1
    c.units["a"].markers.add("pinned")
    assert s.units["a"].x == 10 and "pinned" not in s.units["a"].markers
    assert state_hash(c) != state_hash(s)
    assert c.table is s.table and c.scenario is s.scenario


def test_hash_is_pinned_for_a_known_state():
    """Same state, same hash on any machine: pinned so a platform difference shows."""
    s = engine.new_game(scenario("toy-initiative"), seed=9)
    engine.apply(s, Try("a", False))
    assert state_hash(s) == "be2ca3918c88e83c"
    assert state_hash(engine.replay(scenario("toy-initiative"), 9, None, [Try("a", False)])) == state_hash(s)


def test_illegal_action_changes_nothing():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    before = (state_hash(s), len(s.log))
    assert engine.check(s, Try("x", True)) is not None          # Red's unit on Blue's decision
    with pytest.raises(engine.IllegalAction):
        engine.apply(s, Try("x", True))
    assert (state_hash(s), len(s.log)) == before


def test_option_region_at_and_contains():
    region = shapely.box(0, 0, 10, 10)

    @dataclasses.dataclass(frozen=True)
    class Move(Try):
        x: float = 0.0
        y: float = 0.0
        facing: float = 0.0

    opt = Option("Move", "Move A", region=region, template=Move("a", True))
    inside = opt.at(5, 5, 370)
    assert inside == Move("a", True, 5.0, 5.0, 10.0)
    assert opt.contains(inside)
    assert not opt.contains(opt.at(15, 5))
    assert not opt.contains(Move("b", True, 5, 5, 0))


def test_rule_options_default_scenario_then_player():
    class R(type(engine.registry.get("toy-initiative"))):
        options = (OptionSpec("facing", "Facing", "none", ("none", "90", "180")),
                   OptionSpec("grenades", "Grenades", False), OptionSpec("r1", "Blast", 5.0))
    r = R()
    assert r.resolve_options({"facing": "90"}, {"grenades": True}) == {"facing": "90", "grenades": True, "r1": 5.0}
    with pytest.raises(ValueError, match="one of"):
        r.resolve_options({"facing": "45"})
    with pytest.raises(ValueError, match="true or false"):
        r.resolve_options({"grenades": "yes"})
    with pytest.raises(ValueError, match="no option"):
        r.resolve_options({"colour": 1})


def test_every_roll_is_logged_with_its_odds():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    s.dice = scripted([5, 1])
    r = s.roll("hits(2d6,5)>=1", "attack", "A", odds_text="2 dice, 56%")
    assert r.success and r.odds == Fraction(5, 9)
    event = s.log[-1]
    assert event.kind == "Rolled" and event.data["faces"] == [[5, 1]]
    assert event.data["odds_text"] == "2 dice, 56%" and s.rolls[-1] is r


def test_log_lines_carry_turn_and_phase():
    s = engine.new_game(scenario("toy-commit"), seed=1)
    engine.apply(s, Commit(0, ("hold",)))
    engine.apply(s, Commit(1, ("hold",)))
    resolved = [e for e in s.log if e.kind == "Phase"]
    assert resolved[0].turn == 1 and resolved[0].phase == "movement"


def test_flow_rejects_bad_phase_declarations():
    with pytest.raises(ValueError, match="order"):
        Phase("x", order="whenever")
    with pytest.raises(ValueError, match="actors hook"):
        Phase("x", order="actors")
    with pytest.raises(ValueError, match="every"):
        Phase("x", every=2, offset=2)
    with pytest.raises(ValueError, match="at least one phase"):
        Flow(())


def test_interrupt_answered_then_run_resumes_with_same_side():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    engine.apply(s, Step("a"))
    engine.apply(s, Fire(1, False))                 # the opportunity fire misses
    d = engine.to_act(s)
    assert (d.side, d.kind) == (0, "act") and s.flow.initiative == 0


def test_view_hides_dice_future():
    s = engine.new_game(scenario("toy-initiative"), seed=77)
    v = engine.view(s, 1)
    assert v.dice.seed == 0 and v.seed == 0 and v.viewer == 1 and s.dice.seed not in (0, 77)


def test_hidden_rolls_are_left_out_of_the_other_sides_view():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    s.roll("d6", "secret", "A", hidden_from=(1,))
    s.roll("d6", "open", "A")
    assert [r.purpose for r in engine.view(s, 1).rolls] == ["open"]
    assert [r.purpose for r in engine.view(s, 0).rolls] == ["secret", "open"]
    s.emit("Secret", "A's hidden line", hidden_from=(1,))
    for shared in (False, True):        # the view the referee writes out, and the copied one
        one, zero = engine.view(s, 1, shared=shared), engine.view(s, 0, shared=shared)
        assert [r.purpose for r in one.rolls] == ["open"] and one.rolls_hidden_from == [()]
        assert [r.purpose for r in zero.rolls] == ["secret", "open"] and zero.rolls_hidden_from == [(1,), ()]
        assert "A's hidden line" not in [e.text for e in one.log] and zero.log == s.log


def test_unit_stats_are_not_shared_with_the_scenario():
    sc = scenario("toy-initiative")
    s = engine.new_game(sc, seed=1)
    s.units["a"].stats["rating"] = 99
    assert sc.units[0].stats["rating"] == 3


def test_hash_does_not_tell_45_from_45_point_0():
    s = engine.new_game(scenario("toy-initiative"), seed=1)
    c = s.clone()
    s.units["a"].facing = 45
    c.units["a"].facing = 45.0
    assert state_hash(s) == state_hash(c)


def test_players_cannot_rebuild_the_dice_from_what_they_are_given():
    """Design §4/§9: the dice come from a seed no player holds; a view carries no seed."""
    from game.ai.players import make_player
    from game.engine.dice import derived_seed
    s = engine.new_game(scenario("toy-initiative"), seed=12)
    player = make_player("random", 12, 0)
    assert s.dice.seed == derived_seed(12, "dice") != player.seed
    assert engine.view(s, 0).seed == 0 and engine.view(s, 0).dice.seed == 0
