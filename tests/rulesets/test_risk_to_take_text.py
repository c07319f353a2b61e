"""A Risk to Take (seed 003), "2. Tabletop rules", issue 25: walls that protect their defenders,
routs that run a full stick, melees with bases touching. One test per clause, dice scripted."""
from __future__ import annotations

import math

import shapely

from game.engine import game as engine
from game.geometry.bases import clearance
from game.rulesets.risk_to_take import arcs, combat, movement, saves
from game.rulesets.risk_to_take.actions import Charge, Move
from game.rulesets.risk_to_take.troops import routed
from tests.rulesets.rtt_helpers import battle, roll_next

UP, DOWN = 270.0, 90.0     # side 0 faces up the table (y falls), side 1 down
WALL = ("fortification", [[44, 56], [56, 56], [56, 57], [44, 57]])


# -- "Units behind a fortification add +1 to their saving roll and cannot rout" ------------------------
def test_units_behind_a_fortification_add_1_closing_up_never_takes_them_off_their_wall():
    """A unit lining a wall holds it: the enemy within close range comes to it, and the wall still
    gives the defender its +1 in the melee that follows."""
    st = battle([("d", 0, "line-infantry", 50, 58.5, UP), ("x", 1, "line-infantry", 50, 53.5, DOWN)],
                terrain=[WALL])
    d, x = st.units["d"], st.units["x"]
    combat.plan_melee(st)
    assert (d.x, d.y, d.facing) == (50, 58.5, UP)
    assert arcs.gap(d, x) <= 1.0, "the enemy closed up to the wall's defender"
    assert saves.modifier(st, d, "melee", x) == 1
    roll_next(st, [2, 2])               # both fail on the bare die: d saves at +1 (3), x routs
    saves.resolve_saves(st)
    assert not routed(d) and routed(x)


def test_units_behind_a_fortification_behind_is_the_defenders_side_not_the_attackers_outside():
    """An attacker that walks up to the outside of an enemy's wall is not behind it: no +1 and it
    routs as any unit; the defender across the wall keeps its +1."""
    st = battle([("a", 0, "line-infantry", 50, 50, UP + 180), ("d", 1, "line-infantry", 50, 59, UP)],
                terrain=[WALL])
    a, d = st.units["a"], st.units["d"]
    engine.apply(st, Move("a", 50, 54.5, DOWN))          # its base ends 0.5 cm from the wall's outside
    assert saves.modifier(st, a, "volley", d) == 0
    assert saves.modifier(st, d, "volley", a) == 1
    combat.plan_fire(st)
    roll_next(st, [1, 1])               # both roll a 1: a routs; d (1 + 1) stands
    saves.resolve_saves(st)
    assert routed(a) and not routed(d)


def test_units_behind_a_fortification_are_not_behind_it_against_an_enemy_on_their_own_side():
    """Behind means the wall stands between the unit and the enemy that attacks it: an enemy come
    round the end of the wall, on the unit's own side, meets it in the open."""
    st = battle([("d", 0, "line-infantry", 50, 58.5, UP), ("x", 1, "line-infantry", 62, 62, 180.0)],
                terrain=[WALL])
    d, x = st.units["d"], st.units["x"]
    assert saves.modifier(st, d, "volley", x) == 0
    assert saves.modifier(st, d, "volley", None) == 1     # lining the wall: +1 against fire across it


# -- "Routing movement: 1 infantry movement backwards" -----------------------------------------------
def _melee_rout(units, terrain=()):
    """x (side 1) is in melee with a and fails its save: a 1 for x, a 6 for the others."""
    st = battle(units, terrain=terrain)
    combat.plan_melee(st)
    order = [s["unit"] for s in saves.queue(st)]
    roll_next(st, [1 if u == "x" else 6 for u in order] + [6] * 8)
    saves.resolve_saves(st)
    return st


def test_routing_movement_one_infantry_movement_backwards_runs_through_friends_behind():
    """A friend 3 cm behind does not cut the rout short: it runs its full stick through its lines."""
    st = _melee_rout([("a", 0, "line-infantry", 50, 58.2, UP), ("x", 1, "line-infantry", 50, 55, DOWN),
                      ("y", 1, "line-infantry", 50, 52, DOWN)])
    x = st.units["x"]
    assert routed(x) and not x.out
    assert (x.x, x.y) == (50, 49.0)                   # 6 cm straight back, clear of y (51..53)
    assert "x routs 6.0 cm to the rear" in [e.text for e in st.log]


