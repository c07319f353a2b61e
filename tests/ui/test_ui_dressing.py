"""Issue 14, "A table worth looking at": woods with tree canopies, rocks, ruined walls; "shadows under
high terrain"; "generated procedurally from the seed of the piece, so nothing needs an artist"."""
from __future__ import annotations

import dataclasses

import pygame
import shapely

from game.ui import dressing, theme
from game.ui.render import fill_polygon

WOOD = (38, 125, 51)


@dataclasses.dataclass
class Piece:
    id: str
    polygon: object


def drawn(piece_id: str, pattern: str = "canopy", scale: float = 6.0) -> bytes:
    surf = pygame.Surface((240, 240))
    surf.fill(WOOD)
    square = shapely.box(2, 2, 36, 36)
    dressing.dress(surf, Piece(piece_id, square), pattern, WOOD, lambda x, y: (x * scale, y * scale), scale)
    return pygame.image.tobytes(surf, "RGB")


def test_a_woods_trees_come_from_its_own_id_the_same_every_time():
    plain = pygame.Surface((240, 240))
    plain.fill(WOOD)
    assert drawn("wood1") != pygame.image.tobytes(plain, "RGB")      # canopies were drawn
    assert drawn("wood1") == drawn("wood1")                          # the same piece, the same trees
    assert drawn("wood1") != drawn("wood2")                          # another piece, other trees
    assert drawn("rocks1", "boulders") != drawn("rocks1", "rubble")  # rocks and ruins differ


def test_a_far_zoom_leaves_the_pieces_plain():
    plain = pygame.Surface((240, 240))
    plain.fill(WOOD)
    assert drawn("wood1", scale=2.0) == pygame.image.tobytes(plain, "RGB")


def test_high_terrain_casts_a_shadow_to_the_lower_right():
    ground = theme.OPEN_GROUND
    surf = pygame.Surface((100, 100))
    surf.fill(ground)
    house = shapely.box(2, 2, 8, 8)
    dressing.shadow(surf, [house], lambda x, y: (x * 10, y * 10), 10.0, fill_polygon, ground)
    assert tuple(surf.get_at((83, 83)))[:3] == theme.shade(ground, 0.72)    # beyond the house's corner
    assert tuple(surf.get_at((10, 10)))[:3] == ground                        # up-left stays lit
