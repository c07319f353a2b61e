"""A hex map with nothing but terrain made a campaign (issue 27, "A hex map drawn in Tiled imports
into a campaign that plays"; seed 003, "1. Campaign rules": "Players are free to set any goals,
terrain and population, nations etc."). What a player would expect, each guess said:
- the goals: take an enemy capital, or be the last side with armies (DEFAULT_GOALS);
- a capital for every side that has none, on a passable hex of the largest passable region, away
  from the map's edge where it can be, each as far as it can be from the capitals already placed
  (the first as far as it can be from the map's centre): a corner, then the opposite one, ...;
- the deployment radius, when the capitals stand closer than 4 x 10 hexes: a quarter of the distance
  between the nearest two ("unless the conventional campaign rules set by the players indicate
  otherwise": the text's 10 would start armies a march from the enemy capital on a small map);
- no armies on the map: each side raises the rules' 3 default armies, placed on turn 1 near its
  capital ("3 armies per side is the basic rule"), which is what the rules do.
"""
from __future__ import annotations

from typing import Any

from game.geometry.hexgrid import Hex
from game.geometry.hexmap import HexMap

from .armies import ARMIES_PER_SIDE, DEFAULT_ARMY
from .turn import DEPLOY_RADIUS

DEFAULT_GOALS = ({"kind": "capital"}, {"kind": "destroy"})


def largest_region(board: HexMap) -> list[Hex]:
    """The passable hexes of the largest region an army can walk across (water may cut a map)."""
    passable = {h for h in board.hexes if board.terrain(h).move_cost is not None}
    best: list[Hex] = []
    seen: set[Hex] = set()
    for start in sorted(passable, key=lambda h: (h.r, h.q)):
        if start in seen:
            continue
        region, todo = [], [start]
        seen.add(start)
        while todo:
            h = todo.pop()
            region.append(h)
            for n in board.neighbours(h):
                if n in passable and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if len(region) > len(best):
            best = region
    return best


def capital_sites(board: HexMap, count: int, placed: list[Hex], taken: set[Hex]) -> list[Hex]:
    """`count` hexes for new capitals, far apart: each the farthest from those already placed."""
    region = [h for h in largest_region(board) if h not in taken]
    inner = [h for h in region if len(board.neighbours(h)) == 6] or region
    points = [board.centre(h) for h in board.hexes]
    mx, my = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    centre = min(board.hexes, key=lambda h: ((board.centre(h)[0] - mx) ** 2 + (board.centre(h)[1] - my) ** 2,
                                              h.r, h.q))
    out: list[Hex] = []
    for _ in range(count):
        chosen = placed + out
        free = [h for h in inner if h not in chosen]
        if not free:
            break
        out.append(max(free, key=lambda h: (min(board.distance(h, c) for c in chosen) if chosen
                                            else board.distance(h, centre), -h.r, -h.q)))
    return out


def complete_scenario(doc: dict[str, Any]) -> list[str]:
    """Fill in what a bare hex map lacks for a campaign; returns the guesses, one line each."""
    guesses: list[str] = []
    sides = [s.get("name", f"Side {i + 1}") for i, s in enumerate(doc.get("sides") or [])]
    hexmap = doc.get("hexmap")
    if not isinstance(hexmap, dict) or len(sides) < 2:
        return guesses
    places = hexmap.setdefault("places", [])
    board = HexMap.from_doc(hexmap)
    have = {p.get("side") for p in places if p.get("kind") == "capital"}
    missing = [i for i in range(len(sides)) if i not in have]
    placed = [Hex(p["q"], p["r"]) for p in places if p.get("kind") == "capital"]
    sites = capital_sites(board, len(missing), placed, {Hex(p["q"], p["r"]) for p in places})
    for side, h in zip(missing, sites):
        places.append({"q": h.q, "r": h.r, "kind": "capital", "name": f"{sides[side]} capital", "side": side})
    for side, h in zip(missing, sites):
        far = min(board.distance(h, o) for o in [*placed, *sites] if o != h)
        guesses.append(f"no capital for {sides[side]}: '{sides[side]} capital' is placed at {board.label(h)}, "
                       f"{far} hexes from the nearest other capital")
    data = doc.setdefault("ruleset_data", {})
    capitals = [Hex(p["q"], p["r"]) for p in places if p.get("kind") == "capital"]
    apart = min((board.distance(a, b) for a in capitals for b in capitals if a != b), default=0)
    if "deploy_radius" not in data and 0 < apart < 4 * DEPLOY_RADIUS:
        data["deploy_radius"] = max(2, apart // 4)
        guesses.append(f"deployment within {data['deploy_radius']} hexes of the capital (a quarter of the "
                       f"{apart} hexes between capitals; the text's {DEPLOY_RADIUS} would start armies a "
                       f"march from the enemy's capital)")
    if not any(u.get("kind", "army") in ("", "army") for u in doc.get("units") or []):
        guesses.append(f"no armies on the map: each side raises {ARMIES_PER_SIDE} default armies "
                       f"({', '.join(DEFAULT_ARMY)}), placed on turn 1 within "
                       f"{data.get('deploy_radius', DEPLOY_RADIUS)} hexes of its capital")
    return guesses
