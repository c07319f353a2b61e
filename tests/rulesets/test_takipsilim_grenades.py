"""Takipsilim "Grenades": cooked frag/HE grenades, throwing them away or back, flashbangs, smoke and
tear gas, each with scripted dice. A (Athletics 1) throws at X, 20 m away."""
from __future__ import annotations

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.takipsilim.actions import ThrowAway, ThrowBack
from tests.rulesets.test_takipsilim_helpers import (act, commit, damage, events, fig, game, house, options,
                                                    rolls, shoot, texts, wall, who)


def thrower(gtype: str = "frag", **target):
    return [fig("a", 0, 10, 20, skills={"athletics": 1}, grenades={gtype: 1}), fig("x", 1, 30, 20, **target)]


def throw(s, gtype: str = "frag", target: str = "x"):
    return act(s, "a", "grenade", target, gtype)


def index_of(s, text):
    return next(i for i, e in enumerate(s.log) if e.text == text)


def test_a_cooked_grenade_detonates_at_the_end_of_the_round():
    s = game(thrower())
    commit(s, [throw(s)], dice=[4, 4, 1, 2, 3, 4])
    assert rolls(s)[0].purpose == "throwing a fragmentation grenade" and rolls(s)[0].expr == "2d6+1>=8"
    det = next(e for e in s.log if e.kind == "Detonation")
    assert det.phase == "miscellaneous"
    assert s.log.index(det) > index_of(s, "— Melee phase —")
    assert [r.purpose for r in rolls(s)][1:] == ["avoiding the grenade",
                                                 "the full hit (lower die location, higher die damage)"]
    assert damage(s, "x")["arm"] == 4
    assert s.data["grenades"]["a"] == {}


def test_a_failed_throw_detonates_harmlessly_elsewhere():
    s = game(thrower())
    commit(s, [throw(s)], dice=[2, 4])
    assert any("detonates harmlessly elsewhere" in t for t in texts(s))
    assert events(s, "Detonation") == [] and damage(s, "x")["torso"] == 0


def test_a_figure_that_avoids_the_blast_cannot_shoot_next_round():
    s = game(thrower())
    commit(s, [throw(s)], dice=[4, 4, 6, 6])
    assert "ducked" in s.units["x"].markers and damage(s, "x") == {"head": 0, "torso": 0, "arm": 0, "leg": 0}
    engine.apply(s, act(s, "a", "wait"))
    assert who(s) == (1, "orders", "x")
    assert not any(o.label.startswith("Shoot") for o in options(s, "x"))
    assert any(o.label.startswith("Run") for o in options(s, "x"))


def test_only_those_within_short_range_and_not_behind_cover_roll():
    units = thrower() + [fig("y", 1, 36, 20), fig("z", 1, 45, 20)]
    s = game(units, [wall("bank", 34, 15, 25)])
    commit(s, [throw(s)], dice=[4, 4, 6, 6])
    assert [r.who for r in rolls(s, "avoiding the grenade")] == ["X"]
    assert any("Y is behind cover (bank): safe" in t for t in texts(s))
    assert not any(t.startswith("Z") for t in texts(s) if "grenade" in t)      # 15 m: out of range


def test_an_opponent_who_committed_a_miscellaneous_action_may_throw_it_away():
    s = game(thrower())
    commit(s, [throw(s), act(s, "x", "ready")], dice=[4, 4])
    assert who(s) == (1, "grenade", None) and s.flow.phase_name == "miscellaneous"
    assert {type(o.action).__name__ for o in options(s)} == {"ThrowAway", "Pass"}
    engine.apply(s, ThrowAway("x", "g1"))
    assert events(s, "Detonation") == []
    assert not any(t == "X stands ready" for t in texts(s))       # the action was spent on the throw
    assert who(s) == (0, "orders", "a") and s.turn == 2


def test_leaving_the_grenade_lets_it_detonate():
    s = game(thrower())
    commit(s, [throw(s), act(s, "x", "ready")], dice=[4, 4, 6, 6])
    engine.apply(s, Pass(1))
    assert len(events(s, "Detonation")) == 1 and any(t == "X stands ready" for t in texts(s))


def test_without_a_miscellaneous_action_nobody_may_throw_it_away():
    s = game(thrower())
    commit(s, [throw(s)], dice=[4, 4, 6, 6])
    assert len(events(s, "Detonation")) == 1 and who(s) == (0, "orders", "a")


def test_a_player_character_spends_2_luck_to_throw_it_back_and_the_enemy_must_roll():
    s = game(thrower(pc=True, luck=3))
    commit(s, [throw(s), act(s, "x", "ready")], dice=[4, 4, 5, 5, 1, 1, 2, 3])
    assert who(s) == (1, "grenade", None)
    assert {type(o.action).__name__ for o in options(s)} == {"ThrowAway", "ThrowBack", "Pass"}
    back = next(o for o in options(s) if isinstance(o.action, ThrowBack))
    assert back.odds_text == "2d6 ≥ 8: 41.7%"
    engine.apply(s, ThrowBack("x", "g1"))
    assert s.data["luck"]["x"] == 1
    assert [r.who for r in rolls(s, "avoiding the grenade")] == ["A"]
    assert damage(s, "a")["leg"] == 3 and damage(s, "x")["leg"] == 0
    assert not any(t == "X stands ready" for t in texts(s))       # the action went on the throw


