"""Play by e-mail, the pure part (game/io/turnfile.py): a turn file round-trips on every ruleset through
several exchanges; its hash chain is checked at each exchange; a history altered since the receiver
sent it is refused at the action where it diverges; a forged hash, a file of another game and a
malformed file are refused with one line naming the place; nothing is half-written."""
from __future__ import annotations

import copy
import datetime as dt
import json

import pytest

from game import simulate
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.state import state_hash
from game.io import turnfile
from game.io.errors import FileProblem
from game.io.paths import saves_dir
from game.io.save_file import save_document
from game.io.scenario_file import bundled_scenarios, load_scenario

STARTED = dt.datetime(2026, 11, 26, 14, 0, 0)
ONE_PER_RULESET = sorted({ruleset: name for name, ruleset, _ in reversed(bundled_scenarios(user=False))}.values())
QUICK = "risus-meeting-engagement"


class Correspondence:
    """Two players of one game by e-mail, each playing random legal moves for their hand's sides, each
    keeping their record of turns sent (one saves folder: the records are kept per hand, as on two
    machines)."""

    def __init__(self, name: str, seed: int = 4242):
        self.state = engine.new_game(load_scenario(name), seed)
        self.actions: list = []
        self.hands = [[0], list(range(1, self.state.sides))]
        self.players = [make_player("random", seed, side) for side in range(self.state.sides)]
        self.auto = [make_player("easy", seed, side) for side in range(self.state.sides)]
        self.chain: list[turnfile.Link] = []

    def hand_to_act(self) -> int | None:
        d = engine.to_act(self.state)
        return None if d is None else (0 if d.seat in self.hands[0] else 1)

    def play_part(self, hand: int, limit: int = 300) -> int:
        """The hand's moves until the decision passes to the other hand (or the game ends)."""
        played = 0
        while self.hand_to_act() == hand and played < limit:
            d = engine.to_act(self.state)
            player = self.auto[d.seat] if engine.auto_played(self.state) else self.players[d.seat]
            action = player.choose(engine.view(self.state, d.seat), engine.legal_actions(self.state), d)
            engine.apply(self.state, action)
            self.actions.append(action)
            played += 1
        return played

    def game_doc(self) -> dict:
        return save_document(self.state, self.actions, ["human"] * self.state.sides, started=STARTED)

    def send(self, hand: int, sent_at: str | None = None) -> dict:
        """The turn file written and noted in the sender's record; returns its document."""
        doc = turnfile.make_turn(self.game_doc(), self.hands, hand, self.chain, sent_at)
        turnfile.write_turn(saves_dir() / turnfile.TURNS_FOLDER, doc, f"hand{hand}")
        record = turnfile.read_record(saves_dir(), doc["game_id"])
        turnfile.write_record(saves_dir(), turnfile.noted_sent(record, doc))
        self.chain = [turnfile.Link(**v) for v in doc["chain"]]
        return doc


def receive(doc: dict, source: str = "turn.json"):
    """The receiver's side: the file read back from its bytes, checked against their record."""
    turn = turnfile.turn_from_doc(json.loads(json.dumps(doc)), source)
    record = turnfile.read_record(saves_dir(), turn.game_id)
    state = turnfile.check_received(turn, record)
    turnfile.write_record(saves_dir(), turnfile.noted_received(record, turn))
    return turn, state


@pytest.mark.parametrize("name", ONE_PER_RULESET)
def test_a_turn_file_round_trips_through_exchanges_on_every_ruleset(name):
    game = Correspondence(name)
    exchanges = 0
    for _ in range(4):
        hand = game.hand_to_act()
        if hand is None:
            break
        game.play_part(hand)
        doc = game.send(hand)
        path = saves_dir() / turnfile.TURNS_FOLDER / turnfile.turn_file_name(doc, f"hand{hand}")
        turn = turnfile.read_turn(path)
        state = turnfile.check_received(turn, turnfile.read_record(saves_dir(), turn.game_id))
        assert state_hash(state) == state_hash(game.state) == turn.chain[-1].hash
        assert turn.sender == hand and len(turn.chain) == exchanges + 1
        assert [link.hand for link in turn.chain] == [(hand - k) % 2 for k in range(exchanges, -1, -1)]
        exchanges += 1
    assert exchanges >= 2, "the game ended before two exchanges"


