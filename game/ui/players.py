"""Who plays each side, as the screens offer it: a human or an AI level (weakest first), the default
AI, a fresh seed. Shared by the New game screen, the editor's "play it" and the App's command line."""
from __future__ import annotations

import time

HUMAN = "human"
QUICKSAVE = "quicksave.json"       # the quick save's file in the saves folder (Ctrl+S, F9, Continue)


def new_seed() -> int:
    return int(time.time() * 1000) % 2_000_000_000


def ai_names() -> list[str]:
    """The AI players, weakest first: random, then the levels in the order the AI declares them
    (easy, normal, hard), then any other player by name."""
    try:
        from game.ai.levels import LEVELS
        from game.ai.players import player_names
        names = player_names()
    except Exception:
        return ["random"]
    strength = ["random", *LEVELS]
    return sorted(names, key=lambda n: (strength.index(n) if n in strength else len(strength), n))


def default_ai() -> str:
    names = ai_names()
    for want in ("normal", "easy", "random"):
        if want in names:
            return want
    return names[0] if names else "random"


def default_players(app, scenario) -> list[str]:
    """Side 0 human, the others the last AI chosen (or normal): a quick game from the command line."""
    last = app.settings.last_players
    out = []
    for i in range(len(scenario.sides)):
        choice = last.get(str(i))
        if choice is None:
            choice = HUMAN if i == 0 else default_ai()
        if choice != HUMAN and choice not in ai_names():
            choice = default_ai()
        out.append(choice)
    return out
