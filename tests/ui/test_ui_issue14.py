"""Issue 14's defects, each driven by real input events or checked on the drawn picture."""
from __future__ import annotations

import pygame
from conftest import at, click, key, move_to, select, settle, toy_scenario

from game.ui.components import keymap
from game.ui.session import Session


def start(app, players=("human", "human"), secret=False, seed=3, scenario=None):
    session = Session(scenario or toy_scenario(secret=secret), seed, {"secret": secret}, list(players))
    app.start_session(session)
    for _ in range(3):
        app.step()
    return session, app.top


# -- 9. Esc clears the tools and the selection before it opens the menu ------------------------------
def test_escape_switches_the_tools_off_and_clears_the_selection_before_the_menu(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    key(app, pygame.K_f)
    key(app, pygame.K_m)
    assert table.tools.arc is not None and table.tools.tool == "measure"
    key(app, pygame.K_ESCAPE)
    assert app.top is table                              # no menu yet
    assert table.tools.arc is None and table.tools.tool is None and not table.tools.rings_on
    assert table.sel.selected is None
    assert not any(table.tools.state().values())        # the tool buttons are dark again
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "pause"                       # nothing left on: the menu


def test_escape_first_drops_a_placement_and_keeps_the_unit(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    click(app, at(table, 26, 24))                        # a point of the move is placed
    assert table.sel.placing is not None
    key(app, pygame.K_ESCAPE)
    assert table.sel.placing is None and table.sel.selected == "b1" and app.top is table


def test_the_help_lists_escape_from_the_keymap_the_handler_uses(app, toy_ruleset):
    session, table = start(app)
    esc = keymap.lookup(pygame.K_ESCAPE, 0)[0]
    assert esc.command == "escape" and "tools" in esc.text
    key(app, pygame.K_F1)
    assert app.top.name == "help"
    shown = " ".join(app.fonts.frame_texts)
    assert "switch the tools off" in shown and "then the game menu" in shown


# -- 3. "Your part is done" sits in the side panel, never over the table ----------------------------
def test_the_your_part_is_done_box_is_in_the_panel_and_covers_nothing_on_the_table(app, toy_ruleset):
    from conftest import drag
    session = Session(toy_scenario(secret=True), 5, {"secret": True}, ["human", "human"])
    app.start_session(session)
    table = app.top
    for _ in range(3):
        app.step()
    click(app, (app.size[0] // 2, 30))                   # Blue takes the seat
    select(app, table, "b1")
    x, y, w, h = table.viewport
    cx, cy = x + w // 2, y + h // 2
    points = [(cx + dx, cy + dy) for dx in (-200, -100, 0, 100, 200) for dy in (-60, 0, 60)]
    units = [at(table, u.x, u.y) for u in session.state.units.values()] + [at(table, 36, 24), at(table, 26, 24)]
    points = [p for p in points if all(abs(p[0] - q[0]) + abs(p[1] - q[1]) > 80 for q in units)]
    assert len(points) >= 6
    before = [tuple(app.window.get_at(p))[:3] for p in points]
    drag(app, at(table, 26, 24), at(table, 36, 24))       # a secret move: Blue's part is done
    assert table.banner_to == 1
    for _ in range(3):
        app.step()
    assert "Blue: your part is done for now" in app.fonts.frame_texts
    banner = table.panel.banner_rect
    button = next(b for b in table.dynamic_buttons if b.text.startswith("Hand over"))
    for r in (banner, button.rect):
        assert table.panel.rect.contains(r)
        assert not r.colliderect(pygame.Rect(table.viewport))
    assert [tuple(app.window.get_at(p))[:3] for p in points] == before   # the table is drawn as it was
    click(app, button.rect.center)                        # the button in the panel hands over
    assert app.top.name == "handover"


# -- 6. A resize and the UI scale refit the table, keeping the view's centre -------------------------
def table_inside(table) -> bool:
    x, y, w, h = table.viewport
    tw, th = table.board.size
    return all(x <= px <= x + w and y <= py <= y + h
               for px, py in (table.camera.to_screen(0, 0), table.camera.to_screen(tw, th)))


def view_centre(table):
    x, y, w, h = table.viewport
    return table.camera.to_world(x + w / 2, y + h / 2)


def test_a_smaller_window_refits_the_whole_table(app, toy_ruleset):
    from conftest import post
    session, table = start(app)
    assert table_inside(table)
    post(pygame.VIDEORESIZE, w=1000, h=650, size=(1000, 650))
    for _ in range(3):
        app.step()
    assert app.size == (1000, 650) and app.top is table
    assert table_inside(table)                           # no edge cut off, no Home needed
    tw, th = table.board.size
    a, b = table.camera.to_screen(0, 0), table.camera.to_screen(tw, th)
    x, y, w, h = table.viewport
    assert max((b[0] - a[0]) / w, (b[1] - a[1]) / h) > 0.9    # and it still fills the view


def test_a_zoomed_view_keeps_its_centre_across_a_resize(app, toy_ruleset):
    from conftest import post
    session, table = start(app)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_LEFT)
    centre = view_centre(table)
    post(pygame.VIDEORESIZE, w=1000, h=650, size=(1000, 650))
    for _ in range(3):
        app.step()
    after = view_centre(table)
    assert abs(after[0] - centre[0]) < 0.5 and abs(after[1] - centre[1]) < 0.5


def test_a_larger_ui_scale_refits_the_table(app, toy_ruleset):
    session, table = start(app)
    key(app, pygame.K_F3)
    assert app.top.name == "settings"
    key(app, pygame.K_PLUS)
    key(app, pygame.K_PLUS)
    assert app.settings.ui_scale == 1.25
    key(app, pygame.K_ESCAPE)
    for _ in range(3):
        app.step()
    assert app.top is table
    assert table_inside(table)


# -- 10. Small inconsistencies -------------------------------------------------------------------------
def test_range_bands_come_from_the_rules_labelled_once(app, toy_ruleset, monkeypatch):
    monkeypatch.setattr(toy_ruleset, "range_bands", lambda state, uid: [("short", 10.0), ("10 cm", 10.0),
                                                                          ("long", 30.0)], raising=False)
    session, table = start(app)
    assert "rings" in table.bars.tool_buttons
    select(app, table, "b1")
    key(app, pygame.K_r)
    assert table.tools.rings_on
    app.step()
    texts = app.fonts.frame_texts
    assert "short 10 cm" in texts and "long 30 cm" in texts and "10 cm" in texts
    assert not any("cm" in t and t.count("cm") > 1 for t in texts)     # never "10 cm 10 cm"


def test_no_ranges_tool_when_the_rules_give_no_bands(app, toy_ruleset):
    session, table = start(app)                          # the toy rules, like Risus, have no ranges
    assert "rings" not in table.bars.tool_buttons
    assert "Ranges R" not in [b.text for b in table.bars.tool_buttons.values()]
    select(app, table, "b1")
    key(app, pygame.K_r)
    assert not table.tools.rings_on
    assert "no range bands" in table.status_text()[0]


def test_risus_shows_no_ranges_tool_and_takipsilim_does(app):
    from game.rulesets import load_all
    load_all()
    app.open_target("risus-farm-assault")
    for _ in range(3):
        app.step()
    assert "rings" not in app.top.bars.tool_buttons
    app.open_target("takipsilim-dusk-ambush")
    for _ in range(3):
        app.step()
    assert "rings" in app.top.bars.tool_buttons


def test_an_ended_games_save_is_listed_at_its_last_turn():
    from types import SimpleNamespace

    from game.ui.screens.saves import turn_text
    ended = SimpleNamespace(scenario="risus-farm-assault", turn=41)
    from game.io.scenario_file import load_scenario
    limit = load_scenario("risus-farm-assault").turn_limit
    ended.turn = limit + 1
    assert turn_text(ended) == f"turn {limit} of {limit}, ended"
    assert turn_text(SimpleNamespace(scenario="risus-farm-assault", turn=3)) == f"turn 3 of {limit}"


def test_ai_levels_are_offered_weakest_first(app):
    from game.ui.app import ai_names
    names = ai_names()
    assert [n for n in names if n in ("random", "easy", "normal", "hard")] == ["random", "easy", "normal", "hard"]


def test_the_log_goes_back_to_the_newest_entry(app, toy_ruleset):
    session, table = start(app)
    for uid, x in (("b1", 26), ("r1", 64), ("b2", 26), ("r2", 64)):
        select(app, table, uid)
        click(app, at(table, x, session.state.units[uid].y + 3))
        click(app, at(table, x, session.state.units[uid].y + 20))
    assert len(session.state.log) >= 4
    table.log.scroll = 200                               # the player scrolled down the log
    select(app, table, "b1")
    settle(app, table)
    key(app, pygame.K_p)                                 # a new entry (no roll): the log follows it
    assert table.log.scroll == 0


def test_a_click_outside_the_region_says_why(app, toy_ruleset):
    session, table = start(app)
    select(app, table, "b1")
    click(app, at(table, 45, 50))                        # far outside the 10 cm region
    text = table.status_text()[0]
    assert "outside the legal region" in text and "too far" in text and "reaches 10.0 cm at most" in text
    assert any("too far" in t for t in app.fonts.frame_texts)


def test_a_click_within_reach_but_off_the_region_says_blocked(app, toy_ruleset):
    session = Session(toy_scenario(), 3, {"secret": False}, ["human", "human"])
    b1 = session.state.units["b1"]
    b1.x, b1.y = 5.0, 5.0                                 # by the edge: the toy's region stops 1 cm short of it
    app.start_session(session)
    for _ in range(3):
        app.step()
    table = app.top
    select(app, table, "b1")
    click(app, at(table, 5, 0.4))
    text = table.status_text()[0]
    assert "outside the legal region" in text and "blocked" in text and "too far" not in text
    assert session.history == []


def test_make_keeps_pips_chatter_out_of_make_plays_output():
    from pathlib import Path
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    installs = [line for line in makefile.splitlines() if "pip install" in line]
    assert installs and all(line.rstrip().endswith("$(QUIET_PIP)") for line in installs)
    quiet = next(line for line in makefile.splitlines() if line.startswith("QUIET_PIP"))
    assert "> $(LOG) 2>&1" in quiet and "cat $(LOG)" in quiet and "exit 1" in quiet   # shown when it fails


# -- 4. A team's attack preview: lines only from the members whose dice count ------------------------
def team_toy():
    from conftest import Attack, UiToy

    from game.engine.ruleset import Option

    class TeamToy(UiToy):
        id = "ui-toy-team"

        def legal_actions(self, state, decision):
            opts = super().legal_actions(state, decision)
            teams = sorted({u.team for u in state.side_units(decision.side) if u.team})
            for team in teams:
                for e in state.side_units(1 - decision.side):
                    opts.insert(0, Option("Attack", f"{team} attacks {e.name}", Attack(team, e.id), actor=team,
                                          target=e.id, odds_text="3 dice, 70%"))
            return opts
    return TeamToy()


def team_scenario():
    from game.engine.scenario import Scenario
    unit = lambda uid, side, name, x, y, team=None: {"id": uid, "side": side, "name": name, "x": x, "y": y,  # noqa
                                                     "facing": 0, **({"team": team} if team else {})}
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "ui-toy-team", "title": "Team field",
        "ruleset": "ui-toy-team", "table": {"width": 90, "height": 60},
        "terrain": [{"id": "wood1", "kind": "wood", "name": "Long wood",
                     "polygon": [[40, 10], [55, 12], [52, 40], [38, 36]]}],
        "sides": [{"name": "Blue"}, {"name": "Red"}],
        "units": [unit("b1", 0, "Baker", 20, 20, "Fireteam"), unit("b2", 0, "Able", 20, 55, "Fireteam"),
                  unit("b3", 0, "Grant", 30, 52, "Fireteam"), unit("r1", 1, "Rossi", 70, 50)],
        "victory": {"kind": "last-standing"}, "turn_limit": 6})


def accent_along(app, table, a, b) -> int:
    from game.ui import theme
    pa, pb = table.camera.to_screen(*a), table.camera.to_screen(*b)
    hits = 0
    for i in range(10, 90, 4):
        p = (int(pa[0] + (pb[0] - pa[0]) * i / 100), int(pa[1] + (pb[1] - pa[1]) * i / 100))
        near = [tuple(app.window.get_at((p[0] + dx, p[1] + dy)))[:3] for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        hits += any(c == tuple(theme.ACCENT) for c in near)
    return hits


def test_a_team_attack_draws_lines_only_from_the_members_that_see_the_target(app):
    from game.engine.registry import register, unregister
    rs = team_toy()
    register(rs)
    try:
        session = Session(team_scenario(), 3, {}, ["human", "human"])
        app.start_session(session)
        for _ in range(3):
            app.step()
        table = app.top
        select(app, table, "b2")
        row = next(rect for rect, o, _k, _l in table.panel.rows if o.label == "Fireteam attacks Rossi")
        move_to(app, row.center, frames=2)               # hovering the option shows its preview
        texts = app.fonts.frame_texts
        assert "Fireteam attacks Rossi · 3 dice, 70%" in texts
        assert "Baker: no line of sight (Long wood) (no dice)" in texts
        assert accent_along(app, table, (20, 55), (70, 50)) > 10       # Able's dice count
        assert accent_along(app, table, (30, 52), (70, 50)) > 10       # Grant's too
        assert accent_along(app, table, (20, 20), (70, 50)) == 0       # no line from Baker, behind the wood
    finally:
        unregister(rs.id)


# -- 7. Terrain kinds told apart: colours measured under colour blindness, and a pattern each -------------
# Colour-vision deficiency simulated with Machado, Oliveira & Fernandes (2009), "A physiologically-based
# model for simulation of color vision deficiency", severity 1.0 matrices, applied to linear sRGB;
# distances are CIE76 delta E in CIELAB (D65).
import itertools  # noqa: E402

import numpy as np  # noqa: E402

CVD = {
    "normal vision": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
MIN_DELTA_E = 12.0          # clearly different side by side (2.3 is a just-noticeable difference)


def lab(rgb255: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    c = rgb255 / 255.0
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ matrix.T, 0.0, 1.0)
    xyz = seen @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]).T
    xyz = xyz / np.array([0.9505, 1.0, 1.089])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], axis=1)


