"""Issue 29: the same game over the wire, for every ruleset, through the host and through the server;
no message to a guest holds the seed or the other side's secrets before the rules reveal them."""
import asyncio

import pytest

from game import simulate
from game.net.referee import GUEST, Referee
from game.net.server import Tables, host_referee
from tests.net.loopback import LEVELS, SEED, check_secrets, exchange, play_all, scenario_of, served, simulated

# one scenario of each ruleset (a hidden deployment for Risus, secret orders in Takipsilim,
# declarations in Riskbreaker; the campaign held to two turns, as `simulate --max-turns 2`)
GAMES = [("risus-hidden-ambush", None), ("takipsilim-dusk-ambush", None), ("riskbreaker-tavern-brawl", None),
         ("petite-guerre-cavalry-patrol", None), ("risk-to-take-cavalry-action", None),
         ("risk-to-take-campaign-two-crowns", 2)]
HIDES = {"risus-hidden-ambush", "takipsilim-dusk-ambush", "riskbreaker-tavern-brawl"}


@pytest.mark.parametrize("name,max_turns", GAMES)
def test_a_hosted_game_between_two_network_guests_is_the_simulated_game(name, max_turns, tmp_path):
    scenario = scenario_of(name, max_turns)
    referee = Referee.new(scenario, SEED, None, [GUEST, GUEST], tmp_path / "game.json")
    records = {}

    async def main():
        async with served(host_referee(referee)) as address:
            return await play_all(address, referee.codes, records)

    guests = asyncio.run(main())
    assert simulate.summary_line(referee.state) == simulated(scenario)
    for guest in guests:
        assert guest.view.outcome.winner == referee.state.outcome.winner
    checked = check_secrets(scenario, SEED, referee.actions, records)
    assert checked > 0 or name not in HIDES


@pytest.mark.parametrize("name,max_turns", GAMES)
def test_a_game_on_the_club_server_between_two_network_guests_is_the_simulated_game(name, max_turns, tmp_path):
    turns = max_turns or 3
    tables = Tables(tmp_path, open_to_create=True)

    async def main():
        async with served(tables) as address:
            [created] = await exchange(address, {"type": "create", "scenario": name, "seed": SEED,
                                                 "players": [GUEST, GUEST], "max_turns": turns})
            assert created["type"] == "created", created
            await play_all(address, {int(s): c for s, c in created["codes"].items()})
            return created["game"]

    game = asyncio.run(main())
    assert simulate.summary_line(tables.games[game].state) == simulated(scenario_of(name, turns))
    assert (tmp_path / game / "game.json").exists()


def test_a_guest_seat_beside_an_ai_seat_plays_the_simulated_game(tmp_path):
    scenario = scenario_of("takipsilim-dusk-ambush")
    referee = Referee.new(scenario, SEED, None, [GUEST, "easy"], tmp_path / "game.json")

    async def main():
        async with served(host_referee(referee)) as address:
            await play_all(address, referee.codes)

    asyncio.run(main())
    assert simulate.summary_line(referee.state) == simulated(scenario, players=LEVELS)


def test_the_secrets_check_catches_a_view_that_tells_the_other_sides_orders():
    """The check above proves something: the whole state (not a view) sent in the middle of the
    secret orders of Takipsilim is caught."""
    from game.engine import game as engine
    from game.net import wire
    scenario = scenario_of("takipsilim-dusk-ambush")
    state, actions = engine.new_game(scenario, SEED), []
    while not [u for u in state.data.get("orders", {}) if state.units[u].side == 0]:
        option = engine.legal_actions(state)[0]
        actions.append(option.action or option.template)
        engine.apply(state, actions[-1])
    whole = {"type": "state", "at": state.action_count, "view": wire.view_json(state), "decision": None}
    with pytest.raises(AssertionError, match="a secret sent to side 1"):       # the orders' log lines
        check_secrets(scenario, SEED, actions, {1: [wire.dumps(whole)]})
    whole["view"]["log"] = []
    with pytest.raises(AssertionError, match="side 1 told a secret"):          # the orders themselves
        check_secrets(scenario, SEED, actions, {1: [wire.dumps(whole)]})
