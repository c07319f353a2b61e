"""Issue 29: a guest builds its own force on points on its own machine (game/net/mustering.py).

The game waits for the forces its guests build; each is checked as the new-game screen's builder
checks it, an illegal one refused in one line with nothing changed; the game made once they are in
is the game `simulate` makes with those forces; no guest is sent another side's force before the
game begins; a server killed while a game waits resumes it. Loopback only (127.0.0.1)."""
from __future__ import annotations

import asyncio
import json

import pytest

from game import simulate
from game.ai import muster as ai_muster
from game.engine import game as engine
from game.engine import registry
from game.engine.dice import derived_seed
from game.io.scenario_file import load_scenario
from game.net import wire
from game.net.mustering import FORCE, MUSTER, Mustering, force_message, mustering_path
from game.net.referee import GUEST, Referee, RefereeError
from game.net.server import GAME_FILE, Tables, host_referee
from tests.net.loopback import LEVELS, SEED, exchange, play_all, served

DUEL = "riskbreaker-bridge-duel"            # each side a party of characters, 10 points each
PATROL = "petite-guerre-patrol-on-points"   # each side a force of units, 672 points in all


def ai_force(scenario, side: int, level: str = "easy") -> list[dict]:
    """The force a headless guest of `level` builds (game/net/guest.py's build_force)."""
    return ai_muster.build(scenario, side, derived_seed(SEED, "players"), level)


def simulated_with(scenario, built: dict[int, list], players=LEVELS) -> str:
    made = simulate.with_built_forces(scenario, players, SEED, built)
    return simulate.summary_line(simulate.run(engine.new_game(made, SEED), players).state)


@pytest.mark.parametrize("name", [DUEL, PATROL])
def test_a_game_whose_guests_build_their_forces_on_a_club_server_is_the_simulated_game(name, tmp_path):
    tables = Tables(tmp_path, open_to_create=True)
    records: dict[int, list] = {}

    async def main():
        async with served(tables) as address:
            [created] = await exchange(address, {"type": "create", "scenario": name, "seed": SEED,
                                                 "players": [GUEST, GUEST], "build": [0, 1], "max_turns": 3})
            assert created["type"] == "created", created
            assert isinstance(tables.games[created["game"]], Mustering)
            await play_all(address, {int(s): c for s, c in created["codes"].items()}, records)
            return created["game"]

    game = asyncio.run(main())
    referee = tables.games[game]
    base = simulate.with_turn_limit(load_scenario(name), 3)
    built = {side: ai_force(base, side) for side in (0, 1)}
    assert simulate.summary_line(referee.state) == simulated_with(base, built)
    assert not mustering_path(tmp_path / game / GAME_FILE).exists()        # the game's own save holds it now
    for seat, received in records.items():
        kinds = [json.loads(t)["type"] for t in received]
        assert kinds[:2] == ["welcome", MUSTER] and "state" in kinds


def test_a_hosted_game_waits_for_its_guest_s_force_and_the_ai_side_builds_its_own(tmp_path):
    base = load_scenario(DUEL)
    waiting = Mustering.new(base, SEED, None, [GUEST, "easy"], None, [0], tmp_path / "game.json")
    tables = host_referee(waiting)

    async def main():
        async with served(tables) as address:
            await play_all(address, waiting.codes)

    asyncio.run(main())
    assert waiting.begun is not None and tables.games["game"] is waiting.begun
    assert simulate.summary_line(waiting.begun.state) == simulated_with(base, {0: ai_force(base, 0)})


def test_no_guest_is_sent_the_other_side_s_force_before_the_game_begins(tmp_path):
    """West's force is built in its maker's setup, East's by its guest: whatever each seat receives
    before its first `state` holds neither the other's names nor its entries."""
    base = load_scenario(DUEL)
    rs = registry.get(base.ruleset)
    west = [dict(e, name=f"Westsecret {n}") for n, e in enumerate(rs.muster_force(base, 0)[:2])]
    east = [dict(e, name=f"Eastsecret {n}") for n, e in enumerate(rs.muster_force(base, 1)[1:])]
    tables = Tables(tmp_path, open_to_create=True)

    async def main():
        async with served(tables) as address:
            [created] = await exchange(address, {"type": "create", "scenario": DUEL, "seed": SEED,
                                                 "players": [GUEST, GUEST], "forces": {"0": west}, "build": [1]})
            codes = created["codes"]
            west_saw = await exchange(address, {"type": "hello", "code": codes["0"]}, replies=2)
            east_saw = await exchange(address, {"type": "hello", "code": codes["1"]},
                                      force_message(1, east), replies=[2, 1])
            return west_saw, east_saw
    west_saw, east_saw = asyncio.run(main())
    assert [m["type"] for m in west_saw] == ["welcome", MUSTER] and west_saw[1]["waiting"] == [1]
    assert west_saw[1]["build"] is False and west_saw[1]["scenario"] is None
    assert [m["type"] for m in east_saw] == ["welcome", MUSTER, "state"]
    assert east_saw[1]["build"] is True and east_saw[1]["scenario"] == base.raw     # the scenario's own
    assert "Westsecret" not in json.dumps(east_saw[:2]) and "Eastsecret" not in json.dumps(west_saw)
    (referee,) = tables.games.values()
    assert sorted(u.name for u in referee.state.units.values()) == sorted(e["name"] for e in west + east)


