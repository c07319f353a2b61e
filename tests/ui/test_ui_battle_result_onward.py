"""A battle's result screen in hotseat, two defects a player met:
- its button said "Back to the map" when the campaign had begun its next battle in the action that
  ended the last: it says what comes next ("On to the next battle", "Back to the map");
- behind it the side panel said "Waiting for West" to West, whose decision it was (the screen hides
  the table's options, and the panel took that for another side's turn): it says "West: your decision".
Driven with posted events: West marches its two armies onto East's two, the battles resolved by the AI."""
from __future__ import annotations

import pygame
from conftest import click, key

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.ui.components.nesting import BACK_TO_THE_MAP, ON_TO_THE_NEXT_BATTLE
from game.ui.screens.battle_result import BattleResultScreen
from game.ui.screens.game import GameScreen
from game.ui.session import Session
from tests.rulesets.risk_to_take_campaign.campaign_helpers import scenario as campaign

TARGET = {"w1": "e1", "w2": "e2"}          # West's army: the East army it marches onto


def two_battles(app, seed: int = 5):
    """Hotseat, both sides people, battles resolved by the AI. West marches each army onto the East
    army next to it (clicks), East holds (keys): two battles in one turn. Yields each result screen."""
    app.draw_every_frame = True                # every frame drawn: the texts read are this frame's
    sc = campaign(units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                         {"id": "w2", "side": 0, "name": "West army 2", "hex": [0, 3]},
                         {"id": "e1", "side": 1, "name": "East army", "hex": [1, 2]},
                         {"id": "e2", "side": 1, "name": "East army 2", "hex": [1, 3]}], turn_limit=3)
    session = Session(sc, seed, {"auto_battles": True}, ["human", "human"])
    app.start_session(session)
    for _ in range(6000):
        app.step()
        top = app.top
        if isinstance(top, BattleResultScreen):
            app.step()
            yield session, top
        elif top.name == "handover":
            key(app, pygame.K_RETURN)
        elif isinstance(top, GameScreen) and (d := top.my_decision()) is not None:
            kinds = [o.kind for o in top.panel.row_options]
            if "March" in kinds and d.side == 0:
                key(app, pygame.K_1 + kinds.index("March"), frames=1)       # its army is selected
                east = session.state.units[TARGET[top.sel.selected]].hex
                click(app, tuple(int(v) for v in top.board.camera.to_screen(
                    *session.state.board.centre(Hex(*east)))))
            else:
                key(app, pygame.K_1 + next(i for i, k in enumerate(kinds) if k in ("Halt", "Pass", "Hold", "Deploy")),
                              frames=1)
    raise AssertionError("no battle ended")


def test_the_result_s_button_says_on_to_the_next_battle_when_the_next_has_begun_else_back_to_the_map(app):
    shown = []
    for session, screen in two_battles(app):
        in_play = engine.innermost(session.state)
        assert in_play.scenario.title != screen.report.title          # that battle is over
        shown.append((in_play.seats is not None, screen.onward_button.text))
        click(app, screen.onward_button.rect.center, frames=3)     # the button leads there
        assert app.top is not screen
        if len(shown) == 2:
            break
    assert shown == [(True, f"{ON_TO_THE_NEXT_BATTLE}  (Enter)"), (False, f"{BACK_TO_THE_MAP}  (Enter)")]


def test_over_a_battle_the_ai_resolves_the_table_names_its_level_not_a_person_s(app):
    """"East (AI human) is playing" behind the first result: the battle is resolved by the AI for both
    sides (the option to resolve battles automatically), its level named, not the seat's "human"."""
    session, _screen = next(two_battles(app))
    assert session.auto_now() and session.players == ["human", "human"]
    drawn = app.fonts.frame_texts
    assert not [t for t in drawn if "AI human" in t]
    assert "East (AI easy) is playing" in drawn                          # the side panel's head
    assert app.stack[-2].bars.deciding()[0] == "East (AI easy) to decide"     # the top bar's words, whole


def panel_head(app, table) -> list[str]:
    """The side panel's head as drawn in the last frame: whose decision, or whom it waits for."""
    return [t for t in app.fonts.frame_texts
            if t.startswith(("Waiting for", "West", "East")) and ("decision" in t or t.startswith("Waiting"))]


def options_drawn(app, table) -> set[str]:
    """The option rows the side panel drew in the last frame (their labels' lines)."""
    return set(app.fonts.frame_texts) & {line for _, _, _, lines in table.panel.rows for line in lines}


def test_behind_the_result_the_panel_says_it_is_the_viewers_decision_not_that_it_waits_for_it(app):
    results = 0
    for session, screen in two_battles(app):
        results += 1
        table = app.stack[-2]
        d = session.decision()
        if results == 2:
            # back on the map, West (at the window) places its reinforcement next
            assert (d.seat, session.viewer, table.my_decision() is d) == (0, 0, True)
            assert panel_head(app, table) == ["West: your decision"]
            assert not options_drawn(app, table)                       # and no option under the result
            key(app, pygame.K_RETURN, frames=3)
            assert app.top is table and panel_head(app, table) == ["West: your decision"]
            assert options_drawn(app, table)                           # the options are back
            return
        key(app, pygame.K_RETURN, frames=3)
    raise AssertionError("the second battle's result never came")
