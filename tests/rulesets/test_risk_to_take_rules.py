"""A Risk to Take (seed 003), "2. Tabletop rules": one test per clause, dice scripted."""
from __future__ import annotations

import math

import pytest
import shapely

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risk_to_take import combat, movement, saves, turn, victory
from game.rulesets.risk_to_take.actions import Charge, CommanderSaves, Dismount, Mount, Move
from game.rulesets.risk_to_take.troops import TYPES, fire_range, move_length, routed
from tests.rulesets.rtt_helpers import battle, roll_next

UP, DOWN = 270.0, 90.0     # side 0 faces up the table, side 1 down


# -- a) Basing, b) Movement and ranges --------------------------------------------------------
def test_basing_six_by_two_and_figures():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("c", 0, "commander", 40, 70, UP),
                 ("b", 1, "artillery", 50, 20, DOWN)])
    assert st.units["a"].base == {"shape": "rect", "width": 6, "depth": 2}
    assert st.units["c"].base["shape"] == "round"
    assert [TYPES[t]["figures"] for t in ("line-infantry", "light-infantry", "cavalry", "artillery")] == [8, 5, 4, 3]


def test_movement_sticks():
    st = battle([("li", 0, "line-infantry", 20, 60, UP), ("lt", 0, "light-infantry", 30, 60, UP),
                 ("ar", 0, "artillery", 40, 60, UP), ("cv", 0, "cavalry", 50, 60, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    assert [move_length(st.units[u]) for u in ("li", "lt", "ar", "cv")] == [6.0, 7.0, 5.0, 12.0]


def test_shooting_ranges_one_stick_cuirassiers_half_artillery_three():
    st = battle([("li", 0, "line-infantry", 20, 60, UP), ("cu", 0, "cuirassiers", 30, 60, UP),
                 ("ar", 0, "artillery", 40, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    assert [fire_range(st.units[u]) for u in ("li", "cu", "ar")] == [6.0, 3.0, 18.0]


def test_move_region_is_the_stick_from_the_base():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    region = movement.move_region(st, st.units["a"])
    assert region.contains(shapely.Point(50, 54.1)) and not region.contains(shapely.Point(50, 53.5))
    opts = [o for o in engine.legal_actions(st) if o.kind == "Move" and o.the_actor == "a"]
    assert engine.check(st, opts[0].at(50, 53.0, UP)) is not None      # 7 cm: beyond the stick


def test_initiative_highest_moves_first_and_ties_reroll():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)],
                dice=(3, 3, 2, 5))
    assert st.flow.initiative == 1 and engine.to_act(st).side == 1
    assert sum(1 for r in st.rolls if r.purpose == "initiative") == 4


def test_winner_moves_all_units_then_the_other_side():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    engine.apply(st, Move("a", 50, 56, UP))
    assert engine.to_act(st).side == 1 and st.flow.phase_name == "move"


def test_turning_free_within_a_move():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    roll_next(st, [])
    engine.apply(st, Move("a", 50, 56, 0.0))          # a 90-degree wheel, no roll
    assert st.units["a"].facing == 0.0


def test_a_move_of_no_length_is_logged_as_a_turn_on_the_spot_or_holding_the_ground():
    """"Units may turn freely within a move": a move that only turns says so in the log, and one that
    neither moves nor turns says the unit holds its ground (never "moves 0.0 cm")."""
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 70, 60, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    roll_next(st, [])
    engine.apply(st, Move("a", 50, 60, 0.0))
    engine.apply(st, Move("b", 70, 60, UP))
    lines = [e.text for e in st.log if e.kind == "Moved"]
    assert lines[-2].endswith(" turns on the spot to face 0°")
    assert lines[-1].endswith(" holds its ground")


def test_turning_180_only_on_a_6():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 70, 60, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    roll_next(st, [5, 6])
    engine.apply(st, Move("a", 50, 58, DOWN))
    assert st.units["a"].facing == UP and st.units["a"].y == 58     # moved, did not turn
    engine.apply(st, Move("b", 70, 60, DOWN))
    assert st.units["b"].facing == DOWN


# -- c) Combat: arcs ----------------------------------------------------------------------------
def test_fire_and_melee_only_within_30_degrees_of_the_front():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    a, x = st.units["a"], st.units["x"]
    # straight ahead 5 cm from the front edge: in the arc
    x.x, x.y = 50, 54
    assert combat.volley_target(st, a) is x
    # 60 degrees off the front line: outside the arc
    x.x, x.y = 50 + 5 * math.cos(math.radians(300 - 60)) + 7, 58
    assert combat.volley_target(st, a) is None


# -- II. Volleys ----------------------------------------------------------------------------------
def test_volleys_are_simultaneous_and_both_rout_on_a_1():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 55, DOWN)])
    combat.plan_fire(st)
    roll_next(st, [1, 1])
    saves.resolve_saves(st)
    assert routed(st.units["a"]) and routed(st.units["x"])