@pytest.fixture
def waiting(tmp_path):
    base = load_scenario(DUEL)
    return Mustering.new(base, SEED, None, [GUEST, GUEST], None, [0, 1], tmp_path / "game.json")


def over_points(scenario, side):
    entries = registry.get(scenario.ruleset).muster_force(scenario, side)
    entries[0]["muscle"] = 6
    entries[0]["agility"] = 6
    return entries


def formless_skill(scenario):
    entry = registry.get(scenario.ruleset).muster_force(scenario, 0)[0]
    return dict(entry, skills=entry["skills"][:3] + ["Flight of Dragons"])


BAD_FORCES = [
    ("wrong side", lambda sc: force_message(1, registry.get(sc.ruleset).muster_force(sc, 1)),
     "force.side: you play side 0, not 1"),
    ("not a list", lambda sc: wire.dumps({"type": FORCE, "side": 0, "entries": {"name": "Aldo"}}),
     "force.entries: expected the force, a list of entries"),
    ("entries not objects", lambda sc: wire.dumps({"type": FORCE, "side": 0, "entries": [1, 2]}),
     "force.entries: expected the force, a list of entries"),
    ("over points", lambda sc: force_message(0, over_points(sc, 0)), "force: West: "),
    ("a skill of no known form", lambda sc: force_message(0, [formless_skill(sc)]), "force: West: "),
    ("too many", lambda sc: force_message(0, registry.get(sc.ruleset).muster_force(sc, 0) * 2), "force: West: "),
    ("an action", lambda sc: wire.dumps({"type": "act", "at": 0, "action": {}}),
     "message.type: the game begins once the forces built on points are in (West, East): expected 'force'"),
    ("not JSON", lambda sc: "{force", "message: expected JSON"),
    ("side as text", lambda sc: wire.dumps({"type": FORCE, "side": "0", "entries": []}),
     "force.side: expected your side, the number 0, got a string"),
]


@pytest.mark.parametrize("what,message,line", BAD_FORCES, ids=[b[0] for b in BAD_FORCES])
def test_a_malformed_or_illegal_force_gets_one_line_and_changes_nothing(waiting, what, message, line):
    before = (json.dumps(waiting.to_json()), mustering_path(waiting.save_path).read_bytes())
    refused = waiting.handle(0, message(waiting.scenario))
    assert refused is not None and refused.startswith(line) and "\n" not in refused, refused
    assert (json.dumps(waiting.to_json()), mustering_path(waiting.save_path).read_bytes()) == before
    assert waiting.begun is None


def test_an_unknown_troop_type_of_petite_guerre_is_refused_in_one_line(tmp_path):
    base = load_scenario(PATROL)
    waiting = Mustering.new(base, SEED, None, [GUEST, GUEST], None, [1], tmp_path / "game.json")
    entries = registry.get(base.ruleset).muster_force(base, 1)
    entries[0]["troop"] = "Dragoons of the Moon (99 pts)"
    refused = waiting.handle(1, force_message(1, entries))
    assert refused.startswith("force: ") and "Dragoons of the Moon" in refused and "\n" not in refused
    assert waiting.awaited == [1] and not waiting.built


def test_a_force_sent_twice_is_refused_the_second_time(waiting):
    force = force_message(0, registry.get(waiting.scenario.ruleset).muster_force(waiting.scenario, 0))
    assert waiting.handle(0, force) is None and waiting.awaited == [1]
    assert waiting.handle(0, force) == "force.side: side 0's force is in already"


