"""The A Risk to Take campaign through the UI's event loop: a march picked hex by hex with its route,
the battle fought on the table, back to the map with a summary of what the battle changed."""
from __future__ import annotations

import pygame
from conftest import click, key, play_through

from game.geometry.hexgrid import Hex
from game.ui.components.hex_view import HexView
from game.ui.components.nesting import summary
from game.ui.screens.battle_result import BattleResultScreen
from game.ui.screens.game import GameScreen
from game.ui.screens.handover import HandoverScreen
from game.ui.session import Session
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario


def _ready(app):
    for _ in range(20):
        if isinstance(app.top, HandoverScreen):
            click(app, (app.size[0] // 2, 30), frames=2)
        elif isinstance(app.top, BattleResultScreen):      # a battle's end: back to the map
            key(app, pygame.K_RETURN, frames=2)
        elif isinstance(app.top, GameScreen) and app.top.banner_to is not None:
            key(app, pygame.K_RETURN, frames=2)
        else:
            return


def _two_armies(app):
    """West army next to East army on a hotseat campaign's map, the table ready to play."""
    sc = scenario(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]}], turn_limit=1)
    session = Session(sc, 4, None, ["human", "human"])
    app.start_session(session)
    app.step()
    _ready(app)
    return session, app.top


def test_a_campaign_battle_through_the_ui_and_back_to_the_map(app):
    session, screen = _two_armies(app)
    assert isinstance(screen.board, HexView)
    key(app, pygame.K_1, frames=2)                     # March West army: pick a hex
    enemy = tuple(int(v) for v in screen.board.camera.to_screen(*session.state.board.centre(Hex(1, 2))))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=enemy, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    route = screen.session.ruleset.route(session.view(), screen.sel.placing.option.at(
        *session.state.board.centre(Hex(1, 2))))
    assert route is not None and len(route) == 2       # the rules' path the screen draws
    click(app, enemy, frames=3)
    assert session.state.child is not None              # the battle is on the table
    _ready(app)
    assert not isinstance(app.top.board, HexView)
    shown = app.top.bars.summary[0]                      # the transition names the battle
    assert shown[0].startswith("The battle of ") and shown[0].endswith("begins")
    assert "West army against East army" in shown[1]
    play_through(app, session, seed=5)
    assert session.is_over() and session.state.data["battles"]


def test_hex_counters_are_drawn_with_the_rulesets_look_as_the_table_draws_bases(app, monkeypatch):
    """Issue 17 ("armies as counters with their strength"; "Reuse what the table screen has"): each
    counter shows its Look's symbol and label, asked of the ruleset through the frame's look."""
    from game.engine.ruleset import Look
    from game.ui.components import hex_view
    units = [{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2],
              "stats": {"units": ["cavalry", "cavalry", "line-infantry", "commander"]}},
             {"id": "e1", "side": 1, "name": "East army", "hex": [4, 2]}]
    session = Session(scenario(units=units), 4, None, ["human", "human"])
    app.start_session(session)
    app.step()
    _ready(app)
    drawn = []
    monkeypatch.setattr(hex_view, "draw_symbol", lambda surface, symbol, *a: drawn.append(symbol))
    assert app.top.board.counter_size() >= 30           # big enough for the symbol under the number
    app.step()
    look = session.ruleset.unit_look(session.view(), "w1")
    assert look.symbol == "cavalry" and "cavalry" in drawn
    assert hex_view.marker_tag(session.state.units["w1"], look) == look.label == "Wes"     # its initials
    # a marker is a chip of its own, never the name tag's letters (issue 24 §2.7)
    assert hex_view.marker_tag(session.state.units["w1"], Look(label="WA", markers=("looted",))) == "WA"


def test_a_result_summary_is_short_and_names_what_changed():
    from game.engine.state import Result
    res = Result(0, "the enemy broke", {"losses": {"0": ["a"], "1": ["b", "c"]},
                                         "survivors": {"0": [{"id": "x"}]}, "field": 0,
                                         "share_lost": {"0": 0.25, "1": 0.5}})
    lines = summary(res, lambda s: ["West", "East"][s], "Battle", ["East army retreats to 5,2"])
    assert lines[0] == "Battle: won by West" and lines[-1] == "East army retreats to 5,2"
    assert lines[2] == "losses: West 1, East 2" and len(lines) <= 6     # the summary box shows six lines
    assert all(len(line) < 120 for line in lines)


def test_a_battle_result_tells_who_holds_the_field_in_words():
    """risk-to-take: "The result reports each side's losses and survivors and who holds the field":
    every short line the summary can make of it is words, never a bare side index ("field: 0")."""
    from game.rulesets.risk_to_take import battle_from_armies
    from game.rulesets.risk_to_take import victory
    from game.engine import game as engine
    from game.ui.components.nesting import _data_line
    sc = battle_from_armies([{"name": "West army", "units": ["line-infantry", "cavalry"]},
                             {"name": "East army", "units": ["line-infantry"]}], "plain")
    state = engine.new_game(sc, 3)
    for u in state.units.values():
        if u.side == 1:
            u.out = True                                 # the East army is gone: the West hold the field
    res = victory.result(state)
    names = [s.name for s in sc.sides]
    lines = [line for k, v in res.data.items() if (line := _data_line(k, v, lambda s: names[s]))]
    assert f"field: held by the {names[0]}" in lines
    assert not any(line.split(": ", 1)[1].isdigit() for line in lines)


