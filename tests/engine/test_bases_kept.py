"""A move region's cut keeps what it made (game.geometry.bases: the regions cut, the bases grown): the
options found with all that kept are those found with nothing kept, after every action."""
import pytest

from game import rulesets, simulate
from game.engine import game as engine
from game.geometry import bases
from game.geometry.kept import Kept
from game.io.scenario_file import load_scenario


@pytest.fixture(scope="module", autouse=True)
def loaded():
    rulesets.load_all()


def _options(state):
    return [(o.kind, o.label, repr(o.action), repr(o.template), None if o.region is None else o.region.wkb,
             o.odds, o.odds_text, o.key) for o in engine.legal_actions(state)]


@pytest.mark.parametrize("name", ["takipsilim-dusk-ambush", "risus-farm-assault"])
def test_the_options_with_the_grown_bases_kept_are_those_found_with_nothing_kept(name, monkeypatch):
    compared = []

    def compare(state, action):
        if engine.to_act(state) is None:
            return
        bases._CLEARED.clear()                      # the region is cut again, from the kept grown bases
        kept = _options(state)
        monkeypatch.setattr(bases, "_CLEARED", Kept(bases.CLEARED_SIZE))
        monkeypatch.setattr(bases, "_GROWN", Kept(bases.GROWN_SIZE))
        assert _options(state) == kept, f"action {state.action_count}"
        compared.append(state.action_count)

    simulate.run(engine.new_game(simulate.with_turn_limit(load_scenario(name), 2), 3), ["easy", "normal"],
                 on_action=compare)
    assert len(compared) >= 5