def test_volley_save_passes_on_2():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 55, DOWN)])
    combat.plan_fire(st)
    roll_next(st, [2, 2])
    saves.resolve_saves(st)
    assert not routed(st.units["a"]) and not routed(st.units["x"])


def test_rout_moves_one_stick_straight_back():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 55, DOWN)])
    saves.rout(st, st.units["x"])
    assert (st.units["x"].x, st.units["x"].y) == (50, 49) and st.units["x"].facing == DOWN


def test_rout_off_the_table_leaves_the_battle():
    st = battle([("a", 0, "line-infantry", 50, 76, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    saves.rout(st, st.units["a"])
    assert st.units["a"].out


# -- I. Artillery fire ------------------------------------------------------------------------------
def test_artillery_target_routs_on_a_1():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("x", 1, "line-infantry", 50, 45, DOWN)])
    combat.aim_artillery(st)
    assert combat.aims(st) == {"g": "x"}
    st.units["x"].facing = 0       # x does not fire back
    combat.plan_fire(st)
    assert saves.queue(st)[0]["cause"] == "artillery" and saves.queue(st)[0]["rout_on"] == 1
    roll_next(st, [1])
    saves.resolve_saves(st)
    assert routed(st.units["x"])


def test_artillery_canister_within_volley_range_routs_on_1_2():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("x", 1, "line-infantry", 50, 54, 0.0)])
    combat.aim_artillery(st)
    combat.plan_fire(st)
    assert saves.queue(st)[0]["cause"] == "canister"
    roll_next(st, [2])
    saves.resolve_saves(st)
    assert routed(st.units["x"])


def test_artillery_never_routs_and_two_failed_saves_destroy_it():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    g = st.units["g"]
    roll_next(st, [1, 1])
    saves.add_save(st, g, "volley", 1, None)
    saves.resolve_saves(st)
    assert not routed(g) and not g.out and g.stats["failed_saves"] == 1
    saves.add_save(st, g, "volley", 1, None)
    saves.resolve_saves(st)
    assert g.out


def test_artillery_cannot_fire_with_an_enemy_in_melee_range_of_the_battery():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("x", 1, "line-infantry", 50, 45, DOWN),
                 ("y", 1, "line-infantry", 57, 60, UP)])
    assert combat.artillery_targets(st, st.units["g"]) == []


def test_artillery_cannot_fire_through_a_friend_in_melee():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("f", 0, "line-infantry", 50, 52, UP),
                 ("y", 1, "line-infantry", 50, 49.5, DOWN), ("x", 1, "line-infantry", 50, 44, DOWN)])
    assert "x" not in [t.id for t in combat.artillery_targets(st, st.units["g"])]


def test_a_friend_in_melee_with_the_target_out_of_the_line_of_fire_saves_as_well():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("x", 1, "line-infantry", 50, 45, 0.0),
                 ("f", 0, "line-infantry", 52.5, 45, 180.0)])
    combat.aims(st)["g"] = "x"
    combat.plan_fire(st)
    assert [(s["unit"], s["cause"]) for s in saves.queue(st) if s["by"] == "g"] == [("x", "artillery"), ("f", "support")]


