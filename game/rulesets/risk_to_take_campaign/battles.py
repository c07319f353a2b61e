"""Battles (seed 003_24994b0dfd86b84f, "1. Campaign rules": "After every player made their intended
moves, battles happen on the tabletop").

Each battle is a nested game of `risk-to-take`, built by its battle generator from the two armies'
lists and the ground of the hex; the attacker (the army that entered) deploys at the bottom edge.
Battles are fought in the turn's initiative order (the attacking side's rank, then the order of the
marches). The battle's Result comes back to the map:
- units destroyed in the battle are struck from their army; routed units that survive re-form with
  it, keeping their count of routs (fatigue carries over); an army with no fighting unit left is gone;
- the winner holds the hex (and the town or capital on it); the loser retreats one hex toward its own
  capital (a passable hex without another army); with nowhere to go it surrenders;
- a draw: the attacker falls back to the hex it came from.
An army that starved and looted loses the initiative of the first turn of its next battle.
The ground: the hex's own kind (forest, hills; a town or capital gives a village with a wall); a plain
or marsh hex takes the kind most of its neighbours share among forest, hills and town, else plain.
Rivers: an attacker that crossed a river hexside into the hex fights across a stream; a river on
any side of the hex or of its neighbours puts a stream along the attacker's right flank.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from game.engine import game as engine
from game.engine import registry
from game.engine.state import GameState, Result
from game.geometry.hexgrid import Hex

from . import armies, words

BATTLES = "risk-to-take"           # the ruleset the battles are games of (the campaign's `nests`)
GROUND = {"forest": "forest", "hills": "hills", "town": "town", "capital": "town"}
RESUME = "battle-over"


def ground(state: GameState, h: Hex) -> str:
    board = state.board
    kind = "town" if h in board.places and board.places[h].kind != "camp" else board.terrain(h).id
    if kind in GROUND:
        return GROUND[kind]
    counts: dict[str, int] = {}
    for n in board.neighbours(h):
        g = GROUND.get("town" if n in board.places else board.terrain(n).id)
        if g:
            counts[g] = counts.get(g, 0) + 1
    best = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return best[0][0] if best and best[0][1] >= 3 else "plain"


def river(state: GameState, h: Hex, came_from: Hex | None) -> str | None:
    """The stream on the battle table (risk_to_take battle.RIVERS), from the river hexsides."""
    board = state.board
    if came_from is not None and "river" in board.hexsides(came_from, h):
        return "across"
    for a in [h, *board.neighbours(h)]:
        if any("river" in board.hexsides(a, n) for n in board.neighbours(a)):
            return "flank"
    return None


def order_pending(state: GameState, phase: Any = None) -> None:
    """Phase begin: the battles of the turn in initiative order of the attacking sides."""
    ranks = state.data["ranks"]
    pending = state.data["pending"]
    indexed = sorted(enumerate(pending), key=lambda ib: (ranks.index(state.units[ib[1]["attacker"]].side), ib[0]))
    state.data["pending"] = [b for _i, b in indexed]


def army_list(unit) -> dict[str, Any]:
    return {"name": unit.name, "units": [dict(u) for u in unit.stats["units"]]}


def scenario_for(state: GameState, battle: dict[str, Any]):
    attacker, defender = state.units[battle["attacker"]], state.units[battle["defender"]]
    lost = None
    for i, u in enumerate((attacker, defender)):
        if armies.status(u).pop("no_initiative", False) and lost is None:
            lost = i                      # a starving army that looted loses its next battle's initiative
    h = Hex(*battle["hex"])
    came = armies.status(attacker).get("came_from")
    scenario = registry.get(BATTLES).nested_scenario({
        "armies": [army_list(attacker), army_list(defender)], "terrain": ground(state, h),
        "river": river(state, h, Hex(*came) if came else None),
        "name": f"battle-{len(state.data['battles']) + 1}", "initiative_lost_by": lost})
    # its name in the log ("The battle of Midford ends: ..."), from the place or the map's grid label
    return dataclasses.replace(scenario, title=f"The battle of {place_name(state, h)}")


def place_name(state: GameState, h: Hex) -> str:
    place = state.board.places.get(h)
    return place.name if place is not None and place.name else state.board.label(h)


def next_battle(state: GameState, phase: Any = None) -> None:
    """Step: fight the next pending battle as a nested game (runs again after each one)."""
    while state.data["pending"]:
        battle = state.data["pending"][0]
        a, d = state.units[battle["attacker"]], state.units[battle["defender"]]
        if a.out or d.out or a.hex != d.hex:
            state.data["pending"].pop(0)
            continue
        scenario = scenario_for(state, battle)
        state.emit("BattleBegins", f"Battle at {words.where(state, Hex(*battle['hex']))}: {a.name} attacks {d.name} "
                   f"({scenario.title})", attacker=a.id, defender=d.id)
        engine.start_child(state, scenario, RESUME, seats=(a.side, d.side))
        return


def _apply_losses(state: GameState, unit, result: Result, battle_side: int) -> None:
    survivors = {s["id"]: s for s in result.data.get("survivors", {}).get(str(battle_side), [])}
    kept = []
    for u in unit.stats["units"]:
        s = survivors.get(u["id"])
        if s is not None:
            kept.append({"id": u["id"], "type": u["type"], "routs": int(s.get("routs", 0))})
    lost = len(unit.stats["units"]) - len(kept)
    armies.set_units(unit, kept)
    if lost:
        state.emit("Losses", f"{unit.name} lost {lost} unit{'s' if lost != 1 else ''}", actor=unit.id, lost=lost)
    if armies.strength(unit) == 0:
        unit.out = True
        state.emit("ArmyDestroyed", f"{unit.name} is destroyed", actor=unit.id)


def retreat_hex(state: GameState, unit) -> Hex | None:
    """A neighbouring hex toward the army's own capital, passable and without an army."""
    board = state.board
    here = armies.hex_of(unit)
    home = armies.capital(state, unit.side) or here
    taken = {armies.hex_of(u) for u in state.units.values()
             if u.kind == armies.ARMY and not u.out and u.hex is not None}
    free = [n for n in board.neighbours(here) if n not in taken and board.move_cost(here, n) is not None]
    return armies.nearest(state, home, free, "the way of its retreat", unit.name)


