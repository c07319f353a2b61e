"""A Risk to Take: bases never overlap (issue 12, "Bases may not overlap (every table ruleset)"): a move
keeps the whole base clear and never goes through an enemy; a charge finds room along its target's
front; routs run through friends and end clear of them; closing up needs room; a turn on the spot needs room."""
from __future__ import annotations

import shapely

from game.engine import game as engine
from game.rulesets.risk_to_take import arcs, combat, movement, saves
from game.rulesets.risk_to_take.actions import Charge, Move
from tests.rulesets.rtt_helpers import battle

UP, DOWN = 270.0, 90.0


def overlap(st, a, b) -> float:
    return arcs.footprint(st.units[a]).intersection(arcs.footprint(st.units[b])).area


def test_a_move_ends_with_the_whole_base_clear_of_every_other_base_whatever_its_facing():
    st = battle([("a", 0, "cavalry", 50, 65, UP), ("b", 0, "line-infantry", 57, 62, UP),
                 ("x", 1, "line-infantry", 50, 57, DOWN)])
    region = movement.move_region(st, st.units["a"])
    points = [p for poly in getattr(region, "geoms", [region]) if poly.geom_type == "Polygon"
              for p in poly.exterior.coords]
    assert len(points) > 20
    for x, y in points:
        for facing in (0.0, 45.0, 90.0, 135.0, 270.0):
            body = arcs.footprint(st.units["a"], x, y, facing)
            for other in ("b", "x"):
                assert body.intersection(arcs.footprint(st.units[other])).area < 1e-6


def test_nothing_moves_through_an_enemy_base():
    """"Nothing may move through an enemy base": the ground behind the enemy, as seen from the mover,
    is out of its region though the stick reaches it; ground beside it is not."""
    st = battle([("a", 0, "cavalry", 50, 65, UP), ("x", 1, "line-infantry", 50, 58, DOWN)])
    region = movement.move_region(st, st.units["a"])
    assert not region.covers(shapely.Point(50, 54))          # straight through the enemy line
    assert region.covers(shapely.Point(61, 62))              # round its flank


def test_a_charge_slides_along_its_targets_front_to_find_room_beside_a_friend():
    """A charge moves "into contact, front edge against the enemy's base": where facing the target's
    centre would end on a friend's base, the charger strikes a little along the target's front."""
    st = battle([("a", 0, "cavalry", 50, 68, UP), ("b", 0, "line-infantry", 44.5, 59.2, UP),
                 ("x", 1, "line-infantry", 50, 57, DOWN)])
    assert movement.can_charge(st, st.units["a"], st.units["x"])
    engine.apply(st, Charge("a", "x"))
    assert overlap(st, "a", "b") < 1e-6
    assert arcs.gap(st.units["a"], st.units["x"]) <= 1.0


def test_a_rout_runs_through_a_friend_behind_it_and_ends_clear_of_it():
    """"Routing movement: 1 infantry movement backwards" (6 cm): a friend 5 cm behind does not stop
    it; the rout runs through its lines and ends at the nearest place clear of the friend's base."""
    st = battle([("a", 0, "line-infantry", 50, 65, UP), ("x", 1, "line-infantry", 50, 55, DOWN),
                 ("y", 1, "line-infantry", 50, 50, DOWN)])
    saves.rout(st, st.units["x"])
    assert (st.units["x"].x, st.units["x"].y) == (50, 48.0)
    assert overlap(st, "x", "y") < 1e-6 and not st.units["x"].out
    assert st.log[-1].text == "x routs 7.0 cm to the rear"


def test_closing_up_with_a_commander_in_the_way_stays_put_and_says_why():
    """Units "get closer to each other in order to execute melees": straight in, but not over a base;
    with no room to reach contact the unit stays where it is and the log says why."""
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 56.5, DOWN),
                 ("c", 1, "commander", 52, 57.9, DOWN)])
    combat.close_up(st)
    assert overlap(st, "a", "c") < 1e-3
    assert st.units["a"].y == 60
    assert any(e.text == "a cannot close up on x: another base is in the way" for e in st.log)


def test_a_turn_on_the_spot_needs_room_for_the_base():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 54.1, 60, 0.0),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    assert "overlap b's" in engine.check(st, Move("a", 50, 60, 290.0))
    assert engine.check(st, Move("a", 50, 60, 0.0)) is None        # a quarter turn narrows it: room
    assert engine.check(st, Move("a", 50, 60, UP)) is None         # holding its ground always may