def test_the_game_id_is_the_games_own():
    game = Correspondence(QUICK)
    doc = game.game_doc()
    assert turnfile.game_id_of(doc) == turnfile.game_id_of(json.loads(json.dumps(doc)))
    other = dict(doc, seed=doc["seed"] + 1)
    later = dict(doc, started="2026-11-26T14:00:01")
    assert len({turnfile.game_id_of(d) for d in (doc, other, later)}) == 3


def altered(game: Correspondence, upto: int) -> tuple[dict, int]:
    """What a dishonest correspondent sends back: the game with its last action before `upto` that had
    another complete legal choice replaced by it and played on, every hash of the chain recomputed to
    fit. Returns the file and the index of the action replaced."""
    for at in range(upto - 1, -1, -1):
        state = engine.replay(game.state.scenario, game.state.seed, game.state.options, game.actions[:at])
        options = [o.action for o in engine.legal_actions(state) if o.action is not None]
        other = next((a for a in options if a != game.actions[at]), None)
        if other is not None:
            break
    actions = game.actions[:at] + [other]
    engine.apply(state, other)
    forged = Correspondence.__new__(Correspondence)
    forged.__dict__.update(game.__dict__, state=state, actions=actions)
    forged.play_part(forged.hand_to_act() if forged.hand_to_act() is not None else 1)
    chain = []
    for link in game.chain:
        before = engine.replay(state.scenario, state.seed, state.options, actions[:link.actions], checked=False)
        chain.append(turnfile.Link(link.actions, state_hash(before), link.hand, link.turn, link.sent_at))
    return turnfile.make_turn(forged.game_doc(), game.hands, 1, chain), at


def test_a_history_altered_since_it_was_sent_is_refused_at_the_action_where_it_diverges():
    game = Correspondence(QUICK)
    game.play_part(0)
    sent = game.send(0, sent_at="2026-11-26T14:02:00Z")
    receive(sent)                                  # the other player opens it...
    game.play_part(1)
    honest = game.send(1)
    receive(honest)                                # ...and an honest reply is taken
    forged, at = altered(game, len(sent["game"]["actions"]))      # one of the moves hand 0 sent, replaced
    turn_then = engine.replay(game.state.scenario, game.state.seed, game.state.options,
                              game.actions[:at], checked=False).flow.turn
    with pytest.raises(FileProblem) as refused:
        receive(forged, "forged.json")
    when = turnfile.when_text("2026-11-26T14:02:00Z")
    assert f"forged.json: the file's history differs from the turn you sent on {when} at action {at + 1} " \
           f"(turn {turn_then}): you sent " in str(refused.value)
    assert "\n" not in str(refused.value)


def test_a_forged_hash_is_refused_at_its_link():
    """Hand 1 receives the third exchange; the first (hand 0's own) has its hash changed."""
    game = Correspondence(QUICK)
    for hand in (0, 1, 0):
        game.play_part(hand)
        doc = game.send(hand)
    doc["chain"][0]["hash"] = "0123456789abcdef"
    with pytest.raises(FileProblem, match=r"^t\.json: chain\[0\]\.hash: the hash recorded at action \d+ \(turn \d+\), "
                                          r"sent by .+, is not the game's: the file was altered$"):
        receive(doc, "t.json")


def test_a_turn_the_receiver_never_sent_is_refused():
    game = Correspondence(QUICK)
    game.play_part(0)
    game.send(0)
    game.play_part(1)
    doc = game.send(1)
    doc["chain"][0]["sent_at"] = "2026-01-01T00:00:00Z"
    doc["chain"][0]["hash"] = "feedfacefeedface"
    with pytest.raises(FileProblem, match="its chain does not hold that exchange"):
        receive(doc)


def test_a_file_of_another_game_is_refused():
    game = Correspondence(QUICK)
    game.play_part(0)
    doc = game.send(0)
    doc["game"]["seed"] += 1                     # the dice changed under the same game id
    with pytest.raises(FileProblem, match=r"^t\.json: game_id: expected the id of the game the file holds"):
        receive(doc, "t.json")


def test_a_file_of_another_game_is_not_checked_against_this_ones_record():
    first, second = Correspondence(QUICK, seed=1), Correspondence(QUICK, seed=2)
    first.play_part(0)
    first.send(0)
    second.play_part(0)
    turn, state = receive(second.send(0))
    assert state_hash(state) == state_hash(second.state)


