"""The table driven by real pygame events: moving, attacking with the odds shown first, illegal
clicks, undo, save and load, the AI's turn, the camera and the tools."""
from __future__ import annotations

import pygame
import pytest
import shapely
from conftest import at, click, drag, key, move_to, select, toy_scenario

from game.engine import game as engine
from game.ui import render
from game.ui.screens.game import GameScreen
from game.ui.session import Session


def start(app, players=("human", "human"), secret=False, seed=3):
    session = Session(toy_scenario(secret=secret), seed, {"secret": secret}, list(players))
    app.start_session(session)
    for _ in range(3):
        app.step()
    return session, app.top


def screen_of(table, uid):
    u = table.view().units[uid]
    return tuple(int(v) for v in table.camera.to_screen(u.x, u.y))


def test_a_unit_moves_by_clicking_inside_its_region_then_facing(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    assert table.region_option() is not None          # the legal move region is on show
    click(app, at(table, 26, 24))                      # the point
    assert table.sel.placing is not None and table.sel.placing.point is not None
    assert session.state.units["b1"].x == 20           # nothing happens before the facing
    click(app, at(table, 26, 40))                      # face down the table (90 degrees)
    b1 = session.state.units["b1"]
    assert (round(b1.x), round(b1.y)) == (26, 24)
    assert 80 < b1.facing < 100
    assert any(e.kind == "Moved" for e in session.state.log)


def test_a_drag_places_and_faces_in_one_gesture(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b2")
    drag(app, at(table, 25, 32), at(table, 15, 32))
    b2 = session.state.units["b2"]
    assert (round(b2.x), round(b2.y)) == (25, 32)
    assert 170 < b2.facing < 190


def test_an_illegal_click_shows_the_engines_reason(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    click(app, at(table, 45, 50))                      # far outside the 10 cm region
    assert session.history == []
    text, _colour = table.status_text()
    option = table.region_option()
    assert text.startswith(engine.check(session.state, option.at(45, 50, 0.0)))
    assert "outside the legal region" in text
    assert any("outside the legal region" in t for t in app.fonts.frame_texts)


def test_an_attack_shows_its_odds_before_the_roll(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    app.step()
    # the panel lists the attack with its odds
    assert any(t == "2 dice, 55.6%" for t in app.fonts.frame_texts)
    click(app, screen_of(table, "r1"))                # first click on the target: the odds, no roll
    assert table.sel.focus is not None and table.sel.focus.target == "r1"
    app.step()
    assert any("Baker attacks Rossi · 2 dice, 55.6%" == t for t in app.fonts.frame_texts)
    assert session.state.rolls == []
    click(app, screen_of(table, "r1"))                # second click: the attack is made
    assert len(session.state.rolls) == 1
    roll = session.state.rolls[0]
    assert roll.odds_text == "55.6%"
    for _ in range(80):                               # the dice settle
        app.step()
    texts = app.fonts.frame_texts
    assert "Baker · attack" in texts                  # the log's roll entry
    assert ("success" if roll.success else "failure") in texts


def test_number_keys_choose_options_and_p_passes(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    key(app, pygame.K_p)
    assert session.history and type(session.history[-1].action).__name__ == "Pass"


def test_undo_goes_back_before_a_move_but_never_past_dice(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    drag(app, at(table, 26, 24), at(table, 36, 24))
    assert session.state.units["b1"].x != 20
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert session.history == [] and session.state.units["b1"].x == 20
    # now a roll: it cannot be undone
    select(app, table, "b1")
    click(app, screen_of(table, "r1"))
    click(app, screen_of(table, "r1"))
    assert len(session.state.rolls) == 1
    n = len(session.history)
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(session.history) == n
    assert "dice" in table.status_text()[0]


def test_quick_save_then_quick_load_restores_the_game(app, toy_ruleset, ui_home):
    session, table = start(app)
    select(app, table, "b1")
    drag(app, at(table, 26, 24), at(table, 36, 24))
    saved_hash = engine.state_hash(session.state)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    assert (ui_home / "saves" / "quicksave.json").is_file()
    table = app.top
    select(app, table, "r2")                             # the move passed the initiative to Red
    drag(app, at(table, 66, 34), at(table, 60, 34))
    assert engine.state_hash(session.state) != saved_hash
    key(app, pygame.K_F9)                                # an action since the save: F9 asks first
    assert app.top is table and table.confirm_load is not None
    click(app, table.confirm_load.confirm_button.rect.center, frames=3)
    loaded = app.top
    assert isinstance(loaded, GameScreen) and loaded.session is not session
    assert engine.state_hash(loaded.session.state) == saved_hash
    assert loaded.session.players == ["human", "human"]


def test_the_ai_plays_its_turn_and_space_skips(app, toy_ruleset):
    session, table = start(app, players=("human", "random"))
    select(app, table, "b1")
    key(app, pygame.K_p)                               # pass: the initiative goes to the AI
    assert app.run_until(lambda: session.is_over() or session.decision().side == 0, 600)
    assert any(d.side == 1 for d in session.history)


def test_autosave_is_written_each_turn(app, toy_ruleset, ui_home):
    session, table = start(app)
    select(app, table, "b1")
    key(app, pygame.K_p)
    assert (ui_home / "saves" / "autosave.json").is_file() or any((ui_home).rglob("autosave*.json"))


def test_wheel_zooms_towards_the_cursor_and_right_drag_pans(app, toy_ruleset):
    session, table = start(app)
    cam = table.camera
    p = at(table, 30, 30)
    before = cam.to_world(*p)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    level = cam.level
    after = cam.to_world(*p)
    assert abs(after[0] - before[0]) < 0.3 and abs(after[1] - before[1]) < 0.3
    ox = cam.ox
    drag(app, p, (p[0] + 40, p[1]), button=3)
    assert cam.ox == pytest.approx(ox + 40, abs=1)
    key(app, pygame.K_HOME)
    assert cam.level < level


def test_the_tape_and_the_los_tool(app, toy_ruleset):
    session, table = start(app)
    key(app, pygame.K_m)
    drag(app, at(table, 10, 5), at(table, 40, 5))
    app.step()
    assert any("cm" in t and "in" in t for t in app.fonts.frame_texts)
    key(app, pygame.K_v)
    assert table.tools.tool == "los"
    drag(app, at(table, 30, 22), at(table, 65, 22))     # straight through the wood
    app.step()
    assert any(t.startswith("blocked by Long wood") for t in app.fonts.frame_texts)
    drag(app, at(table, 30, 55), at(table, 65, 55))     # open ground
    app.step()
    assert any(t.startswith("clear") for t in app.fonts.frame_texts)


def test_arc_blast_ranges_legend_and_los_preview_draw(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    for k in (pygame.K_f, pygame.K_RIGHTBRACKET, pygame.K_r, pygame.K_b, pygame.K_g, pygame.K_g, pygame.K_o):
        key(app, k, frames=1)
    assert table.tools.arc is not None and table.tools.tool == "blast"
    assert not table.tools.rings_on                          # the toy rules give no range bands
    move_to(app, screen_of(table, "b1"), frames=25)
    assert any("blast r" in t for t in app.fonts.frame_texts)
    key(app, pygame.K_b)
    key(app, pygame.K_o)
    move_to(app, screen_of(table, "b2"), frames=3)
    assert table.tools.los_from("b2")                        # cached per hovered unit and state
    assert table.tools.los_from("b2") is table.tools.los_from("b2")


def test_escape_opens_the_game_menu_and_f1_the_help(app, toy_ruleset):
    session, table = start(app)
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_F1)
    assert app.top.name == "help"
    assert "Ctrl+Z" in app.fonts.frame_texts
    key(app, pygame.K_a)
    assert app.top is table


def test_the_end_of_the_game_shows_the_winner_and_saves_the_log(app, toy_ruleset, ui_home):
    session, table = start(app)
    for uid in ("r1", "r2"):
        session.state.units[uid].out = True
    select(app, table, "b1")
    key(app, pygame.K_p)                                # any action: the engine sees Red has no one left
    assert session.is_over()
    assert app.run_until(lambda: app.top.name == "endgame", 200)
    app.step()
    assert "Won by Blue" in app.fonts.frame_texts and "Blue win" not in app.fonts.frame_texts
    key(app, pygame.K_l)
    logs = list((ui_home / "saves").glob("*.log.txt"))
    assert logs and "The game ends: won by Blue" in logs[0].read_text(encoding="utf-8")


def test_a_failing_ai_is_replaced_by_a_random_choice_and_the_game_goes_on(app, toy_ruleset):
    from game.ai import players

    class Broken:
        name = "broken"

        def __init__(self, seed, side):
            pass

        def choose(self, view, options, decision):
            raise RuntimeError("no idea")

    players.register_player("broken", Broken)
    try:
        session, table = start(app, players=("human", "broken"))
        select(app, table, "b1")
        key(app, pygame.K_p)
        assert app.run_until(lambda: session.is_over() or session.decision().side == 0, 300)
        assert any(d.side == 1 for d in session.history)
        assert table.ai.broken is None
    finally:
        players.PLAYER_KINDS.pop("broken", None)


def test_the_options_of_an_interrupt_are_all_listed_without_selecting(app, toy_ruleset):
    session, table = start(app)
    table.sel.selected = None
    app.step()
    labels = [o.label for o in table.panel.row_options]
    assert "Pass the initiative" in labels
    assert any(label.startswith("Move") for label in labels)   # few options in all: every one is listed


def test_the_arc_tool_draws_the_arc_the_rules_shape(app, toy_ruleset, monkeypatch):
    """Issue 16, "a 60-degree sector from the front edge, drawn by the firing-arc tool": a ruleset
    that shapes its arc (TableRules.firing_arc) gets that polygon drawn; widened by hand, the tool
    goes back to a plain sector from the centre."""
    zone = shapely.box(0, 0, 5, 5)
    monkeypatch.setattr(type(toy_ruleset), "firing_arc", lambda self, state, uid, reach: zone, raising=False)
    monkeypatch.setattr(type(toy_ruleset), "field_of_vision", lambda self, state, uid: 60.0, raising=False)
    drawn = []
    monkeypatch.setattr(render, "draw_zone", lambda surface, cam, poly, *a: drawn.append(poly))
    session, table = start(app)
    select(app, table, "b1")
    key(app, pygame.K_f, frames=2)
    assert table.tools.arc == 60.0 and drawn and drawn[-1] is zone
    key(app, pygame.K_RIGHTBRACKET, frames=1)                # the player widens the arc
    drawn.clear()
    app.step()
    assert table.tools.arc != 60.0 and not drawn


def test_the_tape_reads_the_rules_own_measure(app, toy_ruleset, monkeypatch):
    """Issue 16, "The measuring tape and the legal-move region show the stick": a ruleset naming its
    own measure (TableRules.tape_unit) gets the tape read in it: 30 cm is 5 sticks of 6 cm."""
    monkeypatch.setattr(type(toy_ruleset), "tape_unit", lambda self, state: ("stick", 6.0), raising=False)
    session, table = start(app)
    key(app, pygame.K_m)
    drag(app, at(table, 10, 5), at(table, 40, 5))
    app.step()
    tape = [t for t in app.fonts.frame_texts if " sticks · " in t and t.endswith(" in")]
    assert tape and float(tape[0].split()[0]) == pytest.approx(5.0, abs=0.05)    # to the pixel


def test_the_tape_marks_the_rules_named_marks_for_the_unit_it_is_pulled_from(app, toy_ruleset, monkeypatch):
    """"The corresponding distances are marked on a movement stick" (Petite Guerre, Movement): a ruleset
    giving named marks (TableRules.tape_marks) for the unit the tape starts at gets each mark the tape
    reaches ticked and named, and the tape says which mark it lies within."""
    asked = []

    def marks(self, state, unit_id):
        asked.append(unit_id)
        return [("slow", 8.0), ("normal", 15.0), ("fast", 25.0)]
    monkeypatch.setattr(type(toy_ruleset), "tape_marks", marks, raising=False)
    session, table = start(app)
    key(app, pygame.K_m)
    b1 = session.view().units["b1"]
    drag(app, at(table, b1.x, b1.y), at(table, b1.x + 20, b1.y))
    app.step()
    assert asked and asked[-1] == "b1"
    texts = app.fonts.frame_texts
    assert "slow" in texts and "normal" in texts and "fast" not in texts
    assert any(t.startswith("within fast (25) · ") for t in texts)


def test_petite_guerre_marks_the_movement_stick_of_the_figure_measured_from():
    """"Different movement sticks are used for infantry and for cavalry, and depending on the formation
    adopted" (Petite Guerre, Movement): the tape's marks are that figure's stick's speeds."""
    from game.engine import game as engine
    from game.io.scenario_file import load_scenario
    from game.rulesets import load_all
    load_all()
    state = engine.new_game(load_scenario("petite-guerre-cavalry-patrol"), 1, {})
    rs = engine.ruleset_of(state)
    marks = {uid: dict(rs.tape_marks(state, uid)) for uid in state.units}
    assert dict(rs.tape_marks(state, None)) == {"slow": 8.0, "normal": 15.0, "fast": 25.0}
    assert {"slow": 12.0, "normal": 30.0, "fast": 50.0} in marks.values() or \
        {"slow": 10.0, "normal": 25.0, "fast": 40.0} in marks.values()     # the cavalry's sticks


def test_while_an_ai_plays_the_panel_says_what_it_just_did(app):
    """Watching two AIs: the panel under "… is playing" lists the AI's latest log lines, newest first,
    so what moved where and what was rolled can be followed without reading the small log."""
    from game.io.scenario_file import load_scenario
    session = Session(load_scenario("risus-farm-assault"), 1, None, ["random", "random"])
    app.start_session(session)
    table = app.top
    for _ in range(40):
        if len(session.actions) >= 2:
            break
        app.step()
    app.settings.ai_speed = "slow"                     # the AI pauses: a frame shows the panel
    table.ai.wait = 5.0
    app.step()
    app.step()
    texts = app.fonts.frame_texts
    newest = [e for e in session.view().log if e.text][-1]
    assert "Just now" in texts
    assert any(newest.text.startswith(t) for t in texts if t and t != "Just now")


def test_a_rolls_long_odds_go_under_its_head_so_the_head_keeps_its_width(app):
    """An activation test with three bands ("rout 25%, out-of-control 50%, in-control 25%") wrote its
    head one word a line beside the odds; long odds now go on their own line under the head."""
    from types import SimpleNamespace

    from game.engine.events import Event
    from game.ui.components.dice_log import DiceLog
    log = DiceLog(app.fonts, lambda v: int(v))
    log.place(pygame.Rect(0, 0, 370, 300))
    short = Event("Rolled", "x", {"who": "Pvt Jones", "purpose": "attack", "odds_text": "2 dice, 56%",
                                  "faces": [[5]], "success": True})
    long = Event("Rolled", "y", {"who": "the pandours", "purpose": "activation test", "faces": [[2]],
                                 "odds_text": "rout 25%, out-of-control 50%, in-control 25%"})
    log.update(SimpleNamespace(log=[short, long]), None, 1)
    (_h1, (_k1, _e1, (head_long, below_long), _n1)), (_h2, (_k2, _e2, (head_short, below_short), _n2)) = log.layout
    assert head_long == ["the pandours · activation test"] and below_long
    assert " ".join(below_long).startswith("odds rout 25%")
    assert head_short == ["Pvt Jones · attack"] and below_short == []          # short odds stay beside it
    surface = pygame.Surface((370, 300))
    log.draw(surface, 0.0)                                 # both kinds draw
