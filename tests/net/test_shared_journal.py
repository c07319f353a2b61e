"""Issue 29, "a server killed with kill -9 and restarted resumes every game, and nothing is lost", with
one journal for all a server process's games (game/io/shared_journal.py): each game resumes from its
save and its lines among the other games', whichever process wrote them; a line a crash cut short is
ignored with a note; a bad line stops its game alone, named by its file and line; a server's old
per-game journals still resume; the journals of earlier runs go once every game was saved whole;
and the actions of many games share a sync (a group commit), none told before its sync."""
import asyncio
import json
import re
import shutil

from game.engine.state import state_hash
from game.io.shared_journal import journal_files
from game.net import server
from game.net.referee import GUEST, Referee, load_game
from game.net.server import GAME_FILE, Tables
from tests.net.loopback import SEED, scenario_of
from tests.net.test_server_settle import first_action

GAMES = 3


def played(tables, rounds):
    """GAMES games made on `tables`, then `rounds` actions of each in turn, every one synced with
    the shared journal (as the server does), none written whole since: their hashes and counts."""
    games = [tables.create({"type": "create", "scenario": "takipsilim-dusk-ambush", "seed": SEED + g,
                            "players": [GUEST, GUEST], "max_turns": 3})["game"] for g in range(GAMES)]
    for _ in range(rounds):
        for game in games:
            referee = tables.games[game]
            assert referee.handle(*first_action(referee), settle=False) is None
            assert referee.settled_together is tables.shared
            tables.shared.sync()
    return {game: (state_hash(tables.games[game].state), tables.games[game].state.action_count) for game in games}


def resumed(data, **kw):
    tables = Tables(data, open_to_create=True, **kw)
    tables.resume_all()
    return tables, {game: (state_hash(r.state), r.state.action_count) for game, r in tables.games.items()}


def test_games_resume_from_their_lines_among_the_others_in_the_shared_journal(tmp_path):
    before = played(Tables(tmp_path, open_to_create=True), rounds=4)     # then the process is gone
    [journal] = journal_files(tmp_path)
    games = [json.loads(line).get("game") for line in journal.read_text().splitlines()[1:]]
    assert games == list(before) * 4                # one file: the games' lines one among another
    tables, after = resumed(tmp_path)
    assert after == before and tables.problems == []
    assert journal not in journal_files(tmp_path)   # every game saved whole again: the old journal is done with
    for game, (digest, count) in before.items():    # and each folder alone holds its game now
        save = load_game(tmp_path / game / GAME_FILE)
        assert len(save.actions) == count


def test_a_game_is_loaded_from_its_save_and_the_shared_journal_beside_its_folder(tmp_path):
    before = played(Tables(tmp_path, open_to_create=True), rounds=3)
    for game, (_, count) in before.items():
        assert len(load_game(tmp_path / game / GAME_FILE).actions) == count


def test_games_written_by_two_workers_resume_in_one_process(tmp_path):
    run = "0a0b0c0d"
    before = {}
    for index in (0, 1):
        before.update(played(Tables(tmp_path, open_to_create=True, shard=(index, 2), run=run), rounds=3))
    assert len(journal_files(tmp_path)) == 2
    tables, after = resumed(tmp_path)
    assert after == before and len(after) == 2 * GAMES


def test_a_line_cut_short_by_a_crash_is_ignored_and_its_game_resumes_before_it(tmp_path, capsys):
    before = played(Tables(tmp_path, open_to_create=True), rounds=2)
    [journal] = journal_files(tmp_path)
    lines = journal.read_text().splitlines()
    last = json.loads(lines[-1])["game"]
    journal.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:30])      # the last line, cut short
    tables, after = resumed(tmp_path)
    assert tables.problems == []
    assert after[last][1] == before[last][1] - 1
    assert {g: v for g, v in after.items() if g != last} == {g: v for g, v in before.items() if g != last}
    assert f"{journal}: line {len(lines)}: cut short" in capsys.readouterr().err


def test_a_bad_line_of_one_game_among_many_stops_that_game_alone_named_by_file_and_line(tmp_path):
    before = played(Tables(tmp_path, open_to_create=True), rounds=2)
    [journal] = journal_files(tmp_path)
    lines = journal.read_text().splitlines()
    doc = json.loads(lines[2])
    bad = doc["game"]
    lines[2] = json.dumps({**doc, "n": "three"})
    journal.write_text("\n".join(lines) + "\n")
    tables, after = resumed(tmp_path)
    assert after == {g: v for g, v in before.items() if g != bad}
    assert tables.problems == [f"{journal}: line 3.n: expected the action's place in its game, got 'three'"]
    assert journal in journal_files(tmp_path)       # kept: the stopped game still needs it


