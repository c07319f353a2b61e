"""Issue 13, "the hard level ... so its turn time is bounded": the look-ahead's work is counted (never
timed, design §9: the same game gives the same choices) and a side's turn's work is shared among the
side's units, so a big side looks less far a decision and its whole turn stays bounded."""
from __future__ import annotations

import dataclasses

import pytest

from game import rulesets
from game.ai import lookahead
from game.ai.levels import LEVELS, MIN_FINALISTS, TURN_WORK, AIPlayer, decision_share
from game.ai.tournament import load
from game.engine import game as engine


@pytest.fixture(scope="module", autouse=True)
def loaded():
    rulesets.load_all()


def _view(name: str, seed: int = 3):
    state = engine.new_game(load(name), seed)
    d = engine.to_act(state)
    return state, d, engine.view(state, d.seat)


def test_a_decision_gets_the_turns_work_shared_among_the_sides_units_never_more_than_the_level_gives():
    hard, work = LEVELS["hard"], TURN_WORK["hard"]
    for name in ("riskbreaker-bridge-duel", "risk-to-take-fortified-farm", "risk-to-take-village-line",
                 "risus-farm-assault"):
        _, d, view = _view(name)
        units = sum(1 for u in view.units.values() if u.side == d.side and not u.out)
        share = decision_share(hard, view, d.side)
        assert share.rollout_budget == min(hard.rollout_budget, work.rollout_actions // units)
        assert share.deep_budget == min(hard.deep_budget, work.second_steps // units)
        assert MIN_FINALISTS <= share.finalists <= hard.finalists
        # the whole turn (about a decision a unit) stays within the turn's work
        assert units * share.rollout_budget <= work.rollout_actions
        assert units * share.deep_budget <= work.second_steps
    assert decision_share(LEVELS["normal"], view, d.side) is LEVELS["normal"]


def test_the_share_is_read_from_the_view_so_a_resumed_game_shares_alike():
    """A game replayed from its actions (as a save resumes) gives the same share in mid-turn."""
    scenario = load("risk-to-take-village-line")
    state = engine.new_game(scenario, 3)
    seats = [AIPlayer(1, s, LEVELS["easy"]) for s in range(state.sides)]
    actions = []
    for _ in range(7):
        d = engine.to_act(state)
        actions.append(seats[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))
        engine.apply(state, actions[-1])
    again = engine.replay(scenario, 3, None, actions)
    d = engine.to_act(state)
    assert decision_share(LEVELS["hard"], engine.view(state, d.seat), d.side) == \
        decision_share(LEVELS["hard"], engine.view(again, d.seat), d.side)


def test_a_bigger_side_rolls_out_less_a_decision():
    state, d, view = _view("risk-to-take-village-line")
    player = AIPlayer(5, d.side, LEVELS["hard"])
    before = dict(lookahead.stats)
    player.choose(view, engine.legal_actions(state), d)
    shared = lookahead.stats["actions"] - before["actions"] + lookahead.stats["rollouts"] - before["rollouts"]
    unbounded = AIPlayer(5, d.side, dataclasses.replace(LEVELS["hard"], level="unshared"))
    before = dict(lookahead.stats)
    unbounded.choose(view, engine.legal_actions(state), d)
    alone = lookahead.stats["actions"] - before["actions"] + lookahead.stats["rollouts"] - before["rollouts"]
    assert 0 < shared < alone
