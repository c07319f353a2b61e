"""Initiative, deployment and reinforcements (seed 003_24994b0dfd86b84f, "1. Campaign rules").

"Players decide initiative by throwing dice. If two player's roll is equal, they re-roll."
"Player with initiative places his armies in the 10 hex vicinity of his capital ... Followed by the
remaining players in rank order of their dices."
"In each SECOND turn ... players roll for reinforcements which are placed nearby the capital / base
camp. Rolling 1d4: 1-2 = 1 army; 3-4 = 2 armies. Rolling 1d6: odds (1,3,5)=1 army; evens = 2."

Interpretations: the initiative is rolled every turn (the order of moves and battles); only the sides
whose rolls are equal re-roll, to order themselves. "Near" the capital or base camp is within
NEAR hexes of it (the hex itself included). A hex holding an army cannot take another, and no army
is placed on a town or capital another side holds, nor nearer an enemy capital than its own.
"""
from __future__ import annotations

from typing import Any

from game.engine import game as engine
from game.engine.flow import Decision
from game.engine.state import GameState
from game.geometry.hexgrid import Hex

from . import armies, words
from .armies import TO_PLACE

DEPLOY_RADIUS = 10
NEAR = 2


def rank(state: GameState, sides: list[int], names: list[str]) -> list[int]:
    """Sides in rank order of their d6 (highest first); equal rolls re-roll among themselves."""
    rolls = {s: state.roll("d6", "initiative", names[s]).total for s in sides}
    order: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [s for s in sides if rolls[s] == value]
        if len(tied) > 1:
            state.emit("Initiative", "Equal rolls: " + " and ".join(names[s] for s in tied) + " roll again")
            tied = rank(state, tied, names)
        order += tied
    return order


def roll_initiative(state: GameState) -> None:
    """turn_begin: every side rolls; sides act in rank order of their rolls."""
    names = [s.name for s in state.scenario.sides]
    order = rank(state, list(range(state.sides)), names)
    engine.set_order(state, order)
    state.data["ranks"] = order
    for u in armies.armies(state):
        status = armies.status(u)
        status.pop("moved", None)
        status.pop("allowance", None)
    state.emit("Initiative", "Order of the turn: " + ", ".join(names[s] for s in order), order=order)


# -- placing armies -----------------------------------------------------------------------------
def anchors(state: GameState, unit) -> tuple[list[Hex], int]:
    """Where an army may be placed around: its capital (turn 1: 10 hexes, or the scenario's deploy_radius) or, for a reinforcement,
    the capital and the base camp (NEAR hexes)."""
    capital = armies.capital(state, unit.side)
    if armies.status(unit).get("reinforcement"):
        camp = armies.camp(state, unit.side)
        return [h for h in (capital, camp) if h is not None], NEAR
    radius = int(state.scenario.ruleset_data.get("deploy_radius", DEPLOY_RADIUS))
    return ([capital] if capital is not None else []), radius


def placement_hexes(state: GameState, unit) -> list[Hex]:
    board = state.board
    centres, radius = anchors(state, unit)
    taken = {armies.hex_of(u) for u in state.units.values()
             if u.kind == armies.ARMY and not u.out and u.hex is not None}
    home = armies.capital(state, unit.side)
    others = [h for h, p in armies.places(state, "capital") if p.side != unit.side]
    out = set()
    for c in centres:
        held = armies.holder(state, c)
        if held is not None and held != unit.side:
            continue                     # a capital or camp in enemy hands raises nobody
        for h in board.hexes:
            if board.distance(c, h) <= radius and h not in taken and board.terrain(h).move_cost is not None \
                    and armies.holder(state, h) in (None, unit.side) \
                    and (home is None or all(board.distance(h, home) < board.distance(h, o) for o in others)):
                out.add(h)              # not on an enemy's place; on its own side of the map
    return sorted(out, key=lambda h: (h.r, h.q))


def placements(state: GameState, phase: Any) -> list[Decision]:
    """actors: one decision per army waiting to be placed, sides in rank order."""
    queue = []
    for side in state.data["ranks"]:
        for u in armies.armies(state, side, placed=False):
            if TO_PLACE in u.markers and placement_hexes(state, u):
                _centres, radius = anchors(state, u)
                why = (f"reinforcement: place it within {radius} hexes of the capital or camp"
                       if armies.status(u).get("reinforcement") else f"deployment: within {radius} hexes of the capital")
                queue.append(Decision(side, "place", why, actor=(u.id,)))
    return queue


def place(state: GameState, unit, h: Hex) -> None:
    unit.hex = (h.q, h.r)
    unit.markers.discard(TO_PLACE)
    state.emit("Deployed", f"{unit.name} takes the field at {words.where(state, h)}", actor=unit.id,
               hidden_from=tuple(s for s in range(state.sides) if s != unit.side))


# -- reinforcements -----------------------------------------------------------------------------
def roll_reinforcements(state: GameState, phase: Any) -> None:
    """Every second turn each side rolls for new armies (the die is a campaign option)."""
    die = state.options.get("reinforcement_die", "d4")
    for side in state.data["ranks"]:
        name = state.scenario.sides[side].name
        if armies.capital(state, side) is None and armies.camp(state, side) is None:
            continue
        if die == "d4":
            total = state.roll("d4", "reinforcements", name, odds_text="1-2: one army, 3-4: two").total
            count = 1 if total <= 2 else 2
        else:
            total = state.roll("d6", "reinforcements", name, odds_text="odd: one army, even: two").total
            count = 1 if total % 2 else 2
        for _ in range(count):
            unit = armies.raise_army(state, side, f"rolled {total} on the {die}")
            armies.status(unit)["reinforcement"] = True
