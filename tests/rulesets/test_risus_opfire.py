"""Risus Skirmish: opportunity fire, diving for cover and the spotting option."""
from __future__ import annotations

import math

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risus_skirmish import combat
from game.rulesets.risus_skirmish.actions import DiveForCover, Move, OpportunityFire
from test_risus_helpers import fig, game, option, options, rect, texts, who, with_dice

# A field along the north; a wood screens the south-west from the south-east field.
SCREEN = [rect("north", "field", 0, 0, 60, 20, name="North Field"), rect("w", "wood", 0, 20, 30, 40),
          rect("se", "field", 30, 20, 60, 40, name="South Field")]
ENTRY = (20.0, 10.0)      # moving east along y=10, a comes into view of (45, 35) at x=20


RESERVE = fig("r", 0, 10, 30)    # deep in the wood, out of sight: the Americans are never all pinned


def start(*extra, **kw):
    return game([fig("a", 0, 10, 10), fig("b", 1, 45, 35), RESERVE] + list(extra), SCREEN, **kw)


def test_entering_the_enemys_los_gives_the_enemy_an_op_fire_decision():
    s = start()
    engine.apply(s, Move("a", 40, 10, 0))
    assert who(s) == (1, "opportunity-fire")
    assert {o.kind for o in options(s)} == {"OpportunityFire", "Pass"}
    o = option(s, "OpportunityFire", "b", "a")
    assert o.odds_text == "2 dice, 56%"
    assert s.units["a"].pos == (10, 10)                  # the move waits for the answer


def test_successful_op_fire_stops_the_move_where_the_mover_entered_los():
    s = start()
    engine.apply(s, Move("a", 40, 10, 0))
    with_dice(s, [5, 1])
    engine.apply(s, OpportunityFire("b", "a"))
    assert s.units["a"].pos == ENTRY and "pinned" in s.units["a"].markers
    assert who(s) == (1, "act") and s.flow.initiative == 1 and s.turn == 2
    log = texts(s)
    assert "OP fire! B fires at A as he comes into view" in log
    assert "The OP fire stops the move: A hits the ground" in log
    assert "Germans take the initiative: successful OP fire by B" in log


def test_failed_op_fire_lets_the_move_complete_and_the_mover_keeps_the_initiative():
    s = start()
    engine.apply(s, Move("a", 40, 10, 0))
    with_dice(s, [1, 4])
    engine.apply(s, OpportunityFire("b", "a"))
    assert s.units["a"].pos == (40, 10) and "pinned" not in s.units["a"].markers
    assert who(s) == (0, "act") and s.turn == 1


def test_holding_fire_lets_the_move_complete():
    s = start()
    engine.apply(s, Move("a", 40, 10, 0))
    engine.apply(s, Pass(1))
    assert s.units["a"].pos == (40, 10) and who(s) == (0, "act")
    assert "The Germans hold their fire" in texts(s)


def test_a_move_out_of_enemy_view_draws_no_op_fire():
    s = start()
    engine.apply(s, Move("a", 12, 5, 0))
    assert who(s) == (0, "act") and s.units["a"].pos == (12, 5)


def test_a_pinned_enemy_cannot_fire_at_opportunity():
    s = game([fig("a", 0, 10, 10), fig("b", 1, 45, 35, markers=["pinned"]), fig("c", 1, 58, 38)], SCREEN)
    engine.apply(s, Move("a", 40, 10, 0))
    d = engine.to_act(s)
    assert d.kind == "opportunity-fire"
    assert [o.the_actor for o in options(s, "OpportunityFire")] == ["c"]


def test_one_option_per_eligible_firer_each_resolved_as_its_attack():
    team = [fig("t1", 1, 50, 30, team="t"), fig("t2", 1, 52, 30, team="t"), fig("t3", 1, 54, 30, team="t",
                                                                             weapon="light machine gun")]
    s = start(*team, ruleset_data={"teams": {"t": {"name": "Team", "leader": "t1"}}})
    engine.apply(s, Move("a", 40, 10, 0))
    firers = {o.the_actor: o for o in options(s, "OpportunityFire")}
    assert set(firers) == {"b", "t"}
    assert firers["t"].odds_text == "4 dice, 80%"         # round(3/2) + machine gun + 3 attackers


def test_a_mover_already_in_view_can_be_fired_on_as_soon_as_it_moves():
    s = game([fig("a", 0, 40, 10), fig("b", 1, 45, 35)], SCREEN)
    engine.apply(s, Move("a", 50, 10, 0))
    with_dice(s, [6, 6])
    engine.apply(s, OpportunityFire("b", "a"))
    assert s.units["a"].pos == (41, 10)                    # stopped at the first point of its path


def test_the_enemy_out_of_its_field_of_vision_does_not_fire():
    s = game([fig("a", 0, 10, 10), fig("b", 1, 45, 35, facing=90)], SCREEN, options={"facing": "90"})
    engine.apply(s, Move("a", 40, 10, 0))
    assert who(s) == (0, "act") and s.units["a"].pos == (40, 10)


TEAM_IN_VIEW = [fig("l", 0, 40, 10, team="m"), fig("n", 0, 40, 13, team="m")]   # bases clear (2.5 cm)
MOVERS = {"teams": {"m": {"name": "Movers", "leader": "l"}}}


