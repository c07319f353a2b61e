"""A headless guest over websockets: joins with its code, plays its seat with an AI level, and
reconnects on its own when the connection drops (the referee restarted, the network hiccupped)."""
from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import websockets

from game.net.guest import Guest


class JoinRefused(ValueError):
    """The referee refused the join code (or the version): its one line."""


class GameStalled(RuntimeError):
    """The referee's own AI failed: the game cannot go on (its one line)."""


def url(address: str) -> str:
    """ADDRESS:PORT (or a ws:// URL) -> the websocket URL."""
    return address if address.startswith(("ws://", "wss://")) else f"ws://{address}"


async def play(address: str, code: str, level: str, record: list[str] | None = None,
               rounds: list[float] | None = None, reconnect_for: float = 30.0,
               on_state: Callable[[Guest], Any] | None = None) -> Guest:
    """Play the seat of `code` to the game's end. `record`: every message received, as sent;
    `rounds`: each action's round trip in ms, from its send to the state that echoes it."""
    guest = Guest(code, level)
    answered = -1
    lost_since: float | None = None
    while not guest.over:
        try:
            async with websockets.connect(url(address), max_size=1 << 30, open_timeout=5) as ws:
                await ws.send(guest.hello())
                lost_since, sent_at = None, None
                async for text in ws:
                    if record is not None:
                        record.append(text)
                    guest.receive(text)
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
                        break
                    if guest.my_turn and guest.at != answered:
                        message = guest.answer()
                        answered, sent_at = guest.at, time.perf_counter()
                        await ws.send(message)
        except (OSError, websockets.ConnectionClosed, asyncio.TimeoutError):
            lost_since = lost_since or time.monotonic()
            if time.monotonic() - lost_since > reconnect_for:
                raise
            answered = -1
            await asyncio.sleep(0.2)
    return guest


__all__ = ["GameStalled", "JoinRefused", "play", "url"]
