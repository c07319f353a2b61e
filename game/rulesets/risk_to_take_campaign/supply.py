"""Supply, trains, looting and rebellion (seed 003_24994b0dfd86b84f, "1. Campaign rules"):

"in each second turn, initiate a sequence of rolls to determine if the armies have enough supplies
for the next turns. Rolling 1d6: 5-6 provisions are enough for the next two turns; 3-4 a detachment
must be sent back for a supply train to the capital or by chance the nearest town; this launches the
train in current turn - the train moves 7 hexes and is consumed when reaches the army. If the train
arrives for the second following turn, that army doesn't need to roll; however, if it doesn't
arrive, take -2 of the roll. 1-2 the army is starving and sacks the nearest town/village plus loses
initiative in the next battle. Sacked towns/villages can become hostile. If an army commander
(player) doesn't let the army loot and the train doesn't arrive for the second next turn, the army
becomes hostile, and rolls 1d6: 1-2 = the army starts a rebellion and either kills its commanders or
goes free looting."

Interpretations (assets/rules/risk-to-take-campaign.md):
- An army raised this turn marches out with full provisions: it does not roll.
- Trains: trains.py.
- Starving: the player chooses to loot or to forbid it. Looting sacks the nearest town (not a
  capital) the army can march to with 5 hexes ("Movement is 5 hexes per army", without the die),
  or the town it stands in: it marches there, and that is its march of the turn. With no town in
  reach it strips the countryside: nothing is sacked. Either way it loses the initiative of its
  next battle. A sacked town rolls a d6: on 1-2
  it turns hostile to the side that sacked it: it throws out that side's garrison, never sends it a
  train again, and an army of that side ending a turn in it loses a unit to its partisans.
- Forbidding the looting sends for a train as on a 3-4. If it has not arrived by the next supply
  roll (the second next turn) the army turns hostile and rolls a d6: 3-6 it grumbles and obeys
  (it rolls for supply as usual); 1-2 it rebels: a second d6, 1-3 it kills its commanders, 4-6 it
  goes free looting. Either way it leaves its player's control for good: a rebel army belongs to
  nobody, marches 4 hexes a turn toward the nearest town not yet sacked and sacks it (hostile to its
  old side), counts for no goal, and scatters when an army enters its hex.
"""
from __future__ import annotations

from typing import Any

from game.engine.flow import Decision
from game.engine.scenario import Unit
from game.engine.state import GameState
from game.geometry.hexgrid import Hex

from . import armies, fog, movement, regions
from .armies import COMMANDER, REBEL
from .trains import advance_trains, catch, disband, launch, train_missed  # noqa: F401 (the flow's steps)

REBEL_STEPS = 4
LOOT_REACH = movement.BASE          # "Movement is 5 hexes per army": a march, without its die
FED = {"train": "was supplied by its train", "captured": "lives on the provisions of a captured train"}


# -- the roll ---------------------------------------------------------------------------------------
def roll_supply(state: GameState, phase: Any = None) -> None:
    """Phase begin, every second turn: each army's supply, in rank order."""
    state.data["starving"] = []
    for side in state.data["ranks"]:
        for unit in armies.armies(state, side):
            status = armies.status(unit)
            if status.get("raised") == state.turn:
                continue                  # a new army marches out with full provisions
            if status.pop("refused", None) is not None and not status.get("fed"):
                if rebellion(state, unit):
                    continue
            fed = status.pop("fed", None)
            missed = train_missed(state, unit, fed)
            if fed:
                state.emit("Supplied", f"{unit.name} {FED.get(fed, FED['train'])}: no roll needed", actor=unit.id)
                continue
            modifier = -2 if missed else 0
            roll = state.roll(f"d6{modifier:+d}" if modifier else "d6", "supply", unit.name,
                              odds_text="5-6 supplied, 3-4 a train is sent, 1-2 starving")
            if roll.total >= 5:
                state.emit("Supplied", f"{unit.name} has provisions for two turns", actor=unit.id)
            elif roll.total >= 3:
                launch(state, unit)
            else:
                state.emit("Starving", f"{unit.name} is starving", actor=unit.id)
                state.data["starving"].append(unit.id)


def starving_decisions(state: GameState, phase: Any) -> list[Decision]:
    """actors: the player of each starving army lets it loot or forbids it."""
    return [Decision(state.units[uid].side, "forage", "starving: loot, or forbid it and wait for a train",
                     actor=(uid,)) for uid in state.data.get("starving", ()) if not state.units[uid].out]


# -- looting ----------------------------------------------------------------------------------------
def towns_to_sack(state: GameState, unit: Unit) -> list[Hex]:
    """The nearest towns (not capitals) the army can march to with LOOT_REACH hexes, as a march goes
    (the map's costs; never through an enemy army it sees), or the one it stands in; a town where it
    sees another army (of any side, or rebels) cannot be its goal. What its side knows decides, as in
    a march: an army in the fog is run into (a battle, no sack). Several as near (the march's cost,
    then the hexes): the sack falls on one by chance (town_to_sack)."""
    here = armies.hex_of(unit)
    reach = movement.reach(state, unit, LOOT_REACH)
    ends = set(movement.destinations(state, unit, LOOT_REACH)) | {here}
    looking = fog.eyes(state, unit.side)
    towns = [h for h, _p in armies.places(state, "town") if h in ends
             and all(o is unit or (o.side != unit.side and not fog.seen_by(state, unit.side, h, looking))
                     for o in armies.armies_at(state, h))]
    if not towns:
        return []
    best = min((reach[h][0], state.board.distance(here, h)) for h in towns)
    return sorted((h for h in towns if (reach[h][0], state.board.distance(here, h)) == best), key=lambda h: (h.r, h.q))


