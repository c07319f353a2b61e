"""A hex campaign map for `risk-to-take-campaign` built through the editor's model from a blank hex
map, saved, validated and played (issue 19 "Done means": "You built ... a hex campaign map in the
editor, saved them and played each")."""
from __future__ import annotations

import pygame

from game.editor import catalogue, checks, forms, hexpaint
from game.editor.document import Editor, blank_hexmap
from game.engine import game as engine
from game.io.scenario_file import load_scenario
from game.io.user_scenarios import save_user_scenario
from tests.editor.test_editor_hexmap_screen import app, click, press  # noqa: F401 (a fixture)
from tests.random_play import play_randomly

RID = "risk-to-take-campaign"
RIVER = [((4, 0), (5, 0)), ((4, 1), (5, 1)), ((3, 2), (4, 2)), ((3, 3), (4, 3)), ((2, 4), (3, 4)), ((2, 5), (3, 5))]


def border_march() -> Editor:
    """Two crowns on a 10 x 8 map: forests and hills, a river between them, a capital each, four
    towns, two armies a side (one of them a small one), goals and a turn limit."""
    ed = Editor(blank_hexmap(RID, 10, 8, title="Border march"))
    for h, kind in [((1, 1), "forest"), ((2, 1), "forest"), ((3, 4), "hills"), ((4, 4), "hills"), ((2, 6), "forest")]:
        assert hexpaint.paint(ed, h, kind)
    for a, b in RIVER:
        hexpaint.toggle_side(ed, a, b, "river")
    hexpaint.place(ed, (0, 3), "capital", 0)
    hexpaint.place(ed, (7, 3), "capital", 1)
    for h, side in [((3, 1), None), ((2, 6), None), ((1, 5), 0), ((6, 1), 1)]:
        hexpaint.place(ed, h, "town", side)
    army = next(k for k in catalogue.unit_kinds(RID) if k.id == "army")
    for side, h in [(0, (0, 3)), (0, (0, 3)), (1, (7, 3)), (1, (7, 3))]:
        ed.add_unit(army, side, hex_=h)
    ed.set_value(("units", 1, "stats", "units"), ["line-infantry", "cavalry", "commander"])
    ed.set_value(("victory",), {"kind": "campaign",
                                "goals": [{"kind": "capital"}, {"kind": "towns", "towns": ["Town 1", "Town 2"]}]})
    ed.set_value(("turn_limit",), 6)
    return ed


def test_a_new_campaign_map_starts_from_the_campaign_victory_and_offers_the_army():
    """"Players are free to set any goals" (1. Campaign rules): a blank campaign map starts from the
    bundled campaign's victory with its goals; the one unit kind is the army, whose form edits its
    list of units ("One army's construction ... is conventional and up to the players' taste")."""
    doc = blank_hexmap(RID, 10, 8)
    assert doc["victory"]["kind"] == "campaign" and doc["victory"]["goals"]
    kinds = catalogue.unit_kinds(RID)
    assert kinds[0].id == "army" and kinds[0].stats["units"]
    ed = Editor(doc)
    hexpaint.place(ed, (0, 3), "capital", 0)
    ed.add_unit(kinds[0], 0, hex_=(0, 3))
    fields = {f.label: f for f in forms.fields(ed.doc, ("units", 0))}
    assert fields["Units"].value == kinds[0].stats["units"] and "cavalry" in fields["Units"].help


def test_a_new_campaign_map_starts_with_two_sides_and_a_third_is_the_users_choice():
    """A new map starts with two sides, though the first bundled campaign (Three Kingdoms) has three:
    adding a side is the user's choice ("add a side", up to four)."""
    ed = Editor(blank_hexmap(RID, 10, 8))
    assert len(ed.doc["sides"]) == 2 and ed.doc["sides"][0]["name"] != ed.doc["sides"][1]["name"]
    ed.add_side()
    assert len(ed.doc["sides"]) == 3


def test_an_army_of_an_unknown_troop_type_is_a_problem_at_its_list_of_units():
    """An army's units are troop types of the battles' ruleset: a wrong one is named at its place."""
    ed = border_march()
    ed.set_value(("units", 0, "stats", "units"), ["line-infantry", "hussars"])
    found = [p for p in checks.problems(ed.doc) if p.target == ("units", 0)]
    assert found and found[0].place == "units[0].stats.units" and "hussars" in found[0].what


def test_a_campaign_map_built_in_the_editor_saves_loads_and_plays_to_its_end():
    """Issue 19: built from a blank hex map, saved, loaded back at the boundary, played by random
    players (seeded dice) until the game ends or 400 actions."""
    ed = border_march()
    assert checks.problems(ed.doc) == []
    path = save_user_scenario(ed.doc)
    scenario = load_scenario(path)
    assert scenario.board_kind == "hexmap" and len(scenario.hexmap["places"]) == 6 and len(scenario.hexmap["hexsides"]) == 6
    assert scenario.victory["goals"][1]["towns"] == ["Town 1", "Town 2"] and scenario.turn_limit == 6
    state = engine.new_game(scenario, seed=1)
    actions = play_randomly(state, seed=1, limit=400)
    kinds = {type(a).__name__ for a in actions}
    assert {"Deploy", "March"} <= kinds                   # the armies were placed and marched
    assert state.outcome is not None or len(actions) == 400


def test_a_campaign_map_made_with_events_in_the_editor_screen_plays(app):
    """Issue 19 with real events: a blank campaign hex map, a capital for the side chosen (1, 2 then
    T), an army a side (U), Play (F5). "Each player has one capital": a capital placed with the
    Town / capital tool belongs to the side chosen, so the map plays without a trip to the form."""
    from game.ui.editor.start import EditorStart
    from game.ui.screens.editor import EditorScreen
    from game.ui.screens.game import GameScreen
    app.main_menu()
    app.step()
    press(app, pygame.K_e)
    start = app.top
    assert isinstance(start, EditorStart)
    start.ruleset_id = RID
    start.cols_entry.set_text("8")
    start.rows_entry.set_text("6")
    press(app, pygame.K_h)
    screen = app.top
    assert isinstance(screen, EditorScreen)
    doc = screen.editor.doc
    while len(doc["sides"]) > 2:
        screen.editor.select(("sides", len(doc["sides"]) - 1))
        screen.editor.delete()
    board = hexpaint.board(doc)
    px = lambda i: tuple(int(v) for v in screen.view.camera.to_screen(*board.centre(board.hexes[i])))  # noqa: E731
    press(app, pygame.K_t)
    press(app, pygame.K_PERIOD)                        # town -> capital
    click(app, px(8))
    press(app, pygame.K_2)
    click(app, px(40))
    assert [(p["kind"], p["side"]) for p in doc["hexmap"]["places"]] == [("capital", 0), ("capital", 1)]
    press(app, pygame.K_u)
    press(app, pygame.K_1)
    click(app, px(8))
    press(app, pygame.K_2)
    click(app, px(40))
    assert [(u["kind"], u["side"]) for u in doc["units"]] == [("army", 0), ("army", 1)]
    app.step()
    assert screen.problems == []
    press(app, pygame.K_F5)
    app.step()
    assert isinstance(app.top, GameScreen) and app.top.session.state.board.kind == "hexmap"
