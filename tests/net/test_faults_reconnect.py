"""Issue 29: "the clients reconnect on their own". `join` keeps trying while the host is gone, waiting
longer after each attempt and saying so in one line per attempt; it gives up with one line after
--retry-for seconds; a join code refused is final (one line, no retry)."""
import re
import signal
import time

from game import simulate
from game.engine import game as engine
from game.io.errors import FileProblem
from game.io.save_file import load_save
from tests.net.loopback import scenario_of
from tests.net.test_commands import game_command
from tests.net.test_server_restart import free_port

RETRY = re.compile(r"^(?P<address>\S+): (?P<why>.+); trying again in (?P<delay>[\d.]+) s \(attempt (?P<n>\d+)\)$")


def retries(stderr):
    """The retry lines of a join's stderr (every other line: not one)."""
    lines = stderr.splitlines()
    found = [RETRY.match(line) for line in lines]
    return [m for m in found if m], [line for line, m in zip(lines, found) if not m]


def test_join_with_no_host_tries_again_with_a_backoff_then_gives_up_in_one_line(tmp_path):
    address = f"127.0.0.1:{free_port()}"
    join = game_command("join", address, "--code", "x", "--ai", "easy", "--retry-for", "3", home=tmp_path)
    out, err = join.communicate(timeout=60)
    tried, others = retries(err)
    assert join.returncode == 2 and out == ""
    assert others == [f"error: {address}: gave up after 3 s: no host listens there (connection refused); "
                      f"join again when the host is back"]
    assert [int(m["n"]) for m in tried] == list(range(1, len(tried) + 1)) and 3 <= len(tried) <= 6
    delays = [float(m["delay"]) for m in tried]
    assert delays[:3] == [0.25, 0.5, 1.0] and sum(delays) <= 3.01       # doubling, never past the time given
    assert {m["why"] for m in tried} == {"no host listens there (connection refused)"}


def actions_saved(path):
    try:
        return len(load_save(path).actions)
    except (FileProblem, OSError):
        return 0


def start_host(args, home, guests=1):
    """A `host` process and what it told, up to its last guest's join command."""
    host = game_command("host", *args, home=home)
    told = []
    while sum(line.startswith("  python -m game join") for line in told) < guests:
        told.append(host.stdout.readline())
        assert told[-1], host.stderr.read()
    return host, told


def test_join_waits_for_a_host_not_yet_there_and_comes_back_after_the_host_was_killed(tmp_path):
    """The guest starts first; the host starts a moment later; mid-game the host is killed (kill -9)
    and started again on its save: the guest, on its own, ends the game as `simulate` ends it. A
    wrong code meanwhile is refused at once, in one line."""
    name, seed, port = "riskbreaker-bridge-duel", 11, str(free_port())
    address, save = f"127.0.0.1:{port}", tmp_path / "hosted.json"
    first, told = start_host([name, "--bind", "127.0.0.1", "--port", port, "--seed", str(seed), "--seat", "0",
                              "--players", "easy", "--save", str(save)], tmp_path)
    code = told[-2].split(": ")[-1].strip()
    first.send_signal(signal.SIGKILL)                  # gone before the guest comes: it must wait for it
    first.communicate()
    guest = game_command("join", address, "--code", code, "--ai", "easy", "--retry-for", "60", home=tmp_path)
    first_try = guest.stderr.readline()                # it found no host, and waits
    hosts = [start_host([str(save), "--bind", "127.0.0.1", "--port", port], tmp_path)[0]]
    try:
        deadline = time.monotonic() + 120
        while actions_saved(save) < 20:
            assert time.monotonic() < deadline and guest.poll() is None, guest.stderr.read()
            time.sleep(0.02)
        hosts[0].send_signal(signal.SIGKILL)
        hosts[0].communicate()
        wrong = game_command("join", address, "--code", code + "x", "--ai", "easy", home=tmp_path)
        time.sleep(1.0)
        hosts.append(start_host([str(save), "--bind", "127.0.0.1", "--port", port], tmp_path)[0])
        assert wrong.wait(60) == 2
        wrong_err = wrong.stderr.read()
        out, err = guest.communicate(timeout=300)
        host_out = hosts[-1].communicate(timeout=60)[0]
    finally:
        for proc in [guest, *hosts]:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    # the host's game: side 1's easy AI musters its force from the seed, the guest's side keeps the
    # scenario's (as `simulate` with a person on side 0), then both sides play as easy
    scenario = simulate.with_built_forces(scenario_of(name), ["human", "easy"], seed)
    expected = simulate.run(engine.new_game(scenario, seed), ["easy", "easy"]).state
    assert host_out.strip().splitlines()[-1] == simulate.summary_line(expected)
    assert guest.returncode == 0 and out.startswith(f"winner={expected.outcome.winner} turns="), err
    tried, others = retries(first_try + err)
    assert others == []
    whys = [m["why"] for m in tried]
    assert whys[0] == "no host listens there (connection refused)"        # before the host came
    assert "the connection was lost" in whys                              # when it was killed
    assert 2 <= len(tried) <= 20
    retried, final = retries(wrong_err)
    # (it may have started while the host was away: a host gone is tried again, a code refused is not)
    assert len(final) == 1 and re.fullmatch(f"error: {address}: hello.code: no seat .* has that join code",
                                            final[0]), wrong_err
    assert {m["why"] for m in retried} <= {"no host listens there (connection refused)"}



