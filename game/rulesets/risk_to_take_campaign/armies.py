"""Armies, trains and places of the campaign map (seed 003_24994b0dfd86b84f, "1. Campaign rules":
"One army's construction and the number of units included is conventional and up to the
players' taste").

An army is a unit of kind "army" standing on a hex; its stats hold its contents, the list of
units the battle generator turns into bases: [{"id", "type", "routs"}], with its campaign status
(movement allowance, supply). A supply train is a unit of kind "train". Places (capitals, towns,
base camps) come from the hex map; who holds each, which are sacked or hostile, lives in
state.data keyed "q,r".
"""
from __future__ import annotations

from typing import Any, Iterable

from game.engine.scenario import Unit
from game.engine.state import GameState
from game.geometry.hexgrid import Hex

ARMY, TRAIN = "army", "train"
TO_PLACE = "to-place"          # an army raised but not yet placed on the map
REBEL = "rebel"                # an army that left its player's control
COMMANDER = "commander"
ARMIES_PER_SIDE = 3
DEFAULT_ARMY = ["line-infantry", "line-infantry", "light-infantry", "cavalry", "artillery", "commander"]


def key(h: Any) -> str:
    """A hex as the string key of the campaign's data ("q,r")."""
    q, r = (h.q, h.r) if isinstance(h, Hex) else h
    return f"{q},{r}"


def others(state: GameState, side: int) -> tuple[int, ...]:
    """The sides other than `side` (those an event of `side`'s is hidden from)."""
    return tuple(s for s in range(state.sides) if s != side)


def hex_of(unit: Unit) -> Hex | None:
    return Hex(*unit.hex) if unit.hex is not None else None


def contents(types: Iterable[Any], prefix: str) -> list[dict[str, Any]]:
    """An army's list of units from a list of type ids, each with an id the battle keeps."""
    out = []
    for i, t in enumerate(types):
        t = t["type"] if isinstance(t, dict) else str(t)
        out.append({"id": f"{prefix}-{i + 1}", "type": t, "routs": 0})
    return out


def strength(unit: Unit) -> int:
    """The army's fighting units (commanders not counted): the number on its counter."""
    return sum(1 for u in unit.stats.get("units", ()) if u["type"] != COMMANDER)


def set_units(unit: Unit, units: list[dict[str, Any]]) -> None:
    unit.stats["units"] = units
    unit.stats["strength"] = strength(unit)


def prepare(state: GameState, unit: Unit) -> None:
    """A scenario's army: its contents from stats.units (type ids) or the default army."""
    types = unit.stats.get("units") or state.scenario.ruleset_data.get("army") or DEFAULT_ARMY
    unit.kind = ARMY
    set_units(unit, contents(types, unit.id))
    unit.stats.setdefault("status", {})


def levy(state: GameState, side: int) -> list:
    """The unit types of an army the side raises: the scenario's `reinforcement`, else its `army`
    (either one list, or one per side), else the default army."""
    per_side = state.scenario.ruleset_data.get("reinforcement") or state.scenario.ruleset_data.get("army")
    return per_side[side] if per_side and isinstance(per_side[0], list) else (per_side or DEFAULT_ARMY)


def raise_army(state: GameState, side: int, why: str) -> Unit:
    """A new army of the side (a reinforcement), waiting to be placed."""
    n = state.data["raised"][side] = state.data["raised"][side] + 1
    uid = f"s{side}-army-{n}"
    name = f"{state.scenario.sides[side].name} army {n}"
    types = levy(state, side)
    unit = Unit(id=uid, side=side, name=name, kind=ARMY, stats={"status": {"raised": state.turn}},
                markers={TO_PLACE})
    set_units(unit, contents(types, uid))
    state.units[uid] = unit
    state.emit("ArmyRaised", f"{name} is raised ({why})", actor=uid, side=side)
    return unit


def order(unit: Unit) -> tuple[int, str]:
    """The order a side's armies are listed and tied in: the scenario's first, then by the turn each
    was raised, then by id. Never the id alone: a scenario's army carries its side's name ("ulm-1"),
    a raised one a number ("s2-army-3"), so that by id alone the armies of sides named before "s"
    (Hallstatt, Norrland) listed their first armies first, and Ulm's and Sudheim's their levies."""
    return int(status(unit).get("raised", 0)), unit.id


