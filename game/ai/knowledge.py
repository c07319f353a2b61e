"""Which knowledge the AI has of a ruleset, found by ruleset id, so nothing lists the rulesets' AIs by hand.

A ruleset's AI package (e.g. game/ai/risus_skirmish/ for `risus-skirmish`) calls
`register_knowledge(MyKnowledge())` when imported; `knowledge_for` imports game.ai.<ruleset id with
underscores> the first time it is asked, and falls back to the generic knowledge.
"""
from __future__ import annotations

import importlib

from game.ai.framework import Knowledge
from game.ai.generic import GENERIC

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
    return _KNOWLEDGE.get(ruleset_id, GENERIC)
