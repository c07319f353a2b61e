"""Issue 14, "Telling units apart at a glance", and issue 16, "Draw each type so it can be told apart
at a glance, with its facing and its front edge": the ruleset's Look drawn on the table, names that
never cover each other, and the roster panel."""
from __future__ import annotations

import itertools

import pygame
from conftest import at, click, key, toy_scenario

from game.engine.ruleset import Look, Ruleset, initials
from game.ui.session import Session

PAPER = (245, 243, 232)          # the symbol's frame (game.ui.units.draw_symbol)


def start(app, scenario=None, seed=3):
    session = Session(scenario or toy_scenario(), seed, {}, ["human", "human"])
    app.start_session(session)
    for _ in range(3):
        app.step()
    return session, app.top


def bundled(name):
    from game.io.scenario_file import load_scenario
    from game.rulesets import load_all
    load_all()
    return load_scenario(name)


def test_the_default_look_is_a_plain_figure_tagged_with_initials(toy_ruleset):
    """Ruleset.unit_look's neutral default: no symbol, the name's initials as the short tag."""
    assert initials("2nd Fireteam") == "2F" and initials("Baker") == "Bak" and initials("Edda the Blade") == "EB"
    state = Session(toy_scenario(), 1, {}, ["human", "human"]).state
    assert Ruleset().unit_look(state, "b1") == Look(symbol="figure", label="Bak", markers=(), points=())


def test_a_rulesets_look_is_drawn_on_the_base_and_its_markers_as_badges(app, toy_ruleset, monkeypatch):
    """"a short label or icon by type and weapon; status markers readable at normal zoom"."""
    monkeypatch.setattr(type(toy_ruleset), "unit_look", lambda self, state, uid: Look(
        "infantry" if uid == "b1" else "figure", "Inf" if uid == "b1" else "", ("reloading",) if uid == "b1" else (),
        (("wagon", 14.0, 25.0),) if uid == "b1" else ()), raising=False)
    session, table = start(app)
    for _ in range(6):
        key(app, pygame.K_PLUS, frames=1)
    key(app, pygame.K_HOME)
    for _ in range(3):
        key(app, pygame.K_PLUS, frames=1)
    b1, b2 = session.view().units["b1"], session.view().units["b2"]
    table.camera.pan(*(c - p for c, p in zip(pygame.Rect(table.viewport).center, at(table, 20, 25))))
    app.step()
    assert tuple(app.window.get_at(at(table, b1.x, b1.y)))[:3] != tuple(app.window.get_at(at(table, b2.x, b2.y)))[:3]
    px, py = at(table, b1.x, b1.y)
    box = [tuple(app.window.get_at((px + dx, py + dy)))[:3] for dx in range(-6, 7) for dy in range(-4, 5)]
    assert PAPER in box                                    # b1's symbol frame is drawn on its base
    bx, by = at(table, b2.x, b2.y)
    assert PAPER not in [tuple(app.window.get_at((bx + dx, by + dy)))[:3] for dx in range(-6, 7) for dy in range(-4, 5)]
    from game.ui.units import badge_text
    assert badge_text("reloading", {}) in app.fonts.frame_texts    # the Look's marker, as its badge
    wx, wy = at(table, 14.0, 25.0)                        # the Look's tethered point, with its initial
    assert tuple(app.window.get_at((wx + 4, wy)))[:3] in {(120, 80, 40), (250, 248, 240)}
    assert "W" in app.fonts.frame_texts


def test_unit_names_on_the_table_never_cover_each_other(app):
    """Issue 14, defect 8 for units: labels placed so they avoid each other, measured first."""
    session, table = start(app, bundled("risk-to-take-village-line"))
    drawn = table.board.painter.labels_drawn
    assert len(drawn) >= 10
    for (_a, _ta, ra), (_b, _tb, rb) in itertools.combinations(drawn, 2):
        assert not ra.colliderect(rb)


