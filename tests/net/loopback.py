"""Helpers of the network tests: a referee served on 127.0.0.1 (a free port), guests driven by AI
levels, and the check that no message sent to a guest held a secret before the rules revealed it."""
from __future__ import annotations

import asyncio
import contextlib
import json

import websockets

from game import simulate
from game.engine import game as engine
from game.engine.dice import derived_seed
from game.io.scenario_file import load_scenario
from game.net import client, server, wire

LEVELS = ["easy", "easy"]
SEED = 7_340_215_983_117


def scenario_of(name, max_turns=None):
    return simulate.with_turn_limit(load_scenario(name), max_turns)


def simulated(scenario, seed=SEED, players=LEVELS):
    return simulate.summary_line(simulate.run(engine.new_game(scenario, seed), players).state)


@contextlib.asynccontextmanager
async def served(tables, ssl=None):
    """`tables` served on 127.0.0.1 (with TLS given `ssl`, a server context): its ADDRESS:PORT."""
    ready = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(server.serve_forever(tables, "127.0.0.1", 0, ready.set_result, ssl=ssl))
    try:
        srv = await asyncio.wait_for(ready, 10)
        yield f"127.0.0.1:{srv.sockets[0].getsockname()[1]}"
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def play_all(address, codes, records=None, levels=LEVELS, **kw):
    """Every seat of `codes` ({seat: code}) played by its AI level; `records[seat]`: what it received."""
    return await asyncio.gather(*[client.play(address, code, levels[seat],
                                              record=None if records is None else records.setdefault(seat, []), **kw)
                                  for seat, code in sorted(codes.items())])


async def exchange(address, *messages, replies=1):
    """Send messages on one connection; the replies received (`replies` per message, or a list of
    how many for each)."""
    counts = replies if isinstance(replies, list) else [replies] * len(messages)
    async with websockets.connect(client.url(address), max_size=1 << 30) as ws:
        got = []
        for m, count in zip(messages, counts):
            await ws.send(m if isinstance(m, str) else wire.dumps(m))
            for _ in range(count):
                got.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
        return got


# -- secrets ---------------------------------------------------------------------------------------
def secrets_of(state, seat):
    """What `seat` may not be told now: texts of the log lines hidden from it, the hidden figures of
    Risus' hidden deployment, and (checked on the parsed view) committed orders and declarations."""
    seen = {e.text for e in state.log if e.visible_to(seat)}
    texts = {json.dumps(e.text)[1:-1] for e in state.log if not e.visible_to(seat) and e.text not in seen}
    if state.ruleset_id == "risus-skirmish" and state.options.get("hidden_deployment"):
        texts |= {f'"id":"{u.id}"' for u in state.units.values()
                  if u.side != seat and "hidden" in u.markers and not u.out}
    return texts


def unrevealed_leaks(state, seat, view_doc):
    """Other sides' committed orders (Takipsilim) or declarations (Riskbreaker) in a view sent before
    the rules reveal them. A view whose data is as the guest's last (named in `same`, not sent) tells
    it nothing new: that data was checked with the message that carried it."""
    data, units = view_doc.get("data"), state.units
    if data is None or state.data.get("revealed"):
        return []
    if state.ruleset_id == "takipsilim":
        return [u for u, o in (data.get("orders") or {}).items()
                if u in units and units[u].side != seat and not o.get("forced")]
    if state.ruleset_id == "riskbreaker":
        return [u for key in ("declared", "declared_weapon") for u in (data.get(key) or {})
                if u in units and units[u].side != seat]
    return []


def check_secrets(scenario, seed, actions, records):
    """Replay the game; every message a guest received at action n is checked against the secrets
    of the game at n. Returns how many secrets were checked (a test with none proves nothing)."""
    state = engine.new_game(scenario, seed)
    by_at = {}
    for seat, texts in records.items():
        for text in texts:
            assert str(seed) not in text and str(derived_seed(seed, "dice")) not in text
            doc = json.loads(text)
            if doc["type"] == "state":
                by_at.setdefault(doc["at"], []).append((seat, text, doc))
    checked = 0
    for n in range(len(actions) + 1):
        for seat, text, doc in by_at.get(n, ()):
            secret = secrets_of(state, seat)
            checked += len(secret)
            assert not [s for s in secret if s in text], f"action {n}: a secret sent to side {seat}"
            if engine.innermost(state) is state:
                committed = {"takipsilim": "orders", "riskbreaker": "declared"}.get(state.ruleset_id)
                if committed and not state.data.get("revealed"):
                    checked += sum(1 for u in state.data.get(committed, {}) if state.units[u].side != seat)
                assert not unrevealed_leaks(state, seat, doc["view"]), f"action {n}: side {seat} told a secret"
        if n < len(actions):
            engine.apply(state, actions[n])
    return checked
