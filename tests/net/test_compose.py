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
