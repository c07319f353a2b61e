"""Headless play of a scenario to its end (design §7 `simulate`).

Players choose from their side's view only. A run stopped with --stop-after/--save and resumed
with --load ends in the same state hash as the uninterrupted run.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Callable

from game.ai import muster
from game.ai.players import AUTO_LEVEL, make_player
from game.engine import game as engine
from game.engine.actions import Action
from game.engine.scenario import Scenario
from game.engine.state import GameState

MAX_ACTIONS = 200_000


@dataclasses.dataclass
class Simulation:
    state: GameState
    actions: list[Action]
    players: list[str]
    stopped: bool = False


def with_turn_limit(scenario: Scenario, max_turns: int | None) -> Scenario:
    """--max-turns lowers the scenario's own limit (kept in the save, so a resume agrees)."""
    if max_turns is None or max_turns >= scenario.turn_limit:
        return scenario
    raw = dict(scenario.raw, turn_limit=int(max_turns))
    return Scenario.from_dict(raw)


def with_built_forces(scenario: Scenario, players: list[str], seed: int,
                      built: dict[int, list[dict]] | None = None) -> Scenario:
    """Where the scenario lets a side build its force on points and expects an AI to (Muster.ai_builds),
    each AI side plays the force it musters from the seed (game/ai/muster.py); `built`: forces a
    player built, by side (raises MusterError when one is illegal). The built scenario is validated
    like a file and is what a save embeds, so `--load` resumes the same forces."""
    from game.io.scenario_file import scenario_from_doc
    if len(players) not in (1, len(scenario.sides)):
        return scenario                     # run() names the wrong number of players
    doc = muster.mustered_doc(scenario, players, seed, built=built)
    return scenario if doc is None else scenario_from_doc(doc, scenario.name)


def run(state: GameState, players: list[str], actions: list[Action] | None = None,
        stop_after: int | None = None,
        on_action: Callable[[GameState, Action], None] | None = None) -> Simulation:
    actions = list(actions or [])
    sides = state.sides
    if len(players) == 1:
        players = players * sides
    if len(players) != sides:
        raise ValueError(f"--players needs {sides} players (one per side), got {len(players)}")
    seats = [make_player(name, state.seed, side) for side, name in enumerate(players)]
    auto = [make_player(AUTO_LEVEL, state.seed, side) for side in range(sides)]   # battles auto-resolved
    for _ in range(MAX_ACTIONS):
        if stop_after is not None and len(actions) >= stop_after:
            return Simulation(state, actions, players, stopped=True)
        decision = engine.to_act(state)
        if decision is None:
            return Simulation(state, actions, players)
        options = engine.legal_actions(state)
        if not options:
            raise engine.FlowError(f"{engine.innermost(state).ruleset_id}: side {decision.side} must decide "
                                   f"{decision.kind!r} but has no legal option")
        view = engine.view(state, decision.seat)
        player = auto[decision.seat] if engine.auto_played(state) else seats[decision.seat]
        action = player.choose(view, options, decision)
        engine.apply(state, action)
        actions.append(action)
        if on_action:
            on_action(state, action)
    raise engine.FlowError(f"no end after {MAX_ACTIONS} actions")


def write_log(state: GameState, path: str | Path) -> None:
    from game.io.save_file import write_text_atomic
    write_text_atomic(path, "\n".join(e.log_line() for e in state.log) + "\n")


def summary_line(state: GameState) -> str:
    outcome = state.outcome
    winner = "draw" if outcome is None or outcome.winner is None else str(outcome.winner)
    turns = min(state.flow.turn, state.scenario.turn_limit)
    return f"winner={winner} turns={turns} hash={engine.state_hash(state)}"
