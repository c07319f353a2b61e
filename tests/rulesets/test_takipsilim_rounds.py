"""Takipsilim "Rounds": hidden orders committed per side, one character at a time, then phased,
simultaneous resolution; the free move."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.takipsilim.actions import RUN, Order
from tests.rulesets.test_takipsilim_helpers import (act, commit, events, fig, game, idle, options, rolls,
                                                    run, shoot, texts, who)


def two_on_two():
    return game([fig("a", 0, 10, 20), fig("b", 0, 10, 30), fig("x", 1, 40, 20), fig("y", 1, 40, 30)])


def test_each_side_commits_one_action_per_character_as_one_hidden_decision():
    s = two_on_two()
    d = engine.to_act(s)
    assert (d.side, d.kind, d.the_actor, d.hidden) == (0, "orders", "a", True)
    engine.apply(s, idle(s, "a"))
    assert who(s) == (0, "orders", "b")                 # the same side's decision, next character
    assert engine.to_act(s) is s.flow.queue[0] and len(s.flow.queue) == 2
    engine.apply(s, idle(s, "b"))
    assert who(s) == (1, "orders", "x")
    engine.apply(s, idle(s, "x"))
    engine.apply(s, idle(s, "y"))
    assert who(s) == (0, "orders", "a") and s.turn == 2


def test_view_hides_the_other_sides_committed_orders_until_revealed():
    s = two_on_two()
    engine.apply(s, shoot(s, "a", "x"))
    engine.apply(s, run(s, "b", (15, 30)))
    assert who(s)[0] == 1
    red = engine.view(s, 1)
    assert red.data["orders"] == {}
    assert not any(e.kind == "OrderGiven" for e in red.log)
    assert not any("shoots" in e.text for e in red.log)
    blue = engine.view(s, 0)
    assert set(blue.data["orders"]) == {"a", "b"}
    assert sum(e.kind == "OrderGiven" for e in blue.log) == 2
    # Red's own order is hidden from Blue in turn
    engine.apply(s, act(s, "x", "aim"))
    assert "x" not in engine.view(s, 0).data["orders"]
    assert "x" in engine.view(s, 1).data["orders"]


def test_orders_are_revealed_to_everyone_when_the_round_resolves():
    s = two_on_two()
    commit(s, [shoot(s, "a", "x"), act(s, "x", "aim")], dice=[1, 1, 1])
    red_log = [e.text for e in engine.view(s, 1).log if e.kind == "OrderRevealed"]
    assert any(t.startswith("A (Blue): shoots X") for t in red_log)
    assert any(t.startswith("X (Red): aims") for t in red_log)


def test_round_resolves_in_phase_order_movement_shooting_grenades_melee_miscellaneous():
    s = two_on_two()
    commit(s)
    phases = [e.text for e in s.log if e.kind == "Phase" and "—" in e.text]
    assert phases == ["— Movement phase —", "— Shooting phase —", "— Grenades phase —", "— Melee phase —",
                      "— Miscellaneous phase —"]
    assert [e.phase for e in s.log if e.kind == "Phase" and "—" in e.text] == [
        "movement", "shooting", "grenades", "melee", "miscellaneous"]


def test_a_figure_shot_in_the_shooting_phase_still_fires_in_it():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20)])
    # both stationary in the open: both roll with advantage (3 dice each); both hit the head for 6
    commit(s, [shoot(s, "a", "x"), shoot(s, "x", "a")], dice=[6, 6, 1, 6, 6, 1])
    assert [r.who for r in rolls(s, "shooting")] == ["A", "X"]
    assert s.units["a"].out and s.units["x"].out
    assert s.outcome is not None and s.outcome.winner is None


def test_casualties_come_after_all_shots_of_the_phase():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 30, 20), fig("y", 1, 30, 25)])
    commit(s, [shoot(s, "a", "x"), shoot(s, "x", "a"), shoot(s, "y", "a")], dice=[6, 6, 1, 1, 1, 1, 1, 1, 1])
    kinds = [e.kind for e in s.log if e.phase == "shooting"]
    assert kinds.index("Damage") > max(i for i, k in enumerate(kinds) if k == "Rolled")


def test_moving_is_free_a_character_moves_and_shoots_in_one_round():
    s = two_on_two()
    o = shoot(s, "a", "x", move_to=(15, 20))
    opt = next(op for op in options(s, "a") if op.template is not None and op.template.action == "shoot"
               and op.template.target == "x" and op.template.mode == "single")
    assert opt.contains(o) and opt.region.area > 200      # a 10 m reach over open ground
    commit(s, [o], dice=[5, 6, 4])
    assert (s.units["a"].x, s.units["a"].y) == (15.0, 20.0)
    shot = rolls(s, "shooting")[0]
    # stationary target in the open (advantage) and shooting after moving (disadvantage) cancel
    assert shot.expr == "2d6>=8"
    assert any("shooting after moving" in t for t in texts(s))


def test_shooting_after_moving_has_disadvantage():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 40, 20)])
    commit(s, [shoot(s, "a", "x", move_to=(12, 20)), run(s, "x", (42, 20))], dice=[6, 6, 6])
    assert rolls(s, "shooting")[0].expr == "3d6kl2>=8"


def test_without_the_free_move_option_only_run_moves():
    s = game([fig("a", 0, 10, 20), fig("x", 1, 40, 20)], options={"free_move": False})
    moving = {op.template.action for op in options(s, "a") if op.template is not None}
    assert moving == {RUN}


def test_run_is_limited_to_10_m_in_the_open_and_6_m_through_rough_ground():
    from tests.rulesets.test_takipsilim_helpers import rect
    s = game([fig("a", 0, 10, 20), fig("x", 1, 70, 20)], [rect("marsh", "marsh", 20, 0, 40, 40)])
    opt = next(op for op in options(s, "a") if op.template is not None and op.template.action == RUN)
    assert opt.contains(run(s, "a", (19.9, 20)))
    assert not opt.contains(run(s, "a", (20.5, 20)))     # 10.5 m and into the marsh: beyond 6 m
    s2 = game([fig("a", 0, 25, 20), fig("x", 1, 70, 20)], [rect("marsh", "marsh", 20, 0, 40, 40)])
    opt2 = next(op for op in options(s2, "a") if op.template is not None and op.template.action == RUN)
    assert opt2.contains(run(s2, "a", (30.9, 20)))
    assert not opt2.contains(run(s2, "a", (31.5, 20)))    # 6.5 m through impeding terrain


def test_an_illegal_order_is_refused_and_changes_nothing():
    s = two_on_two()
    before = engine.state_hash(s)
    bad = Order("a", RUN, "", "", True, 30.0, 20.0)        # 20 m: too far
    assert engine.check(s, bad) is not None
    assert engine.check(s, Order("x", "wait", "", "", False, 40.0, 20.0)) is not None   # not x's turn
    assert engine.state_hash(s) == before


def test_every_shooting_option_carries_its_odds():
    s = two_on_two()
    shots = [op for op in options(s, "a") if (op.action or op.template).action == "shoot"]
    assert shots and all(op.odds is not None and "≥ 8:" in op.odds_text for op in shots)
    stay = next(op for op in shots if op.action is not None and op.target == "x"
                and op.action.mode == "auto")
    # stationary target out of cover, automatic fire (without the Shooting skill) : advantage and
    # disadvantage cancel -> 2d6 >= 8
    assert stay.odds_text == "2d6 ≥ 8: 41.7%"
    skilled = game([fig("a", 0, 10, 20, skills={"shooting": 1}), fig("x", 1, 40, 20)])
    opt = next(op for op in options(skilled, "a") if op.action is not None and op.action.action == "shoot"
               and op.action.mode == "single")
    assert opt.odds_text == "3d6kh2+1 ≥ 8: 80.6%"


def test_turn_limit_ends_the_game_and_the_side_with_more_characters_standing_wins():
    s = game([fig("a", 0, 10, 20), fig("b", 0, 10, 30), fig("x", 1, 40, 20)], turn_limit=1)
    commit(s)
    assert s.outcome is not None and s.outcome.winner == 0
    assert engine.legal_actions(s) == []


def test_eliminating_every_enemy_wins():
    s = game([fig("a", 0, 10, 20, skills={"shooting": 1}), fig("x", 1, 30, 20)])
    commit(s, [shoot(s, "a", "x")], dice=[6, 6, 1])
    assert s.outcome.winner == 0 and "out of combat" in s.outcome.reason


def test_moving_events_in_the_log():
    s = two_on_two()
    commit(s, [run(s, "a", (18, 20))])
    assert any(e.text == "A moves 8.0 m" for e in events(s, "Moved"))


def test_a_destination_rounded_to_the_millimetre_at_the_regions_edge_is_accepted():
    s = two_on_two()
    opt = next(op for op in options(s, "a") if op.template is not None and op.template.action == RUN)
    edge = Order("a", RUN, "", "", True, 20.0004, 20.0)        # 0.4 mm beyond the 10 m reach
    assert opt.contains(edge)                                   # the engine tolerates 1e-3 cm
    assert engine.check(s, edge) is None
    assert engine.check(s, Order("a", RUN, "", "", True, 20.01, 20.0)) is not None
