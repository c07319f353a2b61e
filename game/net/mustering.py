"""A game waiting for the forces its guests build on points, each on its own machine (issue 29).

In a scenario whose sides build their force on points, the game's maker may leave a guest's side
"built by the guest". The game cannot be made before that force is in (the scenario the game plays
holds every side's force), so the referee first holds a `Mustering`: the scenario as the bundle or
the file gives it, the seed, the seats and their join codes, and the forces already built (the
maker's own, checked as its setup checked them). A guest seated there is sent `muster`: the
scenario's own document when its side is still to be built (its builder needs the form and the
points limit its ruleset declares for that side, game/engine/muster.py), and which sides are
awaited. Nobody is sent another side's built force: the scenario goes as it was before any force
was built. The guest answers `force` with its side and its entries; the referee checks it with the
checks the new-game screen's builder passes (the ruleset's tally, then the scenario with every force
in it validated as a file), and an illegal one gets one error reply and changes nothing. Once the
last awaited force is in, the game is made as every game is (`simulate.with_built_forces`, then
`Referee.new` with the same seed and join codes): the game `simulate` makes with those forces.

A Mustering is saved beside the game's save (`game.mustering.json`, atomically, after every force)
so a server killed while it waits resumes it (`restart`); the file goes once the game's own save is
written. It answers what a server asks of a referee (join, welcome, update, handle, settle), so a
server holds it where the game will be, and swaps the game in when it begins (`begun`).
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Sequence

from game.engine.dice import derived_seed
from game.engine.scenario import Scenario
from game.io.errors import FileProblem, json_kind
from game.io.jsontext import parse_json, read_bytes
from game.io.journal import Entry
from game.io.save_file import HUMAN, write_json_atomic
from game.io.shared_journal import SharedJournal
from game.net import wire
from game.net.referee import GUEST, Referee, RefereeError, new_code

FORMAT = "skirmish-table-mustering"
SUFFIX = ".mustering.json"
MUSTER, FORCE = "muster", "force"          # the two message kinds (optional: a game made without
                                           # "built by the guest" never sends them)


def mustering_path(save_path: Path) -> Path:
    """`DIR/game.json` -> `DIR/game.mustering.json`: the waiting game beside the game to be."""
    return save_path.with_name(save_path.name.removesuffix(".json") + SUFFIX)


def game_path(waiting: Path) -> Path:
    return waiting.with_name(waiting.name.removesuffix(SUFFIX) + ".json")


def awaited_sides(build: Any, scenario: Scenario, seats: list[str], built: dict[int, list] | None = None,
                  where: str = "create.build") -> list[int]:
    """The sides a game's maker leaves to their guests to build: a list of guest sides whose
    force the scenario lets them build (RefereeError naming `where` otherwise)."""
    from game.engine import registry
    if not isinstance(build, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in build):
        raise RefereeError(f"{where}: expected the sides whose guest builds its own force, a list of numbers")
    ruleset = registry.get(scenario.ruleset)
    for side in build:
        if not 0 <= side < len(seats):
            raise RefereeError(f"{where}: expected a side from 0 to {len(seats) - 1}, got {side}")
        if seats[side] != GUEST:
            raise RefereeError(f"{where}: side {side} is played by {seats[side]!r}, not a guest")
        if ruleset.muster(scenario, side) is None:
            raise RefereeError(f"{where}: side {side} plays the scenario's fixed force (nothing to build)")
        if side in (built or {}):
            raise RefereeError(f"{where}: side {side}'s force was built already (in create.forces)")
    return sorted(set(build))


class Mustering:
    """A game waiting for the forces of the sides in `awaited`; `built`: the forces in so far."""

    over = False
    problem = ""
    note = ""
    compact_due = False
    settled_together = None                 # its file is written whole, never a shared journal's line
    join = Referee.join                     # a join code binds its seat now as it will in the game

    def __init__(self, scenario: Scenario, seed: int, options: dict[str, Any] | None, seats: list[str],
                 codes: dict[int, str], built: dict[int, list], awaited: list[int],
                 save_path: Path | None = None, shared: SharedJournal | None = None) -> None:
        self.scenario, self.seed, self.options = scenario, seed, dict(options or {})
        self.shared = shared                # the server's shared journal, handed to the game once made
        self.seats, self.codes = list(seats), dict(codes)
        self.built, self.awaited = {int(s): f for s, f in built.items()}, list(awaited)
        self.save_path = save_path
        self.begun: Referee | None = None   # the game, once every force is in
        self._due = False                   # a force taken that no file holds yet

    @classmethod
    def new(cls, scenario: Scenario, seed: int, options: dict[str, Any] | None, seats: list[str],
            built: dict[int, list] | None, awaited: list[int], save_path: Path | None = None,
            shared: SharedJournal | None = None) -> "Mustering":
        """A waiting game with new join codes; the forces `built` checked now (RefereeError)."""
        waiting = cls(scenario, seed, options, seats, {s: new_code() for s, who in enumerate(seats) if who == GUEST},
                      dict(built or {}), awaited_sides(awaited, scenario, seats, built, "build"), save_path, shared)
        waiting.made(waiting.built)
        waiting._due = True
        waiting.settle()
        return waiting

    @classmethod
    def restart(cls, path: Path, shared: SharedJournal | None = None) -> "Mustering":
        """The waiting game saved at `path` (a server restarted); FileProblem when it is not one."""
        from game.io.scenario_file import scenario_from_doc
        where = str(path)
        doc = parse_json(read_bytes(where, where, 1 << 24), where, 1 << 24)
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise FileProblem(where, "format", f"expected {FORMAT!r} (a game waiting for its forces)")
        try:
            scenario = scenario_from_doc(doc["scenario"], where, "scenario")
            waiting = cls(scenario, int(doc["seed"]), dict(doc["options"]), [str(s) for s in doc["seats"]],
                          {int(s): str(c) for s, c in doc["codes"].items()},
                          {int(s): list(f) for s, f in doc["built"].items()}, [int(s) for s in doc["awaited"]],
                          game_path(path), shared)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise FileProblem(where, "(top level)", "expected the waiting game the referee wrote") from None
        return waiting

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "scenario": self.scenario.raw, "seed": self.seed, "options": self.options,
                "seats": self.seats, "codes": {str(s): c for s, c in self.codes.items()},
                "built": {str(s): f for s, f in self.built.items()}, "awaited": self.awaited}

    # -- the game to be ------------------------------------------------------------------------------
    def made(self, built: dict[int, list]) -> Scenario:
        """The scenario with every force in it: the ones built by hand, and each AI side's own,
        mustered from the seed as `simulate` musters it (RefereeError: the force's first reason)."""
        from game import simulate
        players = [HUMAN if who == GUEST else who for who in self.seats]
        try:
            return simulate.with_built_forces(self.scenario, players, self.seed, copy.deepcopy(built))
        except FileProblem as exc:
            raise RefereeError(f"force: {str(exc).splitlines()[0]}") from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:     # MusterError: every reason
            raise RefereeError(f"force: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None

    def player_seed(self) -> int:
        return derived_seed(self.seed, "players")     # as the game's referee will say (Referee.player_seed)

    def welcome(self, seat: int) -> dict[str, Any]:
        return {"type": "welcome", "seat": seat, "sides": [s.name for s in self.scenario.sides],
                "ruleset": self.scenario.ruleset, "player_seed": self.player_seed()}

    def legal(self) -> list:
        return []                           # nobody decides before the game begins

    def update(self, seat: int, sent: Any = None) -> tuple[str, Any]:
        """What `seat` is sent now: `muster` (the game itself once begun: a seat still pointing here)."""
        if self.begun is not None:
            return self.begun.update(seat, sent)
        builds = seat in self.awaited
        return wire.dumps({"type": MUSTER, "title": self.scenario.title, "waiting": list(self.awaited),
                           "build": builds, "scenario": self.scenario.raw if builds else None}), None

    # -- a force comes in ----------------------------------------------------------------------------
    def handle(self, seat: int, text: str | bytes, settle: bool = True) -> str | None:
        """A guest's message while the game waits: None when its force was taken (the game made
        when it was the last), else the one line it is told, nothing changed."""
        if self.begun is not None:
            return self.begun.handle(seat, text, settle)
        try:
            side, entries = self.read_force(seat, wire.loads(text))
            built = {**self.built, side: entries}
            scenario = self.made(built)
        except (wire.WireError, RefereeError) as exc:
            return str(exc)
        if len(self.awaited) == 1:
            try:
                self.begun = Referee.new(scenario, self.seed, self.options, self.seats, self.save_path, self.shared,
                                          self.codes)
            except Exception as exc:        # the rules cannot set the game up: one line, still waiting
                return f"the referee could not begin the game ({type(exc).__name__}: {exc})"
        self.built, self.awaited = built, [s for s in self.awaited if s != side]
        self._due = True
        if settle:
            self.settle()
        return None

    def read_force(self, seat: int, message: dict[str, Any]) -> tuple[int, list[dict]]:
        kind = message.get("type")
        if kind != FORCE:
            waiting = ", ".join(self.scenario.sides[s].name for s in self.awaited)
            raise RefereeError(f"message.type: the game begins once the forces built on points are in "
                               f"({waiting}): expected '{FORCE}', got {str(kind)[:40]!r}")
        side, entries = message.get("side"), message.get("entries")
        if not isinstance(side, int) or isinstance(side, bool):
            raise RefereeError(f"force.side: expected your side, the number {seat}, got {json_kind(side)}")
        if side != seat:
            raise RefereeError(f"force.side: you play side {seat}, not {side}")
        if side not in self.awaited:
            raise RefereeError(f"force.side: side {seat}'s force is in already" if side in self.built
                               else f"force.side: side {seat} does not build its force here")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise RefereeError("force.entries: expected the force, a list of entries (objects of field: value)")
        return side, entries

    def settle(self) -> None:
        """The forces taken made durable before anyone is told: the waiting game written whole
        (atomically); once the game is made (its own save written and synced), the file goes."""
        if self.save_path is None:
            return
        if self.begun is not None:
            mustering_path(self.save_path).unlink(missing_ok=True)
        elif self._due:
            write_json_atomic(mustering_path(self.save_path), self.to_json())
        self._due = False

    def compact(self) -> None:
        """Nothing is due: `settle` writes the waiting game whole."""


def waiting_in(data: Path, game_file: str) -> list[Path]:
    """The games waiting for their forces in a server's folder (DIR/<id>/game.mustering.json); one
    whose game was made already (a server killed between the two files) is the game: its
    leftover is removed."""
    out = []
    for path in sorted(data.glob(f"*/{game_file.removesuffix('.json')}{SUFFIX}")):
        if game_path(path).exists():
            path.unlink(missing_ok=True)
        else:
            out.append(path)
    return out


def restart(path: Path, shared: SharedJournal | None = None, lines: Sequence[Entry] = ()) -> Referee | Mustering:
    """A server's game from its file: the game itself (its `lines` in the server's shared journals
    joined to its save), or the game still waiting for its forces."""
    return Mustering.restart(path, shared) if path.name.endswith(SUFFIX) else Referee.restart(path, shared, lines)


def force_message(side: int, entries: list[dict]) -> str:
    """A guest's force, as sent."""
    return wire.dumps({"type": FORCE, "side": side, "entries": entries})


__all__ = ["FORCE", "MUSTER", "Mustering", "awaited_sides", "force_message", "mustering_path", "restart",
           "waiting_in"]
