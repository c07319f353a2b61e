"""Petite Guerre (seed 004): one test per rule clause, dice scripted."""
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.petite_guerre import command, fire, forces, melee, movement
from game.rulesets.petite_guerre.actions import AimedFire, Charge, Fight, Move, Reload, ReloadRanks, Volley

from tests.rulesets.test_petite_guerre_helpers import dice, fig, game, rect


def duel(dist=40, troop="light-infantry", terrain=(), **stats):
    return game([fig("a", 0, 20, 50, "A", troop, **stats), fig("a2", 0, 20, 60, "A", troop),
                 fig("b", 1, 20 + dist, 50, "B", facing=180), fig("b2", 1, 20 + dist, 60, "B", facing=180),
                 fig("b3", 1, 20 + dist, 70, "B", facing=180)], terrain=terrain)


# ---- turn, initiative, activation -------------------------------------------------------------
def test_players_take_turns_each_opening_with_activation():
    s = duel()
    assert engine.to_act(s).side == 0
    engine.apply(s, engine.legal_actions(s)[-1].action)           # Pass: end the turn
    assert engine.to_act(s).side == 1 and s.data["pturn"] == 2


def test_a_player_uses_every_unit_in_control_one_action_per_figure():
    s = duel()
    opts = engine.legal_actions(s)
    assert {o.the_actor for o in opts if o.kind == "Move"} == {"a", "a2"}
    engine.apply(s, [o for o in opts if o.kind == "Move" and o.the_actor == "a"][0].at(22, 50))
    assert "a" not in {o.the_actor for o in engine.legal_actions(s)}


def test_fire_casualties_put_the_unit_out_of_control():
    s = duel()
    dice(s, [8, 10, 1])                     # d8+d10 = 18: hit; d4 = 1: wound
    engine.apply(s, AimedFire("a", "b"))
    assert forces.status(s, "B") == "out-of-control" and "out-of-control" in s.units["b2"].markers


def test_out_of_control_units_offer_no_actions():
    s = duel()
    forces.set_status(s, "A", "out-of-control", "test")
    assert [o.kind for o in engine.legal_actions(s)] == ["Pass"]


def test_activation_test_in_control_on_4_plus():
    s = duel()
    forces.set_status(s, "A", "out-of-control", "test")
    dice(s, [4])
    assert command.activation_test(s, "A") == "in-control" and forces.status(s, "A") == "in-control"


def test_activation_test_stays_out_of_control_on_2_3():
    s = duel()
    forces.set_status(s, "A", "out-of-control", "test")
    dice(s, [3])
    assert command.activation_test(s, "A") == "out-of-control"


def test_activation_test_routs_on_1():
    s = duel()
    forces.set_status(s, "A", "out-of-control", "test")
    dice(s, [1])
    assert command.activation_test(s, "A") == "rout" and "routed" in s.units["a"].markers


def test_activation_test_at_the_start_of_the_players_turn():
    s = duel()
    forces.set_status(s, "B", "out-of-control", "test")
    dice(s, [6])                            # British C d8 scores 6
    engine.apply(s, engine.legal_actions(s)[-1].action)
    assert forces.status(s, "B") == "in-control"


def test_leader_lost_c_die_one_size_smaller():
    s = game([fig("l", 0, 10, 10, "A", role="leader"), fig("m", 0, 12, 10, "A")])
    assert forces.c_die(s, "A") == 8
    s.units["l"].out = True
    assert forces.c_die(s, "A") == 6


# ---- morale ------------------------------------------------------------------------------------
def test_reaction_test_below_half_strength():
    s = duel()
    s.units["b"].out = True
    command.check_strength(s, "B")          # 2 of 3 left: not below half
    assert forces.status(s, "B") == "in-control"
    s.units["b2"].out = True
    dice(s, [1])
    command.check_strength(s, "B")
    assert forces.status(s, "B") == "routed"


def test_reaction_test_puts_or_leaves_the_unit_out_of_control_on_3_plus():
    """"may result in the unit being put, or left, out-of-control, or getting routed": no "steady"."""
    s = duel()
    dice(s, [8, 3])
    assert command.reaction_test(s, "B", "test") == "out-of-control" and forces.status(s, "B") == "out-of-control"
    assert command.reaction_test(s, "B", "test") == "out-of-control"
    assert "b stays out of control" not in s.log[-1].text and "B stays out of control (reaction test 3)" in s.log[-1].text
    assert not [e for e in s.log if "steady" in e.text]


