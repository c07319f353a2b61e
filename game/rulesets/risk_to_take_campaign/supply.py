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
- "by chance the nearest town": a d6, 5-6: the train leaves the nearest town the side holds (not
  hostile to it), else the capital.
- A train moves 7 hexes a turn (steps, whatever the terrain; never through an enemy army) after all
  marches, and is consumed on reaching its army's hex. A train serves the supply roll it was sent
  for (the next one), or none: still on the road at that roll, it is too late, it is disbanded and
  the army rolls at -2; an army fed another way (a captured train) skips that roll, and its own
  train, no longer needed, is disbanded too.
- Caught: an enemy army entering or passing a train's hex captures it; the captors eat its
  provisions (they need not roll at the next supply roll) and the army it was for gets nothing: a
  caught train did not arrive, so that army rolls at -2.
- Starving: the player chooses to loot or to forbid it. Looting sacks the nearest town (not a
  capital), and the army loses the initiative of its next battle. A sacked town rolls a d6: on 1-2
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

from . import armies
from .armies import COMMANDER, REBEL, TRAIN

TRAIN_STEPS = 7
REBEL_STEPS = 4
FED = {"train": "was supplied by its train", "captured": "lives on the provisions of a captured train"}


def _others(state: GameState, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.sides) if s != side)


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


def train_missed(state: GameState, unit: Unit, fed: Any) -> bool:
    """The roll its train was sent for has come: True when that train did not arrive ("if it doesn't
    arrive, take -2 of the roll"): still on the road (it is disbanded) or caught by the enemy."""
    status = armies.status(unit)
    late = status.pop("train", None)
    caught = status.pop("caught", None)
    if late is not None:
        disband(state, late, "no longer needed" if fed else "too late: the army rolls at -2")
    elif caught is not None and not fed:
        state.emit("TrainMissed", f"{unit.name}'s train was caught by the enemy: the army rolls at -2",
                   actor=unit.id)
    return not fed and (late is not None or caught is not None)


def starving_decisions(state: GameState, phase: Any) -> list[Decision]:
    """actors: the player of each starving army lets it loot or forbids it."""
    return [Decision(state.units[uid].side, "forage", "starving: loot, or forbid it and wait for a train",
                     actor=(uid,)) for uid in state.data.get("starving", ()) if not state.units[uid].out]


# -- trains -----------------------------------------------------------------------------------------
def source(state: GameState, unit: Unit) -> Hex | None:
    """The capital, or by chance (a d6, 5-6) the nearest town the side holds and that is not hostile."""
    capital = armies.capital(state, unit.side)
    towns = [h for h, _p in armies.places(state, "town")
             if armies.holder(state, h) == unit.side and not armies.hostile_to(state, h, unit.side)]
    if towns:
        chance = state.roll("d6>=5", "train from a town", unit.name, odds_text="5-6: from the nearest town")
        if chance.success or capital is None:
            return armies.nearest(state, armies.hex_of(unit), towns)
    if capital is not None and armies.holder(state, capital) == unit.side:
        return capital
    return None


def launch(state: GameState, unit: Unit) -> None:
    start = source(state, unit)
    if start is None:
        state.emit("NoTrain", f"{unit.name} has nowhere to send for a train", actor=unit.id)
        return
    state.data["trains"] += 1
    tid = f"train-{state.data['trains']}"
    state.units[tid] = Unit(id=tid, side=unit.side, name=f"Train for {unit.name}", kind=TRAIN,
                            hex=(start.q, start.r), stats={"for": unit.id, "launched": state.turn})
    armies.status(unit)["train"] = tid
    state.emit("TrainSent", f"A supply train for {unit.name} leaves {armies.key(start)}", actor=tid,
               hidden_from=_others(state, unit.side))


def gone(state: GameState, train: Unit) -> None:
    """A train consumed, caught or disbanded leaves the map (and the game's units)."""
    train.out = True
    del state.units[train.id]