def test_a_club_server_refuses_a_build_it_cannot_wait_for_in_one_line(tmp_path):
    tables = Tables(tmp_path, open_to_create=True)
    for players, build, line in (([GUEST, "easy"], [1], "create.build: side 1 is played by 'easy', not a guest"),
                                 ([GUEST, GUEST], "1", "create.build: expected the sides whose guest builds"),
                                 ([GUEST, GUEST], [2], "create.build: expected a side from 0 to 1, got 2")):
        with pytest.raises(RefereeError, match=line):
            tables.create({"scenario": DUEL, "players": players, "seed": 1, "build": build})
    with pytest.raises(RefereeError, match="create.build: side 0 plays the scenario's fixed force"):
        tables.create({"scenario": "risus-meeting-engagement", "players": [GUEST, GUEST], "seed": 1, "build": [0]})
    assert not tables.games and not list(tmp_path.iterdir())


def test_a_server_killed_while_a_game_waits_resumes_it_with_its_codes_and_the_forces_in(tmp_path):
    tables = Tables(tmp_path, open_to_create=True)
    created = tables.create({"scenario": DUEL, "players": [GUEST, GUEST], "seed": SEED, "build": [0, 1]})
    (waiting,) = tables.games.values()
    west = registry.get(waiting.scenario.ruleset).muster_force(waiting.scenario, 0)[:1]
    assert waiting.handle(0, force_message(0, west), settle=False) is None
    waiting.settle()                                    # durable, as the server makes it before telling
    again = Tables(tmp_path, open_to_create=True)       # the server restarted (nothing else kept)
    assert again.resume_all() == 1 and not again.problems
    (resumed,) = again.games.values()
    assert isinstance(resumed, Mustering) and resumed.built == {0: west} and resumed.awaited == [1]
    assert {str(s): c for s, c in resumed.codes.items()} == created["codes"]
    east = registry.get(resumed.scenario.ruleset).muster_force(resumed.scenario, 1)
    assert resumed.handle(1, force_message(1, east)) is None
    game = again.begin(resumed)
    assert isinstance(game, Referee) and game.codes == resumed.codes
    restarted = Tables(tmp_path, open_to_create=True)   # and once begun, the game itself resumes
    assert restarted.resume_all() == 1 and isinstance(next(iter(restarted.games.values())), Referee)


def test_a_damaged_waiting_game_is_one_problem_and_the_others_resume(tmp_path):
    tables = Tables(tmp_path, open_to_create=True)
    tables.create({"scenario": DUEL, "players": [GUEST, GUEST], "seed": 1, "build": [0]})
    tables.create({"scenario": DUEL, "players": [GUEST, GUEST], "seed": 2, "build": [1]})
    broken = sorted(tmp_path.glob("*/game.mustering.json"))[0]
    broken.write_text('{"format": "skirmish-table-mustering", "seed": 1}')
    again = Tables(tmp_path, open_to_create=True)
    assert again.resume_all() == 1 and len(again.problems) == 1 and str(broken) in again.problems[0]


def hosted_from_the_command_line(*args, home):
    """`python -m game host ARGS` started: the process and the lines it printed down to its join command."""
    from tests.net.test_commands import game_command
    host = game_command("host", *args, home=home)
    told = []
    while not told or not told[-1].startswith("  python -m game join"):
        told.append(host.stdout.readline())
        assert told[-1], host.stderr.read()
    return host, told


def test_host_guests_build_from_the_command_line_waits_for_the_guest_s_force(tmp_path):
    """`python -m game host SCENARIO --guests-build`: the joining guest (here the easy AI of `join
    --ai`) builds its force before the game begins; the game is simulate's with that force. A host
    killed while it waits, started again on its save, waits again with the same code."""
    from tests.net.test_commands import game_command
    from tests.net.test_server_restart import free_port
    port = str(free_port())
    host, told = hosted_from_the_command_line(DUEL, "--bind", "127.0.0.1", "--port", port, "--seed", str(SEED),
                                              "--seat", "1", "--players", "easy", "--guests-build", home=tmp_path)
    assert told[1] == "waiting for the forces of East: each guest builds its own on points when it joins\n"
    code = told[-2].split(": ")[-1].strip()
    save = told[0].split("saved after every action to ")[1].strip()
    host.kill()
    host.wait()
    host, told = hosted_from_the_command_line(save, "--bind", "127.0.0.1", "--port", port, home=tmp_path)
    assert told[-2].split(": ")[-1].strip() == code and told[1].startswith("waiting for the forces of East")
    guest = game_command("join", f"127.0.0.1:{port}", "--code", code, "--ai", "easy", home=tmp_path)
    out, err = guest.communicate(timeout=300)
    host_out = host.communicate(timeout=60)[0]
    base = load_scenario(DUEL)
    assert host_out.strip().splitlines()[-1] == simulated_with(base, {1: ai_force(base, 1)}), err
    assert out.strip().endswith("seat=1"), err