def test_charged_in_the_flank_takes_a_reaction_test():
    s = game([fig("a", 0, 50, 40, "A"), fig("b", 1, 50, 50, "B", facing=0)])
    # a stands at 270 degrees of b's facing: its flank
    assert melee.from_flank_or_rear(s.units["a"], s.units["b"])
    dice(s, [6, 1, 1])                      # reaction 6: out of control; melee 1 and 1
    engine.apply(s, Charge("a", "b"))
    rolls = [r.purpose for r in s.rolls]
    assert "reaction test (charged in the flank or rear)" in rolls
    assert forces.status(s, "B") == "out-of-control"      # charged: out of control anyway


def test_routed_figures_run_at_fast_speed_away_from_the_enemy():
    s = duel()
    forces.set_status(s, "A", "routed", "test")
    dice(s, [1])                            # rally fails (C d8 needs 5+)
    command.rally_or_run(s, "A")
    assert s.units["a"].x == 20 - 25        or s.units["a"].out


def test_routed_unit_rallies_on_5_plus_and_is_out_of_control():
    s = duel()
    forces.set_status(s, "A", "routed", "test")
    dice(s, [5])
    command.rally_or_run(s, "A")
    assert forces.status(s, "A") == "out-of-control" and s.units["a"].x == 20


def test_routed_figures_reaching_the_edge_flee():
    s = game([fig("a", 0, 10, 50, "A"), fig("b", 1, 30, 50, "B")])
    forces.set_status(s, "A", "routed", "test")
    dice(s, [1])
    command.rally_or_run(s, "A")
    assert s.units["a"].out and "fled" in s.units["a"].markers


def test_civilians_never_rally():
    s = game([fig("a", 0, 60, 50, "A", "civilians"), fig("b", 1, 90, 50, "B")])
    forces.set_status(s, "A", "routed", "test")
    dice(s, [])
    command.rally_or_run(s, "A")            # d4 cannot score 5: no roll, they run
    assert s.units["a"].x < 60


# ---- movement ----------------------------------------------------------------------------------
def test_normal_and_fast_sticks_infantry_open_order():
    s = duel()
    f = s.units["a"]
    assert movement.reach(f, "normal", "open") == 15 and movement.reach(f, "fast", "open") == 25


def test_wounded_figures_move_slow_only():
    s = duel()
    s.units["a"].markers.add("wounded")
    assert movement.speeds(s.units["a"]) == ("slow",)
    assert movement.reach(s.units["a"], "normal", "open") == 8


def test_slow_on_rough_terrain_for_line_infantry_not_for_light():
    marsh = rect("m", "marsh", 0, 0, 150, 100)
    s = game([fig("line", 0, 50, 50, "A"), fig("light", 0, 50, 60, "L", "light-infantry"),
              fig("b", 1, 140, 90, "B")], terrain=[marsh])
    assert movement.region(s, s.units["line"], "normal").bounds[2] <= 50 + 8 + 0.01
    assert movement.region(s, s.units["light"], "normal").bounds[2] >= 50 + 15 - 0.01


def test_fast_speed_no_fire_nor_reload_next_turn():
    s = duel(60)
    opt = [o for o in engine.legal_actions(s) if o.key == "a:move:fast"][0]
    engine.apply(s, opt.at(21, 50))
    engine.apply(s, engine.legal_actions(s)[-1].action)     # French end
    engine.apply(s, engine.legal_actions(s)[-1].action)     # British end
    kinds = {o.kind for o in engine.legal_actions(s) if o.the_actor == "a"}
    assert "AimedFire" not in kinds and "Move" in kinds
    assert "AimedFire" in {o.kind for o in engine.legal_actions(s) if o.the_actor == "a2"}


def test_normal_speed_acts_freely_next_turn():
    s = duel(60)
    opt = [o for o in engine.legal_actions(s) if o.key == "a:move:normal"][0]
    engine.apply(s, opt.at(21, 50))
    engine.apply(s, engine.legal_actions(s)[-1].action)
    engine.apply(s, engine.legal_actions(s)[-1].action)
    assert "AimedFire" in {o.kind for o in engine.legal_actions(s) if o.the_actor == "a"}


def test_a_unit_in_line_moves_as_a_block():
    s = game([fig("a", 0, 20, 50, "A", rank=1), fig("a2", 0, 20, 53, "A", rank=1), fig("b", 1, 140, 50, "B")],
             units_data={"A": {"formation": "line"}})
    opt = [o for o in engine.legal_actions(s) if o.key == "A:move:normal"][0]
    engine.apply(s, opt.at(28, 50))
    assert (s.units["a2"].x, s.units["a2"].y) == (28, 53)


# ---- aimed fire --------------------------------------------------------------------------------
def test_aimed_fire_hits_on_d8_plus_af_at_the_threshold():
    s = duel(40)
    o = [o for o in engine.legal_actions(s) if o.action == AimedFire("a", "b")][0]
    assert "11+" in o.odds_text and o.odds_text.endswith("45.0%")
    dice(s, [5, 6, 4])                      # 11: hit; d4 4: death
    engine.apply(s, AimedFire("a", "b"))
    assert s.units["b"].out