def test_a_line_that_is_not_json_names_its_place_and_no_game_is_resumed_without_it(tmp_path):
    played(Tables(tmp_path, open_to_create=True), rounds=1)
    [journal] = journal_files(tmp_path)
    lines = journal.read_text().splitlines()
    lines[1] = "{not json"
    journal.write_text("\n".join(lines) + "\n")
    tables, after = resumed(tmp_path)
    assert after == {}
    [problem] = tables.problems
    assert re.match(rf"{re.escape(str(journal))}: line 2: invalid JSON.*\(no game resumed: any of them may have "
                    r"an action there\)$", problem)


def test_a_server_of_the_per_game_journals_resumes(tmp_path):
    """A data folder of the server before (each game's journal beside its save) resumes as it was."""
    referees = {}
    for g in range(GAMES):
        referee = Referee.new(scenario_of("takipsilim-dusk-ambush", 3), SEED + g, None, [GUEST, GUEST],
                              tmp_path / f"game{g}" / GAME_FILE)
        for _ in range(3):
            assert referee.handle(*first_action(referee)) is None
        referees[f"game{g}"] = (state_hash(referee.state), referee.state.action_count)
    assert (tmp_path / "game0" / "game.journal").is_file()
    tables, after = resumed(tmp_path)
    assert after == referees and tables.problems == []


class HeldSettling:
    """The server's settling threads, held: each submitted sync runs when the test says."""

    def __init__(self):
        self.submitted = []

    def submit(self, work, then):
        self.submitted.append((work, then))

    def run_next(self):
        work, then = self.submitted.pop(0)
        work()
        then(None)


def test_actions_of_many_games_share_one_sync_and_none_is_done_before_it(tmp_path, monkeypatch):
    held = HeldSettling()
    monkeypatch.setattr(server, "SETTLING", held)
    syncs = []
    tables = Tables(tmp_path, open_to_create=True)
    played(tables, rounds=0)
    plain = tables.shared.sync
    monkeypatch.setattr(tables.shared, "sync", lambda: (syncs.append(1), plain()))

    async def main():
        waits = [tables.commit.durable() for _ in range(5)]      # five games' actions, one after another
        assert len(held.submitted) == 1                 # one sync asked for, not begun yet: they join it
        await asyncio.sleep(0)
        assert not any(w.done() for w in waits)
        held.run_next()
        await asyncio.sleep(0)
        assert all(w.done() for w in waits) and len(syncs) == 1
        later = tables.commit.durable()                 # after that sync began: a sync of its own
        assert len(held.submitted) == 1 and not later.done()
        held.run_next()
        await later
        assert len(syncs) == 2
    asyncio.run(main())


def test_an_action_after_a_sync_began_waits_for_a_sync_of_its_own(tmp_path, monkeypatch):
    held = HeldSettling()
    monkeypatch.setattr(server, "SETTLING", held)
    tables = Tables(tmp_path, open_to_create=True)

    async def main():
        first = tables.commit.durable()
        work, then = held.submitted.pop(0)
        work()                                          # the sync begins (and ends) ...
        second = tables.commit.durable()                # ... an action written after it began
        then(None)
        await first
        assert not second.done() and len(held.submitted) == 1
        held.run_next()
        await second
    asyncio.run(main())


def test_a_full_journal_is_followed_by_a_new_one_let_go_of_once_its_games_were_saved_whole(tmp_path, monkeypatch):
    from game.io import shared_journal
    monkeypatch.setattr(shared_journal, "ROTATE_BYTES", 1)      # a new file after every line
    tables = Tables(tmp_path / "data", open_to_create=True)
    before = played(tables, rounds=2)
    assert len(journal_files(tmp_path / "data")) == 2 * GAMES     # each kept: a game needs its line
    shutil.copytree(tmp_path / "data", tmp_path / "killed")      # the server killed there resumes all
    assert resumed(tmp_path / "killed")[1] == before
    for referee in tables.games.values():          # each game written whole (as every 100 actions)
        referee.save()
    assert journal_files(tmp_path / "data") == [tables.shared._path]      # only the one written to


def test_a_line_the_disk_refused_ends_its_file_its_game_is_saved_whole_and_all_resume(tmp_path, monkeypatch):
    """A write that fails halfway (a full disk) leaves part of a line: no other game's line follows
    it in that file, and the game whose line it was is written whole before anyone is told."""
    import os as real_os
    from game.io import shared_journal
    tables = Tables(tmp_path, open_to_create=True)
    before = played(tables, rounds=1)
    game = next(iter(before))
    referee = tables.games[game]
    plain = real_os.write

    def full_disk(fd, data):
        plain(fd, bytes(data[:20]))
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(shared_journal.os, "write", full_disk)
    assert referee.handle(*first_action(referee), settle=False) is None
    monkeypatch.setattr(shared_journal.os, "write", plain)
    assert referee.settled_together is None         # the whole save is due: settle writes it
    referee.settle()
    for other, r in tables.games.items():          # the others go on, and this one too
        assert r.handle(*first_action(r), settle=False) is None
        before[other] = (state_hash(r.state), r.state.action_count)
    tables.shared.sync()
    assert len(journal_files(tmp_path)) == 2        # the lines after the cut one: in a new file
    assert resumed(tmp_path)[1] == before
