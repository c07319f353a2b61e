"""The movement phase ("Movement"): the Run order and the free moves, charges and runs to a wounded
comrade, and escaping off the table in an ambush scenario.

Seed: 002_1ed0a95b93ea8cef.txt (Takipsilim "Skirmishes").
"""
from __future__ import annotations

import shapely
from shapely.geometry import Point

from game.engine.ruleset import Option
from game.engine.state import GameState, Unit
from game.geometry.measure import distance
from game.geometry.sectors import angle_to

from . import characters, ground, tables
from .actions import FIRST_AID, MELEE, RUN, Order


# ==== the escape edge (an ambush scenario's victory.escape_edge) ====================================
def edge_strip(state: GameState, edge: str):
    w, h, b = state.scenario.width, state.scenario.height, max(state.scenario.edge_band, 0.5)
    boxes = {"left": (0, 0, b, h), "right": (w - b, 0, w, h), "top": (0, 0, w, b),
             "bottom": (0, h - b, w, h)}
    return shapely.box(*boxes[edge])


def escape_strip(state: GameState, u: Unit):
    """Where u escapes the ambush, or None (no escape edge, or u is an ambusher)."""
    v = state.scenario.victory
    if v.get("kind") != "ambush" or not v.get("escape_edge") or u.side in state.data["ambushers"]:
        return None
    return edge_strip(state, v["escape_edge"])


# ==== the orders =================================================================================
def options(state: GameState, u: Unit, add, opts: list[Option], region) -> None:
    """"Run (hopefully to cover) up to 10 meters over open ground. Obstacles or impeding terrain reduce
    that to 6 meters." `region` is that reach."""
    add(RUN, "Run (move up to 10 m in the open, 6 m through obstacles)", stay=False)
    escape = escape_strip(state, u)
    if escape is not None:
        strip = region.intersection(escape)
        if not strip.is_empty and strip.area > 1e-6:
            opts.append(Option("Order", f"Run for the {state.scenario.victory.get('escape_edge')} edge "
                                        f"and escape", region=strip,
                               template=Order(u.id, RUN, "", "", True, u.x, u.y), actor=u.id,
                               key=f"{u.id}:run::escape:move"))


# ==== the phase ==================================================================================
def resolve(state: GameState) -> None:
    d = state.data
    state.emit("Phase", "— Movement phase —")
    # "Moving and speaking are free actions." Free moves (and Run) are simultaneous: every figure goes
    # to the point it committed to.
    for u in characters.in_order(state):
        o = d["orders"].get(u.id)
        if u.out or not o or not o.get("move"):
            continue
        start = (u.x, u.y)
        want = (min(max(float(o["x"]), 0.0), state.scenario.width),
                min(max(float(o["y"]), 0.0), state.scenario.height))
        # Bases may not overlap: orders were committed in secret, so a run whose end is taken by a
        # base (standing there, or arrived earlier in this resolution) or whose path crosses an enemy
        # base stops short of it on its path (ground.stop_clear)
        end = ground.stop_clear(state, u, want)
        u.x, u.y = end
        moved = distance(start, end)
        short = distance(end, want) > 1e-6
        if moved > 1e-6:
            d["moved"][u.id] = round(moved, 3)
            u.facing = angle_to(start, want)
            state.emit("Moved", f"{u.name} moves {moved:.1f} m" + (" and stops short: the way is blocked"
                                                                   if short else ""), unit=u.id, x=u.x, y=u.y)
        elif short:
            state.emit("Blocked", f"{u.name} cannot move: the way is blocked", unit=u.id)
    # Charges and runs to a wounded comrade follow the target to where it now stands.
    contact = float(tables.melee()["contact"])
    for u in characters.in_order(state):
        o = d["orders"].get(u.id)
        if u.out or not o or o["action"] not in (MELEE, FIRST_AID):
            continue
        t = state.units.get(o["target"])
        if t is None:
            continue
        stop = u.base_radius + t.base_radius + contact / 2
        start = (u.x, u.y)
        end = ground.run_towards(state.table, start, (t.x, t.y), stop)
        end = ground.stop_clear(state, u, end, target=t)      # bases may not overlap on the way
        moved = distance(start, end)
        if moved > 1e-6:
            u.x, u.y = end
            u.facing = angle_to(start, (t.x, t.y))
            d["moved"][u.id] = round(d["moved"].get(u.id, 0) + moved, 3)
            verb = "charges" if o["action"] == MELEE else "runs to"
            state.emit("Moved", f"{u.name} {verb} {t.name}: {moved:.1f} m", unit=u.id, x=u.x, y=u.y)
    _escapes(state)


def _escapes(state: GameState) -> None:
    """The ambushed who reach the escape edge leave the table (they count for victory.escapes)."""
    v = state.scenario.victory
    if v.get("kind") != "ambush" or not v.get("escape_edge"):
        return
    strip = edge_strip(state, v["escape_edge"])
    for u in characters.in_order(state):
        if u.out or u.side in state.data["ambushers"]:
            continue
        if strip.covers(Point(u.x, u.y)):
            u.out = True
            u.markers.add("escaped")
            state.emit("Escaped", f"{u.name} escapes off the {v['escape_edge']} edge", unit=u.id)