def test_throwing_back_is_the_miscellaneous_action_so_a_character_who_committed_another_cannot():
    """"Throwing grenades away or back fall under this action too"; one action per round."""
    s = game(thrower(pc=True, luck=3))
    commit(s, [throw(s), act(s, "x", "wait")], dice=[4, 4, 6, 6])
    assert who(s) == (0, "orders", "a") and len(events(s, "Detonation")) == 1
    assert s.data["luck"]["x"] == 3


def test_a_failed_throw_back_detonates_out_of_range_of_anyone():
    s = game(thrower(pc=True, luck=3))
    commit(s, [throw(s), act(s, "x", "ready")], dice=[4, 4, 1, 1])
    engine.apply(s, ThrowBack("x", "g1"))
    assert any("detonates out of range of anyone" in t for t in texts(s))
    assert events(s, "Detonation") == [] and s.data["luck"]["x"] == 1


def test_throwing_back_needs_2_luck():
    s = game(thrower(pc=True, luck=1))
    commit(s, [throw(s), act(s, "x", "ready")], dice=[4, 4])
    assert {type(o.action).__name__ for o in options(s)} == {"ThrowAway", "Pass"}     # away, not back


def test_a_flashbang_detonates_at_once_and_a_failed_roll_forfeits_a_round():
    s = game(thrower("flashbang") + [fig("b", 0, 28, 20)])
    commit(s, [throw(s, "flashbang")], dice=[4, 4, 1, 1])
    assert next(e for e in s.log if e.kind == "Flashbang").phase == "grenades"
    assert [r.who for r in rolls(s, "shielding the eyes from the flashbang")] == ["X"]   # enemies only
    assert "dazzled" in s.units["x"].markers
    commit(s)                                           # round 2: Red's only figure forfeits it
    assert s.turn == 3
    assert any(t.startswith("X (Red): no action (dazzled by a flashbang") for t in texts(s))


def test_ear_protection_stops_the_flashbang():
    s = game(thrower("flashbang", gear=["ear-protection"]))
    commit(s, [throw(s, "flashbang")], dice=[4, 4, 1, 1])
    assert "dazzled" not in s.units["x"].markers
    assert any("wears ear protection: no effect" in t for t in texts(s))


def test_a_flashbang_that_misses_does_nothing():
    s = game(thrower("flashbang"))
    commit(s, [throw(s, "flashbang")], dice=[1, 1])
    assert events(s, "Flashbang") == [] and rolls(s, "shielding the eyes from the flashbang") == []


def test_smoke_imposes_disadvantage_only_on_attacks_indoors():
    door = [[25, 18], [25, 22]]
    units = thrower("smoke") + [fig("b", 0, 10, 21)]
    s = game(units, [house("house", 25, 15, 35, 25, door=door)])
    commit(s, [throw(s, "smoke"), act(s, "x", "ready")], dice=[])
    assert rolls(s) == [] and s.data["smoke"]                  # smoke needs no roll
    commit(s, [shoot(s, "b", "x"), act(s, "x", "ready")], dice=[1, 1, 1])
    assert any("smoke indoors" in t for t in texts(s) if t.startswith("B fires"))
    outdoors = game(thrower("smoke") + [fig("b", 0, 10, 21)])
    commit(outdoors, [throw(outdoors, "smoke"), act(outdoors, "x", "ready")], dice=[])
    commit(outdoors, [shoot(outdoors, "b", "x"), act(outdoors, "x", "ready")], dice=[1, 1, 1])
    assert not any("smoke" in t for t in texts(outdoors) if t.startswith("B fires"))
    assert rolls(outdoors, "shooting")[0].expr == "3d6kh2>=8"    # lightly obscured: no effect outdoors


def test_smoke_disperses_after_the_next_round():
    s = game(thrower("smoke"))
    commit(s, [throw(s, "smoke")], dice=[])
    assert len(s.data["smoke"]) == 1
    commit(s)
    assert s.data["smoke"] == []


def test_tear_gas_incapacitates_everyone_within_10_m_without_a_full_face_gas_mask():
    units = thrower("tear-gas") + [fig("y", 1, 33, 20, gear=["gas-mask"])]
    s = game(units)
    commit(s, [throw(s, "tear-gas"), act(s, "x", "ready"), act(s, "y", "ready")], dice=[4, 4])
    assert "gassed" in s.units["x"].markers and "gassed" not in s.units["y"].markers
    assert any(t == "X is gassed and cannot act" for t in texts(s))      # this round's action is lost
    assert any("Y's full-face gas mask protects" in t for t in texts(s))
    engine.apply(s, act(s, "a", "wait"))
    x_options = {(o.action or o.template).action for o in options(s, "x")}
    assert x_options <= {"run", "wait", "hunker"}                       # unable to shoot, or anything else
    engine.apply(s, act(s, "x", "wait"))
    assert "shoot" in {(o.action or o.template).action for o in options(s, "y")}   # the masked one can
