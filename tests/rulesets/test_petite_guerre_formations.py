"""Petite Guerre (seed 004): units in line charging as units, changing formation (open order <-> line,
"two to four ranks deep"), and bases that never overlap (issue 12; game.geometry.bases). Dice scripted.
Test figures have 2-pace bases: two of them stand at least 2 paces apart."""
from __future__ import annotations

import math

import pytest
from shapely.geometry import Point

from game.engine import game as engine
from game.rulesets.petite_guerre import command, forces, formation, melee
from game.rulesets.petite_guerre.actions import ChargeInLine, FormLine, OpenOrder

from tests.random_play import overlapping_bases, play_randomly
from tests.rulesets.test_petite_guerre_helpers import dice, fig, game


def option(s, kind, actor):
    return [o for o in engine.legal_actions(s) if o.kind == kind and o.the_actor == actor]


def line(x=20, y=44, n=3, ranks=2, team="A", side=0, facing=0):
    return [fig(f"{team.lower()}{r}{i}", side, x - 3 * (r - 1), y + 3 * i, team, facing=facing, rank=r)
            for r in range(1, ranks + 1) for i in range(n)]


# ---- bases may not overlap ------------------------------------------------------------------------
def test_the_move_region_leaves_out_other_bases():
    s = game([fig("a", 0, 20, 50, "A"), fig("f", 0, 28, 50, "A"), fig("b", 1, 140, 50, "B")])
    reg = option(s, "Move", "a")[0].region
    assert not reg.covers(Point(28, 50)) and not reg.covers(Point(28, 51.9))   # on F, overlapping F
    assert reg.covers(Point(28, 52.1))                                        # beside F, clear of him


def test_the_move_region_leaves_out_the_ground_behind_an_enemy_base():
    """Nothing moves through an enemy figure (nor into contact with it: only a charge does)."""
    s = game([fig("a", 0, 20, 50, "A"), fig("b", 1, 26, 50, "B", facing=180)])
    reg = option(s, "Move", "a")[0].region
    assert not reg.covers(Point(32, 50)) and reg.covers(Point(22.5, 50)) and reg.covers(Point(32, 58))


def test_a_unit_in_line_moves_only_where_every_figure_ends_clear():
    s = game(line() + [fig("x", 1, 140, 5, "X"), fig("post", 1, 28, 47, "P")],
             units_data={"A": {"formation": "line"}})
    reg = [o for o in engine.legal_actions(s) if o.key == "A:move:normal"][0].region
    # the lead a10 stands at (20, 44); its file-mate a11 at (20, 47) would land on the post at (28, 47)
    assert not reg.covers(Point(28, 44)) and reg.covers(Point(26, 37))


def test_a_routed_figure_running_away_stops_short_of_a_base_in_its_way():
    """"Routed figures run away at fast speed": straight from the nearest enemy, stopping short where
    the way is blocked (short of contact with an enemy base, clear of a friend's)."""
    s = game([fig("a", 0, 50, 50, "A"), fig("c", 1, 60, 50, "C"), fig("b", 1, 42, 50, "B")])
    command.run_away(s, s.units["a"], [s.units["b"], s.units["c"]])
    assert math.isclose(s.units["a"].x, 60 - 2 - 1.05, abs_tol=2e-3) and s.units["a"].y == 50
    assert "stops short: the way is blocked" in s.log[-1].text


@pytest.mark.parametrize("name", ["petite-guerre-the-piquet", "petite-guerre-farm-raid",
                                  "petite-guerre-cavalry-patrol"])
def test_no_two_bases_ever_overlap_in_random_play(name):
    from game.io.scenario_file import load_scenario

    def no_overlap(state, actions):
        assert overlapping_bases(state) == [], state.log[-1].text
    play_randomly(engine.new_game(load_scenario(name), seed=3), 3, 250, no_overlap)


# ---- formation change ----------------------------------------------------------------------------
def open_unit():
    return [fig("l", 0, 30, 50, "A", role="leader"), fig("p1", 0, 25, 40, "A"), fig("p2", 0, 24, 58, "A"),
            fig("p3", 0, 35, 45, "A"), fig("b", 1, 90, 50, "B", facing=180)]


def test_a_unit_in_open_order_forms_line_two_to_four_ranks_deep_facing_the_enemy():
    """"Volley fire is delivered by whole units deployed in line, two to four ranks deep": the four
    figures form two ranks of two, files and ranks 3 paces apart, the front rank's middle on the leader."""
    s = game(open_unit())
    assert {o.action.ranks for o in option(s, "FormLine", "A")} == {2}       # four figures: two ranks
    engine.apply(s, FormLine("A", 2, 0.0))
    u = s.units
    assert forces.formation(s, "A") == "line"
    assert sorted((f.x, f.y, f.stats["rank"]) for f in forces.figures(s, "A")) == \
        [(27, 48.5, 2), (27, 51.5, 2), (30, 48.5, 1), (30, 51.5, 1)]
    assert all(f.facing == 0 for f in forces.figures(s, "A")) and "l" in s.data["acted"]
    assert "forms line, 2 ranks deep" in s.log[-1].text and u["l"].stats["rank"] == 1


def test_the_log_of_a_line_agrees_with_a_plural_unit_name():
    """Issue 28, log: "the pandours is" read wrong; a unit named in the plural ("the farmers") forms
    line and fires in the plural."""
    s = game(open_unit(), units_data={"A": {"name": "the farmers"}})
    engine.apply(s, FormLine("A", 2, 0.0))
    assert "the farmers form line, 2 ranks deep" in s.log[-1].text


