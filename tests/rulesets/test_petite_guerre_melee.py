"""Petite Guerre (seed 004, "Hand-to-hand combat"): who fights whom, one test per clause, dice scripted."""
from __future__ import annotations

import shapely

from game.engine import game as engine
from game.rulesets.petite_guerre import forces, melee
from game.rulesets.petite_guerre.actions import Charge, ChargeInLine, Fight

from tests.rulesets.test_petite_guerre_helpers import dice, fig, game, rect


def _melee_rolls(state) -> dict[str, str]:
    return {r.who: r.purpose for r in state.rolls if r.purpose.startswith("hand-to-hand")}


def test_figures_fighting_from_behind_a_parapet_only_the_figure_behind_it():
    """"Special rules apply for figures having a distinct melee advantage against their opponents, as is
    the case of figures fighting from behind a parapet": the pandour charging across the wall is not
    behind it; the farmer holding it is."""
    wall = rect("w", "low-wall", 52, 40, 53, 60, "the yard wall")
    s = game([fig("a", 0, 40, 50, "A", "irregulars"), fig("b", 1, 54.5, 50, "B", "civilians", facing=180)],
             terrain=[wall])
    dice(s, [1, 1])                         # reaction-free frontal charge; both miss
    engine.apply(s, Charge("a", "b"))
    rolls = _melee_rolls(s)
    assert "parapet" not in rolls["a"]
    assert "parapet" in rolls["b"] and s.rolls[-1].expr == "d6>=4"       # civilians' d4, one size better


def test_a_parapet_gives_nothing_to_the_figure_that_attacks_across_it_in_later_turns():
    """"figures fighting from behind a parapet": the melee goes on; the figure that came over the wall
    still has no advantage, the one behind it keeps it."""
    wall = rect("w", "low-wall", 52, 40, 53, 60, "the yard wall")
    s = game([fig("a", 0, 40, 50, "A", "irregulars"), fig("b", 1, 54.5, 50, "B", "civilians", facing=180)],
             terrain=[wall])
    dice(s, [1, 1])
    engine.apply(s, Charge("a", "b"))
    assert melee.die_of(s, s.units["a"], s.units["b"], False) == (8, "")
    assert melee.die_of(s, s.units["b"], s.units["a"], True) == (6, "behind a parapet")


def test_a_maximum_of_two_figures_can_oppose_one_given_enemy_figure():
    """"A maximum of two figures can oppose one given enemy figure, the second figure rolling without
    reaction": a third figure in contact is not offered a fight."""
    s = game([fig("a", 0, 50, 50, "A"), fig("a2", 0, 53, 53, "A"), fig("a3", 0, 56, 50, "A"),
              fig("b", 1, 53, 50, "B", facing=180)])
    fights = {o.the_actor for o in engine.legal_actions(s) if o.kind == "Fight"}
    assert len(fights) == 2 and "a3" not in fights
    dice(s, [3, 3, 3])                      # a and b miss; a2 alone rolls (without reaction), misses
    engine.apply(s, Fight("a", "b"))
    engine.apply(s, Fight("a2", "b"))
    assert [r.who for r in s.rolls if r.purpose.startswith("hand-to-hand")] == ["a", "b", "a2"]
    assert "a3" not in {o.the_actor for o in engine.legal_actions(s) if o.kind == "Fight"}


def test_the_single_enemy_figure_fights_only_the_two_that_oppose_it():
    """"A maximum of two figures can oppose one given enemy figure": the one figure fights one of its two
    opponents, not the third."""
    s = game([fig("b", 0, 53, 50, "B"), fig("a", 1, 50, 50, "A"), fig("a2", 1, 53, 53, "A"),
              fig("a3", 1, 56, 50, "A")])
    targets = {o.target for o in engine.legal_actions(s) if o.kind == "Fight"}
    assert targets == {"a", "a2"}


def test_when_a_figure_comes_in_contact_with_an_enemy_figure_both_roll_a_normal_move_does_not_reach_contact():
    """"When a figure comes in contact with an enemy figure, both roll a dice corresponding to their melee
    skills and weapons." Interpretation: contact is reached only by a charge; a move ends out of it."""
    s = game([fig("a", 0, 40, 50, "A"), fig("b", 1, 50, 50, "B", facing=180)])
    region = [o for o in engine.legal_actions(s) if o.key == "a:move:normal"][0].region
    assert not region.contains(shapely.Point(47.2, 50))          # 2.8 paces: in contact
    assert region.contains(shapely.Point(46.5, 50))              # 3.5 paces: out of it
    assert not melee.in_contact(s.units["a"], s.units["b"])


