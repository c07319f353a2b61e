"""A game played at a distance, with the interface the game screen uses from Session (issue 29).

The window holds only what its seat was sent (game/net/guest.py): its side's view, the decision, its
own options and the log lines it may see. A background thread (game/net/link.py) talks to the
referee; `poll()`, called each frame, takes what arrived. An action is sent to the referee, which
checks it as it checks any guest's (the host's own seat too): the table changes when the referee's
answer comes back. What needs the whole game is not here: undo, looking back at past moments and
saving the whole game are refused with a short reason (a host's save is the referee's own, copied).
Pure of pygame.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine import game as engine
from game.engine import registry
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState
from game.net import wire
from game.net.guest import Guest
from game.net.mustering import MUSTER, force_message
from game.net.link import Link
from game.ui.components.nesting import BattleReport, report_of
from game.ui.session import HUMAN, Done

NO_UNDO = "the referee holds the game: over the network an action stands once sent"
NO_LOOKING_BACK = "looking back needs the whole game, which the referee keeps"
GUEST_SAVE = "a guest holds only its side's view: the host keeps the whole game, saved after every action"
FORCES_BY_HOST = "Forces on points: the host chose yours (it did not leave it to you to build)"


class RemoteError(ValueError):
    """What cannot be done over the network: its short reason."""


class HeldTurns:
    """The views this seat was sent, the last of each turn: the statistics drawn from what it holds."""

    def __init__(self) -> None:
        self.views: list[GameState] = []
        self.turns: list[int] = []

    def keep(self, view: GameState) -> None:
        if self.turns and self.turns[-1] == view.flow.turn:
            self.views[-1] = view
        else:
            self.views.append(view)
            self.turns.append(view.flow.turn)

    def last_of_each_turn(self) -> list[int]:
        return list(range(len(self.views)))

    def __len__(self) -> int:
        return len(self.views)

    def __getitem__(self, k: int) -> GameState:
        return self.views[k]


class RemoteGame:
    """One seat of a game refereed elsewhere (or on this machine's network thread).

    `where`: the other end as the player named it ("192.168.1.5:8765"), for the waiting line;
    `players`: who plays each side when this machine hosts ("human" for a person, or an AI level);
    `save_path`: the referee's own save, when this machine hosts."""

    remote = True
    seed = 0
    label = ""
    source = ""
    autosave_to = None
    mail_sent = None                       # play by e-mail is not for a game at a distance

    def __init__(self, link: Link, code: str, where: str, players: list[str] | None = None,
                 save_path: Path | None = None, hosting: bool = False, mine: int | None = None) -> None:
        self.link, self.where, self.hosting = link, where, hosting
        self.mine = mine                   # our side, known before the referee welcomes us (a host's)
        self.guest = Guest(code)
        self._players = players
        self.save_path = save_path
        self.version = 0
        self.history: list[Done] = []
        self.moments = HeldTurns()
        self.connection = "connecting"     # then joining (the transport up), connected (welcomed),
                                           # reconnecting, or failed
        self.failed = ""                   # why the link stopped (one line)
        self.awaiting = False              # an action sent, its answer not back yet
        self.port: int | None = None       # the port this host listens on
        self.bind = "0.0.0.0"              # the address it listens on
        self.seated: dict[int, str] = {}   # hosting: the guests seated now, with their addresses
        self.codes: dict[int, str] = {}    # the join codes of the other seats (a host's, a server's)
        self.options: dict[str, Any] = {}
        self.referee: Any = None           # hosting: the referee (it lives on the network thread)
        self._shown: GameState | None = None    # the latest view received
        self._was_mine = False             # the latest state was this seat's decision
        self.battles_over: list[BattleReport] = []   # battles ended, their result screen not shown yet
        self.force_sent: list[dict] | None = None     # the force this seat sent, while the game waits
        self.last_force: list[dict] | None = None     # the force it sent last (to build again when refused)
        self._connections = 0              # the connections made so far, as far as polled
        self._force_on = 0                 # the connection the force went out on (or the one before it)
        self.built_own = False             # the referee asked this seat to build its own force

    # -- what arrived ----------------------------------------------------------------------------
    def poll(self) -> list[tuple[str, str]]:
        """Take what the network thread received; returns what the window should say or do:
        ("your-turn", ""), ("error", line), ("reconnecting", why), ("failed", line)."""
        notices: list[tuple[str, str]] = []
        for arrival in self.link.poll():
            kind, value = arrival.kind, arrival.value
            if kind == "message":
                notices += self._take(value)
            elif kind == "connected":           # the transport is up: connected once welcomed
                self.connection = "joining"
                self._connections += 1
            elif kind == "reconnecting":
                if self.connection != "reconnecting":
                    notices.append(("reconnecting", str(value)))
                self.connection = "reconnecting"
            elif kind == "failed":
                self.connection, self.failed = "failed", str(value)
                notices.append(("failed", self.failed))
            elif kind == "listening":
                self.port = int(value)
            elif kind == "seated":
                self.seated = dict(value)
            elif kind == "created":
                self.codes = {s: c for s, c in value.items() if s != self.mine}
        return notices

    def _take(self, message: dict[str, Any]) -> list[tuple[str, str]]:
        try:
            self.guest.receive(message)
        except (wire.WireError, KeyError, TypeError, ValueError) as exc:
            self.connection, self.failed = "failed", f"{self.where}: a message could not be read ({exc})"
            self.link.close()
            return [("failed", self.failed)]
        kind = message["type"]
        if kind == "welcome":              # (again, after a drop): an action sent before it is lost
            self.connection = "connected"
            self._unsent()
            if self._connections > self._force_on:
                # a force sent before this connection: lost, or taken (the referee says which: it
                # asks for it again, or no more)
                self.force_sent = None
            self._was_mine = False          # back at its decision: said again
            return []
        if kind == "error":
            self._unsent()
            if self.force_sent is not None and self.guest.to_build is not None:
                self.force_sent = None      # refused: back to the builder
                return [("force-refused", self.guest.errors[-1])]
            return [("error", self.guest.errors[-1])]
        if kind == MUSTER:
            self.built_own = self.built_own or self.guest.to_build is not None
            self.version += 1
            return []
        self.awaiting = False
        self.version += 1
        self._shown = self.guest.view
        self.moments.keep(self._shown)
        self.battles_over += [r for e in self.guest.ended if (r := report_of(e)) is not None]
        if self.guest.problem:
            return [("error", f"The referee's AI failed: {self.guest.problem}")]
        # "your turn" when the decision comes (back) to this seat, not after each of its own actions
        was_mine, self._was_mine = self._was_mine, self.my_turn()
        return [("your-turn", "")] if self._was_mine and not was_mine else []

    def _unsent(self) -> None:
        """The action awaiting its answer was refused or lost: it is not part of the game."""
        if self.awaiting and self.history:
            self.history.pop()
            self.version += 1
        self.awaiting = False

    # -- a force built on points, before the game begins (game/net/mustering.py) -----------------
    @property
    def building(self) -> bool:
        """The referee waits for this seat's force, and it has not sent one."""
        return self.guest.to_build is not None and self.force_sent is None and self.connection == "connected"

    def to_build(self) -> tuple[Any, Any, int]:
        """The scenario, its ruleset and the side this seat builds a force for."""
        scenario = self.guest.to_build
        assert scenario is not None and self.guest.seat is not None
        return scenario, registry.get(scenario.ruleset), self.guest.seat

    def send_force(self, entries: list[dict]) -> None:
        """The force built in the builder, to the referee (which checks it; refused: `force-refused`)."""
        self.force_sent = self.last_force = list(entries)
        # the connection it goes out on: a connection the link made since the last poll is told in
        # its inbox before that connection drops what was sent before it (link.py's pump)
        with self.link.inbox.mutex:
            made = sum(a.kind == "connected" for a in self.link.inbox.queue)
        self._force_on = self._connections + made
        self.link.send(force_message(self.guest.seat or 0, entries))
        self.version += 1

    def waiting_forces(self) -> list[str]:
        """The other sides whose force the game waits for, by name (none once it has begun)."""
        if self.ready:
            return []
        return [self.guest.sides[s] if s < len(self.guest.sides) else f"side {s + 1}"
                for s in self.guest.waiting if s != self.guest.seat]

    def title(self) -> str:
        """The scenario's title, known from the first view (or, waiting for the forces, from `muster`)."""
        return self.scenario.title if self.ready else self.guest.title or "the game"

    def side_names(self) -> list[str]:
        """The sides' names, known from the welcome on (before the game's first view)."""
        return [s.name for s in self.scenario.sides] if self.ready else list(self.guest.sides)

    # -- asking --------------------------------------------------------------------------------
    @property
    def ready(self) -> bool:
        """The first view arrived: the table can be drawn."""
        return self._shown is not None and self.guest.seat is not None

    @property
    def state(self) -> GameState:
        """The view this seat was sent: everything the table shows comes from it (after a rejoin,
        the last one until the referee sends it again)."""
        assert self._shown is not None
        return self._shown

    @property
    def scenario(self):
        return self.state.scenario

    @property
    def ruleset(self):
        return engine.ruleset_of(self.state)

    @property
    def viewer(self) -> int | None:
        return self.guest.seat

    def set_viewer(self, side: int | None) -> None:
        """The window shows its own seat, always."""

    def wanted_viewer(self) -> tuple[int | None, bool]:
        return self.guest.seat, False

    @property
    def players(self) -> list[str]:
        sides = len(self.state.scenario.sides) if self._shown is not None else 0
        return list(self._players) if self._players is not None else [HUMAN] * sides

    @property
    def human_sides(self) -> list[int]:
        return [self.guest.seat] if self.guest.seat is not None else []

    def is_human(self, side: int | None) -> bool:
        """A person decides for this side (an AI level seated by the referee plays by itself)."""
        return side is not None and 0 <= side < len(self.players) and self.players[side] == HUMAN

    def is_mail(self, side: int | None) -> bool:
        """Live play: no side's turns come by e-mail."""
        return False

    def is_ai(self, side: int | None) -> bool:
        """An AI level seated by the referee plays this side (by itself, over there)."""
        return side is not None and not self.is_human(side)

    def auto_now(self) -> bool:
        return False

    def hides(self) -> bool:
        return True

    def my_turn(self) -> bool:
        """This seat decides now, by the latest state the referee sent on a live connection."""
        return self.guest.my_turn and not self.awaiting and self.connection == "connected"

    def decision(self) -> Decision | None:
        return self.guest.decision

    def result(self):
        return self.state.outcome if self.guest.over else None

    def is_over(self) -> bool:
        return self.guest.over

    def side_name(self, side: int | None) -> str:
        """The name of the side a seat plays in the game shown: inside a nested game (a campaign's
        battle, which is all a seat is sent then) the seat plays one of the battle's sides, whose
        index need not be the seat's ("Kessel army 10", not the battle's side of the same number)."""
        if side is None or self._shown is None:
            return "nobody"
        seats = self.state.seats
        if seats is not None:
            if side not in seats:
                return "nobody"
            side = seats.index(side)
        return self._name_of(side)

    def _name_of(self, side: int) -> str:
        """The name of the shown game's own side `side`."""
        return self.scenario.sides[side].name if 0 <= side < len(self.scenario.sides) else "nobody"

    @property
    def played(self) -> int:
        """The whole game's count of actions (this seat's own are only some of them)."""
        return self.guest.at

    def legal(self) -> list[Option]:
        return list(self.guest.options) if self.my_turn() else []

    def view(self, side: int | None = None) -> GameState:
        return self.state

    def waiting_for(self) -> int | None:
        """The side deciding now when it is not this seat (a person elsewhere, or the referee's AI)."""
        d = self.guest.decision
        if d is None or self.guest.over or self.my_turn():
            return None
        return d.seat

    @property
    def actions(self) -> list[Action]:
        return [d.action for d in self.history]

    # -- acting --------------------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        """What this seat can tell before sending: it is its turn, and a placed action lies in its
        option's area. The referee checks the rest, and its answer is shown when it refuses."""
        if not self.my_turn():
            return "wait for your turn" if not self.awaiting else "wait for the referee's answer"
        for o in self.guest.options:
            if o.action == action:
                return None
        placed = [o for o in self.guest.options if o.template is not None and type(o.template) is type(action)
                  and o.region is not None]
        if placed and hasattr(action, "x") and hasattr(action, "y"):
            import shapely
            point = shapely.Point(float(action.x), float(action.y))
            if not any(o.region.distance(point) <= 1e-6 for o in placed):
                return "that point lies outside the area it can reach"
        return None

    def act(self, action: Action) -> list[Event]:
        """Send the action to the referee; the state changes when its answer comes back."""
        reason = self.check(action)
        if reason is not None:
            raise engine.IllegalAction(reason)
        d = self.guest.decision
        self.link.send(wire.dumps({"type": "act", "at": self.guest.at,
                                   "action": wire.action_json(action, self.guest.ruleset)}))
        self.awaiting = True
        self.history.append(Done(action, self.guest.seat, False, bool(getattr(d, "hidden", False)),
                                 self.state.flow.turn))
        self.version += 1
        return []

    def ai_inputs(self) -> None:
        return None                       # the referee plays its AI seats

    def undo_reason(self) -> str | None:
        return NO_UNDO

    def undo(self) -> str | None:
        return NO_UNDO

    def maybe_autosave(self) -> str | None:
        return None                       # the referee saves the game after every action

    def unsaved(self) -> int:
        return 0

    # -- what the seat holds -----------------------------------------------------------------------
    def save(self, path: str | Path, label: str = "") -> Path:
        """A host's save is the referee's own (written after every action, its latest actions in the
        journal beside it), read and written whole, atomically; a guest has none."""
        if self.save_path is None or not Path(self.save_path).is_file():
            raise RemoteError(GUEST_SAVE)
        from game.io.save_file import load_save, resume, save_game
        saved = load_save(self.save_path)
        return save_game(path, resume(saved), saved.actions, players=saved.players,
                         label=label or saved.label, started=saved.started)

    def default_save_name(self) -> str:
        import datetime as _dt
        return f"{self.scenario.name}-network-{_dt.datetime.now():%Y%m%d-%H%M%S}.json"

    def moment_of(self, event: Event) -> int | None:
        return None

    def moment_view(self, k: int, side: int | None = None) -> GameState:
        return self.moments[max(0, min(k, len(self.moments) - 1))] if len(self.moments) else self.state

    def deciders(self) -> dict[int, int]:
        return {}

    def losses(self) -> list[tuple[str, list[str], int]]:
        out = []
        for side in range(len(self.scenario.sides)):
            units = [u for u in self.state.units.values() if u.side == side]
            out.append((self._name_of(side), [u.name or u.id for u in units if u.out], len(units)))
        return out

    def where(self) -> str:
        return ""

    def forces_note(self) -> str | None:
        """What a seat that did not make the game is told of its force in a scenario built on points
        (its ruleset gives the seat's side a force to build): the host chose it."""
        if self.hosting or self.codes or self.built_own or not self.ready:
            return None
        try:
            on_points = self.ruleset.muster(self.scenario, self.guest.seat) is not None
        except Exception:            # a nested game's side, a scenario without that side: no note
            return None
        return FORCES_BY_HOST if on_points else None

    def log_lines(self) -> list[str]:
        return [e.log_line() for e in self.state.log if e.visible_to(self.viewer)]

    def close(self) -> None:
        self.link.close()
