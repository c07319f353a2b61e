"""Issue 14 defect 2, through the real window: in a hotseat Risus game with hidden deployment the hidden
side gets the handover first, then places a figure with the generic placing (click a point in its zone,
click again to face), as it moves figures; the table shows no ruleset knowledge of its own."""
from __future__ import annotations

from conftest import at, click, select

from game.ai import tournament
from game.ui.screens.game import GameScreen
from game.ui.screens.handover import HandoverScreen
from game.ui.session import Session


def test_the_hidden_side_places_a_figure_behind_the_handover(app):
    session = Session(tournament.load("risus-night-raid"), 3, {}, ["human", "human"])
    app.start_session(session)
    for _ in range(3):
        app.step()
    d = session.decision()
    assert (d.side, d.kind) == (1, "deploy")
    assert isinstance(app.top, HandoverScreen)            # the British must not watch
    click(app, (app.size[0] // 2, 30), frames=3)
    table = app.top
    assert isinstance(table, GameScreen)
    select(app, table, "kr-mg")
    assert table.region_option() is not None
    click(app, at(table, 52, 50))                          # inside the Germans' zone, clear of bases
    click(app, at(table, 40, 50))                          # face west, toward the sea
    mg = session.state.units["kr-mg"]
    assert (round(mg.x), round(mg.y)) == (52, 50)
    assert 150 < mg.facing < 210
    assert any(e.kind == "Deployed" and e.hidden_from == (0,) for e in session.state.log)
    assert session.decision().kind == "deploy"             # more to place, or 'Deployment done'