def test_a_figure_in_contact_stays_in_the_melee_it_does_not_walk_out():
    """"When a figure comes in contact with an enemy figure, both roll": in contact it fights; it does not
    move, fire nor reload (Interpretation: it leaves the melee only by routing, or when its enemy falls)."""
    s = game([fig("a", 0, 50, 50, "A"), fig("b", 1, 53, 50, "B", facing=180), fig("b2", 1, 80, 50, "B")])
    kinds = {o.kind for o in engine.legal_actions(s) if o.the_actor == "a"}
    assert kinds == {"Fight"}


def test_fast_speed_is_also_used_to_close_in_with_the_enemy_a_figure_in_contact_is_never_offered_charge():
    """"Fast speed is also used to close in with the enemy when charging": a figure already touching its
    enemy has nothing to close; it fights."""
    s = game([fig("a", 0, 50, 50, "A"), fig("b", 1, 53, 50, "B", facing=180), fig("b2", 1, 60, 60, "B")])
    opts = [o for o in engine.legal_actions(s) if o.the_actor == "a"]
    assert not [o for o in opts if o.kind == "Charge"]
    assert [o for o in opts if o.kind == "Fight"]


def test_a_line_in_contact_does_not_charge():
    """"Fast speed is also used to close in with the enemy when charging": a line one of whose figures is in
    contact fights there; it neither charges nor marches off."""
    a = [fig(f"a{i}", 0, 50, 44 + 3 * i, "A", rank=1) for i in range(3)] + \
        [fig(f"r{i}", 0, 47, 44 + 3 * i, "A", rank=2) for i in range(3)]
    s = game(a + [fig("b", 1, 53, 50, "B", facing=180), fig("b2", 1, 62, 44, "B", facing=180)],
             units_data={"A": {"formation": "line"}})
    kinds = {o.kind for o in engine.legal_actions(s)}
    assert "ChargeInLine" not in kinds and "Move" not in kinds and "Fight" in kinds


def test_clash_of_units_deployed_in_closed_ranks_flank_advantage_only_when_both_are_in_line():
    """"In case of a melee resulting from the clash of units deployed in closed ranks, attacking from the
    flanks or rear also gives an advantage": a line taking the flank of a figure in open order gets
    nothing; of a line, the die one size better."""
    s = game([fig("a", 0, 50, 47, "A", rank=1), fig("a2", 0, 47, 47, "A", rank=2),
              fig("b", 1, 50, 50, "B", facing=0), fig("b2", 1, 50, 53, "B", facing=0)],
             units_data={"A": {"formation": "line"}})
    assert melee.die_of(s, s.units["a"], s.units["b"], True) == (6, "")
    forces.unit(s, "B")["formation"] = "line"
    die, why = melee.die_of(s, s.units["a"], s.units["b"], True)
    assert die == 8 and why.startswith("closed ranks")



def test_a_figure_inside_a_building_fights_from_behind_its_walls_whoever_attacks():
    """"figures fighting from behind a parapet": the farmer inside the farmhouse has the advantage
    against the pandour outside its wall, whichever of the two attacks."""
    house = rect("h", "house", 52, 40, 62, 60, "the farmhouse")
    s = game([fig("a", 0, 50.5, 50, "A", "irregulars"), fig("b", 1, 53.4, 50, "B", "civilians", facing=180)],
             terrain=[house])
    assert melee.die_of(s, s.units["b"], s.units["a"], True) == (6, "behind a parapet")
    assert melee.die_of(s, s.units["a"], s.units["b"], False) == (8, "")