def armies(state: GameState, side: int | None = None, placed: bool = True) -> list[Unit]:
    """The armies still in the war, under their players' control (not rebels), in `order`."""
    out = [u for u in state.units.values()
           if u.kind == ARMY and not u.out and REBEL not in u.markers
           and (side is None or u.side == side) and (not placed or TO_PLACE not in u.markers)]
    return sorted(out, key=order)


def rebels(state: GameState) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.kind == ARMY and not u.out and REBEL in u.markers),
                  key=order)


def trains(state: GameState, side: int | None = None) -> list[Unit]:
    return sorted((u for u in state.units.values()
                   if u.kind == TRAIN and not u.out and (side is None or u.side == side)), key=lambda u: u.id)


def armies_at(state: GameState, h: Hex) -> list[Unit]:
    """Every army on the hex, rebels included."""
    return [u for u in state.units.values()
            if u.kind == ARMY and not u.out and TO_PLACE not in u.markers and hex_of(u) == h]


def status(unit: Unit) -> dict[str, Any]:
    return unit.stats.setdefault("status", {})


# -- places -------------------------------------------------------------------------------------
def places(state: GameState, kind: str | None = None) -> list[tuple[Hex, Any]]:
    return [(h, p) for h, p in state.board.places.items() if kind is None or p.kind == kind]


def holder(state: GameState, h: Hex) -> int | None:
    return state.data["holders"].get(key(h))


def capital(state: GameState, side: int) -> Hex | None:
    for h, p in places(state, "capital"):
        if p.side == side:
            return h
    return None


def camp(state: GameState, side: int) -> Hex | None:
    for h, p in places(state, "camp"):
        if p.side == side:
            return h
    return None


def hostile_to(state: GameState, h: Hex, side: int) -> bool:
    return side in state.data["hostile"].get(key(h), [])


def nearest_ones(state: GameState, start: Hex, hexes: Iterable[Hex]) -> list[Hex]:
    """The hexes of `hexes` nearest to `start` (all of them at that distance, in map order)."""
    hexes = list(hexes)
    if not hexes:
        return []
    d = min(state.board.distance(start, h) for h in hexes)
    return sorted((h for h in hexes if state.board.distance(start, h) == d), key=lambda h: (h.r, h.q))


def by_chance(state: GameState, tied: list[Hex], purpose: str, who: str = "",
              hidden_from: tuple[int, ...] = ()) -> Hex | None:
    """One of hexes the rule cannot tell apart: a die from the game's stream picks it (Interpretation:
    never the map's order - north-west first favoured the sides whose way lies north-west: on the Four
    Marches the side in the east won 4 campaigns in 40, 9 of 40 with the map turned half round)."""
    if len(tied) < 2:
        return tied[0] if tied else None
    n = len(tied)
    roll = state.roll(f"d{n}", purpose, who, odds_text=f"{n} hexes as near: one each", hidden_from=hidden_from)
    return tied[roll.total - 1]


def nearest(state: GameState, start: Hex, hexes: Iterable[Hex], purpose: str, who: str = "",
            hidden_from: tuple[int, ...] = ()) -> Hex | None:
    """The nearest of `hexes` to `start`; equally near ones: by chance (by_chance)."""
    return by_chance(state, nearest_ones(state, start, hexes), purpose, who, hidden_from)


def setup(state: GameState) -> None:
    """The campaign's data: who holds each place, sacked and hostile towns, counters."""
    state.data.update(
        holders={key(h): p.side for h, p in places(state)},
        sacked=[], hostile={}, raised=[0] * state.sides, trains=0, battles=[], pending=[],
        ranks=list(range(state.sides)), moving=None)
    for u in state.units.values():       # raised armies are numbered after the scenario's
        if u.kind in ("", ARMY):
            state.data["raised"][u.side] += 1
    per_side = int(state.scenario.ruleset_data.get("armies_per_side", ARMIES_PER_SIDE))
    for side in range(state.sides):      # "3 armies per side is the basic rule"
        if not any(u.side == side and u.kind in ("", ARMY) for u in state.units.values()):
            for _ in range(per_side):
                raise_army(state, side, "the side's army at the start")
    deployed = bool(state.scenario.ruleset_data.get("deployed"))    # a scenario may start placed
    for u in state.units.values():
        if u.kind in ("", ARMY):
            prepare(state, u)
            if not deployed:             # "places his armies in the 10 hex vicinity of his capital"
                u.markers.add(TO_PLACE)
                u.hex = None
