"""Boards (design §3): a game stands on the board its scenario declares, a cm table with terrain
pieces or a hex map. `build_board` makes it once per scenario; `TableRules` is what a ruleset on a
table answers for the table's tools (the UI asks, the rules answer).
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import shapely

from game.engine.scenario import Scenario
from game.geometry.kept import Kept
from game.geometry.table import Table
from game.geometry.terrain import Piece, load_kinds

if TYPE_CHECKING:
    from game.engine.state import GameState

BOARD_KINDS = ("table", "hexmap")


def _walls_minus_openings(walls: list[shapely.LineString], openings: list[shapely.LineString]):
    """Risus houses-with-walls: fire and figures pass only through doors and windows."""
    if not walls:
        return ()
    solid = shapely.union_all(walls)
    if openings:
        solid = solid.difference(shapely.union_all(openings).buffer(1e-3))
    parts = getattr(solid, "geoms", [solid])
    return tuple(g for g in parts if isinstance(g, shapely.LineString) and not g.is_empty)


TABLES_KEPT = 16        # the tables of the last few terrains, however many games stand on them
_TABLES = Kept(TABLES_KEPT)


def build_board(scenario: Scenario) -> Any:
    """One board per scenario object: replays and clones share it. A table is shared further, by
    every game on the same terrain (a club server's many games of one scenario, a campaign's
    battles on one field): it never changes, and what it remembers of its geometry (lines of sight,
    move regions) is the same for all of them, so each game need not find it again."""
    cached = scenario.__dict__.get("_board")
    if cached is not None:
        return cached
    if scenario.board_kind == "hexmap":
        from game.geometry.hexmap import HexMap
        board = HexMap.from_doc(scenario.hexmap)
    else:
        board = _shared_table(scenario)
    object.__setattr__(scenario, "_board", board)
    return board


def _shared_table(scenario: Scenario) -> Table:
    """The table of the scenario's terrain, built once for the last TABLES_KEPT terrains."""
    key = json.dumps([scenario.width, scenario.height, scenario.terrain_kinds,
                      [[p.id, p.kind, p.polygon, p.holes, p.walls, p.openings, p.rooms, p.name]
                       for p in scenario.pieces]], sort_keys=True)
    table = _TABLES.get(key)
    return table if table is not None else _TABLES.put(key, _build_table(scenario))


def _build_table(scenario: Scenario) -> Table:
    kinds = load_kinds(scenario.terrain_kinds)
    pieces = []
    for p in scenario.pieces:
        polygon = shapely.Polygon(p.polygon, holes=list(p.holes) or None)
        openings = [shapely.LineString(o) for o in p.openings]
        walls = _walls_minus_openings([shapely.LineString(w) for w in p.walls], openings)
        pieces.append(Piece(id=p.id, kind=kinds[p.kind], polygon=polygon, walls=walls,
                            openings=tuple(openings),
                            rooms=tuple(shapely.Polygon(r) for r in p.rooms), name=p.name))
    return Table(scenario.width, scenario.height, pieces)


class TableRules:
    """The table board's rules interface: what the table's tools show for a ruleset played on a
    cm table. A ruleset on a table mixes this in and overrides what its rules say."""

    def field_of_vision(self, state: "GameState", unit_id: str) -> float:
        """The unit's field of vision or firing arc in degrees (360: it sees all round)."""
        return 360.0

    def firing_arc(self, state: "GameState", unit_id: str, reach: float) -> Any:
        """The unit's firing arc as a polygon `reach` cm deep, when the rules shape it otherwise than a
        sector of field_of_vision degrees from the base's centre (None: that sector)."""
        return None

    def tape_unit(self, state: "GameState") -> tuple[str, float] | None:
        """A measure of the rules' own the tape also reads and marks off, as (name, cm), e.g. a
        movement stick (None: centimetres and inches only)."""
        return None

    def tape_marks(self, state: "GameState", unit_id: str | None) -> list[tuple[str, float]]:
        """Named marks the tape shows, as (name, cm from where it starts), for the unit it is pulled
        from (None: no unit), e.g. a movement stick's speeds (empty: none)."""
        return []

    def range_bands(self, state: "GameState", unit_id: str) -> list[tuple[str, float]]:
        """Named range bands in cm for the unit's weapon, nearest first (empty: none)."""
        return []

    def blast_radius(self, state: "GameState") -> float | None:
        """The blast template's radius in cm, when the rules use one."""
        return None

    def los_rules(self, state: "GameState") -> Any:
        from game.geometry.table import LosRules
        return LosRules(edge_depth=state.scenario.edge_band)
