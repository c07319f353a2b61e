"""The window's connection to a game played at a distance, on a background thread (issue 29).

A `Link` runs its own asyncio loop on a thread of its own. What arrives is parsed there (a big
view is not parsed in the window's frame) and put on a queue the window polls each frame; `wake`,
the window's own way to be woken (given by the UI, so this stays pure of pygame), is called after
each arrival, so a window at rest sleeps until something comes. Three ways to play:
- `joined`: a guest joins a host or a club server with its code; a connection that drops is taken
  up again (the referee then sends the whole view: the guest is back at its decision);
- `hosted`: this process is the referee (game/net/server.py's `Tables` and `serve_forever` on the
  thread's loop); the host's own seat talks to the same `Tables.converse` as a guest does, through
  an in-process socket, so its actions are checked like a guest's and it sees only its side's view;
- `created`: a game made on a club server with its `create` message, then joined with our code.
"""
from __future__ import annotations

import asyncio
import dataclasses
import queue
import threading
import time
from typing import Any, Awaitable, Callable

import websockets

from game.net import wire
from game.net.client import CaWords, JoinRefused, connect
from game.net.server import Tables, serve_forever

RETRY_S = 1.0           # between two tries to take a dropped connection up again
GIVE_UP_S = 120.0       # a connection lost this long is given up
WATCH_S = 0.25          # how often the host looks who is seated (on the network thread)
CA_FIELD = "Certificate (CA file)"        # the window's field for a club's own TLS certificate
WINDOW = CaWords(give=f'type the path of a copy of it in "{CA_FIELD}"',
                 with_it=f'and its certificate in "{CA_FIELD}" when it is its own',
                 without=f'with "{CA_FIELD}" empty')


@dataclasses.dataclass(frozen=True)
class Arrival:
    """One thing the window is told: `message` (a referee's message, parsed), `connected`,
    `reconnecting` (why), `failed` (one line: the link has stopped), `listening` (the port),
    `seated` ({seat: the guest's address}) or `created` ({seat: join code})."""

    kind: str
    value: Any = None


class Link:
    def __init__(self, wake: Callable[[], Any] | None = None) -> None:
        self.inbox: queue.Queue[Arrival] = queue.Queue()
        self._wake = wake or (lambda: None)
        self._loop = asyncio.new_event_loop()
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self._task: asyncio.Task | None = None
        self._thread: threading.Thread | None = None
        self.stopped = False

    # -- the window's side ---------------------------------------------------------------------
    def poll(self) -> list[Arrival]:
        """Everything that arrived since the last poll (never waits)."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, text: str) -> None:
        if self.stopped:
            return
        try:
            self._loop.call_soon_threadsafe(self.outbox.put_nowait, text)
        except RuntimeError:                # the loop closed meanwhile: the link has stopped
            pass

    def close(self) -> None:
        """Stop talking (a host stops serving); waits a little for the thread to end."""
        self.stopped = True
        if self._task is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._task.cancel)
            except RuntimeError:            # the loop closed meanwhile
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    # -- the thread's side ---------------------------------------------------------------------
    def start(self, main: Callable[[], Awaitable[Any]]) -> "Link":
        def run() -> None:
            asyncio.set_event_loop(self._loop)
            self._task = self._loop.create_task(main())
            try:
                self._loop.run_until_complete(self._task)
            except asyncio.CancelledError:
                pass
            except Exception as exc:        # a fault of ours: still one line, and the window goes on
                self.tell("failed", f"the network link failed ({type(exc).__name__}: {exc})")
            finally:
                self.stopped = True
                self._loop.close()
        self._thread = threading.Thread(target=run, name="network", daemon=True)
        self._thread.start()
        return self

    def tell(self, kind: str, value: Any = None) -> None:
        self.inbox.put(Arrival(kind, value))
        try:
            self._wake()
        except Exception:                   # the window is gone: nobody to wake
            pass

    def received(self, text: str | bytes) -> dict[str, Any]:
        message = wire.loads(text, limit=1 << 30)
        self.tell("message", message)
        return message

    async def pump(self, ws: Any, joined: Callable[[dict[str, Any]], None]) -> None:
        """Both ways until the connection closes: what arrives to the window, what it sends out."""
        while not self.outbox.empty():     # an action made before a drop is stale now
            self.outbox.get_nowait()

        async def reading() -> None:
            async for text in ws:
                joined(self.received(text))

        async def writing() -> None:
            while True:
                await ws.send(await self.outbox.get())
        tasks = [asyncio.ensure_future(reading()), asyncio.ensure_future(writing())]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for t in tasks:
                t.cancel()
        for t in done:
            t.result()                      # a closed connection raises here


class Refused(Exception):
    """The referee refused us before we were seated (a wrong code, another version): its one line."""


def hello(code: str) -> str:
    return wire.dumps({"type": "hello", "code": code})


def reason_of(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    if isinstance(exc, asyncio.TimeoutError):
        return "no answer"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


LOST = (OSError, asyncio.TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake,
        websockets.InvalidURI)


# -- a guest ----------------------------------------------------------------------------------------
async def joined(link: Link, address: str, code: str, ca: str | None = None) -> None:
    """Join with `code`; a drop after we were seated is taken up again every RETRY_S seconds. A
    refusal before the welcome (a wrong code, another version; after a drop too: the game is no
    longer there) ends the link with its line, as does what no retry mends (an untrusted
    certificate, plain websockets against TLS or the reverse). A wss:// address, or `ca` (a club's
    own certificate), joins with TLS (game.net.client.connect)."""
    seated = welcomed = False
    lost_since: float | None = None

    def greeted(message: dict[str, Any]) -> None:
        nonlocal seated, welcomed
        if message["type"] == "welcome":
            seated = welcomed = True
        elif message["type"] == "error" and not welcomed:
            raise Refused(str(message.get("message")))
    while True:
        welcomed = False
        try:
            async with await connect(address, ca=ca, first=not seated, words=WINDOW) as ws:
                await ws.send(hello(code))
                link.tell("connected")
                lost_since = None
                await link.pump(ws, greeted)
        except (Refused, JoinRefused, wire.WireError) as exc:
            link.tell("failed", f"{address}: {exc}")
            return
        except ValueError as exc:             # a certificate file that cannot be read: its one line
            link.tell("failed", f"{CA_FIELD}: {exc}")
            return
        except LOST as exc:
            if not seated:
                link.tell("failed", f"{address}: cannot reach the game there ({reason_of(exc)})")
                return
            lost_since = lost_since or time.monotonic()
            if time.monotonic() - lost_since > GIVE_UP_S:
                link.tell("failed", f"{address}: the connection was lost ({reason_of(exc)})")
                return
            link.tell("reconnecting", reason_of(exc))
        else:                               # the referee closed the connection cleanly
            if not seated:
                link.tell("failed", f"{address}: the game there closed the connection")
                return
            lost_since = lost_since or time.monotonic()
            link.tell("reconnecting", "the connection was closed")
        await asyncio.sleep(RETRY_S)


# -- the host ----------------------------------------------------------------------------------------
class LocalSocket:
    """The host's own seat, talking to `Tables.converse` in-process as a guest talks over a websocket."""

    remote_address = ("this machine", 0)

    def __init__(self, link: Link) -> None:
        self.link = link
        self.inbound: asyncio.Queue[str | None] = asyncio.Queue()

    def __aiter__(self) -> "LocalSocket":
        return self

    async def __anext__(self) -> str:
        text = await self.inbound.get()
        if text is None:
            raise StopAsyncIteration
        return text

    async def send(self, text: str) -> None:
        self.link.received(text)


