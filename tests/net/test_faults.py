"""Issue 29, faults: bad input changes nothing and gets one error reply each; a guest that drops
comes back at its decision; a join code binds one seat."""
import asyncio
import json

import pytest

from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.engine.state import state_hash
from game.net import wire
from game.net.referee import GUEST, Referee, RefereeError
from game.net.server import host_referee
from tests.net.loopback import SEED, exchange, scenario_of, served
from tests.net.test_wire import comparable


def a_referee(tmp_path, name="takipsilim-dusk-ambush"):
    return Referee.new(scenario_of(name), SEED, None, [GUEST, GUEST], tmp_path / "game.json")


def bad_messages(referee, count, seed):
    """`count` bad messages, drawn from `seed`: malformed, oversized, of another seat or version,
    stale, illegal actions; each for the seat that sends it."""
    rng = PlayerRng(seed, "bad input")
    state = referee.state
    deciding = engine.to_act(state).seat
    legal = [o.action or o.template for o in engine.legal_actions(state)]
    legal_json = [wire.action_json(a, state.ruleset_id) for a in legal]
    theirs = sorted(u for u in state.units if state.units[u].side != deciding)
    for i in range(count):
        kind = i % 10
        good = rng.choice(legal_json)
        if kind == 0:
            text = "".join(chr(32 + rng.below(95)) for _ in range(rng.below(60)))
            yield deciding, text if not text.startswith("{") else "[" + text
        elif kind == 1:
            yield deciding, "{" * (1 + rng.below(5000))
        elif kind == 2:
            yield deciding, wire.dumps({"type": "act", "at": state.action_count, "action": good,
                                        "pad": "x" * (wire.MAX_MESSAGE_BYTES + rng.below(1000))})
        elif kind == 3:                    # the right action, sent by the other seat
            yield 1 - deciding, wire.dumps({"type": "act", "at": state.action_count, "action": good})
        elif kind == 4:                    # another version
            yield deciding, json.dumps({"v": wire.VERSION + 1 + rng.below(9), "type": "act", "action": good})
        elif kind == 5:                    # stale: a state the guest should not act on
            yield deciding, wire.dumps({"type": "act", "at": state.action_count - 1 - rng.below(5), "action": good})
        elif kind == 6:                    # an unknown type of action, or none
            yield deciding, wire.dumps({"type": "act", "at": state.action_count,
                                        "action": {"type": rng.choice(["Nuke", "", 3, None])}})
        elif kind == 7:                    # a field of the wrong kind, or one the action lacks
            field = rng.choice([k for k in good if k != "type"] or ["type"])
            yield deciding, wire.dumps({"type": "act", "at": state.action_count,
                                        "action": {**good, field: {"a": rng.below(9)}} if rng.below(2)
                                        else {**good, "extra_" + str(rng.below(99)): 1}})
        elif kind == 8:                    # an action for a unit of the other side, or none at all
            yield deciding, wire.dumps({"type": "act", "at": state.action_count,
                                        "action": {**good, "actor": rng.choice(theirs + ["nobody"])}}
                                       if "actor" in good else {"type": "hello", "code": "x"})
        else:                              # not an act at all
            yield deciding, wire.dumps({"type": rng.choice(["hello", "create", "state", "act!"])})


def test_five_thousand_bad_messages_change_nothing_and_each_get_one_error(tmp_path):
    referee = a_referee(tmp_path)
    before = (state_hash(referee.state), len(referee.actions), referee.save_path.read_bytes())
    refused = 0
    for seat, text in bad_messages(referee, 5000, seed=29):
        reply = referee.handle(seat, text)
        if reply is None:
            pytest.fail(f"a bad message was applied: {text[:200]}")
        assert "\n" not in reply and len(reply) < 400
        refused += 1
    assert refused == 5000
    assert (state_hash(referee.state), len(referee.actions), referee.save_path.read_bytes()) == before


def test_bad_messages_over_the_socket_get_one_error_reply_each(tmp_path):
    referee = a_referee(tmp_path)
    before = state_hash(referee.state)
    deciding = engine.to_act(referee.state).seat
    messages = [text for seat, text in bad_messages(referee, 300, seed=30) if seat == deciding
                and len(text) < 4 * wire.MAX_MESSAGE_BYTES]

    async def main():
        async with served(host_referee(referee)) as address:
            hello = {"type": "hello", "code": referee.codes[deciding]}
            replies = await exchange(address, hello, replies=2)          # welcome, state
            bad = await exchange(address, hello, *messages, replies=[2] + [1] * len(messages))
            wrong = await exchange(address, {"type": "hello", "code": "not-a-code"}, {"type": "hello", "code": 5})
            return replies, bad, wrong

    replies, bad, wrong = asyncio.run(main())
    assert [r["type"] for r in replies] == ["welcome", "state"]
    assert [r["type"] for r in bad[2:]] == ["error"] * len(messages)
    assert [r["type"] for r in wrong] == ["error", "error"]
    assert state_hash(referee.state) == before


def test_a_join_code_binds_its_seat_and_no_other(tmp_path):
    referee = a_referee(tmp_path)
    assert {referee.join(code) for code in referee.codes.values()} == {0, 1}
    for wrong in ("", referee.codes[0][:-1], referee.codes[0] + "x", "é", None, 7):
        with pytest.raises(RefereeError):
            referee.join(wrong)