def test_every_pair_of_terrain_kinds_differs_in_colour_under_each_colour_blindness():
    from game.geometry.terrain import load_kinds
    from game.ui import theme
    kinds = load_kinds()
    names = sorted(kinds)
    rgb = np.array([theme.hex_colour(kinds[n].color) for n in names], dtype=float)
    too_close = []
    for vision, matrix in CVD.items():
        points = lab(rgb, matrix)
        for i, j in itertools.combinations(range(len(names)), 2):
            d = float(np.linalg.norm(points[i] - points[j]))
            if d < MIN_DELTA_E:
                too_close.append(f"{names[i]} / {names[j]} under {vision}: delta E {d:.1f}")
    assert not too_close, too_close


def test_the_grey_kinds_of_the_issue_are_now_far_apart():
    from game.geometry.terrain import load_kinds
    from game.ui import theme
    kinds = load_kinds()
    grey = ["rocks", "low-wall", "ruins", "marsh"]
    rgb = np.array([theme.hex_colour(kinds[n].color) for n in grey], dtype=float)
    for vision, matrix in CVD.items():
        points = lab(rgb, matrix)
        assert min(np.linalg.norm(points[i] - points[j]) for i, j in itertools.combinations(range(4), 2)) > 15, vision


def test_every_terrain_kind_has_a_pattern_of_its_own_and_it_is_drawn(app):
    from game.geometry.terrain import load_kinds
    from game.ui import patterns, theme
    kinds = load_kinds()
    chosen = {n: patterns.pattern_of(k) for n, k in kinds.items()}
    assert len(set(chosen.values())) == len(chosen)                 # no two kinds share a pattern
    # the tiles drawn differ pixel for pixel (on a common grey, so only the strokes count)
    masks = {}
    for name, pattern in chosen.items():
        tile = patterns.tile(pattern, (128, 128, 128))
        masks[name] = tuple(tile.get_at((x, y))[3] > 0 for y in range(patterns.TILE) for x in range(patterns.TILE))
    for a, b in itertools.combinations(masks, 2):
        assert masks[a] != masks[b], (a, b)
    assert sum(masks["open"]) == 0 and sum(masks["rocks"]) > 10
    # and the table draws it: a Ruins piece's pixels are not all one colour
    surf = pygame.Surface((64, 64))
    import shapely
    patterns.fill_polygons(surf, [shapely.box(0, 0, 64, 64)], lambda x, y: (x, y), "rubble",
                           theme.hex_colour(kinds["ruins"].color))
    assert len({tuple(surf.get_at((x, y))) for x in range(0, 64, 2) for y in range(0, 64, 2)}) > 1


