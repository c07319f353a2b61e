"""Advanced option: hidden deployment, the placing step (seed 000 "Hidden deployment").

"The defender may deploy his men hidden ... by placing markers some of which are blanks on the map."

As on a real table, the hidden side places its own figures and blank markers before the first
turn, behind the hotseat handover (a hidden decision): each one anywhere in its deployment zone
(the scenario's `deployment_zones` for that side; the whole table when it names none), clear of
every other base and of impassable terrain. Where the scenario file puts them is only where they
start from. The side may place a figure again until it says its deployment is done; only then are
the markers the enemy can see revealed (hidden.reveal_seen). Which figure went where is never in
the enemy's log.
"""
from __future__ import annotations

import shapely

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState
from game.geometry import bases as base_geometry

from . import terrain
from .actions import Deploy

DEPLOY = "deploy"          # the decision kind


def begin(state: GameState, side: int) -> None:
    """Ask the hidden side to deploy (the first decision of the game)."""
    engine.push_interrupt(state, Decision(side, DEPLOY, "deploys hidden", hidden=True,
                                          context={"placed": []}))


def zone(state: GameState, side: int):
    """The side's deployment zone on the table, less impassable terrain."""
    table = state.table
    polys = [shapely.Polygon(z["polygon"]) for z in state.scenario.deployment_zones
             if int(z.get("side", -1)) == side and len(z.get("polygon", ())) >= 3]
    region = shapely.union_all(polys).intersection(table.bounds) if polys else table.bounds
    if table.impassable_union is not None:
        region = region.difference(table.impassable_union)
    return region


def options(state: GameState, decision: Decision) -> list[Option]:
    """Place any of the side's figures or blanks (again, if it likes), or finish."""
    side = decision.side
    area = zone(state, side)
    opts = []
    for u in sorted(state.side_units(side), key=lambda u: u.id):
        if u.out:
            continue
        others = [terrain.base_of(o) for o in terrain.standing(state, exclude={u.id})]
        free = base_geometry.clear_region(area, u.base_radius, others)
        if free.is_empty:
            continue
        opts.append(Option("Deploy", f"Place {u.name}", region=free, template=Deploy(u.id), actor=u.id))
    opts.append(Option("Pass", "Deployment done", action=Pass(side)))
    return opts


def apply(state: GameState, action: Action, decision: Decision) -> bool:
    """Place one figure (and ask again), or end the deployment. True when the deployment is over."""
    side = decision.side
    others = tuple(s for s in range(state.sides) if s != side)
    if isinstance(action, Pass):
        name = state.scenario.sides[side].name
        state.emit("HiddenDeployment", f"The {name} have deployed", side=side)
        return True
    assert isinstance(action, Deploy)
    u = state.units[action.actor]
    u.x, u.y, u.facing = float(action.x), float(action.y), float(action.facing) % 360.0
    state.emit("Deployed", f"{u.name} takes up position at ({u.x:.1f}, {u.y:.1f})", hidden_from=others,
               unit=u.id)
    placed = list(decision.context.get("placed", []))
    if u.id not in placed:
        placed.append(u.id)
    engine.push_interrupt(state, Decision(side, DEPLOY, decision.reason, hidden=True,
                                          context={"placed": placed}))
    return False
