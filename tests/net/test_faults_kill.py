"""Issue 29, faults: "a guest killed (`kill -9`) at random moments 50 times and reconnected ...: every
game ends with the uninterrupted hash, nothing lost."

The guest is a real `python -m game join ... --ai easy` process; it is killed at a seeded moment (a few
actions of the game on, then a few hundred ms: while it starts, greets, thinks or sends), and a new
one is started with the same code. The host is a referee served from a thread of this test; its other
side is its own easy AI. Games follow one another (short ones of three rulesets) until the guest was
killed 50 times; each must end as `simulate` ends it with the same seed and players."""
import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

from game import simulate
from game.engine.dice import PlayerRng
from game.io.save_file import load_save, resume
from game.net.referee import GUEST, Referee
from game.net.server import host_referee, serve_forever
from tests.net.loopback import SEED, scenario_of, simulated
from tests.net.test_commands import game_command
from tests.net.test_server_restart import ROOT

KILLS = 50
GAMES = ["riskbreaker-bridge-duel", "takipsilim-meeting-engagement", "risus-meeting-engagement"]
LEVELS = ["easy", "easy"]


@contextlib.contextmanager
def hosted(referee):
    """Serve `referee` on 127.0.0.1 from a thread: its address. It stays up after the game's end (a
    guest killed just after its last action comes back for the end) until the block is left."""
    ready, where = threading.Event(), []
    loop = asyncio.new_event_loop()

    def on_ready(server):
        where.append(f"127.0.0.1:{server.sockets[0].getsockname()[1]}")
        ready.set()
    serving = loop.create_task(serve_forever(host_referee(referee), "127.0.0.1", 0, on_ready))

    def run():
        with contextlib.suppress(asyncio.CancelledError):
            loop.run_until_complete(serving)
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        assert ready.wait(30), "the host did not start"
        yield where[0]
    finally:
        loop.call_soon_threadsafe(serving.cancel)
        thread.join(30)
        loop.close()


def wait_until(done, seconds=120):
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "no progress"
        time.sleep(0.005)


def play_with_kills(referee, code, address, rng, budget, home, moments):
    """Start the guest, kill it at a seeded moment, start it again, ... (at most `budget` kills) until
    a guest sees the game to its end: the last one's output. `moments`: for each kill, how many
    actions the game had gone on since that guest started (0: killed before it played)."""
    while True:
        guest = game_command("join", address, "--code", code, "--ai", "easy", "--retry-for", "60", home=home)
        start = referee.state.action_count
        at = start + rng.below(3)
        wait_until(lambda: referee.state.action_count >= at or guest.poll() is not None)
        time.sleep(rng.below(300) / 1000)
        if len(moments) < budget and guest.poll() is None:
            guest.send_signal(signal.SIGKILL)
            guest.communicate(timeout=60)
            moments.append(referee.state.action_count - start)
            continue
        out, err = guest.communicate(timeout=300)
        assert guest.returncode == 0, err
        return out


def test_a_guest_killed_fifty_times_and_started_again_ends_every_game_uninterrupted(tmp_path):
    rng = PlayerRng(SEED, "guest kills")
    moments, games = [], 0
    while len(moments) < KILLS:
        name, seed = GAMES[games % len(GAMES)], SEED + games
        scenario = scenario_of(name)
        referee = Referee.new(scenario, seed, None, [GUEST, "easy"], tmp_path / f"game-{games}.json")
        with hosted(referee) as address:
            out = play_with_kills(referee, referee.codes[0], address, rng, KILLS, tmp_path, moments)
        expected = simulated(scenario, seed, LEVELS)
        assert simulate.summary_line(referee.state) == expected, f"game {games} ({name}), kills {moments}"
        assert simulate.summary_line(resume(load_save(referee.save_path))) == expected      # the save: nothing lost
        winner = referee.state.outcome.winner
        assert out.startswith(f"winner={'draw' if winner is None else winner} turns=") and out.endswith("seat=0\n")
        games += 1
    assert len(moments) == KILLS and games >= 2
    # killed while starting or greeting, and killed in the middle of the play: both, many times
    assert moments.count(0) >= 5 and len(moments) - moments.count(0) >= 5, moments


def test_a_headless_join_loads_no_window():
    """The guest started again and again above starts fast: `join --ai` loads neither pygame nor the UI."""
    code = ("import sys; from game.cli import main; "
            "status = main(['join', '127.0.0.1:1', '--code', 'x', '--ai', 'easy', '--retry-for', '0']); "
            "print(status, sorted(m for m in sys.modules if m.split('.')[0] == 'pygame' or m.startswith('game.ui')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert done.stdout == "2 []\n", done.stderr
    assert done.stderr == "error: 127.0.0.1:1: gave up after 0 s: no host listens there (connection refused); " \
                          "join again when the host is back\n"