# -- 8. Labels that neither collide nor spill ------------------------------------------------------------
def drawn_labels(name: str, level: float):
    from game.engine import game as engine
    from game.io.scenario_file import load_scenario
    from game.rulesets import load_all
    from game.ui import camera, render
    load_all()
    state = engine.new_game(load_scenario(name), 1)
    s = camera.BASE * camera.STEP ** level
    w, h = render.table_size(state)
    surf = pygame.Surface((int(w * s) + 4, int(h * s) + 4))
    return render.draw_terrain(surf, state, lambda x, y: (x * s + 2, y * s + 2), s, app_fonts())


def app_fonts():
    from game.ui import theme
    return theme.Fonts(1.0)


def test_objective_and_terrain_labels_never_overlap(app):
    for name, must in (("risus-farm-assault", {"Farmyard", "Farmhouse", "farmhouse"}),
                       ("takipsilim-ruined-compound", {"south ruins", "generator"})):
        for level in (2.0, 3.69, 5.0, 7.0):
            placed = drawn_labels(name, level)
            rects = [r for _t, r in placed]
            for i, j in itertools.combinations(range(len(rects)), 2):
                assert not rects[i].colliderect(rects[j]), (name, level, placed[i], placed[j])
            if level >= 3.69:
                assert must <= {t for t, _r in placed}, (name, level)


