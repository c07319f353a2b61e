"""Supply trains (seed 003_24994b0dfd86b84f, "1. Campaign rules": "3-4 a detachment must be sent
back for a supply train to the capital or by chance the nearest town; this launches the train in
current turn - the train moves 7 hexes and is consumed when reaches the army. If the train arrives
for the second following turn, that army doesn't need to roll; however, if it doesn't arrive, take
-2 of the roll.").

Interpretations (assets/rules/risk-to-take-campaign.md):
- "by chance the nearest town": a d6, 5-6: the train leaves the nearest town the side holds (not
  hostile to it), else the capital. A side that lost its capital sends to its nearest town without
  a roll; a side with neither sends no train: none arrives, the next roll is at -2.
- A train is a unit on the map. It moves 7 hexes a turn (steps, whatever the terrain; never through
  an enemy army) after all marches, and is consumed on reaching its army's hex; a train leaving the
  hex where its army stands (a garrison fed from its own capital or town) is consumed at once.
- A train serves the supply roll it was sent for (the next one), or none: still on the road at that
  roll, it is too late, it is disbanded and the army rolls at -2; an army fed another way (a captured
  train) skips that roll, and its own train, no longer needed, is disbanded too.
- "a detachment must be sent back for a supply train": the army's fastest fighting unit (cavalry
  first, guns last; never its commander) rides back with the train and is not in the army's battles
  meanwhile; it rejoins the army when the train reaches it, or when the train is disbanded (it walks
  back with empty hands). An army of one fighting unit sends none (it cannot spare its last unit).
  A train caught by the enemy is lost with its detachment.
- Caught: an enemy army entering or passing a train's hex captures it; the captors eat its
  provisions (they need not roll at the next supply roll) and the army it was for gets nothing: a
  caught train did not arrive, so that army rolls at -2.
"""
from __future__ import annotations

from typing import Any

from game.engine.scenario import Unit
from game.engine.state import GameState
from game.geometry.hexgrid import Hex

from . import armies, regions, words
from .armies import COMMANDER, REBEL, TRAIN

TRAIN_STEPS = 7
DETACHMENT = ("cavalry", "dragoons", "light-infantry", "cuirassiers", "line-infantry", "artillery")


def source(state: GameState, unit: Unit) -> Hex | None:
    """The capital, or by chance (a d6, 5-6) the nearest town the side holds and that is not hostile;
    a side that lost its capital sends to that town without a roll; with neither: None."""
    capital = armies.capital(state, unit.side)
    if capital is not None and armies.holder(state, capital) != unit.side:
        capital = None                    # lost: no train leaves it
    towns = [h for h, _p in armies.places(state, "town")
             if armies.holder(state, h) == unit.side and not armies.hostile_to(state, h, unit.side)]
    if towns and capital is not None:
        chance = state.roll("d6>=5", "train from a town", unit.name, odds_text="5-6: from the nearest town")
        if not chance.success:
            return capital
    if not towns:
        return capital
    return armies.nearest(state, armies.hex_of(unit), towns, "the town the train leaves", unit.name,
                          hidden_from=armies.others(state, unit.side))


def launch(state: GameState, unit: Unit) -> None:
    start = source(state, unit)
    if start is None:
        armies.status(unit)["no_train"] = "was never sent (nowhere to send for one)"
        state.emit("NoTrain", f"{unit.name} has nowhere to send for a train (no capital, no town): none "
                   f"will come, the next supply roll is at -2", actor=unit.id)
        return
    state.data["trains"] += 1
    tid = f"train-{state.data['trains']}"
    train = state.units[tid] = Unit(id=tid, side=unit.side, name=f"Train for {unit.name}", kind=TRAIN,
                                    hex=(start.q, start.r), stats={"for": unit.id, "launched": state.turn})
    armies.status(unit)["train"] = tid
    if start == armies.hex_of(unit):
        # "the train ... is consumed when reaches the army": leaving the army's own hex, it has
        # reached it at once; no detachment walks anywhere (Interpretation: a garrison fed at home)
        gone(state, train)
        armies.status(unit)["fed"] = "train"
        armies.status(unit).pop("train", None)
        state.emit("TrainArrived", f"{train.name} leaves {words.where(state, start)}, where its army stands, "
                   f"and is consumed at once", actor=tid, hidden_from=armies.others(state, unit.side))
        return
    sent = detach(unit, train)
    escort = f", escorted by the {sent['type']} sent back for it" if sent else ""
    state.emit("TrainSent", f"A supply train for {unit.name} leaves {words.where(state, start)}{escort}", actor=tid,
               hidden_from=armies.others(state, unit.side))