def test_a_guest_away_when_the_game_ends_comes_back_to_a_host_still_there(tmp_path):
    """One side's guest leaves after its last decision; the other's ends the game; the first comes
    back a second after that: the host (which closed half a second after the end before) waited for it."""
    import asyncio
    import websockets
    from game.net import client
    from game.net.guest import Guest
    name, seed, port = "takipsilim-dusk-ambush", 5, str(free_port())
    expected = simulate.run(engine.new_game(scenario_of(name), seed), ["easy", "easy"])
    state, deciders = engine.new_game(scenario_of(name), seed), []
    for action in expected.actions:
        deciders.append(engine.to_act(state).seat)
        engine.apply(state, action)
    stays = deciders[-1]                           # who decides last; the other side goes away before
    away = 1 - stays
    last = max(n for n, seat in enumerate(deciders) if seat == away)
    host, told = start_host([name, "--bind", "127.0.0.1", "--port", port, "--seed", str(seed)], tmp_path, guests=2)
    codes = {int(line.split()[4]): line.split(": ")[-1].strip() for line in told if line.startswith("join code")}
    address, said = f"127.0.0.1:{port}", []

    async def away_at_the_end(staying):
        guest, answered = Guest(codes[away], "easy"), set()
        async with websockets.connect(f"ws://{address}", max_size=1 << 30) as ws:
            await ws.send(guest.hello())
            async for text in ws:
                guest.receive(text)
                if guest.my_turn and guest.at not in answered:
                    answered.add(guest.at)
                    await ws.send(guest.answer())
                    if guest.at == last:
                        break                      # gone before the end
        await staying                              # the game ends meanwhile ...
        await asyncio.sleep(1.0)                   # ... and the guest comes back a second later
        return await client.play(address, codes[away], "easy", reconnect_for=5, say=said.append)

    async def main():
        staying = asyncio.create_task(client.play(address, codes[stays], "easy"))
        return await asyncio.gather(staying, away_at_the_end(staying))
    try:
        guests = asyncio.run(main())
        host_out = host.communicate(timeout=60)[0]
    finally:
        host.kill()
        host.wait()
    assert host_out.strip().splitlines()[-1] == simulate.summary_line(expected.state)
    assert [g.view.outcome.winner for g in guests] == [expected.state.outcome.winner] * 2
    assert said == []


def test_a_join_short_of_time_gives_up_rather_than_retrying_in_a_flood(monkeypatch):
    """A wait that ends a little early leaves a sliver of time: once less than a tenth of a second is
    left, the guest gives up in one line; it never waits 0 s again and again (21 attempts in 3 s)."""
    import asyncio

    import pytest

    from game.net import client
    clock = [0.0]

    async def refused(*_a, **_k):
        clock[0] += 0.0005                               # refused at once
        raise ConnectionRefusedError("connection refused")

    async def wait(seconds):
        clock[0] += seconds * 0.99                       # the loop's timers may wake a little early
    monkeypatch.setattr(client, "connect", refused)
    monkeypatch.setattr(client.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(client.asyncio, "sleep", wait)
    said = []
    with pytest.raises(client.HostGone):
        asyncio.run(client.play("127.0.0.1:1", "x", "easy", reconnect_for=3, say=said.append))
    delays = [float(RETRY.match(line)["delay"]) for line in said]
    assert delays and min(delays) >= client.LAST_TRY and len(said) <= 4, said