def test_battery_chooses_between_targets():
    st = battle([("g", 0, "artillery", 50, 60, UP), ("x", 1, "line-infantry", 45, 45, 0.0),
                 ("y", 1, "line-infantry", 56, 45, 0.0)])
    combat.aim_artillery(st)
    d = engine.to_act(st)
    assert d.kind == "aim"
    opts = engine.legal_actions(st)
    assert {o.target for o in opts if o.kind == "Aim"} == {"x", "y"}
    assert opts[0].odds_text.endswith("fails on 1 (1 in 6, 16.7%)")
    engine.apply(st, next(o.action for o in opts if o.target == "y"))
    assert combat.aims(st)["g"] == "y"


# -- III. Melee ---------------------------------------------------------------------------------------
def test_melee_each_attacked_unit_routs_on_1_2():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 57.5, DOWN)])
    combat.plan_melee(st)
    assert sorted(s["unit"] for s in saves.queue(st)) == ["a", "x"]
    roll_next(st, [2, 3])
    saves.resolve_saves(st)
    assert routed(st.units["x"]) and not routed(st.units["a"])


def test_units_close_up_for_melee_from_very_close_range():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 55, 0.0)])
    combat.close_up(st)
    assert combat.arcs.gap(st.units["a"], st.units["x"]) <= 1.0 and st.units["a"].facing == UP


def test_charge_moves_into_contact():
    st = battle([("a", 0, "cavalry", 50, 60, UP), ("x", 1, "line-infantry", 52, 50, DOWN)])
    opt = next(o for o in engine.legal_actions(st) if o.kind == "Charge")
    assert opt.odds_text.endswith("fails on 1-2 (2 in 6, 33.3%)")
    engine.apply(st, Charge("a", "x"))
    assert combat.arcs.gap(st.units["a"], st.units["x"]) <= 1.0