def test_a_tooltips_bold_title_fits_its_box(app, toy_ruleset):
    session = Session(toy_scenario(), 3, {"secret": False}, ["human", "human"])
    session.state.units["r2"].name = "Capitano Wolfgang Amadeus Conti-Bellincioni"
    app.start_session(session)
    for _ in range(3):
        app.step()
    table = app.top
    u = session.state.units["r2"]
    move_to(app, at(table, u.x, u.y), frames=30)
    tip = table.board.tip_rect
    assert tip is not None
    title = f"{u.name} (Red)"
    bold = app.fonts.get(12, "b")
    lines = app.fonts.wrap(title, 12, table.s(300), "b")
    assert all(bold.size(line)[0] + table.s(16) <= tip.w for line in lines)
    assert pygame.Rect(table.viewport).contains(tip)


def test_the_bottom_hint_is_never_cut_mid_word(app, toy_ruleset):
    from conftest import post
    session, table = start(app)
    post(pygame.VIDEORESIZE, w=1000, h=650, size=(1000, 650))
    for _ in range(3):
        app.step()
    move_to(app, at(table, 30, 50), frames=2)
    full = table.status_text()[0]
    shown = table.bars.status_shown
    assert shown and full.startswith(shown.split(" · ")[0])
    parts = [p for part in full.split("   ·   ") for p in part.split(" · ")]
    assert all(p in parts for p in shown.split(" · ")), shown        # whole parts only
    room = table.panel.rect.x - table.bars.status_x - table.s(8)
    assert app.fonts.get(13).size(shown)[0] <= room


