"""The campaign AI in a war of two and in wars of three or four sides ("Players are free to set any
goals": the first to take an enemy capital wins, so one battle at a capital ends the war): the
capital kept while an enemy can reach it, the side that leads turned on, storms that wait for a
second wave, and the armies of a siege counted together in a war of two."""
from __future__ import annotations

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.io.scenario_file import load_scenario
from game.rulesets.risk_to_take_campaign import armies
from game.rulesets.risk_to_take_campaign.actions import March
from tests.rulesets.risk_to_take_campaign.campaign_helpers import at, game, marches_of_side_0

WESTHOLM, EASTGARD = Hex(-1, 2), Hex(6, 2)
STRONG = ["line-infantry", "line-infantry", "line-infantry", "cavalry", "commander"]


def _storms(state, capital: Hex) -> bool:
    return any(isinstance(a, March) and state.board.hex_at(a.x, a.y) == capital for a in marches_of_side_0(state))


def test_with_three_sides_as_many_armies_stand_by_the_capital_as_the_enemies_within_a_march_call_for():
    """A side that sends every field army against one enemy loses its capital to the army of
    another at its back: the armies next nearest the capital stand by it until they and the
    garrison behind its wall outweigh the enemy armies within a march (one at least): the small
    garrison (3.75 behind its wall) and one army (2.5) outweigh one enemy army of four battalions
    (4.3), a second army is called for by two (8.6)."""
    from game.ai.risk_to_take_campaign import CampaignCA
    for enemies, kept in ((["e1"], ["w2"]), (["e1", "e2"], ["w2", "w3"])):
        units = [{"id": "w1", "side": 0, "hex": [-1, 2]}, {"id": "w2", "side": 0, "hex": [0, 3]},
                 {"id": "w3", "side": 0, "hex": [1, 3]}, {"id": "w4", "side": 0, "hex": [3, 1]},
                 {"id": "s1", "side": 2, "hex": [2, 5]}]
        units += [{"id": e, "side": 1, "hex": h, "stats": {"units": ["line-infantry"] * 4 + ["commander"]}}
                  for e, h in zip(enemies, ([2, 3], [3, 3]))]
        s = game([6, 1, 2] + [3] * 8, units=units, sides=3)
        s.units["s1"].hex = (5, 5)                                # the third side far away
        keeper = s.units["w1"]
        assert [u.id for u in CampaignCA().reserves(s, 0, WESTHOLM, keeper)] == kept


def test_with_three_sides_the_armies_turn_on_the_side_that_leads_the_war():
    """In the Three Kingdoms each side marches on the side after its own (a ring, the capitals 10
    hexes apart; Norrland wins the first initiative, then Ostmark: the ring runs Norrland, Ostmark,
    Sudheim); once a side holds more towns than any other, Norrland marches on it instead."""
    from game.ai.risk_to_take_campaign import goal_hex
    from game.engine.dice import scripted
    state = engine.new_game(load_scenario("risk-to-take-campaign-three-kingdoms"), seed=1, dice=scripted([6, 5, 4]))
    caps = {p.side: h for h, p in armies.places(state, "capital")}
    army = next(u for u in state.units.values() if u.kind == armies.ARMY and u.side == 0)
    army.markers.discard(armies.TO_PLACE)
    army.hex = (caps[0].q, caps[0].r)
    assert goal_hex(state, army) == caps[1]
    town = next(h for h, p in armies.places(state, "town"))
    state.data["holders"][armies.key(town)] = 2                   # Sudheim leads: a town more
    assert goal_hex(state, army) == caps[2]


def test_with_three_sides_the_second_wave_must_stand_at_the_gates_as_the_turn_begins():
    """Concentrate before attacking: an army at the gates of Eastgard storms it only when another
    army of its side stood near it as the turn began; one that only arrives this turn might yet be
    struck on its way, so the storm waits a turn."""
    for w2_at, storms in (([4, 3], True), ([1, 4], False)):
        units = [{"id": "w1", "side": 0, "hex": [4, 2]}, {"id": "w0", "side": 0, "hex": [-1, 2]},
                 {"id": "w2", "side": 0, "hex": w2_at},
                 {"id": "e1", "side": 1, "hex": [6, 2]}, {"id": "s1", "side": 2, "hex": [2, 5]}]
        s = game([6, 1, 2] + [3] * 7, units=units, sides=3)
        if not storms:                                            # w2 marches to the gates first
            engine.apply(s, March("w2", *at(s, 4, 3)))
        assert _storms(s, EASTGARD) == storms


def test_in_a_war_of_two_the_armies_at_the_gates_storm_the_capital_in_turn():
    """A garrison that never leaves its capital would otherwise be stormed only by an army near its
    own strength (on the Two Crowns no levy could take a capital its first army holds): in a war of
    two, each other army of the side at the gates adds half its strength to the storm's odds, as
    each battle wears the garrison down and no third side profits from the losses."""
    small = ["line-infantry", "cavalry", "commander"]
    for second, storms in ((False, False), (True, True)):
        units = [{"id": "w1", "side": 0, "hex": [4, 2]}, {"id": "w0", "side": 0, "hex": [-1, 2]},
                 {"id": "e1", "side": 1, "hex": [6, 2],
                  "stats": {"units": ["line-infantry", "line-infantry", "cavalry", "commander"]}}]
        if second:
            units.append({"id": "w2", "side": 0, "hex": [5, 3], "stats": {"units": list(small)}})
        s = game([6, 1] + [3] * 4, units=units, options={"scouting": 8})
        assert _storms(s, EASTGARD) == storms
