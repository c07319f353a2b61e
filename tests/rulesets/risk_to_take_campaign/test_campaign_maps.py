"""The campaign maps give no side better ground (issue 27's balance target): a map of two or four
sides turned half round about its middle is the same map with the sides' places exchanged, and every
map raises the army a side starts with (a weaker levy could never storm a capital's first garrison).

Measured before the Two Crowns were made so: the map as drawn gave the west bank (Aubrac) 27 of 40
games, and the same map with the two crowns' grounds exchanged gave the west bank 20 of 39."""
from __future__ import annotations

import pytest

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.io.scenario_file import load_scenario

# the capitals each map's half turn exchanges
HALF_TURNED = {"risk-to-take-campaign-two-crowns": {"Aubrac": "Kessel"},
               "risk-to-take-campaign-four-marches": {"Hallstatt": "Ulm", "Brennwald": "Marbach"}}
MAPS = ["risk-to-take-campaign-two-crowns", "risk-to-take-campaign-three-kingdoms",
        "risk-to-take-campaign-four-marches"]


def half_turn(board, pairs: dict):
    """The half turn about the middle of the first pair of capitals: h -> centre * 2 - h."""
    places = {p.name: p for p in board.places.values()}
    a, b = (places[n].hex for n in next(iter(pairs.items())))
    return lambda h: Hex(a.q + b.q - h.q, a.r + b.r - h.r)


@pytest.mark.parametrize("name", sorted(HALF_TURNED))
def test_a_map_turned_half_round_is_the_same_map_with_the_sides_places_exchanged(name):
    sc = load_scenario(name)
    board = engine.new_game(sc, seed=1).board
    turn = half_turn(board, HALF_TURNED[name])
    swap = {}
    for x, y in HALF_TURNED[name].items():
        sx, sy = (next(i for i, s in enumerate(sc.sides) if s.name == n) for n in (x, y))
        swap.update({sx: sy, sy: sx})
    hexes = set(board.hexes)
    for h in hexes:
        image = turn(h)
        if image not in hexes:       # the map's rectangle: an edge hex without an image is impassable
            assert board.terrain(h).move_cost is None, f"{name}: {board.label(h)} has no image across the middle"
            continue
        assert board.terrain(image).id == board.terrain(h).id, f"{name}: {board.label(h)} and {board.label(image)}"
        for n in board.neighbours(h):             # rivers and roads
            assert board.hexsides(image, turn(n)) == board.hexsides(h, n), f"{name}: the side {board.label(h)}"
    for h, place in board.places.items():
        other = board.places.get(turn(h))
        assert other is not None and other.kind == place.kind, f"{name}: {place.name} has no match"
        assert other.side == (None if place.side is None else swap.get(place.side, place.side)), \
            f"{name}: {place.name} and {other.name} are not held alike"


@pytest.mark.parametrize("name", MAPS)
def test_every_map_raises_the_army_a_side_starts_with(name):
    sc = load_scenario(name)
    levy = sorted(sc.ruleset_data["army"])
    assert levy and all(sorted(u.stats["units"]) == levy for u in sc.units), name