@pytest.mark.parametrize("change, place", [
    (lambda d: d.pop("chain"), "chain: expected this field"),
    (lambda d: d.update(format="skirmish-table/save"), "format: expected 'skirmish-table/turn'"),
    (lambda d: d.update(version=2), "version: expected version 1 or older"),
    (lambda d: d.update(hands=[[0]]), "hands: expected the sides of the two players"),
    (lambda d: d.update(hands=[[1], [0]]), "hands: expected the hand holding the lowest side first"),
    (lambda d: d.update(sender=3), "sender: expected 0 or 1"),
    (lambda d: d.update(chain=[]), "chain: expected a list of exchanges"),
    (lambda d: d["chain"].append(dict(d["chain"][-1])), "chain[2].actions: expected more than"),
    (lambda d: d["chain"][0].update(actions="ten"), "chain[0].actions: expected a whole number"),
    (lambda d: d["chain"][1].pop("hash"), "chain[1]: expected the fields"),
    (lambda d: d["game"]["actions"].pop(), "chain[1]: expected the sender's exchange"),
    (lambda d: d["game"]["actions"][0].update(type="Teleport"), "game.actions[0].type: expected an action"),
    (lambda d: d["game"].update(seed="x"), "game.seed"),
    (lambda d: d.update(extra=1), "extra: expected no such field"),
])
def test_a_malformed_turn_file_gives_one_line_naming_the_place(change, place):
    game = Correspondence(QUICK)
    game.play_part(0)
    game.send(0)
    game.play_part(1)
    doc = copy.deepcopy(game.send(1))
    change(doc)
    with pytest.raises(FileProblem) as refused:
        receive(doc, "bad.json")
    assert str(refused.value).startswith(f"bad.json: {place}"), str(refused.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("text", [b"", b"{", b"[1, 2]", b"\x00\x01", b'{"format": "skirmish-table/turn"}'])
def test_bytes_that_are_no_turn_file_give_one_line(tmp_path, text):
    path = tmp_path / "junk.json"
    path.write_bytes(text)
    with pytest.raises(FileProblem, match=r"junk\.json"):
        turnfile.read_turn(path)


def test_an_illegal_move_of_the_sender_is_refused_even_with_its_hashes_made_to_fit():
    game = Correspondence(QUICK)
    game.play_part(0)
    game.send(0)
    receive(game.send(0))
    doc = game.game_doc()
    doc["actions"].append(dict(doc["actions"][-1]))      # a move played twice, past the decision
    forged = turnfile.make_turn(dict(doc), game.hands, 1, game.chain)
    with pytest.raises(FileProblem, match=r"^t\.json: game\.actions\[\d+\]|^t\.json: chain"):
        receive(forged, "t.json")


def test_a_failed_write_leaves_no_turn_file(monkeypatch):
    game = Correspondence(QUICK)
    game.play_part(0)
    doc = turnfile.make_turn(game.game_doc(), game.hands, 0, [])
    folder = saves_dir() / turnfile.TURNS_FOLDER

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(FileProblem, match="expected a writable place for the turn file"):
        turnfile.write_turn(folder, doc, "Blue")
    assert not list(folder.glob("*"))


def test_a_damaged_record_is_named_not_ignored():
    game = Correspondence(QUICK)
    game.play_part(0)
    doc = game.send(0)
    path = turnfile.record_path(saves_dir(), doc["game_id"])
    path.write_text('{"format": "skirmish-table/turns-sent", "version": 1, "game_id": "x"}')
    with pytest.raises(FileProblem, match=r"sent/.+\.json: game_id: expected"):
        turnfile.read_record(saves_dir(), doc["game_id"])


def test_turns_go_back_and_forth_through_a_campaigns_battle():
    """The campaign's battles are fought inside its game: turn files sent while one is live replay to
    the same nested battle, on the receiver's side, with every exchange checked."""
    game = Correspondence("risk-to-take-campaign-two-crowns", seed=2)    # random play that meets in battle
    in_battle = 0
    for _ in range(80):
        hand = game.hand_to_act()
        if hand is None or in_battle >= 3:
            break
        game.play_part(hand)
        turn, state = receive(game.send(hand))
        assert state_hash(state) == state_hash(game.state)
        if game.state.child is not None:
            assert state.child is not None and state.child.ruleset_id == game.state.child.ruleset_id
            in_battle += 1
    assert in_battle >= 3, "no battle was fought over three exchanges"
