"""Ties never broken by a side's place in the scenario's listing, its name or the map's order
(Interpretation in risk-to-take-campaign.md, **Ties**): a position and its mirror or turn on a
campaign map give the mirrored or turned choice."""
from __future__ import annotations

from game.ai.risk_to_take_campaign import CampaignCA, enemy_at
from game.engine import game as engine
from game.geometry.hexgrid import Hex
from game.io.scenario_file import load_scenario
from game.rulesets.risk_to_take_campaign import armies, goals

FOUR_MARCHES = "risk-to-take-campaign-four-marches"
THREE_KINGDOMS = "risk-to-take-campaign-three-kingdoms"


def at(state, name: str) -> Hex:
    return next(h for h, p in state.board.places.items() if p.name == name)


def about(state, centre: str, move):
    c = at(state, centre)

    def image(h: Hex) -> Hex:
        q, r = move(h.q - c.q, h.r - c.r)
        return Hex(c.q + q, c.r + r)
    return image


def stand(unit, h: Hex) -> None:
    unit.hex = (h.q, h.r)
    unit.markers.discard(armies.TO_PLACE)


def test_a_sides_first_armies_are_listed_before_its_levies_whatever_its_name():
    """"Ulm" sorts after "s2-army-3" and "Hallstatt" before "s0-army-3": both sides list their
    scenario's armies first, then the levies by the turn they were raised."""
    s = engine.new_game(load_scenario(FOUR_MARCHES), seed=1)
    for side, name in ((0, "hallstatt"), (2, "ulm")):
        levy = armies.raise_army(s, side, "a test")
        assert [u.id for u in armies.armies(s, side, placed=False)] == [f"{name}-1", f"{name}-2", levy.id]


def test_the_army_that_holds_the_capital_among_armies_as_near_is_the_turned_choice():
    """The garrison is the army nearest the capital; Hallstatt and Ulm (the Four Marches turned half
    round), each with its first army and a levy a hex from its capital, keep the same one (by id,
    Hallstatt kept its first army and Ulm its levy)."""
    s = engine.new_game(load_scenario(FOUR_MARCHES), seed=1)
    half = about(s, "Kreuzberg", lambda a, b: (-a, -b))
    home = at(s, "Hallstatt")
    assert half(home) == at(s, "Ulm")
    kept = {}
    for side, name, turn in ((0, "hallstatt", lambda h: h), (2, "ulm", half)):
        s.units[f"{name}-2"].out = True
        stand(s.units[f"{name}-1"], turn(Hex(home.q + 1, home.r)))
        levy = armies.raise_army(s, side, "a test")
        stand(levy, turn(Hex(home.q, home.r + 1)))
        kept[side] = CampaignCA().garrison(s, side, turn(home))
    assert [kept[0].id, kept[2].id] == ["hallstatt-1", "ulm-1"]


def test_of_two_enemy_armies_on_a_hex_the_stronger_is_weighed_whatever_the_listing():
    """An Ostmark and a Sudheim army on one hex (a battle to come between them): Norrland weighs the
    stronger, listed first or last (the last listed was kept: the scenario's order of sides)."""
    for order in (1, -1):
        s = engine.new_game(load_scenario(THREE_KINGDOMS), seed=1)
        h = at(s, "Kreuzweg")
        for uid in ("ostmark-1", "sudheim-1"):
            stand(s.units[uid], h)
        weak = s.units["ostmark-1"]
        armies.set_units(weak, weak.stats["units"][:2])
        s.units = dict(list(s.units.items())[::order])
        seen = enemy_at(s, 0)[h]
        assert seen is not weak and seen.id in ("ostmark-1", "sudheim-1")


def test_capitals_taken_at_once_the_side_first_in_the_initiative_wins_not_the_maps_order():
    """"The first to take an enemy capital wins": Norrland stands in Ostmark and Ostmark in Sudheim at
    the end of a turn; the side first in the turn's order of initiative took its capital first. The
    same turned a third round (Sudheim in Norrland, Norrland in Ostmark) gives the turned winner."""
    def winner(held: dict[str, int], ranks: list[int]) -> int:
        s = engine.new_game(load_scenario(THREE_KINGDOMS), seed=1)
        for capital, side in held.items():
            s.data["holders"][armies.key(at(s, capital))] = side
        s.data["ranks"] = ranks
        return goals.result(s).winner
    assert winner({"Ostmark": 0, "Sudheim": 1}, [0, 1, 2]) == 0
    assert winner({"Ostmark": 0, "Sudheim": 1}, [1, 0, 2]) == 1
    turned = {0: 2, 1: 0, 2: 1}                           # Norrland -> Sudheim -> Ostmark -> Norrland
    assert winner({"Norrland": 2, "Ostmark": 0}, [2, 0, 1]) == turned[0]
    assert winner({"Norrland": 2, "Ostmark": 0}, [0, 2, 1]) == turned[1]
