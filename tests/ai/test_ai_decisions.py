"""Every kind of decision the rulesets ask is answered by every AI level with a legal action,
interrupts included: Risus Skirmish's act, opportunity fire and diving for cover; Takipsilim's
orders, luck and a cooked grenade landing among one's figures."""
from __future__ import annotations

import pytest

import game.rulesets.risus_skirmish  # noqa: F401  (registers the ruleset)
import game.rulesets.takipsilim  # noqa: F401
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.rulesets.risus_skirmish.actions import DiveForCover, OpportunityFire
from game.rulesets.takipsilim.actions import GRENADE, SHOOT, WAIT, Order, SpendLuck, ThrowAway, ThrowBack

LEVELS = ("easy", "normal", "hard")


def rect(pid, kind, x0, y0, x1, y1):
    return {"id": pid, "kind": kind, "name": pid, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def answer(state, level):
    decision = engine.to_act(state)
    action = make_player(level, state.seed, decision.side).choose(
        engine.view(state, decision.side), engine.legal_actions(state), decision)
    assert engine.check(state, action) is None, f"{level} answered {decision.kind} illegally: {action}"
    return decision, action


# -- Risus Skirmish ------------------------------------------------------------------------------
def risus_game(dice=None):
    cl = [{"name": "Soldier", "level": 4, "for": ["shooting", "close combat", "rallying"]}]
    units = [{"id": "us", "side": 0, "name": "Pte Us", "x": 15, "y": 28, "stats": {"cliches": cl, "weapon": "rifle"}},
             {"id": "sarge", "side": 0, "name": "Sgt Deep", "x": 30, "y": 36.5,       # deep in the copse
              "stats": {"cliches": cl, "weapon": "rifle"}},
             {"id": "them", "side": 1, "name": "Gefr Them", "x": 55, "y": 20,
              "stats": {"cliches": cl, "weapon": "light machine gun"}}]
    terrain = [rect("west", "field", 0, 0, 20, 40), rect("middle", "field", 20, 0, 40, 32),
               rect("copse", "wood", 20, 32, 40, 40), rect("east", "field", 40, 0, 60, 40)]
    sc = Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "decisions", "ruleset": "risus-skirmish",
        "options": {"facing": "none", "grenades": True, "diving_for_cover": True},
        "table": {"width": 60, "height": 40, "edge_band": 3}, "terrain": terrain,
        "sides": [{"name": "Americans", "role": "attacker"}, {"name": "Germans", "role": "defender"}],
        "units": units, "victory": {"kind": "eliminate"}, "turn_limit": 20,
        "ruleset_data": {"first_side": 0, "grenade_range": 15, "grenade_blast_radius": 4}})
    return engine.new_game(sc, seed=3, dice=scripted(dice) if dice is not None else None)


def move_into_view(state):
    move = next(o for o in engine.legal_actions(state) if o.kind == "Move" and o.the_actor == "us")
    engine.apply(state, move.at(21.5, 28.0, 0.0))


@pytest.mark.parametrize("level", LEVELS)
def test_risus_act(level):
    decision, action = answer(risus_game(), level)
    assert decision.kind == "act"


@pytest.mark.parametrize("level", LEVELS)
def test_risus_opportunity_fire_is_taken(level):
    state = risus_game()
    move_into_view(state)
    decision, action = answer(state, level)
    assert decision.kind == "opportunity-fire" and decision.side == 1
    if level != "easy":
        assert isinstance(action, OpportunityFire)        # a free roll: it costs nothing


@pytest.mark.parametrize("level", LEVELS)
def test_risus_dive_for_cover(level):
    state = risus_game()
    move_into_view(state)
    state.dice = scripted([6, 6, 6, 6, 6, 6])              # the OP fire hits
    engine.apply(state, next(o.action for o in engine.legal_actions(state) if o.kind == "OpportunityFire"))
    decision, action = answer(state, level)
    assert decision.kind == "dive-for-cover" and decision.side == 0
    if level != "easy":
        assert isinstance(action, DiveForCover)
        assert any(p.kind.cover for p in state.table.pieces_at(action.x, action.y)), "dives into the copse"


# -- Takipsilim --------------------------------------------------------------------------------------
def takipsilim_game():
    def fig(uid, side, x, y, **stats):
        return {"id": uid, "side": side, "name": uid, "x": x, "y": y, "base": {"shape": "round", "diameter": 1.0},
                "stats": {"magazines": 2, **stats}}
    units = [fig("pc", 0, 10, 20, weapon="assault-rifle", pc=True, luck=3),
             fig("mate", 0, 12, 22, weapon="pistol"),
             fig("red", 1, 25, 20, weapon="assault-rifle", grenades={"frag": 1})]
    sc = Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "decisions-t", "ruleset": "takipsilim",
        "table": {"width": 60, "height": 40, "edge_band": 3}, "terrain": [],
        "sides": [{"name": "Blue"}, {"name": "Red"}], "units": units,
        "victory": {"kind": "eliminate"}, "turn_limit": 6, "ruleset_data": {"first_side": 0}})
    return engine.new_game(sc, seed=7)


def stay(state, uid, what, target="", mode=""):
    u = state.units[uid]
    engine.apply(state, Order(uid, what, target, mode, False, u.x, u.y))


@pytest.mark.parametrize("level", LEVELS)
def test_takipsilim_orders(level):
    decision, action = answer(takipsilim_game(), level)
    assert decision.kind == "orders" and isinstance(action, Order) and action.actor == "pc"


@pytest.mark.parametrize("level", LEVELS)
def test_takipsilim_luck_keeps_the_character_in_the_fight(level):
    state = takipsilim_game()
    stay(state, "pc", WAIT)
    stay(state, "mate", WAIT)
    state.dice = scripted([6, 5, 1])                        # advantage: kept 6 and 5 -> torso, 6 damage
    stay(state, "red", SHOOT, "pc", "single")
    decision, action = answer(state, level)
    assert decision.kind == "luck" and isinstance(action, SpendLuck)
    if level != "easy":
        assert action.points == 1                            # just enough: 5 damage, still fighting


@pytest.mark.parametrize("level", LEVELS)
def test_takipsilim_a_cooked_grenade_is_not_left_to_explode(level):
    state = takipsilim_game()
    stay(state, "pc", WAIT)
    stay(state, "mate", "ready")
    state.dice = scripted([6, 6] + [1] * 20)                # the throw lands; everything after fails
    stay(state, "red", GRENADE, "pc", "frag")
    decision, action = answer(state, level)
    assert decision.kind == "grenade" and decision.side == 0
    if level != "easy":
        assert isinstance(action, (ThrowAway, ThrowBack)) and not isinstance(action, Pass)
