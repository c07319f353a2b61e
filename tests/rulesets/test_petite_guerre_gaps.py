"""Petite Guerre (seed 004): the gaps the text leaves, filled as assets/rules/petite-guerre.md says; one
test per choice, dice scripted."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.petite_guerre import command, fire, forces, melee, movement
from game.rulesets.petite_guerre.actions import Charge, Fight, Volley

from tests.rulesets.test_petite_guerre_helpers import dice, fig, game, rect


def _line(x=20, y=40, n=3):
    return [fig(f"a{r}{i}", 0, x - 3 * (r - 1), y + 3 * i, "A", rank=r) for r in (1, 2) for i in range(n)]


# ---- volleys ------------------------------------------------------------------------------------
def test_a_rank_fires_at_what_it_can_see_no_volley_through_a_house():
    """Interpretation: "A rank fires at what it can see, as aimed fire does": a line none of whose
    figures sees the target behind a house has no volley at it."""
    house = rect("h", "house", 40, 30, 50, 60, "the mill")
    s = game(_line() + [fig("b", 1, 60, 43, "B", facing=180), fig("b2", 1, 60, 46, "B", facing=180),
                        fig("c", 1, 30, 80, "C", facing=180)], terrain=[house],
             units_data={"A": {"formation": "line"}})
    targets = {o.action.target for o in engine.legal_actions(s) if o.kind == "Volley"}
    assert "B" not in targets and "C" in targets


def test_only_the_figures_that_see_the_target_roll_their_d20():
    """"A rank fires at what it can see": a rank half hidden by a house rolls a d20 for each figure
    that sees the target, and the whole rank has fired."""
    house = rect("h", "house", 25, 44, 35, 60, "the barn")
    s = game(_line() + [fig("b", 1, 50, 40, "B", facing=180), fig("b2", 1, 52, 41, "B", facing=180)],
             terrain=[house], units_data={"A": {"formation": "line"}})
    firers, expr, _, _ = fire.volley_plan(s, "A", 1, "B")
    assert {f.id for f in firers} == {"a10", "a11"} and expr.startswith("hits(2d20,")
    dice(s, [1, 1])
    engine.apply(s, Volley("A", 1, "B"))
    assert all("fired" in s.units[f].markers for f in ("a10", "a11", "a12"))


def test_volley_hits_land_only_where_the_volley_reached():
    """Interpretation: hits fall on the target figures the volley reached (seen by a firer, within the
    table's last mark, 100 paces), nearest the firing line first: a figure 135 paces off is never hit."""
    s = game(_line() + [fig("b", 1, 40, 43, "B", facing=180), fig("far", 1, 148, 95, "B", facing=180)],
             units_data={"A": {"formation": "line"}})
    dice(s, [20, 20, 20, 4, 1])             # three hits: b dies on the first; the others find nobody else
    engine.apply(s, Volley("A", 1, "B"))
    assert s.units["b"].out and not s.units["far"].out and "wounded" not in s.units["far"].markers


def test_a_moving_target_makes_no_difference_to_a_volley():
    """Interpretation: the volley's d20 threshold is the same for a moving target (the shot of a rank
    is not aimed at one man); cover still counts."""
    s = game(_line() + [fig("b", 1, 45, 43, "B", facing=180)], units_data={"A": {"formation": "line"}})
    still = fire.volley_plan(s, "A", 1, "B")[1]
    s.data["moved"]["b"] = s.data["pturn"]
    moving = fire.volley_plan(s, "A", 1, "B")
    assert moving[1] == still and "moving makes no difference to a volley" in moving[3]


def test_volley_odds_name_the_stick_mark_used():
    """The volley's odds name the mark of the table used: 5.4 paces is read at the 10-pace mark."""
    s = game(_line() + [fig("b", 1, 25.4, 43, "B", facing=180)], units_data={"A": {"formation": "line"}})
    text = fire.volley_plan(s, "A", 1, "B")[3]
    assert "each hits on 10+" in text and "5.4 paces: the 10-pace mark" in text


# ---- the target's condition ---------------------------------------------------------------------
def test_the_hardest_condition_counts_tall_grass_right_behind_a_wall_is_protected():
    """Interpretation: of unmoving / moving / partially screened / partially protected the hardest
    counts, whatever gives it: in tall grass just behind a wall, the target is partially protected."""
    s = game([fig("a", 0, 20, 50, "A"), fig("b", 1, 60, 50, "B", facing=180)],
             terrain=[rect("w", "low-wall", 57, 40, 58, 60, "the wall"),
                      rect("g", "high-crops", 58, 40, 70, 60, "tall grass")])
    cond, why = fire.condition(s, s.units["a"], s.units["b"])
    assert cond == "protected" and "the wall" in why


# ---- leaders --------------------------------------------------------------------------------------
def test_a_unit_led_only_by_a_sub_leader_loses_a_die_size_when_he_falls():
    """Interpretation: a unit's commander is its leader, or in a unit led by a sub-leader the
    sub-leader; losing its commander, the unit rolls its C die one size smaller."""
    s = game([fig("s", 0, 10, 10, "A", role="sub-leader"), fig("m", 0, 12, 10, "A"),
              fig("l", 1, 90, 10, "B", role="leader"), fig("s2", 1, 92, 10, "B", role="sub-leader")])
    assert forces.c_die(s, "A") == 8
    s.units["s"].out = True
    assert forces.c_die(s, "A") == 6
    s.units["l"].out = True                 # a leader's unit: his sub-leader takes over, a size smaller
    assert forces.c_die(s, "B") == 6


# ---- wounded figures -------------------------------------------------------------------------------
def test_a_wounded_figure_does_not_charge_but_fights_back_when_charged():
    """"Slow speed is used ... by wounded figures" and "Fast speed is also used to close in with the
    enemy when charging": a wounded figure never charges. Charged, it fights, its melee die a size
    smaller, and its enemy has the advantage ("attacking a wounded enemy")."""
    s = game([fig("a", 0, 40, 50, "A"), fig("b", 1, 50, 50, "B", facing=180)])
    s.units["a"].markers.add("wounded")
    assert not [o for o in engine.legal_actions(s) if o.kind == "Charge"]
    s.units["a"].markers.discard("wounded")
    s.units["b"].markers.add("wounded")
    dice(s, [1, 1])
    engine.apply(s, Charge("a", "b"))
    rolls = [r for r in s.rolls if r.purpose.startswith("hand-to-hand")]
    assert rolls[0].expr == "d8>=4" and "wounded enemy" in rolls[0].purpose and rolls[1].expr == "d4>=4"


# ---- leaving melee --------------------------------------------------------------------------------
def test_a_figure_leaves_the_melee_only_by_routing():
    """Interpretation: a figure in contact fights; routed, it runs away at fast speed ("to run away
    from the enemy when routed") and the melee is over."""
    s = game([fig("a", 0, 50, 50, "A"), fig("b", 1, 53, 50, "B", facing=180)])
    assert {o.kind for o in engine.legal_actions(s) if o.the_actor == "a"} == {"Fight"}
    forces.set_status(s, "A", "routed", "test")
    dice(s, [1])
    command.rally_or_run(s, "A")
    assert not melee.in_contact(s.units["a"], s.units["b"])


# ---- cavalry on rough ground ----------------------------------------------------------------------
def test_slow_speed_is_used_on_rough_terrain_by_horse_too():
    """"Slow speed is used on rough terrain": the text names no exception for horse; only light troops
    ("troop types which do not suffer movement penalty on rough terrain") keep their pace."""
    marsh = rect("m", "marsh", 0, 0, 150, 100)
    s = game([fig("h", 0, 50, 50, "A", "hussars"), fig("l", 0, 50, 70, "L", "light-infantry"),
              fig("b", 1, 140, 90, "B")], terrain=[marsh])
    assert movement.region(s, s.units["h"], "fast").bounds[2] <= 50 + 12 + 0.01
    assert movement.region(s, s.units["l"], "normal").bounds[2] >= 50 + 15 - 0.01


# ---- the log --------------------------------------------------------------------------------------
def test_the_log_says_who_fights_whom_hand_to_hand_and_names_both_when_neither_hits():
    s = game([fig("a", 0, 50, 50, "A"), fig("b", 1, 53, 50, "B", facing=180)])
    dice(s, [2, 3])
    engine.apply(s, Fight("a", "b"))
    texts = [e.text for e in s.log]
    assert "a fights b hand-to-hand" in texts and "neither a nor b scores a hit" in texts


def test_the_log_agrees_with_a_unit_named_in_the_plural():
    s = game([fig("a", 0, 50, 50, "A"), fig("b", 1, 90, 50, "B")],
             units_data={"A": {"name": "the pandours"}, "B": {"name": "the swivel gun"}})
    forces.set_status(s, "A", "out-of-control", "test")
    forces.set_status(s, "B", "out-of-control", "test")
    texts = [e.text for e in s.log]
    assert "the pandours are out of control (red square): test" in texts
    assert "the swivel gun is out of control (red square): test" in texts
    dice(s, [2])
    command.activation_test(s, "A")
    assert s.log[-2].text.startswith("the pandours roll d8 for activation test")
    assert s.log[-1].text == "the pandours stay out of control and pass the turn (activation test 2)"



def test_the_engines_roll_line_agrees_with_a_unit_named_in_the_plural():
    """The log: "the farmers roll 3d20 for volley fire", never "the farmers rolls"; a unit named in the
    singular, and a man, roll in the singular."""
    s = game(_line() + [fig("b", 1, 50, 43, "B"), fig("Sgt Jones", 1, 60, 43, "C")],
             units_data={"A": {"name": "the farmers", "formation": "line"}, "B": {"name": "the swivel gun"}})
    dice(s, [19, 3, 4, 1])                  # one hit, a wound
    engine.apply(s, Volley("A", 1, "B"))
    assert any(e.text.startswith("the farmers roll 3d20 for volley fire") for e in s.log)
    assert any(e.text.startswith("1 hit on the figures the volley reached") for e in s.log)
    forces.set_status(s, "B", "out-of-control", "test")
    dice(s, [5])
    command.activation_test(s, "B")
    assert s.log[-2].text.startswith("the swivel gun rolls d8 for activation test")
    dice(s, [2])
    s.roll("d8>=4", "reload", "Sgt Jones")
    assert s.log[-1].text.startswith("Sgt Jones rolls d8 for reload")
    dice(s, [3])
    s.roll("d6>=4", "rally", "Horvat's pandours")
    assert s.log[-1].text.startswith("Horvat's pandours roll d6 for rally")
    movement.move_line(s, "A", 22, 40, "normal")
    assert s.log[-1].text == "the farmers move in line 2.0 paces at normal speed"

# ---- victory --------------------------------------------------------------------------------------
def test_a_side_whose_units_all_rout_is_beaten_only_if_they_fail_to_rally():
    """Interpretation: one activation die does not end the battle: a side whose every unit is routed
    is beaten when, at the start of its next turn, they are all still routed after their rally tests."""
    s = game([fig("a", 0, 60, 50, "A"), fig("b", 1, 100, 50, "B")])
    forces.set_status(s, "A", "routed", "activation test 1")
    assert engine.result(s) is None
    engine.apply(s, engine.legal_actions(s)[-1].action)        # the French end their turn
    dice(s, [5])                                               # the French rally on 5 (C d8)
    engine.apply(s, engine.legal_actions(s)[-1].action)        # the British end theirs; the French rally
    assert forces.status(s, "A") == "out-of-control" and engine.result(s) is None
    forces.set_status(s, "A", "routed", "activation test 1")
    engine.apply(s, engine.legal_actions(s)[-1].action)
    dice(s, [4])                                               # the rally fails: the French are beaten
    engine.apply(s, engine.legal_actions(s)[-1].action)
    assert engine.result(s).winner == 1


def test_a_unit_routed_by_its_activation_test_has_its_rally_test_before_the_side_is_beaten():
    s = game([fig("a", 0, 60, 50, "A"), fig("a2", 0, 60, 60, "A2"), fig("b", 1, 100, 50, "B")])
    forces.set_status(s, "A", "routed", "test")
    forces.set_status(s, "A2", "out-of-control", "test")
    engine.apply(s, engine.legal_actions(s)[-1].action)
    dice(s, [1, 1])                     # the French turn: A fails its rally (d8: 1), A2 routs on 1
    engine.apply(s, engine.legal_actions(s)[-1].action)
    assert forces.status(s, "A2") == "routed" and engine.result(s) is None
