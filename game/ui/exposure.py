"""Exposure of a move being chosen (pure: no pygame): which enemy units could see the destination,
and which stretches of the path lie in an enemy's sight, where opportunity fire could catch it.

Nothing here is a rule: sight is the AI layer's bulk LOS under the ruleset's own LOS rules
(game.ai.positions.sight_matrix), and an enemy watches a point when the ruleset's own answers say
so: inside its field of vision (TableRules.field_of_vision) and, when its weapon has range bands,
within the farthest (TableRules.range_bands)."""
from __future__ import annotations

import math
from typing import Any, Sequence

from game.geometry.sectors import in_arc

STEP_CM = 2.0              # the path is looked at every 2 cm
MOST_STEPS = 16


def _reach(ruleset: Any, view: Any, uid: str) -> tuple[float, float | None]:
    """(field of vision in degrees, farthest range in cm or None) of an enemy, as the ruleset says."""
    try:
        fov = float(ruleset.field_of_vision(view, uid))
    except Exception:
        fov = 360.0
    try:
        bands = ruleset.range_bands(view, uid)
        reach = max((float(cm) for _n, cm in bands), default=None)
    except Exception:
        reach = None
    return fov, reach


def path_points(start: Sequence[float], end: Sequence[float]) -> list[tuple[float, float]]:
    d = math.hypot(end[0] - start[0], end[1] - start[1])
    n = max(1, min(MOST_STEPS, int(d / STEP_CM)))
    return [(start[0] + (end[0] - start[0]) * i / n, start[1] + (end[1] - start[1]) * i / n) for i in range(n + 1)]


def exposure(view: Any, ruleset: Any, unit: Any, point: Sequence[float]) -> tuple[list, list]:
    """(the enemies who see `point`, [((a, b), seen) for each stretch of the straight path from the
    unit to it]). Enemies hidden from the viewer are not in the view, so never counted."""
    from game.ai.positions import sight_matrix
    enemies = [u for u in view.units.values() if u.side != unit.side and not u.out]
    pts = path_points((unit.x, unit.y), point)
    if not enemies:
        return [], [((pts[i], pts[i + 1]), False) for i in range(len(pts) - 1)]
    try:
        sight = sight_matrix(view, pts, [(e.x, e.y) for e in enemies])
    except AttributeError:             # a ruleset with no LOS rules of its own: the table's plain LOS
        sight = [[view.table.los(p, (e.x, e.y)).clear for e in enemies] for p in pts]
    except Exception:
        return [], []
    reach = [_reach(ruleset, view, e.id) for e in enemies]

    def watching(i: int, j: int) -> bool:
        e, (fov, far), p = enemies[j], reach[j], pts[i]
        if not sight[i][j]:
            return False
        if far is not None and math.hypot(p[0] - e.x, p[1] - e.y) > far:
            return False
        return fov >= 360 or in_arc((e.x, e.y), e.facing, fov, p)
    seen = [any(watching(i, j) for j in range(len(enemies))) for i in range(len(pts))]
    watchers = [enemies[j] for j in range(len(enemies)) if watching(len(pts) - 1, j)]
    stretches = [((pts[i], pts[i + 1]), seen[i] or seen[i + 1]) for i in range(len(pts) - 1)]
    return watchers, stretches