def test_aimed_fire_misses_below_the_threshold():
    s = duel(40)
    dice(s, [5, 5])
    engine.apply(s, AimedFire("a", "b"))
    assert not s.units["b"].out and "fired" in s.units["a"].markers


def test_target_moving_if_it_moved_last_turn():
    s = duel(40)
    s.data["moved"]["b"] = s.data["pturn"] - 1
    assert fire.condition(s, s.units["a"], s.units["b"])[0] == "moving"


def test_target_partially_screened_by_a_hedge():
    s = duel(40, terrain=[rect("h", "hedge", 58, 45, 59, 55, "the hedge")])
    cond, why = fire.condition(s, s.units["a"], s.units["b"])
    assert cond == "screened" and "hedge" in why


def test_target_partially_protected_by_a_wall():
    s = duel(40, terrain=[rect("w", "low-wall", 58, 45, 59, 55, "the wall")])
    assert fire.condition(s, s.units["a"], s.units["b"])[0] == "protected"


def test_hit_d4_wound_on_2_marks_red_disc():
    s = duel()
    dice(s, [2])
    assert fire.hit(s, s.units["b"], "fire") == "wound" and "wounded" in s.units["b"].markers


def test_wounded_again_dies():
    s = duel()
    s.units["b"].markers.add("wounded")
    dice(s, [1])
    assert fire.hit(s, s.units["b"], "fire") == "death" and s.units["b"].out


def test_wounded_fire_reload_and_melee_one_die_smaller():
    s = duel()
    f = s.units["a"]
    f.markers.add("wounded")
    assert forces.af_die(f) == 8 and forces.melee_die(f) == 4


# ---- reloading ---------------------------------------------------------------------------------
def test_reload_4_plus_turns_the_marker_grey():
    s = duel()
    s.units["a"].markers.add("fired")
    dice(s, [4])
    engine.apply(s, Reload("a"))
    assert "reloaded" in s.units["a"].markers and "fired" not in s.units["a"].markers


def test_reload_fails_on_3():
    s = duel()
    s.units["a"].markers.add("fired")
    dice(s, [3])
    engine.apply(s, Reload("a"))
    assert "fired" in s.units["a"].markers


def test_firing_in_haste_rolls_d4_plus_af_while_grey():
    s = duel(40)
    s.units["a"].markers.add("fired")
    dice(s, [4])
    engine.apply(s, Reload("a"))
    haste = [o for o in engine.legal_actions(s) if o.action == AimedFire("a", "b", True)]
    assert haste and haste[0].odds_text.startswith("d4+d10")
    dice(s, [1, 1])
    engine.apply(s, AimedFire("a", "b", True))
    assert s.rolls[-1].expr == "d4+d10>=11"


def test_grey_marker_goes_at_the_start_of_the_next_turn():
    s = duel(40)
    s.units["a"].markers.add("fired")
    dice(s, [4])
    engine.apply(s, Reload("a"))
    engine.apply(s, engine.legal_actions(s)[-1].action)
    engine.apply(s, engine.legal_actions(s)[-1].action)
    assert "reloaded" not in s.units["a"].markers
    assert [o for o in engine.legal_actions(s) if o.action == AimedFire("a", "b")]


# ---- volley fire -------------------------------------------------------------------------------
def line_game(options=None):
    a = [fig(f"a{r}{i}", 0, 20 - 3 * r, 40 + 3 * i, "A", rank=r) for r in (1, 2) for i in range(3)]
    b = [fig("near", 1, 60, 45, "B", facing=180), fig("far", 1, 70, 45, "B", facing=180),
         fig("farther", 1, 80, 45, "B", facing=180)]
    return game(a + b, units_data={"A": {"formation": "line"}}, options=options)


def test_volley_player_chooses_ranks_each_figure_rolls_d20():
    s = line_game()
    ranks = {o.action.ranks for o in engine.legal_actions(s) if o.kind == "Volley"}
    assert ranks == {1, 2}
    dice(s, [1, 1, 1])
    engine.apply(s, Volley("A", 1, "B"))
    assert s.rolls[-1].expr == "hits(3d20,14)>=1"         # 43 paces: the 50 mark, 14+


def test_volley_hits_fall_on_the_figures_nearest_the_firing_line():
    s = line_game()
    dice(s, [20, 20, 1, 4, 2])              # two hits: near dies (4), far wounded (2)
    engine.apply(s, Volley("A", 1, "B"))
    assert s.units["near"].out and "wounded" in s.units["far"].markers and "wounded" not in s.units["farther"].markers


