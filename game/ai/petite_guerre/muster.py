"""The AI builds a Petite Guerre force on points (the scenario's points limit).

Skirmish is won by muskets that are ready and units that stay in control, so the AI buys figures,
not rank: each unit is a sub-leader (6 men's worth) and six to eight men in open order, of a troop
type that shoots well and is not slowed by rough ground (light infantry, jaegers, irregulars), now
and then with a small hussar patrol to charge disordered enemies. Several small units rather than
one large one: pressure puts one unit out of control, not the whole force. The points left over
become extra men. Which troop type, and whether hussars ride along, comes from the seed.
"""
from __future__ import annotations

from typing import Any

from game.engine.dice import PlayerRng
from game.engine.muster import Muster
from game.rulesets.petite_guerre import tables
from game.rulesets.petite_guerre.muster import troop_choice

SHOOTERS = ("light-infantry", "jaegers", "irregulars")
CAVALRY = "hussars"
MEN, FEWEST_MEN, MOST_MEN = 7, 3, 12      # men a unit: planned, at least, at most


def _unit(kind: str, men: int, n: int) -> dict[str, Any]:
    return {"name": f"{tables.troop(kind)['label']} {n}", "troop": troop_choice(kind), "leader": 0,
            "sub_leaders": 1, "men": men, "formation": "open"}


def _cost(kind: str, men: int) -> int:
    return tables.points(kind, "sub-leader") + men * tables.points(kind)


def build(scenario: Any, side: int, muster: Muster, rng: PlayerRng, level: str) -> list[dict[str, Any]]:
    main = SHOOTERS[rng.below(len(SHOOTERS))]
    count = max(1, min(muster.most, round(muster.budget / _cost(main, MEN))))
    kinds = [main] * count
    if rng.below(3) == 0 and count < muster.most and \
            muster.budget - _cost(CAVALRY, FEWEST_MEN) >= count * _cost(main, FEWEST_MEN):
        kinds.insert(0, CAVALRY)            # a small patrol rides along
    units = [_unit(kind, FEWEST_MEN, n + 1) for n, kind in enumerate(kinds)]
    left = muster.budget - sum(_cost(kind, FEWEST_MEN) for kind in kinds)
    while units and left < 0:               # too small a budget for every unit: fewer units
        left += _cost(kinds.pop(), FEWEST_MEN)
        units.pop()
    grew = True
    while grew:                             # the points left become men, round the units in turn
        grew = False
        for u, kind in zip(units, kinds):
            if tables.points(kind) <= left and u["men"] < (FEWEST_MEN if kind == CAVALRY else MOST_MEN):
                u["men"] += 1
                left -= tables.points(kind)
                grew = True
    return units