def test_routing_movement_one_infantry_movement_backwards_goes_round_an_enemy_in_its_way():
    """An enemy base it cannot pass: the rout goes round it, to the nearest place clear of it."""
    st = _melee_rout([("a", 0, "line-infantry", 50, 58.2, UP), ("x", 1, "line-infantry", 50, 55, DOWN),
                      ("e", 0, "line-infantry", 50, 49, UP)])
    x, e = st.units["x"], st.units["e"]
    assert routed(x) and not x.out
    assert arcs.footprint(x).intersection(arcs.footprint(e)).area < 1e-6
    assert arcs.gap(x, e) > 1.0 and arcs.gap(x, st.units["a"]) > 1.0
    assert math.dist((50, 55), x.pos) >= 6.0, "it ran its full stick, round the enemy's base"


def test_routing_movement_one_infantry_movement_backwards_stopped_short_only_by_impassable_ground():
    """Impassable ground 3 cm behind stops the run at its edge, and the log says why."""
    water = ("water", [[30, 40], [70, 40], [70, 51], [30, 51]])
    st = _melee_rout([("a", 0, "line-infantry", 50, 58.2, UP), ("x", 1, "line-infantry", 50, 55, DOWN)],
                     terrain=[water])
    x = st.units["x"]
    assert (x.x, x.y) == (50, 52.0)
    assert "x routs 3.0 cm to the rear, stopped by impassable ground" in [e.text for e in st.log]


def test_routing_movement_one_infantry_movement_backwards_a_unit_that_cannot_get_clear_is_destroyed():
    """Hemmed in by enemies in front and behind, the routed unit cannot get clear: it is caught and
    destroyed, as routed units caught are."""
    behind = [(f"e{i}", 0, "line-infantry", 38 + 6 * i, 52.8, UP) for i in range(5)]
    st = _melee_rout([("a", 0, "line-infantry", 50, 58.2, UP), ("x", 1, "line-infantry", 50, 55, DOWN)]
                     + behind)
    x = st.units["x"]
    assert x.out and x.stats.get("destroyed")
    assert "x is destroyed (routed, it cannot get clear of the enemy and is caught)" in [e.text for e in st.log]


# -- "Melee range: 1cm or closer (bases touching)"; routed units are out of the melee ---------------------
def test_melee_range_a_routed_enemy_touching_a_unit_does_not_hold_it_in_melee():
    """A unit touching only a routed enemy is out of the melee: it volleys at the enemy in its arc."""
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("r", 1, "line-infantry", 58, 57.5, DOWN),
                 ("x", 1, "line-infantry", 50, 54, DOWN)])
    st.units["r"].markers.add("routed")
    st.units["r"].facing = 180.0
    st.units["r"].x, st.units["r"].y = 54.2, 60.0        # routed, its base beside a's, touching
    assert arcs.gap(st.units["a"], st.units["r"]) <= 1.0
    assert combat.volley_target(st, st.units["a"]) is st.units["x"]


def test_melee_range_bases_touching_a_charge_with_no_room_for_its_whole_base_is_not_offered():
    """Two friends stand 5 cm apart in front of the target: no room for a 6 cm base between them.
    The charge is not offered, and asking for it says why."""
    st = battle([("a", 0, "cavalry", 50, 68, UP), ("b", 0, "line-infantry", 44.5, 59.2, UP),
                 ("c", 0, "line-infantry", 55.5, 59.2, UP), ("x", 1, "line-infantry", 50, 57, DOWN)])
    assert not any(o.kind == "Charge" and o.actor == ("a",) and o.target == "x" for o in engine.legal_actions(st))
    assert engine.check(st, Charge("a", "x")) == \
        "Charge: no room for a's whole base against x: other bases are in the way"


# -- the gaps the text leaves, decided in assets/rules/risk-to-take.md -----------------------------------
def test_light_infantry_adds_1_to_their_firing_and_reduces_saving_by_1_their_own_save_too():
    """"Light infantry ... adds +1 to their firing and reduces saving by -1": the target of its fire
    saves at -1, and its own saves are at -1 (as the cuirassiers' "their saving roll" is their own)."""
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("l", 1, "light-infantry", 50, 54, DOWN)])
    a, l = st.units["a"], st.units["l"]
    assert saves.modifier(st, l, "volley", a) == -1 and saves.modifier(st, a, "volley", l) == -1
    combat.plan_fire(st)
    roll_next(st, [2, 3])               # l fails on 2 (2 - 1 = 1); a saves on 3 (3 - 1 = 2)
    saves.resolve_saves(st)
    assert routed(l) and not routed(a)


def test_fatigue_behind_a_fortification_a_fatigued_unit_that_fails_a_save_is_destroyed():
    """"if a unit is routed 3 times ... the next saving triggered by an enemy attack can destroy it":
    the wall stops a rout, not fatigue's destruction (its +1 still helps the save)."""
    st = battle([("d", 0, "line-infantry", 50, 58.5, UP), ("x", 1, "line-infantry", 50, 52, DOWN)],
                terrain=[WALL])
    d, x = st.units["d"], st.units["x"]
    d.stats["routs"] = 3
    assert saves.modifier(st, d, "melee", x) == 1
    roll_next(st, [1])                  # 1 + 1 = 2: fails in melee
    saves.add_save(st, d, "melee", 2, x)
    saves.resolve_saves(st)
    assert d.out and d.stats.get("destroyed")


