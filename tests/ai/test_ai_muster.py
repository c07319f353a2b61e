"""The AI builds a force on points (game/ai/muster.py and each ruleset's muster module): legal, sensible
and deterministic from the seed."""
from __future__ import annotations

from game import rulesets
from game.ai import muster as ai_muster
from game.engine import registry
from game.engine.muster import muster_scenario_doc
from game.io.scenario_file import load_scenario, scenario_from_doc
from game.rulesets.riskbreaker.muster import parse_skill

rulesets.load_all()


def test_the_same_seed_builds_the_same_force_and_the_forces_are_legal():
    for name in ("riskbreaker-bridge-duel", "petite-guerre-the-piquet", "petite-guerre-cavalry-patrol"):
        scen = load_scenario(f"maps/{name}.json")
        rs = registry.get(scen.ruleset)
        for level in ("normal", "random"):
            for seed in (1, 2, 3):
                first = ai_muster.build(scen, 0, seed, level)
                assert first == ai_muster.build(scen, 0, seed, level)
                if first is not None:
                    assert rs.muster_tally(scen, 0, first).legal
            forces = {0: ai_muster.build(scen, 0, 5, level) or rs.muster_force(scen, 0),
                      1: ai_muster.build(scen, 1, 5, level) or rs.muster_force(scen, 1)}
            scenario_from_doc(muster_scenario_doc(rs, scen, forces), name)       # stands on the table


def test_the_riskbreaker_ai_builds_a_full_party_around_high_fight_ratings_that_can_maneuver():
    """Fight rating is skill level, action order, odds and what a character can take; each extra member
    is +1 Advantage; without Maneuver a character cannot change location."""
    scen = load_scenario("maps/riskbreaker-bridge-duel.json")
    party = ai_muster.build(scen, 1, 7, "normal")
    assert len(party) == 4
    for entry in party:
        skills = [parse_skill(k) for k in entry["skills"]]
        weapon = next(k for k in skills if k.get("fight"))
        assert entry[weapon["stat"]] >= 7
        assert any(k["name"] == "Maneuver" for k in skills)
        # keeping pace needs Agility: "succeeds on their Agility rolls and roll lower than the
        # maneuvering character did" (on Agility 2, fugitives ran from a blade for whole games)
        assert entry["agility"] >= 4
        assert entry["name"].startswith(scen.sides[1].name + " ")       # two AI parties read apart


def test_the_petite_guerre_ai_spends_its_points_on_figures():
    """Units of a sub-leader and men, using all but a man's worth of the limit."""
    scen = load_scenario("maps/petite-guerre-the-piquet.json")
    rs = registry.get(scen.ruleset)
    force = ai_muster.build(scen, 0, 2, "normal")
    tally = rs.muster_tally(scen, 0, force)
    assert 0 <= tally.left < 34 and all(u["sub_leaders"] == 1 and u["leader"] == 0 for u in force)


def test_human_sides_keep_what_they_built_or_the_scenarios_force():
    scen = load_scenario("maps/riskbreaker-bridge-duel.json")
    mine = [{"name": "Solo", "muscle": 5, "agility": 4, "wit": 4, "personality": 4, "skills": ["Sword (M, melee)"]}]
    forces = ai_muster.forces_for(scen, ["human", "normal"], 3, built={0: mine})
    assert forces[0] == mine and len(forces[1]) == 4
    assert 0 not in ai_muster.forces_for(scen, ["human", "normal"], 3)
    fixed = load_scenario("maps/riskbreaker-wizards-stair.json")
    assert ai_muster.forces_for(fixed, ["normal", "normal"], 3) == {}


def test_where_building_is_only_offered_an_ai_side_keeps_the_scenarios_force():
    """Petite Guerre: "Scenarios are built on equal points by default. The new-game screen can build a
    force": the piquet's British stay a line platoon that fires volleys unless someone builds them."""
    piquet = load_scenario("maps/petite-guerre-the-piquet.json")
    assert registry.get(piquet.ruleset).muster(piquet, 1).ai_builds is False
    assert ai_muster.forces_for(piquet, ["normal", "normal"], 3) == {}
    assert registry.get("riskbreaker").muster(load_scenario("maps/riskbreaker-bridge-duel.json"), 0).ai_builds