def test_op_fire_on_a_team_attacks_each_member_all_must_be_hit_to_stop_it():
    s = game(TEAM_IN_VIEW + [fig("b", 1, 45, 35), RESERVE], SCREEN, ruleset_data=MOVERS)
    engine.apply(s, Move("m", 50, 10, 0))
    assert option(s, "OpportunityFire", "b", "m").odds_text == "2 attacks (2, 2 dice), all must hit: 31%"
    with_dice(s, [5, 1, 6, 1])
    engine.apply(s, OpportunityFire("b", "m"))
    assert [r.purpose for r in s.rolls] == ["OP fire on L", "OP fire on N"]
    assert s.units["l"].pos == (41, 10) and s.units["n"].pos == (41, 13)
    assert all("pinned" in s.units[u].markers for u in "ln") and who(s) == (1, "act")
    assert "The OP fire stops the move: Movers hit the ground" in texts(s)


def test_team_partly_hit_by_failed_op_fire_the_rest_complete_the_move():
    s = game(TEAM_IN_VIEW + [fig("b", 1, 45, 35), RESERVE], SCREEN, ruleset_data=MOVERS)
    engine.apply(s, Move("m", 50, 10, 0))
    with_dice(s, [5, 1, 1, 2])
    engine.apply(s, OpportunityFire("b", "m"))
    assert s.units["l"].pos == (41, 10) and "pinned" in s.units["l"].markers     # hit: down where seen
    assert s.units["n"].pos == (50, 13) and "pinned" not in s.units["n"].markers  # goes on
    assert who(s) == (0, "act")                          # the OP fire failed: the move succeeded


# -- diving for cover ----------------------------------------------------------------------------------
def test_diving_for_cover_is_for_every_member_hit_even_when_the_fire_on_the_team_failed():
    """Advanced "Diving for cover": L is hit by fire that fails to stop the team; L may still dive."""
    s = game(TEAM_IN_VIEW + [fig("b", 1, 45, 35), RESERVE], SCREEN, ruleset_data={**MOVERS, "grenade_range": 8},
             options={"diving_for_cover": True})
    engine.apply(s, Move("m", 50, 10, 0))
    with_dice(s, [5, 1, 1, 2])                              # L hit, N missed: the OP fire fails
    engine.apply(s, OpportunityFire("b", "m"))
    assert s.units["n"].pos == (50, 13)                     # N goes on
    assert who(s) == (0, "dive-for-cover") and engine.to_act(s).context["members"] == ["l"]
    engine.apply(s, DiveForCover("m", 44, 13, 90))
    assert s.units["l"].pos == (44, 13) and s.units["n"].pos == (50, 13)
    assert "L dives for cover into North Field (field) before going down" in texts(s)
    assert who(s) == (0, "act")                             # the move succeeded: the initiative stays


def test_diving_for_cover_lets_the_mover_move_up_to_r2_before_going_down():
    s = start(options={"diving_for_cover": True}, ruleset_data={"grenade_range": 8})
    engine.apply(s, Move("a", 40, 10, 0))
    with_dice(s, [6, 1])
    engine.apply(s, OpportunityFire("b", "a"))
    assert who(s) == (0, "dive-for-cover")
    region = option(s, "DiveForCover", "a").region
    assert region.bounds[0] >= ENTRY[0] - 8 - 1e-6 and region.bounds[2] <= ENTRY[0] + 8 + 1e-6
    engine.apply(s, DiveForCover("a", 15, 13, 90))
    assert s.units["a"].pos == (15, 13) and "pinned" in s.units["a"].markers
    assert math.dist((15, 13), ENTRY) <= 8
    assert who(s) == (1, "act")                           # the initiative still went to the firer
    assert "A dives for cover into North Field (field) before going down" in texts(s)


def test_diving_for_cover_beyond_r2_is_illegal():
    s = start(options={"diving_for_cover": True}, ruleset_data={"grenade_range": 8})
    engine.apply(s, Move("a", 40, 10, 0))
    with_dice(s, [6, 1])
    engine.apply(s, OpportunityFire("b", "a"))
    assert engine.check(s, DiveForCover("a", 35, 10, 0)) is not None
    engine.apply(s, Pass(0))
    assert s.units["a"].pos == ENTRY and who(s) == (1, "act")


# -- spotting (optional) --------------------------------------------------------------------------------
def test_spotting_option_needs_a_six_before_op_fire():
    s = start(options={"spotting": True})
    engine.apply(s, Move("a", 40, 10, 0))
    o = option(s, "OpportunityFire", "b", "a")
    assert o.odds == combat.p_sixes(3) * combat.p_attack(2)
    with_dice(s, [5, 5, 4])                               # no 6: not spotted, no OP fire
    engine.apply(s, OpportunityFire("b", "a"))
    assert s.units["a"].pos == (40, 10) and who(s) == (0, "act")
    assert "B does not spot A in time: no OP fire" in texts(s)
    s2 = start(options={"spotting": True})
    engine.apply(s2, Move("a", 40, 10, 0))
    with_dice(s2, [1, 6, 2, 5, 1])                        # spotted, then the OP fire hits
    engine.apply(s2, OpportunityFire("b", "a"))
    assert s2.units["a"].pos == ENTRY and "pinned" in s2.units["a"].markers


def test_turning_on_the_spot_draws_no_op_fire():
    s = game([fig("a", 0, 40, 10), fig("b", 1, 45, 35), RESERVE], SCREEN)   # a stands in b's view
    engine.apply(s, Move("a", 40, 10, 270))
    assert who(s) == (0, "act") and s.units["a"].facing == 270
