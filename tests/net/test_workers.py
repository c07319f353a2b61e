"""`serve --workers N` (game/net/workers.py): a club server's games spread over worker processes.
Issue 29: "a headless server that holds any number of games at once" and "every fault gets an error
reply and changes nothing" hold as with one process: games created on the front are played in the
workers to simulate's hash, the front answers each bad message once in the words of a one-process
server, and the workers die with a front killed by kill -9 (the restart test kills such a server
twenty times: tests/net/test_server_restart.py)."""
import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from game import simulate
from game.io.save_file import resume
from game.net.referee import GUEST, load_game
from game.net.server import shard_of
from tests.net.loopback import SEED, exchange, play_all, scenario_of, simulated
from tests.net.test_server_restart import ROOT, free_port, start_server

GAMES = [("takipsilim-dusk-ambush", 3, SEED), ("takipsilim-dusk-ambush", 3, SEED + 1),
         ("risus-hidden-ambush", 3, SEED)]


def children(pid):
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(p) for p in f.read().split()]


def served(tmp_path, workers, main):
    """`main(address)` run against `serve --workers N` on a data folder of its own; its result."""
    port, servers = free_port(), []
    try:
        start_server(port, tmp_path / f"data-{workers}", servers, workers=workers)
        return asyncio.run(main(f"127.0.0.1:{port}"))
    finally:
        for proc in servers:
            proc.kill()
            proc.wait()


def test_games_created_on_the_front_are_played_in_the_workers_to_simulates_hash(tmp_path):
    async def main(address):
        created = []
        for name, turns, seed in GAMES:
            [reply] = await exchange(address, {"type": "create", "scenario": name, "seed": seed,
                                               "players": [GUEST, GUEST], "max_turns": turns})
            created.append(reply)
        await asyncio.gather(*[play_all(address, {int(s): c for s, c in r["codes"].items()}) for r in created])
        return created
    created = served(tmp_path, 2, main)
    for (name, turns, seed), reply in zip(GAMES, created):
        game = resume(load_game(tmp_path / "data-2" / reply["game"] / "game.json"))
        assert simulate.summary_line(game) == simulated(scenario_of(name, turns), seed)
    assert len({shard_of(reply["game"], 2) for reply in created}) == 2      # both workers hold games


BAD = ["not json", {"type": "act", "at": 0, "action": {}}, {"type": "hello", "code": "wrong-code"},
       {"type": "hello", "code": 17}, {"type": "create", "scenario": "no-such-scenario", "players": [GUEST, GUEST]},
       {"type": "create", "scenario": "takipsilim-dusk-ambush", "players": "guests"}, '{"v": 1, "type": "hello"}']


def test_the_front_answers_each_bad_message_once_in_the_words_of_one_process(tmp_path):
    async def main(address):
        return [(r["type"], r["message"]) for r in await exchange(address, *BAD)]
    said = served(tmp_path, 2, main)
    assert [kind for kind, _ in said] == ["error"] * len(BAD)
    assert said == served(tmp_path, 1, main)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the workers from /proc")
def test_the_workers_die_with_a_front_killed_by_kill_9(tmp_path):
    port, servers = free_port(), []
    try:
        start_server(port, tmp_path / "data", servers, workers=3)
        workers = children(servers[0].pid)
        assert len(workers) == 3
        servers[0].send_signal(signal.SIGKILL)
        servers[0].wait()
        deadline = time.monotonic() + 10
        while any(os.path.exists(f"/proc/{w}") and "Z" not in _state(w) for w in workers):
            assert time.monotonic() < deadline, "a worker outlived its front"
            time.sleep(0.01)
    finally:
        for proc in servers:
            proc.kill()
            proc.wait()


def _state(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


@pytest.mark.parametrize("args, said", [(["--workers", "0"], "--workers: expected 1 to 64 processes, got 0"),
                                        (["--workers", "2", "--tls", "a.pem", "b.pem"],
                                         "--workers: a TLS server runs in one process")])
def test_a_bad_number_of_workers_is_one_line(tmp_path, args, said):
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--port", str(free_port()), "--data",
                           str(tmp_path), *args], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and said in done.stderr and len(done.stderr.strip().splitlines()) == 1
