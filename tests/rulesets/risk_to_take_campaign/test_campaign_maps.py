"""The campaign maps give no side better ground (issue 27's balance target): each map is the same map
seen from every capital. A turn or mirror of the hex grid about the map's middle (the mean of its
capitals) carries every hex onto one of the same terrain, every river and road onto a river and a
road, every town onto a town held alike, every capital onto another side's capital and its starting
armies onto that side's; the map's turns and mirrors together carry any capital onto any other.
A hex of the map's rectangle whose image falls off the map is impassable (the sea around the land).

- Two Crowns: the half turn (q, r) -> (-q, -r) about the middle (a point between hexes).
- Three Kingdoms: the third of a turn (q, r, s) -> (r, s, q) about Kreuzweg.
- Four Marches: both mirrors about Kreuzberg, east to west (q, r) -> (-q - r, r) and north to
  south (q, r) -> (q + r, -r) (exact for pointy hexes).

Measured before the Two Crowns were made so: the map as drawn gave the west bank (Aubrac) 27 of 40
games, and the same map with the two crowns' grounds exchanged gave the west bank 20 of 39."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.io.scenario_file import load_scenario

HALF_TURN = lambda a, b: (-a, -b)                  # noqa: E731
THIRD_TURN = lambda a, b: (b, -a - b)              # noqa: E731  (q, r, s) -> (r, s, q)
MIRROR_EAST_WEST = lambda a, b: (-a - b, b)        # noqa: E731
MIRROR_NORTH_SOUTH = lambda a, b: (a + b, -b)      # noqa: E731
SYMMETRIES = {"risk-to-take-campaign-two-crowns": [HALF_TURN],
              "risk-to-take-campaign-three-kingdoms": [THIRD_TURN],
              "risk-to-take-campaign-four-marches": [MIRROR_EAST_WEST, MIRROR_NORTH_SOUTH]}
MAPS = sorted(SYMMETRIES)


def about_the_middle(board, move):
    """The move about the mean of the map's capitals: a hex -> its image (None off the grid)."""
    caps = [h for h, p in board.places.items() if p.kind == "capital"]
    cq, cr = (Fraction(sum(getattr(h, k) for h in caps), len(caps)) for k in "qr")

    def image(h: Hex) -> Hex | None:
        q, r = move(h.q - cq, h.r - cr)
        q, r = q + cq, r + cr
        return Hex(int(q), int(r)) if q.denominator == r.denominator == 1 else None
    return image


def sides_moved(board, image) -> dict[int, int]:
    """Which side's capital each side's capital is carried onto."""
    capitals = {h: p.side for h, p in board.places.items() if p.kind == "capital"}
    out = {}
    for h, side in capitals.items():
        assert image(h) in capitals, f"the capital {board.places[h].name} is carried onto no capital"
        out[side] = capitals[image(h)]
    return out


@pytest.mark.parametrize("name", MAPS)
def test_the_map_is_the_same_seen_from_every_capital(name):
    sc = load_scenario(name)
    board = engine.new_game(sc, seed=1).board
    hexes = set(board.hexes)
    reached = {0}
    for move in SYMMETRIES[name]:
        image = about_the_middle(board, move)
        side = sides_moved(board, image)
        reached |= {side[s] for s in reached}
        for h in hexes:
            to = image(h)
            if to not in hexes:
                assert board.terrain(h).move_cost is None, f"{name}: {board.label(h)} has no image"
                continue
            assert board.terrain(to).id == board.terrain(h).id, f"{name}: {board.label(h)} and {board.label(to)}"
            for n in board.neighbours(h):             # rivers and roads
                assert board.hexsides(to, image(n)) == board.hexsides(h, n), f"{name}: the side {board.label(h)}"
        for h, place in board.places.items():
            other = board.places.get(image(h))
            assert other is not None and other.kind == place.kind, f"{name}: {place.name} has no match"
            assert other.side == (None if place.side is None else side[place.side]), \
                f"{name}: {place.name} and {other.name} are not held alike"
        armies = sorted((u.side, Hex(*u.hex), tuple(u.stats["units"])) for u in sc.units)
        moved = sorted((side[u.side], image(Hex(*u.hex)), tuple(u.stats["units"])) for u in sc.units)
        assert moved == armies, f"{name}: the starting armies"
    for _ in sc.sides:                                # the moves together carry capital 0 onto every capital
        for move in SYMMETRIES[name]:
            side = sides_moved(board, about_the_middle(board, move))
            reached |= {side[s] for s in reached}
    assert reached == set(range(len(sc.sides))), f"{name}: sides {sorted(reached)} only are alike"


@pytest.mark.parametrize("name", MAPS)
def test_every_map_raises_the_army_a_side_starts_with(name):
    sc = load_scenario(name)
    levy = sorted(sc.ruleset_data["army"])
    assert levy and all(sorted(u.stats["units"]) == levy for u in sc.units), name