def test_rank_reloads_on_d20_16_plus():
    s = line_game()
    dice(s, [1, 1, 1, 1, 1, 1])
    engine.apply(s, Volley("A", 2, "B"))
    engine.apply(s, engine.legal_actions(s)[-1].action)
    engine.apply(s, engine.legal_actions(s)[-1].action)
    dice(s, [16, 15])
    engine.apply(s, ReloadRanks("A"))
    assert fire.fired_ranks(s, "A") == [2]
    assert [e.text.split(": ", 1)[1] for e in s.log[-3:] if e.kind in ("Reloaded", "Reloading")] == [
        "rank 1 has reloaded", "rank 2 is still reloading"]


def test_platoon_firing_reloads_the_platoon_on_12_plus():
    s = line_game({"platoon_firing": True})
    dice(s, [1, 1, 1, 1, 1, 1])
    engine.apply(s, Volley("A", 2, "B"))
    engine.apply(s, engine.legal_actions(s)[-1].action)
    engine.apply(s, engine.legal_actions(s)[-1].action)
    dice(s, [12])
    engine.apply(s, ReloadRanks("A"))
    assert fire.fired_ranks(s, "A") == []


# ---- hand-to-hand ------------------------------------------------------------------------------
def melee_game():
    return game([fig("a", 0, 50, 50, "A"), fig("a2", 0, 50, 54, "A"),
                 fig("b", 1, 53, 50, "B", facing=180), fig("b2", 1, 90, 50, "B")])


def test_only_one_scores_4_plus_it_hits():
    s = melee_game()
    dice(s, [5, 3, 4])                      # a 5, b 3: b hit, d4 4 death
    engine.apply(s, Fight("a", "b"))
    assert s.units["b"].out and not s.units["a"].out


def test_both_unequal_4_plus_parry():
    s = melee_game()
    dice(s, [5, 4])
    engine.apply(s, Fight("a", "b"))
    assert not s.units["b"].out and not s.units["a"].out and not s.units["b"].markers & {"wounded"}


def test_both_equal_4_plus_both_hit():
    s = melee_game()
    dice(s, [5, 5, 1, 1])
    engine.apply(s, Fight("a", "b"))
    assert "wounded" in s.units["a"].markers and "wounded" in s.units["b"].markers


def test_second_figure_rolls_without_reaction():
    s = melee_game()
    dice(s, [3, 3])
    engine.apply(s, Fight("a", "b"))
    s.units["a2"].x, s.units["a2"].y = 53, 53
    dice(s, [4, 1])                         # only a2 rolls: 4 hits, wound
    engine.apply(s, Fight("a2", "b"))
    assert "wounded" in s.units["b"].markers and len([r for r in s.rolls if r.purpose.startswith("hand-to-hand")]) == 3


def test_at_most_two_figures_fight_one_enemy():
    s = game([fig("a", 0, 50, 50, "A"), fig("a2", 0, 50, 54, "A"), fig("a3", 0, 40, 50, "A"),
              fig("b", 1, 53, 50, "B", facing=180)])
    s.units["a2"].x, s.units["a2"].y = 53, 53
    assert not melee.can_charge(s, s.units["a3"], s.units["b"])


def test_advantage_against_a_wounded_enemy_die_one_size_better():
    s = melee_game()
    s.units["b"].markers.add("wounded")
    die, why = melee.die_of(s, s.units["a"], s.units["b"], True)
    assert die == 8 and why == "against a wounded enemy"


def test_advantage_behind_a_parapet():
    s = game([fig("a", 0, 50, 50, "A"), fig("b", 1, 53, 50, "B", facing=180)],
             terrain=[rect("p", "fortification", 51.6, 45, 52.2, 55, "the parapet")])
    die, why = melee.die_of(s, s.units["b"], s.units["a"], False)
    assert die == 8 and why == "behind a parapet"


def test_charge_uses_fast_speed_and_puts_the_target_out_of_control():
    s = game([fig("a", 0, 30, 50, "A"), fig("b", 1, 50, 50, "B", facing=180)])
    dice(s, [1, 1])
    engine.apply(s, Charge("a", "b"))
    assert melee.in_contact(s.units["a"], s.units["b"])
    assert s.data["fast"]["a"] == s.data["pturn"] and forces.status(s, "B") == "out-of-control"


def test_the_log_names_a_players_turn_with_the_right_possessive():
    """Each player's turn opens with a line naming that player: "the Farmers' turn", "Prussia's turn"."""
    from game.rulesets.petite_guerre.command import possessive
    assert possessive("Farmers") == "Farmers'"
    assert possessive("Prussia") == "Prussia's"
