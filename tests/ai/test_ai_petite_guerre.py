"""The Petite Guerre AI (game/ai/petite_guerre): it fires on good odds, reloads, and plays legal moves."""
from __future__ import annotations

from game.ai.levels import make_level
from game.engine import game as engine
from game.rulesets.petite_guerre.actions import AimedFire, Reload

from tests.rulesets.test_petite_guerre_helpers import fig, game


def _choose(state):
    d = engine.to_act(state)
    player = make_level("normal")(1, d.side)
    return player.choose(engine.view(state, d.side), engine.legal_actions(state), d)


def test_fires_when_the_odds_beat_the_reload_cost():
    s = game([fig("a", 0, 20, 50, "A", "light-infantry"), fig("b", 1, 38, 50, "B", facing=180)])
    assert _choose(s) == AimedFire("a", "b", False)


def test_reloads_in_reach_of_the_enemy():
    s = game([fig("a", 0, 20, 50, "A", "light-infantry"), fig("b", 1, 52, 50, "B", facing=180)])
    s.units["a"].markers.add("fired")
    assert _choose(s) == Reload("a")


def test_its_choice_is_always_legal():
    s = game([fig("a", 0, 20, 50, "A"), fig("a2", 0, 20, 60, "A"), fig("b", 1, 90, 50, "B", facing=180)])
    for _ in range(6):
        if engine.to_act(s) is None:
            break
        action = _choose(s)
        assert engine.check(s, action) is None
        engine.apply(s, action)


def test_a_line_charges_a_disordered_enemy_in_reach():
    """"Charge disordered units": a unit in line with a routed-free, out-of-control enemy figure in
    its fast reach charges it as a unit (its muskets are fired, so no volley competes)."""
    from game.rulesets.petite_guerre import forces
    from game.rulesets.petite_guerre.actions import ChargeInLine
    line = [fig(f"a{r}{i}", 0, 20 - 3 * (r - 1), 44 + 3 * i, "A", rank=r) for r in (1, 2) for i in range(2)]
    s = game(line + [fig("b", 1, 31, 44, "B", "civilians", facing=180)], units_data={"A": {"formation": "line"}})
    forces.set_status(s, "B", "out-of-control", "test")
    for f in forces.figures(s, "A"):
        f.markers.add("fired")
    assert _choose(s) == ChargeInLine("A", "b")


def test_the_attacker_closes_in_as_the_turns_run_out():
    """"Choose speeds ... and charge": late in the game the attacker wants to stand close to the enemy,
    early it keeps to musket range."""
    from game.ai.framework import Context, Settings
    from game.ai.knowledge import knowledge_for
    from game.ai.petite_guerre import MoveCA
    from game.engine.dice import PlayerRng
    s = game([fig("a", 0, 20, 50, "A", "light-infantry"), fig("b", 1, 90, 50, "B", facing=180)])
    d = engine.to_act(s)
    ctx = Context(engine.view(s, 0), engine.legal_actions(s), d, Settings("normal"), PlayerRng(1),
                  knowledge_for("petite-guerre"))
    lead, enemies = s.units["a"], [s.units["b"]]
    early = MoveCA().score_point(ctx, (62, 50), lead, enemies, False) - MoveCA().score_point(ctx, (82, 50), lead, enemies, False)
    ctx.view.flow.turn = 11
    late = MoveCA().score_point(ctx, (62, 50), lead, enemies, False) - MoveCA().score_point(ctx, (82, 50), lead, enemies, False)
    assert early > 0 > late or late < early
    assert MoveCA().score_point(ctx, (84, 50), lead, enemies, False) > MoveCA().score_point(ctx, (62, 50), lead, enemies, False)


def test_does_not_fire_in_haste_at_poor_odds_when_next_turn_is_much_better():
    """"Fire when the odds beat the reload cost": firing in haste (d4+d10 on 13+: 7.5%) spends the shot
    the figure would fire next turn at full odds (d8+d10: 26%), so it waits; close in, it fires."""
    from game.engine.dice import scripted
    from game.rulesets.petite_guerre.actions import Pass
    s = game([fig("a", 0, 20, 50, "A", "light-infantry"), fig("b", 1, 65, 50, "B", facing=180)])
    s.units["a"].markers.add("fired")
    s.dice = scripted([8])
    engine.apply(s, Reload("a"))                       # reloaded: the grey marker
    assert any(o.action == AimedFire("a", "b", True) for o in engine.legal_actions(s))
    assert isinstance(_choose(s), Pass)
    s.units["b"].x = 24                                # 4 paces: d4+d10 on 4+ is 97.5%
    assert _choose(s) == AimedFire("a", "b", True)


def test_an_attacking_line_whose_ranks_have_fired_closes_in_rather_than_reload():
    """"To reload the rank, a single d20 must be rolled and score 16+": a rank reloads one turn in
    four, so an attacking line with every rank fired and the enemy 40 paces off closes in (to charge)
    rather than stand reloading."""
    from game.rulesets.petite_guerre import forces
    from game.rulesets.petite_guerre.actions import Move
    line = [fig(f"a{r}{i}", 0, 20 - 3 * (r - 1), 44 + 3 * i, "A", rank=r) for r in (1, 2) for i in range(3)]
    s = game(line + [fig("b", 1, 60, 47, "B", "light-infantry", facing=180)],
             units_data={"A": {"formation": "line"}}, roles=("attacker", "defender"))
    for f in forces.figures(s, "A"):
        f.markers.add("fired")
    action = _choose(s)
    assert isinstance(action, Move) and action.x > 20