def bad_forces(scenario, count: int, seed: int):
    """`count` bad force messages for side 0, drawn from `seed`: malformed, oversized, of the wrong
    side, not a list, over points, of values of the wrong kind or unknown, of another version."""
    from game.engine.dice import PlayerRng
    rng = PlayerRng(seed, "bad forces")
    good = registry.get(scenario.ruleset).muster_force(scenario, 0)
    fields = sorted(good[0])
    for i in range(count):
        kind, entries = i % 8, json.loads(json.dumps(good))
        if kind == 0:
            yield "".join(chr(32 + rng.below(95)) for _ in range(rng.below(60))) or "x"
        elif kind == 1:
            yield wire.dumps({"type": FORCE, "side": 0, "entries": good, "pad": "x" * wire.MAX_MESSAGE_BYTES})
        elif kind == 2:
            yield force_message(rng.choice([1, -1, 2, 99]), good)
        elif kind == 3:
            yield wire.dumps({"type": FORCE, "side": 0, "entries": rng.choice([None, 3, "force", {"a": 1}, [1], [[]]])})
        elif kind == 4:                    # over points: a stat raised past the budget
            entries[rng.below(len(entries))][rng.choice(["muscle", "agility", "wit", "personality"])] = 10
            yield force_message(0, entries)
        elif kind == 5:                    # a field of the wrong kind, or an unknown value
            entries[rng.below(len(entries))][rng.choice(fields)] = rng.choice([None, -5, 1e9, {"x": 1}, [3]])
            yield force_message(0, entries)
        elif kind == 6:                    # too many, or none
            yield force_message(0, entries * (2 + rng.below(3)) if rng.below(2) else [])
        else:
            yield json.dumps({"v": wire.VERSION + 1 + rng.below(9), "type": FORCE, "side": 0, "entries": good})


def test_a_thousand_bad_forces_change_nothing_and_each_get_one_line(waiting):
    before = (json.dumps(waiting.to_json()), mustering_path(waiting.save_path).read_bytes())
    for text in bad_forces(waiting.scenario, 1000, seed=29):
        reply = waiting.handle(0, text)
        assert reply is not None, f"a bad force was taken: {text[:200]}"
        assert "\n" not in reply and len(reply) < 400
    assert (json.dumps(waiting.to_json()), mustering_path(waiting.save_path).read_bytes()) == before


def test_bad_forces_over_the_socket_get_one_error_reply_each(waiting):
    messages = list(bad_forces(waiting.scenario, 80, seed=30))

    async def main():
        async with served(host_referee(waiting)) as address:
            hello = {"type": "hello", "code": waiting.codes[0]}
            return await exchange(address, hello, *messages, replies=[2] + [1] * len(messages))
    replies = asyncio.run(main())
    assert [r["type"] for r in replies] == ["welcome", MUSTER] + ["error"] * len(messages)
    assert waiting.awaited == [0, 1] and not waiting.built


def test_a_server_with_workers_waits_for_the_guests_forces_and_resumes_the_wait_after_kill_9(tmp_path):
    """`serve --workers 2`: a game made to wait for its guests' forces lives in a worker; the server
    killed (kill -9) while it waits resumes it, and the game made then is simulate's."""
    from tests.net.test_server_restart import free_port, start_server
    port, data, servers = free_port(), tmp_path / "server", []
    address = f"127.0.0.1:{port}"
    try:
        start_server(port, data, servers, workers=2)
        [created] = asyncio.run(exchange(address, {"type": "create", "scenario": DUEL, "seed": SEED,
                                                   "players": [GUEST, GUEST], "build": [0, 1], "max_turns": 3}))
        assert created["type"] == "created", created
        servers[-1].kill()
        servers[-1].wait()
        assert "1 games resumed" in start_server(port, data, servers, workers=2)
        asyncio.run(play_all(address, {int(s): c for s, c in created["codes"].items()}))
    finally:
        for server in servers:
            server.kill()
            server.wait()
    restarted = Tables(data, open_to_create=True)
    assert restarted.resume_all() == 1
    base = simulate.with_turn_limit(load_scenario(DUEL), 3)
    assert simulate.summary_line(restarted.games[created["game"]].state) == simulated_with(
        base, {side: ai_force(base, side) for side in (0, 1)})
