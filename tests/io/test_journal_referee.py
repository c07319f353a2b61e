"""Issue 29: the network referee keeps its game in a save and a journal (game/io/journal.py): each
action is one line, the save is written whole every COMPACT_EVERY actions and at the game's end; a
restarted referee takes the game back from both, a line cut short ignored with a note."""
from __future__ import annotations

import pytest

from game import simulate
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.state import state_hash
from game.io.journal import journal_path
from game.io.save_file import load_save, resume
from game.net import referee as referee_module, wire
from game.net.referee import GUEST, Referee
from game.rulesets import load_all
from tests.net.loopback import SEED, scenario_of, simulated

load_all()
NAME, TURNS = "takipsilim-dusk-ambush", 2


def a_referee(tmp_path):
    return Referee.new(scenario_of(NAME, TURNS), SEED, None, [GUEST, GUEST], tmp_path / "game.json")


def act(referee):
    """The deciding guest's action, as the easy level chooses it (the simulated game's), sent as a
    guest sends it; returns the referee's reply (None: applied)."""
    decision = engine.to_act(referee.state)
    player = make_player("easy", referee.state.seed, decision.seat)
    action = player.choose(engine.view(referee.state, decision.seat), referee.legal(), decision)
    message = {"type": "act", "at": referee.state.action_count, "action": wire.action_json(action, referee.state.ruleset_id)}
    return referee.handle(decision.seat, wire.dumps(message))


def journal_lines(referee):
    return journal_path(referee.save_path).read_text(encoding="ascii").splitlines()


def test_each_action_is_a_journal_line_and_the_save_is_whole_at_the_end(tmp_path):
    referee = a_referee(tmp_path)
    saved = referee.save_path.read_bytes()
    for n in range(1, 6):
        assert act(referee) is None
        assert len(journal_lines(referee)) == 1 + n           # the header, then one line per action
        assert referee.save_path.read_bytes() == saved        # the save is not rewritten
        assert state_hash(resume(load_save(referee.save_path))) == state_hash(referee.state)
    while not referee.over:
        assert act(referee) is None
    assert not journal_path(referee.save_path).exists()        # over: the save holds it all
    save = load_save(referee.save_path)
    assert save.journal is None and len(save.actions) == referee.state.action_count
    assert simulate.summary_line(resume(save)) == simulated(scenario_of(NAME, TURNS))


def test_the_save_is_written_whole_every_so_many_actions(tmp_path, monkeypatch):
    monkeypatch.setattr(referee_module, "COMPACT_EVERY", 4)
    referee = a_referee(tmp_path)
    for n in range(1, 10):
        assert act(referee) is None
        assert len(journal_lines(referee)) == 1 + n % 4
        assert len(load_save(referee.save_path).actions) == n
    assert state_hash(resume(load_save(referee.save_path))) == state_hash(referee.state)


def test_a_restarted_referee_ignores_a_line_cut_short_and_goes_on(tmp_path):
    referee = a_referee(tmp_path)
    for _ in range(4):
        act(referee)
    before = state_hash(referee.state)
    lines = journal_lines(referee)
    act(referee)
    cut = journal_lines(referee)[-1][:25]
    journal_path(referee.save_path).write_text("\n".join(lines) + "\n" + cut, encoding="ascii")
    again = Referee.restart(referee.save_path)
    assert state_hash(again.state) == before and again.state.action_count == 4
    assert again.note.endswith(f"line {len(lines) + 1}: cut short (the process stopped while writing it); "
                               "its action was never acknowledged to anyone: ignored")
    assert len(journal_lines(again)) == 1                  # saved whole: the cut line is gone
    while not again.over:
        assert act(again) is None
    assert simulate.summary_line(again.state) == simulated(scenario_of(NAME, TURNS))


def test_a_ruleset_failing_halfway_leaves_the_game_and_its_journal_as_they_were(tmp_path, monkeypatch):
    referee = a_referee(tmp_path)
    act(referee)
    before, lines = state_hash(referee.state), journal_lines(referee)
    rs = engine.ruleset_of(engine.innermost(referee.state))
    at, rules = referee.state.action_count, rs.apply

    def breaks(state, action, decision):       # the action played now only (counted before it is applied)
        if state.action_count == at + 1:
            state.flow.turn += 7                # something changed, then the ruleset fails
            raise RuntimeError("a bug in the rules")
        return rules(state, action, decision)
    monkeypatch.setattr(rs, "apply", breaks)
    reply = act(referee)
    assert reply == "the referee could not apply that (RuntimeError: a bug in the rules)"
    assert state_hash(referee.state) == before and journal_lines(referee) == lines
    monkeypatch.undo()
    assert act(referee) is None


@pytest.mark.parametrize("seats", [[GUEST, "easy"], ["easy", GUEST]])
def test_the_ai_seats_actions_are_journaled_too(tmp_path, seats):
    referee = Referee.new(scenario_of(NAME, TURNS), SEED, None, seats, tmp_path / "game.json")
    while not referee.over and referee.state.action_count < 8:
        assert act(referee) is None
        assert state_hash(resume(load_save(referee.save_path))) == state_hash(referee.state)


def test_a_journal_that_cannot_be_written_gives_way_to_a_whole_save(tmp_path):
    referee = a_referee(tmp_path)
    act(referee)
    journal_path(referee.save_path).unlink()               # gone under the referee's feet
    assert act(referee) is None
    save = load_save(referee.save_path)
    assert save.journal is None and len(save.actions) == referee.state.action_count == 2
    assert len(journal_lines(referee)) == 1                # and a new journal after the save
    assert act(referee) is None and len(load_save(referee.save_path).actions) == 3