def test_forming_line_needs_every_figure_within_its_normal_move_of_its_place():
    s = game(open_unit()[:-1] + [fig("far", 0, 30, 90, "A"), fig("b", 1, 90, 50, "B", facing=180)])
    assert option(s, "FormLine", "A") == []                  # "far" stands 40 paces off (normal: 15)


def test_a_unit_in_line_breaks_into_open_order_and_its_figures_act_one_by_one_next_turn():
    s = game(line() + [fig("b", 1, 140, 50, "B")], units_data={"A": {"formation": "line"}})
    before = [f.pos for f in forces.figures(s, "A")]
    engine.apply(s, OpenOrder("A"))
    assert forces.formation(s, "A") == "open" and [f.pos for f in forces.figures(s, "A")] == before
    assert [o.kind for o in engine.legal_actions(s)] == ["Pass"]           # that was the unit's action
    engine.apply(s, engine.legal_actions(s)[-1].action)
    engine.apply(s, engine.legal_actions(s)[-1].action)
    assert {o.the_actor for o in engine.legal_actions(s) if o.kind == "Move"} == {f.id for f in forces.figures(s, "A")}


# ---- units in line charge as units ---------------------------------------------------------------
def test_a_unit_in_line_charges_as_a_unit_at_fast_speed_and_its_figures_in_contact_fight():
    """A line charges the whole block straight in at fast speed (the line stick: 15 paces), the
    charged unit is out of control, and each charging figure then in contact fights an enemy it touches."""
    s = game(line(n=2) + [fig("b", 1, 31, 44, "B", facing=180), fig("b2", 1, 31, 47, "B", facing=180)],
             units_data={"A": {"formation": "line"}})
    assert option(s, "ChargeInLine", "A")
    dice(s, [1, 1, 6, 1, 1])          # a10 v b: both miss; a11 v b2: 6 against 1, a hit; d4 1: a wound
    engine.apply(s, ChargeInLine("A", "b"))
    a10, a11 = s.units["a10"], s.units["a11"]
    assert (a10.x, a10.y, a11.x, a11.y) == (28.5, 44, 28.5, 47)            # moved as a block, 8.5 paces
    assert s.units["a20"].x == 25.5
    assert s.data["fast"]["a10"] == s.data["pturn"] and forces.status(s, "B") == "out-of-control"
    assert "wounded" in s.units["b2"].markers and "wounded" not in s.units["b"].markers
    assert all(f in s.data["acted"] for f in ("a10", "a11", "a20", "a21"))


def test_a_line_charge_reaches_only_its_fast_line_stick():
    s = game(line(n=2) + [fig("b", 1, 40, 45.5, "B", facing=180)], units_data={"A": {"formation": "line"}})
    assert option(s, "ChargeInLine", "A") == []             # 18 paces to contact: the line's fast is 15


def test_a_line_charging_a_flank_gets_the_closed_ranks_advantage_and_a_reaction_test():
    """"In case of a melee resulting from the clash of units deployed in closed ranks, attacking from
    the flanks or rear also gives an advantage"; charged in the flank, the target tests its reaction."""
    s = game(line(n=2) + [fig("b", 1, 31, 45.5, "B", facing=90), fig("b2", 1, 34, 45.5, "B", facing=90)],
             units_data={"A": {"formation": "line"}, "B": {"formation": "line"}})
    dice(s, [6, 4, 1, 1])            # reaction 6: out of control; a10 on a d8: 4 against 1, a hit; d4 1: a wound
    engine.apply(s, ChargeInLine("A", "b"))
    melee_rolls = [r for r in s.rolls if r.purpose.startswith("hand-to-hand")]
    assert "closed ranks" in melee_rolls[0].purpose and melee_rolls[0].expr == "d8>=4"
    assert any(r.purpose.startswith("reaction test (charged in the flank") for r in s.rolls)
    assert melee.from_flank_or_rear(s.units["a10"], s.units["b"]) and "wounded" in s.units["b"].markers


# ---- victory at the turn limit ---------------------------------------------------------------------
def _at_limit(roles, killed=()):
    from game.rulesets.petite_guerre.ruleset import RULESET
    s = game([fig("a", 0, 20, 50, "A"), fig("a2", 0, 20, 60, "A"), fig("b", 1, 90, 50, "B"),
              fig("b2", 1, 90, 60, "B")], roles=roles)
    for uid in killed:
        s.units[uid].out = True
    return RULESET.result_at_limit(s)


def test_at_the_turn_limit_the_smaller_share_of_points_lost_wins():
    r = _at_limit(("attacker", "defender"), killed=["b2"])
    assert r.winner == 0 and r.data["losses"] == [0.0, 0.5]


def test_at_the_turn_limit_equal_losses_leave_the_defender_holding_its_ground():
    """Interpretation: on equal shares the scenario's defender wins (the attack failed)."""
    r = _at_limit(("attacker", "defender"))
    assert r.winner == 1 and "hold their ground" in r.reason


def test_at_the_turn_limit_equal_losses_without_a_defender_are_a_draw():
    assert _at_limit(("", "")).winner is None


def test_a_spread_unit_forms_line_on_its_middle_when_it_cannot_on_its_leader():
    """Interpretation: the line forms on its leader's spot, or, when a figure could not reach its place
    from there within its normal move, on the unit's middle."""
    s = game([fig("l", 0, 30, 30, "A", role="leader"), fig("p1", 0, 30, 40, "A"), fig("p2", 0, 30, 50, "A"),
              fig("p3", 0, 30, 60, "A"), fig("b", 1, 90, 45, "B", facing=180)])
    places = formation.assignment(s, "A", 2, 0.0)
    assert places is not None and abs(sum(y for _, _, y in places.values()) / 4 - 45) < 3.1
