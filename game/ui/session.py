"""The game being played, as the UI holds it: pure of rules and of pygame.

A `Session` keeps the real GameState, the list of actions (the truth a save records), who plays
each side (a human or an AI level) and which side the table is shown to. Screens ask it; it asks
the engine. The table is drawn only from `session.view()`, never from `session.state`.
"""
from __future__ import annotations

import dataclasses
import datetime as _dt
from pathlib import Path
from typing import Any

from game.engine import game as engine
from game.engine.actions import Action, from_json as action_from_json
from game.engine.events import Event
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.scenario import Scenario
from game.engine.state import GameState
from game.io.paths import AUTOSAVE_PREFIX, saves_dir
from game.ui.moments import Moments, chain_of

HUMAN = "human"
MAIL = "mail"            # a side its player plays at a distance, by turn files sent by e-mail (game.ui.mail)
AUTOSAVE_WHOLE_EVERY = 200     # actions between two whole autosaves: the journal beside it holds the others


@dataclasses.dataclass(frozen=True)
class Done:
    """One action of the game as the session remembers it, for undo."""

    action: Action
    side: int                  # the side that decided it
    rolled: bool               # did it roll any dice (then nothing before it can be undone)
    hidden: bool = False       # decided in secret (a committed order the other side may not see)
    turn: int = 0              # the game's turn when it was decided


def seat_of(decision: Decision) -> int:
    """The side of the outermost game making a decision (inside a nested child game it differs from
    the child's own `side`); engines before nested games have no seat: the side is the seat."""
    seat = getattr(decision, "seat", None)
    return decision.side if seat is None else seat


def ai_level(session, seat: int) -> str:
    """The AI level playing `seat` now: while the AI resolves a nested game for every side (a campaign's
    battles resolved automatically) the level that resolves it, not the seat's own (a person's)."""
    if session.auto_now():
        from game.ai.players import AUTO_LEVEL
        return AUTO_LEVEL
    return session.players[seat]


class SessionError(Exception):
    """A game that cannot be set up or resumed (bad options, a save that does not replay)."""


