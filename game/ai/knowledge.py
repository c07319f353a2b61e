"""Which knowledge the AI has of a ruleset: game/ai/<ruleset package>.py registers it, else generic.

A ruleset's AI module (e.g. game/ai/risus_skirmish.py for `risus-skirmish`) calls
`register_knowledge(MyKnowledge())` when imported; nothing lists them by hand.
"""
from __future__ import annotations

import importlib

from game.ai.framework import Knowledge

_KNOWLEDGE: dict[str, Knowledge] = {}
_TRIED: set[str] = set()


def register_knowledge(knowledge: Knowledge) -> Knowledge:
    _KNOWLEDGE[knowledge.ruleset_id] = knowledge
    return knowledge


def knowledge_for(ruleset_id: str) -> Knowledge:
    if ruleset_id not in _KNOWLEDGE and ruleset_id not in _TRIED:
        _TRIED.add(ruleset_id)
        module = f"game.ai.{ruleset_id.replace('-', '_')}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
    if ruleset_id in _KNOWLEDGE:
        return _KNOWLEDGE[ruleset_id]
    from game.ai.generic import GENERIC
    return GENERIC
