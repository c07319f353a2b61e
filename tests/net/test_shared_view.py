"""The referee writes each seat's view out from the game's own objects (`engine.view(..., shared=True)`),
not from a copy of the whole state: the JSON sent is exactly that of the copied view, nothing hidden
shows, the game is not changed by it, and the JSON the referee keeps to compare the next view with
does not change as the game goes on (each unit and data entry equal to the last view's taken from it)."""
import pytest

from game import simulate
from game.engine import game as engine
from game.engine.state import state_hash
from game.net import wire
from tests.net.loopback import LEVELS, SEED, scenario_of
from tests.net.test_play import GAMES


@pytest.mark.parametrize("name,max_turns", GAMES)
def test_a_view_written_from_the_games_own_objects_is_the_copied_views_json_and_changes_nothing(name, max_turns):
    kept: list[tuple[dict, str]] = []
    last: dict[int, dict] = {}

    def compare(state, action):
        for side in range(state.sides):
            before = state_hash(state)
            shared = wire.view_json(engine.view(state, side, shared=True), 1, shared=True, earlier=last.get(side))
            copied = wire.view_json(engine.view(state, side), 1)
            assert wire.dumps(shared) == wire.dumps(copied), f"action {state.action_count}, side {side}"
            assert state_hash(state) == before
            kept.append((shared, wire.dumps(shared)))
            last[side] = shared

    sim = simulate.run(engine.new_game(scenario_of(name, max_turns), SEED), LEVELS, on_action=compare)
    assert sim.state.outcome is not None and len(kept) >= 2 * len(sim.actions) > 0
    assert all(wire.dumps(doc) == text for doc, text in kept), "a kept view changed with the game"


def test_a_ruleset_whose_view_takes_only_state_and_side_still_serves_a_seat(monkeypatch):
    """design §3: `view(state, side)`. A ruleset written to that signature (no `shared`) gets the plain
    call and its copy: the referee's shared view is only asked of rulesets that take it (the engine
    passed `shared` to every ruleset, and a TypeError stopped the window joining such a game)."""
    state = engine.new_game(scenario_of("takipsilim-dusk-ambush"), SEED)
    bundled = type(engine.ruleset_of(state))

    class Plain(bundled):
        def view(self, state, side):                 # the signature of design §3, nothing more
            return super().view(state, side)

    monkeypatch.setattr(engine, "ruleset_of", lambda game: Plain())
    seen = engine.view(state, 0, shared=True)
    assert seen is not state and seen.viewer == 0 and seen.seed == 0
    assert state_hash(seen) == state_hash(engine.view(state, 0))
