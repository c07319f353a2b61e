"""A Risk to Take knowledge: charges weighed with the return blow and the fortification."""
from __future__ import annotations

from game.ai.framework import Context, Settings
from game.ai.knowledge import knowledge_for
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.dice import PlayerRng
from tests.rulesets.rtt_helpers import battle

UP, DOWN = 270.0, 90.0


def _charge_scores(state):
    from game.ai.risk_to_take import ChargeCA
    d = engine.to_act(state)
    ctx = Context(engine.view(state, d.side), engine.legal_actions(state), d, Settings("normal"),
                  PlayerRng(1), knowledge_for("risk-to-take"))
    return {c.option.target: c.score for c in ChargeCA().evaluate(ctx)}


def test_the_knowledge_is_found_by_ruleset_id():
    assert knowledge_for("risk-to-take").ruleset_id == "risk-to-take"


def test_a_flank_charge_is_worth_more_than_a_frontal_one():
    st = battle([("a", 0, "cavalry", 50, 60, UP), ("front", 1, "line-infantry", 46, 52, DOWN),
                 ("flank", 1, "line-infantry", 56, 52, 0.0)])
    scores = _charge_scores(st)
    assert scores["flank"] > 0 > scores["front"] or scores["flank"] > scores["front"]


def test_a_charge_at_a_unit_lining_a_wall_is_worth_little():
    wall = ("fortification", [[40, 54], [52, 54], [52, 55], [40, 55]])
    st = battle([("a", 0, "cavalry", 50, 62, UP), ("lined", 1, "line-infantry", 46, 52.5, DOWN),
                 ("open", 1, "line-infantry", 58, 52, DOWN)], terrain=[wall])
    scores = _charge_scores(st)
    assert scores["lined"] < scores["open"]


def test_normal_plays_a_decision_quickly():
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("x", 1, "line-infantry", 50, 30, DOWN)])
    d = engine.to_act(st)
    action = make_player("normal", 1, 0).choose(engine.view(st, 0), engine.legal_actions(st), d)
    assert engine.check(st, action) is None


def _ctx(state):
    d = engine.to_act(state)
    return Context(engine.view(state, d.side), engine.legal_actions(state), d, Settings("normal"),
                   PlayerRng(1), knowledge_for("risk-to-take"))


def test_a_move_never_asks_to_turn_about():
    """"For turning 180 degrees ... only allowed when rolling 6": with the enemy behind it, the unit's
    move turns it at most 90 degrees (free) rather than gambling on the 6."""
    from game.ai.risk_to_take import HoldTheFieldMoveCA
    from game.geometry.sectors import angle_difference
    st = battle([("a", 0, "line-infantry", 50, 40, UP), ("x", 1, "line-infantry", 50, 60, DOWN)])
    cands = [c for c in HoldTheFieldMoveCA().evaluate(_ctx(st)) if c.option.the_actor == "a"]
    assert cands and all(angle_difference(UP, c.action.facing) <= 90 + 1e-6 for c in cands)


def test_a_big_army_weighs_five_moves_a_decision_the_units_nearest_the_enemy():
    from game.ai.risk_to_take import WINDOW, _window
    units = [(f"a{i}", 0, "line-infantry", 10 + 10 * i, 60 - i, UP) for i in range(8)]
    st = battle(units + [("x", 1, "line-infantry", 90, 20, DOWN)])
    narrow = _window(_ctx(st))
    moved = [o.the_actor for o in narrow.options if o.kind == "Move"]
    assert WINDOW == 5 and sorted(moved) == ["a3", "a4", "a5", "a6", "a7"]
    assert any(o.kind == "Pass" for o in narrow.options)


def test_a_move_faces_the_enemy_that_fights_not_a_routed_unit_or_a_commander():
    """"routed units are neither fired at nor charged" and commanders "do not fire or fight": a move
    faces the nearest formed enemy, though a routed unit (a rout stopped by the bases behind it) and
    an enemy general stand nearer."""
    from game.ai.risk_to_take import HoldTheFieldMoveCA
    from game.geometry.sectors import angle_difference, angle_to
    from game.rulesets.risk_to_take.troops import ROUTED
    st = battle([("a", 0, "line-infantry", 50, 40, UP), ("r", 1, "line-infantry", 50, 32, DOWN),
                 ("gen", 1, "commander", 43, 37, DOWN), ("x", 1, "line-infantry", 62, 34, 180.0)])
    st.units["r"].markers.add(ROUTED)
    cands = [c for c in HoldTheFieldMoveCA().evaluate(_ctx(st)) if c.option.the_actor == "a"]
    assert cands
    for c in cands:
        at = (c.action.x, c.action.y)
        assert angle_difference(c.action.facing, angle_to(at, st.units["x"].pos)) < 0.01


def test_two_formed_units_hold_the_objective_the_others_go_and_fight():
    """At the limit "the side alone holding the walled farm wins" (a formed unit within its radius):
    once two of ours stand there formed, a third gains nothing by joining them, while a routed one
    there holds nothing and leaves the place worth taking."""
    from game.ai.risk_to_take import HOLDERS, HoldTheFieldMoveCA
    from game.rulesets.risk_to_take.troops import ROUTED

    def score(routed_holders: bool) -> float:
        st = battle([("h1", 0, "line-infantry", 56, 40, UP), ("h2", 0, "line-infantry", 64, 40, UP),
                     ("a", 0, "line-infantry", 60, 50, UP), ("x", 1, "line-infantry", 60, 10, DOWN)],
                    objective=(60, 40, 8))
        if routed_holders:
            for h in ("h1", "h2"):
                st.units[h].markers.add(ROUTED)
        ctx = _ctx(st)
        enemies = [u.pos for u in ctx.enemies()]
        return HoldTheFieldMoveCA().score_point(ctx, (60.0, 44.5), (60.0, 50.0), enemies, [(60.0, 40.0)])
    assert HOLDERS == 2 and score(routed_holders=False) < score(routed_holders=True)


def test_the_random_player_never_turns_a_base_where_it_has_no_room():
    """"A turn on the spot needs room for the base to swing": the random player's move, a point of
    the region and any facing, keeps the unit's own facing where the rules refuse the turn."""
    from game.ai.players import RandomPlayer
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 54.1, 60, 0.0),
                 ("c", 0, "line-infantry", 45.9, 60, 180.0), ("d", 0, "line-infantry", 50, 64.1, UP),
                 ("x", 1, "line-infantry", 50, 10, DOWN)])
    d = engine.to_act(st)
    only = [o for o in engine.legal_actions(st) if o.kind == "Move" and o.the_actor == "a"]
    actions = [RandomPlayer(seed, 0).choose(engine.view(st, 0), only, d) for seed in range(40)]
    assert all(engine.check(st, a) is None for a in actions)


def test_the_normal_ai_turns_only_where_the_base_has_room():
    """"A turn on the spot needs room for the base to swing": hemmed in by its own line, with the enemy
    off to one side, the AI's chosen move is one the rules accept (it keeps its facing, or steps out)."""
    st = battle([("a", 0, "line-infantry", 50, 60, UP), ("b", 0, "line-infantry", 54.1, 60, 0.0),
                 ("c", 0, "line-infantry", 45.9, 60, 180.0), ("d", 0, "line-infantry", 50, 64.1, UP),
                 ("x", 1, "line-infantry", 70, 40, DOWN)])
    d = engine.to_act(st)
    only = [o for o in engine.legal_actions(st) if o.kind == "Move" and o.the_actor == "a"]
    for seed in range(5):
        action = make_player("normal", seed, 0).choose(engine.view(st, 0), only, d)
        assert engine.check(st, action) is None
