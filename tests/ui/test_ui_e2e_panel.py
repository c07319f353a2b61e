"""Issue 24 §2.5, through the real App: "With a Riskbreaker character sheet (or Petite Guerre's long
fire options) only 1-2 options show under "v more (wheel)"; the wheel scrolls past the end to an empty
list; the offset carries to the next character and hides option 1. Options always show at least five
lines (the sheet folds or moves to a tab), scrolling is clamped and resets when the selection changes,
and no option's odds are cut at the panel's edge"."""
from __future__ import annotations

import pygame
import pytest
from conftest import Attack, UiToy, key, post, toy_scenario

from game.engine import odds
from game.engine.registry import register, unregister
from game.engine.ruleset import Option
from game.engine.sheets import Sheet, Table
from game.ui.components.action_panel import MIN_ROWS
from game.ui.screens.game import GameScreen
from game.ui.session import Session

LONG_ODDS = "17 d20, each hits on 16+ (25%; 44 paces, partially screened by the wood); at least one hit 99.2%"


class SheetToy(UiToy):
    """Each unit has a character sheet as tall as Riskbreaker's, and twelve fire options with the odds
    of Petite Guerre's volleys (as The Piquet's British platoon shows them)."""

    def unit_sheet(self, state, uid):
        rows = tuple((f"Stat {i}", f"{i} - 0 = {i}", "Sneak, Climb, Swim, Observation, Pick Lock, Disarm Trap")
                     for i in range(14))
        return Sheet(state.units[uid].name, (Table(("Stat", "Rating - Skill Damage = Effective", "Skills"), rows),),
                     tuple(f"Combat counter {i}: none" for i in range(6)))

    def legal_actions(self, state, decision):
        opts = super().legal_actions(state, decision)
        p = odds.probability("hits(2d6,5)>=1")
        for u in state.side_units(decision.side):
            target = next(e for e in state.side_units(1 - decision.side))
            opts += [Option("Attack", f"{u.name} fires volley {n} at {target.name}", Attack(u.id, target.id),
                            actor=u.id, target=target.id, odds=p, odds_text=LONG_ODDS) for n in range(12)]
        return opts


@pytest.fixture
def sheet_toy():
    rs = SheetToy()
    rs.id = "ui-toy"
    register(rs)
    yield rs
    unregister(rs.id)


def _table(app):
    session = Session(toy_scenario(), 3, {}, ["human", "human"])
    app.start_session(session)
    for _ in range(30):
        app.step()
    screen = app.top
    assert isinstance(screen, GameScreen) and screen.my_decision() is not None
    key(app, pygame.K_TAB, frames=2)                    # a unit selected: its sheet and its options
    return screen


def _wheel(app, pos, dy: int, times: int) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(times):
        post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))
        app.step()
    app.step()




def test_a_tall_sheet_folds_so_five_options_show(app, sheet_toy):
    screen = _table(app)
    panel = screen.panel
    assert screen.sel.selected is not None and len(panel.row_options) > MIN_ROWS
    assert len(panel.rows) >= MIN_ROWS
    assert panel.card_folded and any("sheet folded" in line for line in panel.card_lines)
    assert all(rect.bottom <= screen.log.rect.y for rect, *_ in panel.rows)


def test_odds_are_wrapped_inside_their_row_not_cut_at_the_panel_edge(app, sheet_toy):
    screen = _table(app)
    panel = screen.panel
    fonts = app.fonts
    fire = [(rect, o) for rect, o, _k, _l in panel.rows if o.odds_text == LONG_ODDS]
    assert fire
    for rect, option in fire:
        lines = panel.odds_lines(option)
        assert " ".join(lines).split() == LONG_ODDS.split()            # every word of the odds is drawn
        assert all(fonts.render(line, 12, (0, 0, 0), "b").get_width() <= rect.w - panel.s(34) for line in lines)
        assert rect.right <= panel.rect.right


def test_the_wheel_stops_at_the_last_option_and_another_unit_starts_at_the_top(app, sheet_toy):
    screen = _table(app)
    panel = screen.panel
    middle = panel.rows[0][0].center
    _wheel(app, middle, -1, 80)                                      # far past the end
    assert panel.rows and panel.rows[-1][1] is panel.row_options[-1]  # the last option, not an empty list
    assert len(panel.rows) >= MIN_ROWS
    at_end = panel.scroll
    _wheel(app, middle, -1, 5)
    assert panel.scroll == at_end                                    # clamped
    first = screen.sel.selected
    key(app, pygame.K_TAB, frames=2)                                 # the next unit
    assert screen.sel.selected != first
    assert panel.scroll == 0 and panel.rows[0][1] is panel.row_options[0]   # its option 1 is in sight
