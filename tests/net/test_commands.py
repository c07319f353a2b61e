"""`python -m game host` and `join` as a player types them (two processes, loopback)."""
import os
import subprocess
import sys

from game import simulate
from game.engine import game as engine
from tests.net.loopback import scenario_of
from tests.net.test_server_restart import ROOT, free_port


def game_command(*args, home):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SKIRMISH_TABLE_HOME=str(home))
    return subprocess.Popen([sys.executable, "-m", "game", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_a_game_hosted_and_joined_from_the_command_line_is_the_simulated_game(tmp_path):
    port = str(free_port())
    host = game_command("host", "takipsilim-dusk-ambush", "--bind", "127.0.0.1", "--port", port, "--seed", "5",
                        "--seat", "1", "--players", "easy", home=tmp_path)
    told = []
    while not told or not told[-1].startswith("  python -m game join"):
        told.append(host.stdout.readline())
        assert told[-1], host.stderr.read()
    assert told[1] == f"address 127.0.0.1:{port}\n" and told[2] == f"port {port}\n"
    code = told[-2].split(": ")[-1].strip()
    assert told[-2].startswith("join code for side 1 (")

    wrong = game_command("join", f"127.0.0.1:{port}", "--code", "not-the-code", "--ai", "easy", home=tmp_path)
    assert wrong.wait(60) == 2
    assert wrong.stderr.read().count("\n") == 1

    guest = game_command("join", f"127.0.0.1:{port}", "--code", code, "--ai", "easy", home=tmp_path)
    out, err = guest.communicate(timeout=300)
    expected = simulate.run(engine.new_game(scenario_of("takipsilim-dusk-ambush"), 5), ["easy", "easy"]).state
    host_out = host.communicate(timeout=60)[0]
    assert host_out.strip().splitlines()[-1] == simulate.summary_line(expected)
    assert out.startswith(f"winner={expected.outcome.winner} turns=") and out.strip().endswith("seat=1"), err


def test_join_without_an_ai_level_opens_the_window_joining(monkeypatch):
    """`python -m game join ADDRESS --code CODE`: a person plays the seat, in the window, which opens
    on Play over the network already joining (its --ca passed on for a club's TLS server)."""
    from game import cli
    import game.ui.remote_link as remote_link
    opened = []
    monkeypatch.setattr(remote_link, "play_in_window", lambda *a: opened.append(a) or 0)
    assert cli.main(["join", "wss://127.0.0.1:8765", "--code", "abc", "--ca", "club.pem"]) == 0
    assert opened == [("wss://127.0.0.1:8765", "abc", "club.pem")]


def test_join_with_a_certificate_but_plain_websockets_says_so_in_one_line(tmp_path):
    join = game_command("join", "ws://127.0.0.1:1", "--code", "x", "--ca", "club.pem", home=tmp_path)
    assert join.wait(60) == 2
    err = join.stderr.read()
    assert err.count("\n") == 1 and "write wss://" in err, err


def test_a_players_save_hosted_goes_on_as_the_uninterrupted_game(tmp_path):
    """A game saved in the window (side 0 a person, side 1 the easy AI), hosted from its save: the
    person's side is a guest's seat, the AI's side goes on playing, and the game ends as if never stopped."""
    from game.io.save_file import save_game
    scenario = scenario_of("takipsilim-dusk-ambush")
    sim = simulate.run(engine.new_game(scenario, 9), ["easy", "easy"], stop_after=12)
    save = save_game(tmp_path / "mine.json", sim.state, sim.actions, ["human", "easy"])
    port = str(free_port())
    host = game_command("host", str(save), "--bind", "127.0.0.1", "--port", port, home=tmp_path)
    told = []
    while not told or not told[-1].startswith("  python -m game join"):
        told.append(host.stdout.readline())
        assert told[-1], host.stderr.read()
    assert told[-2].startswith("join code for side 0 (")
    guest = game_command("join", f"127.0.0.1:{port}", "--code", told[-2].split(": ")[-1].strip(), "--ai", "easy",
                         home=tmp_path)
    guest.communicate(timeout=300)
    expected = simulate.run(engine.new_game(scenario, 9), ["easy", "easy"]).state
    assert host.communicate(timeout=60)[0].strip().splitlines()[-1] == simulate.summary_line(expected)
