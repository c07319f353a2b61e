"""Issue 14, "The log as a tool: clicking a log entry highlights its units and the line of fire. A
replay mode steps through a finished or saved game action by action, forwards and back", the
statistics with "the luck report: expected against actual successes from the logged odds, per side",
and "A preview while placing a move ... show where opportunity fire could catch the move"."""
from __future__ import annotations

from fractions import Fraction

import pygame
from conftest import Move, Attack, at, click, key, move_to, select, toy_scenario

from game.engine import odds
from game.ui.session import Session


def start(app, scenario=None, seed=3, script=None):
    session = Session(scenario or toy_scenario(), seed, {}, ["human", "human"])
    if script is not None:
        session.state.dice.script = list(script)
    app.start_session(session)
    for _ in range(3):
        app.step()
    return session, app.top


def play(app, table, action):
    assert table.commit(action)
    for _ in range(2):
        app.step()


def test_clicking_a_log_entry_shows_the_table_at_that_moment_with_its_units_lit(app, toy_ruleset):
    session, table = start(app)
    play(app, table, Move("b1", 26.0, 24.0, 0.0))          # Blue's move (moment 1)
    play(app, table, Move("r1", 64.0, 20.0, 180.0))        # Red's move (moment 2)
    entry = next(e for e in session.view().log if e.kind == "Moved" and e.data.get("unit") == "b1")
    rect = next(r for r, e in table.log.hits if e is entry)
    click(app, rect.center)
    assert table.review == 1 and table.review_event is entry
    seen = table.view()
    assert (seen.units["b1"].x, seen.units["r1"].x) == (26.0, 70.0)     # Red had not moved yet
    assert table.my_decision() is None                    # looking back acts on nothing
    assert entry.log_line() in app.fonts.frame_texts      # the entry is named over the table
    from game.ui.components.table_view import involved
    assert [u.id for u in involved(seen, entry)] == ["b1"]
    key(app, pygame.K_RIGHT)                              # one action forward
    assert table.review == 2 and table.view().units["r1"].x == 64.0
    key(app, pygame.K_ESCAPE)
    assert table.review is None and app.top is table and table.view() is session.view()


def test_the_replay_steps_through_a_finished_game_forwards_and_back(app, toy_ruleset):
    """A finished game: the results screen's Replay (R) shows the start, Right / Left step, End the last."""
    session, table = start(app, script=[6, 6, 6, 6])
    play(app, table, Attack("b1", "r1"))                  # scripted 6s: Rossi is out
    play(app, table, Attack("b1", "r2"))                  # and Conti: Blue win
    assert session.is_over()
    assert app.run_until(lambda: app.top.name == "endgame", 200)
    key(app, pygame.K_r)
    assert app.top is table and table.review == 0
    assert not any(u.out for u in table.view().units.values())
    key(app, pygame.K_RIGHT)
    assert table.view().units["r1"].out and not table.view().units["r2"].out
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT)
    assert table.review == 1
    key(app, pygame.K_END)
    assert table.review == 2 and table.view().units["r2"].out


def test_f4_replays_a_resumed_save_from_its_actions(app, toy_ruleset, tmp_path):
    session, table = start(app)
    play(app, table, Move("b1", 26.0, 24.0, 0.0))
    path = session.save(tmp_path / "g.json")
    assert app.open_target(str(path))
    for _ in range(3):
        app.step()
    table = app.top
    key(app, pygame.K_F4)                                 # the latest moment, then back one
    assert table.review == 1
    key(app, pygame.K_LEFT)
    assert table.view().units["b1"].x == 20.0
    key(app, pygame.K_F4)
    assert table.review is None


def test_the_luck_report_counts_expected_against_actual_successes_per_side(app, toy_ruleset):
    """Blue attacks twice with scripted dice: one success (6, 1), one failure (1, 1); the odds of each
    roll were P(hits(2d6,5)>=1), so Blue expected 2p and got 1."""
    from game.ui.stats import game_stats
    p = odds.probability("hits(2d6,5)>=1")
    session, table = start(app, script=[6, 1, 1, 1])
    play(app, table, Attack("b1", "r1"))
    play(app, table, Attack("b1", "r2"))
    stats, nobody = game_stats(session.state, session.view().log, session.moments)
    blue, red = stats
    assert (blue.luck.rolls, blue.luck.judged, blue.luck.successes) == (2, 2, 1)
    assert abs(blue.luck.expected - 2 * float(Fraction(p))) < 1e-9
    assert red.luck.rolls == 0 and nobody.rolls == 0
    assert (blue.put_out, red.lost, red.units) == (1, 1, 2)
    assert blue.losses_by_turn[-1] == 0 and red.losses_by_turn[-1] == 1
    key(app, pygame.K_i)                                  # the statistics screen, during the game
    assert app.top.name == "endgame" and app.top.during
    app.step()
    texts = app.fonts.frame_texts
    assert "Statistics so far" in texts and "The luck report" in texts
    assert f"{2 * float(p):.1f}" in texts and "Losses turn by turn" in texts
    key(app, pygame.K_i)
    assert app.top is table


