"""The one ruleset registry: id -> ruleset object. Rulesets register themselves (design §2)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.ruleset import Ruleset

_RULESETS: dict[str, "Ruleset"] = {}


class UnknownRuleset(KeyError):
    def __str__(self) -> str:
        known = ", ".join(sorted(_RULESETS)) or "none"
        return f"unknown ruleset {self.args[0]!r} (known: {known})"


def register(ruleset: "Ruleset") -> "Ruleset":
    """Add a ruleset; its flow's hooks are checked now, so a wrong hook fails at import."""
    if not ruleset.id:
        raise ValueError("a ruleset needs an id")
    ruleset.flow.check(ruleset.resumes)
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> "Ruleset":
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise UnknownRuleset(ruleset_id) from None


def known() -> set[str]:
    return set(_RULESETS)


def all_rulesets() -> list["Ruleset"]:
    return [_RULESETS[k] for k in sorted(_RULESETS)]


def unregister(ruleset_id: str) -> None:
    """For tests that register toy rulesets."""
    _RULESETS.pop(ruleset_id, None)


# -- the players' names (the AI registers its own; a save's `players` must name one of them or "human")
_PLAYERS: set[str] = set()


def register_player_name(name: str) -> None:
    _PLAYERS.add(name)


def player_names() -> set[str]:
    """The AI players known so far (empty until game.ai.players is imported)."""
    return set(_PLAYERS)