def detach(unit: Unit, train: Unit) -> dict[str, Any] | None:
    """"a detachment must be sent back": the army's fastest fighting unit leaves it with the train
    (an army of one fighting unit keeps it)."""
    fighting = [u for u in unit.stats["units"] if u["type"] != COMMANDER]
    if len(fighting) < 2:
        return None
    sent = min(fighting, key=lambda u: DETACHMENT.index(u["type"]) if u["type"] in DETACHMENT else len(DETACHMENT))
    armies.set_units(unit, [u for u in unit.stats["units"] if u is not sent])
    train.stats["detachment"] = sent
    return sent


def rejoin(state: GameState, train: Unit, army: Unit | None, why: str) -> None:
    """The detachment of a train comes back to its army (the train consumed or disbanded)."""
    sent = train.stats.pop("detachment", None)
    if sent is None or army is None or army.out or REBEL in army.markers:
        return
    units = army.stats["units"]
    at = next((i for i, u in enumerate(units) if u["type"] == COMMANDER), len(units))
    armies.set_units(army, units[:at] + [sent] + units[at:])
    state.emit("DetachmentBack", f"The {sent['type']} of {army.name} rejoins it {why}", actor=army.id,
               hidden_from=armies.others(state, army.side))


def gone(state: GameState, train: Unit) -> None:
    """A train consumed, caught or disbanded leaves the map (and the game's units)."""
    train.out = True
    del state.units[train.id]


def disband(state: GameState, tid: str, why: str) -> None:
    """The train goes home; its detachment walks back to the army (if the army is still there)."""
    train = state.units.get(tid)
    if train is not None and not train.out:
        gone(state, train)
        rejoin(state, train, state.units.get(train.stats["for"]), "with empty hands")
        state.emit("TrainDisbanded", f"{train.name} is disbanded: {why}", actor=tid,
                   hidden_from=armies.others(state, train.side))


def catch(state: GameState, army: Unit, h: Hex) -> None:
    """An army entering a hex captures the enemy trains there and eats their provisions."""
    for t in armies.trains(state):
        if t.side != army.side and armies.hex_of(t) == h:
            gone(state, t)
            sent = t.stats.get("detachment")
            escort = f" and its escort ({sent['type']})" if sent else ""
            armies.status(army)["fed"] = "captured"
            owner = state.units.get(t.stats["for"])
            if owner is not None and armies.status(owner).get("train") == t.id:
                armies.status(owner).pop("train")
                armies.status(owner)["no_train"] = "was caught by the enemy"      # it will not arrive
            state.emit("TrainCaught", f"{army.name} captures {t.name}{escort} and eats its provisions",
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
        tie = regions.nudge(board, "train", state.turn, t.id)       # among the shortest ways: drawn

        def step(a: Hex, b: Hex):
            if b != goal and b in enemy:
                return None
            return None if board.terrain(b).move_cost is None else 1.0 + tie(b)

        path = board.path(armies.hex_of(t), goal, step, min_cost=1.0)
        if path is None:
            continue                      # blocked: it waits
        to = path[min(TRAIN_STEPS, len(path) - 1)]
        t.hex = (to.q, to.r)
        if to == goal:
            gone(state, t)
            rejoin(state, t, army, "with the train")
            armies.status(army)["fed"] = "train"
            armies.status(army).pop("train", None)
            state.emit("TrainArrived", f"{t.name} reaches its army and is consumed", actor=t.id,
                       hidden_from=armies.others(state, t.side))


def train_missed(state: GameState, unit: Unit, fed: Any) -> bool:
    """The roll its train was sent for has come: True when that train did not arrive ("if it doesn't
    arrive, take -2 of the roll"): still on the road (it is disbanded), caught, or never sent."""
    status = armies.status(unit)
    late = status.pop("train", None)
    missed = status.pop("no_train", None)
    if late is not None:
        disband(state, late, "no longer needed" if fed else "too late: the army rolls at -2")
    elif missed is not None and not fed:
        state.emit("TrainMissed", f"{unit.name}'s train {missed}: the army rolls at -2", actor=unit.id)
    return not fed and (late is not None or missed is not None)
