"""Starting a game at a distance from the window: join one, host one here, or make one on a club
server. Each gives a RemoteGame whose network thread wakes the window with a pygame event when
something arrives (so a window at rest sleeps until then)."""
from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pygame

from game.net.link import CA_FIELD, Link, created, hosted, joined
from game.ui.remote import RemoteGame
from game.ui.session import HUMAN

DEFAULT_PORT = 8765          # as `python -m game host` listens on
BIND = "0.0.0.0"             # a host listens on every address of this machine (tests: 127.0.0.1)
YOU = "you"                  # the host's own seat, among the setup screen's player choices
GUEST = "guest"              # a person joining from another machine
# The event the network thread posts to wake the window: pygame's own USEREVENT, which
# `pygame.event.custom_type()` never hands out (pygame_gui's event types come from it, and pygame.quit
# starts its count again), marked as ours; no screen acts on it.
WAKE = pygame.USEREVENT


def _waker():
    def wake() -> None:
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(WAKE, network=True))
    return wake


def address_with_port(text: str) -> str:
    """"192.168.1.5" -> "192.168.1.5:8765"; an address with its port or a ws:// URL as it is."""
    text = text.strip()
    if text.startswith(("ws://", "wss://")) or (":" in text and text.rsplit(":", 1)[1].isdigit()):
        return text
    return f"{text}:{DEFAULT_PORT}"


def tls_problem(address: str, ca: str | None) -> str | None:
    """What is wrong with joining `address` trusting the certificate file `ca`, told before any
    connection (a missing or damaged file, a ws:// address, which is plain, given a certificate)."""
    if not ca:
        return None
    from game.net.client import context_for
    try:
        context_for(address_with_port(address), ca=ca)
    except ValueError as exc:
        return f"{CA_FIELD}: {exc}"
    return None


def join_game(address: str, code: str, ca: str | None = None) -> RemoteGame:
    """`ca`: the certificate a club's TLS server is trusted by (a wss:// address trusts the system's)."""
    address = address_with_port(address)
    link = Link(_waker())
    game = RemoteGame(link, code.strip(), address)
    link.start(lambda: joined(link, address, code.strip(), ca))
    return game


def play_in_window(address: str, code: str, ca: str | None = None) -> int:
    """`python -m game join ADDRESS --code CODE` without an AI level: the window opens on Play over
    the network and joins; what goes wrong is its one line there."""
    from game.rulesets import load_all
    from game.ui.app import App
    load_all()
    app = App()
    app.reset(app.screen("menu"), app.screen("net", address=address, code=code, ca=ca))
    try:
        app.run()
    finally:
        app.save_settings()
        app.reset()                       # the network thread stops with the table
        pygame.quit()
    return app.exit_code


def seats_of(players: list[str]) -> tuple[list[str], int]:
    """The setup screen's choices -> the referee's seats and the host's own side (ValueError: one line)."""
    from game.net.referee import GUEST as SEATED
    mine = [i for i, p in enumerate(players) if p == YOU]
    if len(mine) != 1:
        raise ValueError(f"choose '{YOU}' for exactly one side (now {len(mine)})")
    if GUEST not in players:
        raise ValueError(f"choose '{GUEST}' for the side the other player plays")
    return [SEATED if p in (YOU, GUEST) else p for p in players], mine[0]


def people(players: list[str]) -> list[str]:
    """Who plays each side, as the table says it: a person (here or there) or an AI level."""
    return [HUMAN if p in (YOU, GUEST) else p for p in players]


def host_game(scenario: Any, seed: int, options: dict[str, Any], players: list[str], port: int,
              bind: str | None = None, forces: dict[int, list] | None = None, awaited: list[int] = ()) -> RemoteGame:
    """Referee the game in this process (saved after every action in the saves folder, so
    `python -m game host` can take it up again) and listen for its guests on `port`. `awaited`:
    the guest sides that build their own force on points: the game then waits for them, made from
    `scenario` as the file gives it and the `forces` built here (game/net/mustering.py)."""
    from game.io.paths import saves_dir
    from game.net.mustering import Mustering
    from game.net.referee import Referee
    from game.net.server import host_referee
    seats, mine = seats_of(players)
    bind = bind or BIND
    save = saves_dir() / f"network-{secrets.token_hex(4)}.json"
    referee = (Mustering.new(scenario, seed, options, seats, forces, list(awaited), save) if awaited
               else Referee.new(scenario, seed, options, seats, save))
    link = Link(_waker())
    game = RemoteGame(link, referee.codes[mine], "this machine", people(players), save, hosting=True, mine=mine)
    game.codes = {s: c for s, c in referee.codes.items() if s != mine}
    game.referee = referee            # on the network thread from now on: read it only at rest
    game.bind = bind
    link.start(lambda: hosted(link, host_referee(referee), referee.codes[mine], bind, port))
    return game


def host_on_server(address: str, scenario_name: str, seed: int, options: dict[str, Any],
                   players: list[str], ca: str | None = None, forces: dict[int, list] | None = None,
                   awaited: list[int] = ()) -> RemoteGame:
    """Make the game on a club server (the server is the referee; we are a guest there too); `ca`:
    the certificate its TLS is trusted by (a wss:// address trusts the system's); `forces`: the
    forces built on points in the setup, by side (the server checks them as the setup did);
    `awaited`: the guest sides that build their own (the server waits for them)."""
    seats, mine = seats_of(players)
    address = address_with_port(address)
    link = Link(_waker())
    game = RemoteGame(link, "", address, people(players), mine=mine)
    request = {"scenario": scenario_name, "players": seats, "seed": seed, "options": options}
    if forces:
        request["forces"] = {str(side): entries for side, entries in forces.items()}
    if awaited:
        request["build"] = list(awaited)

    async def make() -> None:
        await created(link, address, request, mine, ca)
    link.start(make)
    return game


def scenario_name(current: str | None) -> str | None:
    """The name a club server knows a scenario by: a bundled one's name, not a file of this machine."""
    if current is None or Path(current).suffix == ".json" or "/" in current or "\\" in current:
        return None
    return current
