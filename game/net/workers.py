"""`serve --workers N`: a club server's games spread over N worker processes, so that it uses more
than one core (issue 29's load target: the rules of many games at once are more than one core's work).

The front (the process started by `serve`) listens as a one-process server does, and answers a
connection's first messages: a `create` goes to a worker (each in turn), whose reply it passes back;
errors get their one reply, as ever. On the `hello`, it finds the worker holding the game of that join
code (each code compared in constant time) and hands it the connection itself: the socket (passed
over a Unix socket) and the hello. Then the front lets go of it, and the guest talks to that worker,
which referees the game exactly as a one-process server does (every action synced to its journal
before anyone is told of it). A guest sends nothing between its hello and the welcome, so nothing is
left behind in the front.

A game lives in one worker: its folder's name says which (server.shard_of), so the workers of a
restarted server resume each game once, however many they are. A worker dies with the front (on
Linux the kernel kills it: the parent-death signal; and any worker whose front's socket closes ends
itself), so a front killed with kill -9 leaves nothing writing to the games a restarted server
resumes; a worker that stops stops the front (the guests reconnect to the restarted server).
TLS connections stay in one process: their session cannot be handed over. Linux only (the parent-death
signal; a socket of packets to hand file descriptors over).
"""
from __future__ import annotations

import asyncio
import hmac
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.protocol import Protocol, State
from websockets.server import ServerProtocol

from game.net import wire
from game.net.referee import RefereeError
from game.io.shared_journal import new_run
from game.net.server import FRAME_LIMIT, HandedOver, Seat, Tables, earlier_journals, forget

MAX_WORKERS = 64
PACKET = 1 << 20          # the largest control message (a `create`, whose size the front has checked)


def _send(link: socket.socket, doc: dict[str, Any], fds: list[int] = ()) -> None:    # type: ignore[assignment]
    socket.send_fds(link, [json.dumps(doc).encode()], list(fds))


# -- the front ----------------------------------------------------------------------------------------
class Worker:
    """The front's side of one worker: its process, its socket, the join codes of its games."""

    def __init__(self, process: subprocess.Popen, link: socket.socket) -> None:
        self.process, self.link = process, link
        self.codes: set[str] = set()
        self.waiting: dict[int, asyncio.Future] = {}


class Front(Tables):
    """The front of a server with workers: it holds no game; each connection goes to its game's worker."""

    def __init__(self, workers: list[Worker]) -> None:
        super().__init__(None, open_to_create=True)
        self.workers = workers
        self._turn = itertools.cycle(workers)
        self._asked = itertools.count()
        self._listening = False
        self.resumed = 0

    @classmethod
    def start(cls, data: Path, count: int) -> "Front":
        """Start `count` workers on the games in `data`, each resuming its own, and wait until all are
        ready; then the shared journals of the server's earlier runs are done with (every game saved
        whole), unless a game could not be resumed. The workers' journals share this start's name."""
        workers, run = [], new_run()
        old = earlier_journals(data, run)
        for index in range(count):
            mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            process = subprocess.Popen([sys.executable, "-m", "game.net.workers", str(index), str(count), str(data),
                                        str(theirs.fileno()), str(os.getpid()), run], pass_fds=(theirs.fileno(),))
            theirs.close()
            workers.append(Worker(process, mine))
        front = cls(workers)
        for worker in workers:
            ready = worker.link.recv(PACKET)
            if not ready:
                front.stop()
                raise ValueError("serve: a worker could not start (see above)")
            doc = json.loads(ready)
            worker.codes.update(doc["codes"])
            front.resumed += doc["resumed"]
            front.problems += doc["problems"]
        if not front.problems:
            forget(old)
        return front

    def stop(self) -> None:
        for worker in self.workers:
            worker.process.kill()
            worker.process.wait()

    def _listen(self) -> None:
        """The workers' replies, read as they come (once the event loop runs)."""
        if not self._listening:
            self._listening = True
            for worker in self.workers:
                asyncio.get_running_loop().add_reader(worker.link, self._reply, worker)

    def _reply(self, worker: Worker) -> None:
        packet = worker.link.recv(PACKET)
        if not packet:              # a worker stopped: so does the server (a restart resumes every game)
            print("error: a worker of the server stopped; the server stops (restart it: every game resumes)",
                  file=sys.stderr, flush=True)
            os._exit(1)
        doc = json.loads(packet)
        future = worker.waiting.pop(doc["id"], None)
        if future is not None and not future.done():
            future.set_result(doc)

    async def _greet(self, ws: Any, message: dict[str, Any], text: str | bytes = "") -> Seat | None:
        self._listen()
        if message["type"] == "create":
            worker, asked = next(self._turn), next(self._asked)
            worker.waiting[asked] = asyncio.get_running_loop().create_future()
            _send(worker.link, {"type": "create", "id": asked, "message": message})
            reply = await worker.waiting[asked]
            if "error" in reply:
                raise RefereeError(reply["error"])
            worker.codes.update(reply["created"]["codes"].values())
            await ws.send(wire.dumps(reply["created"]))
            return None
        if message["type"] != "hello":
            return await super()._greet(ws, message, text)      # its one error reply
        code = message.get("code")
        holder = None
        if isinstance(code, str) and code.isascii():
            for worker in self.workers:
                for known in worker.codes:
                    if hmac.compare_digest(known.encode(), code.encode()):
                        holder = worker
        if holder is None:
            return await super()._greet(ws, message, text)      # Tables.find's refusal, in its words
        self._hand_over(ws, holder, text)
        raise HandedOver

    @staticmethod
    def _hand_over(ws: Any, worker: Worker, text: str | bytes) -> None:
        """The connection's socket and its hello to the worker; this process then lets go of it
        (closing its own copy of the socket: the connection stays open in the worker)."""
        ws.transport.pause_reading()
        own = os.dup(ws.transport.get_extra_info("socket").fileno())
        try:
            _send(worker.link, {"type": "hello", "text": text if isinstance(text, str) else text.decode()}, [own])
        finally:
            os.close(own)
        ws.transport.abort()


