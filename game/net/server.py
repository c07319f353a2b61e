"""The websocket transport of the referee: `host` (one game) and `serve` (a club server, many games).

A connection's first message is `hello` with a join code (or, on a club server, `create` to start a
game: the reply names its join codes). The code binds the connection to its seat; from then on the
connection sends `act` messages and receives, after every action of the game, its seat's `state`
(before a game whose guests build their force on points begins: `force` and `muster`,
game/net/mustering.py).
Every fault gets one `error` reply and changes nothing. Loopback tests bind 127.0.0.1.
"""
from __future__ import annotations

import asyncio
import dataclasses
import functools
import queue
import secrets
import sys
import threading
import zlib
from pathlib import Path
from typing import Any, AsyncIterator, Callable

import websockets

from game.io.errors import FileProblem
from game.io.shared_journal import SharedJournal, journal_files, new_run, read_shared
from game.net import mustering, wire
from game.net.compose import Sent
from game.net.referee import GUEST, Referee, RefereeError

GAME_FILE = "game.json"         # each game in a folder of its own: DIR/<game id>/game.json (and its seats)
FRAME_LIMIT = 4 * wire.MAX_MESSAGE_BYTES     # bigger frames close the connection; smaller ones over
                                             # the message limit get an error reply
# no permessage-deflate: it cost the server more CPU per action than anything but the rules (0.8 ms
# on a 68 KB state); a state is a few KB now that each move region is sent once (wire.VERSION 2)
COMPRESSION = None
SETTLING_THREADS = 16


class Settling:
    """The threads that make actions durable (fsync) while the event loop goes on with the other
    games; many at once, so that the disk takes many games' syncs together. A queue to them and one
    call back into the loop: half the CPU of an executor's hand-off (a concurrent future, its
    condition and the executor's semaphore per action: 15 against 7 microseconds)."""

    def __init__(self, threads: int = SETTLING_THREADS) -> None:
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._threads = threads
        self._started = threading.Lock()
        self._running = False

    async def run(self, work: Callable[[], None]) -> None:
        """`work()` in one of the threads; what it raises is raised here."""
        done = asyncio.get_running_loop().create_future()
        self.submit(work, functools.partial(_settled, done))
        await done

    def submit(self, work: Callable[[], None], then: Callable[[BaseException | None], None]) -> None:
        """`work()` in one of the threads, then `then(what it raised, or None)` in the event loop."""
        if not self._running:
            self._start()
        self._queue.put((asyncio.get_running_loop(), then, work))

    def _start(self) -> None:
        with self._started:
            if not self._running:
                for n in range(self._threads):
                    threading.Thread(target=self._serve, name=f"settle-{n}", daemon=True).start()
                self._running = True

    def _serve(self) -> None:
        while True:
            loop, then, work = self._queue.get()
            failed = None
            try:
                work()
            except BaseException as exc:        # handed to the awaiting coroutine, raised there
                failed = exc
            try:
                loop.call_soon_threadsafe(then, failed)
            except RuntimeError:                # the loop has closed: nobody waits any more
                pass


def _settled(done: asyncio.Future, failed: BaseException | None) -> None:
    if done.cancelled():
        return
    if failed is None:
        done.set_result(None)
    else:
        done.set_exception(failed)


SETTLING = Settling()


class GroupCommit:
    """The actions of a server's games made durable together (a group commit): an action joins the
    sync that no thread has begun yet, if there is one, else asks for a new one. A sync begun
    covers every line written before it; so an action never waits longer than for a sync of its
    own, and the busier the threads (or the interpreter lock), the more actions each sync serves:
    50 games' actions cost fewer syncs, thread wake-ups and calls back into the event loop."""

    def __init__(self, journal: SharedJournal) -> None:
        self.journal = journal
        self._open: list[asyncio.Future] | None = None    # the waiters of the sync not begun yet
        self._lock = threading.Lock()

    def durable(self) -> asyncio.Future:
        """A future done when every line written so far is durable (its exception: the sync's)."""
        done = asyncio.get_running_loop().create_future()
        with self._lock:
            batch = self._open
            if batch is None:
                batch = self._open = []
                SETTLING.submit(functools.partial(self._sync, batch), functools.partial(self._synced, batch))
            batch.append(done)
        return done

    def _sync(self, batch: list[asyncio.Future]) -> None:
        """In a thread: the batch closed (a later action asks for a sync of its own), then the sync."""
        with self._lock:
            if self._open is batch:
                self._open = None
        self.journal.sync()

    @staticmethod
    def _synced(batch: list[asyncio.Future], failed: BaseException | None) -> None:
        for done in batch:
            _settled(done, failed)


