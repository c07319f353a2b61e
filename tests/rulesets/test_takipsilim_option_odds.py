"""Takipsilim's option search asks less than the phases do, and must still say what they will do:
the odds each shooting option shows are those of the shot as the shooting phase sets it up
(shot_setup), from here and after the free move; a point's cover, remembered by the table, is the
cover found afresh."""
from __future__ import annotations

import random

from game.rulesets.takipsilim import characters, combat, ground, orders, shooting
from tests.rulesets.test_takipsilim_helpers import fig, game, house, wall

PIECES = [wall("wall", 28, 15, 25), house("house", 50, 5, 60, 15, door=[[55, 15], [57, 15]])]


def _figures():
    return [fig("a", 0, 10, 20, skills={"shooting": 1}), fig("b", 0, 12, 30, weapon="pistol"),
            fig("c", 0, 40, 10, weapon="smg"), fig("x", 1, 29.5, 20),
            fig("y", 1, 55, 10), fig("z", 1, 70, 35, weapon="shotgun")]


def test_a_shooting_options_odds_are_the_shot_the_phase_sets_up_from_here_and_after_moving():
    """"Cover and Movement": "disadvantage against targets in cover, advantage against stationary
    targets out of cover, disadvantage shooting after moving"; "Automatic Fire": advantage, or
    disadvantage without the Shooting skill; aiming gives advantage next round. Every Shoot option
    (single shot and automatic fire, stay and move) shows the odds of shot_setup's roll."""
    s = game(_figures(), PIECES)
    characters.set_effect(s, "a", "aimed", s.turn)          # aimed last round: advantage this one
    compared = 0
    for shooter in ("a", "b", "c"):
        u = s.units[shooter]
        opts = [o for o in orders.options(s, u) if o.key.split(":")[1] == "shoot"]
        for o in opts:
            _, _, target, mode, where = o.key.split(":")
            setup = shooting.shot_setup(s, u, s.units[target], (u.x, u.y), (s.units[target].x, s.units[target].y),
                                        moved=where == "move", target_stationary=True, auto=mode == "auto")
            if setup["effect"] == "miss":
                assert o.odds is None and o.odds_text.startswith("out of range from here")
            else:
                assert o.odds == combat.chance(setup["expr"])
                assert o.odds_text.startswith(combat.odds_text(setup["expr"]))
            compared += 1
    assert compared >= 12


def test_in_cover_remembered_by_the_table_is_the_cover_found_afresh():
    """A point's cover for hunkering down ("within 3 m of a wall, hedge, ruin or other cover piece",
    or inside cover terrain) depends on the terrain only: the table remembers it, and the answer
    is the piece (or None) the search finds afresh, at points near walls, in and by a house."""
    s = game(_figures(), PIECES)
    rnd = random.Random(5).random
    points = [(rnd() * 80, rnd() * 40) for _ in range(150)] + [(29.5, 20), (26, 20), (55, 10), (55, 16)]
    found = set()
    for p in points:
        remembered = ground.in_cover(s.table, p)
        assert remembered is ground._in_cover(s.table, p) and ground.in_cover(s.table, p) is remembered
        found.add(remembered.id if remembered is not None else None)
    assert {"wall", "house", None} <= found


def test_an_order_made_at_once_is_the_frozen_dataclass_it_was():
    """Order writes its fields at once (speed only): positional and keyword orders are equal, hash
    alike, keep the fields' order, refuse a change, and go through JSON and `replace` unchanged."""
    import dataclasses

    import pytest

    from game.engine.actions import from_json
    from game.rulesets.takipsilim.actions import Order
    made = Order("a", "shoot", "x", "single", True, 10.0, 20.0)
    named = Order(actor="a", action="shoot", target="x", mode="single", move=True, x=10.0, y=20.0)
    assert made == named and hash(made) == hash(named) and len({made, named}) == 1
    assert list(made.__dict__) == [f.name for f in dataclasses.fields(Order)]
    assert Order() == Order("", "wait", "", "", False, 0.0, 0.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.x = 1.0
    assert from_json(made.to_json(), [Order]) == made
    assert dataclasses.replace(made, x=11.0) == Order("a", "shoot", "x", "single", True, 11.0, 20.0)
