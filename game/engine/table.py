"""Build the geometry table of a scenario (terrain pieces with their kinds' properties)."""
from __future__ import annotations

import shapely

from game.engine.scenario import Scenario
from game.geometry.table import Table
from game.geometry.terrain import Piece, load_kinds


def _walls_minus_openings(walls: list[shapely.LineString], openings: list[shapely.LineString]):
    """Risus houses-with-walls: fire and figures pass only through doors and windows."""
    if not walls:
        return ()
    solid = shapely.union_all(walls)
    if openings:
        solid = solid.difference(shapely.union_all(openings).buffer(1e-3))
    parts = getattr(solid, "geoms", [solid])
    return tuple(g for g in parts if isinstance(g, shapely.LineString) and not g.is_empty)


def build_table(scenario: Scenario) -> Table:
    """One table per scenario object: replays and clones share it."""
    cached = scenario.__dict__.get("_table")
    if cached is not None:
        return cached
    kinds = load_kinds(scenario.terrain_kinds)
    pieces = []
    for p in scenario.pieces:
        polygon = shapely.Polygon(p.polygon, holes=list(p.holes) or None)
        openings = [shapely.LineString(o) for o in p.openings]
        walls = _walls_minus_openings([shapely.LineString(w) for w in p.walls], openings)
        pieces.append(Piece(id=p.id, kind=kinds[p.kind], polygon=polygon, walls=walls,
                            openings=tuple(openings),
                            rooms=tuple(shapely.Polygon(r) for r in p.rooms), name=p.name))
    table = Table(scenario.width, scenario.height, pieces)
    object.__setattr__(scenario, "_table", table)
    return table
