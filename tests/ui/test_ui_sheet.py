"""Issue 24 §2.9: "The sheet's column headers wrap ('Rating - / Skill Damage / = Effective Skill'): lay
it out as the text's sheet." A Riskbreaker character's sheet, laid out at the action panel's width
in the running App: each header on one line, the columns side by side within the panel, the
skills' words whole."""
from __future__ import annotations

from game.io.scenario_file import load_scenario
from game.rulesets import load_all
from game.ui.bench import _show as show
from game.ui.components import sheet_view
from game.ui.session import Session

load_all()


def test_a_character_sheets_headers_stay_on_one_line_within_the_panel(app):
    session = Session(load_scenario("riskbreaker-bridge-duel"), 1, {}, ["human", "human"])
    screen = show(app, session)
    panel = screen.panel
    assert panel.card_sheet is not None, "the selected character's sheet is on the panel"
    width = panel.rect.w - 2 * screen.s(12)
    fonts = app.fonts
    for table in panel.card_sheet.tables:
        widths, gap, rows, hsize = sheet_view._layout(fonts, table, width)
        assert sum(widths) + gap * (len(widths) - 1) <= width
        if any(table.header):
            assert all(len(cell) == 1 for cell in rows[0]), rows[0]          # no header wraps
            bold = fonts.get(hsize, "b")
            assert all(bold.size(h)[0] <= w for h, w in zip(table.header, widths))
        font = fonts.get(sheet_view.SIZE)
        for row in rows[1:]:
            assert all(font.size(line)[0] <= widths[-1] + 1 for line in row[-1])   # skills' words whole


def test_a_fighters_sheet_says_what_made_its_fights_advantage(app):
    """""Advantage −9" is never explained": the selected fighter's sheet names its fight's Advantage
    and, in the log's own words, what made it (skill levels, outnumbering, then each change)."""
    from game.ai.players import make_player
    from game.engine import game as engine
    session = Session(load_scenario("riskbreaker-bridge-duel"), 1, {}, ["human", "human"])
    players = {s: make_player("easy", 1, s) for s in range(2)}
    for _ in range(300):
        d = session.decision()
        if session.state.data["fights"] or d is None:
            break
        session.act(players[d.side].choose(engine.view(session.state, d.side), session.legal(), d))
    fight = next(iter(session.state.data["fights"].values()))
    screen = show(app, session)
    screen.sel.selected = fight["members"][0]
    for _ in range(2):
        app.step()
    lines = screen.panel.card_sheet.lines
    assert any("Advantage" in line and "fight at" in line for line in lines)
    assert any("Starting Advantage" in line and "skill levels" in line and "outnumbering" in line for line in lines)


def test_a_crowded_locations_characters_fan_out_each_named_and_clickable(app):
    """"Tokens in a crowded location lose their labels: fan out the characters of a location so each
    is readable": six characters stood in one location by the rules' own placing are drawn on a
    ring, each with its whole name, and a click on a drawn token selects that character."""
    from conftest import click

    from game.rulesets.riskbreaker import battleground
    session = Session(load_scenario("riskbreaker-bridge-duel"), 1, {}, ["human", "human"])
    state = session.state
    bank = next(p for p in state.table.pieces if "west" in (p.name or ""))
    crowd = list(state.units.values())[:6]
    for u in crowd:
        battleground.place(state, u, bank.id)
    screen = show(app, session)
    painter = screen.board.painter
    assert {u.id for u in crowd} <= set(painter.fanned)
    named = {t for _u, t, _r in painter.labels_drawn}
    assert {u.name for u in crowd} <= named
    target = next(u for u in crowd if u.side == 0 and u.id != screen.sel.selected)
    qx, qy, _r = painter.fanned[target.id]
    click(app, (int(qx), int(qy)))
    assert screen.sel.selected == target.id


def test_the_new_game_preview_shows_a_riskbreaker_party(app):
    """"The new-game preview shows no characters": secret fight declarations hide no one's place,
    so the preview draws every character in its side's colour; a hidden deployment's units stay off."""
    import pygame

    from game.ui import render, theme
    from game.ui.screens.setup import SetupScreen
    screen = SetupScreen(app, preselect="riskbreaker-bridge-duel")
    app.push(screen)
    for _ in range(3):
        app.step()
    thumb = screen.thumbnail((400, 300))
    colours = {tuple(thumb.get_at((x, y)))[:3] for x in range(thumb.get_width()) for y in range(0, thumb.get_height(), 2)}
    assert theme.side_colour(0) in colours and theme.side_colour(1) in colours
    hidden = Session(load_scenario("risus-hidden-ambush"), 1, {}, ["human", "human"])
    shown = render.seen_by_all(hidden.state)
    assert len(shown) < len([u for u in hidden.state.units.values() if not u.out])
    pygame.event.pump()
