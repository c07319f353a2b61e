"""A Risk to Take AI: "dismount dragoons for cover" (game/ai/risk_to_take/dragoons.py)."""
from __future__ import annotations

from game.ai.framework import Context, Settings
from game.ai.knowledge import knowledge_for
from game.ai.players import make_player
from game.ai.risk_to_take.dragoons import DismountCA, light_fire_gain
from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.rulesets.risk_to_take.actions import Dismount

from tests.rulesets.rtt_helpers import battle

UP, DOWN = 270.0, 90.0
WALL = ("fortification", [[44, 54], [56, 54], [56, 55], [44, 55]])


def _scores(state) -> dict:
    d = engine.to_act(state)
    ctx = Context(engine.view(state, d.side), engine.legal_actions(state), d, Settings("normal"),
                  PlayerRng(1), knowledge_for("risk-to-take"))
    return {c.option.the_actor: c.score for c in DismountCA().evaluate(ctx)}


def _choose(state):
    d = engine.to_act(state)
    return make_player("normal", 1, d.side).choose(engine.view(state, d.side), engine.legal_actions(state), d)


def test_light_infantry_fire_makes_a_volley_rout_one_time_in_six_more():
    """"Light infantry ... reduces saving by -1": a volley's target routs on 1-2 instead of a 1."""
    assert abs(light_fire_gain() - 1 / 6) < 1e-9


def test_dragoons_behind_a_wall_with_the_enemy_close_dismount():
    """"Dragoons: mount or dismount as an action. Dismounted, they act as light infantry": behind a
    fortification, the enemy a stick and a half off, dismounted dragoons' volleys rout more."""
    st = battle([("d", 0, "dragoons", 50, 56.5, UP), ("x", 1, "line-infantry", 50, 44, DOWN)], terrain=[WALL])
    assert _scores(st)["d"] > 0
    assert _choose(st) == Dismount("d")


def test_dragoons_in_the_open_keep_their_horses():
    """Away from cover the horses' 12 cm move is worth more: no dismount."""
    st = battle([("d", 0, "dragoons", 20, 66, UP), ("x", 1, "line-infantry", 20, 54, DOWN)], terrain=[WALL])
    assert _scores(st)["d"] < 0
    assert _choose(st) != Dismount("d")


def test_dragoons_behind_a_wall_with_no_enemy_near_keep_their_horses():
    st = battle([("d", 0, "dragoons", 50, 56.5, UP), ("x", 1, "line-infantry", 100, 10, DOWN)], terrain=[WALL])
    assert _scores(st)["d"] < 0
