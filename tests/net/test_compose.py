"""The referee writes each seat's state message as text, from pieces written once per action and
shared by the seats (game/net/compose.py). It must say exactly what the message as a dict says
(wire.view_json, then wire.view_change against the view the seat was last sent), after every
action of a whole game of every ruleset, for both seats, and the guest must rebuild the host's view."""
import json

import pytest

from game import simulate
from game.engine import game as engine
from game.engine.state import state_hash
from game.net import compose, wire
from game.net.referee import GUEST, Referee
from tests.net.loopback import LEVELS, SEED, scenario_of
from tests.net.test_play import GAMES
from tests.net.test_wire import comparable


def as_dict(referee, seat, held):
    """The view as the dict path writes it, and what the seat then holds (key, lines, whole view)."""
    view = engine.view(referee.state, seat)
    key = referee.view_key(view)
    same_game = held is not None and held[0] == key and held[1] <= len(view.log)
    whole = wire.view_json(view, held[1] if same_game else 0)
    return wire.view_change(whole, held[2] if same_game else None), (key, len(view.log), whole)


@pytest.mark.parametrize("name,max_turns", GAMES)
def test_the_composed_message_is_the_dict_paths_after_every_action_and_rebuilds_the_view(name, max_turns):
    state = engine.new_game(scenario_of(name, max_turns), SEED)
    referee = Referee(state, [], [GUEST] * state.sides, {})
    sent = {seat: None for seat in range(state.sides)}
    held = {seat: None for seat in range(state.sides)}
    rebuilt = {seat: None for seat in range(state.sides)}
    changes = []

    def compare(state, action):
        for seat in range(state.sides):
            before = state_hash(state)
            text, sent[seat] = referee.update(seat, sent[seat])
            assert state_hash(state) == before, "writing a view changed the game"
            message = wire.loads(text, limit=1 << 30)
            expected, held[seat] = as_dict(referee, seat, held[seat])
            assert message["view"] == json.loads(compose.dumps(expected)), f"action {state.action_count}, seat {seat}"
            view = message["view"]
            rebuilt[seat] = wire.view_from_json(view, rebuilt[seat] if view["log_from"] else None)
            assert comparable(rebuilt[seat]) == comparable(engine.view(state, seat))
            changes.append(bool(view["log_from"]) and any(isinstance(u, str) for u in view["units"]))
            if message["options"] is not None:      # the seat's own decision: its options, as the dict path
                options, regions = wire.options_json(referee.legal(), state.ruleset_id)
                assert compose.options_text(referee.legal(), state.ruleset_id) == (
                    compose.dumps(options), compose.dumps(regions)), f"action {state.action_count}, seat {seat}"
                assert [message["options"], message["regions"]] == json.loads(compose.dumps([options, regions]))

    sim = simulate.run(state, LEVELS, on_action=compare)
    assert sim.state.outcome is not None and any(changes)


def test_a_text_is_written_once_for_both_seats_and_forgotten_at_the_next_action():
    state = engine.new_game(scenario_of("takipsilim-dusk-ambush"), SEED)
    texts = compose.Texts().at(state.action_count)
    written = []
    unit = next(iter(state.units.values()))

    def as_json(u):
        written.append(u.id)
        return wire.unit_json(u)

    first = texts.of(unit, as_json)
    assert texts.of(unit, as_json) == first and written == [unit.id]
    unit.x += 1.0                               # an action moved it
    texts.at(state.action_count + 1)
    assert texts.of(unit, as_json) != first and written == [unit.id, unit.id]


def written(options, ruleset_id="takipsilim"):
    docs, regions = wire.options_json(options, ruleset_id)
    return compose.dumps(docs), compose.dumps(regions)


def test_an_options_text_is_kept_by_its_value_and_type_never_for_an_equal_value_written_otherwise():
    from fractions import Fraction

    import shapely

    from game.engine.ruleset import Option
    from game.rulesets.takipsilim.actions import Order
    region = shapely.box(0, 0, 4, 4)
    kinds = [Option("Order", "Run", region=region, template=Order("b-1", "run", "", "", True, 0.0, 2.0), actor="b-1"),
             Option("Order", "Run", region=region, template=Order("b-1", "run", "", "", True, -0.0, 2.0), actor="b-1"),
             Option("Order", "Run", region=region, template=Order("b-1", "run", "", "", True, 0, 2.0), actor="b-1"),
             Option("Order", "Run", region=region, template=Order("b-1", "run", "", "", 1, 0.0, 2.0), actor="b-1"),
             Option("Order", "Shoot", action=Order("b-1", "shoot", "t-ela", "single", False, 1.0, 2.0),
                    odds=Fraction(1, 2), odds_text="50%", actor="b-1", target="t-ela"),
             Option("Order", "Shoot", action=Order("b-1", "shoot", "t-ela", "single", False, 1.0, 2.0),
                    odds=Fraction(2, 4), odds_text="50%", actor="b-1", target="t-ela"),
             Option("Order", "Shoot", action=Order("b-1", "shoot", "t-ela", "single", False, 1.0, 2.0),
                    odds=Fraction(1, 3), odds_text="50%", actor="b-1", target="t-ela")]
    for _ in range(2):                          # written, then kept: the same each time
        for one in kinds:
            assert compose.options_text([one], "takipsilim") == written([one])
        assert compose.options_text(kinds, "takipsilim") == written(kinds)
    assert len({compose.options_text([one], "takipsilim")[0] for one in kinds}) == 6   # 1/2 and 2/4 alike
    moved = shapely.box(1, 1, 5, 5)             # another region: its own text, its own index
    again = Option("Order", "Run", region=moved, template=kinds[0].template, actor="b-1")
    assert compose.options_text([kinds[4], again, kinds[0]], "takipsilim") == written([kinds[4], again, kinds[0]])


def test_the_kept_options_texts_are_bounded():
    from game.engine.ruleset import Option
    from game.rulesets.takipsilim.actions import Order
    many = [Option("Order", f"Wait {i}", action=Order("b-1", "wait", "", "", False, float(i), 0.0), actor="b-1")
            for i in range(compose.OPTIONS_KEPT + 10)]
    assert compose.options_text(many, "takipsilim") == written(many)
    assert 0 < len(compose._option_texts) <= compose.OPTIONS_KEPT


def test_a_unit_is_sent_by_id_exactly_when_its_json_is_as_kept():
    state = engine.new_game(scenario_of("takipsilim-dusk-ambush"), SEED)
    referee = Referee(state, [], [GUEST] * state.sides, {})
    _, sent = referee.update(0)
    unit = next(iter(state.units.values()))

    def units_now():
        state.action_count += 1                 # (as an action would: the texts of the last are forgotten)
        nonlocal sent
        text, sent = referee.update(0, sent)
        return wire.loads(text, limit=1 << 30)["view"]["units"]

    assert unit.id in units_now()               # as it was
    unit.markers.add("pinned")
    assert [u["markers"] for u in units_now() if isinstance(u, dict) and u["id"] == unit.id] == [["pinned"]]
    assert unit.id in units_now()
    unit.x = 0.0                                # moved
    assert unit.id not in units_now()
    unit.x = -0.0                               # equal, as the dict path compares: by id
    assert unit.id in units_now()
    unit.hex = [1, 2]
    assert unit.id not in units_now()
    unit.hex = (1, 2)                           # the same JSON: by id, as wire.view_change sends it
    assert unit.id in units_now()
    unit.out = True                             # killed
    assert unit.id not in units_now()
