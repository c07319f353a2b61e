"""Issue 24 §2.4: in a campaign the statistics are the campaign's: each side's strength over the
campaign's turns, the battles with their results and losses, and each battle's own statistics from
that list. Checked against a campaign really played (the AI on both sides, battles on the table)."""
from __future__ import annotations

import pygame
import pytest
from conftest import click, key

from game.engine import game as engine
from game.ui.campaign_stats import battle_moments, strength
from game.ui.screens.battle_stats import BattleStatsScreen
from game.ui.screens.endgame import EndGameScreen
from game.ui.session import Session
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario as campaign


@pytest.fixture(scope="module")
def played():
    """The test campaign played by the AI until two battles are over (or it ends)."""
    sc = campaign(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]},
                         {"id": "e2", "side": 1, "name": "East 2nd army", "hex": [4, 3]}], turn_limit=4)
    session = Session(sc, 11, None, ["normal", "normal"])
    for _ in range(5000):
        inputs = session.ai_inputs()
        if inputs is None or len(session.state.data["battles"]) >= 2:
            break
        player, view, options, decision = inputs
        session.act(player.choose(view, options, decision))
    assert session.state.data["battles"], "no battle was fought"
    return session


def _statistics(app, session):
    """The campaign on the table, then its statistics opened with I, as a player does."""
    app.start_session(session)
    app.step()
    key(app, pygame.K_i, frames=2)
    return app.top


def test_the_campaign_statistics_are_the_campaigns(app, played):
    session = played
    screen = _statistics(app, session)
    assert isinstance(screen, EndGameScreen) and screen.campaign
    stats = screen.stats
    state = session.state
    # the strength over the campaign's turns: one point per turn played, the last as the map has it now
    turns = state.turn
    assert all(len(side.strength_by_turn) == turns for side in stats.sides)
    for s, side in enumerate(stats.sides):
        now = sum(u.stats["strength"] for u in state.units.values() if u.side == s and not u.out
                  and "strength" in u.stats)
        if s == session.viewer:
            assert side.strength_by_turn[-1] == now == strength(state, s)
        else:                                                  # the enemy as far as the viewer sees
            assert 0 < side.strength_by_turn[-1] <= now
        assert all(v > 0 for v in side.strength_by_turn)      # both kept armies on the map all along
    # the battles: as the campaign recorded them (results and losses), none left out
    recorded = state.data["battles"]
    assert len(stats.battles) == len(recorded)
    for report, battle in zip(stats.battles, recorded):
        assert report.reason == battle["reason"] and report.turn == battle["turn"]
        assert report.winner_seat == battle["winner"]
        assert {str(a.seat): a.lost for a in report.armies} == battle["losses"]
    for s, side in enumerate(stats.sides):     # "Aubrac lost 0 of 5" after losing 2 units: no more
        assert side.units_lost == sum(b["losses"].get(str(s), 0) for b in recorded)
        assert side.battles_won == sum(1 for b in recorded if b["winner"] == s)


def test_a_battle_of_the_list_opens_its_own_statistics(app, played):
    session = played
    screen = _statistics(app, session)
    assert screen.battle_rows
    click(app, screen.battle_rows[0].center, frames=2)
    battle = app.top
    assert isinstance(battle, BattleStatsScreen) and battle.stats is not None
    number = 1
    stats, _nobody = battle.stats
    ks = battle_moments(session.moments.chains, number)
    fought = session.moments[ks[-1]].child
    assert [st.name for st in stats] == [s.name for s in fought.scenario.sides]
    assert max(len(st.losses_by_turn) for st in stats) == fought.turn       # its own turns, not the campaign's
    assert [st.lost for st in stats] == [a.lost for a in battle.report.armies]
    rolled = [e for e in engine.view(session.moments[ks[-1]], 0).log if e.kind == "Rolled"]
    assert sum(st.luck.rolls for st in stats) + _nobody.rolls == len(rolled)   # the battle's rolls, not the map's
    key(app, pygame.K_ESCAPE, frames=2)
    assert app.top is screen