def test_figures_fighting_from_behind_a_parapet_none_for_two_figures_inside_the_same_building():
    """"Special rules apply for figures having a distinct melee advantage against their opponents, as is
    the case of figures fighting from behind a parapet": a pandour and the gunner both inside the
    farmhouse have no wall between them; neither has it, whoever attacks."""
    house = rect("h", "house", 52, 40, 62, 60, "the farmhouse")
    s = game([fig("a", 0, 53.5, 50, "A", "irregulars"), fig("b", 1, 56, 50, "B", "civilians", facing=180)],
             terrain=[house])
    dice(s, [1, 1])                         # both miss
    engine.apply(s, Fight("a", "b"))
    assert melee.inside_shelter(s, s.units["a"]) and melee.inside_shelter(s, s.units["b"])
    assert [(r.who, r.expr, r.purpose) for r in s.rolls] == [("a", "d8>=4", "hand-to-hand"),
                                                             ("b", "d4>=4", "hand-to-hand")]
    for attacking in (True, False):
        assert melee.die_of(s, s.units["b"], s.units["a"], attacking) == (4, "")
        assert melee.die_of(s, s.units["a"], s.units["b"], attacking) == (8, "")


def test_fast_speed_is_also_used_to_close_in_with_the_enemy_a_charge_stops_at_the_wall_of_a_building():
    """"Fast speed is also used to close in with the enemy when charging" and "figures fighting from
    behind a parapet": the pandour charging the gunner who stands just inside the farmhouse stops at
    its wall, outside, in contact, and the gunner fights from behind it; a farmer deep inside the house
    cannot be charged from outside."""
    house = rect("h", "house", 52, 40, 62, 60, "the farmhouse")
    s = game([fig("a", 0, 45, 50, "A", "irregulars"), fig("b", 1, 54, 50, "B", "civilians", facing=180),
              fig("c", 1, 57, 44, "C", "civilians", facing=180)], terrain=[house])
    charges = {o.target for o in engine.legal_actions(s) if o.kind == "Charge"}
    assert charges == {"b"}
    dice(s, [1, 1])                         # reaction-free frontal charge; both miss
    engine.apply(s, Charge("a", "b"))
    a = s.units["a"]
    assert a.x < 52 and not melee.inside_shelter(s, a) and melee.in_contact(a, s.units["b"])
    assert [(r.who, r.expr, r.purpose) for r in s.rolls] == [
        ("a", "d8>=4", "hand-to-hand"), ("b", "d6>=4", "hand-to-hand, advantage: behind a parapet")]


def test_figures_fighting_from_behind_a_parapet_the_one_inside_a_building_against_one_outside_its_wall():
    """"figures fighting from behind a parapet": the building's wall stands between the gunner inside
    and the pandour outside; the gunner has it whichever of the two attacks, the pandour never."""
    house = rect("h", "house", 52, 40, 62, 60, "the farmhouse")
    s = game([fig("a", 0, 50.5, 50, "A", "irregulars"), fig("b", 1, 53.4, 50, "B", "civilians", facing=180)],
             terrain=[house])
    dice(s, [1, 1])
    engine.apply(s, Fight("a", "b"))
    assert [(r.who, r.expr) for r in s.rolls] == [("a", "d8>=4"), ("b", "d6>=4")]
    assert "parapet" in _melee_rolls(s)["b"]
    for attacking in (True, False):
        assert melee.die_of(s, s.units["b"], s.units["a"], attacking) == (6, "behind a parapet")
        assert melee.die_of(s, s.units["a"], s.units["b"], attacking) == (8, "")


def test_fast_speed_is_also_used_to_close_in_with_the_enemy_a_line_charge_stops_at_the_wall_of_a_building():
    """"Fast speed is also used to close in with the enemy when charging" and "figures fighting from
    behind a parapet": a line charging a farmer just inside the farmhouse stops with its front rank at
    the wall, outside it, and the farmer fights from behind it."""
    house = rect("h", "house", 52, 30, 62, 60, "the farmhouse")
    line = [fig(f"a{r}{i}", 0, 40 - 3 * (r - 1), 40 + 3 * i, "A", rank=r) for r in (1, 2) for i in range(3)]
    s = game(line + [fig("b", 1, 54.5, 43, "B", "civilians", facing=180)], terrain=[house],
             units_data={"A": {"formation": "line"}})
    dice(s, [1, 1])                         # a frontal charge: no reaction test; both miss
    engine.apply(s, ChargeInLine("A", "b"))
    assert all(not melee.inside_shelter(s, f) for f in forces.figures(s, "A"))
    assert 51.9 < s.units["a11"].x < 52 and melee.in_contact(s.units["a11"], s.units["b"])
    assert [(r.who, r.expr, r.purpose) for r in s.rolls] == [
        ("a11", "d6>=4", "hand-to-hand"), ("b", "d6>=4", "hand-to-hand, advantage: behind a parapet")]