def seated_guests(tables: Tables) -> dict[int, str]:
    """The seats a guest (not the host's own) sits at, with the address it came from."""
    out = {}
    for seat in list(tables.seated):
        if isinstance(seat.ws, LocalSocket):
            continue
        where = getattr(seat.ws, "remote_address", None)
        out[seat.seat] = str(where[0]) if isinstance(where, (tuple, list)) and where else "?"
    return out


async def hosted(link: Link, tables: Tables, code: str, bind: str, port: int) -> None:
    """Referee `tables` on bind:port; our own seat (its `code`) talks to it in-process."""
    local = LocalSocket(link)

    def ready(server: Any) -> None:
        sockets = list(getattr(server, "sockets", None) or ())
        link.tell("listening", sockets[0].getsockname()[1] if sockets else port)

    async def watch() -> None:
        seen = None
        while True:
            now = seated_guests(tables)
            if now != seen:
                link.tell("seated", now)
                seen = now
            await asyncio.sleep(WATCH_S)

    async def forward() -> None:
        await local.inbound.put(hello(code))
        while True:
            await local.inbound.put(await link.outbox.get())
    serving = asyncio.ensure_future(serve_forever(tables, bind, port, ready=ready))
    others = [asyncio.ensure_future(c) for c in (tables.converse(local), watch(), forward())]
    try:
        done, _ = await asyncio.wait([serving, *others], return_when=asyncio.FIRST_COMPLETED)
        for t in done:
            try:
                t.result()
            except OSError as exc:
                link.tell("failed", f"cannot listen on {bind}:{port} ({exc.strerror or exc})")
                return
        link.tell("failed", "the game stopped")
    finally:
        for t in [serving, *others]:
            t.cancel()
        await asyncio.gather(serving, *others, return_exceptions=True)


# -- a game made on a club server ----------------------------------------------------------------------
async def created(link: Link, address: str, request: dict[str, Any], seat: int, ca: str | None = None) -> None:
    """Make a game on the server at `address` (its `create` message), tell its codes, then join
    our `seat` with its code. A wss:// address, or `ca`, talks TLS (as `joined`)."""
    try:
        async with await connect(address, ca=ca, words=WINDOW) as ws:
            await ws.send(wire.dumps({"type": "create", **request}))
            answer = wire.loads(await asyncio.wait_for(ws.recv(), 60), limit=1 << 20)
    except (wire.WireError, JoinRefused) as exc:
        link.tell("failed", f"{address}: {exc}")
        return
    except ValueError as exc:
        link.tell("failed", f"{CA_FIELD}: {exc}")
        return
    except LOST as exc:
        link.tell("failed", f"{address}: cannot reach a server there ({reason_of(exc)})")
        return
    if answer["type"] != "created":
        link.tell("failed", f"{address}: {answer.get('message', answer['type'])}")
        return
    codes = {int(s): str(c) for s, c in answer["codes"].items()}
    link.tell("created", codes)
    if seat not in codes:
        link.tell("failed", f"{address}: the server gave no code for side {seat}")
        return
    await joined(link, address, codes[seat], ca)


__all__ = ["Arrival", "Link", "LocalSocket", "created", "hosted", "joined", "seated_guests"]
