"""Issue 24 §2.7, markers and labels: on every bundled table scenario, driven through the App with real
events (a unit picked with Tab, its range bands switched on with R, the pointer inside its move
region), every label drawn on the board (units' names, status chips, the map's names, range-band
names, the "seen there by…" hint) covers no other one, and each unit's status chips touch its base."""
from __future__ import annotations

import itertools

import pygame
import pytest
from conftest import at, key, move_to

from game.io.scenario_file import bundled_scenarios, load_scenario
from game.rulesets import load_all
from game.ui import render
from game.ui.bench import _show as show
from game.ui.session import Session

load_all()


def table_scenarios() -> list[str]:
    out = []
    for name, *_ in bundled_scenarios():
        session = Session(load_scenario(name), 1, {}, ["human"] * 6)
        if getattr(session.state.board, "kind", "table") == "table":
            out.append(name)
    return out


def open_table(app, name: str):
    """The scenario on the table, seen by side 0, a third of its units marked routed, zoomed a step
    in on the first unit that can act; that unit picked with Tab, its bands on (R), the pointer in
    its move region."""
    session = Session(load_scenario(name), 1, {}, ["human"] * 6)
    for i, u in enumerate(session.state.units.values()):
        if i % 3 == 0:
            u.markers.add("routed")
    table = show(app, session)
    table.board.settle(session.view())
    key(app, pygame.K_TAB)
    uid = table.sel.selected
    if uid is not None:
        u = session.view().units[uid]
        table.board.camera.zoom_at(*at(table, u.x, u.y), 1)
        if table.tools.has_range_bands():
            key(app, pygame.K_r)
        option = table.region_option()
        if option is not None and not option.region.is_empty:
            p = option.region.representative_point()
            move_to(app, at(table, p.x, p.y), frames=3)
    for _ in range(2):
        app.step()
    return session, table