# -- 5. Committed secret orders shown to their side; keys act only on what is drawn -----------------------
def takipsilim_table(app, players=("human", "human")):
    from game.io.scenario_file import load_scenario
    from game.rulesets import load_all
    load_all()
    session = Session(load_scenario("takipsilim-dusk-ambush"), 7, None, list(players))
    app.start_session(session)
    for _ in range(3):
        app.step()
    if app.top.name == "handover":
        click(app, (app.size[0] // 2, 30))
    table = app.top
    assert table.name == "table" and table.my_decision() is not None
    return session, table


def test_a_committed_run_shows_a_ghost_and_a_shot_an_arrow_to_its_side_only(app):
    from game.ai.players import point_in_region
    from game.engine.dice import PlayerRng
    from game.ui.components.orders import committed
    session, table = takipsilim_table(app)
    me = session.viewer
    first = table.sel.selected
    rows = table.panel.row_options
    run = next(i for i, o in enumerate(rows) if o.region is not None and o.label.startswith("Run"))
    key(app, pygame.K_1 + run)
    x, y = point_in_region(table.region_option().region, PlayerRng(1, "t"))
    u = session.state.units[first]
    before = tuple(app.window.get_at(at(table, x, y)))
    click(app, at(table, x, y))
    if table.sel.placing is not None:                    # it takes a facing: Enter keeps it
        key(app, pygame.K_RETURN)
    assert session.state.units[first].x == u.x           # the figure stays put until the round resolves
    orders = committed(session, table.view())
    assert [o.actor for o in orders] == [first] and orders[0].point is not None
    app.step()
    assert tuple(app.window.get_at(at(table, *orders[0].point))) != before      # the ghost is drawn
    # a shot: an arrow to the target
    second = table.sel.selected
    assert second != first
    rows = table.panel.row_options
    shoot = next((i for i, o in enumerate(rows) if o.target and o.action is not None), None)
    if shoot is not None:
        key(app, pygame.K_1 + shoot)
        found = {o.actor: o for o in committed(session, table.view())}
        assert found[second].target == rows[shoot].target
    # the other side sees none of them
    other = 1 - me
    session.set_viewer(other)
    assert committed(session, session.view()) == []
    session.set_viewer(me)


def test_a_number_key_pressed_before_the_next_prompt_is_drawn_does_nothing(app):
    from conftest import post
    session, table = takipsilim_table(app)
    rows = table.panel.row_options
    wait = next(i for i, o in enumerate(rows) if o.action is not None)
    n = len(session.history)
    k = pygame.K_1 + wait
    for _ in range(2):                                   # two presses before any frame is drawn
        post(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)
    app.step()
    assert len(session.history) == n + 1                 # the second press saw no prompt on screen
    app.step()
    key(app, k)                                          # once drawn, the key acts again
    assert len(session.history) == n + 2


def test_on_a_hex_map_an_illegal_hex_is_not_adjacent(app):
    import shapely
    from test_ui_components import hex_view_state, hexmap

    from game.geometry import hexgrid
    from game.ui.components.board_views import board_view_for
    board = hexmap()
    state = hex_view_state(board)
    view = board_view_for(app, state)
    view.place((0, 0, 640, 480))
    at_hex = hexgrid.Hex(2, 1)
    region = shapely.union_all([board.polygon(h) for h in board.neighbours(at_hex)])
    far = board.centre(hexgrid.Hex(0, 0))
    assert view.why_outside(state, state.units["g1"], far, region) == "not adjacent: only a neighbouring hex"