class Session:
    def __init__(self, scenario: Scenario, seed: int, options: dict[str, Any] | None,
                 players: list[str], actions: list[Action] | None = None, label: str = "",
                 source: str = "", trusted: bool = False, started: _dt.datetime | None = None):
        """`actions`: played again from the start (a save), each checked unless `trusted` (a save's
        fast load, whose end the caller confirms by the saved hash); `started`: when the game
        began (a save's), which names its autosave slot."""
        self.scenario = scenario
        self.seed = int(seed)
        self.options = dict(options or {})
        self.label = label
        self.source = source               # the file the game came from, if any
        try:
            self.state = engine.new_game(scenario, self.seed, self.options)
        except (ValueError, KeyError) as exc:
            raise SessionError(str(exc)) from None
        sides = self.state.sides
        players = [p or HUMAN for p in (players or [])]
        if len(players) < sides:
            players += [HUMAN] * (sides - len(players))
        self.players = players[:sides]
        self.history: list[Done] = []
        self.version = 0                   # bumped on every change of the state
        self._views: dict[tuple[int, int], GameState] = {}
        self._options_cache: tuple[int, list[Option]] | None = None
        self._ai: dict[Any, Any] = {}       # side (or ("auto", side)) -> its AI player
        self.viewer: int | None = None
        self._hidden_events_seen = 0
        self._any_hidden_event = False
        self.started = (started or _dt.datetime.now()).replace(microsecond=0)
        self.autosave_to: Path | None = None       # this game's own autosave (named when first written)
        self._autosaved = -1                       # the version last autosaved
        self._encoded: list[dict[str, Any]] = []   # the actions as a save writes them, kept for autosaves
        self.mail_sent: int | None = None          # by e-mail: the action count of the turn last sent
        self._journal: Any = None                  # the autosave's journal (game.io.journal.Journal)
        self._journaled: dict[str, Any] | None = None   # the last action it holds (undo makes others)
        # the game after each action (moments[0]: before any), for the log's moments and the replay;
        # each kept without its log and rolls (the length of its log says which events it had seen)
        self.moments = Moments(lambda: self.actions)
        self.moments.keep(self.state)
        self._moment_views: dict[tuple[int, int], tuple[GameState, GameState]] = {}
        for i, action in enumerate(actions or []):
            try:
                self._apply(action, checked=not trusted)
            except engine.IllegalAction as exc:
                raise SessionError(f"action {i + 1} ({type(action).__name__}) does not replay: {exc}") from None
        self.saved_actions = len(self.history)      # actions the player has saved (a load counts as saved)
        self.viewer = self._default_viewer()

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def from_save(cls, save: Any, source: str = "") -> "Session":
        """Resume a save (game.io SaveData) at its exact action: its action list played again, fast
        (no legality check) when the end reaches the saved state hash, else with every check, so a
        tampered or broken file is refused with the place of its first bad action (FileProblem).
        A game resumed goes on writing its own autosave: the slot named by its start time, or
        (a save of earlier versions, which kept no start time) the autosave it was loaded from."""
        from game.engine import registry
        from game.io import save_file
        scenario = save.scenario
        if isinstance(scenario, dict):
            scenario = Scenario.from_dict(scenario)
        rs = registry.get(getattr(save, "ruleset", None) or scenario.ruleset)
        actions = [a if isinstance(a, Action) else action_from_json(a, rs.actions) for a in save.actions]
        args = (scenario, save.seed, dict(save.options or {}), list(save.players or []), actions)
        kwargs = dict(label=getattr(save, "label", "") or "", source=source,
                      started=getattr(save, "started", None))
        session = None
        if getattr(save, "state_hash", None) is not None:
            try:
                session = cls(*args, **kwargs, trusted=True)
            except Exception:          # an action the rules would refuse: the checked replay names it
                session = None
            if session is not None and not save_file.matches(save, session.state):
                session = None
        if session is None:
            save_file.resume(save)     # raises the file's problem, naming the place
            session = cls(*args, **kwargs)
        path = Path(source) if source else None
        if getattr(save, "started", None) is None and path is not None and \
                path.name.startswith(AUTOSAVE_PREFIX) and path.resolve().parent == saves_dir().resolve():
            session.autosave_to = path
        return session

    # -- asking --------------------------------------------------------------------------------
    @property
    def ruleset(self):
        """The ruleset of the innermost live game (a nested battle's while it lasts): the one whose
        units, markers and table tools are on show."""
        inner = getattr(engine, "innermost", None)
        return engine.ruleset_of(inner(self.state) if inner is not None else self.state)

    @property
    def actions(self) -> list[Action]:
        return [d.action for d in self.history]

    def decision(self) -> Decision | None:
        return engine.to_act(self.state)

    def result(self):
        return engine.result(self.state)

    def is_over(self) -> bool:
        return engine.result(self.state) is not None

    def is_human(self, side: int | None) -> bool:
        """Does a person make this side's decisions now (not while the AI resolves a nested game for
        every side: a campaign's battle with the option to resolve battles automatically)?"""
        return side is not None and 0 <= side < len(self.players) and self.players[side] == HUMAN \
            and not self.auto_now()

    def is_mail(self, side: int | None) -> bool:
        """Is this side played by someone at a distance, whose turns come by e-mail?"""
        return side is not None and 0 <= side < len(self.players) and self.players[side] == MAIL \
            and not self.auto_now()

    def is_ai(self, side: int | None) -> bool:
        """Does an AI make this side's decisions now (neither a person here nor one by e-mail)?"""
        return side is not None and not self.is_human(side) and not self.is_mail(side)

    def auto_now(self) -> bool:
        return bool(getattr(engine, "auto_played", lambda state: False)(self.state))

    @property
    def human_sides(self) -> list[int]:
        return [s for s, p in enumerate(self.players) if p == HUMAN]

    @property
    def played(self) -> int:
        """The game's count of actions so far."""
        return len(self.history)

    def side_name(self, side: int | None) -> str:
        if side is None or not 0 <= side < self.state.sides:
            return "nobody"
        return self.scenario.sides[side].name

    def hides(self) -> bool:
        """Does one side hold something the other may not see? The ruleset says so; as a safety net
        the UI also counts a hidden decision (secret orders), a unit marked hidden, and any logged
        event hidden from a side (it would show in the log)."""
        try:
            if engine.ruleset_of(self.state).hides_information(self.state):
                return True
            inner = getattr(engine, "innermost", lambda state: state)(self.state)
            if inner is not self.state and engine.ruleset_of(inner).hides_information(inner):
                return True
        except Exception:      # a ruleset bug must not show the other side's secrets: assume hidden
            return True
        d = self.decision()
        if d is not None and d.hidden:
            return True
        if any("hidden" in u.markers for u in self.state.units.values()):
            return True
        if self._hidden_events_seen < len(self.state.log):
            for e in self.state.log[self._hidden_events_seen:]:
                if e.hidden_from:
                    self._any_hidden_event = True
                    break
            self._hidden_events_seen = len(self.state.log)
        return self._any_hidden_event

    def legal(self) -> list[Option]:
        """The deciding side's legal options (cached until the state changes)."""
        if self._options_cache is None or self._options_cache[0] != self.version:
            self._options_cache = (self.version, engine.legal_actions(self.state))
        return self._options_cache[1]

    def check(self, action: Action) -> str | None:
        return engine.check(self.state, action)

    def view(self, side: int | None = None) -> GameState:
        """What `side` (by default the viewer) may see; cached until the state changes."""
        side = self.viewer if side is None else side
        if side is None:
            side = 0
        key = (self.version, side)
        seen = self._views.get(key)
        if seen is None:
            if len(self._views) > 8:
                self._views.clear()
            seen = engine.view(self.state, side)
            self._views[key] = seen
        return seen

    # -- whose eyes ----------------------------------------------------------------------------
    def _default_viewer(self) -> int | None:
        d = self.decision()
        if d is not None and self.is_human(seat_of(d)) and not self._needs_handover_to(seat_of(d), None):
            return seat_of(d)
        humans = self.human_sides
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return 0
        return None if self.hides() else (seat_of(d) if d is not None and self.is_human(seat_of(d)) else humans[0])

    def _needs_handover_to(self, side: int, current: int | None) -> bool:
        return side != current and len(self.human_sides) > 1 and self.hides()

    def wanted_viewer(self) -> tuple[int | None, bool]:
        """Who should be looking at the table now, and whether the window must first be handed over
        (hotseat with hidden information: nothing of one side may show while the other looks)."""
        d = self.decision()
        if d is None or not self.is_human(seat_of(d)):
            if self.viewer is None and len(self.human_sides) <= 1:
                return (self.human_sides[0] if self.human_sides else 0), False
            return self.viewer, False
        if seat_of(d) == self.viewer:
            return seat_of(d), False
        return seat_of(d), self._needs_handover_to(seat_of(d), self.viewer)

    def set_viewer(self, side: int | None) -> None:
        self.viewer = side

    def set_player(self, side: int, player: str) -> None:
        """Who plays a side changed (a side goes by e-mail, game.ui.mail): an AI it had is forgotten,
        and the next autosave is written whole even without a new action (the players live in the
        save, not in its journal), so Continue resumes it so."""
        self.players[side] = player
        self._ai.pop(side, None)
        self._autosaved = -1
        self._journal = None

    # -- acting --------------------------------------------------------------------------------
    def _apply(self, action: Action, checked: bool = True) -> list[Event]:
        d = self.decision()
        side = seat_of(d) if d is not None else -1
        before = len(self.state.rolls)
        events = engine.apply(self.state, action, atomic=checked, checked=checked)
        hidden = bool(getattr(d, "hidden", False)) if d is not None else False
        turn = getattr(getattr(engine.innermost(self.state), "flow", None), "turn", 0)
        self.history.append(Done(action, side, len(self.state.rolls) > before, hidden, turn))
        self.moments.keep(self.state, store=checked)
        self.version += 1
        return events

    def act(self, action: Action) -> list[Event]:
        """Apply a legal action (raises engine.IllegalAction with the reason otherwise)."""
        return self._apply(action)

    def ai_player(self, side: int):
        from game.ai.players import AUTO_LEVEL, make_player
        if self.auto_now():                 # a nested game the AI resolves for every side
            key = ("auto", side)
            if key not in self._ai:
                self._ai[key] = make_player(AUTO_LEVEL, self.seed, side)
            return self._ai[key]
        if side not in self._ai:
            self._ai[side] = make_player(self.players[side], self.seed, side)
        return self._ai[side]

    def ai_inputs(self) -> tuple[Any, GameState, list[Option], Decision] | None:
        """What an AI needs to decide now (its player, its side's view, the options), or None."""
        d = self.decision()
        if d is None or not self.is_ai(seat_of(d)):
            return None
        return self.ai_player(seat_of(d)), engine.view(self.state, seat_of(d)), self.legal(), d

    # -- undo ----------------------------------------------------------------------------------
    def _undo_span(self) -> tuple[int, str | None]:
        """How many trailing actions one undo removes (AI replies and the last human action)."""
        n = len(self.history)
        i = n - 1
        while i >= 0 and not self.is_human(self.history[i].side):
            i -= 1
        if i < 0:
            return 0, "nothing of yours to undo"
        removed = self.history[i:]
        if any(self.is_mail(d.side) for d in removed):
            return 0, "the other player's moves came by e-mail"
        if any(d.rolled for d in removed):
            return 0, "dice were rolled since: the dice stay where they fell"
        side = self.history[i].side
        if self.hides() and side != self.viewer:
            return 0, f"the last action was {self.side_name(side)}'s"
        return n - i, None

    def undo_reason(self) -> str | None:
        """None when undo is possible, else why not."""
        return self._undo_span()[1]

    def undo(self) -> str | None:
        """Undo the last human action (and the AI's replies to it) when no dice were rolled since.
        Replays the action list without them. Returns the reason when it cannot."""
        count, why = self._undo_span()
        if why:
            return why
        keep = self.history[:-count]
        # the actions kept were legal when played: replayed without the option search
        self.state = engine.replay(self.scenario, self.seed, self.options, [d.action for d in keep], checked=False)
        self.history = list(keep)
        self.moments.truncate(len(keep) + 1)
        del self._encoded[len(keep):]
        self._hidden_events_seen = 0
        self._any_hidden_event = False
        self.version += 1
        self._views.clear()
        return None

    # -- files ---------------------------------------------------------------------------------
    def _encode(self) -> list[dict[str, Any]]:
        from game.io.save_file import action_json
        actions = self.actions
        for action in actions[len(self._encoded):]:
            self._encoded.append(action_json(action, self.state.ruleset_id))
        return self._encoded

    def _write(self, path: str | Path, label: str) -> Path:
        from game.io.save_file import save_game
        out = save_game(path, self.state, self.actions, list(self.players), label, encoded=self._encode(),
                        started=self.started)
        return Path(out) if out is not None else Path(path)

    def save(self, path: str | Path, label: str = "") -> Path:
        """The player's own save (Ctrl+S, Save as): the game's actions so far count as saved."""
        out = self._write(path, label or self.label)
        self.saved_actions = len(self.history)
        return out

    def unsaved(self) -> int:
        """Actions played since the player last saved (or loaded) this game."""
        return max(0, len(self.history) - self.saved_actions)

    def maybe_autosave(self) -> str | None:
        """Autosave after every action (inside a nested game too), in this game's own slot, named by
        its scenario and start time. Returns a problem, or None."""
        if self._autosaved == self.version:
            return None
        self._autosaved = self.version
        try:
            if self.autosave_to is None:
                from game.io.save_file import autosave_slot
                self.autosave_to = autosave_slot(self.scenario.name, self.started)
            self._autosave(f"autosave of the game begun {self.started:%Y-%m-%d %H:%M}{self.where()}, "
                           f"action {len(self.history)}")
        except Exception as exc:       # a full disk must not end the game
            self._journal = None       # the next autosave is written whole
            return f"autosave failed: {exc}"
        return None

    def _autosave(self, label: str) -> None:
        """The actions since the last autosave appended to the journal beside it, the last one with
        the state hash, turn and label after it (a long campaign's autosave is not written again
        whole after every action). Written whole the first time, after an undo (the journal would
        no longer be this game's actions), every AUTOSAVE_WHOLE_EVERY actions and at the game's end."""
        import os
        from game.engine.state import state_hash
        from game.io.journal import Checkpoint, Journal, game_key, journal_path
        encoded, journal = self._encode(), self._journal
        if (journal is None or journal.count > len(encoded) or self.is_over()
                or (journal.count > journal.base and encoded[journal.count - 1] is not self._journaled)
                or len(encoded) - journal.base >= AUTOSAVE_WHOLE_EVERY):
            self._write(self.autosave_to, label=label)
            self._journal = None if self.is_over() else Journal.start(journal_path(self.autosave_to), game_key(
                self.state.ruleset_id, self.scenario.name, self.seed), len(encoded))
        else:
            for k in range(journal.count, len(encoded)):
                journal.append(encoded[k], Checkpoint(state_hash(self.state), self.state.flow.turn, label)
                               if k == len(encoded) - 1 else None)
            journal.sync()
            os.utime(self.autosave_to)          # its time is its last action's: Continue takes the game played last
        self._journaled = encoded[-1] if encoded else None

    def where(self) -> str:
        """The nested game being played, if any (a campaign's battle), and its turn."""
        inner = engine.innermost(self.state)
        return f", in {inner.scenario.title} turn {inner.turn}" if inner is not self.state else ""

    def default_save_name(self) -> str:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        return f"{self.scenario.name}-{stamp}.json"

    # -- the end -------------------------------------------------------------------------------
    def losses(self) -> list[tuple[str, list[str], int]]:
        """Per side: its name, the names of its units out of the battle, and how many it had."""
        out = []
        for side in range(self.state.sides):
            units = [u for u in self.state.units.values() if u.side == side]
            lost = [u.name or u.id for u in units if u.out]
            out.append((self.side_name(side), lost, len(units)))
        return out

    def moment_of(self, event: Event) -> int | None:
        """The index of the moment (0: the start, k: after action k) an event of the log belongs to,
        or None when it is not in this game's log. An event of a nested game (a campaign's battle,
        whose log the table shows while it is fought) is found in the first moment whose nested game
        had logged it (moments share their past events with the game)."""
        log = self.state.log
        index = next((i for i, e in enumerate(log) if e is event), None)
        if index is None:
            return self._nested_moment_of(event)
        for k, seen in enumerate(self.moments.logs):
            if seen > index:
                return k
        return len(self.moments) - 1

    def _nested_moment_of(self, event: Event) -> int | None:
        """An event of the live nested game (at depth d of the chain): the first moment whose nested
        game at that depth is the same one (its parent's count of nested games) and had logged it."""
        game, depth, index = self.state.child, 1, None
        while game is not None and index is None:
            index = next((i for i, e in enumerate(game.log) if e is event), None)
            if index is None:
                game, depth = game.child, depth + 1
        if index is None:
            return None
        key = tuple(c for c, _ in chain_of(self.state)[:depth])
        for k, chain in enumerate(self.moments.chains):
            if len(chain) > depth and tuple(c for c, _ in chain[:depth]) == key and chain[depth][1] > index:
                return k
        return None

    def deciders(self) -> dict[int, int]:
        """id of each logged event -> the side whose action it came from (events of the set-up: none)."""
        out: dict[int, int] = {}
        log = self.state.log
        logs = self.moments.logs
        for k in range(1, len(logs)):
            side = self.history[k - 1].side
            for e in log[logs[k - 1]:logs[k]]:
                out[id(e)] = side
        return out

    def moment_view(self, k: int, side: int | None = None) -> GameState:
        """What `side` (by default the viewer) may see of the game as it stood at moment k."""
        side = 0 if (self.viewer if side is None else side) is None else (self.viewer if side is None else side)
        moment = self.moments[max(0, min(k, len(self.moments) - 1))]
        key = (id(moment), side)
        found = self._moment_views.get(key)
        if found is None or found[0] is not moment:
            if len(self._moment_views) > 16:
                self._moment_views.clear()
            found = (moment, engine.view(moment, side))
            self._moment_views[key] = found
        return found[1]

    def log_lines(self) -> list[str]:
        return [e.log_line() for e in self.state.log]
