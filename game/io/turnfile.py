"""Play by e-mail: the turn file one player sends the other, its hash chain, and the record of the
turns a player sent, against which a turn file received back is checked.

A turn file holds the whole game so far (a save document, seed included: e-mail play is for players
who trust each other), the two correspondents' sides (`hands`: hand 0 holds the side numbered lowest)
and a chain of links, one per exchange: the action count, the game's state hash at that count, the
hand that sent it, the turn and the time. Opening one replays the game and checks every link's hash
at its count; then the turns the receiver sent of that game (its record in the saves folder) must be
where they were left: a file whose history differs is refused with the action where it diverges.

Pure: no pygame, no UI. Every problem is one FileProblem line naming the place.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from game.engine import game as engine
from game.engine.state import GameState, state_hash
from game.io.errors import FileProblem, shown
from game.io.jsontext import MAX_SAVE_BYTES, expect_object, parse_json, read_bytes
from game.io.save_file import SaveData, save_from_doc, write_json_atomic
from game.io.scenario_file import check_header

FORMAT, VERSION = "skirmish-table/turn", 1
RECORD_FORMAT, RECORD_VERSION = "skirmish-table/turns-sent", 1
TURNS_FOLDER = "turns"           # inside the saves folder: the files sent, and the records beside them
RECORDS_FOLDER = "sent"          # inside it: one record per game id


@dataclasses.dataclass(frozen=True)
class Link:
    """One exchange: after `actions` actions the game hashed `hash`; hand `hand` sent it."""

    actions: int
    hash: str
    hand: int
    turn: int
    sent_at: str

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclasses.dataclass
class TurnFile:
    game_id: str
    sent_at: str
    hands: list[list[int]]        # the sides of each correspondent
    sender: int                   # the hand that sent it; the other receives
    chain: list[Link]
    game: dict[str, Any]          # the save document, as written
    save: SaveData
    source: str = ""

    @property
    def receiver(self) -> int:
        return 1 - self.sender


def game_id(ruleset: str, scenario: dict[str, Any], options: dict[str, Any], seed: int, started: str | None) -> str:
    """The game's name in turn files and records: a digest of what sets it up (the scenario, the
    options, the seed) and when it began, so two games of one scenario never share it."""
    setup = json.loads(json.dumps([ruleset, scenario, options, seed, started or ""]))   # as a file holds it
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:20]


def game_id_of(doc: dict[str, Any]) -> str:
    """The game id of a save document."""
    return game_id(doc["ruleset"], doc["scenario"], doc["options"], doc["seed"], doc.get("started"))


def hands_of(sides: int, mine: list[int], theirs: list[int]) -> list[list[int]]:
    """The two correspondents' sides, in the order every file of the game keeps: lowest side first."""
    if not mine or not theirs or set(mine) & set(theirs) or not set(mine + theirs) <= set(range(sides)):
        raise ValueError(f"each correspondent needs sides of their own (got {mine} and {theirs})")
    return sorted([sorted(mine), sorted(theirs)])


# -- writing -------------------------------------------------------------------------------------------
def now_text() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def make_turn(game: dict[str, Any], hands: list[list[int]], sender: int, chain: list[Link],
              sent_at: str | None = None) -> dict[str, Any]:
    """A turn file's document: the game so far and the chain with this exchange's link added (a second
    send at the same count, a file sent again, adds none)."""
    sent_at = sent_at or now_text()
    count = len(game["actions"])
    links = [link for link in chain if link.actions < count]
    links.append(Link(count, game["state_hash"], sender, int(game["turn"]), sent_at))
    return {"format": FORMAT, "version": VERSION, "game_id": game_id_of(game), "sent_at": sent_at,
            "hands": [list(h) for h in hands], "sender": sender,
            "chain": [link.to_json() for link in links], "game": game}