def test_move_clearance_is_half_the_bases_diagonal_one_number_in_the_geometry():
    """Bases never overlap whatever the facing: the mover's centre keeps half its base's diagonal
    (3.16 cm for 6 x 2) off every other base; 3.0 would let a turned base cut a neighbour's corner."""
    assert clearance({"shape": "rect", "width": 6, "depth": 2}) == math.hypot(6, 2) / 2
    assert clearance({"shape": "round", "diameter": 2}) == 1.0
    st = battle([("a", 0, "line-infantry", 50, 66, UP), ("b", 0, "line-infantry", 50, 58, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    region = movement.move_region(st, st.units["a"])
    assert not region.covers(shapely.Point(50, 62.1))   # 3.1 cm below b's base (b spans y 57-59)
    assert region.covers(shapely.Point(50, 62.2))       # 3.2 cm: clear


def test_commanders_cannot_be_attacked_but_one_an_enemy_base_touches_is_captured():
    """Commanders are never shot at nor charged; a commander an enemy unit's base touches when the
    moves are done is captured, and his own moves never take him within 1 cm of an enemy unit."""
    st = battle([("g", 0, "commander", 50, 60, UP), ("x", 1, "line-infantry", 50, 50, DOWN),
                 ("b", 0, "line-infantry", 80, 70, UP)])
    g, x = st.units["g"], st.units["x"]
    region = movement.move_region(st, g)
    assert not region.covers(shapely.Point(50, 51.9))    # 0.9 cm from x's base (y 49-51)
    x.y = 57.5                                            # x's base now touches the general's coin
    combat.capture_commanders(st)
    assert g.out and g.stats["captured"]
    assert "g is captured by x" in [e.text for e in st.log]


# -- the log reads as the battle went -------------------------------------------------------------------
def test_the_log_names_a_side_with_no_verb_to_agree_with_its_name():
    """A side is "French" (plural) or "Kessel army 2" (one army, in a campaign's battle): the
    initiative and the end of a side's moves are logged with no verb agreeing with the name."""
    st = battle([("a", 0, "line-infantry", 50, 70, UP), ("x", 1, "line-infantry", 50, 10, DOWN)],
                turn_limit=1, dice=(6, 1))
    engine.apply(st, engine.legal_actions(st)[-1].action)                 # the French end their moves
    texts = [e.text for e in st.log]
    assert "Initiative: French (moves first)" in texts and "Moves over: French" in texts


def test_a_game_at_the_turn_limit_ends_in_the_last_turn_not_the_next():
    st = battle([("a", 0, "line-infantry", 50, 70, UP), ("x", 1, "line-infantry", 50, 10, DOWN)],
                turn_limit=1, dice=(6, 1))
    engine.apply(st, engine.legal_actions(st)[-1].action)                 # the French end their moves
    engine.apply(st, engine.legal_actions(st)[-1].action)                 # the Austrians too
    assert st.outcome is not None
    assert [e for e in st.log if e.kind == "GameOver"][0].turn == 1


def test_deep_water_no_base_stands_in_it_nor_charges_across_it():
    """Only deep water is impassable: a move may bring a base's front to the bank, never turn it into
    the water; a charge does not cross it (the enemy on the far bank is out of reach)."""
    water = ("water", [[30, 50], [70, 50], [70, 54], [30, 54]])
    st = battle([("a", 0, "cavalry", 50, 60, UP), ("x", 1, "line-infantry", 50, 47, DOWN)], terrain=[water])
    assert engine.check(st, Move("a", 50, 56, UP)) is None                  # its front edge at the bank
    assert engine.check(st, Move("a", 50, 56, 0.0)) == \
        "Move: facing that way there, its base would overlap the deep water"
    assert movement.charge_refusal(st, st.units["a"], st.units["x"]) is not None


def test_deep_water_nothing_moves_through_it_to_the_far_bank():
    """Cavalry's 12 cm stick reaches beyond a 4 cm river, but only deep water's fords and bridges
    carry a unit over: the far bank straight across is out of its region, round the end it is not."""
    water = ("water", [[30, 50], [70, 50], [70, 54], [30, 54]])
    st = battle([("a", 0, "cavalry", 50, 58, UP), ("x", 1, "line-infantry", 50, 20, DOWN)], terrain=[water])
    region = movement.move_region(st, st.units["a"])
    assert not region.covers(shapely.Point(50, 47))
    assert region.covers(shapely.Point(50, 55.5))
