"""The AI's frame (design §9): candidate actions, legality, seeded noise, the generic knowledge on
every turn structure of the toy rulesets, points sampled inside move regions."""
from __future__ import annotations

import dataclasses

import pytest
import shapely

from game import simulate
from game.ai import levels, positions
from game.ai.framework import Candidate, Context, Knowledge, Settings, fallback, gather, with_noise
from game.ai.generic import GENERIC
from game.ai.knowledge import knowledge_for
from game.ai.players import make_player, player_names
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import PlayerRng
from game.engine.ruleset import Option
from game.engine.scenario import Scenario
from tests.toys import TOYS, Step, Try, register_toys, scenario as toy_scenario, unregister_toys


@pytest.fixture(scope="module", autouse=True)
def toys():
    register_toys()
    yield
    unregister_toys()


def test_levels_are_registered_players():
    names = player_names()
    for level in ("random", "easy", "normal", "hard"):
        assert level in names
    p = make_player("normal", 7, 1)
    from game.engine.dice import derived_seed
    assert p.name == "normal" and p.side == 1 and p.seed == derived_seed(7, "players")


class Proposes:
    """A candidate action that proposes whatever it is given."""

    name = "test"

    def __init__(self, *cands):
        self.cands = cands

    def evaluate(self, ctx):
        return list(self.cands)


class Fixed(Knowledge):
    ruleset_id = "toy-initiative"

    def __init__(self, *cas):
        self.cas = cas

    def candidate_actions(self, ctx):
        return list(self.cas)

    def evaluate(self, state, side):
        return 0.0


def context(state, knowledge, noise=0.0):
    decision = engine.to_act(state)
    return Context(engine.view(state, decision.side), engine.legal_actions(state), decision,
                   Settings("test", noise=noise), PlayerRng(1, "test"), knowledge)


def test_a_candidate_outside_the_options_is_dropped():
    state = engine.new_game(toy_scenario("toy-initiative"), seed=1)
    illegal = Candidate(9.0, Step("x"), "an enemy's unit")          # side 0 cannot move "x"
    legal = Candidate(1.0, Try("a", True), "a try")
    cands = gather(context(state, Fixed(Proposes(illegal, legal))))
    assert [c.action for c in cands] == [Try("a", True)]
    assert cands[0].option is not None and cands[0].source == "test"


def test_the_best_candidate_wins_and_ties_keep_their_order():
    state = engine.new_game(toy_scenario("toy-initiative"), seed=1)
    a, b, c = (Candidate(1.0, Try("a", True)), Candidate(2.0, Step("b")), Candidate(2.0, Step("a")))
    ctx = context(state, Fixed(Proposes(a, b, c)))
    ranked = with_noise(gather(ctx), ctx)
    assert [r[2].action for r in ranked] == [Step("b"), Step("a"), Try("a", True)]


def test_noise_is_seeded():
    state = engine.new_game(toy_scenario("toy-initiative"), seed=1)
    cands = [Candidate(0.0, Try("a", True)), Candidate(0.0, Step("b")), Candidate(0.0, Step("a"))]
    order = []
    for _ in range(2):
        ctx = context(state, Fixed(Proposes(*[dataclasses.replace(c) for c in cands])), noise=1.0)
        order.append([r[2].action for r in with_noise(gather(ctx), ctx)])
    assert order[0] == order[1]


def test_with_nothing_proposed_the_ai_passes():
    state = engine.new_game(toy_scenario("toy-initiative"), seed=1)
    assert fallback(context(state, Fixed())) == Pass(0)


@pytest.mark.parametrize("toy", [t.id for t in TOYS])
@pytest.mark.parametrize("players", [("normal", "easy"), ("hard", "random")])
def test_generic_knowledge_plays_every_turn_structure_to_the_end(toy, players):
    """A ruleset without its own AI module gets the generic knowledge; it answers every decision
    (interrupts and hidden commitments too) and never stalls."""
    assert knowledge_for(toy) is GENERIC
    state = engine.new_game(toy_scenario(toy), seed=3)
    sim = simulate.run(state, list(players))
    assert sim.state.outcome is not None
    assert len(sim.actions) < 2000


@pytest.mark.parametrize("region", [
    shapely.box(10, 10, 20, 15),
    shapely.Polygon([(0, 0), (30, 0), (30, 2), (2, 2), (2, 30), (0, 30)]),          # a thin L
    shapely.MultiPolygon([shapely.box(0, 0, 3, 3), shapely.box(40.0001, 7.2, 41.3, 7.9)]),
    shapely.Point(5, 5).buffer(0.01),
])
def test_sampled_points_stay_inside_the_region_after_rounding(region):
    scenario = Scenario.from_dict({"name": "t", "ruleset": "toy-initiative", "table": {"width": 60, "height": 40},
                                   "terrain": [{"id": "w", "kind": "wood", "polygon": [[0, 0], [12, 0], [12, 12],
                                                                                     [0, 12]]}],
                                   "sides": [{"name": "A"}, {"name": "B"}], "units": []})
    state = engine.new_game(scenario, seed=1)
    option = Option("Step", "go", region=region, template=StepTo("a"))
    pts = positions.sample_points(state, option, PlayerRng(1, "t"), 20, anchors=[(100, 100), (11, 12.5)])
    assert pts
    for x, y in pts:
        assert option.contains(option.at(x, y))
    near = positions.nearest_inside(option, 100, 100)
    assert near is not None and option.contains(option.at(*near))


@dataclasses.dataclass(frozen=True)
class StepTo(Step):
    x: float = 0.0
    y: float = 0.0


def test_the_settings_of_the_levels():
    assert levels.LEVELS["easy"].noise > levels.LEVELS["normal"].noise
    assert not levels.LEVELS["easy"].positional and levels.LEVELS["normal"].positional
    assert levels.LEVELS["hard"].rollouts > 0 and levels.LEVELS["normal"].rollouts == 0
