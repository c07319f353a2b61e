"""The AI builds a side's force on points before the battle, deterministic from the game's seed.

Through game/engine/muster.py: an AI side of a scenario that lets sides build plays a force of its own.

A ruleset's AI package may hold a `muster` module with `build(scenario, side, muster, rng, level) ->
entries` (e.g. game/ai/riskbreaker/muster.py); found by the ruleset id, like the AI's knowledge. The
`random` level, and a ruleset without such a module, take presets at random while the force stays
legal: the generic builder below.
"""
from __future__ import annotations

import importlib
from typing import Any, Mapping

from game.engine import registry
from game.engine.dice import PlayerRng
from game.engine.muster import muster_scenario_doc

RANDOM_LEVEL = "random"


def _builder(ruleset_id: str) -> Any:
    module = f"game.ai.{ruleset_id.replace('-', '_')}.muster"
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None


def random_force(ruleset: Any, scenario: Any, side: int, muster: Any, rng: PlayerRng) -> list[dict]:
    """Presets at random, as many as the force allows: each one kept only if the force stays legal
    (or is still too small to be legal), until a draw does not fit or the force is full."""
    entries: list[dict] = []
    while len(entries) < muster.most and muster.presets:
        entry = muster.presets[rng.below(len(muster.presets))].new_entry()
        if "name" in entry:
            entry["name"] = f"{entry['name']} {len(entries) + 1}"
        tally = ruleset.muster_tally(scenario, side, entries + [entry])
        if tally.problems and not (len(entries) + 1 < muster.fewest and tally.left >= 0):
            break
        entries.append(entry)
        if len(entries) >= muster.fewest and rng.below(4) == 0:
            break
    return entries


def build(scenario: Any, side: int, seed: int, level: str) -> list[dict] | None:
    """The force an AI of `level` musters for `side`, or None when the scenario gives a fixed one (or
    no legal force could be built: the scenario's own force then stands)."""
    ruleset = registry.get(scenario.ruleset)
    muster = ruleset.muster(scenario, side)
    if muster is None:
        return None
    rng = PlayerRng(int(seed), "muster", level, side)
    module = _builder(scenario.ruleset)
    if level != RANDOM_LEVEL and module is not None:
        entries = module.build(scenario, side, muster, rng, level)
    else:
        entries = random_force(ruleset, scenario, side, muster, rng)
    return entries if ruleset.muster_tally(scenario, side, entries).legal else None


def forces_for(scenario: Any, players: list[str], seed: int, human: str = "human",
               built: Mapping[int, list[dict]] | None = None) -> dict[int, list[dict]]:
    """Each side's force: what a player built by hand, else what its AI musters where the scenario
    expects sides to build (`Muster.ai_builds`); the other sides keep the scenario's force."""
    forces = {int(k): v for k, v in (built or {}).items()}
    ruleset = registry.get(scenario.ruleset)
    for side, player in enumerate(players):
        muster = ruleset.muster(scenario, side)
        if side in forces or player == human or muster is None or not muster.ai_builds:
            continue
        entries = build(scenario, side, seed, player)
        if entries is not None:
            forces[side] = entries
    return forces


def mustered_doc(scenario: Any, players: list[str], seed: int, human: str = "human",
                 built: Mapping[int, list[dict]] | None = None) -> dict | None:
    """The scenario's document with every built force in it (the players' own and what each AI side
    musters from the seed), or None when no side builds: the scenario then plays as it is. Callers
    validate the document (game.io) or read it with Scenario.from_dict."""
    if len(players) == 1:
        players = players * len(scenario.sides)
    forces = forces_for(scenario, players, seed, human, built)
    if not forces:
        return None
    return muster_scenario_doc(registry.get(scenario.ruleset), scenario, forces)