def test_a_guest_that_drops_and_rejoins_is_back_at_its_decision(tmp_path):
    referee = a_referee(tmp_path)
    seat = engine.to_act(referee.state).seat

    async def main():
        async with served(host_referee(referee)) as address:
            hello = {"type": "hello", "code": referee.codes[seat]}
            first = await exchange(address, hello, replies=2)        # the connection then drops
            again = await exchange(address, hello, replies=2)
            return first[1], again[1]

    first, again = asyncio.run(main())
    assert first == again
    assert first["decision"]["seat"] == seat and first["options"]
    view = wire.view_from_json(again["view"])
    assert comparable(view) == comparable(engine.view(referee.state, seat))


def test_a_restarted_referee_takes_its_guests_back(tmp_path):
    referee = a_referee(tmp_path)
    seat = engine.to_act(referee.state).seat
    option = engine.legal_actions(referee.state)[0]
    action = option.action or option.template
    assert referee.handle(seat, wire.dumps({"type": "act", "at": 0, "action": wire.action_json(
        action, referee.state.ruleset_id)})) is None
    again = Referee.restart(referee.save_path)
    assert state_hash(again.state) == state_hash(referee.state)
    assert again.codes == referee.codes and again.seats == referee.seats


def test_a_server_resumes_its_games_and_names_one_it_cannot(tmp_path):
    from game.net.server import Tables
    tables = Tables(tmp_path, open_to_create=True)
    made = [tables.create({"type": "create", "scenario": "takipsilim-dusk-ambush", "seed": s,
                           "players": [GUEST, "easy"], "max_turns": 2})["game"] for s in (1, 2)]
    (tmp_path / made[1] / "game.json").write_text("{not json")
    again = Tables(tmp_path)
    assert again.resume_all() == 1
    assert state_hash(again.games[made[0]].state) == state_hash(tables.games[made[0]].state)
    [problem] = again.problems
    assert made[1] in problem and "\n" not in problem


def test_a_game_made_or_resumed_on_a_server_has_its_first_options_found_before_any_hello(tmp_path, monkeypatch):
    """The server finds a game's first options as it makes or resumes it (Tables.add): the first
    guest's welcome does not wait for the search, and they are the options a fresh search gives."""
    from game.engine import game as engine
    from game.net.server import Tables
    tables = Tables(tmp_path, open_to_create=True)
    made = tables.create({"type": "create", "scenario": "takipsilim-dusk-ambush", "seed": 3,
                          "players": [GUEST, GUEST], "max_turns": 2})["game"]
    again = Tables(tmp_path)
    assert again.resume_all() == 1
    searched = []
    monkeypatch.setattr(engine, "legal_actions", lambda state: searched.append(state) or [])
    for referee in (tables.games[made], again.games[made]):
        options = referee.legal()
        assert options and searched == []          # found already, not searched again at the hello
        monkeypatch.undo()
        assert options == engine.legal_actions(referee.state)
        monkeypatch.setattr(engine, "legal_actions", lambda state: searched.append(state) or [])


def test_a_resumed_game_whose_rules_fail_is_named_and_the_others_resume(tmp_path, monkeypatch):
    """The server finds each resumed game's first options (Tables.add): a save that loads but whose
    rules fail there is one line among the problems, not a server (or worker) that stops."""
    from game.engine import game as engine
    from game.net.server import Tables
    tables = Tables(tmp_path, open_to_create=True)
    made = [tables.create({"type": "create", "scenario": "takipsilim-dusk-ambush", "seed": s,
                           "players": [GUEST, "easy"], "max_turns": 2})["game"] for s in (1, 2)]
    plain = engine.legal_actions

    def failing(state):
        if state.seed == tables.games[made[1]].state.seed:
            raise KeyError("no-such-unit")
        return plain(state)
    monkeypatch.setattr(engine, "legal_actions", failing)
    again = Tables(tmp_path)
    assert again.resume_all() == 1 and list(again.games) == [made[0]]
    [problem] = again.problems
    assert made[1] in problem and "cannot be resumed" in problem and "KeyError" in problem and "\n" not in problem


def test_a_create_the_server_cannot_do_is_one_line(tmp_path):
    from game.net.server import Tables
    tables = Tables(tmp_path, open_to_create=True)
    for bad in ({"scenario": "no-such-scenario", "players": [GUEST, GUEST]},
                {"scenario": "takipsilim-dusk-ambush", "players": [GUEST]},
                {"scenario": "takipsilim-dusk-ambush", "players": [GUEST, "grandmaster"]},
                {"scenario": "takipsilim-dusk-ambush", "players": "guest"},
                {"scenario": "takipsilim-dusk-ambush", "players": [GUEST, GUEST], "seed": -1},
                {"scenario": "takipsilim-dusk-ambush", "players": [GUEST, GUEST], "max_turns": 0}):
        with pytest.raises(RefereeError, match="^create"):
            tables.create({"type": "create", **bad})
    assert tables.games == {}


def test_a_join_code_is_letters_and_digits_so_the_command_line_takes_it_whole():
    """`join ADDRESS --code CODE`: a code beginning with '-' was read by the command line as an option
    ("argument --code: expected one argument"), about one code in 64; 101 random bits, all different."""
    from game.net.referee import new_code
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(c) == 17 and c.isascii() and c.isalnum() for c in codes)