@pytest.mark.parametrize("name", table_scenarios())
def test_no_label_covers_another_label_or_a_marker(app, name):
    session, table = open_table(app, name)
    painter = table.board.painter
    drawn = [("label " + t, r) for _u, t, r in painter.labels_drawn] + \
        [("markers of " + u, r) for u, r in zip(painter.badge_owner, painter.badges_drawn)] + \
        [("name " + t, r) for t, r in painter.names_drawn] + \
        [("over " + t, r) for t, r in table.board.overlay.placed]
    assert painter.labels_drawn
    for (a, ra), (b, rb) in itertools.combinations(drawn, 2):
        assert not ra.colliderect(rb), f"{name}: {a} {tuple(ra)} covers {b} {tuple(rb)}"
    view = session.view()
    for uid, rect in zip(painter.badge_owner, painter.badges_drawn):
        u = view.units[uid]
        x, y = table.board.camera.to_world(*painter.fanned[uid][:2]) if uid in painter.fanned else (u.x, u.y)
        pts = [table.board.camera.to_screen(*p) for p in render.base_outline(x, y, u.facing, u.base)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        base = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        assert rect.colliderect(base), f"{name}: {u.name}'s markers {tuple(rect)} float off its base {tuple(base)}"


def test_range_band_names_give_the_distance_once():
    """"range labels read '50 paces 50 cm'": a band whose name already says its distance is not
    followed by it again; a bare name gets it."""
    assert render.ring_label("50 paces", 50.0) == "50 paces"
    assert render.ring_label("canister", 6.0) == "canister 6 cm"
    assert render.ring_label("6 cm", 6.0) == "6 cm"


def test_a_status_marker_is_drawn_unlike_a_name(app):
    """"the 'BK' status marker looks exactly like Bombardier Koch's 'BK' initials": a chip in the
    marker's colour with a dark rim and a diamond, never the pale box of a name."""
    session, table = open_table(app, "petite-guerre-farm-raid")
    surface = app.window
    label_bg = (250, 248, 240)
    rect = table.board.painter.badges_drawn[0]
    inside = [surface.get_at((x, rect.centery))[:3] for x in range(rect.x + 2, rect.right - 2)]
    assert label_bg not in inside
    rim = [surface.get_at((x, rect.y))[:3] for x in range(rect.x + rect.h, rect.right - rect.h)]
    assert rim and all(sum(c) < 120 for c in rim)          # a dark rim all along the chip's top
    assert len(set(inside)) >= 2                           # the marker's colour and its diamond's ink


def _koch_fired(app):
    """Petite Guerre's farm raid on the table, Bombardier Koch's gun fired, zoomed in on him."""
    session = Session(load_scenario("petite-guerre-farm-raid"), 1, {}, ["human"] * 2)
    koch = next(u for u in session.state.units.values() if u.name == "Bombardier Koch")
    koch.markers.add("fired")
    table = show(app, session)
    table.board.settle(session.view())
    table.board.camera.zoom_at(*at(table, koch.x, koch.y), 1)
    for _ in range(2):
        app.step()
    return session, table


def test_hovering_a_status_chip_says_what_it_means(app):
    """"Hovering a chip should show what it means (tooltip)"."""
    _session, table = _koch_fired(app)
    rect, marker = table.board.painter.chip_spots[0]
    assert marker == "fired"
    move_to(app, rect.center, frames=3)
    assert table.board.chip_tip is not None and "reload" in table.board.chip_tip


def test_a_status_chip_never_shows_a_name_s_initials_nor_a_label_a_chip_s_text(app):
    """"Bombardier Koch's label shrinks to 'BK' next to the '◆BK' fired chip": a chip says its
    marker in a word that is no unit's initials, and no unit's short label is a chip's text."""
    from game.engine.ruleset import initials
    from game.ui.units import badge_text
    session, table = _koch_fired(app)
    painter = table.board.painter
    chip_texts = {badge_text(m, labels) for _uid, shown, labels, _o in painter.chips for m in shown}
    assert badge_text("fired", session.ruleset.marker_styles) in chip_texts
    names = {initials(u.name) for u in session.state.units.values() if u.name}
    assert not chip_texts & names
    assert not chip_texts & {t for uid, t, _r in painter.labels_drawn if t != session.state.units[uid].name}


def test_the_opening_banner_keeps_off_the_labels_under_it(app):
    """"the opening banner covers the enemy commander's label": with a commander standing under
    the banner's first place, the banner goes where it covers no label nor marker."""
    session = Session(load_scenario("risk-to-take-village-line"), 1, {}, ["human", "human"])
    table = show(app, session)
    x, y, w, _h = table.board.viewport
    commander = next(u for u in session.state.units.values() if u.side == 1 and u.base.get("shape") == "round")
    commander.x, commander.y = table.board.camera.to_world(x + w // 2, y + 22)
    session.version += 1
    table.bars.show_summary(["The battle of Aderklaa begins: Austrians against French"], table.now + 4)
    for _ in range(3):
        app.step()
    painter = table.board.painter
    assert any(u == commander.id for u, _t, _r in painter.labels_drawn)
    banner = table.bars.banner_rect
    assert banner is not None and banner.collidelist(table.board.drawn_labels()) < 0
    first = banner.copy()
    first.midtop = (x + w // 2, y + table.bars.s(12))
    assert first.collidelist(table.board.drawn_labels()) >= 0       # its first place would have covered one


def test_units_are_labelled_by_their_names_not_their_kind_alone(app):
    """"unit labels cut to 'Line'/'Light'": with the units crowded in a melee round the walled farm,
    every unit's label is its name, whole or cut short with "…", never the kind's short tag."""
    from game.ui.units import short_name
    session = Session(load_scenario("risk-to-take-village-line"), 1, {}, ["human", "human"])
    obj = session.state.scenario.objectives[0]
    for i, u in enumerate(list(session.state.units.values())[:12]):
        u.x, u.y = float(obj["x"]) + (i % 4 - 1.5) * 5.0, float(obj["y"]) + (i // 4 - 1) * 3.0
    table = show(app, session)
    units = session.view().units
    drawn = table.board.painter.labels_drawn
    assert drawn
    for uid, text, _rect in drawn:
        assert text in (units[uid].name, short_name(units[uid].name)), text


def test_every_figure_in_a_line_along_a_wall_is_named(app):
    """"Tokens in a crowd lose their labels": seven figures in a tight line (no room beside each)
    are each named; those with no room beside them get their name farther out, tied by a line."""
    session = Session(load_scenario("petite-guerre-farm-raid"), 1, {}, ["human", "human"])
    line = [u for u in session.state.units.values() if u.side == 0][:7]
    x0, y0 = line[0].x, line[0].y
    for i, u in enumerate(line):
        u.x, u.y = x0, y0 + i * 2.4 * render.base_radius_cm(u.base)
    table = show(app, session)
    table.board.camera.zoom_at(*at(table, x0, y0), 1)
    for _ in range(2):
        app.step()
    named = {uid for uid, _t, _r in table.board.painter.labels_drawn}
    assert {u.id for u in line} <= named
