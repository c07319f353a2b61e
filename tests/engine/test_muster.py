"""The engine's generic muster (game/engine/muster.py): fields, the -/+ step within bounds, a force's size."""
from __future__ import annotations

import pytest

from game.engine.muster import CHOICE, ITEMS, NUMBER, TEXT, Field, Muster, Preset, field_problems, size_problems, step


def form(fewest=1, most=2):
    fields = (Field("name", "Name", TEXT), Field("men", "Men", NUMBER, 0, 3),
              Field("kind", "Kind", CHOICE, choices=("a", "b")), Field("gear", "Gear", ITEMS, choices=("x",)))
    return Muster(0, "toy", 10, False, fewest, most, fields, (Preset("p", "P", {"name": "P", "men": 1}),))


def test_a_number_steps_only_within_its_bounds():
    m = form()
    entry = {"men": 3}
    assert step(m, entry, "men", 1) is False and entry["men"] == 3
    assert step(m, entry, "men", -1) is True and entry["men"] == 2


def test_each_field_checks_its_kind_of_value():
    m = form()
    good = {"name": "A", "men": 1, "kind": "a", "gear": ["x", "typed"]}
    assert field_problems(m, 0, good) == []
    bad = {"name": 3, "men": 9, "kind": "c", "gear": "x"}
    assert field_problems(m, 1, bad) == [
        "entry 2: Name must be text, not 3", "entry 2: Men must be a whole number from 0 to 3, not 9",
        "entry 2: Kind must be one of a, b, not 'c'", "entry 2: Gear must be a list of text, not 'x'"]


def test_the_force_has_as_many_entries_as_the_scenario_allows():
    assert size_problems(form(1, 2), []) == ["the force needs at least 1 entries, it has 0"]
    assert size_problems(form(1, 2), [{}, {}, {}]) == ["the force may have at most 2 entries, it has 3"]
    assert size_problems(form(1, 2), [{}]) == []


def test_a_preset_gives_a_fresh_copy_and_a_field_kind_is_checked():
    p = form().presets[0]
    e = p.new_entry()
    e["men"] = 3
    assert p.entry["men"] == 1
    with pytest.raises(ValueError, match="kind must be one of"):
        Field("x", "X", "slider")