@dataclasses.dataclass(eq=False)
class Seat:
    """One guest's connection: its seat, and what it was last sent of its game's view (the ground
    of the next change; None: nothing yet)."""

    ws: Any
    referee: Referee
    seat: int
    sent: Sent | None = None


class HandedOver(Exception):
    """The connection was handed to another process (serve --workers): this one lets go of it."""


def shard_of(game_id: str, count: int) -> int:
    """Which of `count` workers holds a game (game/net/workers.py): by its folder's name."""
    return zlib.crc32(game_id.encode()) % count


class Tables:
    """The games a server referees, found by join code; `data`: where each game is saved;
    `shard`: (index, count): this process holds only the games shard_of gives it (serve --workers)."""

    def __init__(self, data: Path | None = None, open_to_create: bool = False,
                 shard: tuple[int, int] = (0, 1), run: str | None = None) -> None:
        self.games: dict[str, Referee] = {}
        self.data, self.open_to_create, self.shard = data, open_to_create, shard
        # the games' shared journal: `run` names this start of the server (its workers share it)
        self.run = run or new_run()
        self.shared = SharedJournal(data, self.run, shard[0]) if data is not None else None
        self.commit = GroupCommit(self.shared) if self.shared is not None else None
        self.seated: set[Seat] = set()
        self.errors_sent = 0
        self.all_over: asyncio.Event | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        self.problems: list[str] = []          # games that could not be resumed, one line each

    def add(self, game_id: str, referee: Referee) -> None:
        # The options of the game's first decision are found as it is made or resumed, not when its
        # first guest says hello: the guest's welcome waits less, and a worker warms its rules'
        # memories (a roll's odds, a table's cover: ~20 ms for its first game) before play begins.
        # Found first: a game whose rules fail there is not added.
        referee.legal()
        self.games[game_id] = referee
        self._locks[id(referee)] = asyncio.Lock()

    def lock(self, referee: Referee) -> asyncio.Lock:
        """One action at a time in a game (the others' go on meanwhile)."""
        return self._locks[id(referee)]

    def resume_all(self) -> int:
        """Every game saved in the data folder, back as it was (after a restart, even a kill -9): its
        save, and its lines in the shared journals of the server's earlier runs (or a game still
        waiting for its guests' forces, game/net/mustering.py). Each is then saved whole, so a server
        of one process removes those journals (a server with workers: its front, once every worker
        has resumed its games); not when a game could not be resumed."""
        assert self.data is not None and self.shared is not None
        old = earlier_journals(self.data, self.run)
        try:
            shared = read_shared(old)
        except FileProblem as exc:              # a line whose game is unknown: no game is safe to resume
            self.problems.append(f"{exc} (no game resumed: any of them may have an action there)")
            return 0
        for note in shared.notes:
            print(f"note: {note}", file=sys.stderr, flush=True)
        for path in sorted(self.data.glob(f"*/{GAME_FILE}")) + mustering.waiting_in(self.data, GAME_FILE):
            game = path.parent.name
            if shard_of(game, self.shard[1]) != self.shard[0]:
                continue                        # another worker's game
            try:
                if game in shared.broken:
                    raise shared.broken[game]
                self.add(game, referee := mustering.restart(path, self.shared, shared.games.get(game, [])))
            except (FileProblem, RefereeError) as exc:     # one broken game does not stop the others
                self.problems.append(str(exc))
                continue
            except Exception as exc:    # a save that loads but whose rules fail on it: the same, in one line
                self.problems.append(f"{path}: this game cannot be resumed ({type(exc).__name__}: {exc})")
                continue
            if referee.note:
                print(f"note: {referee.note}", file=sys.stderr, flush=True)
        if self.shard[1] == 1 and not self.problems:
            forget(old)
        return len(self.games)

    def find(self, code: Any) -> tuple[Referee, int]:
        """The game and seat of a join code (every game asked, each in constant time)."""
        for referee in self.games.values():
            try:
                return referee, referee.join(code)
            except RefereeError:
                continue
        raise RefereeError("hello.code: no seat on this server has that join code")

    def create(self, message: dict[str, Any]) -> dict[str, Any]:
        """A new game on a club server: {scenario (a bundled name), players (guest or an AI level,
        one per side), seed?, options?, max_turns?, forces? (built on points by its maker, a list of
        entries by side, checked as the setup screen checks them), build? (the sides whose guest
        builds its own force: the game waits for them, game/net/mustering.py)} -> its id and join codes."""
        from game import simulate
        from game.io.save_file import HUMAN
        from game.io.scenario_file import load_scenario
        if not self.open_to_create or self.data is None:
            raise RefereeError("create: this host holds one game; join it with its code")
        players, seed = message.get("players"), message.get("seed", secrets.randbelow(2 ** 63))
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RefereeError("create.players: expected a list of 'guest' or AI levels, one per side")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 63:
            raise RefereeError("create.seed: expected a whole number from 0 to 2**63-1")
        options, max_turns = message.get("options") or {}, message.get("max_turns")
        if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1):
            raise RefereeError("create.max_turns: expected a whole number of turns >= 1")
        forces = message.get("forces") or {}
        if not isinstance(forces, dict) or not all(str(k).isdigit() and isinstance(v, list) for k, v in forces.items()):
            raise RefereeError("create.forces: expected the forces built on points, a list of entries by side")
        try:
            base = simulate.with_turn_limit(load_scenario(str(message.get("scenario"))), max_turns)
            scenario = simulate.with_built_forces(base, [HUMAN if p == GUEST else p for p in players], seed,
                                                  {int(k): v for k, v in forces.items()})
        except FileProblem as exc:
            raise RefereeError(f"create.scenario: {exc}") from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:    # MusterError: every reason
            why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise RefereeError(f"create.forces: {why}") from None
        game_id = secrets.token_hex(6)
        while shard_of(game_id, self.shard[1]) != self.shard[0]:
            game_id = secrets.token_hex(6)
        built, path = {int(k): v for k, v in forces.items()}, self.data / game_id / GAME_FILE
        awaited = mustering.awaited_sides(message["build"], base, players, built) if message.get("build") else []
        try:
            referee = (mustering.Mustering.new(base, seed, options, players, built, awaited, path, self.shared)
                       if awaited else Referee.new(scenario, seed, options, players, path, self.shared))
        except (ValueError, TypeError) as exc:
            raise RefereeError(f"create: {exc}") from None
        self.add(game_id, referee)
        return {"type": "created", "game": game_id, "codes": {str(s): c for s, c in referee.codes.items()}}

    # -- the conversation ----------------------------------------------------------------------
    async def converse(self, ws: Any, first: str | None = None) -> None:
        """A connection's conversation; `first`: its first message, already read (by the process
        that handed the connection over)."""
        seat: Seat | None = None
        try:
            async for text in _messages(first, ws):
                if seat is not None:
                    refused = await self._act(seat, text)
                    if refused is not None:
                        await self._error(ws, refused)
                    continue
                try:
                    seat = await self._greet(ws, wire.loads(text), text)
                except HandedOver:
                    return
                except (wire.WireError, RefereeError) as exc:
                    await self._error(ws, str(exc))
                except Exception as exc:    # a scenario the ruleset cannot set up: one line, no game
                    await self._error(ws, f"the server could not do that ({type(exc).__name__}: {exc})")
        except websockets.ConnectionClosed:
            pass
        finally:
            self.seated.discard(seat)     # type: ignore[arg-type]

    async def _act(self, seat: Seat, text: str | bytes) -> str | None:
        """A seated guest's message, one at a time in its game: applied and made durable, then told
        to every seat of the game, then the save written whole if it is due; or the one line it is
        refused with (the game unchanged)."""
        referee = seat.referee
        async with self.lock(referee):
            refused = referee.handle(seat.seat, text, settle=False)
            if refused is None:
                await self.settle(referee)
                if type(referee) is mustering.Mustering:
                    referee = self.begin(referee)
                await self.tell_all(referee, seat.seat)
                await self.compact(referee)
                if self.all_over is not None and all(r.over for r in self.games.values()):
                    self.all_over.set()         # every game told its end and saved whole
        return refused

    async def _greet(self, ws: Any, message: dict[str, Any], text: str | bytes = "") -> Seat | None:
        if message["type"] == "create":
            await ws.send(wire.dumps(self.create(message)))
            return None
        if message["type"] != "hello":
            raise RefereeError(f"message.type: expected 'hello' with your join code first, got {message['type'][:40]!r}")
        referee, side = self.find(message.get("code"))
        seat = Seat(ws, referee, side)
        async with self.lock(referee):
            if type(referee) is mustering.Mustering and referee.begun is not None:   # begun meanwhile
                seat.referee = referee = referee.begun
            self.seated.add(seat)
            await ws.send(wire.dumps(referee.welcome(side)))
            await self.tell(seat)
        return seat

    def begin(self, waiting: mustering.Mustering) -> Referee | mustering.Mustering:
        """A game waiting for its forces that got the last one: the game itself from now on, in
        its place, under its lock, for the seats at it (each sent the whole view next)."""
        game = waiting.begun
        if game is None:
            return waiting
        for game_id, held in list(self.games.items()):
            if held is waiting:
                self.games[game_id] = game
        self._locks[id(game)] = self.lock(waiting)
        for seat in self.seated:
            if seat.referee is waiting:
                seat.referee, seat.sent = game, None
        return game

    async def settle(self, referee: Referee) -> None:
        """The game's new actions made durable before anyone hears of them: the sync waits in a
        thread while the other games go on (the shared journal's: one sync for the actions of every
        game that came meanwhile). A disk that fails stops the game, said to its guests."""
        try:
            if referee.settled_together is not None and self.commit is not None:
                await self.commit.durable()
            else:
                await SETTLING.run(referee.settle)
        except (OSError, FileProblem) as exc:
            referee.problem = f"the server could not save the game ({exc})"

    @staticmethod
    async def compact(referee: Referee) -> None:
        """The save written whole when it is due, once the guests were told (the journal holds the
        game durably meanwhile). A disk that fails is said on the server's error stream: the
        journal still holds the game, and the next action (or a restart) writes it whole again.
        Nothing is handed to a thread when no whole save is due (most actions): a thread woken for
        nothing (5-20 microseconds of CPU an action, and its switches, measured with a loop as busy
        as net-load's)."""
        if not referee.compact_due:
            return
        try:
            await SETTLING.run(referee.compact)
        except (OSError, FileProblem) as exc:
            print(f"note: the save could not be written whole ({exc}); its journal holds the game",
                  file=sys.stderr, flush=True)

    async def _error(self, ws: Any, text: str) -> None:
        self.errors_sent += 1
        await ws.send(wire.dumps({"type": "error", "message": text}))

    async def tell(self, seat: Seat) -> None:
        text, seat.sent = seat.referee.update(seat.seat, seat.sent)
        try:
            await seat.ws.send(text)
        except websockets.ConnectionClosed:
            self.seated.discard(seat)

    async def tell_all(self, referee: Referee, acting: int = -1) -> None:
        for seat in sorted((s for s in self.seated if s.referee is referee), key=lambda s: s.seat != acting):
            await self.tell(seat)               # the acting seat's echo first


