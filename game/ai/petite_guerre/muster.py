"""The AI builds a Petite Guerre force on points (the scenario's points limit).

The force keeps the side's character in the scenario file: its main troop type is the one the
file's force spends most points on (a side called "Hussars" rides hussars). A side of foot buys
figures, not rank: each unit is a sub-leader (6 men's worth) and some men in open order, of its
main type or, when the file gives it none in particular, of a type that shoots well and is not
slowed by rough ground (light infantry, jaegers, irregulars), now and then with a small hussar
patrol to charge disordered enemies. Several small units rather than one large one: pressure puts
one unit out of control, not the whole force. The points left over become extra men.
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


def _file_type(scenario: Any, side: int) -> str | None:
    """The troop type the side's force in the file spends most points on."""
    spent: dict[str, int] = {}
    for u in scenario.units:
        if u.side == side:
            kind = u.stats.get("troop", "line-infantry")
            spent[kind] = spent.get(kind, 0) + tables.points(kind, u.stats.get("role", ""))
    return max(sorted(spent), key=lambda k: spent[k]) if spent else None


def build(scenario: Any, side: int, muster: Muster, rng: PlayerRng, level: str) -> list[dict[str, Any]]:
    pick = SHOOTERS[rng.below(len(SHOOTERS))]
    main = _file_type(scenario, side) or pick
    count = max(1, min(muster.most, round(muster.budget / _cost(main, MEN))))
    kinds = [main] * count
    if main != CAVALRY and rng.below(3) == 0 and count < muster.most and \
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
            if tables.points(kind) <= left and u["men"] < (FEWEST_MEN if kind != main else MOST_MEN):
                u["men"] += 1
                left -= tables.points(kind)
                grew = True
    return units
