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
