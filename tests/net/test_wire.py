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
            text, holds = referee.update(seat)
            assert str(state.seed) not in text
            rebuilt = wire.view_from_json(wire.loads(text, limit=1 << 30)["view"])
            host = engine.view(state, seat)
            assert comparable(rebuilt) == comparable(host)
            assert holds.lines == len(host.log)
            sent = wire.loads(text, limit=1 << 30)
            if sent["options"] is not None:
                mine = wire.options_from_json(sent["options"], sent["regions"], state.ruleset_id)
                assert mine == engine.legal_actions(state)
                assert len(sent["regions"]) == len({id(o.region) for o in mine if o.region is not None})
            # the log sent in pieces, and the view as a change, rebuild the same view as the whole
            if seat in guests:
                earlier_sent, earlier = guests[seat]
                if earlier_sent.key == referee.view_key(host) and earlier_sent.lines <= len(host.log):
                    piece, _ = referee.update(seat, earlier_sent)
                    again = wire.view_from_json(wire.loads(piece, limit=1 << 30)["view"], earlier)
                    assert comparable(again) == comparable(host)
            guests[seat] = (holds, rebuilt)
        if state.outcome is not None:
            break


def test_a_view_sent_as_a_change_after_every_action_rebuilds_the_hosts_view():
    """Action after action, as a server tells its guests: units as they were go by their id, the
    data and flow as they were are left out, and the guest still draws exactly the host's view."""
    state = engine.new_game(load_scenario("takipsilim-dusk-ambush"), seed=4242)
    referee = Referee(state, [], ["guest", "guest"], {})
    held = {seat: None for seat in (0, 1)}
    views = {seat: None for seat in (0, 1)}
    by_id = left_out = entries = 0
    for _ in range(30):
        for seat in (0, 1):
            text, held[seat] = referee.update(seat, held[seat])
            sent = wire.loads(text, limit=1 << 30)["view"]
            by_id += sum(isinstance(u, str) for u in sent["units"])
            left_out += len(sent.get("same", ()))
            entries += "data_change" in sent
            views[seat] = wire.view_from_json(sent, views[seat] if sent["log_from"] else None)
            assert comparable(views[seat]) == comparable(engine.view(state, seat))
        if state.outcome is not None:
            break
        simulate.run(state, ["random"], actions=[None] * state.action_count, stop_after=state.action_count + 1)
    assert by_id > 0 and left_out > 0 and entries > 0


def test_the_data_as_a_change_of_its_entries_rebuilds_it_in_its_order():
    """Entries changed, added and removed go alone; an entry removed and added again (so moved to
    the end) sends the data whole, so the guest's data is the host's, in the host's order."""
    state = engine.new_game(load_scenario("takipsilim-dusk-ambush"), seed=4242)
    earlier_doc = wire.view_json(engine.view(state, 0))
    earlier = wire.view_from_json(earlier_doc)
    state.log.append(state.log[-1])          # the change is of a view holding part of the log
    for change in ({"ammo": {"x": {"loaded": 1, "spares": []}}, "new": [1]}, {"surprise": False}):
        doc = wire.view_json(engine.view(state, 0), 1)
        doc["data"] = {**{k: v for k, v in earlier_doc["data"].items() if k != "hits"}, **change}
        out = wire.view_change(doc, earlier_doc)
        assert "data" not in out and out["data_change"]["gone"] == ["hits"]
        assert set(out["data_change"]["set"]) == set(change)
        rebuilt = wire.view_from_json(wire.loads(wire.dumps({"type": "state", "view": out}))["view"], earlier)
        assert list(rebuilt.data.items()) == list(doc["data"].items())
    moved = {k: v for k, v in earlier_doc["data"].items() if k != "ammo"} | {"ammo": {}}
    doc["data"] = moved
    out = wire.view_change(doc, earlier_doc)
    assert "data_change" not in out and out["data"] == moved


def test_a_change_for_a_guest_holding_no_view_is_refused_with_the_place():
    state = engine.new_game(load_scenario("takipsilim-dusk-ambush"), seed=4242)
    doc = wire.view_json(engine.view(state, 0))
    doc["units"][0] = doc["units"][0]["id"]
    with pytest.raises(wire.WireError, match="^view.same"):
        wire.view_from_json(doc)


def test_a_message_of_another_version_is_told_so_in_one_line():
    with pytest.raises(wire.WireError, match=f"you speak protocol version 1 and this side {wire.VERSION}"):
        wire.loads('{"v": 1, "type": "hello"}')


@pytest.mark.parametrize("text", ["", "[1]", "{", '{"v":3}', '{"v":3,"type":3}', '{"v":3,"type":"a","x":NaN}'])
def test_malformed_messages_are_refused_with_the_place(text):
    with pytest.raises(wire.WireError, match="^message"):
        wire.loads(text)


def test_an_oversized_message_is_refused_before_it_is_parsed():
    with pytest.raises(wire.WireError, match="over the limit"):
        wire.loads("x" * (wire.MAX_MESSAGE_BYTES + 1))
