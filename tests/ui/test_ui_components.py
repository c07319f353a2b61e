"""The game screen's parts: one keymap for the key handler and the help, board views picked by the
board's kind (a hex map drawn headless), actor ids whatever the engine's version, nested games'
results, and no UI module over 500 lines nor naming a ruleset."""
from __future__ import annotations

import types
from pathlib import Path

import pygame
import pytest
import shapely
from conftest import toy_scenario

from game.geometry import hexgrid
from game.ui.components import keymap
from game.ui.components.board_views import board_view_for
from game.ui.components.choices import actors_of
from game.ui.components.hex_view import HexView
from game.ui.components.table_view import TableView
from game.ui.screens.game import GameScreen
from game.ui.screens.help import HelpOverlay, shortcuts
from game.ui.session import Session

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def start(app, players=("human", "human")):
    session = Session(toy_scenario(), 3, {}, list(players))
    app.start_session(session)
    for _ in range(3):
        app.step()
    return session, app.top


# -- the keymap -----------------------------------------------------------------------------------------
def test_the_help_overlay_lists_the_keymap_the_handler_dispatches(app, toy_ruleset):
    listed = [(b.keys, b.text) for b in keymap.KEYMAP]
    assert [row for _, rows in shortcuts() for row in rows] == listed
    session, table = start(app)
    app.push(HelpOverlay(app))
    app.step()
    texts = app.fonts.frame_texts
    for b in keymap.KEYMAP:
        assert b.keys in texts, b.keys
    assert len({b.keys for b in keymap.KEYMAP}) == len(keymap.KEYMAP)


def test_every_chord_of_the_keymap_runs_its_command_on_the_game_screen(app, toy_ruleset):
    session, table = start(app)
    ran = []
    table.run = lambda command, arg=None: ran.append((command, arg))
    for b in keymap.KEYMAP:
        if b.command is None:
            assert not b.chords
            continue
        assert callable(getattr(GameScreen, f"cmd_{b.command}", None)), b.command
        for chord in b.chords:
            mod = (pygame.KMOD_CTRL if chord.ctrl else 0) | (pygame.KMOD_SHIFT if chord.shift else 0)
            ran.clear()
            table.handle(pygame.event.Event(pygame.KEYDOWN, key=chord.key, mod=mod, unicode="", scancode=0))
            assert ran == [(b.command, chord.arg)], (b.keys, pygame.key.name(chord.key))


def test_a_keymap_command_really_acts(app, toy_ruleset):
    session, table = start(app)
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="", scancode=0))
    assert table.tools.tool == "measure"
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="", scancode=0))
    assert session.history and type(session.history[-1].action).__name__ == "Pass"


# -- board views by kind ------------------------------------------------------------------------------------
def hexmap():
    """A real HexMap, 4 x 3 pointy hexes: a forest, hills, a river side, a road, a capital and a town."""
    from game.geometry.hexmap import HexMap
    return HexMap.from_doc({
        "layout": "pointy", "size": 5, "cols": 4, "rows": 3, "default": "plain",
        "hexes": [{"q": 1, "r": 1, "terrain": "forest"}, {"q": 2, "r": 0, "terrain": "hills"}],
        "hexsides": [{"a": [0, 0], "b": [1, 0], "kind": "river"}, {"a": [0, 1], "b": [0, 2], "kind": "road"}],
        "places": [{"q": 0, "r": 0, "kind": "capital", "name": "Valmy", "side": 0},
                   {"q": 1, "r": 2, "kind": "town", "name": "Ligny"}]})


def hex_view_state(board):
    unit = types.SimpleNamespace(id="g1", side=1, name="Grenadiers", hex=(2, 1), x=0.0, y=0.0, facing=0.0, out=False,
                                 markers=set(), team=None, base={})
    return types.SimpleNamespace(board=board, units={"g1": unit}, scenario=types.SimpleNamespace(width=0, height=0))


