"""A headless guest over websockets: joins with its code, plays its seat with an AI level, and
reconnects on its own when the connection drops (the referee restarted, the network hiccupped).

Reconnecting waits longer after each failed attempt (a quarter second, doubling up to 20 s) and tells
each attempt in one line through `say`. What no retry can mend is final and one line: a join code or
a protocol version refused (JoinRefused), a certificate not trusted, plain websockets meeting TLS or
the reverse; a host silent for `reconnect_for` seconds is HostGone.
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import socket
import ssl
import time
from typing import Any, Callable
from urllib.parse import urlsplit

import websockets

from game.net import wire
from game.net.guest import Guest
from game.net.tls import client_context, untrusted_line

RETRY_FIRST, RETRY_MOST = 0.25, 20.0    # seconds before the first attempt again, and at most
LAST_TRY = 0.1                          # less time left than this before giving up: give up now
OPEN_TIMEOUT = 5.0                      # the opening handshake (TCP, TLS, HTTP upgrade)
PROBE_TIMEOUT = 3.0


class JoinRefused(ValueError):
    """What no retry mends (the join code, the version, the TLS): its one line."""


class GameStalled(RuntimeError):
    """The referee's own AI failed: the game cannot go on (its one line)."""


class HostGone(ConnectionError):
    """No host answered for the whole time a client keeps trying: its one line."""


@dataclasses.dataclass(frozen=True)
class CaWords:
    """How the lines about TLS tell a player to give a club's own certificate, or to go without:
    `join --ca CERT` on the command line, a field in the window (game/net/link.py)."""

    give: str = "give a copy of it with --ca CERT"
    with_it: str = "with --ca CERT when its certificate is its own"
    without: str = "without --ca"


COMMAND_LINE = CaWords()


def url(address: str, tls: bool = False) -> str:
    """ADDRESS:PORT (or a ws:// or wss:// URL) -> the websocket URL; `tls`: wss:// for ADDRESS:PORT."""
    if address.startswith(("ws://", "wss://")):
        return address
    return f"{'wss' if tls else 'ws'}://{address}"


def context_for(address: str, tls: ssl.SSLContext | None = None, ca: str | None = None) -> ssl.SSLContext | None:
    """The TLS context a connection to `address` uses: `tls` when given; else, for a wss:// address
    or with `ca`, one trusting `ca` (a club's own certificate) or the system's store; None: plain."""
    if address.startswith("ws://") and (tls is not None or ca is not None):
        raise ValueError(f"{address}: a ws:// address is plain websockets; write wss:// for TLS")
    if tls is not None:
        return tls
    if ca is not None or address.startswith("wss://"):
        return client_context(ca)
    return None


async def connect(address: str, tls: ssl.SSLContext | None = None, ca: str | None = None,
                  first: bool = True, words: CaWords = COMMAND_LINE) -> Any:
    """An open websocket to the referee at `address`. Raises JoinRefused for what no retry mends
    (an untrusted certificate, plain websockets against TLS or the reverse, an address that names
    no machine when `first`: its line tells the fix in `words`), else the transient fault (OSError,
    a handshake cut short, a timeout)."""
    context = context_for(address, tls, ca)
    target = url(address, context is not None)
    try:
        return await websockets.connect(target, ssl=context, max_size=1 << 30, open_timeout=OPEN_TIMEOUT)
    except ssl.SSLCertVerificationError as exc:
        raise JoinRefused(untrusted_line(exc, words.give)) from None
    except socket.gaierror as exc:
        if first:
            raise JoinRefused(f"no machine is called {urlsplit(target).hostname} ({exc.strerror or exc})") from None
        raise
    except websockets.InvalidStatus as exc:
        status = exc.response.status_code
        if status < 500:
            raise JoinRefused(f"the address answered HTTP {status}: it is not a Skirmish Table host") from None
        raise
    except (OSError, websockets.InvalidHandshake, asyncio.TimeoutError, EOFError) as exc:
        if not isinstance(exc, (ConnectionRefusedError, asyncio.TimeoutError)):
            mismatch = await other_transport(target, context, words)
            if mismatch is not None:
                raise JoinRefused(mismatch) from None
        raise


