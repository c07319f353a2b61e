"""The wire format: a guest's rebuilt view is the host's view, less the seed and the dice position."""
import json

import pytest

from game.engine import game as engine
from game.engine.state import _canonical
from game.io.scenario_file import bundled_scenarios, load_scenario
from game.net import wire
from game.net.referee import Referee
from game import simulate


def comparable(view):
    """Everything a view holds but the dice stream (which the wire never carries)."""
    doc = view.to_json()
    del doc["dice"]
    doc["viewer"] = view.viewer
    doc["log"] = [e.to_json() for e in view.log]
    doc["rolls"] = [r.to_json() for r in view.rolls]
    doc["rolls_hidden_from"] = [list(h) for h in view.rolls_hidden_from]
    doc["scenario_raw"] = view.scenario.raw
    return json.dumps(_canonical(doc), sort_keys=True)


SCENARIOS = [name for name, _, _ in bundled_scenarios()]


@pytest.mark.parametrize("name", SCENARIOS)
def test_a_guest_rebuilds_the_hosts_view_at_several_moments(name):
    """Every bundled scenario (so every ruleset), views of both sides at several moments of a seeded game."""
    state = engine.new_game(load_scenario(name), seed=987654321987)
    guests = {}
    for stop in (0, 7, 25, 60):
        simulate.run(state, ["random"], actions=[None] * state.action_count, stop_after=stop)
        for seat in range(state.sides):
            referee = Referee(state, [], ["guest"] * state.sides, {})
            message, (_, held) = referee.update(seat)
            text = wire.dumps(message)
            assert str(state.seed) not in text
            rebuilt = wire.view_from_json(wire.loads(text, limit=1 << 30)["view"])
            host = engine.view(state, seat)
            assert comparable(rebuilt) == comparable(host)
            assert held == len(host.log)
            sent = wire.loads(text, limit=1 << 30)
            if sent["options"] is not None:
                mine = wire.options_from_json(sent["options"], sent["regions"], state.ruleset_id)
                assert mine == engine.legal_actions(state)
                assert len(sent["regions"]) == len({id(o.region) for o in mine if o.region is not None})
            # the log sent in pieces rebuilds the same view as the log sent whole
            if seat in guests:
                key, count, earlier = guests[seat]
                if key == referee.view_key(host) and count <= len(host.log):
                    piece, _ = referee.update(seat, (key, count))
                    again = wire.view_from_json(wire.loads(wire.dumps(piece), limit=1 << 30)["view"], earlier)
                    assert comparable(again) == comparable(host)
            guests[seat] = (referee.view_key(host), len(host.log), rebuilt)
        if state.outcome is not None:
            break


def test_a_message_of_another_version_is_told_so_in_one_line():
    with pytest.raises(wire.WireError, match="you speak protocol version 1 and this side 2"):
        wire.loads('{"v": 1, "type": "hello"}')


@pytest.mark.parametrize("text", ["", "[1]", "{", '{"v":2}', '{"v":2,"type":3}', '{"v":2,"type":"a","x":NaN}'])
def test_malformed_messages_are_refused_with_the_place(text):
    with pytest.raises(wire.WireError, match="^message"):
        wire.loads(text)


def test_an_oversized_message_is_refused_before_it_is_parsed():
    with pytest.raises(wire.WireError, match="over the limit"):
        wire.loads("x" * (wire.MAX_MESSAGE_BYTES + 1))
