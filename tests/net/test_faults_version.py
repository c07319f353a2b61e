"""Issue 29: "Messages are versioned JSON; a client of another version is told so in one line" - in
both directions, over the socket: a client of another version joining this server, and this client
joining a server of another version. The other version is this program with wire.VERSION changed."""
import asyncio
import json
import os
import subprocess
import sys

import pytest
import websockets

from game.net import client, wire
from game.net.referee import GUEST
from tests.net.loopback import SEED, exchange
from tests.net.test_server_restart import ROOT, free_port

OTHER = wire.VERSION + 1
SAME_VERSION = "use the same version of Skirmish Table on both machines"


def of_version(version, *args, home):
    """`python -m game ARGS` as a program whose protocol is `version`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), SKIRMISH_TABLE_HOME=str(home))
    code = (f"import sys; import game.net.wire as w; w.VERSION = {version}; "
            f"from game.cli import main; sys.exit(main(sys.argv[1:]))")
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def serving(version, tmp_path):
    port = free_port()
    proc = of_version(version, "serve", "--bind", "127.0.0.1", "--port", str(port), "--data", str(tmp_path / "srv"),
                      home=tmp_path)
    line = proc.stdout.readline()
    assert line.startswith("serving on"), proc.stderr.read()
    return proc, f"127.0.0.1:{port}"


def joined(version, address, code, home):
    """A headless join of `version`: its exit code and what it printed on stderr."""
    proc = of_version(version, "join", address, "--code", code, "--ai", "easy", "--retry-for", "0", home=home)
    out, err = proc.communicate(timeout=60)
    assert out == ""
    return proc.returncode, err


def test_a_client_of_another_version_is_told_so_in_one_line(tmp_path):
    server, address = serving(wire.VERSION, tmp_path)
    try:
        [created] = asyncio.run(exchange(address, {"type": "create", "scenario": "riskbreaker-bridge-duel",
                                                   "seed": SEED, "players": [GUEST, GUEST], "max_turns": 2}))
        code = created["codes"]["0"]
        status, err = joined(OTHER, address, code, tmp_path)
        # the raw reply to a hello of another version: one error, in this server's own version
        [reply] = asyncio.run(exchange(address, json.dumps({"v": OTHER, "type": "hello", "code": code})))
    finally:
        server.kill()
        server.wait()
    said = f"message.v: you speak protocol version {OTHER} and this side {wire.VERSION}: {SAME_VERSION}"
    assert (status, err) == (2, f"error: {address}: {said}\n")
    assert reply == {"v": wire.VERSION, "type": "error", "message": said}


def test_a_server_of_another_version_is_told_so_in_one_line(tmp_path):
    server, address = serving(OTHER, tmp_path)
    try:
        status, err = joined(wire.VERSION, address, "any-code", tmp_path)

        async def attempt():
            with pytest.raises(client.JoinRefused) as refused:
                await asyncio.wait_for(client.play(address, "any-code", "easy"), 30)
            return str(refused.value)
        line = asyncio.run(attempt())
    finally:
        server.kill()
        server.wait()
    said = f"message.v: you speak protocol version {wire.VERSION} and this side {OTHER}: {SAME_VERSION}"
    assert (status, err) == (2, f"error: {address}: {said}\n")
    assert line == said


def test_a_server_that_answers_in_another_version_is_named_by_the_client():
    """A server of another version that does not refuse the hello but greets in its own version: the
    client stops at its first message with one line of its own."""
    async def other_server(ws):
        await ws.recv()
        await ws.send(json.dumps({"v": OTHER, "type": "welcome", "seat": 0, "ruleset": "risus-skirmish"}))
        await ws.wait_closed()

    async def main():
        async with websockets.serve(other_server, "127.0.0.1", 0) as srv:
            address = f"127.0.0.1:{srv.sockets[0].getsockname()[1]}"
            with pytest.raises(client.JoinRefused) as refused:
                await asyncio.wait_for(client.play(address, "code", "easy"), 30)
            return str(refused.value)

    assert asyncio.run(main()) == (f"version: the host speaks protocol version {OTHER} and this one "
                                   f"{wire.VERSION}: {SAME_VERSION}")


def test_a_message_of_another_version_keeps_what_it_said():
    mismatch = None
    try:
        wire.loads(json.dumps({"v": OTHER, "type": "error", "message": "a line\nand more"}))
    except wire.VersionMismatch as exc:
        mismatch = exc
    assert mismatch is not None and mismatch.theirs == OTHER and mismatch.line("the host") == "a line"
    with pytest.raises(wire.VersionMismatch, match=rf"^message.v: expected the protocol version \({wire.VERSION}\)"):
        wire.loads('{"type": "hello"}')
    with pytest.raises(wire.VersionMismatch):
        wire.loads('{"v": true, "type": "hello"}')