def retreat(state: GameState, unit, to: Hex | None = None) -> None:
    to = to if to is not None else retreat_hex(state, unit)
    if to is None:
        unit.out = True
        state.emit("Surrendered", f"{unit.name} has nowhere to retreat and surrenders", actor=unit.id)
        return
    unit.hex = (to.q, to.r)
    state.emit("Retreated", f"{unit.name} retreats to {words.where(state, to)}", actor=unit.id)


def take(state: GameState, h: Hex, side: int) -> None:
    """A side's army holds a place's hex: the place is theirs (a hostile town stays nobody's)."""
    k = armies.key(h)
    if k not in state.data["holders"] or armies.hostile_to(state, h, side):
        return
    if state.data["holders"][k] != side:
        state.data["holders"][k] = side
        place = state.board.places[h]
        state.emit("PlaceTaken", f"The {state.scenario.sides[side].name} take {place.name}", place=k, side=side)


def battle_over(state: GameState, result: Result) -> None:
    """Resume hook: the battle's result updates both armies and the map."""
    battle = state.data["pending"].pop(0)
    a, d = state.units[battle["attacker"]], state.units[battle["defender"]]
    _apply_losses(state, a, result, 0)
    _apply_losses(state, d, result, 1)
    winner = None if result.winner is None else (a, d)[result.winner]
    loser = None if winner is None else (d if winner is a else a)
    h = Hex(*battle["hex"])
    if loser is not None and not loser.out:
        retreat(state, loser)
    if winner is None and not a.out:
        came = armies.status(a).get("came_from")
        back = Hex(*came) if came else None
        free = back is not None and not any(u is not a for u in armies.armies_at(state, back))
        retreat(state, a, back if free and back != h else None)
    if winner is not None and not winner.out:
        state.emit("HoldsField", f"{winner.name} holds {place_name(state, h)}", actor=winner.id)
        take(state, h, winner.side)
    state.data["battles"].append({
        "turn": state.turn, "hex": battle["hex"], "attacker": a.id, "defender": d.id,
        "winner": None if winner is None else winner.side, "reason": result.reason,
        "losses": {str(a.side): len(result.data.get("losses", {}).get("0", [])),
                   str(d.side): len(result.data.get("losses", {}).get("1", []))}})
