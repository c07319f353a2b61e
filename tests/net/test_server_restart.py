"""Issue 29: a club server killed with kill -9 in the middle of a game and started again resumes it;
its guests reconnect on their own and the game ends as the uninterrupted game ends."""
import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from game import simulate
from game.net.referee import GUEST
from tests.net.loopback import SEED, exchange, play_all, scenario_of, simulated

ROOT = Path(__file__).resolve().parents[2]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port, data):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--bind", "127.0.0.1", "--port", str(port),
                             "--data", str(data)], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = proc.stdout.readline()           # "serving on ...": the port is open
    assert line.startswith("serving on"), line
    return proc, line


def test_a_server_killed_mid_game_and_restarted_resumes_it(tmp_path):
    port, data = free_port(), tmp_path / "server"
    name, turns = "takipsilim-dusk-ambush", 4
    servers = [start_server(port, data)[0]]
    address = f"127.0.0.1:{port}"
    kills = [6, 18]

    def kill_and_restart():
        servers[-1].send_signal(signal.SIGKILL)
        servers[-1].wait()
        proc, line = start_server(port, data)
        servers.append(proc)
        assert "1 games resumed" in line

    def on_state(guest):
        if kills and guest.at >= kills[0]:     # twice, in the middle of the game
            kills.pop(0)
            kill_and_restart()

    async def main():
        [created] = await exchange(address, {"type": "create", "scenario": name, "seed": SEED,
                                             "players": [GUEST, GUEST], "max_turns": turns})
        return await play_all(address, {int(s): c for s, c in created["codes"].items()},
                              on_state=on_state, reconnect_for=60)

    try:
        guests = asyncio.run(main())
    finally:
        for proc in servers:
            proc.kill()
            proc.wait()
    assert len(servers) == 3
    [save] = list(data.glob("*/game.json"))
    from game.io.save_file import load_save, resume
    assert simulate.summary_line(resume(load_save(save))) == simulated(scenario_of(name, turns))
    assert all(g.view.outcome is not None for g in guests)
    assert len(resume(load_save(save)).log) and not kills