def test_board_view_for_picks_the_view_by_the_boards_kind(app):
    table_view = types.SimpleNamespace(board=types.SimpleNamespace(kind="table", width=90, height=60),
                                       scenario=types.SimpleNamespace(width=90, height=60))
    table_view.table = table_view.board
    assert isinstance(board_view_for(app, table_view), TableView)
    assert isinstance(board_view_for(app, hex_view_state(hexmap())), HexView)
    with pytest.raises(ValueError):
        board_view_for(app, types.SimpleNamespace(board=types.SimpleNamespace(kind="sphere")))


def test_the_game_screen_shows_a_table_game_on_the_table_view(app, toy_ruleset):
    session, table = start(app)
    assert isinstance(table.board, TableView) and table.board.kind == "table"


def test_a_hex_view_draws_a_hexmap_headless(app):
    from game.ui import theme
    from game.ui.components.board_view import Frame
    from game.ui.components.choices import Selection
    board = hexmap()
    state = hex_view_state(board)
    view = board_view_for(app, state)
    surface = pygame.Surface((640, 480))
    view.place((0, 0, 640, 480))
    sel = Selection(selected="g1")
    view.art.flat = True          # each kind's own colour, plain (its textures: test_ui_hex_map_art)
    region = shapely.box(board.width * 0.8, board.height * 0.7, board.width, board.height)   # off the tested hexes
    view.draw(surface, Frame(view=state, sel=sel, region=region, describe=lambda uid: "Grenadiers"))
    forest = view.camera.to_screen(*board.centre(hexgrid.Hex(1, 1)))
    assert surface.get_at((int(forest[0]), int(forest[1])))[:3] == theme.hex_colour("#2e6b2e")
    hills = view.camera.to_screen(*board.centre(hexgrid.Hex(2, 0)))
    assert surface.get_at((int(hills[0]), int(hills[1])))[:3] == theme.hex_colour("#a08250")
    # the unit stands on its hex: hovering there finds it; a click snaps to the hex's centre
    unit_at = view.camera.to_screen(*board.centre(hexgrid.Hex(2, 1)))
    assert view.unit_at(unit_at, state).id == "g1"
    near = (board.centre(hexgrid.Hex(1, 1))[0] + 1.0, board.centre(hexgrid.Hex(1, 1))[1] - 1.0)
    assert view.snap(near) == pytest.approx(board.centre(hexgrid.Hex(1, 1)))
    assert "Forest" in view.cursor_text(near)


# -- engine versions and nested games ----------------------------------------------------------------
def test_actors_of_reads_a_str_a_tuple_or_nothing():
    assert actors_of(types.SimpleNamespace(actor="b1")) == ("b1",)
    assert actors_of(types.SimpleNamespace(actor=("b1", "b2"))) == ("b1", "b2")
    assert actors_of(types.SimpleNamespace(actor=None)) == ()
    assert actors_of(types.SimpleNamespace(actor=())) == ()
    assert actors_of(None) == ()


def test_the_end_of_a_nested_game_is_summed_up(monkeypatch):
    from game.engine import game as engine
    from game.ui.components import nesting
    root = types.SimpleNamespace(name="campaign")
    child = types.SimpleNamespace(name="battle", scenario=types.SimpleNamespace(
        title="Battle of Ligny", sides=[types.SimpleNamespace(name="French"), types.SimpleNamespace(name="Prussians")]))
    live = {"inner": root}
    monkeypatch.setattr(engine, "innermost", lambda state: live["inner"], raising=False)
    monkeypatch.setattr(engine, "result", lambda state: types.SimpleNamespace(
        winner=0, reason="the Prussians broke", data={"losses": 3}) if state is child else None)
    watch = nesting.NestWatch(root)
    assert watch.step(root, str) == (False, None)
    live["inner"] = child
    assert watch.step(root, str) == (True, None)
    live["inner"] = root
    changed, lines = watch.step(root, str)
    assert changed and lines == ["Battle of Ligny: won by French", "the Prussians broke", "losses: 3"]


