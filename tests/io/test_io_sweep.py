"""Issue 30 §1: a scenario `validate` accepts must play. For every bundled scenario (so every ruleset), each
key of a unit's stats and of ruleset_data is set to null, [], {}, "x", -1, 10^12, 0, 2.5 (and a text value
misspelt); every changed file goes through the checks, and a sample of those they accept is played by
random players to its end (a short game). None may fail.

The whole sweep, every accepted file played: `python -m tests.io.sweep`.
"""
from __future__ import annotations

import pytest

from game.io.scenario_file import bundled_scenarios
from sweep import accepted, accepted_but_failing, bundled_docs, mutations

PLAYED = 4            # accepted files played per scenario, spread over its keys
TURNS = 1


@pytest.fixture(scope="module")
def docs():
    return bundled_docs()


@pytest.mark.parametrize("name", [name for name, _, _ in bundled_scenarios(user=False)])
def test_what_validate_accepts_plays_to_its_end(docs, name):
    let_through = [(place, doc) for place, doc in mutations(name, docs[name]) if accepted(doc) is not None]
    step = max(len(let_through) // PLAYED, 1)
    sample = let_through[::step][:PLAYED]
    failing = [problem for place, doc in sample if (problem := accepted_but_failing(place, doc, turns=TURNS))]
    assert not failing, "\n".join(failing)
