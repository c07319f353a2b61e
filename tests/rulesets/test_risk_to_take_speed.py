"""A Risk to Take (seed 003), "c) Combat" and "b) Movement and ranges", asked fast: the geometry's
remembered answers (arcs, gaps, charges, fortification) are the answers asked afresh, and a
mount or dismount is checked as the move options offer it, without building them all."""
from __future__ import annotations

import random

import pytest

from game import rulesets
from game.ai.players import make_player
from game.ai.tournament import load
from game.engine import game as engine
from game.engine.ruleset import Ruleset
from game.rulesets.risk_to_take import arcs, movement, walls
from game.rulesets.risk_to_take.actions import Dismount, Mount
from game.rulesets.risk_to_take.ruleset import RULESET
from game.rulesets.risk_to_take.troops import RANGES


@pytest.fixture(scope="module", autouse=True)
def loaded():
    rulesets.load_all()


def _positions(name: str, actions: int, seed: int):
    """States of a bundled battle played by the easy level (every decision kind comes up)."""
    state = engine.new_game(load(name), seed)
    seats = [make_player("easy", seed, s) for s in range(state.sides)]
    for _ in range(actions):
        d = engine.to_act(state)
        if d is None:
            return
        yield state, d
        engine.apply(state, seats[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))


def test_within_30_degrees_and_the_charge_remembered_answers_are_the_answers_asked_afresh():
    """'Maximum degree of fire (or melee) is 30 degrees both on left and right'; a charge moves into
    contact when the stick reaches: each remembered answer equals the computation done anew."""
    rnd = random.Random(7)
    checked = 0
    for state, _ in _positions("risk-to-take-village-line", 60, 2):
        units = [u for u in state.units.values() if not u.out]
        for a, b in [(rnd.choice(units), rnd.choice(units)) for _ in range(6)]:
            if a is b:
                continue
            assert arcs.gap(a, b) == float(arcs.shapely.distance(arcs.footprint(a), arcs.footprint(b)))
            reach = rnd.choice([RANGES["melee"], RANGES["volley"], 30.0])
            assert arcs.in_arc_and_reach(a, b, reach) == bool(arcs._arc_zone(a, reach).intersects(arcs.footprint(b)))
            assert arcs.arc_zone(a, reach).equals_exact(arcs._arc_zone(a, reach), 0.0)
            assert movement.charge_position(a, b) == movement._charge_position(a, b)
            w, h = state.scenario.width, state.scenario.height
            if movement.can_charge(state, a, b):
                assert movement._reaches(a, b, w, h)
            assert walls.pieces_at(state.table, a) == walls._pieces_at(state.table, a)
            checked += 1
    assert checked > 100


def test_a_unit_moved_is_asked_anew_not_remembered_where_it_stood():
    state = engine.new_game(load("risk-to-take-fortified-farm"), 1)
    a, b = [u for u in state.units.values() if not u.out][:2]
    before = arcs.gap(a, b)
    a.x += 3.0
    assert arcs.gap(a, b) == float(arcs.shapely.distance(arcs.footprint(a), arcs.footprint(b))) != before


def test_dragoons_mount_and_dismount_are_checked_as_the_move_options_offer_them():
    """'Dragoons mount or dismount instead of moving': the quick check accepts exactly the options."""
    seen = 0
    for state, d in _positions("risk-to-take-village-line", 120, 4):
        if d.kind != "move":
            continue
        for u in state.units.values():
            for action in (Dismount(u.id), Mount(u.id)):
                quick = RULESET.check(state, action, d)
                assert quick == Ruleset.check(RULESET, state, action, d)
                seen += quick is None
    assert seen > 0