async def other_transport(target: str, context: ssl.SSLContext | None,
                          words: CaWords = COMMAND_LINE) -> str | None:
    """After an opening handshake that failed: does the host speak the other transport (TLS where
    we spoke plain, or plain where we spoke TLS)? Its line, or None (gone or busy: try again)."""
    parts = urlsplit(target)
    host, port = parts.hostname or "", parts.port or (443 if parts.scheme == "wss" else 80)
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"        # an IPv6 address in brackets
    writer = None
    try:
        if context is None:                 # spoken plain: does a TLS handshake succeed there?
            probe = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            probe.check_hostname, probe.verify_mode = False, ssl.CERT_NONE      # nothing is sent on it
            _, writer = await asyncio.wait_for(asyncio.open_connection(host, port, ssl=probe), PROBE_TIMEOUT)
            return f"the host speaks TLS: join wss://{where} ({words.with_it})"
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), PROBE_TIMEOUT)
        writer.write(b"GET / HTTP/1.1\r\nHost: " + host.encode("idna") + b"\r\n\r\n")
        head = await asyncio.wait_for(reader.read(5), PROBE_TIMEOUT)
        if head == b"HTTP/":
            return f"the host does not speak TLS: join ws://{where} (or {where}) {words.without}"
        return None
    except (OSError, asyncio.TimeoutError, EOFError, UnicodeError):
        return None
    finally:
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError, ssl.SSLError, asyncio.TimeoutError):
                await asyncio.wait_for(writer.wait_closed(), PROBE_TIMEOUT)


async def play(address: str, code: str, level: str, record: list[str] | None = None,
               rounds: list[float] | None = None, reconnect_for: float = 30.0,
               on_state: Callable[[Guest], Any] | None = None, *, tls: ssl.SSLContext | None = None,
               ca: str | None = None, say: Callable[[str], Any] | None = None) -> Guest:
    """Play the seat of `code` to the game's end. `record`: every message received, as sent;
    `rounds`: each action's round trip in ms, from its send to the state that echoes it; `tls`, `ca`:
    as `connect`; `say`: told one line before each attempt to reconnect."""
    guest = Guest(code, level)
    lost_since: float | None = None
    attempt, reached = 0, False
    while not guest.over:
        try:
            ws = await connect(address, tls, ca, first=not reached)
            reached, attempt, lost_since = True, 0, None
            async with ws:
                await converse(ws, guest, record, rounds, on_state)
            if guest.over:
                break
            why = "the host closed the connection"
        except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake, asyncio.TimeoutError,
                EOFError) as exc:
            why = reason(exc)
        lost_since = lost_since or time.monotonic()
        left = lost_since + reconnect_for - time.monotonic()
        if left < LAST_TRY:                 # no time for a try worth making (not a flood of tiny waits)
            raise HostGone(f"gave up after {reconnect_for:g} s: {why}; join again when the host is back")
        delay = round(min(RETRY_FIRST * 2 ** attempt, RETRY_MOST, left), 2)
        attempt += 1
        if say is not None:
            say(f"{address}: {why}; trying again in {delay:g} s (attempt {attempt})")
        await asyncio.sleep(delay)
    return guest


async def converse(ws: Any, guest: Guest, record: list[str] | None, rounds: list[float] | None,
                   on_state: Callable[[Guest], Any] | None) -> None:
    """One connection: hello, then each state received and, at the guest's own decision, its answer."""
    await ws.send(guest.hello())
    answered, sent_at, built = -1, None, False
    async for text in ws:
        if record is not None:
            record.append(text)
        try:
            guest.receive(text)
        except wire.VersionMismatch as exc:
            raise JoinRefused(exc.line("the host")) from None
        except (wire.WireError, KeyError, TypeError, ValueError) as exc:
            raise JoinRefused(f"the host sent a message this client cannot read ({str(exc)[:120]})") from None
        if guest.errors and guest.view is None:
            raise JoinRefused(guest.errors[-1])
        if sent_at is not None and rounds is not None and guest.at > answered:
            rounds.append((time.perf_counter() - sent_at) * 1000)
            sent_at = None
        if guest.problem:
            raise GameStalled(guest.problem)
        if on_state is not None:
            on_state(guest)
        if guest.over:
            return
        if guest.to_build is not None and not built:     # the game waits for this seat's force
            built = True
            await ws.send(guest.build_force())
        if guest.my_turn and guest.at != answered:
            message = guest.answer()
            answered, sent_at = guest.at, time.perf_counter()
            await ws.send(message)


def reason(exc: BaseException) -> str:
    """A transient fault in a few words."""
    if isinstance(exc, websockets.ConnectionClosed):
        return "the connection was lost"
    if isinstance(exc, asyncio.TimeoutError):
        return "no answer in time"
    if isinstance(exc, ConnectionRefusedError):
        return "no host listens there (connection refused)"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower() if not isinstance(exc, socket.gaierror) else f"address not found ({exc.strerror})"
    return str(exc)[:120] or type(exc).__name__


__all__ = ["CaWords", "GameStalled", "HostGone", "JoinRefused", "connect", "context_for", "play", "url"]
