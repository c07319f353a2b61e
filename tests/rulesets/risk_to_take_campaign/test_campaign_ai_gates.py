"""The campaign AI reasons from its side's view ("Enemy armies out of sight are taken out of the side's
view") and never idles at the gates of an enemy capital: a capital it cannot see is presumed held by
a garrison like the army every side raises (not an open gate, nor the garrison it cannot see), and an
army too weak to storm a capital, even with the others of its side at the gates, goes to take a town
instead of standing before the walls."""
from __future__ import annotations

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.rulesets.risk_to_take_campaign import fog
from game.rulesets.risk_to_take_campaign.actions import March
from tests.rulesets.risk_to_take_campaign.campaign_helpers import game, marches_of_side_0

EASTGARD, NORTHBY = Hex(6, 2), Hex(3, 0)
LEVY = ["line-infantry", "cavalry", "commander"]          # the test scenario's army (ruleset_data.army)
WEAK = ["line-infantry", "commander"]


def _march_of(state, uid: str):
    return next(a for a in marches_of_side_0(state) if getattr(a, "actor", "") == uid)


def test_in_a_war_of_two_an_enemy_capital_out_of_sight_is_presumed_held_not_stormed_as_if_empty():
    """"A side sees enemy armies ... only within its scouting range": Eastgard lies 5 hexes from the
    army, out of sight. The army does not march onto it as onto an open gate: it expects a garrison
    like the army it raises behind the wall, and weighs the storm as it would at the gates. A
    battalion and its commander, far weaker, marches to the gates instead, where it will see; an
    army like the garrison storms (a storm from out of sight gives the garrison's side no turn to
    strike it at the gates). Each choice is the same whether the unseen garrison stands there or not."""
    for army, storms in ((WEAK, False), (LEVY, True)):
        chosen = []
        for e1_at in ([6, 2], [6, 0]):
            units = [{"id": "w0", "side": 0, "hex": [-1, 2]},
                     {"id": "w1", "side": 0, "hex": [1, 2], "stats": {"units": list(army)}},
                     {"id": "e1", "side": 1, "hex": e1_at, "stats": {"units": list(LEVY)}}]
            s = game([6, 1, 6, 6, 6], units=units)
            assert not fog.seen_by(s, 0, EASTGARD) and not fog.seen_by(s, 0, Hex(*e1_at))
            a = _march_of(s, "w1")
            assert isinstance(a, March) and (s.board.hex_at(a.x, a.y) == EASTGARD) == storms
            assert s.board.distance(s.board.hex_at(a.x, a.y), EASTGARD) <= 2       # to the gates at least
            chosen.append(a)
        assert chosen[0] == chosen[1]


def test_a_capital_seen_empty_is_walked_into():
    """The same march with the scouting range wide enough to see Eastgard empty: the army takes it."""
    units = [{"id": "w0", "side": 0, "hex": [-1, 2]}, {"id": "w1", "side": 0, "hex": [1, 2]},
             {"id": "e1", "side": 1, "hex": [6, 0], "stats": {"units": ["line-infantry", "commander"]}}]
    s = game([6, 1, 6, 6, 6], units=units, options={"scouting": 8})
    a = _march_of(s, "w1")
    assert isinstance(a, March) and s.board.hex_at(a.x, a.y) == EASTGARD


def test_an_army_too_weak_to_storm_the_capital_does_not_idle_at_its_gates():
    """A battalion and its commander 2 hexes from Eastgard, whose garrison (a battalion, cavalry and
    a commander behind the wall) it sees, and no other army of its side near to storm in turn: it
    has no fair chance of a storm, and standing before the walls wins nothing. It marches to take
    the nearest town it may (Northby, East's; Midford is its own side's)."""
    units = [{"id": "w0", "side": 0, "hex": [-1, 2]}, {"id": "w1", "side": 0, "hex": [4, 2],
                                                        "stats": {"units": list(WEAK)}},
             {"id": "e1", "side": 1, "hex": [6, 2], "stats": {"units": list(LEVY)}}]
    s = game([6, 1, 6, 6, 6], units=units)
    s.data["holders"]["2,2"] = 0                                   # Midford is West's
    assert s.board.distance(Hex(4, 2), EASTGARD) == 2 and fog.seen_by(s, 0, EASTGARD)
    a = _march_of(s, "w1")
    assert isinstance(a, March) and s.board.hex_at(a.x, a.y) == NORTHBY


def test_an_army_at_the_gates_waits_for_another_coming_in_a_war_of_two_not_with_three_sides():
    """"Join with another army, then attack": in a war of two, the battalion at the gates with another
    army of its side within a march of Eastgard (the two would storm in turn) keeps Eastgard as its
    goal, waiting at the gates for it. With three sides each storm of a capital must be won on its
    own (a lost one profits the third side): too weak alone, it goes to take Northby."""
    import random

    from game.ai.risk_to_take_campaign import CampaignCA, enemy_armies
    from game.rulesets.risk_to_take_campaign import armies
    for sides, goal in ((2, EASTGARD), (3, NORTHBY)):
        units = [{"id": "w0", "side": 0, "hex": [-1, 2]}, {"id": "w1", "side": 0, "hex": [4, 2],
                                                            "stats": {"units": list(WEAK)}},
                 {"id": "w2", "side": 0, "hex": [1, 3]},
                 {"id": "e1", "side": 1, "hex": [6, 2], "stats": {"units": list(LEVY)}}]
        if sides == 3:
            units.append({"id": "s1", "side": 2, "hex": [2, 5]})
        s = game([6, 1, 2] + [6] * 5 if sides == 3 else [6, 1] + [6] * 4, units=units, sides=sides)
        s.data["holders"]["2,2"] = 0                               # Midford is West's
        view = engine.view(s, 0)
        at = {armies.hex_of(e): e for e in enemy_armies(view, 0)}
        assert CampaignCA().goal(view, view.units["w1"], at, random.Random(1)) == goal


def test_a_town_out_of_sight_is_judged_from_the_view_not_from_the_army_hidden_in_it():
    """The AI never peeks: Northby (East's) lies out of the army's sight, with East's army hidden in
    it or hidden elsewhere; the army's march is the same either way (no side keeps a garrison in a
    town, so it expects none: in self-play 9 of 10 marches into a town out of sight found it empty)."""
    chosen = []
    for e2_at in ([3, 0], [5, 0]):
        units = [{"id": "w0", "side": 0, "hex": [-1, 2]}, {"id": "w1", "side": 0, "hex": [-1, 3]},
                 {"id": "e1", "side": 1, "hex": [6, 2]}, {"id": "e2", "side": 1, "hex": e2_at}]
        s = game([6, 1, 6, 6, 6, 6], units=units)
        assert not fog.seen_by(s, 0, NORTHBY) and not fog.seen_by(s, 0, Hex(*e2_at))
        chosen.append(_march_of(s, "w1"))
    assert chosen[0] == chosen[1]