def _simulate(capsys, *argv) -> str:
    from game.cli import main
    assert main(["simulate", *argv]) == 0
    return capsys.readouterr().out.strip().splitlines()[-1]


def test_simulate_plays_the_forces_the_ai_sides_build_and_a_save_resumes_them(capsys, tmp_path):
    """Muster.ai_builds: "an AI side builds its own force (the scenario is about building one)" —
    simulate plays it, the same seed gives the same hash, and a save embeds the built scenario so that
    `simulate --load` ends exactly where the uninterrupted run does."""
    import json
    name, players = "riskbreaker-bridge-duel", ["normal", "random"]
    scen = load_scenario(f"maps/{name}.json")
    argv = [name, "--seed", "4", "--players", ",".join(players)]
    whole = _simulate(capsys, *argv)
    assert whole == _simulate(capsys, *argv)
    save = tmp_path / "half.json"
    _simulate(capsys, *argv, "--stop-after", "20", "--save", str(save))
    embedded = json.loads(save.read_text())["scenario"]
    built = ai_muster.mustered_doc(scen, players, 4)
    assert embedded == json.loads(json.dumps(built)) and embedded != scen.raw
    assert _simulate(capsys, "--load", str(save)) == whole


def test_the_tournament_plays_what_simulate_plays_with_the_built_forces(capsys):
    """The tournament: "each one is exactly what `python -m game simulate NAME --seed N --players A,B`
    plays" — including the forces the AI sides build."""
    from game.ai.tournament import Game, play
    line = _simulate(capsys, "riskbreaker-bridge-duel", "--seed", "6", "--players", "normal,random")
    outcome = play(Game("riskbreaker-bridge-duel", ("normal", "random"), 6))
    assert line.endswith(f"hash={outcome.hash}")


def test_a_fixed_force_scenario_simulates_as_it_is():
    """A scenario without forces on points: nothing is built, the scenario stands."""
    from game import simulate
    fixed = load_scenario("maps/riskbreaker-wizards-stair.json")
    assert ai_muster.mustered_doc(fixed, ["normal"], 3) is None
    assert simulate.with_built_forces(fixed, ["normal", "normal"], 3) is fixed


def test_in_the_patrol_on_points_both_ai_sides_build_a_legal_force_on_equal_points():
    """Petite Guerre: "A scenario that sets "ai_builds": true has its AI sides build their own force, the
    same for the same seed" — the Patrol on Points sets it, so two AIs each field a force they built."""
    scen = load_scenario("maps/petite-guerre-patrol-on-points.json")
    rs = registry.get(scen.ruleset)
    assert all(rs.muster(scen, side).ai_builds for side in (0, 1))
    forces = ai_muster.forces_for(scen, ["normal", "normal"], 4)
    assert sorted(forces) == [0, 1] and forces == ai_muster.forces_for(scen, ["normal", "normal"], 4)
    assert all(rs.muster_tally(scen, side, forces[side]).legal for side in (0, 1))
    built = scenario_from_doc(ai_muster.mustered_doc(scen, ["normal"], 4), scen.name)
    assert {u.side for u in built.units} == {0, 1} and built.units != scen.units


def test_the_tournament_plays_a_three_sided_campaign_the_second_level_taking_every_other_seat():
    """`python -m game.ai.tournament` plays every bundled scenario, the three kingdoms' war included: the
    first level plays seat 0, the second every other seat (before, the third side's turn crashed it)."""
    from game.ai import tournament
    out = tournament.play(tournament.Game("risk-to-take-campaign-three-kingdoms", ("normal", "easy"), 1))
    assert out.winner in (0, 1, 2) and out.actions > 0


def test_the_tournament_sets_one_level_against_the_other_on_every_other_seat():
    """A three-sided war in the tournament: the level whose win rate a row gives plays one seat, the
    other level every other seat, from each seat in turn."""
    from game.ai import tournament
    games = tournament.games_for(["risk-to-take-campaign-three-kingdoms"], [("hard", "normal")], [1])
    assert [g.players for g in games] == [("hard", "normal", "normal"), ("normal", "hard", "normal")]