def test_the_move_preview_shows_the_base_at_the_cursor_and_who_sees_it_there(app, toy_ruleset):
    """Open table: both Red figures see the spot; behind the Long wood, nobody does."""
    session, table = start(app, scenario=toy_scenario(terrain=False))
    select(app, table, "b1")
    move_to(app, at(table, 26, 24), frames=2)
    unit, point, watchers, stretches = table._preview
    assert unit.id == "b1" and abs(point[0] - 26) < 0.5
    assert sorted(w.id for w in watchers) == ["r1", "r2"]
    assert stretches and all(seen for _ab, seen in stretches)
    assert "seen there by 2: Rossi, Conti" in app.fonts.frame_texts
    app.start_session(Session(toy_scenario(), 3, {}, ["human", "human"]))
    for _ in range(3):
        app.step()
    table = app.top
    select(app, table, "b1")
    move_to(app, at(table, 26, 24), frames=2)
    assert table._preview[2] == []
    assert "no enemy sees this spot" in app.fonts.frame_texts
    move_to(app, at(table, 80, 50), frames=2)             # outside the region: no preview
    assert table._preview is None


def test_a_roll_is_counted_for_the_side_of_the_unit_it_names_else_for_the_side_that_acted(toy_ruleset):
    """"the luck report ... per side": a roll under a team's name ("Rifle Team") counts for the side
    whose action rolled it; "Baker for Able" for Baker's side; an enemy's save for the enemy."""
    from game.engine.events import Event
    from game.ui.stats import luck_by_side
    state = Session(toy_scenario(), 1, {}, ["human", "human"]).state

    def rolled(who, success):
        return Event("Rolled", "", {"who": who, "odds": "1/3", "success": success})
    log = [rolled("Rifle Team", True), rolled("Baker for Able", False), rolled("Rossi", True),
           rolled("the weather", None)]
    sides, nobody = luck_by_side(state, log, lambda e: 1 if e is log[0] else None)
    blue, red = sides
    assert (blue.rolls, blue.judged, blue.successes) == (1, 1, 0)
    assert (red.rolls, red.judged, red.successes) == (2, 2, 2) and abs(red.expected - 2 / 3) < 1e-12
    assert nobody.rolls == 1 and nobody.judged == 0


def test_the_statistics_show_only_what_the_viewer_may_see(app, toy_ruleset):
    """Hidden information stays hidden: after Blue's secret move Red's statistics count the one Blue
    figure Red can see, Blue's count both."""
    from game.ui.screens.endgame import EndGameScreen
    session = Session(toy_scenario(secret=True), 3, {"secret": True}, ["human", "human"])
    session.act(Move("b1", 26.0, 24.0, 0.0))
    screen = EndGameScreen(app, session, during=True)
    session.set_viewer(1)
    red_eyes = screen.figures()[0]
    session.set_viewer(0)
    blue_eyes = screen.figures()[0]
    assert (red_eyes[0].units, blue_eyes[0].units) == (1, 2)


def test_the_luck_report_says_how_many_of_a_sides_rolls_had_odds_of_success(app):
    """The "rolls" column counts every roll (a march die, an initiative roll); the verdict line counts
    only the rolls with a success or failure, and says so when the two differ."""
    from game.ui.components.stats_view import draw_luck
    from game.ui.stats import Luck, SideStats
    mixed = SideStats("Aubrac", Luck(rolls=43, judged=21, expected=16.5, successes=14, variance=4.0), 5, 0, 0, [0])
    plain = SideStats("Kessel", Luck(rolls=9, judged=9, expected=5.0, successes=5, variance=2.0), 5, 0, 0, [0])
    surface = pygame.Surface((700, 300))
    draw_luck(surface, app.fonts, lambda v: int(v), [mixed, plain], Luck(), 0, 0, 700)
    texts = app.fonts.frame_texts
    assert any("14 successes in 21 pass/fail rolls (of 43)" in t for t in texts)
    assert any("5 successes in 9 pass/fail rolls where" in t for t in texts)
