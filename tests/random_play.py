"""Random legal play for tests: one RandomPlayer a side, seated by the outermost side deciding
(`decision.seat`), each choosing from its own view; the chosen action must be legal. Inside a nested
game its parent resolves automatically (engine.auto_played), the drivers' auto player decides."""
from __future__ import annotations

from typing import Callable

from game.ai.players import AUTO_LEVEL, RandomPlayer, make_player
from game.engine import game as engine
from game.engine.actions import Action
from game.engine.state import GameState


def play_randomly(state: GameState, seed: int, limit: int = 5000,
                  after: Callable[[GameState, list[Action]], None] | None = None) -> list[Action]:
    """Play until the game ends or `limit` actions; `after(state, actions)` runs after each one."""
    players = [RandomPlayer(seed, side) for side in range(state.sides)]
    auto = [make_player(AUTO_LEVEL, seed, side) for side in range(state.sides)]
    actions: list[Action] = []
    for _ in range(limit):
        decision = engine.to_act(state)
        if decision is None:
            break
        options = engine.legal_actions(state)
        player = auto[decision.seat] if engine.auto_played(state) else players[decision.seat]
        action = player.choose(engine.view(state, decision.seat), options, decision)
        assert engine.check(state, action) is None, f"the player chose an illegal {action}"
        engine.apply(state, action)
        actions.append(action)
        if after is not None:
            after(state, actions)
    return actions


def overlapping_bases(state: GameState) -> list[tuple[str, str]]:
    """Pairs of figures still in the game whose bases overlap ("bases may not overlap")."""
    from game.geometry import bases
    us = [u for u in state.units.values() if not u.out]
    return [(a.id, b.id) for i, a in enumerate(us) for b in us[i + 1:]
            if bases.overlaps(a.x, a.y, a.base_radius, (b.x, b.y, b.base_radius))]
