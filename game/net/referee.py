"""The referee: it holds the game, seats its players and checks every action (issue 29).

Each side is seated as a `guest` (a person or program joining with a code), or an AI level that
plays itself as `simulate` plays it (the same players from the same seed, so the same game). A
guest's action is parsed, checked against the seat and `engine.check`, and only then applied; any
fault gets one error reply and changes nothing. Every action is appended to the game's journal
beside its save (game/io/journal.py), or to its server's shared journal with the other games'
(game/io/shared_journal.py), and made durable (`settle`) before anyone is told of it; the
save is written whole (atomically) every COMPACT_EVERY actions and at the game's end (`compact`,
which a server does once the guests were told). The seats and their codes lie beside the save,
so a referee restarted from it takes its guests back.
"""
from __future__ import annotations

import hmac
import secrets
import string
from pathlib import Path
from typing import Any, Sequence

from game.ai.players import AUTO_LEVEL, PLAYER_KINDS, make_player
from game.engine import game as engine
from game.engine.actions import Action
from game.engine.dice import derived_seed
from game.engine.ruleset import Option, Ruleset
from game.engine.scenario import Scenario
from game.engine.state import GameState, state_hash
from game.io.save_file import (HUMAN, SaveData, action_json, join_entries, load_save, resume, save_game,
                                write_json_atomic)
from game.io.errors import FileProblem
from game.io.journal import Checkpoint, Entry, Journal, game_key, journal_path
from game.io.shared_journal import GameLines, SharedJournal, following_save, journal_files, read_shared
from game.io.jsontext import parse_json, read_bytes
from game.net import compose, wire

GUEST = "guest"
SEATS_SUFFIX = ".seats.json"
COMPACT_EVERY = 100     # actions between two whole saves (the journal holds those in between)
HASH_EVERY = 10         # one journal line in HASH_EVERY carries the state hash (its cost is the
                        # state's JSON); loading checks the actions after the last hash one by one


class RefereeError(ValueError):
    """A message refused: the one line the sender is told."""


CODE_LETTERS = string.ascii_letters + string.digits


