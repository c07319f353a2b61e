"""Ties of "the nearest" hex (Interpretation in risk-to-take-campaign.md, **Ties**): a die from the
game's stream picks among equally near hexes, never the map's order, so that a position and its mirror
under the Four Marches' mirrors are treated alike."""
from __future__ import annotations

from game.ai.players import make_player
from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.io.scenario_file import load_scenario
from game.rulesets.risk_to_take_campaign import armies, battles, movement, supply
from tests.rulesets.risk_to_take_campaign.campaign_helpers import game, script

FOUR_MARCHES = "risk-to-take-campaign-four-marches"


def place(name: str) -> Hex:
    board = engine.new_game(load_scenario(FOUR_MARCHES), seed=1).board
    return next(h for h, p in board.places.items() if p.name == name)


def mirror(h: Hex) -> Hex:
    """The Four Marches' east-west mirror about Kreuzberg: Hallstatt <-> Brennwald, Ulm <-> Marbach."""
    c = place("Kreuzberg")
    q, r = h.q - c.q, h.r - c.r
    return Hex(c.q - q - r, c.r + r)


def off(h: Hex, dq: int, dr: int) -> Hex:
    return Hex(h.q + dq, h.r + dr)


def retreats(army: str, here: Hex) -> dict[int, Hex]:
    """Where the army retreats from `here` for each face of the tie's die."""
    out = {}
    for face in (1, 2):
        s = engine.new_game(load_scenario(FOUR_MARCHES), seed=1)
        unit = s.units[army]
        unit.hex = (here.q, here.r)
        script(s, [face])
        out[face] = battles.retreat_hex(s, unit)
        assert s.log[-1].kind == "Rolled" and s.log[-1].data["purpose"] == "the way of its retreat"
    return out


def test_the_loser_retreats_toward_its_own_capital_a_die_picks_between_ways_as_near():
    """"the loser retreats one hex toward its own capital": from 7 hexes south-west of Brennwald two
    neighbours are 6 from it; each face of the die takes one, and Hallstatt's army at the mirror hex
    has the mirror ways (map order took the north-western one for both)."""
    here = off(place("Brennwald"), -2, 7)
    east = retreats("brennwald-1", here)
    assert set(east.values()) == {off(here, 1, -1), off(here, 0, -1)}
    west = retreats("hallstatt-1", mirror(here))
    assert set(west.values()) == {mirror(h) for h in east.values()}


def test_a_single_nearest_way_needs_no_die():
    s = engine.new_game(load_scenario(FOUR_MARCHES), seed=1)
    unit = s.units["brennwald-1"]
    here = off(place("Brennwald"), -4, 0)              # due west of Brennwald, 4 hexes
    unit.hex = (here.q, here.r)
    script(s, [])                                       # no roll at all: an empty script would raise
    assert battles.retreat_hex(s, unit) == off(here, 1, 0)


def test_two_towns_as_near_a_starving_army_sacks_one_a_die_picks():
    """"Sacks the nearest town/village": an army between Midford and Northby, a hex from each."""
    units = [{"id": "w1", "side": 0, "name": "West army", "hex": [2, 1]},
             {"id": "e1", "side": 1, "name": "East army", "hex": [5, 2]}]
    sacked = set()
    for face in (1, 2):
        s = game([6, 1, 3, 6], units=[dict(u) for u in units])
        unit = s.units["w1"]
        tied = supply.towns_to_sack(s, unit)
        assert set(tied) == {Hex(2, 2), Hex(3, 0)}
        script(s, [face])
        sacked.add(supply.town_to_sack(s, unit))
    assert sacked == set(tied)


def test_the_hard_ai_places_an_army_among_hexes_as_near_its_goal_by_a_seeded_draw():
    """The second army of Brennwald and of Marbach (turned half round) takes the field as near the enemy capital
    it marches on as it may; among hexes as near, the seed decides (the map's order put it on the
    north-westernmost every game: the hard level adds no noise)."""
    chosen = {"brennwald-2": set(), "marbach-2": set()}
    from game.ai.risk_to_take_campaign import ring_way
    goal = {"brennwald-2": place("Ulm"), "marbach-2": place("Hallstatt")}
    for seed in (2, 5, 6, 7, 8, 12):     # seeds whose ring of targets runs the listed way
        s = engine.new_game(load_scenario(FOUR_MARCHES), seed=seed)
        assert ring_way(s) == 1
        while engine.to_act(s).kind == "place":
            d = engine.to_act(s)
            engine.apply(s, make_player("hard", seed, d.seat).choose(engine.view(s, d.seat), engine.legal_actions(s), d))
        for uid, hexes in chosen.items():
            hexes.add(armies.hex_of(s.units[uid]))
    for uid, hexes in chosen.items():
        assert len(hexes) > 1
        assert len({s.board.distance(h, goal[uid]) for h in hexes}) == 1


def test_a_march_takes_one_of_its_cheapest_paths_drawn_not_the_path_finders_first_direction():
    """"Movement is 5 hexes per army": from 0,2 to 2,1 two paths of 2 hexes (by 1,1 or by 1,2); turn
    after turn the march's own draw takes either (the path finder's order took the same one always)."""
    s = game([6, 1, 3, 6], units=[{"id": "w1", "side": 0, "name": "West army", "hex": [0, 2]},
                                  {"id": "e1", "side": 1, "name": "East army", "hex": [5, 2]}])
    unit = s.units["w1"]
    ways = set()
    for t in range(1, 9):
        s.flow.turn = t
        path = movement.path_to(s, unit, Hex(2, 1))
        assert len(path) == 3
        ways.add(path[1])
    assert ways == {Hex(1, 1), Hex(1, 2)}
