"""More than two sides in one place (seed 001): "Every fight has only two sides. If there are more than
two sides, break the fight down into smaller fights until there are only two." """
from __future__ import annotations

from game.engine import game as engine
from game.rulesets.riskbreaker import fights
from game.rulesets.riskbreaker import round as rb_round
from game.rulesets.riskbreaker.actions import KillDamage, Surrender

from tests.rulesets.riskbreaker_helpers import char, declare_all, fighter_with, game, row, until_turn_of, with_dice

THREE = ("Blue", "Red", "Green")


def placed(unit: dict, y: float) -> dict:
    return dict(unit, y=y)


def brawl(**kw):
    """Two of each of three sides in the yard: M5 and M3 apiece."""
    units = []
    for side, tag in enumerate("brg"):
        units += [placed(char(f"{tag}5", side, 0, fighter_with("Axe", "muscle", 5), slot=0), 3 + 6 * side),
                  placed(char(f"{tag}3", side, 0, fighter_with("Club", "muscle", 3), slot=1), 3 + 6 * side)]
    return game(units, row("yard", "lane"), sides=THREE, **kw)


def test_three_sides_in_one_place_are_split_into_two_sided_fights():
    """Each side deals its characters, strongest first, to the enemy sides in turn: Blue's M5 to Red,
    its M3 to Green; Red's M5 to Blue, its M3 to Green; Green's M5 to Blue, its M3 to Red."""
    state = brawl()
    declare_all(state)
    assert {k: sorted(f["members"]) for k, f in state.data["fights"].items()} == {
        "yard#0v1": ["b5", "r5"], "yard#0v2": ["b3", "g5"], "yard#1v2": ["g3", "r3"]}
    assert {k: f["sides"] for k, f in state.data["fights"].items()} == {
        "yard#0v1": [0, 1], "yard#0v2": [0, 2], "yard#1v2": [1, 2]}


def test_each_split_fight_has_its_own_advantage_between_its_two_sides():
    """Blue's M3 against Green's M5: 3 - 5 = -2 for Blue, +2 for Green; Red has no part in it."""
    state = brawl()
    declare_all(state)
    assert fights.advantage(state, "yard#0v2", 0) == -2 and fights.advantage(state, "yard#0v2", 2) == 2
    assert fights.advantage(state, "yard#0v2", 1) == 0
    assert fights.opponents(state, "b3") == [state.units["g5"]]
    assert any("Starting Advantage at yard (Blue against Green): Blue -2" in e.text for e in state.log)


def test_a_character_dealt_to_a_side_that_sent_nobody_back_has_no_fight():
    """One of each side: Blue and Green both deal to Red (their first enemy); Red deals to Blue. Green's
    man has no opponent this round."""
    units = [placed(char(t, side, 0, fighter_with("Axe", "muscle", 4)), 3 + 6 * side) for side, t in enumerate("brg")]
    state = game(units, row("yard"), sides=THREE)
    declare_all(state)
    assert {k: sorted(f["members"]) for k, f in state.data["fights"].items()} == {"yard#0v1": ["b", "r"]}
    assert fights.fight_of(state, "g") is None


def test_kill_damage_in_a_split_fight_spends_that_fights_advantage():
    state = brawl()
    until_turn_of(state, "g5")
    with_dice(state, [1])
    engine.apply(state, KillDamage("g5", 2, ("b3", "b3")))
    assert state.data["fights"]["yard#0v2"]["adv"] == -2 + 2      # stored for Blue: Green spent 2 of its +2
    assert fights.advantage(state, "yard#0v1", 0) == 0 and state.units["b3"].out is False


def test_with_more_than_two_sides_the_last_side_standing_wins():
    state = brawl()
    for u in state.units.values():
        if u.side != 1:
            u.out = True
    result = engine.ruleset_of(state).result(state)
    assert (result.winner, result.reason) == (1, "Red are the last side standing")


def test_a_side_that_surrenders_leaves_the_battle_and_the_others_fight_on():
    """"Until one group flees, surrenders ...": with three sides, the one that surrenders is beaten and
    its characters leave; the battle goes on between the others."""
    state = brawl()
    declare_all(state)
    rb_round.surrender(state, Surrender(2))
    assert all(u.out for u in state.units.values() if u.side == 2) and "surrendered" in state.units["g3"].markers
    assert engine.ruleset_of(state).result(state) is None


def test_at_the_round_limit_the_side_with_most_characters_standing_wins_among_three():
    state = brawl()
    state.units["b3"].out = True
    state.units["g3"].out = True
    result = engine.ruleset_of(state).result_at_limit(state)
    assert (result.winner, result.reason) == (1, "the round limit: more characters standing (2 to 1 and 1)")
    state.units["r3"].out = True
    assert engine.ruleset_of(state).result_at_limit(state).reason == \
        "the round limit: 1 character standing on more than one side"