def earlier_journals(data: Path, run: str) -> list[Path]:
    """The shared journals of a data folder written by the server's earlier runs (not by `run`)."""
    return [p for p in journal_files(data) if not p.name.startswith(f"{run}-")]


def forget(journals: list[Path]) -> None:
    """Remove journals every game's whole save has made obsolete (after a restart)."""
    for path in journals:
        path.unlink(missing_ok=True)


async def _messages(first: str | None, ws: Any) -> AsyncIterator[str | bytes]:
    if first is not None:
        yield first
    async for text in ws:
        yield text


async def serve_forever(tables: Tables, host: str, port: int, ready: Any = None,
                        until_over: bool = False, ssl: Any = None) -> None:
    """Serve until cancelled; `until_over`: until every game is over and its guests were told;
    `ssl`: an ssl.SSLContext to listen with TLS (game/net/tls.py)."""
    tables.all_over = asyncio.Event()
    async with websockets.serve(tables.converse, host, port, max_size=FRAME_LIMIT, ssl=ssl,
                                compression=COMPRESSION) as server:
        if ready is not None:
            ready(server)
        if until_over:
            if not all(r.over for r in tables.games.values()):
                await tables.all_over.wait()
            await asyncio.sleep(0.5)          # the last state on its way out
        else:
            await asyncio.get_running_loop().create_future()


def host_referee(referee: Referee) -> Tables:
    tables = Tables()
    tables.add("game", referee)
    return tables


__all__ = ["GUEST", "GroupCommit", "HandedOver", "Tables", "earlier_journals", "forget", "serve_forever",
           "host_referee", "shard_of", "FRAME_LIMIT"]
