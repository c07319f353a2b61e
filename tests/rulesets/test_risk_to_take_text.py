"""A Risk to Take (seed 003), "2. Tabletop rules", issue 25: walls that protect their defenders,
routs that run a full stick, melees with bases touching. One test per clause, dice scripted."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.risk_to_take import arcs, combat, saves
from game.rulesets.risk_to_take.actions import Move
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