def new_code() -> str:
    """An unguessable join code: 17 letters and digits (101 random bits). Never a '-' or '_', so a
    code is typed or pasted whole and `--code CODE` never reads one beginning with '-' as an option."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(17))


def seats_path(save_path: Path) -> Path:
    return save_path.with_name(save_path.name.removesuffix(".json") + SEATS_SUFFIX)


def load_game(save_path: Path, lines: list[Entry] | None = None) -> SaveData:
    """A game as a server holds it: its save (DATA/<game>/game.json, and its own journal beside it,
    if any) and its lines in the server's shared journals (DATA/*.journal; `lines`: those already
    read), which hold its actions since the save was last written whole (raises FileProblem)."""
    save = load_save(save_path)
    if lines is None:
        lines = read_shared(journal_files(save_path.parent.parent)).games.get(save_path.parent.name, [])
    if lines:
        join_entries(save, following_save(lines, len(save.actions)), str(save_path))
    return save


class Referee:
    """One game, its seats and their join codes; `save_path` None keeps it in memory only."""

    def __init__(self, state: GameState, actions: list[Action], seats: list[str],
                 codes: dict[int, str], save_path: Path | None = None, shared: SharedJournal | None = None) -> None:
        if len(seats) != state.sides:
            raise RefereeError(f"seats: expected one per side ({state.sides}), got {len(seats)}")
        for side, who in enumerate(seats):
            if who != GUEST and who not in PLAYER_KINDS:
                raise RefereeError(f"seats[{side}]: expected {GUEST} or an AI level "
                                   f"({', '.join(sorted(PLAYER_KINDS))}), got {who!r}")
        self.state, self.actions, self.seats, self.codes = state, actions, seats, codes
        self.save_path, self.shared = save_path, shared     # shared: the journal of the server's games
        self.problem = ""                       # why the game stopped short, if it did (an AI's failure)
        self.note = ""                          # what the journal said when the game was resumed
        self._encoded = [action_json(a, state.ruleset_id) for a in actions]
        self._journal: Journal | GameLines | None = None    # its own, or its lines in the shared one
        self._whole_save_due = False            # no journal holds the last actions: settle writes the save whole
        self._compact_due = False               # the journal holds them, and the save is to be written whole
        self._options: tuple[int, list[Option]] = (-1, [])     # the legal options sent at that action
        self._ai = {s: make_player(who, state.seed, s) for s, who in enumerate(seats) if who != GUEST}
        self._auto = [make_player(AUTO_LEVEL, state.seed, s) for s in range(state.sides)]
        self._ended: list[tuple[int, Any]] = []  # (action count, NestedGameOver) of the battles ended here
        self._told: dict[int, int] = {}         # per seat, the action count its last state was sent at
        self._texts = compose.Texts()           # this action's texts, shared by the seats' messages
        self._scenario: tuple[Any, str] = (None, "")

    # -- making and resuming --------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: Scenario, seed: int, options: dict[str, Any] | None, seats: list[str],
            save_path: Path | None = None, shared: SharedJournal | None = None,
            codes: dict[int, str] | None = None) -> "Referee":
        return cls.seat(engine.new_game(scenario, seed, options), [], seats, save_path, shared, codes)

    @classmethod
    def seat(cls, state: GameState, actions: list[Action], seats: list[str],
             save_path: Path | None = None, shared: SharedJournal | None = None,
             codes: dict[int, str] | None = None) -> "Referee":
        """Referee a game (new, or resumed from a player's save): new join codes for its guest seats
        (`codes`: the ones a game waiting for its forces gave out, game/net/mustering.py)."""
        codes = codes or {s: new_code() for s, who in enumerate(seats) if who == GUEST}
        referee = cls(state, list(actions), list(seats), codes, save_path, shared)
        if save_path is not None:
            write_json_atomic(seats_path(save_path), {"seats": seats, "codes": {str(s): c for s, c in codes.items()}})
        referee.save()
        referee.play_ai()
        referee.settle()
        referee.compact()
        return referee

    @classmethod
    def restart(cls, save_path: Path, shared: SharedJournal | None = None,
                lines: Sequence[Entry] = ()) -> "Referee":
        """The referee of a saved game (its save and journal; `lines`: its lines read from a server's
        shared journals), its seats and codes read from beside the save. It is saved whole at once:
        the journal begins again after it (a line a crash cut short is gone, and `note` says so)."""
        save = load_game(save_path, list(lines))
        state = resume(save)
        where = str(seats_path(save_path))
        side_doc = parse_json(read_bytes(where, where, 1 << 16), where, 1 << 16)
        try:
            codes = {int(s): str(c) for s, c in side_doc["codes"].items()}
            seats = [str(who) for who in side_doc["seats"]]
        except (KeyError, TypeError, ValueError, AttributeError):
            raise FileProblem(where, "seats", "expected the seats and join codes the referee wrote") from None
        referee = cls(state, list(save.actions), seats, codes, save_path, shared)
        referee.note = save.journal.note if save.journal is not None else ""
        referee.save()
        referee.play_ai()
        referee.settle()
        referee.compact()
        return referee

    def save(self) -> None:
        """The save written whole (atomically), and a new journal after it (none once the game is
        over: the save holds it all)."""
        if self.save_path is None:
            return
        players = [HUMAN if who == GUEST else who for who in self.seats]
        if self._journal is not None:
            self._journal.close()               # replaced below (or not needed: the game is over)
        save_game(self.save_path, self.state, self.actions, players, label="network game",
                  encoded=self._encoded)
        count = len(self.actions)
        if self.shared is not None:
            self.shared.saved_whole(self.save_path.parent.name, count)      # its lines before are done with
            self._journal = None if self.over else self.shared.lines(self.save_path.parent.name, count)
        else:
            self._journal = None if self.over else Journal.start(journal_path(self.save_path), game_key(
                self.state.ruleset_id, self.state.scenario.name, self.state.seed), count)
        self._whole_save_due = self._compact_due = False

    def _record(self) -> None:
        """The action just applied, appended to the journal (handed to the system, not yet durable);
        a journal that cannot be written makes the next `settle` write the save whole; every
        COMPACT_EVERY actions and at the game's end, `compact` writes it whole."""
        if self._journal is None:
            self._whole_save_due = self.save_path is not None
            return
        count = len(self.actions)
        try:
            self._journal.append(self._encoded[-1], Checkpoint(state_hash(self.state), self.state.flow.turn)
                                 if count % HASH_EVERY == 0 else None)
        except OSError:
            self._journal = None
        self._whole_save_due = self._journal is None
        self._compact_due = self._journal is not None and (self.over or count - self._journal.base >= COMPACT_EVERY)

    def settle(self) -> None:
        """Make every action applied so far durable: the journal synced to disk (or, when no journal
        could hold them, the save written whole). Nobody may be told of an action before this
        returns. It may run in a thread while other games go on (it reads this game's state only:
        the caller holds the game until it returns)."""
        if self._whole_save_due:
            self.save()
        elif self._journal is not None:
            self._journal.sync()

    def compact(self) -> None:
        """The save written whole when it is due (every COMPACT_EVERY actions, and at the game's end:
        the save then holds it all), after `settle`: the journal already holds those actions
        durably, so a server writes it once the guests were told (the whole save, its hash and
        three syncs, is then no part of the action's round trip). As `settle`, it may run in a thread."""
        if self._compact_due:
            self.save()

    @property
    def settled_together(self) -> SharedJournal | None:
        """The shared journal whose one sync is all `settle` has to do now (a server syncs it once
        for every game's actions that came meanwhile), else None."""
        return self.shared if self.shared is not None and self._journal is not None and not self._whole_save_due \
            else None

    @property
    def compact_due(self) -> bool:
        """Whether `compact` has a whole save to write (else a server hands it to no thread)."""
        return self._compact_due

    # -- seats ---------------------------------------------------------------------------------
    def join(self, code: Any) -> int:
        """The seat a join code binds, compared in constant time; a wrong code is refused."""
        if not isinstance(code, str) or not code.isascii():
            raise RefereeError("hello.code: expected the join code (a short string)")
        found = None
        for seat, known in self.codes.items():
            if hmac.compare_digest(known.encode(), code.encode()):
                found = seat
        if found is None:
            raise RefereeError("hello.code: no seat of this game has that join code")
        return found

    def player_seed(self) -> int:
        """The one-way seed the AI players are made from (never the game's seed, nor the dice's):
        a guest driven by an AI level plays exactly as `simulate` would."""
        return derived_seed(self.state.seed, "players")

    def welcome(self, seat: int) -> dict[str, Any]:
        return {"type": "welcome", "seat": seat, "sides": [s.name for s in self.state.scenario.sides],
                "ruleset": self.state.ruleset_id, "player_seed": self.player_seed()}

    def update(self, seat: int, sent: compose.Sent | None = None) -> tuple[str, compose.Sent]:
        """The `state` message `seat` is sent now, as JSON text: its view, the decision, and the
        options when the decision is its own. `sent`: what the seat was last sent (None: a fresh
        connection). The view goes as a change of that when it shows the same game, else whole (a
        campaign's next battle: wire.view_change, written by compose.view_text); returned with
        what the seat holds after it."""
        view = engine.view(self.state, seat, shared=True)     # written out here, never changed
        view_text, now = compose.view_text(view, self.view_key(view), sent,
                                           self._texts.at(self.state.action_count), self._scenario_text)
        decision = engine.to_act(self.state)
        mine = decision is not None and decision.seat == seat and not engine.auto_played(self.state)
        options, regions = compose.options_text(self.legal(), self.state.ruleset_id) if mine else ("null", "null")
        ended = self.ended_since(seat, self._told.get(seat) if sent is not None else None)
        dumps = compose.dumps
        text = (f'{{"v":{wire.VERSION},"type":"state","at":{self.state.action_count},"view":{view_text},'
                f'"decision":{dumps(wire.decision_json(decision) if decision is not None else None)},'
                f'"options":{options},"regions":{regions},"problem":{dumps(self.problem or None)}'
                + (f',"ended":{dumps(ended)}}}' if ended else "}"))
        self._told[seat] = self.state.action_count
        return text, now

    def _scenario_text(self, scenario: Scenario) -> str:
        """The scenario's document as text (sent with every whole view), written once."""
        if self._scenario[0] is not scenario:
            self._scenario = (scenario, compose.dumps(scenario.raw))
        return self._scenario[1]

    def ended_since(self, seat: int, told: int | None) -> list[dict[str, Any]]:
        """The nested games (a campaign's battles) ended since `seat` was last sent a state at action
        `told`: their public NestedGameOver lines, for its battle's result screen. A seat may be sent
        the next battle's view at once (the campaign starts it in the same action), where the
        campaign's log, which tells the result, is not. None `told`: a fresh connection, no past."""
        out = []
        for at, event in reversed(self._ended):
            if told is None or at <= told:
                break
            if event.visible_to(seat):
                out.append(event.to_json())
        return out[::-1]

    def legal(self) -> list[Option]:
        """The legal options now, found once per action (sent to the guest, then its action checked)."""
        if self._options[0] != self.state.action_count:
            self._options = (self.state.action_count, engine.legal_actions(self.state))
        return self._options[1]

    def check(self, action: Action) -> str | None:
        """`engine.check`, without searching the options again when they were found for this moment
        and the ruleset's check is the default one (which accepts exactly what an option contains)."""
        game = engine.innermost(self.state)
        rs = engine.ruleset_of(game)
        if (self._options[0] == self.state.action_count and type(rs).check is Ruleset.check
                and isinstance(action, tuple(rs.actions)) and any(o.contains(action) for o in self._options[1])):
            return None
        return engine.check(self.state, action)

    def view_key(self, view: GameState) -> str:
        """Which game a view shows (the campaign or its n-th battle): the log restarts when it changes."""
        nested = self.state.children if view.seats is not None else 0
        return f"{view.ruleset_id}/{view.scenario.name}/{nested}"

    # -- acting --------------------------------------------------------------------------------
    def handle(self, seat: int, text: str | bytes, settle: bool = True) -> str | None:
        """A guest's raw message: None when it was applied, else the one line it is told (the
        game then unchanged: a fault in the ruleset itself leaves the state as it was too).
        `settle` False: the caller makes the action durable (`settle`) before telling anyone, and
        then writes the save whole if it is due (`compact`)."""
        try:
            self.act(seat, wire.loads(text))
        except (wire.WireError, RefereeError) as exc:
            return str(exc)
        except Exception as exc:
            return f"the referee could not apply that ({type(exc).__name__}: {exc})"
        if settle:
            self.settle()
            self.compact()
        return None

    def act(self, seat: int, message: dict[str, Any]) -> None:
        """Apply a guest's `act` message for `seat`, or raise RefereeError leaving everything as it was."""
        if message.get("type") != "act":
            raise RefereeError(f"message.type: expected 'act', got {str(message.get('type'))[:40]!r}")
        at = message.get("at")
        if at != self.state.action_count:
            raise RefereeError(f"act.at: the game is at action {self.state.action_count}, "
                               f"not {str(at)[:20]}: wait for the latest state")
        decision = engine.to_act(self.state)
        if decision is None:
            raise RefereeError("act: the game is over")
        if decision.seat != seat or self.seats[seat] != GUEST or engine.auto_played(self.state):
            raise RefereeError(f"act: side {decision.seat} decides now, not side {seat}")
        try:
            action = wire.action_from_json(message.get("action"), self.state.ruleset_id, "act.action")
        except wire.WireError as exc:
            raise RefereeError(str(exc)) from None
        reason = self.check(action)
        if reason is not None:
            raise RefereeError(f"act.action: not allowed now ({reason})")
        self._apply(action, checked=False)      # just checked: the option search is not run twice
        try:
            self.play_ai()
        except Exception as exc:                # the guest's action stands; the AI's failure is told
            self.problem = f"the AI could not play ({type(exc).__name__}: {exc})"

    def _apply(self, action: Action, checked: bool = True) -> None:
        self._texts.forget()                    # the game's objects may change now
        try:
            events = engine.apply(self.state, action, atomic=False, checked=checked)
        except engine.IllegalAction:
            raise                               # refused before anything changed
        except BaseException:
            # a ruleset failing halfway: the game as it was, played again from its actions (cheaper
            # than the copy of the whole state an atomic apply makes before every action)
            self.state = engine.replay(self.state.scenario, self.state.seed, self.state.options,
                                       self.actions, checked=False)
            raise
        self.actions.append(action)
        self._ended += [(self.state.action_count, e) for e in events if e.kind == "NestedGameOver"]
        self._encoded.append(action_json(action, self.state.ruleset_id))
        self._record()

    def play_ai(self) -> None:
        """The AI seats (and the campaign's auto-resolved battles) play until a guest decides."""
        while (decision := engine.to_act(self.state)) is not None:
            auto = engine.auto_played(self.state)
            if not auto and self.seats[decision.seat] == GUEST:
                return
            player = self._auto[decision.seat] if auto else self._ai[decision.seat]
            view = engine.view(self.state, decision.seat)
            self._apply(player.choose(view, list(self.legal()), decision))

    @property
    def over(self) -> bool:
        return self.state.outcome is not None
