"""The hard level's read of the enemy's secret orders in Takipsilim ("Rounds": orders are given in
secret and revealed together): what it reads, that it reads only the view, and that it changes a
choice the way a player reading the enemy would."""
from __future__ import annotations

import game.rulesets.takipsilim  # noqa: F401  (registers the ruleset)
from game.ai.takipsilim import reading
from game.ai.takipsilim.analysis import Analysis
from game.ai.takipsilim.reading import TRUST, Read, read_enemy
from game.engine import game as engine
from game.rulesets.takipsilim.actions import RUN, SHOOT, Order
from tests.ai.test_ai_takipsilim_behaviour import WALL, fig, game, order


def duel():
    return game([fig("blue", 0, 19, 20, weapon="assault-rifle", magazines=2),
                 fig("blue-2", 0, 19, 26, weapon="assault-rifle", magazines=2),
                 fig("red", 1, 32, 20, weapon="assault-rifle", magazines=2)], [WALL])


def test_the_read_gives_each_enemy_character_an_order_and_a_place():
    s = duel()
    reads = read_enemy(engine.view(s, 0), 0, s.seed)
    assert set(reads) == {"red"}
    r = reads["red"]
    assert r.action in {SHOOT, RUN, "hunker", "aim", "wait", "reload", "ready", "melee", "grenade"}
    if r.action == SHOOT:
        assert r.target in {"blue", "blue-2"}


def test_the_read_does_not_depend_on_the_orders_already_given_this_round():
    # a game resumed between two of the side's orders must read what the uninterrupted game read
    s = duel()
    first = read_enemy(engine.view(s, 0), 0, s.seed)
    reading._CACHE.clear()
    engine.apply(s, order(s, "normal"))                 # blue's order is given
    assert engine.to_act(s).the_actor == "blue-2"
    again = read_enemy(engine.view(s, 0), 0, s.seed)
    assert again == first


def test_the_read_sees_only_the_view_never_the_enemys_committed_orders():
    s = duel()
    engine.apply(s, order(s, "normal"))
    engine.apply(s, order(s, "normal"))
    d = engine.to_act(s)
    assert d.side == 1
    # red commits something the read would not guess: running away to the east
    run = next(o for o in engine.legal_actions(s) if (o.action or o.template).action == RUN)
    engine.apply(s, run.at(40, 20) if run.action is None else run.action)
    view = engine.view(s, 0)
    assert "red" not in (view.data.get("orders") or {})     # the view hides the committed order
    reading._CACHE.clear()
    reads = read_enemy(view, 0, s.seed)
    assert reads.get("red") is None or reads["red"].pos != (40.0, 20.0)


def test_no_read_outside_the_orders_phase():
    s = duel()
    view = engine.view(s, 0)
    view.flow.phase_name = "shooting"
    assert read_enemy(view, 0, s.seed) == {}


def test_hard_hunkers_when_the_read_puts_the_enemy_rifles_on_it():
    """Behind a wall with a poor pistol shot at 30 m, facing three assault rifles whose read is to
    shoot it: the hard level hunkers down (the wall hides a hunkered figure unless flanked)."""
    units = [fig("blue", 0, 19, 20, weapon="pistol", magazines=1),
             fig("red-1", 1, 49, 15, weapon="assault-rifle", magazines=2),
             fig("red-2", 1, 49, 20, weapon="assault-rifle", magazines=2),
             fig("red-3", 1, 49, 25, weapon="assault-rifle", magazines=2)]
    s = game(units, [WALL])
    reads = read_enemy(engine.view(s, 0), 0, s.seed)
    assert sum(1 for r in reads.values() if r.action == SHOOT and r.target == "blue") >= 2
    act = order(s, "hard")
    assert isinstance(act, Order) and act.action == "hunker"


def test_a_shot_at_a_target_read_as_hunkering_behind_cover_is_worth_only_the_doubt():
    """ "Hunkering Down": a hunkered figure behind cover cannot be shot unless flanked; the read
    keeps only the share of the blind guess it does not trust."""
    s = game([fig("blue", 0, 10, 20, weapon="assault-rifle", magazines=2),
              fig("red", 1, 21.5, 20, weapon="pistol", loaded=0, magazines=0)], [WALL])
    view = engine.view(s, 0)
    blind = Analysis(view, 0)
    hunkers = Analysis(view, 0, {"red": Read("hunker", "", (21.5, 20.0), False)})
    stands = Analysis(view, 0, {"red": Read("reload", "", (21.5, 20.0), False)})
    u, t = view.units["blue"], view.units["red"]
    plain = blind.read_shot(u, t, u.pos, False, False)
    assert plain > 0
    assert abs(hunkers.read_shot(u, t, u.pos, False, False) - (1 - TRUST) * plain) < 1e-9

    # out of cover, a target read as standing still is easier to hit ("Stationary Target")
    s = game([fig("blue", 0, 10, 20, weapon="assault-rifle", magazines=2),
              fig("red", 1, 30, 20, weapon="pistol", loaded=0, magazines=0)])
    view = engine.view(s, 0)
    u, t = view.units["blue"], view.units["red"]
    plain = Analysis(view, 0).read_shot(u, t, u.pos, False, False)
    still = Analysis(view, 0, {"red": Read("reload", "", (30.0, 20.0), False)}).read_shot(u, t, u.pos, False, False)
    runs = Analysis(view, 0, {"red": Read("run", "", (38.0, 20.0), True)}).read_shot(u, t, u.pos, False, False)
    assert still > plain > runs
