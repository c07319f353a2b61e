"""Issue 29, TLS (`--tls CERT KEY`): a game over TLS through the host and through the club server is
the simulated game; a certificate the client does not trust, plain websockets against TLS and the
reverse, and a bad certificate or key file are each one line, never a traceback or a hang.
The certificate is tests/data/tls/ (self-signed for localhost and 127.0.0.1; its README says how)."""
import asyncio
import ssl
from pathlib import Path

import pytest

from game import simulate
from game.net import client
from game.net.referee import GUEST, Referee
from game.net.server import Tables, host_referee
from game.net.tls import client_context, server_context
from tests.net.loopback import SEED, play_all, scenario_of, served, simulated
from tests.net.test_commands import game_command

TLS = Path(__file__).resolve().parents[1] / "data" / "tls"
CERT, KEY = str(TLS / "cert.pem"), str(TLS / "key.pem")
NAME = "riskbreaker-tavern-brawl"


def trusting():
    return client_context(CERT)


def test_a_hosted_game_over_tls_is_the_simulated_game(tmp_path):
    scenario = scenario_of(NAME)
    referee = Referee.new(scenario, SEED, None, [GUEST, GUEST], tmp_path / "game.json")
    records = {}

    async def main():
        async with served(host_referee(referee), ssl=server_context(CERT, KEY)) as address:
            return await play_all(f"wss://{address}", referee.codes, records, tls=trusting())

    guests = asyncio.run(main())
    assert simulate.summary_line(referee.state) == simulated(scenario)
    assert all(g.view.outcome.winner == referee.state.outcome.winner for g in guests)
    assert all(records[seat] for seat in (0, 1))


def test_a_game_on_the_club_server_over_tls_is_the_simulated_game(tmp_path):
    tables = Tables(tmp_path, open_to_create=True)

    async def main():
        async with served(tables, ssl=server_context(CERT, KEY)) as address:
            port = address.rsplit(":", 1)[1]
            # the certificate names localhost too; `ca` builds the context from the file
            assert await exchange_tls(f"wss://localhost:{port}") == "error"
            created = await create_game(f"wss://{address}")
            await play_all(f"wss://{address}", {int(s): c for s, c in created["codes"].items()}, ca=CERT)
            return created["game"]

    game = asyncio.run(main())
    assert simulate.summary_line(tables.games[game].state) == simulated(scenario_of(NAME, 4))


async def create_game(address):
    import websockets
    from game.net import wire
    async with websockets.connect(address, ssl=trusting()) as ws:
        await ws.send(wire.dumps({"type": "create", "scenario": NAME, "seed": SEED, "players": [GUEST, GUEST],
                                  "max_turns": 4}))
        return wire.loads(await asyncio.wait_for(ws.recv(), 30), limit=1 << 20)


async def exchange_tls(address):
    """A wrong code sent over TLS: the reply's type."""
    import websockets
    from game.net import wire
    async with websockets.connect(address, ssl=trusting()) as ws:
        await ws.send(wire.dumps({"type": "hello", "code": "not-a-code"}))
        return wire.loads(await asyncio.wait_for(ws.recv(), 30))["type"]


def test_a_certificate_the_client_does_not_trust_is_refused_in_one_line(tmp_path):
    referee = Referee.new(scenario_of(NAME), SEED, None, [GUEST, GUEST], tmp_path / "game.json")

    async def main():
        async with served(host_referee(referee), ssl=server_context(CERT, KEY)) as address:
            untrusted = await refused_line(f"wss://{address}")                      # the system's store
            other = await refused_line(f"wss://{address}", tls=ssl.create_default_context())
            return untrusted, other

    for line in asyncio.run(main()):
        assert line.startswith("the host's certificate is not trusted (self-signed certificate)")
        assert "--ca CERT" in line
    assert referee.state.action_count == 0


def test_an_address_the_certificate_does_not_name_is_refused_in_one_line():
    """The certificate names localhost and 127.0.0.1; the same server reached as 127.0.0.2 (loopback too)."""
    import websockets

    async def main():
        async with websockets.serve(lambda ws: ws.wait_closed(), "127.0.0.2", 0, ssl=server_context(CERT, KEY)) as srv:
            return await refused_line(f"wss://127.0.0.2:{srv.sockets[0].getsockname()[1]}", ca=CERT)

    assert asyncio.run(main()) == ("the host's certificate does not name this address (IP address mismatch, "
                                   "certificate is not valid for '127.0.0.2'): join with a name or address "
                                   "the certificate holds; nothing was sent")


async def refused_line(address, **kw):
    retries = []
    with pytest.raises(client.JoinRefused) as refused:
        await asyncio.wait_for(client.play(address, "code", "easy", say=retries.append, **kw), 30)
    assert retries == [] and "\n" not in str(refused.value)
    return str(refused.value)


