"""`python -m game host | join | serve` (issue 29): the command-line side of play at a distance.

Each command raises ValueError with one line for bad input (game/cli.py prints it, exit 2).
"""
from __future__ import annotations

import argparse
import asyncio
import socket
import sys
from pathlib import Path
from typing import Any

DEFAULT_PORT = 8765
RETRY_FOR = 600.0      # seconds a guest keeps reconnecting to a host that is gone (restarted after a crash)
LINGER = 60.0          # seconds a host stays after the game's end for a guest that was away then


def add_parsers(sub: Any) -> None:
    h = sub.add_parser("host", help="referee a game others join over the network")
    h.add_argument("target", metavar="SCENARIO|SAVE")
    h.add_argument("--port", type=int, default=DEFAULT_PORT)
    h.add_argument("--bind", default="0.0.0.0", help="the address to listen on (127.0.0.1: this machine only)")
    h.add_argument("--seat", type=int, help="the one side a guest plays (the others: --players' AI, else easy)")
    h.add_argument("--players", help="guest or an AI level for each side, comma-separated (default: all guests)")
    h.add_argument("--seed", type=int)
    h.add_argument("--max-turns", type=int)
    h.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    h.add_argument("--save", help="where the game is saved after every action (default: the saves folder)")
    h.add_argument("--guests-build", action="store_true",
                   help="in a scenario whose sides build their force on points, each guest builds its own "
                        "on its machine before the game begins (default: the scenario's own force)")
    add_tls(h)
    j = sub.add_parser("join", help="join a hosted game with its code")
    j.add_argument("address", metavar="ADDRESS:PORT", help="or ws://ADDRESS:PORT, or wss://ADDRESS:PORT for TLS")
    j.add_argument("--code", required=True)
    j.add_argument("--ai", metavar="LEVEL", help="let an AI level play the seat (without it, the window opens and you play it)")
    j.add_argument("--ca", metavar="CERT", help="TLS: trust this certificate (the host's own, PEM) instead of the "
                                                "system's store")
    j.add_argument("--retry-for", type=float, default=RETRY_FOR, metavar="SECONDS",
                   help=f"how long to keep trying while the host is gone (default {RETRY_FOR:g})")
    s = sub.add_parser("serve", help="a club server: many games, each saved after every action")
    s.add_argument("--port", type=int, default=DEFAULT_PORT)
    s.add_argument("--bind", default="0.0.0.0")
    s.add_argument("--data", help="where the games are kept (default: the player's folder, server/)")
    s.add_argument("--workers", type=int, default=1, metavar="N",
                   help="processes the games are spread over, to use N cores (default 1; not with --tls)")
    add_tls(s)


def add_tls(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"),
                        help="listen with TLS: the certificate (PEM, with its chain) and its private key")


def tls_of(args: argparse.Namespace) -> Any:
    """The ssl.SSLContext of --tls CERT KEY (None without it); a bad file is one line naming it."""
    if args.tls is None:
        return None
    from game.net.tls import server_context
    try:
        return server_context(*args.tls)
    except ValueError as exc:
        raise ValueError(f"--tls: {exc}") from None


def run(args: argparse.Namespace, options: dict[str, Any]) -> int:
    return {"host": host, "join": join, "serve": serve}[args.command](args, options)


# -- host ------------------------------------------------------------------------------------------
def seats_from(args: argparse.Namespace, sides: int) -> list[str]:
    """--players (one for all sides, or one per side) and --seat (the guest's side; the rest AI)."""
    from game.net.referee import GUEST
    given = [p.strip() for p in args.players.split(",")] if args.players else None
    if given is not None and len(given) == 1:
        given = given * sides
    if given is not None and len(given) != sides:
        raise ValueError(f"--players: expected one per side ({sides}), got {len(given)}")
    if args.seat is None:
        return given or [GUEST] * sides
    if not 0 <= args.seat < sides:
        raise ValueError(f"--seat: expected a side from 0 to {sides - 1}, got {args.seat}")
    seats = given or ["easy"] * sides
    seats[args.seat] = GUEST
    return seats


