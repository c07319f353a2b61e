"""Play by e-mail as the window lives it: who may send a turn now and why not, sending it (the turn file
in the saves folder's `turns/`, the record of what was sent), and opening a received turn file into a
session where the sender's sides wait for the next file. The file format and its checks are
game.io.turnfile's; nothing here draws."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from game.io import turnfile
from game.io.errors import FileProblem
from game.io.paths import saves_dir
from game.ui.session import HUMAN, MAIL, Session, seat_of


def turns_dir() -> Path:
    """Where turn files are written (and the records of the turns sent, in its `sent/`)."""
    return saves_dir() / turnfile.TURNS_FOLDER


@dataclasses.dataclass(frozen=True)
class Hands:
    """The two correspondents of an e-mail game, seen from this window: whose sides are whose."""

    mine: list[int]
    theirs: list[int]

    def ordered(self, sides: int) -> list[list[int]]:
        return turnfile.hands_of(sides, self.mine, self.theirs)

    def my_index(self, sides: int) -> int:
        return self.ordered(sides).index(sorted(self.mine))


def hands(session: Session) -> Hands | None:
    """Whose sides are whose: in an e-mail game, the window's human sides and the sides by e-mail; in
    a game not yet sent, the deciding person's sides go by e-mail and the other people's stay here."""
    sides = range(session.state.sides)
    mail = [s for s in sides if session.players[s] == MAIL]
    humans = [s for s in sides if session.players[s] == HUMAN]
    if mail:
        return Hands(humans, mail) if humans else None
    d = session.decision()
    if d is None:
        return None
    seat = seat_of(d)
    rest = [s for s in humans if s != seat]
    return Hands(rest, [seat]) if seat in humans and rest else None


def why_not(session: Session) -> str | None:
    """None when a turn can be sent now, else why not, in the player's words."""
    if getattr(session, "remote", False):
        return "this game is played live over the network"
    if session.auto_now():
        return "the AI is resolving a battle: send when it is done"
    mail = any(p == MAIL for p in session.players)
    if session.is_over():
        return None if mail else "the game is over"
    d = session.decision()
    seat = seat_of(d) if d is not None else None
    if mail and session.is_mail(seat):
        return None
    if mail and session.is_human(seat):
        return f"it is still your decision ({session.side_name(seat)}): play your part, then send it"
    if mail:
        return f"{session.side_name(seat)} (AI) is still to play"
    if len(session.human_sides) < 2:
        return "a game by e-mail needs two sides played by people (choose Human for both in New game)"
    if not any(session.is_human(done.side) for done in session.history):
        return f"nobody has played yet: {session.side_name(seat)} plays first, then sends it"
    if hands(session) is None:
        return f"{session.side_name(seat)} (AI) is still to play"
    last = next(done.side for done in reversed(session.history) if session.is_human(done.side))
    if last == seat:
        return f"it is still your decision ({session.side_name(seat)}): play your part, then send it"
    return None


def send_turn(session: Session) -> Path:
    """Write the turn file for the other player (atomically, into turns/) and note it in this game's
    record; the other player's sides then wait for their file. Raises FileProblem or ValueError."""
    reason = why_not(session)
    if reason:
        raise ValueError(reason)
    who = hands(session)
    if who is None:
        raise ValueError("there is nobody to send the turn to")
    from game.io.save_file import save_document
    sides = session.state.sides
    order = who.ordered(sides)
    me = who.my_index(sides)
    game = save_document(session.state, session.actions, [HUMAN if p == MAIL else p for p in session.players],
                         label=f"turn by e-mail from {names(session, who.mine)}", started=session.started)
    saves = saves_dir()
    record = turnfile.read_record(saves, turnfile.game_id_of(game))
    doc = turnfile.make_turn(game, order, me, record.chain)
    path = turnfile.write_turn(turns_dir(), doc, names(session, who.mine))
    turnfile.write_record(saves, turnfile.noted_sent(record, doc))
    for side in who.theirs:
        session.set_player(side, MAIL)
    session.mail_sent = len(session.history)
    session.maybe_autosave()
    return path