def turn_file_name(doc: dict[str, Any], sender_name: str) -> str:
    """`<scenario>-<sender>-turn<N>-action<K>.json`: the scenario, who sent it and when in the game."""
    def part(text: str) -> str:
        return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)[:40] or "x"
    game = doc["game"]
    return (f"{part(game['scenario'].get('name', 'game'))}-{part(sender_name)}-turn{game['turn']}"
            f"-action{len(game['actions'])}.json")


def write_turn(folder: Path, doc: dict[str, Any], sender_name: str) -> Path:
    """The turn file, written atomically into `folder` (whole or not at all)."""
    path = folder / turn_file_name(doc, sender_name)
    try:
        return write_json_atomic(path, doc)
    except OSError as exc:
        raise FileProblem(os.fspath(path), None, f"expected a writable place for the turn file "
                                                 f"({exc.strerror or exc})") from None


# -- reading -------------------------------------------------------------------------------------------
def _whole(value: Any, source: str, place: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise FileProblem(source, place, f"expected a whole number of at least {low}, got {shown(value)}")
    return value


def _text(value: Any, source: str, place: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 80:
        raise FileProblem(source, place, f"expected a short text, got {shown(value)}")
    return value


def _hands(value: Any, sides: int, source: str) -> list[list[int]]:
    if not isinstance(value, list) or len(value) != 2:
        raise FileProblem(source, "hands", f"expected the sides of the two players, got {shown(value)}")
    out = []
    for i, hand in enumerate(value):
        if not isinstance(hand, list) or not hand:
            raise FileProblem(source, f"hands[{i}]", f"expected a list of sides, got {shown(hand)}")
        out.append([_whole(s, source, f"hands[{i}][{j}]") for j, s in enumerate(hand)])
    try:
        if hands_of(sides, out[0], out[1]) != out:
            raise ValueError("expected the hand holding the lowest side first, each in order")
    except ValueError as exc:
        raise FileProblem(source, "hands", f"{exc} (the game has {sides} sides)") from None
    return out


def _link(value: Any, source: str, place: str) -> Link:
    if not isinstance(value, dict):
        raise FileProblem(source, place, f"expected an object, got {shown(value)}")
    wanted = {f.name for f in dataclasses.fields(Link)}
    extra = sorted(set(value) - wanted)
    missing = sorted(wanted - set(value))
    if extra or missing:
        wrong = f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(extra)}"
        raise FileProblem(source, place, f"expected the fields {', '.join(sorted(wanted))} ({wrong})")
    link = Link(actions=_whole(value["actions"], source, f"{place}.actions"),
                hash=_text(value["hash"], source, f"{place}.hash"),
                hand=_whole(value["hand"], source, f"{place}.hand"),
                turn=_whole(value["turn"], source, f"{place}.turn"),
                sent_at=_text(value["sent_at"], source, f"{place}.sent_at"))
    if link.hand > 1:
        raise FileProblem(source, f"{place}.hand", f"expected 0 or 1, got {link.hand}")
    return link


def turn_from_doc(doc: Any, source: str) -> TurnFile:
    """Check a turn file's fields, its embedded game and the order of its chain (not yet replayed)."""
    doc = expect_object(doc, source, "a turn file")
    check_header(doc, source, FORMAT, VERSION)
    for key in ("game_id", "sent_at", "hands", "sender", "chain", "game"):
        if key not in doc:
            raise FileProblem(source, key, "expected this field of a turn file, it is missing")
    unknown = sorted(set(doc) - {"format", "version", "game_id", "sent_at", "hands", "sender", "chain", "game"})
    if unknown:
        raise FileProblem(source, unknown[0], "expected no such field in a turn file")
    try:
        save = save_from_doc(doc["game"], source)
    except FileProblem as exc:
        raise FileProblem(source, f"game.{exc.place}" if exc.place else "game", exc.what) from None
    sides = len(save.scenario.sides)
    hands = _hands(doc["hands"], sides, source)
    sender = _whole(doc["sender"], source, "sender")
    if sender > 1:
        raise FileProblem(source, "sender", f"expected 0 or 1 (a hand of `hands`), got {sender}")
    if not isinstance(doc["chain"], list) or not doc["chain"]:
        raise FileProblem(source, "chain", f"expected a list of exchanges, got {shown(doc['chain'])}")
    chain = [_link(v, source, f"chain[{i}]") for i, v in enumerate(doc["chain"])]
    for i in range(1, len(chain)):
        if chain[i].actions <= chain[i - 1].actions:
            raise FileProblem(source, f"chain[{i}].actions", f"expected more than the {chain[i - 1].actions} "
                                                             f"actions of the exchange before, got {chain[i].actions}")
    last = chain[-1]
    if last.actions != len(save.actions) or last.hand != sender:
        raise FileProblem(source, f"chain[{len(chain) - 1}]", f"expected the sender's exchange at the game's "
                                                              f"{len(save.actions)} actions, got hand {last.hand} "
                                                              f"at {last.actions}")
    if last.hash != save.state_hash:
        raise FileProblem(source, f"chain[{len(chain) - 1}].hash", f"expected the game's state hash "
                                                                   f"{save.state_hash}, got {shown(last.hash)}")
    if doc["game_id"] != game_id_of(doc["game"]):
        raise FileProblem(source, "game_id", "expected the id of the game the file holds: its scenario, seed, "
                                             "options or start were changed")
    return TurnFile(game_id=doc["game_id"], sent_at=_text(doc["sent_at"], source, "sent_at"), hands=hands,
                    sender=sender, chain=chain, game=doc["game"], save=save, source=source)


def read_turn(path: str | os.PathLike[str]) -> TurnFile:
    source = os.fspath(path)
    return turn_from_doc(parse_json(read_bytes(path, source, MAX_SAVE_BYTES), source, MAX_SAVE_BYTES), source)


def is_turn_file(path: str | os.PathLike[str]) -> bool:
    """Does the file say it is a turn file (its first bytes)?"""
    try:
        with open(path, "rb") as fh:
            head = fh.read(256)
    except OSError:
        return False
    return f'"{FORMAT}"'.encode() in head


@dataclasses.dataclass(frozen=True)
class TurnSummary:
    """What a load screen lists of a turn file, read without replaying it."""

    sent_at: str
    title: str
    sender: str
    receiver: str
    turn: int
    actions: int


def read_summary(path: str | os.PathLike[str]) -> TurnSummary:
    """A turn file's header (raises FileProblem); its game is neither checked nor replayed here."""
    source = os.fspath(path)
    doc = expect_object(parse_json(read_bytes(path, source, MAX_SAVE_BYTES), source, MAX_SAVE_BYTES),
                        source, "a turn file")
    check_header(doc, source, FORMAT, VERSION)
    try:
        game, scenario = doc["game"], doc["game"]["scenario"]
        sides = [side["name"] for side in scenario["sides"]]
        hands = [[sides[s] for s in hand] for hand in doc["hands"]]
        sender = int(doc["sender"])
        return TurnSummary(str(doc["sent_at"]), str(scenario.get("title") or scenario.get("name")),
                           " and ".join(hands[sender]), " and ".join(hands[1 - sender]), int(game["turn"]),
                           len(game["actions"]))
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        raise FileProblem(source, None, "expected a turn file's game, sides and sender") from None


def list_turns(folder: Path) -> list[tuple[Path, TurnSummary]]:
    """The turn files in a folder, newest first; unreadable ones are left out."""
    found = []
    for path in folder.glob("*.json") if folder.is_dir() else []:
        try:
            found.append((path, read_summary(path)))
        except FileProblem:
            continue
    return sorted(found, key=lambda item: (item[1].sent_at, item[0].name), reverse=True)


# -- the record of turns sent --------------------------------------------------------------------------
@dataclasses.dataclass
class Record:
    """What a player sent of one game: every link they sent, and the actions of their last send."""

    game_id: str
    sent: list[Link]
    history: dict[int, list[dict[str, Any]]]    # hand -> the game's actions as its last send held them
    chain: list[Link]                            # the longest chain known of the game (sent or received)

    def mine(self, hand: int) -> list[Link]:
        return [link for link in self.sent if link.hand == hand]


def record_path(saves: Path, gid: str) -> Path:
    return saves / TURNS_FOLDER / RECORDS_FOLDER / f"{gid}.json"


def read_record(saves: Path, gid: str) -> Record:
    """The record of a game (empty when nothing was sent of it from here); a damaged record is a
    FileProblem naming it, never a game checked against nothing."""
    path = record_path(saves, gid)
    if not path.is_file():
        return Record(gid, [], {}, [])
    source = os.fspath(path)
    doc = expect_object(parse_json(read_bytes(path, source, MAX_SAVE_BYTES), source, MAX_SAVE_BYTES),
                        source, "a record of turns sent")
    check_header(doc, source, RECORD_FORMAT, RECORD_VERSION)
    if doc.get("game_id") != gid:
        raise FileProblem(source, "game_id", f"expected {gid}, got {shown(doc.get('game_id'))}")
    for key in ("sent", "chain"):
        if not isinstance(doc.get(key), list):
            raise FileProblem(source, key, f"expected a list, got {shown(doc.get(key))}")
    history = doc.get("history")
    if not isinstance(history, dict) or not all(k in ("0", "1") and isinstance(v, list) for k, v in history.items()):
        raise FileProblem(source, "history", "expected the actions of each hand's last send")
    return Record(gid, [_link(v, source, f"sent[{i}]") for i, v in enumerate(doc["sent"])],
                  {int(k): v for k, v in history.items()},
                  [_link(v, source, f"chain[{i}]") for i, v in enumerate(doc["chain"])])


def write_record(saves: Path, record: Record) -> Path:
    doc = {"format": RECORD_FORMAT, "version": RECORD_VERSION, "game_id": record.game_id,
           "sent": [link.to_json() for link in record.sent],
           "history": {str(k): v for k, v in sorted(record.history.items())},
           "chain": [link.to_json() for link in record.chain]}
    return write_json_atomic(record_path(saves, record.game_id), doc)


def noted_sent(record: Record, doc: dict[str, Any]) -> Record:
    """The record once the turn file `doc` is sent."""
    chain = [Link(**v) for v in doc["chain"]]
    last = chain[-1]
    sent = [link for link in record.sent if not (link.hand == last.hand and link.actions >= last.actions)]
    return Record(record.game_id, sent + [last], {**record.history, last.hand: list(doc["game"]["actions"])}, chain)


def noted_received(record: Record, turn: TurnFile) -> Record:
    """The record once a turn file was accepted: the longer chain is kept, to go on in the next send."""
    chain = turn.chain if len(turn.chain) >= len(record.chain) else record.chain
    return Record(record.game_id, record.sent, record.history, chain)


# -- checking a received file --------------------------------------------------------------------------
def when_text(text: str) -> str:
    """A file's UTC time as the player's local date and time."""
    try:
        t = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return text
    if t.tzinfo is not None:
        t = t.astimezone()
    return t.strftime("%Y-%m-%d %H:%M")


def _action_text(data: Any) -> str:
    if not isinstance(data, dict):
        return shown(data)
    fields = ", ".join(f"{k}={shown(v)}" for k, v in data.items() if k != "type")
    return f"{data.get('type', '?')}({fields})"


def diverges(turn: TurnFile, record: Record, turn_at=None) -> str | None:
    """Where the file's history leaves what the receiver sent of this game, in words, or None.
    `turn_at(i)`: the game's turn at its action i (0-based), for the message."""
    me = turn.receiver
    mine = record.mine(me)
    if not mine:
        return None
    actions = turn.game["actions"]
    sent = record.history.get(me, [])
    for i in range(min(mine[-1].actions, len(sent))):
        if i >= len(actions) or actions[i] != sent[i]:
            link = next(link for link in mine if link.actions > i)
            turn_no = turn_at(i) if turn_at is not None else link.turn
            got = _action_text(actions[i]) if i < len(actions) else "nothing (its game is shorter)"
            return (f"the file's history differs from the turn you sent on {when_text(link.sent_at)} at action "
                    f"{i + 1} (turn {turn_no}): you sent {_action_text(sent[i])}, the file has {got}")
    claimed = {(link.actions, link.hash) for link in turn.chain if link.hand == me}
    for link in mine:
        if (link.actions, link.hash) not in claimed:
            return (f"the file's history differs from the turn you sent on {when_text(link.sent_at)} at action "
                    f"{link.actions} (turn {link.turn}): its chain does not hold that exchange")
    known = {(link.actions, link.hash) for link in mine}
    for link in turn.chain:
        if link.hand == me and (link.actions, link.hash) not in known:
            return (f"the file says you sent a turn at action {link.actions} (turn {link.turn}) on "
                    f"{when_text(link.sent_at)}, but no such turn was sent from here")
    return None


def replay_checked(turn: TurnFile, trusted: int = 0) -> GameState:
    """Replay the file's game, each link's hash checked at its action count. The first `trusted`
    actions (the ones the receiver sent, already matched) are applied without the option search;
    every later one is checked as a move at the table is. Raises FileProblem at the first wrong place."""
    save, source = turn.save, turn.source
    try:
        state = engine.new_game(save.scenario, save.seed, save.options)
    except Exception as exc:  # the ruleset's setup meeting data it cannot use
        raise FileProblem(source, "game.scenario", f"expected a scenario the ruleset can set up ({exc})") from None
    links = {link.actions: (i, link) for i, link in enumerate(turn.chain)}
    names = [", ".join(save.scenario.sides[s].name for s in hand) for hand in turn.hands]
    for n in range(len(save.actions) + 1):
        if n in links:
            i, link = links[n]
            if state_hash(state) != link.hash:
                raise FileProblem(source, f"chain[{i}].hash", f"the hash recorded at action {n} (turn "
                                  f"{link.turn}), sent by {names[link.hand]} on {when_text(link.sent_at)}, is not "
                                  f"the game's: the file was altered")
        if n == len(save.actions):
            break
        checked = n >= trusted
        try:
            engine.apply(state, save.actions[n], atomic=checked, checked=checked)
        except engine.IllegalAction as exc:
            raise FileProblem(source, f"game.actions[{n}]", f"expected a legal action on replay ({exc})") from None
        except Exception as exc:  # a ruleset failing on an action: still one line
            raise FileProblem(source, f"game.actions[{n}]", f"expected an action the ruleset can apply "
                                                            f"({type(exc).__name__}: {exc})") from None
    if state.flow.turn != save.turn:
        raise FileProblem(source, "game.turn", f"expected the replayed turn {state.flow.turn}, got {save.turn}")
    return state


def check_received(turn: TurnFile, record: Record) -> GameState:
    """A received turn file against the receiver's record, then replayed with its chain checked.
    Returns the replayed game; raises FileProblem (one line, the place) when it must be refused."""
    if record.game_id != turn.game_id:
        raise ValueError("the record of another game")
    save = turn.save

    def turn_at(i: int) -> int:       # the actions before i are the receiver's own: replayed as trusted
        try:
            return engine.replay(save.scenario, save.seed, save.options, save.actions[:i], checked=False).flow.turn
        except Exception:
            return 0
    problem = diverges(turn, record, turn_at)
    if problem:
        raise FileProblem(turn.source, None, problem)
    mine = record.mine(turn.receiver)
    trusted = max((link.actions for link in mine), default=0)
    return replay_checked(turn, trusted)


__all__ = ["FORMAT", "VERSION", "Link", "TurnFile", "Record", "game_id", "game_id_of", "hands_of", "make_turn",
           "write_turn", "turn_from_doc", "read_turn", "is_turn_file", "read_summary", "list_turns", "read_record",
           "write_record", "record_path", "noted_sent", "noted_received", "diverges", "replay_checked", "check_received"]