def test_with_battles_resolved_automatically_the_ai_fights_both_sides_and_the_map_comes_back(app, monkeypatch):
    """Issue 17: "An option resolves battles automatically (the AI plays both sides headless, with a
    progress bar)": the bar shows the battle's turn out of its limit and the actions played."""
    sc = scenario(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]}], turn_limit=1)
    session = Session(sc, 4, {"auto_battles": True}, ["human", "human"])
    app.start_session(session)
    app.step()
    _ready(app)
    screen = app.top
    key(app, pygame.K_1, frames=2)
    click(app, tuple(int(v) for v in screen.board.camera.to_screen(*session.state.board.centre(Hex(1, 2)))),
          frames=2)
    assert session.state.child is not None and session.auto_now()
    assert screen.my_decision() is None                 # no person decides inside the battle
    battle = session.state.child
    drawn = []
    real = type(app.top.bars).draw_progress
    monkeypatch.setattr(type(app.top.bars), "draw_progress",
                        lambda self, surface, viewport, p: (drawn.append(p), real(self, surface, viewport, p)))
    for _ in range(3000):
        if session.state.child is None:
            break
        app.step()
        _ready(app)
    shown = [p for p in drawn if p is not None]
    limit = battle.scenario.turn_limit
    assert shown and shown[0][0].startswith(f"{battle.scenario.title}: turn 1 of {limit}")
    assert all(0 < share <= 1 for _label, share in shown)
    played = [int(label.split(", ")[-1].split()[0]) for label, _share in shown]
    assert played == sorted(played) and played[-1] > played[0]      # the count of actions grows
    assert session.state.child is None and session.state.data["battles"]
    assert isinstance(app.top.board, HexView) or session.is_over()


def test_clicking_a_battle_log_line_shows_the_battle_at_that_moment(app):
    """"The log is clickable for replay": inside a campaign's battle the table shows the battle's log,
    and clicking one of its lines looks back at the battle's table as it stood then."""
    session, screen = _two_armies(app)
    key(app, pygame.K_1, frames=2)                     # March West army into East army: a battle
    enemy = tuple(int(v) for v in screen.board.camera.to_screen(*session.state.board.centre(Hex(1, 2))))
    click(app, enemy, frames=3)
    battle = session.state.child
    assert battle is not None
    from game.ai.players import make_player
    from game.ui.session import seat_of
    for _ in range(4):                                  # a few of the battle's actions
        d = session.decision()
        session.set_viewer(seat_of(d))
        player = make_player("random", 1, seat_of(d))
        session.act(player.choose(session.view(), session.legal(), d))
    _ready(app)
    for _ in range(3):
        app.step()
    table = app.top
    title = battle.scenario.title
    assert any(t.endswith(" ·") and t.startswith(title[:20]) for t in app.fonts.frame_texts)   # which battle, on top
    entry = next(e for e in reversed(battle.log) if e.kind != "Rolled" and any(e is x for _r, x in table.log.hits))
    k = session.moment_of(entry)
    assert k is not None and k > 0
    rect = next(r for r, e in table.log.hits if e is entry)
    click(app, rect.center)
    assert table.review == k and table.review_event is entry
    assert not isinstance(table.board, HexView)         # still the battle's table
    key(app, pygame.K_ESCAPE)
    assert table.review is None


def test_the_top_bar_names_a_game_only_when_it_is_nested(app):
    """A game that is not nested (here one whose view hides the other side's deployment) has no
    battle's title on the top bar: only a campaign's battle is named there."""
    from game.io.scenario_file import load_scenario
    from game.ui import bench
    session = Session(load_scenario("risus-hidden-ambush"), 1, None, ["human", "human"])
    bench._show(app, session)
    app.step()
    assert any(t.startswith("Turn ") for t in app.fonts.frame_texts)
    assert not any(t.endswith(" ·") for t in app.fonts.frame_texts)


def test_a_places_name_stays_readable_under_the_army_standing_on_it(app, monkeypatch):
    """A town's or capital's name is drawn after the counters, below the counter on its hex, so the
    army in Westholm does not hide the name Westholm."""
    sc = scenario(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [-1, 2]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [4, 2]}])
    session = Session(sc, 4, None, ["human", "human"])
    app.start_session(session)
    app.step()
    _ready(app)
    view = app.top.board
    drawn = []
    real = view.fonts.render
    monkeypatch.setattr(view.fonts, "render", lambda text, *a, **k: drawn.append(text) or real(text, *a, **k))
    order = []
    real_units, real_names = view.draw_units, view.draw_place_names
    monkeypatch.setattr(view, "draw_units", lambda *a: order.append("units") or real_units(*a))
    monkeypatch.setattr(view, "draw_place_names", lambda *a: order.append("names") or real_names(*a))
    app.step()
    assert order[:2] == ["units", "names"] and "Westholm" in drawn
