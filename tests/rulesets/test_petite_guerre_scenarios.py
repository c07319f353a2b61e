"""Petite Guerre (seed 004): the bundled scenarios, equal points, and the rules reference."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.ai.players import RandomPlayer
from game.engine import game as engine
from game.engine.scenario import Scenario
from game.rulesets.petite_guerre import tables

from tests.rulesets.test_petite_guerre_helpers import load_all  # noqa: F401  (registers the rulesets)

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("petite-guerre-*.json"))


def test_three_bundled_scenarios():
    assert {p.stem for p in MAPS} >= {"petite-guerre-the-piquet", "petite-guerre-farm-raid",
                                       "petite-guerre-cavalry-patrol"}


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_scenarios_are_built_on_equal_points(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    pts = [0, 0]
    for u in doc["units"]:
        pts[u["side"]] += tables.points(u["stats"]["troop"], u["stats"].get("role", ""))
    assert abs(pts[0] - pts[1]) <= 0.02 * max(pts)


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_scenario_plays_to_a_decision(path):
    state = engine.new_game(Scenario.from_dict(json.loads(path.read_text(encoding="utf-8"))), seed=3)
    players = [RandomPlayer(3, s) for s in range(2)]
    for _ in range(3000):
        d = engine.to_act(state)
        if d is None:
            break
        engine.apply(state, players[d.seat].choose(engine.view(state, d.seat), engine.legal_actions(state), d))
    assert engine.result(state) is not None


def test_farm_raid_has_civilians_and_a_swivel_gun():
    doc = json.loads((ROOT / "maps" / "petite-guerre-farm-raid.json").read_text(encoding="utf-8"))
    assert any(u["stats"]["troop"] == "civilians" for u in doc["units"])
    assert any(u["stats"].get("weapon") == "swivel-gun" for u in doc["units"])


def test_rules_reference_prints_the_tables_and_the_printed_percentages():
    text = (ROOT / "assets" / "rules" / "petite-guerre.md").read_text(encoding="utf-8")
    for pct in ("**54%**", "**45%**", "**33%**", "**21%**", "**9%**", "**22%**", "**13%**", "**5%**", "**0%**"):
        assert pct in text
    for kind, t in tables.troops()["types"].items():
        assert f"(`{kind}`) | d{t['C']} | d8+d{t['AF']} | d{t['M']}" in text
        assert f"| {tables.points(kind)} | {tables.points(kind, 'leader')} | {tables.points(kind, 'sub-leader')} |" in text
    for name in ("Musket", "Pistol", "Carbine", "Blunderbuss", "Swivel gun", "Bow and arrow"):
        assert f"**{name}**" in text
    assert "Interpretation" in text


def test_the_two_man_swivel_gun_crew_serves_one_gun():
    doc = json.loads((ROOT / "maps" / "petite-guerre-farm-raid.json").read_text(encoding="utf-8"))
    crew = [u for u in doc["units"] if u.get("team") == "gun"]
    assert len(crew) == 2 and sum(u["stats"].get("weapon") == "swivel-gun" for u in crew) == 1


def test_patrol_on_points_the_hussars_side_builds_hussars_named_by_unit_and_place():
    from game.ai.muster import build
    from game.io.scenario_file import load_scenario
    from game.rulesets.petite_guerre.muster import figure_name, troop_of
    scenario = load_scenario("petite-guerre-patrol-on-points")
    for seed in (1, 2, 3):
        assert {troop_of(e["troop"]) for e in build(scenario, 0, seed, "normal")} == {"hussars"}
    entry = {"name": "Hussars 1", "leader": 0, "sub_leaders": 1, "men": 3}
    assert [figure_name(entry, j) for j in range(4)] == ["Hussars 1, sub-leader 1", "Hussars 1, man 1",
                                                         "Hussars 1, man 2", "Hussars 1, man 3"]


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_no_side_is_settled_by_one_activation_die(path):
    """"Depending on the score, the unit may ... get routed altogether": one activation die of 1 routs a
    unit, and a d4 unit (civilians, a band that lost its NCO) never rallies. Every bundled side is two
    units or more, so one rout, and its failed rally, leave the side standing."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    for side in (0, 1):
        assert len({u.get("team") or u["id"] for u in doc["units"] if u["side"] == side}) >= 2
    from game.engine.dice import scripted
    from game.rulesets.petite_guerre import forces
    s = engine.new_game(Scenario.from_dict(doc), seed=1, dice=scripted([1] * 4))
    for side in (0, 1):
        forces.set_status(s, forces.side_units(s, side)[0], "routed", "activation test 1")
    for _ in range(2):                  # each side's turn opens with its rally tests, all failing
        engine.apply(s, next(o.action for o in engine.legal_actions(s) if o.kind == "Pass"))
    assert engine.result(s) is None