def send_and_show(app, session: Session) -> None:
    """Send the turn (raises as send_turn does), then a fresh table (no handover is due to a side by
    e-mail) under the screen that shows where the file is."""
    path = send_turn(session)
    session.set_viewer(session.human_sides[0] if session.human_sides else None)
    app.start_session(session)
    app.open("turn-sent", session, path)


def to_send(session: Session) -> str | None:
    """The side by e-mail the decision waits for, while this window's turn is not yet sent to it."""
    d = session.decision()
    if d is None or not session.is_mail(seat_of(d)) or session.mail_sent == len(session.history):
        return None
    return session.side_name(seat_of(d))


def game_id_of_session(session: Session) -> str:
    state = session.state
    return turnfile.game_id(state.ruleset_id, state.scenario.raw, dict(state.options), state.seed,
                            session.started.replace(microsecond=0).isoformat())


def last_sent(session: Session) -> int:
    """The action count of the last turn this window's player sent of the game (from its record), or -1."""
    who = hands(session)
    if who is None:
        return -1
    try:
        record = turnfile.read_record(saves_dir(), game_id_of_session(session))
        me = who.my_index(session.state.sides)
    except (FileProblem, OSError, ValueError):
        return -1
    return max((link.actions for link in record.mine(me)), default=-1)


def names(session: Session, sides: list[int]) -> str:
    return " and ".join(session.side_name(s) for s in sides)


def received_session(path: str | Path) -> tuple[Session, int, str]:
    """Open a received turn file: checked (its chain, then against what was sent from here), replayed,
    noted in the record. Returns the session (the receiver's sides human, the sender's by e-mail), the
    side to hand the window to, and a line about the file. Raises FileProblem naming the place."""
    turn = turnfile.read_turn(path)
    saves = saves_dir()
    record = turnfile.read_record(saves, turn.game_id)
    turnfile.check_received(turn, record)
    session = Session.from_save(turn.save, source=str(path))
    for side in turn.hands[turn.receiver]:
        session.set_player(side, HUMAN)
    for side in turn.hands[turn.sender]:
        session.set_player(side, MAIL)
    session.saved_actions = len(session.history)
    session.mail_sent = -1
    try:
        turnfile.write_record(saves, turnfile.noted_received(record, turn))
    except OSError as exc:
        raise FileProblem(str(turnfile.record_path(saves, turn.game_id)), None,
                          f"expected a writable record of the game ({exc})") from None
    session.maybe_autosave()
    d = session.decision()
    side = seat_of(d) if d is not None and session.is_human(seat_of(d)) else turn.hands[turn.receiver][0]
    link = turn.chain[-1]
    note = (f"A turn by e-mail from {names(session, turn.hands[turn.sender])}, sent "
            f"{turnfile.when_text(turn.sent_at)}: turn {link.turn}, action {link.actions}; its history is checked.")
    if (link.actions, link.hash) in {(mine.actions, mine.hash) for mine in record.mine(turn.sender)}:
        note += f" It was sent from this computer: it is for the {names(session, turn.hands[turn.receiver])} player."
    session.viewer = side
    return session, side, note


def waiting_line(session: Session, short: bool = False) -> str | None:
    """What the table says while the decision is with a side by e-mail (`short`: the panel's title)."""
    d = session.decision()
    if d is None or not session.is_mail(seat_of(d)):
        return None
    name = session.side_name(seat_of(d))
    if session.mail_sent is None:          # a game by e-mail continued: its record says what was sent
        session.mail_sent = last_sent(session)
    if session.mail_sent == len(session.history):
        return f"Turn sent to {name}: waiting" if short else f"Turn sent to {name}: wait for their turn file"
    return f"Send your turn to {name}" if short else f"Your part is done: send your turn to {name}"
