"""Issue 24 §2.8, the UI side of the texts: a roll coloured by what it means for the rolling unit's
side (the rules' verdict carried by the Rolled event), the panel's reason never contradicting the
top bar's initiative, and UI-made sentences that agree with any side's name."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.dice import scripted
from game.io.scenario_file import load_scenario
from game.rulesets import load_all
from game.rulesets.risk_to_take import turn
from game.ui import theme
from game.ui.components.dice_log import ROLL_ANIM_TIME, roll_verdict
from game.ui.session import Session

load_all()


def test_a_routed_units_destruction_roll_that_leaves_it_routed_is_drawn_as_bad_news(app):
    """"a routed unit's destruction roll shows a green 'success' though it stays routed": the roll
    (a 3: not destroyed, not rallied) is drawn with a red edge and the rules' word for it."""
    session = Session(load_scenario("risk-to-take-village-line"), 1, {}, ["human", "human"])
    unit = next(u for u in session.state.units.values() if u.side == 0)
    unit.markers.add("routed")
    session.state.dice = scripted([3])
    turn.destruction(session.state)
    rolled = [e for e in session.state.log if e.kind == "Rolled"][-1]
    assert rolled.data["success"] is True and roll_verdict(rolled.data) == ("stays routed", False)
    session.version += 1
    session.set_viewer(0)
    app.start_session(session)
    table = app.top
    table.started, table.seen_viewer = True, 0
    for _ in range(int(ROLL_ANIM_TIME * 60) + 10):
        app.step()
    row = next(rect for rect, e in table.log.hits if e is rolled or e.data == rolled.data)
    edge = app.window.get_at((row.x + table.log.s(6) + 1, row.centery))[:3]
    assert edge == theme.BAD


def test_the_move_phase_reason_never_says_the_decider_won_the_initiative_when_it_did_not():
    """"the panel says 'Won the initiative: moves' to the player while the top bar shows the other
    side holding it": through a turn's moves, whoever decides, the reason shown agrees with
    flow.initiative (the top bar's)."""
    session = Session(load_scenario("risk-to-take-village-line"), 1, {}, ["human", "human"])
    seen = set()
    for _ in range(200):
        d = session.decision()
        if d is None or session.state.turn > 2:
            break
        if "initiative" in d.reason and "won" in d.reason:
            assert d.side == session.state.flow.initiative, d.reason
        seen.add(d.side)
        session.act(next(o.action for o in session.legal() if o.kind == "Pass" or o.action is not None))
    assert seen == {0, 1}


def test_the_game_over_line_reads_for_any_sides_name(app):
    """"Kessel army 2 win": the top bar names the winner without a verb that must agree with it."""
    from game.engine.state import Result
    session = Session(load_scenario("risk-to-take-village-line"), 1, {}, ["human", "human"])
    session.state.outcome = Result(winner=1, reason="test")
    texts = []
    real = theme.draw_text

    def spy(surface, fonts, text, *args, **kw):
        texts.append(text)
        return real(surface, fonts, text, *args, **kw)
    theme.draw_text = spy
    try:
        session.set_viewer(0)
        app.start_session(session)
        for _ in range(3):
            app.step()
    finally:
        theme.draw_text = real
    name = session.side_name(1)
    assert f"Game over: won by {name}" in texts and f"Won by {name}" in texts and f"{name} win" not in texts
    assert engine.result(session.state) is not None


def test_a_battles_title_shows_whole_on_the_top_bar(app):
    """"the battle's title in the top bar is cut ('Aubrac army 1 against Kes…')": measured against
    the room the bar has, not cut at a count of letters (in a 1280 px window, as the player's)."""
    import pygame
    from conftest import click, key
    from test_ui_campaign import _ready

    from game.geometry.hexgrid import Hex
    from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario
    sc = scenario(units=[{"id": "w1", "side": 0, "name": "Aubrac army 1", "hex": [0, 2]},
                         {"id": "e1", "side": 1, "name": "Kessel army 2", "hex": [1, 2]}], turn_limit=1)
    session = Session(sc, 4, None, ["human", "human"])
    app.resize(1280, 800)
    app.start_session(session)
    app.step()
    _ready(app)
    screen = app.top
    key(app, pygame.K_1, frames=2)
    click(app, tuple(int(v) for v in screen.board.camera.to_screen(*session.state.board.centre(Hex(1, 2)))), frames=3)
    _ready(app)
    title = session.state.child.scenario.title
    assert title.startswith("The battle of ")       # named after its place (the battle-result change)
    app.step()
    shown = [t for t in app.fonts.frame_texts if t.endswith(" ·")]
    assert shown == [f"{title} ·"], shown