def test_plain_websockets_against_tls_and_tls_against_plain_are_each_one_line(tmp_path):
    referee = Referee.new(scenario_of(NAME), SEED, None, [GUEST, GUEST], tmp_path / "game.json")

    async def main():
        async with served(host_referee(referee), ssl=server_context(CERT, KEY)) as secure, \
                served(host_referee(referee)) as plain:
            return (await refused_line(secure), await refused_line(f"ws://{secure}"),
                    await refused_line(f"wss://{plain}", ca=CERT), await refused_line(plain, ca=CERT))

    to_tls, to_tls_url, to_plain, to_plain_ca = asyncio.run(main())
    port = to_tls.rsplit(":", 1)[1].split(" ")[0]
    assert to_tls == to_tls_url == (f"the host speaks TLS: join wss://127.0.0.1:{port} (with --ca CERT when its "
                                    "certificate is its own)")
    assert to_plain == to_plain_ca and to_plain.startswith("the host does not speak TLS: join ws://127.0.0.1:")


def test_the_command_line_over_tls_plays_a_game_and_says_each_fault_in_one_line(tmp_path):
    """`serve --tls`, then `join` plain, `join wss://` without --ca and with a wrong --ca: one line
    each, exit 2; the server prints nothing of them; `join wss:// --ca CERT` reaches it, and two
    such joins play a game on it to simulate's end."""
    from tests.net.test_server_restart import free_port
    port = str(free_port())
    srv = game_command("serve", "--bind", "127.0.0.1", "--port", port, "--data", str(tmp_path / "srv"),
                       "--tls", CERT, KEY, home=tmp_path)
    try:
        assert srv.stdout.readline() == f"serving on wss://127.0.0.1:{port}; 0 games resumed from {tmp_path / 'srv'}\n"
        told = {}
        for key, args in {"plain": [f"127.0.0.1:{port}"], "untrusted": [f"wss://127.0.0.1:{port}"],
                          "not a cert": [f"wss://127.0.0.1:{port}", "--ca", KEY],
                          "code": [f"wss://localhost:{port}", "--ca", CERT]}.items():
            join = game_command("join", *args, "--code", "not-a-code", "--ai", "easy", home=tmp_path)
            out, err = join.communicate(timeout=60)
            assert join.returncode == 2 and out == "" and err.count("\n") == 1, err
            told[key] = err
        assert "the host speaks TLS: join wss://127.0.0.1:" in told["plain"]
        assert "the host's certificate is not trusted" in told["untrusted"]
        assert told["not a cert"].startswith(f"error: --ca: {KEY}: not a PEM certificate")
        assert "hello.code: no seat on this server has that join code" in told["code"]
        created = asyncio.run(create_game(f"wss://127.0.0.1:{port}"))
        joins = [game_command("join", f"wss://localhost:{port}", "--ca", CERT, "--code", code, "--ai", "easy",
                              home=tmp_path) for code in created["codes"].values()]
        ends = [join.communicate(timeout=300) for join in joins]
        assert [join.returncode for join in joins] == [0, 0], ends
    finally:
        srv.kill()
        srv.wait()
    assert srv.stderr.read() == ""
    from game.io.save_file import resume
    from game.net.referee import load_game
    save = resume(load_game(tmp_path / "srv" / created["game"] / "game.json"))
    assert simulate.summary_line(save) == simulated(scenario_of(NAME, 4))


@pytest.mark.parametrize("command", ["host", "serve"])
def test_a_bad_certificate_or_key_is_one_line_naming_it(command, tmp_path):
    damaged = tmp_path / "damaged.pem"
    damaged.write_text("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
    target = ["takipsilim-dusk-ambush"] if command == "host" else ["--data", str(tmp_path / "srv")]
    cases = {(str(tmp_path / "none.pem"), KEY): "none.pem: no such file (expected a PEM certificate)",
             (KEY, KEY): "key.pem: not a PEM certificate",
             (CERT, CERT): "cert.pem: not a PEM private key",
             (CERT, str(tmp_path)): f"{tmp_path}: is a folder",
             (CERT, str(TLS / "key-protected.pem")): "key-protected.pem: the key is protected by a passphrase",
             (CERT, str(damaged)): "the key does not belong to the certificate, or one of them is damaged"}
    for (cert, key), expected in cases.items():
        run = game_command(command, *target, "--port", "1", "--tls", cert, key, home=tmp_path)
        out, err = run.communicate(timeout=60)
        assert run.returncode == 2 and out == "" and err.count("\n") == 1, err
        assert err.startswith("error: --tls: ") and expected in err, err
    assert not (tmp_path / "srv").exists() and not (tmp_path / "saves").exists()