def host(args: argparse.Namespace, options: dict[str, Any]) -> int:
    import secrets
    from game import simulate
    from game.io.errors import FileProblem
    from game.io.paths import saves_dir
    from game.io.save_file import HUMAN, resume
    from game.io.scenario_file import load_scenario
    from game.net.mustering import Mustering, mustering_path
    from game.net.referee import GUEST, Referee, seats_path
    context = tls_of(args)
    try:
        target = Path(args.target)
        # a game already over: one line, and no wait for guests who have nothing left to do
        if target.suffix == ".json" and seats_path(target).exists():
            referee = Referee.restart(target)            # a host restarted: its guests' codes hold
            if referee.over:
                raise ValueError(game_over(referee.state, target))
        elif target.suffix == ".json" and (waiting := mustering_path(target)).exists():
            referee = Mustering.restart(waiting)         # restarted while it waited for the guests' forces
        elif (save := a_save(target)) is not None:       # a game saved in the window, hosted from there on
            state = resume(save)
            if state.outcome is not None:               # (said before any file is written)
                raise ValueError(game_over(state, target))
            seats = (seats_from(args, len(save.scenario.sides)) if args.players or args.seat is not None
                     else [GUEST if p == HUMAN else p for p in save.players] or [GUEST] * len(save.scenario.sides))
            referee = Referee.seat(state, save.actions, seats, Path(args.save) if args.save else
                                   saves_dir() / f"network-{secrets.token_hex(4)}.json")
        else:
            scenario = simulate.with_turn_limit(load_scenario(args.target), args.max_turns)
            seats = seats_from(args, len(scenario.sides))
            seed = args.seed if args.seed is not None else secrets.randbelow(2 ** 63)
            save = Path(args.save) if args.save else saves_dir() / f"network-{secrets.token_hex(4)}.json"
            building = guests_building(scenario, seats) if args.guests_build else []
            if building:                                 # the game begins once their forces are in
                referee = Mustering.new(scenario, seed, options, seats, None, building, save)
            else:
                scenario = simulate.with_built_forces(scenario, ["human" if s == "guest" else s for s in seats], seed)
                referee = Referee.new(scenario, seed, options, seats, save)
    except FileProblem as exc:
        raise ValueError(str(exc)) from None

    scenario = getattr(referee, "scenario", None) or referee.state.scenario      # (a game waiting for forces)

    def tell_where(server: Any) -> None:           # once the port is open
        print(f"hosting {scenario.title} ({scenario.ruleset}); saved after every action to {referee.save_path}")
        if getattr(referee, "awaited", None):
            print("waiting for the forces of " + ", ".join(scenario.sides[s].name for s in referee.awaited)
                  + ": each guest builds its own on points when it joins")
        for address in addresses(args.bind):
            print(f"address {address}:{args.port}")
        print(f"port {args.port}")
        where = f"wss://ADDRESS:{args.port}" if context else f"ADDRESS:{args.port}"
        trust = " [--ca CERT, a copy of this host's certificate, when it is its own]" if context else ""
        for seat, code in sorted(referee.codes.items()):
            print(f"join code for side {seat} ({scenario.sides[seat].name}): {code}")
            print(f"  python -m game join {where} --code {code}{trust}", flush=True)
    tables = told_tables(referee)
    listen(hosting(tables, args, tell_where, context), args)
    from game.simulate import summary_line
    print(summary_line(tables.games["game"].state))
    return 0


def guests_building(scenario: Any, seats: list[str]) -> list[int]:
    """--guests-build: the guest sides whose force the scenario lets them build on points."""
    from game.engine import registry
    from game.net.referee import GUEST
    rs = registry.get(scenario.ruleset)
    return [side for side, who in enumerate(seats) if who == GUEST and rs.muster(scenario, side) is not None]


async def hosting(tables: Any, args: argparse.Namespace, ready: Any, context: Any) -> None:
    """Serve the one game until it is over and every guest seat was told its end: a guest away at
    that moment (its connection dropped) comes back within its backoff; LINGER seconds at most."""
    from game.net.server import serve_forever
    serving = asyncio.create_task(serve_forever(tables, args.bind, args.port, ready=ready, ssl=context))
    ended = asyncio.create_task(every_guest_told(tables))
    await asyncio.wait({serving, ended}, return_when=asyncio.FIRST_COMPLETED)
    ended.cancel()
    serving.cancel()
    try:
        await serving                       # a port it could not listen on: the OSError
    except asyncio.CancelledError:
        pass


def told_tables(referee: Any) -> Any:
    """The host's one game, served by Tables that note which guest seats were sent the game's end."""
    from game.net.server import Tables

    class Told(Tables):
        def __init__(self) -> None:
            super().__init__()
            self.told_end: set[int] = set()

        async def tell(self, seat: Any) -> None:
            await super().tell(seat)
            if seat.referee.over and seat in self.seated:       # sent (a closed connection is dropped)
                self.told_end.add(seat.seat)
    tables = Told()
    tables.add("game", referee)
    return tables


