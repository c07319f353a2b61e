"""Supply trains (seed 003_24994b0dfd86b84f, "1. Campaign rules": "3-4 a detachment must be sent
back for a supply train to the capital or by chance the nearest town; this launches the train in
current turn - the train moves 7 hexes and is consumed when reaches the army. If the train arrives
for the second following turn, that army doesn't need to roll; however, if it doesn't arrive, take
-2 of the roll.").

Interpretations (assets/rules/risk-to-take-campaign.md):
- "by chance the nearest town": a d6, 5-6: the train leaves the nearest town the side holds (not
  hostile to it), else the capital.
- A train is a unit on the map. It moves 7 hexes a turn (steps, whatever the terrain; never through
  an enemy army) after all marches, and is consumed on reaching its army's hex.
- A train serves the supply roll it was sent for (the next one), or none: still on the road at that
  roll, it is too late, it is disbanded and the army rolls at -2; an army fed another way (a captured
  train) skips that roll, and its own train, no longer needed, is disbanded too.
- Caught: an enemy army entering or passing a train's hex captures it; the captors eat its
  provisions (they need not roll at the next supply roll) and the army it was for gets nothing: a
  caught train did not arrive, so that army rolls at -2.
"""
from __future__ import annotations

from typing import Any

from game.engine.scenario import Unit
from game.engine.state import GameState
from game.geometry.hexgrid import Hex

from . import armies
from .armies import REBEL, TRAIN

TRAIN_STEPS = 7


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
               hidden_from=armies.others(state, unit.side))


def gone(state: GameState, train: Unit) -> None:
    """A train consumed, caught or disbanded leaves the map (and the game's units)."""
    train.out = True
    del state.units[train.id]


def disband(state: GameState, tid: str, why: str) -> None:
    train = state.units.get(tid)
    if train is not None and not train.out:
        gone(state, train)
        state.emit("TrainDisbanded", f"{train.name} is disbanded: {why}", actor=tid,
                   hidden_from=armies.others(state, train.side))


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
                       hidden_from=armies.others(state, t.side))


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
