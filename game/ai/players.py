"""Players that choose actions: the `random` player here, the AI levels in game.ai (design §7, §9).

A player sees only its side's view and the options the rules offer. Its randomness comes from the
game's seed and the action index, so a run resumed from a save continues exactly as it would have.
"""
from __future__ import annotations

from typing import Callable, Protocol

import shapely

from game.engine.actions import Action
from game.engine.dice import PlayerRng, derived_seed
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState


class Player(Protocol):
    name: str

    def choose(self, view: GameState, options: list[Option], decision: Decision) -> Action: ...


def point_in_region(region, rng: PlayerRng) -> tuple[float, float]:
    """A uniformly random point of a region: a triangle weighted by area, then a point in it."""
    polys = [g for g in getattr(region, "geoms", [region]) if g.geom_type == "Polygon" and g.area > 0]
    if not polys:
        p = region.representative_point() if not region.is_empty else shapely.Point(0, 0)
        return (p.x, p.y)
    triangles = []
    for poly in polys:
        tris = shapely.constrained_delaunay_triangles(poly)
        triangles.extend(t for t in getattr(tris, "geoms", [tris]) if t.area > 0)
    total = sum(t.area for t in triangles)
    pick = rng.random() * total
    tri = triangles[-1]
    for t in triangles:
        pick -= t.area
        if pick <= 0:
            tri = t
            break
    (ax, ay), (bx, by), (cx, cy) = list(tri.exterior.coords)[:3]
    u, v = rng.random(), rng.random()
    if u + v > 1:
        u, v = 1 - u, 1 - v
    return (ax + u * (bx - ax) + v * (cx - ax), ay + u * (by - ay) + v * (cy - ay))


class RandomPlayer:
    """Uniform over the legal options; a point sampled inside a move's region, any facing."""

    name = "random"

    def __init__(self, seed: int, side: int):
        self.seed = seed
        self.side = side

    def choose(self, view: GameState, options: list[Option], decision: Decision) -> Action:
        rng = PlayerRng(self.seed, "random-player", view.action_count, decision.side)
        option = options[rng.below(len(options))]
        return complete(option, rng)


def complete(option: Option, rng: PlayerRng) -> Action:
    if option.action is not None:
        return option.action
    x, y = point_in_region(option.region, rng)
    return option.at(x, y, rng.uniform(0.0, 360.0))


PLAYER_KINDS: dict[str, Callable[[int, int], Player]] = {"random": RandomPlayer}


def register_player(name: str, factory: Callable[[int, int], Player]) -> None:
    PLAYER_KINDS[name] = factory


def make_player(name: str, seed: int, side: int) -> Player:
    _load_levels()
    if name not in PLAYER_KINDS:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(sorted(PLAYER_KINDS))})")
    # players get a one-way seed of their own: they cannot derive the dice stream's seed from it
    return PLAYER_KINDS[name](derived_seed(seed, "players"), side)


def player_names() -> list[str]:
    _load_levels()
    return sorted(PLAYER_KINDS)


def _load_levels() -> None:
    """The AI levels register themselves when game.ai.levels is importable."""
    try:
        import game.ai.levels  # noqa: F401
    except ModuleNotFoundError as exc:
        if exc.name != "game.ai.levels":
            raise
