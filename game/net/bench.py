"""`make bench` figure of issue 29: `net-load games=50 pace=normal actions=N clients=100 p50_ms=.. p95_ms=..
max_ms=.. target_p95_ms=50 within=yes|no server_cpu_ms=.. load_avg=.. cores=.. workers=..` (and the same for one game
alone: the referee's own cost per action, without the queue of the others; the load average says how busy
the machine was). `pace`: whose thinking paces the guests: `normal`, the level the project judges AI games
by (two normal AIs play its scenarios as real games), then `easy` again as a stress figure (an easy AI
thinks less, so the same 50 games ask the server for more actions a second). `server_cpu_ms`: the server's
CPU time per action while the games are played, its workers' included (Linux; games created before), which
a busy machine changes less than the round trips. `workers`: the processes the server spreads its games
over (`serve --workers N`, one per core: the rules of 50 games at once are more than one core's work).

50 AI-against-AI games at once on one club server (`python -m game serve`, processes of its own, each
game saved after every action), two guests each. The round trip of an action is timed from a guest's
send to the state that echoes it, apart from the AI's thinking: each game's actions are chosen first
(by the pacing level, as `simulate` plays them, the same seed giving the same game, each timed), then the
guests send them as their decisions come, each after a pause as long as its AI thought: the games
keep the pace of AI play, and no guest's thinking holds up another's echo in the same process.
"""
from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

GAMES = 50
SCENARIO, TURNS = "takipsilim-dusk-ambush", 2
PACES = ("normal", "easy")      # the judged pace first, then the stress figure
TARGET_P95_MS = 50.0
# serve --workers: one per core (at most 4; Linux, where a server can hand a connection to a worker)
WORKERS = max(1, min(os.cpu_count() or 1, 4)) if sys.platform.startswith("linux") else 1


def chosen_actions(seed: int, level: str) -> list[tuple[dict, float]]:
    """The game's actions as two AIs of `level` play them (what the guests will send), each with the
    time its AI took to choose it (the pause the guest makes before sending it)."""
    from game import simulate
    from game.engine import game as engine
    from game.io.save_file import action_json
    from game.io.scenario_file import load_scenario
    scenario = simulate.with_turn_limit(load_scenario(SCENARIO), TURNS)
    state = engine.new_game(scenario, seed)
    times, last = [], [time.perf_counter()]

    def clock(state: object, action: object) -> None:
        now = time.perf_counter()
        times.append(now - last[0])
        last[0] = now
    sim = simulate.run(state, [level, level], on_action=clock)
    return [(action_json(a, state.ruleset_id), t) for a, t in zip(sim.actions, times)]


async def guest(address: str, code: str, actions: list[tuple[dict, float]], rounds: list[float]) -> None:
    import websockets
    from game.net import wire
    async with websockets.connect(f"ws://{address}", max_size=1 << 30) as ws:
        await ws.send(wire.dumps({"type": "hello", "code": code}))
        seat, sent_at, answered = None, None, -1
        async for text in ws:
            got = time.perf_counter()
            message = json.loads(text)
            if message["type"] == "welcome":
                seat = message["seat"]
                continue
            if message["type"] != "state":
                raise RuntimeError(f"the server said: {message}")
            at, decision = message["at"], message["decision"]
            if sent_at is not None and at > answered:
                rounds.append((got - sent_at) * 1000)
                sent_at = None
            if decision is None:
                return
            if decision["seat"] == seat and message["options"] and at != answered:
                action, thinking = actions[at]
                await asyncio.sleep(thinking)             # as long as the AI thought, without its CPU
                answered, sent_at = at, time.perf_counter()
                await ws.send(wire.dumps({"type": "act", "at": at, "action": action}))


async def load(address: str, plans: list[list[tuple[dict, float]]], seeds: list[int],
               server_cpu: Callable[[], float] = lambda: 0.0) -> tuple[list[float], float]:
    """The games created, then played: the round trips, and the server's CPU time while they played."""
    import websockets
    from game.net import wire
    rounds: list[float] = []
    games = []
    async with websockets.connect(f"ws://{address}") as ws:
        for seed in seeds:
            await ws.send(wire.dumps({"type": "create", "scenario": SCENARIO, "seed": seed,
                                      "players": ["guest", "guest"], "max_turns": TURNS}))
            games.append(json.loads(await ws.recv())["codes"])
    before = server_cpu()
    await asyncio.gather(*[guest(address, code, plan, rounds)
                           for codes, plan in zip(games, plans) for code in codes.values()])
    return rounds, server_cpu() - before


def run() -> list[str]:
    seeds = [1000 + i for i in range(GAMES)]
    lines = []
    for pace in PACES:
        plans = [chosen_actions(seed, pace) for seed in seeds]
        for games in (1, GAMES) if pace == PACES[0] else (GAMES,):   # alone (the referee's own cost), then the load
            rounds, cpu = serve_and_play(plans[:games], seeds[:games])
            lines.append(figure(games, pace, rounds, cpu))
    return lines


def figure(games: int, pace: str, rounds: list[float], cpu: float) -> str:
    rounds = sorted(rounds)
    p95 = rounds[int(0.95 * (len(rounds) - 1))]
    cpu_text = f"server_cpu_ms={1000 * cpu / len(rounds):.2f} " if cpu else ""
    return (f"net-load games={games} pace={pace} actions={len(rounds)} clients={2 * games} "
            f"p50_ms={statistics.median(rounds):.1f} p95_ms={p95:.1f} max_ms={rounds[-1]:.1f} "
            f"target_p95_ms={TARGET_P95_MS:.0f} within={'yes' if p95 <= TARGET_P95_MS else 'no'} "
            f"{cpu_text}load_avg={os.getloadavg()[0]:.1f} cores={os.cpu_count()} workers={WORKERS}")


def cpu_of(pid: int) -> Callable[[], float]:
    """The CPU seconds a process and its children (a server's workers) have used so far (user and
    system), read from /proc; 0 elsewhere."""
    def of(one: int) -> float:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def used() -> float:
        try:
            children = [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
        except OSError:
            children = []
        return of(pid) + sum(of(c) for c in children)
    return used


def serve_and_play(plans: list[list[tuple[dict, float]]], seeds: list[int]) -> tuple[list[float], float]:
    """A club server of its own (a process, a fresh data folder) and the guests of every game."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="net-load-") as data:
        root = Path(__file__).resolve().parents[2]
        env = dict(os.environ, PYTHONPATH=str(root))
        server = subprocess.Popen([sys.executable, "-m", "game", "serve", "--bind", "127.0.0.1", "--port", str(port),
                                   "--data", data, "--workers", str(WORKERS)], env=env, stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None and server.stdout.readline().startswith("serving")
            return asyncio.run(load(f"127.0.0.1:{port}", plans, seeds, cpu_of(server.pid)))
        finally:
            server.kill()
            server.wait()


if __name__ == "__main__":
    from game.rulesets import load_all
    load_all()
    for line in run():
        print(line)
