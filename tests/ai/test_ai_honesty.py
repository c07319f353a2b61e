"""The AI decides from its side's view only (design §3, §9): two games that differ only in what the
deciding side may not see (which hidden marker is a blank, the enemy's secret orders, the dice to
come) get the very same choices."""
from __future__ import annotations

import json

import pytest

import game.rulesets.risus_skirmish  # noqa: F401  (registers the ruleset)
import game.rulesets.takipsilim  # noqa: F401
from game.ai.players import make_player
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import DiceStream
from game.engine.scenario import Scenario
from game.rulesets.takipsilim.actions import HUNKER, SHOOT, Order


def rect(pid, kind, x0, y0, x1, y1):
    return {"id": pid, "kind": kind, "name": pid, "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def risus_hidden(real_at, blank_at) -> Scenario:
    """British in the west, a hidden German and a blank marker behind a wood in the east."""
    cl = [{"name": "Rifleman", "level": 3, "for": ["shooting", "close combat", "rallying"]}]
    units = [
        {"id": "br-1", "side": 0, "name": "Pte One", "x": 5, "y": 10, "stats": {"cliches": cl, "weapon": "rifle"}},
        {"id": "br-2", "side": 0, "name": "Pte Two", "x": 5, "y": 30, "stats": {"cliches": cl, "weapon": "rifle"}},
        {"id": "de-1", "side": 1, "name": "Jäger", "x": real_at[0], "y": real_at[1],
         "stats": {"cliches": cl, "weapon": "rifle"}},
        {"id": "blank-1", "side": 1, "name": "blank", "x": blank_at[0], "y": blank_at[1], "stats": {"blank": True}},
    ]
    terrain = [rect("west", "field", 0, 0, 20, 40), rect("wood", "wood", 20, 0, 40, 40),
               rect("east", "field", 40, 0, 60, 40)]
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "honesty", "ruleset": "risus-skirmish",
        "options": {"facing": "none", "hidden_deployment": True},
        "table": {"width": 60, "height": 40, "edge_band": 3}, "terrain": terrain,
        "sides": [{"name": "British", "role": "attacker"}, {"name": "Germans", "role": "defender"}],
        "units": units, "victory": {"kind": "eliminate"}, "turn_limit": 20,
        "ruleset_data": {"first_side": 0, "hidden_side": 1}})


def deployed(state):
    """The hidden side deploys first (behind the handover); here it keeps the file's places."""
    d = engine.to_act(state)
    if d is not None and d.kind == "deploy":
        engine.apply(state, Pass(d.side))
    return state


def view_text(state, side) -> str:
    seen = engine.view(state, side)
    return json.dumps({"state": seen.to_json(), "log": [e.text for e in seen.log]}, sort_keys=True, default=str)


def choices(state, level, n):
    """The first n choices of `level` playing both sides, each from that side's view."""
    out = []
    seats = [make_player(level, state.seed, s) for s in range(state.sides)]
    for _ in range(n):
        decision = engine.to_act(state)
        if decision is None:
            break
        action = seats[decision.side].choose(engine.view(state, decision.side), engine.legal_actions(state),
                                             decision)
        out.append(action)
        engine.apply(state, action)
    return out


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_which_marker_is_a_blank_does_not_change_the_choice(level):
    a = deployed(engine.new_game(risus_hidden((52, 10), (52, 30)), seed=5))
    b = deployed(engine.new_game(risus_hidden((52, 30), (52, 10)), seed=5))
    assert engine.state_hash(a) != engine.state_hash(b)           # the games do differ...
    assert view_text(a, 0) == view_text(b, 0)                      # ...but not in what the British see
    decision = engine.to_act(a)
    assert decision.side == 0
    pa = make_player(level, 5, 0).choose(engine.view(a, 0), engine.legal_actions(a), decision)
    pb = make_player(level, 5, 0).choose(engine.view(b, 0), engine.legal_actions(b), engine.to_act(b))
    assert pa == pb


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_dice_to_come_do_not_change_the_choice(level):
    """The view's dice stream has no seed: two games with other dice ahead choose alike."""
    sc = risus_hidden((52, 10), (52, 30))
    a = engine.new_game(sc, seed=5)
    b = engine.new_game(sc, seed=5, dice=DiceStream(seed=987654))
    assert view_text(a, 0) == view_text(b, 0)
    pa = make_player(level, 5, 0).choose(engine.view(a, 0), engine.legal_actions(a), engine.to_act(a))
    pb = make_player(level, 5, 0).choose(engine.view(b, 0), engine.legal_actions(b), engine.to_act(b))
    assert pa == pb


def takipsilim_game() -> object:
    def fig(uid, side, x, y, weapon):
        return {"id": uid, "side": side, "name": uid, "x": x, "y": y, "base": {"shape": "round", "diameter": 1.0},
                "stats": {"weapon": weapon, "magazines": 2}}
    units = [fig("blue-1", 0, 12.5, 10, "assault-rifle"), fig("blue-2", 0, 12.5, 20, "smg"),
             fig("red-1", 1, 30, 12, "assault-rifle"), fig("red-2", 1, 30, 22, "hunting-rifle")]
    terrain = [rect("rocks", "rocks", 14, 8, 16, 24), rect("ruin", "ruins", 26, 8, 28, 26)]
    sc = Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "honesty-t", "ruleset": "takipsilim",
        "table": {"width": 60, "height": 40, "edge_band": 3}, "terrain": terrain,
        "sides": [{"name": "Blue"}, {"name": "Red"}], "units": units,
        "victory": {"kind": "eliminate"}, "turn_limit": 6, "ruleset_data": {"first_side": 0}})
    return engine.new_game(sc, seed=11)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_enemys_secret_orders_do_not_change_the_choice(level):
    """Blue commits its orders in secret (two different sets); Red then decides the same."""
    games = []
    for orders in ((SHOOT, SHOOT), (HUNKER, HUNKER)):
        state = takipsilim_game()
        for uid, what in zip(("blue-1", "blue-2"), orders):
            u = state.units[uid]
            target = "red-1" if what == SHOOT else ""
            engine.apply(state, Order(uid, what, target, "single" if what == SHOOT else "", False, u.x, u.y))
        assert engine.to_act(state).side == 1
        games.append(state)
    a, b = games
    assert view_text(a, 1) == view_text(b, 1)
    assert choices(a, level, 2) == choices(b, level, 2)