def test_risk_to_take_types_each_have_their_own_look():
    """Issue 16: "line infantry (8 figures), light infantry, cavalry, artillery; Commanders ...; Special
    troops: cuirassiers, dragoons (mounted or dismounted)": seven types, seven looks."""
    from game.engine import game as engine
    from game.rulesets.risk_to_take.looks import unit_look
    scenario = bundled("risk-to-take-village-line")
    state = engine.new_game(scenario, 1, {})
    by_type = {}
    for uid, u in state.units.items():
        by_type.setdefault(u.stats["type"], unit_look(state, uid))
    assert {"line-infantry", "light-infantry", "cavalry", "cuirassiers", "dragoons", "artillery",
            "commander"} <= set(by_type)
    looks = {(lk.symbol, lk.label) for lk in by_type.values()}
    assert len(looks) == len(by_type)                      # no two types look alike
    assert by_type["cuirassiers"].symbol == "heavy-cavalry" and by_type["dragoons"].symbol == "mounted-infantry"


def test_dismounted_dragoons_show_their_horses_where_the_rules_keep_them():
    """Issue 16: "for dragoons whether they are mounted and where the horses stand" (stats["horses"],
    read defensively: absent or malformed, no marker)."""
    from game.engine import game as engine
    from game.rulesets.risk_to_take.looks import unit_look
    state = engine.new_game(bundled("risk-to-take-village-line"), 1, {})
    dragoons = next(u for u in state.units.values() if u.stats["type"] == "dragoons")
    assert unit_look(state, dragoons.id).points == ()
    dragoons.stats["mounted"] = False
    dragoons.stats["horses"] = [12.5, 30.0]
    look = unit_look(state, dragoons.id)
    assert look.symbol == "light-infantry" and "dismounted" in look.markers
    assert look.points == (("horses", 12.5, 30.0),)
    dragoons.stats["horses"] = "nowhere"
    assert unit_look(state, dragoons.id).points == ()
    del dragoons.stats["horses"]
    assert unit_look(state, dragoons.id).points == ()


def test_the_roster_lists_your_units_and_a_click_selects_and_centres_one(app, toy_ruleset):
    """"Add a roster panel listing your units with status ... where a click selects the unit"."""
    session, table = start(app)
    for _ in range(3):
        key(app, pygame.K_PLUS, frames=1)
    key(app, pygame.K_u)
    assert table.roster.on
    app.step()
    assert any(t.startswith("Your units (2 of 2") for t in app.fonts.frame_texts)
    assert [uid for _r, uid in table.roster.rows] == ["b1", "b2"]      # Blue's own units only
    row = next(r for r, uid in table.roster.rows if uid == "b2")
    from conftest import move_to
    move_to(app, row.center)
    assert table.sel.hovered == "b2"                      # the row under the pointer lights its unit
    click(app, row.center)
    assert table.sel.selected == "b2"
    x, y, w, h = table.viewport
    px, py = table.camera.to_screen(20, 30)
    assert abs(px - (x + w / 2)) < 2 and abs(py - (y + h / 2)) < 2        # centred on the table
    key(app, pygame.K_u)
    assert not table.roster.on


def test_every_symbol_is_drawn_differently_even_small():
    """Issue 16: "Draw each type so it can be told apart at a glance": every symbol of the Look's
    vocabulary gives a different picture at the size of a fitted table's base (18 x 8 px)."""
    from game.engine.ruleset import LOOK_SYMBOLS
    from game.ui.units import draw_symbol
    pictures = {}
    for symbol in LOOK_SYMBOLS:
        if symbol == "figure":
            continue
        surf = pygame.Surface((40, 30))
        surf.fill((0, 114, 178))
        draw_symbol(surf, symbol, (20, 15), 18, 8)
        pictures[symbol] = pygame.image.tobytes(surf, "RGB")
    assert len(set(pictures.values())) == len(pictures)
