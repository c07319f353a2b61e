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


def check_resume_inside_child(scenario, seed: int, actions: list[Action], final: GameState, folder,
                              options=None, after: int = 2) -> str:
    """Save at the first point where a nested game has had `after` actions, load it, check it resumes
    inside the nested game with the same hash, play the rest and check the final hash. Returns the
    save's text (a nested action names its game: "rid:Name")."""
    from game.engine.state import state_hash
    from game.io.save_file import load_save, resume, save_game
    probe = engine.new_game(scenario, seed=seed, options=options)
    inside = None
    for i, a in enumerate(actions):
        engine.apply(probe, a)
        if probe.child is not None and probe.child.action_count >= after:
            inside = i + 1
            break
    assert inside is not None, "no nested game reached that far"
    partial = engine.replay(scenario, seed, options, actions[:inside])
    path = save_game(folder / "inside.json", partial, actions[:inside], ["random"] * partial.sides)
    loaded = resume(load_save(path))
    assert loaded.child is not None and state_hash(loaded) == state_hash(partial)
    for a in actions[inside:]:
        engine.apply(loaded, a)
    assert state_hash(loaded) == state_hash(final)
    return path.read_text()


def overlapping_bases(state: GameState) -> list[tuple[str, str]]:
    """Pairs of figures still in the game whose bases overlap ("bases may not overlap")."""
    from game.geometry import bases
    us = [u for u in state.units.values() if not u.out]
    return [(a.id, b.id) for i, a in enumerate(us) for b in us[i + 1:]
            if bases.overlaps(a.x, a.y, a.base_radius, (b.x, b.y, b.base_radius))]
