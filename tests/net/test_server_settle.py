"""Issue 29, durability: the server tells no seat of an action before the action's sync has returned,
and a sync that fails is said in the states it then sends."""
import asyncio
import json
import threading

import websockets

from game.engine import game as engine
from game.net import client, wire
from game.net.referee import GUEST, Referee
from game.net.server import host_referee
from tests.net.loopback import SEED, scenario_of, served


def a_referee(tmp_path):
    return Referee.new(scenario_of("takipsilim-dusk-ambush"), SEED, None, [GUEST, GUEST], tmp_path / "game.json")


def first_action(referee):
    state = referee.state
    option = engine.legal_actions(state)[0]
    return engine.to_act(state).seat, wire.dumps(
        {"type": "act", "at": state.action_count, "action": wire.action_json(option.action or option.template,
                                                                            state.ruleset_id)})


async def seated(address, code):
    ws = await websockets.connect(client.url(address), max_size=1 << 30)
    await ws.send(wire.dumps({"type": "hello", "code": code}))
    for _ in range(2):                          # welcome, state
        await asyncio.wait_for(ws.recv(), 30)
    return ws


def told_of(referee, deciding, act):
    """Both seats seated on a host of `referee`, the deciding one sends `act`: the state each is sent next."""
    async def main():
        async with served(host_referee(referee)) as address:
            seats = [await seated(address, referee.codes[s]) for s in (0, 1)]
            await seats[deciding].send(act)
            got = [json.loads(await asyncio.wait_for(ws.recv(), 30)) for ws in seats]
            for ws in seats:
                await ws.close()
            return got
    return asyncio.run(main())


def held_back(referee, step):
    """The referee's `step` ("settle" or "compact") held back until the event returned is set; the
    list returned gets the action count at which each one ran."""
    done, release, plain = [], threading.Event(), getattr(referee, step)

    def held():
        release.wait(30)
        plain()
        done.append(referee.state.action_count)
    setattr(referee, step, held)
    return release, done


def test_no_seat_is_told_of_an_action_before_its_sync_returns(tmp_path):
    referee = a_referee(tmp_path)
    release, synced = held_back(referee, "settle")
    deciding, act = first_action(referee)
    count = referee.state.action_count

    async def main():
        async with served(host_referee(referee)) as address:
            seats = [await seated(address, referee.codes[s]) for s in (0, 1)]
            await seats[deciding].send(act)
            early = []
            for ws in seats:                # nothing arrives while the sync waits
                try:
                    early.append(await asyncio.wait_for(ws.recv(), 0.5))
                except asyncio.TimeoutError:
                    pass
            release.set()
            late = [json.loads(await asyncio.wait_for(ws.recv(), 30)) for ws in seats]
            for ws in seats:
                await ws.close()
            return early, late
    early, late = asyncio.run(main())
    assert early == []
    assert synced == [count + 1]
    assert [m["at"] for m in late] == [count + 1, count + 1]
    assert all(m["type"] == "state" and m["problem"] is None for m in late)


def test_a_sync_that_fails_is_said_in_the_states_composed_before_it(tmp_path):
    referee = a_referee(tmp_path)

    def failing_settle():
        raise OSError(28, "No space left on device")
    deciding, act = first_action(referee)
    referee.settle = failing_settle

    got = told_of(referee, deciding, act)
    assert [m["type"] for m in got] == ["state", "state"]
    assert all(m["problem"].startswith("the server could not save the game") and "No space left" in m["problem"]
               for m in got)


def test_the_save_written_whole_waits_until_the_seats_were_told_and_the_journal_holds_the_action_meanwhile(
        tmp_path, monkeypatch):
    """Every COMPACT_EVERY actions and at the game's end the save is written whole (its hash, three
    syncs): a server does it once the seats were told, the journal's sync having made the action
    durable before that. Here every action is due (COMPACT_EVERY 1) and the whole save is held back."""
    from game.io.journal import journal_path
    from game.io.save_file import load_save
    from game.net import referee as referee_module
    monkeypatch.setattr(referee_module, "COMPACT_EVERY", 1)
    referee = a_referee(tmp_path)
    release, compacted = held_back(referee, "compact")
    deciding, act = first_action(referee)
    count = referee.state.action_count

    async def main():
        async with served(host_referee(referee)) as address:
            seats = [await seated(address, referee.codes[s]) for s in (0, 1)]
            await seats[deciding].send(act)
            told = [json.loads(await asyncio.wait_for(ws.recv(), 30)) for ws in seats]
            durable = load_save(referee.save_path)          # while the whole save waits
            release.set()
            while not compacted:
                await asyncio.sleep(0.05)
            for ws in seats:
                await ws.close()
            return told, durable
    told, durable = asyncio.run(main())
    assert [m["at"] for m in told] == [count + 1, count + 1] and compacted == [count + 1]
    assert durable.journal is not None and len(durable.actions) == count + 1
    assert len(journal_path(referee.save_path).read_text(encoding="ascii").splitlines()) == 1   # whole now
    assert len(load_save(referee.save_path).actions) == count + 1


def test_an_action_with_no_whole_save_due_hands_no_whole_save_to_the_settling_threads(tmp_path, monkeypatch):
    """Between two whole saves (COMPACT_EVERY actions apart, and at the game's end) the journal alone
    holds the action: the server neither writes the save whole nor hands that step to a thread."""
    from game.net import server
    referee = a_referee(tmp_path)
    compacted, handed = [], []
    plain_compact, plain_run = referee.compact, server.SETTLING.run
    referee.compact = lambda: (compacted.append(referee.state.action_count), plain_compact())

    async def counted_run(work):
        handed.append(work)
        await plain_run(work)
    monkeypatch.setattr(server.SETTLING, "run", counted_run)
    deciding, act = first_action(referee)
    count = referee.state.action_count

    told = told_of(referee, deciding, act)
    assert [m["at"] for m in told] == [count + 1, count + 1]
    assert compacted == [] and not referee.compact_due
    assert handed == [referee.settle]               # the journal's sync only
