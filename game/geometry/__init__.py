"""Table geometry: terrain, line of sight, arcs, measuring and hexes (design 5). Pure shapely 2 + numpy;
imports nothing else of the game and never pygame."""
from .los import LosResult, LosRow, LosRules
from .table import Table
from .terrain import Piece, TerrainKind, load_kinds

__all__ = ["LosResult", "LosRow", "LosRules", "Piece", "Table", "TerrainKind", "load_kinds"]
