"""Risus Skirmish: rally and close combat (ordinary Risus combat)."""
from __future__ import annotations

from fractions import Fraction

from game.engine import game as engine
from game.engine.actions import Pass
from game.rulesets.risus_skirmish import combat
from game.rulesets.risus_skirmish.actions import Move, Rally
from test_risus_helpers import cliche, fig, game, option, rect, texts, who, with_dice

# reserves deep in a wood, out of everyone's sight: neither side is ever all pinned here
FIELD_AND_WOOD = [rect("f", "field", 0, 0, 60, 25), rect("w", "wood", 0, 25, 60, 40)]
RESERVES = [fig("r0", 0, 8, 33), fig("r1", 1, 52, 33)]


# -- rally -----------------------------------------------------------------------------------------
def test_rally_rolls_the_full_cliche_and_any_five_or_six_rallies():
    s = game([fig("a", 0, 10, 20, 3, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)],
             dice=[2, 4, 6])
    o = option(s, "Rally", "a")
    assert o.odds_text == "3 dice, 70% to rally"
    engine.apply(s, Rally("a"))
    assert s.rolls[-1].expr == "hits(3d6,5)>=1"
    assert "pinned" not in s.units["a"].markers
    assert "A is rallied and can continue the fight" in texts(s)


def test_failed_rally_then_a_five_or_six_survives_still_pinned():
    s = game([fig("a", 0, 10, 20, 2, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)],
             dice=[1, 1, 3, 5])
    engine.apply(s, Rally("a"))
    assert [r.purpose for r in s.rolls] == ["rally of A", "A's fate (survive?)"]
    assert "pinned" in s.units["a"].markers and not s.units["a"].out
    assert "A survives for now but stays pinned" in texts(s)


def test_failed_rally_then_lower_rolls_is_out_with_cliche_reduced_to_zero():
    s = game([fig("a", 0, 10, 20, 2, markers=["pinned"]), fig("c", 0, 5, 5), fig("b", 1, 50, 20)],
             dice=[1, 1, 3, 4])
    engine.apply(s, Rally("a"))
    a = s.units["a"]
    assert a.out and all(c["level"] == 0 for c in a.stats["cliches"])
    assert any("A is out of the battle" in t and "reduced to zero" in t for t in texts(s))


def test_a_leaders_leadership_cliche_may_rally_a_team_member():
    team = [fig("l", 0, 10, 18, team="t", cliches=[cliche("Bellowing sergeant", 5, "leadership")]),
            fig("m", 0, 10, 22, team="t", markers=["pinned"],
                cliches=[cliche("Timid clerk", 1, "rallying", "shooting")])]
    s = game(team + [fig("b", 1, 50, 20)], ruleset_data={"teams": {"t": {"name": "T", "leader": "l"}}},
             dice=[1, 1, 1, 1, 6])
    assert option(s, "Rally", "m").odds_text.startswith("5 dice, L's Bellowing sergeant(5)")
    engine.apply(s, Rally("m"))
    assert s.rolls[-1].who == "L for M" and "pinned" not in s.units["m"].markers


# -- close combat ------------------------------------------------------------------------------------
def test_a_move_ending_at_an_enemys_position_assaults_it():
    s = game([fig("a", 0, 10, 20, 3), fig("b", 1, 30, 20, 2, markers=["pinned"])] + RESERVES, FIELD_AND_WOOD)
    o = option(s, "Assault", "a", "b")
    assert o.action == Move("a", 30, 20, 0.0)
    with_dice(s, [6, 6, 6, 1, 1,       # 18 against 2: B loses a die
                  1, 1, 1, 6,          # 3 against 6: A loses a die
                  3, 3, 6,             # 6 against 6: a tie, both roll again
                  6, 6, 1])            # 12 against 1: B is down to zero
    engine.apply(s, o.action)
    log = texts(s)
    assert "Close combat! A assaults B (pinned, he defends)" in log
    assert "A 18 against B 2: B loses a die (Soldier b(1))" in log
    assert "A 3 against B 6: A loses a die (Soldier a(2))" in log
    assert "A 6 against B 6: a tie, both roll again" in log
    assert s.units["b"].out and not s.units["a"].out
    reach = s.units["a"].base_radius + s.units["b"].base_radius      # bases may not overlap:
    assert s.units["a"].pos == (30 - reach, 20)                      # the assault ends in base contact
    assert who(s) == (0, "act")                    # the assault won: the move succeeded


def test_a_lost_assault_puts_the_assaulter_out_and_passes_the_initiative():
    s = game([fig("a", 0, 10, 20, 1), fig("b", 1, 30, 20, 2, markers=["pinned"])] + RESERVES,
             FIELD_AND_WOOD)
    with_dice(s, [1, 6, 6])                         # 1 against 12: A is down to zero
    engine.apply(s, Move("a", 30, 20, 0))
    assert s.units["a"].out and not s.units["b"].out
    assert who(s) == (1, "act")
    assert "Germans take the initiative: A's assault failed" in texts(s)


def test_close_combat_uses_the_close_combat_cliche():
    a = fig("a", 0, 10, 20, cliches=[cliche("Sniper", 5, "shooting"), cliche("Brawler", 2, "close combat")])
    s = game([a, fig("b", 1, 30, 20, 2, markers=["pinned"])] + RESERVES, FIELD_AND_WOOD)
    assert option(s, "Assault", "a", "b").odds_text == "close combat 2 vs 2 dice, 50%"


def test_a_team_assaults_with_its_leader_and_the_members_sixes():
    team = [fig("l", 0, 10, 20, 2, team="t"), fig("f", 0, 10, 23, 2, team="t")]
    s = game(team + [fig("b", 1, 30, 20, 3, markers=["pinned"])] + RESERVES, FIELD_AND_WOOD,
             ruleset_data={"teams": {"t": {"name": "T", "leader": "l"}}})
    o = option(s, "Assault", "t", "b")
    assert o.odds == combat.combat_odds(2, (2,), 3)
    assert "+ 1 team member (6s only)" in o.odds_text
    with_dice(s, [1, 1, 6, 6, 5, 5, 5] + [6, 6, 1, 1, 1, 1] * 3)
    engine.apply(s, o.action)
    # round 1: L 2 + F's two sixes 12 = 14 against 15: L loses a die
    assert "L 14 against B 15: L loses a die (Soldier l(1))" in texts(s)


def test_close_combat_odds():
    assert combat.combat_odds(1, (), 1) == Fraction(1, 2)
    assert combat.combat_odds(3, (), 3) == Fraction(1, 2)
    assert combat.combat_odds(4, (), 2) > Fraction(9, 10)
    assert combat.combat_odds(2, (2,), 2) > combat.combat_odds(2, (), 2)


def test_unpinned_defender_usually_fires_first_then_close_combat():
    s = game([fig("a", 0, 10, 20, 3), fig("b", 1, 30, 20, 3)] + RESERVES, FIELD_AND_WOOD)
    engine.apply(s, option(s, "Assault", "a", "b").action)
    assert who(s) == (1, "opportunity-fire")
    with_dice(s, [1, 1, 6, 6, 6, 1, 1, 1] + [6, 6, 6, 1, 1, 1] * 2)
    engine.apply(s, Pass(1))
    assert any(t.startswith("Close combat! A assaults B") for t in texts(s))