# -- a worker -----------------------------------------------------------------------------------------
class _Handed(ServerConnection):
    """A connection whose opening handshake the front made: open from the start, no server around it."""

    def __init__(self) -> None:
        protocol = ServerProtocol(max_size=FRAME_LIMIT)
        protocol.state = State.OPEN
        protocol.parser = Protocol.parse(protocol)      # frames from the first byte: no request to read
        next(protocol.parser)
        super().__init__(protocol, None)        # type: ignore[arg-type]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super(ServerConnection, self).connection_made(transport)      # no server to start a handler

    def process_event(self, event: Any) -> None:
        super(ServerConnection, self).process_event(event)    # frames from the first: no handshake to read


async def _take(tables: Tables, fd: int, hello: str) -> None:
    """Referee a connection the front handed over, from its hello on; closed at the end, as
    websockets.serve closes its own."""
    connection = _Handed()
    try:
        await asyncio.get_running_loop().connect_accepted_socket(lambda: connection, socket.socket(fileno=fd))
    except OSError:
        return                                  # the guest left while it was handed over
    connection.start_keepalive()
    async with connection:
        await tables.converse(connection, first=hello)


def _die_with(front: int) -> None:
    """Be killed when the front dies, however it dies (Linux); elsewhere the closed socket ends us."""
    if sys.platform.startswith("linux"):
        import ctypes
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)          # PR_SET_PDEATHSIG
    if os.getppid() != front:
        os._exit(1)


async def work(index: int, count: int, data: Path, link: socket.socket, run: str) -> None:
    tables = Tables(data, open_to_create=True, shard=(index, count), run=run)
    resumed = tables.resume_all()
    _send(link, {"codes": [c for r in tables.games.values() for c in r.codes.values()], "resumed": resumed,
                 "problems": tables.problems})
    loop = asyncio.get_running_loop()
    link.setblocking(False)
    taken: set[asyncio.Task] = set()

    def told() -> None:
        try:
            packet, fds, _, _ = socket.recv_fds(link, PACKET, 1)
        except BlockingIOError:
            return
        if not packet:
            os._exit(0)                         # the front is gone: so are we
        doc = json.loads(packet)
        if doc["type"] == "hello":
            task = loop.create_task(_take(tables, fds[0], doc["text"]))
            taken.add(task)
            task.add_done_callback(taken.discard)
            return
        try:
            reply = {"id": doc["id"], "created": tables.create(doc["message"])}
        except (wire.WireError, RefereeError) as exc:
            reply = {"id": doc["id"], "error": str(exc)}
        except Exception as exc:    # a scenario the ruleset cannot set up: one line, no game
            reply = {"id": doc["id"], "error": f"the server could not do that ({type(exc).__name__}: {exc})"}
        link.setblocking(True)
        _send(link, reply)
        link.setblocking(False)

    loop.add_reader(link, told)
    await loop.create_future()


def main(argv: list[str]) -> None:
    index, count, data, fd, front, run = int(argv[0]), int(argv[1]), Path(argv[2]), int(argv[3]), int(argv[4]), argv[5]
    _die_with(front)
    from game.rulesets import load_all
    load_all()
    asyncio.run(work(index, count, data, socket.socket(fileno=fd), run))


if __name__ == "__main__":
    main(sys.argv[1:])