def disband(state: GameState, tid: str, why: str) -> None:
    train = state.units.get(tid)
    if train is not None and not train.out:
        gone(state, train)
        state.emit("TrainDisbanded", f"{train.name} is disbanded: {why}", actor=tid,
                   hidden_from=_others(state, train.side))


def catch(state: GameState, army: Unit, h: Hex) -> None:
    """An army entering a hex captures the enemy trains there and eats their provisions."""
    for t in armies.trains(state):
        if t.side != army.side and armies.hex_of(t) == h:
            gone(state, t)
            armies.status(army)["fed"] = "captured"
            owner = state.units.get(t.stats["for"])
            if owner is not None and armies.status(owner).get("train") == t.id:
                armies.status(owner)["caught"] = armies.status(owner).pop("train")   # it will not arrive
            state.emit("TrainCaught", f"{army.name} captures {t.name} and eats its provisions",
                       actor=army.id, target=t.id)


def advance_trains(state: GameState, phase: Any = None) -> None:
    """Step after the marches: each train moves 7 hexes toward its army; reaching it, it is consumed."""
    board = state.board
    for t in armies.trains(state):
        army = state.units.get(t.stats["for"])
        if army is None or army.out or REBEL in army.markers or army.hex is None:
            disband(state, t.id, "its army is gone")
            continue
        if armies.status(army).get("train") != t.id:
            disband(state, t.id, "the supply roll it was sent for is past")
            continue
        enemy = {armies.hex_of(u) for u in armies.armies(state) if u.side != t.side} | \
            {armies.hex_of(u) for u in armies.rebels(state)}
        goal = armies.hex_of(army)

        def step(a: Hex, b: Hex):
            if b != goal and b in enemy:
                return None
            return None if board.terrain(b).move_cost is None else 1.0

        path = board.path(armies.hex_of(t), goal, step, min_cost=1.0)
        if path is None:
            continue                      # blocked: it waits
        to = path[min(TRAIN_STEPS, len(path) - 1)]
        t.hex = (to.q, to.r)
        if to == goal:
            gone(state, t)
            armies.status(army)["fed"] = "train"
            armies.status(army).pop("train", None)
            state.emit("TrainArrived", f"{t.name} reaches its army and is consumed", actor=t.id,
                       hidden_from=_others(state, t.side))


# -- looting ----------------------------------------------------------------------------------------
def loot(state: GameState, unit: Unit) -> None:
    """The army sacks the nearest town and loses the initiative of its next battle."""
    armies.status(unit)["no_initiative"] = True
    towns = [h for h, _p in armies.places(state, "town")]
    town = armies.nearest(state, armies.hex_of(unit), towns)
    if town is None:
        state.emit("Looted", f"{unit.name} strips the countryside (no town to sack)", actor=unit.id)
        return
    sack(state, town, unit.side, unit.name)


def sack(state: GameState, town: Hex, side: int, by: str) -> None:
    k = armies.key(town)
    name = state.board.places[town].name
    if k not in state.data["sacked"]:
        state.data["sacked"].append(k)
    state.emit("Sacked", f"{by} sacks {name}", place=k)
    roll = state.roll("d6<=2", "sacked town turns hostile", name, odds_text="1-2: hostile")
    if roll.success:
        make_hostile(state, town, side)


def make_hostile(state: GameState, town: Hex, side: int) -> None:
    k = armies.key(town)
    against = state.data["hostile"].setdefault(k, [])
    if side not in against:
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
        town = armies.nearest(state, armies.hex_of(unit), towns)
        if town is None:
            continue
        taken = {armies.hex_of(u) for u in armies.armies(state)}
        path = board.path(armies.hex_of(unit), town,
                          lambda a, b: None if b in taken or board.terrain(b).move_cost is None else 1.0,
                          min_cost=1.0)
        if path is None:
            continue
        to = path[min(REBEL_STEPS, len(path) - 1)]
        unit.hex = (to.q, to.r)
        if to == town:
            sack(state, town, unit.side, f"The rebels of {unit.name}")
