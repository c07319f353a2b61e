"""Takipsilim "Melee" and "Miscellaneous": simultaneous melee with reach, charges, first aid and
operating machinery."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.rulesets.takipsilim import RULESET
from tests.rulesets.test_takipsilim_helpers import act, commit, damage, fig, game, options, rolls, run, texts


def brawl(a_weapon="knife", x_weapon=None, gap_x=11.5, **x_stats):
    x = fig("x", 1, gap_x, 20, **({"melee_weapon": x_weapon} if x_weapon else {}), **x_stats)
    return game([fig("a", 0, 10, 20, melee_weapon=a_weapon), x])


def test_melee_is_simultaneous_both_fighters_roll_and_the_hits_land_after():
    s = brawl()
    commit(s, [act(s, "a", "melee", "x")], dice=[6, 6, 1, 4, 5])
    assert [(r.who, r.expr) for r in rolls(s, "melee")] == [("A", "3d6kh2>=8"), ("X", "2d6>=8")]
    assert "dead" in s.units["x"].markers
    assert damage(s, "a")["torso"] == 5                 # X struck back before falling
    assert any("X fights back against A (melee is simultaneous)" in t for t in texts(s))


def test_two_fighters_attacking_each_other_roll_once_each():
    s = brawl()
    commit(s, [act(s, "a", "melee", "x"), act(s, "x", "melee", "a")], dice=[1, 1, 1, 1, 1])
    assert [r.who for r in rolls(s, "melee")] == ["A", "X"]
    assert not any("fights back" in t for t in texts(s))


@pytest.mark.parametrize("mine,theirs,mode", [
    ("knife", None, "advantage"),          # short weapons have advantage only against the unarmed
    ("knife", "club", "disadvantage"),     # ... and disadvantage against weapons with reach
    ("knife", "spear", "disadvantage"),
    ("knife", "bayonet", "normal"),
    ("sword", "spear", "disadvantage"),    # medium weapons have disadvantage against longer ones
    ("sword", None, "normal"),
    ("sword", "knife", "normal"),
    ("polearm", "knife", "normal"),
    (None, "knife", "normal"),
])
def test_melee_reach(mine, theirs, mode):
    from game.rulesets.takipsilim import combat
    s = brawl(a_weapon=mine, x_weapon=theirs)
    a, x = s.units["a"], s.units["x"]
    adv, dis = RULESET.melee_modifiers(s, a, x, a.pos, x.pos)
    assert combat.mode_of(adv, dis) == mode


def test_a_melee_order_charges_the_target_into_contact():
    s = brawl(a_weapon="club", gap_x=18)
    commit(s, [act(s, "a", "melee", "x")], dice=[1, 1, 1, 1])
    assert 16.0 <= s.units["a"].x <= 17.0
    assert any(t.startswith("A charges X") for t in texts(s))
    assert [r.who for r in rolls(s, "melee")] == ["A", "X"]


def test_a_target_that_runs_out_of_reach_escapes_the_melee():
    s = brawl(a_weapon="club", gap_x=18)
    commit(s, [act(s, "a", "melee", "x"), run(s, "x", (27, 20))], dice=[])
    assert rolls(s, "melee") == [] and any("A cannot reach X" in t for t in texts(s))


def test_a_melee_hit_on_armour_does_not_wind_the_wearer():
    s = brawl(armour=["ballistic-vest"])
    commit(s, [act(s, "a", "melee", "x")], dice=[4, 5, 1, 1, 1])
    assert s.data["armour"]["x"][0]["prevented"] == 1
    assert "winded" not in s.units["x"].markers


def test_first_aid_to_a_seriously_wounded_comrade_stabilises_them():
    s = game([fig("a", 0, 10, 20), fig("b", 0, 14, 20), fig("x", 1, 60, 20)])
    b = s.units["b"]
    b.out = True
    b.markers |= {"out-of-combat", "mortal-wound"}
    aid = [o for o in options(s, "a") if o.action is not None and o.action.action == "first-aid"]
    assert [o.target for o in aid] == ["b"]
    commit(s, [act(s, "a", "first-aid", "b")])
    assert "stabilised" in b.markers
    assert any("B is stabilised (the mortal wound will not kill)" in t for t in texts(s))
    aid_event = next(e for e in s.log if e.kind == "FirstAid")
    assert aid_event.phase == "miscellaneous"


def test_operating_machinery_is_a_miscellaneous_action_and_can_win_the_scenario():
    gen = {"id": "radio", "name": "radio", "x": 10, "y": 23, "radius": 2, "machinery": True}
    s = game([fig("a", 0, 10, 22), fig("x", 1, 60, 20)], objectives=[gen],
             victory={"kind": "eliminate", "operate": {"objective": "radio", "side": 0, "times": 2}})
    commit(s, [act(s, "a", "operate", "radio")])
    assert s.data["operated"] == {"0": {"radio": 1}} and s.outcome is None
    commit(s, [act(s, "a", "operate", "radio")])
    assert s.outcome is not None and s.outcome.winner == 0 and "radio" in s.outcome.reason


def test_machinery_runs_once_a_round_however_many_hands_are_on_it():
    # Interpretation (assets/rules/takipsilim.md, Operate machinery): a second operator the same
    # round adds nothing; the next round counts again
    gen = {"id": "radio", "name": "radio", "x": 10, "y": 23, "radius": 2, "machinery": True}
    s = game([fig("a", 0, 10, 22), fig("b", 0, 11, 24), fig("x", 1, 60, 20)], objectives=[gen],
             victory={"kind": "eliminate", "operate": {"objective": "radio", "side": 0, "times": 2}})
    commit(s, [act(s, "a", "operate", "radio"), act(s, "b", "operate", "radio")])
    assert s.data["operated"] == {"0": {"radio": 1}} and s.outcome is None
    assert any("B lends a hand, but the radio already ran this round" in t for t in texts(s))
    commit(s, [act(s, "b", "operate", "radio")])
    assert s.data["operated"] == {"0": {"radio": 2}} and s.outcome.winner == 0


def test_machinery_out_of_reach_offers_a_move_to_it():
    gen = {"id": "radio", "name": "radio", "x": 16, "y": 20, "radius": 2, "machinery": True}
    s = game([fig("a", 0, 10, 20), fig("x", 1, 60, 20)], objectives=[gen])
    ops = [o for o in options(s, "a") if (o.action or o.template).action == "operate"]
    assert len(ops) == 1 and ops[0].region is not None
    assert ops[0].region.bounds[0] >= 14 - 1e-6
    assert engine.to_act(s).kind == "orders"