async def every_guest_told(tables: Any) -> None:
    from game.net.referee import GUEST
    while not tables.games["game"].over:        # (the game itself once its forces are in)
        await asyncio.sleep(0.1)
    guests = {seat for seat, who in enumerate(tables.games["game"].seats) if who == GUEST}
    until = asyncio.get_running_loop().time() + LINGER
    while not guests <= tables.told_end and asyncio.get_running_loop().time() < until:
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)                # the last state on its way out


def a_save(target: Path) -> Any:
    """The save at `target`, or None when it is not one (a scenario, then)."""
    from game.io.errors import FileProblem
    from game.io.save_file import load_save, read_summary
    if target.suffix != ".json" or not target.is_file():
        return None
    try:
        read_summary(target)
    except FileProblem:
        return None
    return load_save(target)


def game_over(state: Any, where: Path | str) -> str:
    """The line saying a saved game is already over (who won, at which turn): hosting it would only
    wait for guests who have nothing left to do."""
    sides = state.scenario.sides
    winner = state.outcome.winner
    who = "a draw" if winner is None else f"won by {sides[winner].name}"
    return (f"{where}: this game is over ({who} on turn {min(state.flow.turn, state.scenario.turn_limit)}: "
            f"{state.outcome.reason}); there is nothing left to host: load it to look back at it")


def listen(serving: Any, args: argparse.Namespace) -> None:
    try:
        asyncio.run(serving)
    except OSError as exc:
        raise ValueError(f"--port {args.port}: cannot listen on {args.bind} ({exc.strerror or exc})") from None


def addresses(bind: str) -> list[str]:
    """The addresses this machine can be reached at (its own first, from the route out)."""
    if bind not in ("0.0.0.0", "::", ""):
        return [bind]
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))          # no packet is sent: the route's own address
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    found.append("127.0.0.1")
    return list(dict.fromkeys(found))


# -- join ------------------------------------------------------------------------------------------
def join(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from game.net.client import GameStalled, HostGone, JoinRefused, play
    if args.ai is None:
        raise ValueError("join: without --ai LEVEL the seat is played in the window (python -m game join)")
    if not 0 <= args.retry_for < 1e9:
        raise ValueError(f"--retry-for: expected seconds from 0 on, got {args.retry_for:g}")
    context = None
    if args.ca is not None:
        from game.net.tls import client_context
        if args.address.startswith("ws://"):
            raise ValueError(f"--ca: {args.address} is plain websockets (ws://); write wss:// to join with TLS")
        try:
            context = client_context(args.ca)
        except ValueError as exc:
            raise ValueError(f"--ca: {exc}") from None

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)
    try:
        guest = asyncio.run(play(args.address, args.code, args.ai, reconnect_for=args.retry_for, tls=context,
                                 say=say))
    except (JoinRefused, GameStalled, HostGone) as exc:
        raise ValueError(f"{args.address}: {exc}") from None
    assert guest.view is not None and guest.view.outcome is not None
    winner = guest.view.outcome.winner
    turns = min(guest.view.flow.turn, guest.view.scenario.turn_limit)
    print(f"winner={'draw' if winner is None else winner} turns={turns} seat={guest.seat}")
    return 0


# -- serve -----------------------------------------------------------------------------------------
def serve(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from game.io.paths import data_dir
    from game.net.server import Tables, serve_forever
    from game.net.workers import MAX_WORKERS, Front
    if not 1 <= args.workers <= MAX_WORKERS:
        raise ValueError(f"--workers: expected 1 to {MAX_WORKERS} processes, got {args.workers}")
    if args.workers > 1 and not sys.platform.startswith("linux"):
        raise ValueError("--workers: more than one process needs Linux (a connection is handed to a worker "
                         "as a file descriptor): leave out --workers")
    if args.workers > 1 and args.tls:
        raise ValueError("--workers: a TLS server runs in one process (a TLS connection cannot be handed "
                         "to another): leave out --workers or --tls")
    context = tls_of(args)                   # before anything is written
    data = Path(args.data) if args.data else data_dir() / "server"
    data.mkdir(parents=True, exist_ok=True)
    if args.workers > 1:
        tables = Front.start(data, args.workers)
        resumed = tables.resumed
    else:
        tables = Tables(data, open_to_create=True)
        resumed = tables.resume_all()
    for problem in tables.problems:
        print(f"warning: not resumed: {problem}", file=sys.stderr)
    scheme = "wss://" if context else ""
    try:
        listen(serve_forever(tables, args.bind, args.port, ssl=context, ready=lambda server: print(
            f"serving on {scheme}{args.bind}:{args.port}; {resumed} games resumed from {data}", flush=True)), args)
    finally:
        if isinstance(tables, Front):
            tables.stop()
    return 0
