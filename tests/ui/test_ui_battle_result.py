"""Issue 24 §2.2: after a campaign's battle a result screen tells who won and why, each army's
losses (lost, routed, survivors) and what the result did on the map, then goes back to the map; the
log says "The battle of ... ends" at the campaign's turn. The figures come from the rules (the
battle's Result and the campaign's resume hook), checked here against them."""
from __future__ import annotations

import pygame
from conftest import click, key

from game.geometry.hexgrid import Hex

from game.ui.components.hex_view import HexView
from game.ui.components.nesting import past_battles
from game.ui.screens.battle_result import BattleResultScreen, headline, loss_rows
from game.ui.screens.game import GameScreen
from game.ui.session import Session
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario as campaign


def _battle_ends(app):
    """West (a person, battles resolved by the AI) and East (the AI) next to each other: the game runs
    until a battle's result screen is up. The West marches onto the East army, clicking its hex."""
    sc = campaign(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]}], turn_limit=3)
    session = Session(sc, 4, {"auto_battles": True}, ["human", "normal"])
    app.start_session(session)
    for _ in range(6000):
        app.step()
        top = app.top
        if isinstance(top, BattleResultScreen):
            return session, top
        if isinstance(top, GameScreen) and top.my_decision() is not None:
            kinds = [o.kind for o in top.panel.row_options]
            if "March" in kinds:                           # West marches onto the East army
                key(app, pygame.K_1 + kinds.index("March"), frames=1)
                east = session.state.units["e1"].hex
                click(app, tuple(int(v) for v in top.board.camera.to_screen(
                    *session.state.board.centre(Hex(*east)))), frames=2)
            else:
                key(app, pygame.K_1 + next(i for i, k in enumerate(kinds) if k in ("Halt", "Pass")), frames=1)
    raise AssertionError("no battle ended")


def test_a_battle_ends_on_its_result_screen_then_back_to_the_map(app):
    session, screen = _battle_ends(app)
    report = screen.report
    battle = session.state.data["battles"][-1]               # what the campaign's hook recorded
    over = [e for e in session.state.log if e.kind == "NestedGameOver"][-1]
    result = over.data["result"]
    assert report.title.startswith("The battle of ")
    assert report.reason == result["reason"] == battle["reason"]
    assert headline(report) == ("A draw" if result["winner"] is None else f"{over.data['sides'][result['winner']]} won")
    losses = result["data"]["losses"]
    survivors = result["data"]["survivors"]
    for side, (seat, cells) in enumerate(loss_rows(report)):
        assert cells[2] == str(len(losses[str(side)])) == str(battle["losses"][str(seat)])
        assert cells[3] == str(sum(1 for u in survivors[str(side)] if u["routed"]))
        assert cells[4] == str(len(survivors[str(side)]))
        assert int(cells[1]) == int(cells[2]) + int(cells[4])
    assert list(report.on_the_map) == over.data["then"] and report.on_the_map
    assert any(" holds " in line or "retreats" in line or "destroyed" in line for line in report.on_the_map)
    assert report.turn == battle["turn"]                       # the campaign's turn of the battle

    key(app, pygame.K_RETURN, frames=3)                       # back to the map
    assert isinstance(app.top, GameScreen) and isinstance(app.top.board, HexView)
    # the log: the battle ends by its name, at the campaign's turn
    ends = [e for e in session.state.log if e.kind == "GameOver"]
    assert ends and ends[-1].text.startswith(f"{report.title} ends: ")
    assert ends[-1].turn == battle["turn"] and ends[-1].log_line().startswith(f"T{battle['turn']} [risk-to-take T")
    assert not any("The game ends" in e.text for e in session.state.log)
    # the same report, read back from the log alone (as the statistics list the battles)
    again = past_battles(session.state)[-1]
    assert (again.title, again.winner, again.reason, again.on_the_map) == \
        (report.title, report.winner, report.reason, report.on_the_map)
    assert [(a.lost, a.routed, a.survivors) for a in again.armies] == \
        [(a.lost, a.routed, a.survivors) for a in report.armies]



def _choice_texts(app, table) -> set[str]:
    """The option heading and rows the table's side panel drew in the last frame."""
    texts = set(app.fonts.frame_texts)
    heads = {t for t in texts if t.endswith(" can:") or t.startswith(("Choose, or select", "Select a unit"))
             or t == "Options"}
    return heads | (texts & {o.label for _, o, _, _ in table.panel.rows})


def test_behind_a_battle_s_result_the_table_shows_no_options_one_can_no_longer_take(app, toy_ruleset):
    """"behind 'Aubrac army 2 won', the side panel still shows the battle's options": while a
    result is up, the table beneath draws its board and no option (no heading, no row)."""
    from conftest import toy_scenario

    from game.ui.components.nesting import BattleReport
    session = Session(toy_scenario(), 3, None, ["human", "normal"])
    app.start_session(session)
    for _ in range(3):
        app.step()
    table = app.top
    assert _choice_texts(app, table)                          # the player's options, on show
    app.open("battle-result", BattleReport("The battle of C3", "Aubrac army 2", 0, "the turn limit", (), (), 1))
    for _ in range(2):
        app.step()
    assert isinstance(app.top, BattleResultScreen) and not _choice_texts(app, table)


def test_a_click_released_as_the_board_swaps_is_not_lost_in_a_crash(app, toy_ruleset):
    """A battle begins or ends between a mouse press and its release: the new board view is placed at
    the next rebuild, and the release that comes before it is let pass (it failed the table screen
    with "'NoneType' object has no attribute 'to_world'" in the end-to-end campaign)."""
    from conftest import post, toy_scenario
    session = Session(toy_scenario(), 1, {}, ["human", "human"])
    app.start_session(session)
    app.step()
    screen = app.top
    screen.swap_board(screen.view())                  # as when a nested game begins
    assert screen.board.camera is None
    post(pygame.MOUSEBUTTONUP, pos=(200, 200), button=1)
    post(pygame.MOUSEMOTION, pos=(210, 200), rel=(10, 0), buttons=(0, 0, 0))
    app.step()
    app.step()
    assert not app.failures and app.top is screen and screen.board.camera is not None
