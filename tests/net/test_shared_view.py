"""The referee writes each seat's view out from the game's own objects (`engine.view(..., shared=True)`),
not from a copy of the whole state. That the message sent is exactly the copied view's, after every
action of every ruleset, and changes nothing in the game: tests/net/test_compose.py. Here: a ruleset
written to design §3's plain `view(state, side)` still serves a seat."""
from game.engine import game as engine
from game.engine.state import state_hash
from tests.net.loopback import SEED, scenario_of


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