def town_to_sack(state: GameState, unit: Unit) -> Hex | None:
    """The town the looting army sacks: the nearest (towns_to_sack), one of equally near ones by chance."""
    return armies.by_chance(state, towns_to_sack(state, unit), "the town it sacks", unit.name)


def loot(state: GameState, unit: Unit) -> None:
    """The army sacks the nearest town within a march, marching there (its march of the turn), and
    loses the initiative of its next battle; with none in reach it strips the countryside."""
    status = armies.status(unit)
    status["no_initiative"] = True
    town = town_to_sack(state, unit)
    if town is None:
        state.emit("Looted", f"{unit.name} finds no town within a march ({LOOT_REACH} hexes) and strips "
                   f"the countryside", actor=unit.id)
        return
    if town != armies.hex_of(unit):
        movement.march(state, unit, town)
        if armies.hex_of(unit) != town or any(o is not unit for o in armies.armies_at(state, town)):
            return                        # it ran into an army it had not seen: a battle, no sack
    status["moved"] = True
    sack(state, town, unit.side, unit.name)


def sack(state: GameState, town: Hex, side: int, by: str, rebels: bool = False) -> None:
    k = armies.key(town)
    name = state.board.places[town].name
    if k not in state.data["sacked"]:
        state.data["sacked"].append(k)
    state.emit("Sacked", f"{by} sacks {name}", place=k, side=side, held_by=armies.holder(state, town),
               rebels=rebels)
    if armies.hostile_to(state, town, side):
        return                            # hostile to that side already: nothing more to turn
    roll = state.roll("d6<=2", "sacked town turns hostile", name, odds_text="1-2: hostile")
    if roll.success:
        make_hostile(state, town, side)


def make_hostile(state: GameState, town: Hex, side: int) -> None:
    k = armies.key(town)
    against = state.data["hostile"].setdefault(k, [])
    if side in against:
        return
    against.append(side)
    if state.data["holders"].get(k) == side:
        state.data["holders"][k] = None
    state.emit("TownHostile", f"{state.board.places[town].name} turns hostile to the "
               f"{state.scenario.sides[side].name}", place=k, side=side)


def forbid(state: GameState, unit: Unit) -> None:
    armies.status(unit)["refused"] = state.turn
    state.emit("LootingForbidden", f"{unit.name} is forbidden to loot and waits for a train", actor=unit.id)
    launch(state, unit)


def rebellion(state: GameState, unit: Unit) -> bool:
    """The train did not come: the army turns hostile and rolls; True when it rebels."""
    state.emit("ArmyHostile", f"{unit.name} waited in vain for its train and turns hostile", actor=unit.id)
    roll = state.roll("d6<=2", "rebellion", unit.name, odds_text="1-2: rebellion")
    if not roll.success:
        state.emit("ArmyObeys", f"{unit.name} grumbles but obeys", actor=unit.id)
        return False
    how = state.roll("d6", "how the army rebels", unit.name, odds_text="1-3 kills its commanders, 4-6 loots")
    if how.total <= 3:
        armies.set_units(unit, [u for u in unit.stats["units"] if u["type"] != COMMANDER])
        state.emit("Rebellion", f"{unit.name} rebels and kills its commanders", actor=unit.id)
    else:
        state.emit("Rebellion", f"{unit.name} rebels and goes free looting", actor=unit.id)
    unit.markers.add(REBEL)
    train = armies.status(unit).pop("train", None)
    if train:
        disband(state, train, "its army rebelled")
    return True


def hostile_towns(state: GameState) -> None:
    """turn_end: an army in a town hostile to its side loses a unit to the partisans."""
    for unit in armies.armies(state):
        h = armies.hex_of(unit)
        if h in state.board.places and armies.hostile_to(state, h, unit.side):
            fighting = [u for u in unit.stats["units"] if u["type"] != COMMANDER]
            if fighting:
                lost = fighting[-1]
                armies.set_units(unit, [u for u in unit.stats["units"] if u is not lost])
                state.emit("Partisans", f"The partisans of {state.board.places[h].name} cut off a "
                           f"{lost['type']} of {unit.name}", actor=unit.id)
            if armies.strength(unit) == 0:
                unit.out = True
                state.emit("ArmyDestroyed", f"{unit.name} is no more", actor=unit.id)


def rebels_loot(state: GameState) -> None:
    """turn_end: each rebel army marches toward the nearest town not yet sacked and sacks it."""
    board = state.board
    for unit in armies.rebels(state):
        towns = [h for h, _p in armies.places(state, "town") if armies.key(h) not in state.data["sacked"]]
        town = armies.nearest(state, armies.hex_of(unit), towns, "the town the rebels make for", unit.name)
        if town is None:
            continue
        taken = {armies.hex_of(u) for u in armies.armies(state)}
        tie = regions.nudge(board, "rebels", state.turn, unit.id)   # among the shortest ways: drawn
        path = board.path(armies.hex_of(unit), town,
                          lambda a, b: None if b in taken or board.terrain(b).move_cost is None else 1.0 + tie(b),
                          min_cost=1.0)
        if path is None:
            continue
        to = path[min(REBEL_STEPS, len(path) - 1)]
        unit.hex = (to.q, to.r)
        if to == town:
            sack(state, town, unit.side, f"The rebels of {unit.name}", rebels=True)