# -- the shape of the UI code ----------------------------------------------------------------------------
def test_no_ui_module_is_over_500_lines():
    long = {str(p.relative_to(UI)): n for p in UI.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 500}
    assert long == {}


def test_the_ui_names_no_ruleset():
    from game.engine import registry
    from game.rulesets import load_all
    load_all()
    ids = {rs.id for rs in registry.all_rulesets()}
    assert ids
    for p in UI.rglob("*.py"):
        text = p.read_text(encoding="utf-8")
        for rid in ids:
            assert f'"{rid}"' not in text and f"'{rid}'" not in text, (p.name, rid)


def test_a_nested_game_swaps_the_board_view_and_sums_up_its_end(app):
    from game.engine import game as engine
    from tests.engine.nested_toys import battle_scenario, register_nested, unregister_nested, war_scenario
    register_nested()
    try:
        session = Session(war_scenario(), 2, {}, ["random", "random"])
        app.start_session(session)
        screen = app.top
        first = screen.board
        seen_child = seen_opening = False
        for _ in range(4000):
            app.step()
            if engine.innermost(session.state) is not session.state:
                seen_child = True
                assert screen.board is not first          # a new view for the battle's board
            shown = screen.bars.summary[0] if screen.bars.summary is not None else None
            if shown is not None and shown[0].endswith("begins"):
                seen_opening = True                          # the transition to the battle's board
            elif shown is not None or session.is_over():
                break
        assert seen_child and seen_opening
        lines = screen.bars.summary[0]
        assert lines[0].startswith(battle_scenario().title + ": ") and ("won by " in lines[0] or "a draw" in lines[0])
        assert not lines[0].endswith(" win")         # no verb to agree with a side's name (singular or plural)
        app.step()
        assert lines[0] in app.fonts.frame_texts               # shown over the board, not in a dialog
    finally:
        unregister_nested()


def test_a_nested_games_sides_keep_the_colours_of_the_outer_sides_playing_them():
    """The campaign's side 1 plays a battle's side 0: its figures keep side 1's colour there."""
    from types import SimpleNamespace

    from game.ui import theme
    battle = SimpleNamespace(seats=(1, 0))
    assert theme.seat_of(battle, 0) == 1 and theme.seat_of(battle, 1) == 0
    assert theme.seat_of(SimpleNamespace(seats=None), 1) == 1 and theme.seat_of(None, 0) == 0


def test_the_hex_views_legend_names_the_terrain_on_the_map_with_its_cost_then_rivers_and_roads(app):
    view = board_view_for(app, hex_view_state(hexmap()))
    entries = {label: props for label, _colour, props, *_ in view.legend_entries(None)}
    assert entries["Forest"] == "move 2, cover" and entries["Plain"] == "move 1"
    assert "Marsh" not in entries                      # only the kinds on this map
    assert set(entries) >= {"River", "Road"}


@pytest.mark.parametrize("terrain_costs", [False, True])
def test_the_campaign_maps_legend_gives_the_cost_its_rules_spend(app, terrain_costs):
    """Issue 27: "Movement is 5 hexes per army": with the `terrain_costs` option off (the default)
    every hex costs 1, and the legend says so; with it on, the map's own costs."""
    from game.engine import game as engine
    from game.io.scenario_file import load_scenario
    state = engine.new_game(load_scenario("risk-to-take-campaign-two-crowns"), 1, {"terrain_costs": terrain_costs})
    view = board_view_for(app, state)
    entries = {label: props for label, _colour, props, *_ in view.legend_entries(state)}
    assert entries["Forest"] == ("move 2, cover" if terrain_costs else "move 1, cover")
    assert entries["Marsh"] == ("move 3" if terrain_costs else "move 1")
    assert entries["River"] == ("a hexside: crossing costs more" if terrain_costs else "a hexside")
