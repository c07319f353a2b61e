"""The Riskbreaker AI (game/ai/riskbreaker): it spends Advantage where it knocks characters out, runs
for the exit when the scenario is won by escaping."""
from __future__ import annotations

from game.ai.players import make_player
from game.engine import game as engine
from game.rulesets.riskbreaker.actions import Flee, KillDamage

from tests.rulesets.riskbreaker_helpers import char, fighter_with, game, row, set_advantage, until_turn_of


def _choose(state, side=0):
    d = engine.to_act(state)
    player = make_player("normal", 1, side)
    return player.choose(engine.view(state, d.seat), engine.legal_actions(state), d)


def test_normal_spends_advantage_to_knock_out_a_wounded_enemy():
    state = game([char("ranger", 0, 0, {"archetype": "ranger"}), char("hurt", 1, 0, fighter_with("Axe", "muscle", 3)),
                  char("fresh", 1, 0, fighter_with("Axe", "muscle", 3), slot=1)], row("yard"))
    from game.rulesets.riskbreaker import characters
    characters.sheet(state, "hurt")["kill"] = 2
    until_turn_of(state, "ranger")
    set_advantage(state, "yard", 0, 6)
    action = _choose(state)
    assert isinstance(action, KillDamage) and "hurt" in action.targets


def test_normal_leaves_by_the_exit_when_escaping_wins():
    state = game([char("thief", 0, 1, {"archetype": "thief"}), char("guard", 1, 0, fighter_with("Pike", "muscle", 2))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    until_turn_of(state, "thief")
    assert _choose(state) == Flee("thief")


def _losing_fight(friend_at: int | None):
    from tests.rulesets.riskbreaker_helpers import skill
    moves = [skill("Maneuver", "agility")]
    units = [char("blade", 0, 0, fighter_with("Sword", "muscle", 4, extra=moves)),
             char("axe", 1, 0, fighter_with("Axe", "muscle", 6, extra=moves)),
             char("pike", 1, 0, fighter_with("Pike", "muscle", 6, extra=moves), slot=1)]
    if friend_at is not None:
        units.append(char("mate", 0, friend_at, fighter_with("Sword", "muscle", 4, extra=moves)))
    state = game(units, row("yard", "lane", "field"))
    until_turn_of(state, "blade")
    set_advantage(state, "yard", 0, -6)
    return state


def test_normal_falls_back_on_friends_from_a_lost_fight():
    """Maneuvering out of a fight ("opponents may follow": they keep pace and the fight goes on) is
    worth it where friends stand to fight beside the character."""
    from game.rulesets.riskbreaker.actions import Maneuver
    action = _choose(_losing_fight(friend_at=1))
    assert isinstance(action, Maneuver) and action.to == "lane"


def test_normal_does_not_run_from_a_lost_fight_into_empty_ground():
    """Running from a lost fight to an empty place only starts a chase (the winners follow or come
    on next round) and no fight is ever finished: the character fights on instead."""
    from game.rulesets.riskbreaker.actions import Maneuver
    action = _choose(_losing_fight(friend_at=None))
    assert not isinstance(action, Maneuver)


def test_normal_closes_in_on_enemies_even_on_poor_agility():
    """"A failed maneuver still arrives" (only its position is poor), so a clumsy melee fighter three
    steps from a stronger party draws nearer instead of standing idle (the duel's parties never met)."""
    from game.rulesets.riskbreaker.actions import Maneuver
    from tests.rulesets.riskbreaker_helpers import skill
    moves = [skill("Maneuver", "agility")]
    state = game([char("blade", 0, 0, fighter_with("Sword", "muscle", 8, extra=moves, agility=3)),
                  char("axe", 1, 3, fighter_with("Axe", "muscle", 8, extra=moves)),
                  char("pike", 1, 3, fighter_with("Pike", "muscle", 8, extra=moves), slot=1)], row("a", "b", "c", "d"))
    until_turn_of(state, "blade")
    action = _choose(state)
    assert isinstance(action, Maneuver) and action.to in ("b", "c")


def _moves(*more):
    from tests.rulesets.riskbreaker_helpers import skill
    return [skill("Maneuver", "agility"), *more]


def test_normal_runs_for_an_exit_further_than_one_maneuver():
    """The ford seven locations away is still the goal: the party AI measures the way to an exit at any
    distance (a maneuver reaches three steps at most; from where it lands the ford is four away)."""
    from game.rulesets.riskbreaker.actions import Maneuver
    state = game([char("thief", 0, 0, {"archetype": "thief"}),
                  char("guard", 1, 7, fighter_with("Pike", "muscle", 2))],
                 row("camp", "a", "b", "c", "d", "e", "f", "ford"), ruleset_data={"exits": ["ford"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    until_turn_of(state, "thief")
    action = _choose(state)
    assert isinstance(action, Maneuver) and action.to == "c"     # three steps nearer, Risk 3


def test_hunters_keep_pace_with_a_fugitive_breaking_away_off_the_table():
    """"Each member of the other side has the option to attempt to move with them": a guard who keeps
    pace keeps the fugitive from getting away, so the hunting AI always tries."""
    from game.rulesets.riskbreaker.actions import Follow
    from tests.rulesets.riskbreaker_helpers import declare_all, with_dice
    state = game([char("thief", 0, 1, {"archetype": "thief"}),
                  char("guard", 1, 1, fighter_with("Pike", "muscle", 6, extra=_moves()))],
                 row("yard", "gate"), ruleset_data={"exits": ["gate"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    declare_all(state)
    until_turn_of(state, "thief")
    with_dice(state, [4])
    engine.apply(state, Flee("thief"))
    assert engine.to_act(state).kind == "follow"
    assert _choose(state, side=1) == Follow("guard", True)


def test_hunters_hold_the_exit_rather_than_go_after_the_fugitives():
    """Against a side that wins by escaping, a hunter on the exit stays there while few hold it."""
    from game.rulesets.riskbreaker.actions import Maneuver
    state = game([char("thief", 0, 0, {"archetype": "thief"}),
                  char("guard", 1, 2, fighter_with("Pike", "muscle", 6, extra=_moves()))],
                 row("camp", "bank", "ford"), ruleset_data={"exits": ["ford"]},
                 victory={"kind": "escape", "side": 0, "escapes": 1})
    until_turn_of(state, "guard")
    assert not isinstance(_choose(state, side=1), Maneuver)


def test_an_archer_shooting_into_a_fight_next_door_stays_where_it_is():
    """A place to fight from is worth what it adds: an archer already next to the enemy does not trade
    it for another place next to the enemy (that was a dance of archers that never ended a game)."""
    from game.rulesets.riskbreaker.actions import Maneuver
    bow = fighter_with("Bow", "agility", 6, fight="ranged", extra=_moves())
    state = game([char("archer", 0, 1, bow), char("blade", 1, 2, fighter_with("Sword", "muscle", 5, extra=_moves())),
                  char("spear", 1, 2, fighter_with("Spear", "muscle", 5, extra=_moves()), slot=1)],
                 row("a", "b", "c", "d"))
    from tests.rulesets.riskbreaker_helpers import declare_all
    declare_all(state, {"archer": ("", "Bow")})
    until_turn_of(state, "archer")
    action = _choose(state)
    assert not (isinstance(action, Maneuver) and action.to == "d")


def test_a_side_outnumbered_three_to_one_surrenders_a_battle_of_elimination():
    """"Until one group flees, surrenders, or receives full Kill Damage": one against three has lost at
    the round limit whatever it does, so the AI yields instead of running from fight to fight."""
    from game.rulesets.riskbreaker.actions import Surrender
    state = game([char("lone", 0, 0, fighter_with("Sword", "muscle", 5)),
                  *[char(f"p{i}", 1, 0, fighter_with("Pike", "muscle", 3), slot=i) for i in range(3)]], row("yard"))
    until_turn_of(state, "lone")                     # surrender is offered among its actions
    assert _choose(state) == Surrender(0)
    state = game([char("lone", 0, 0, fighter_with("Sword", "muscle", 5)),
                  *[char(f"p{i}", 1, 0, fighter_with("Pike", "muscle", 3), slot=i) for i in range(2)]], row("yard"))
    until_turn_of(state, "lone")
    assert _choose(state) != Surrender(0)


def _moves():
    from tests.rulesets.riskbreaker_helpers import skill
    return [skill("Maneuver", "agility")]


def test_normal_meets_enemies_who_may_still_move_half_way_instead_of_crossing_past_them():
    """Two parties on either bank of a bridge: jumping at the far bank, where the enemy stands but has
    yet to act, crossed both parties past each other (bridge seed 1); the step onto the bridge meets
    them."""
    from game.rulesets.riskbreaker.actions import Maneuver
    blade = fighter_with("Sword", "muscle", 6, extra=_moves())
    state = game([char("west", 0, 0, blade), char("east", 1, 2, fighter_with("Axe", "muscle", 5, extra=_moves()))],
                 row("west-bank", "bridge", "east-bank"))
    until_turn_of(state, "east")
    action = _choose(state, side=1)
    assert isinstance(action, Maneuver) and action.to == "bridge"


def test_normal_holds_the_place_the_scenario_gives_its_side_advantage_in():
    """The pikes hold the stairway from above (+2 in a fight that begins there): they wait on it for the
    enemy rather than go down to meet him."""
    from game.rulesets.riskbreaker.actions import Maneuver
    pike = fighter_with("Pike", "muscle", 4, extra=_moves())
    state = game([char("raider", 0, 0, fighter_with("Sword", "muscle", 4, extra=_moves())), char("pike", 1, 2, pike)],
                 row("yard", "court", "stair"),
                 ruleset_data={"situations": [{"location": "stair", "side": 1, "advantage": 2,
                                               "why": "from above", "fighting_with": "Pike"}]})
    until_turn_of(state, "pike")
    assert not isinstance(_choose(state, side=1), Maneuver)


def test_a_side_outnumbered_two_to_one_in_fights_lost_past_hope_surrenders():
    """"Until one group flees, surrenders, or receives full Kill Damage": two against four, every fight
    at -12 Advantage or worse, cannot be turned (three Risk 3 successes a round would not do it)."""
    from game.rulesets.riskbreaker.actions import Surrender
    state = game([char("a", 0, 0, fighter_with("Sword", "muscle", 5)), char("b", 0, 0, fighter_with("Axe", "muscle", 5), slot=1),
                  *[char(f"p{i}", 1, 0, fighter_with("Pike", "muscle", 6), slot=i) for i in range(4)]], row("yard"))
    until_turn_of(state, "a")
    set_advantage(state, "yard", 0, -12)
    assert _choose(state) == Surrender(0)
    set_advantage(state, "yard", 0, -6)
    assert _choose(state) != Surrender(0)


def test_an_escort_presses_on_to_a_held_exit_as_the_rounds_run_out():
    """Hunters barring the exit win at the round limit by waiting: the fewer rounds left, the less
    they deter the fugitive (a caravan stood a bridge's length from the gate for eight rounds)."""
    from game.rulesets.riskbreaker.actions import Maneuver
    runner = fighter_with("Cudgel", "muscle", 5, extra=_moves())
    hunters = [char(f"h{i}", 1, 2, fighter_with("Axe", "muscle", 7, extra=_moves()), slot=i) for i in range(4)]
    state = game([char("runner", 0, 1, runner), *hunters], row("camp", "bridge", "gate"),
                 ruleset_data={"exits": ["gate"]}, victory={"kind": "escape", "side": 0, "escapes": 1},
                 turn_limit=14)
    until_turn_of(state, "runner")
    assert not isinstance(_choose(state), Maneuver)
    state.flow.turn = 12
    action = _choose(state)
    assert isinstance(action, Maneuver) and action.to == "gate"