# -- Commanders -----------------------------------------------------------------------------------------
def test_commander_saves_one_unit_per_turn_in_his_vicinity():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 60, 60, UP),
                 ("c", 0, "commander", 55, 66, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    roll_next(st, [1, 1])
    saves.add_save(st, st.units["a"], "volley", 1, None)
    saves.add_save(st, st.units["b"], "volley", 1, None)
    saves.resolve_saves(st)
    d = engine.to_act(st)
    assert d.kind == "commander-save" and d.resume == saves.COMMANDER_ANSWERED
    engine.apply(st, CommanderSaves("c", "a"))
    assert not routed(st.units["a"]) and st.units["a"].stats["routs"] == 1
    assert any(e.text.endswith("is saved by the commander (c) from routing") for e in st.log)
    saves.resolve_saves(st)                 # the walk resumes: the commander has used his save
    assert routed(st.units["b"])


def test_commander_too_far_cannot_save():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("c", 0, "commander", 80, 70, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    roll_next(st, [1])
    saves.add_save(st, st.units["a"], "volley", 1, None)
    saves.resolve_saves(st)
    assert routed(st.units["a"])


def test_commander_may_let_the_unit_rout():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("c", 0, "commander", 55, 66, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    roll_next(st, [1])
    saves.add_save(st, st.units["a"], "volley", 1, None)
    saves.resolve_saves(st)
    engine.apply(st, Pass(0))
    assert routed(st.units["a"])


# -- Fortifications and special troops -----------------------------------------------------------------
FORT = ("fortification", [[44, 56], [56, 56], [56, 57], [44, 57]])


def test_fortification_adds_1_and_cannot_rout_three_failed_saves_destroy():
    st = battle([("a", 0, "line-infantry", 50, 58.5, UP), ("x", 1, "line-infantry", 50, 10, DOWN)],
                terrain=[FORT])
    a = st.units["a"]
    assert saves.modifier(st, a, "volley", None) == 1
    roll_next(st, [1, 1, 1])
    for n in (1, 2, 3):
        saves.add_save(st, a, "melee", 2, None)
        saves.resolve_saves(st)
        assert not routed(a)
    assert a.out


def test_cuirassiers_add_1_in_melee_and_when_fired_upon():
    st = battle([("k", 0, "cuirassiers", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    k = st.units["k"]
    assert saves.modifier(st, k, "melee", None) == 1 and saves.modifier(st, k, "volley", None) == 1
    roll_next(st, [2])
    saves.add_save(st, k, "melee", 2, None)
    saves.resolve_saves(st)
    assert not routed(k)


def test_light_infantry_fire_makes_the_target_save_at_minus_1():
    st = battle([("l", 0, "light-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 52, 0.0)])
    combat.plan_fire(st)
    roll_next(st, [2])
    saves.resolve_saves(st)
    assert routed(st.units["x"])


def test_dragoons_dismount_act_as_light_infantry_and_mount_at_their_horses():
    st = battle([("d", 0, "dragoons", 50, 60, UP), ("b", 0, "line-infantry", 80, 60, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    engine.apply(st, Dismount("d"))
    d = st.units["d"]
    assert not d.stats["mounted"] and d.stats["horses"] == [50, 60] and move_length(d) == 7.0
    assert movement.can_mount(d)
    d.y = 50                                    # walked away from the horses
    assert not movement.can_mount(d)
    d.y = 61
    st.data["moved"] = []
    engine.apply(st, Mount("d"))
    assert d.stats["mounted"] and move_length(d) == 12.0


# -- IV. Destruction and fatigue --------------------------------------------------------------------------
def test_end_of_turn_routed_unit_destroyed_on_a_1():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    st.units["a"].markers.add("routed")
    roll_next(st, [1])
    turn.destruction(st)
    assert st.units["a"].out


def test_routed_unit_rallies_on_a_6_or_5_with_a_commander_near():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 90, 60, UP),
                 ("c", 0, "commander", 50, 66, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    for u in ("a", "b"):
        st.units[u].markers.add("routed")
    roll_next(st, [5, 5])
    turn.destruction(st)
    assert not routed(st.units["a"]) and routed(st.units["b"])


def test_fatigue_a_unit_routed_three_times_is_destroyed_by_its_next_failed_save():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    a = st.units["a"]
    a.stats["routs"] = 3
    roll_next(st, [2])
    saves.add_save(st, a, "melee", 2, None)
    saves.resolve_saves(st)
    assert a.out


def test_fatigue_counts_routs_a_commander_prevented():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("c", 0, "commander", 50, 66, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    a = st.units["a"]
    a.stats["routs"] = 2
    roll_next(st, [1])
    saves.add_save(st, a, "volley", 1, None)
    saves.resolve_saves(st)
    engine.apply(st, CommanderSaves("c", "a"))
    assert a.stats["routs"] == 3 and "fatigued" in a.markers


def test_fatigue_a_commander_prevents_destruction_once_only():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("c", 0, "commander", 50, 66, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    a = st.units["a"]
    a.stats["routs"] = 3
    roll_next(st, [1, 1])
    saves.add_save(st, a, "volley", 1, None)
    saves.resolve_saves(st)
    assert engine.to_act(st).context["outcome"] == "destroyed"
    engine.apply(st, CommanderSaves("c", "a"))
    assert not a.out and a.stats["reprieved"]
    st.data["commanders_used"] = []             # the next turn
    saves.add_save(st, a, "volley", 1, None)
    saves.resolve_saves(st)
    assert a.out


# -- Victory and the result -----------------------------------------------------------------------------
def test_victory_an_army_half_destroyed_or_routed_is_broken():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 60, 60, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN), ("y", 1, "line-infantry", 60, 10, DOWN)])
    st.units["x"].markers.add("routed")
    victory.check_break(st)
    r = victory.result(st)
    assert r.winner == 0 and r.data["field"] == f"held by the {st.scenario.sides[0].name}" and r.data["survivors"]["1"][0]["routed"]


def test_game_plays_to_its_end_under_random_players():
    from game.ai.players import RandomPlayer
    st = battle([("a", 0, "line-infantry", 50, 40, UP), ("g", 0, "artillery", 60, 46, UP),
                 ("x", 1, "line-infantry", 50, 30, DOWN), ("y", 1, "cavalry", 60, 30, DOWN)], turn_limit=4)
    from game.engine.dice import DiceStream
    st.dice = DiceStream(seed=5)
    players = [RandomPlayer(3, s) for s in range(2)]
    for _ in range(2000):
        d = engine.to_act(st)
        if d is None:
            break
        engine.apply(st, players[d.seat].choose(engine.view(st, d.seat), engine.legal_actions(st), d))
    assert st.outcome is not None


def test_fortification_does_not_shelter_a_unit_that_charged_this_turn():
    st = battle([("a", 0, "line-infantry", 50, 58.5, UP), ("x", 1, "line-infantry", 50, 40, DOWN)],
                terrain=[FORT])
    st.data["charged"] = ["a"]
    assert saves.modifier(st, st.units["a"], "melee", None) == 0


def test_combat_follows_when_every_move_is_done():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 50, DOWN)],
                dice=(6, 1, 6, 6, 5, 2))
    engine.apply(st, Pass(0))
    assert not any(e.kind == "Volley" for e in st.log)
    engine.apply(st, Move("x", 50, 54.5, DOWN))       # the last unit moved: volleys, then the next turn
    kinds = [e.kind for e in st.log]
    assert kinds.index("Volley") > kinds.index("Moved") and st.turn == 2


def test_turn_limit_the_side_alone_holding_the_objective_wins():
    from game.engine.scenario import Scenario
    st = battle([("a", 0, "line-infantry", 50, 40, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    raw = dict(st.scenario.raw, objectives=[{"id": "farm", "x": 50, "y": 40, "radius": 5}],
               victory={"kind": "break", "share": 0.5, "objective": "farm"})
    st.scenario = Scenario.from_dict(raw)
    r = victory.at_limit(st)
    assert r.winner == 0 and r.data["field"] == f"held by the {st.scenario.sides[0].name}"


def test_commander_vicinity_is_12_cm_and_drawn_as_a_range_band():
    from game.rulesets.risk_to_take.ruleset import RULESET
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("c", 0, "commander", 50, 72.5, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    assert RULESET.range_bands(st, "c") == [("vicinity", 12.0)]
    assert saves.commanders_near(st, st.units["a"])          # 11.5 cm from the base
    st.units["c"].y = 73.5
    assert not saves.commanders_near(st, st.units["a"])


def test_firing_arc_tool_shows_60_degrees():
    from game.rulesets.risk_to_take.ruleset import RULESET
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 10, DOWN)])
    assert RULESET.field_of_vision(st, "a") == 60.0


def test_the_firing_arc_tool_draws_the_arc_swept_from_the_front_edge():
    """"30 degrees both on left and right" of the front edge: the shape the firing-arc tool draws
    (TableRules.firing_arc) holds the target 49 degrees off the centre line that the rules count in
    the arc, and not one 9 cm to the side; a commander has no arc (it sees all round)."""
    from game.rulesets.risk_to_take.ruleset import RULESET
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 57, 54, DOWN)])
    zone = RULESET.firing_arc(st, "a", fire_range(st.units["a"]))
    assert zone.contains(shapely.Point(54.5, 54)) and not zone.contains(shapely.Point(62, 55.5))
    assert math.degrees(math.atan2(54.5 - 50, 60 - 54)) > 30         # outside a sector from the centre
    assert zone.contains(shapely.Point(50, 60 - 1 - fire_range(st.units["a"]) + 0.2))


def test_the_arc_is_swept_from_the_front_edge_not_from_the_centre():
    """"Maximum degree of fire (or melee) is 30 degrees both on left and right", measured from the
    front edge (a 60-degree sector from every point of it): a target 49 degrees off the line from the
    base's centre, but 14 degrees off the front edge's right end and 4 cm from it, is in the arc."""
    from game.rulesets.risk_to_take import arcs
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 57, 54, DOWN)])
    a, x = st.units["a"], st.units["x"]
    off_centre = math.degrees(math.atan2(x.x - a.x, a.y - x.y))
    assert off_centre > 30                                        # outside a sector from the centre
    assert arcs.in_arc_and_reach(a, x, fire_range(a))
    assert combat.volley_target(st, a) is x
    x.x = 62                                                      # 9 cm to the side: out of the arc
    assert not arcs.in_arc_and_reach(a, x, fire_range(a)) and combat.volley_target(st, a) is None
