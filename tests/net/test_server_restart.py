"""Issue 29: "the server killed 20 times mid-game and restarted: every game ends with the uninterrupted
hash, nothing lost" - a club server (a process of its own) holding three games at once is killed with
kill -9 twenty times, at moments drawn from a seeded stream (between two actions, in the middle of one,
while it resumes its games, just after a game's end); each time it is started again on the same data
folder, and the guests (game/net/client.py) reconnect on their own."""
import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from game import simulate
from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.io.save_file import resume
import pytest
import websockets

from game.net import client
from game.net.referee import GUEST, load_game
from tests.net.loopback import LEVELS, SEED, exchange, scenario_of

ROOT = Path(__file__).resolve().parents[2]
KILLS = 20
GAMES = [("takipsilim-dusk-ambush", 3, SEED), ("takipsilim-dusk-ambush", 3, SEED + 1),
         ("risus-hidden-ambush", 3, SEED)]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port, data, servers, workers=1):
    """A server on `port` (its games spread over `workers` processes), added to `servers` at once (so
    that whatever happens it is killed at the end); returns its first line, said once the port is open."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    servers.append(subprocess.Popen([sys.executable, "-m", "game", "serve", "--bind", "127.0.0.1", "--port",
                                     str(port), "--data", str(data), "--workers", str(workers)], env=env,
                                    stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True))
    line = servers[-1].stdout.readline()
    assert line.startswith("serving on"), line + servers[-1].stderr.read()
    return line


def uninterrupted(name, turns, seed):
    """The game as `simulate` plays it: its summary line (with the hash) and its number of actions."""
    run = simulate.run(engine.new_game(scenario_of(name, turns), seed), LEVELS)
    return simulate.summary_line(run.state), len(run.actions)


async def play(address, code, level, **kw):
    """client.play, begun again when a kill cut a handshake short (this branch's client.py takes only
    a dropped connection as one to retry; the wire engineer's takes the handshake too: then this is
    client.play itself). The guest plays the same from any state: its choices are drawn per action."""
    while True:
        try:
            return await client.play(address, code, level, **kw)
        except websockets.InvalidHandshake:
            await asyncio.sleep(0.2)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_server_killed_twenty_times_mid_game_resumes_every_game_with_nothing_lost(tmp_path, workers):
    port, data = free_port(), tmp_path / "server"
    address = f"127.0.0.1:{port}"
    expected = [uninterrupted(*game) for game in GAMES]
    total = sum(count for _, count in expected)
    rng = PlayerRng(29, "server kills")
    # the kills come when the games together reach these counts of actions (the same count twice: the
    # second kill while the server is still resuming), each after a pause of 0-40 ms
    at_counts = sorted(1 + rng.below(total - 2) for _ in range(KILLS))
    servers, lines, reached, went_back = [], [], {}, []

    def on_state(guest):
        """Nothing a guest was told is lost: after a restart it is never sent an older state."""
        if guest.view is None:              # the welcome: its state follows
            return
        if guest.at < reached.get(guest.code, 0):
            went_back.append((guest.code, reached[guest.code], guest.at))
        reached[guest.code] = max(reached.get(guest.code, 0), guest.at)

    async def kill_and_restart():
        for count in at_counts:
            while sum(reached.values()) // 2 < count:      # each game's two guests see each action
                await asyncio.sleep(0.005)
            await asyncio.sleep(rng.below(40) / 1000)
            servers[-1].send_signal(signal.SIGKILL)
            await asyncio.to_thread(servers[-1].wait)
            lines.append(await asyncio.to_thread(start_server, port, data, servers, workers))

    async def main():
        created = []
        for name, turns, seed in GAMES:
            [reply] = await exchange(address, {"type": "create", "scenario": name, "seed": seed,
                                               "players": [GUEST, GUEST], "max_turns": turns})
            created.append(reply)
        killer = asyncio.create_task(kill_and_restart())
        guests = await asyncio.gather(*[play(address, code, LEVELS[int(seat)], on_state=on_state, reconnect_for=60)
                                        for reply in created for seat, code in sorted(reply["codes"].items())])
        await killer
        return created, guests

    try:
        start_server(port, data, servers, workers)
        created, guests = asyncio.run(main())
    finally:
        for proc in servers:
            proc.kill()
            proc.wait()
    assert len(servers) == KILLS + 1 and not went_back
    assert all(f"{len(GAMES)} games resumed" in line for line in lines), lines
    for reply, pair, (summary, count) in zip(created, zip(guests[::2], guests[1::2]), expected):
        game = resume(load_game(data / reply["game"] / "game.json"))
        assert simulate.summary_line(game) == summary
        assert game.action_count == count
        assert all(g.view.outcome is not None and g.at == count for g in pair)
