"""The hard level's read of the enemy's secret Takipsilim orders, as the normal level would give them: its look ahead.

Takipsilim's orders are simultaneous (design §9, "hard"): each side commits one action per character in secret
("Rounds"). The normal level cannot know what the enemy will do, so it assumes each enemy shooter
spreads its fire over everything it sees and that a target stands still with a fixed chance. The
hard level reads the enemy instead: from its own view only (the enemy's orders are never in it), it
asks the normal level what each enemy character would order, and weighs its own candidates against
that reply: a shot at a figure that will run out of sight is worth little, a target that stands
still is easier to hit, and a figure about to be shot by three rifles hunkers down.

The read is a pure function of what does not change while orders are given (positions, wounds,
ammunition, the round and the game seed; the side's own orders already given are left out), so a
game resumed in the middle of a round reads exactly what the uninterrupted game read.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import OrderedDict

from game.ai.framework import as_actor
from game.ai.levels import LEVELS, AIPlayer
from game.engine.flow import Decision
from game.engine.state import GameState
from game.rulesets.takipsilim import RULESET as RS
from game.rulesets.takipsilim.actions import GRENADE, HUNKER, MELEE, RUN, SHOOT, Order

TRUST = 0.6                 # how far the read is believed over the normal level's blind guess
READ_KEY = 1_000_000        # the reading's dice-free randomness is keyed apart from real decisions
_CACHE: OrderedDict[tuple, dict[str, "Read"]] = OrderedDict()
_CACHE_SIZE = 64


@dataclasses.dataclass(frozen=True)
class Read:
    """What one enemy character is expected to do this round, and where it will stand."""

    action: str
    target: str
    pos: tuple[float, float]
    moved: bool

    @property
    def shoots(self) -> bool:
        return self.action == SHOOT

    @property
    def still(self) -> bool:
        """A stationary target ("Stationary Target": it neither moved nor ran this round)."""
        return not self.moved and self.action not in (RUN, MELEE)

    @property
    def hunkers(self) -> bool:
        return self.action == HUNKER

    @property
    def throws_at(self) -> str:
        return self.target if self.action == GRENADE else ""


def read_enemy(view: GameState, side: int, seed: int) -> dict[str, Read]:
    """The enemy's likely orders this round, by enemy unit id (empty outside the orders phase)."""
    if view.flow.phase_name != "orders" or view.data.get("revealed"):
        return {}
    key = (seed, side, view.scenario.name, view.turn, _fingerprint(view))
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    reads = _read(view, side, seed)
    _CACHE[key] = reads
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return reads


def _fingerprint(view: GameState) -> str:
    """Everything the read depends on: the figures and the round's data, less the orders given."""
    figures = [(u.id, round(u.x, 4), round(u.y, 4), u.out, sorted(u.markers)) for u in view.units.values()]
    data = {k: v for k, v in view.data.items() if k != "orders"}
    text = json.dumps([figures, data], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _read(view: GameState, side: int, seed: int) -> dict[str, Read]:
    sim = view.clone()
    orders = sim.data.get("orders")
    if orders is None:
        return {}
    for uid in [uid for uid in orders if sim.units[uid].side == side and not orders[uid].get("forced")]:
        del orders[uid]                     # what we have ordered so far does not change their read
    sim.action_count = READ_KEY + view.turn
    players: dict[int, AIPlayer] = {}
    reads: dict[str, Read] = {}
    for u in sorted(sim.units.values(), key=lambda u: u.id):
        if u.out or u.side == side:
            continue
        given = orders.get(u.id)
        if given is None:
            options = RS.order_options(sim, u)
            if not options:
                continue
            if u.side not in players:
                players[u.side] = AIPlayer(seed, u.side, LEVELS["normal"])
            order = players[u.side].choose(sim, options, Decision(u.side, "orders", actor=as_actor(u.id)))
            if not isinstance(order, Order):
                continue
            given = {"action": order.action, "target": order.target, "mode": order.mode,
                     "move": bool(order.move), "x": float(order.x), "y": float(order.y)}
            orders[u.id] = given            # the next enemy character's read sees this one's order
        moved = bool(given.get("move")) or given.get("action") == RUN
        pos = (float(given["x"]), float(given["y"])) if moved else u.pos
        reads[u.id] = Read(str(given.get("action", "")), str(given.get("target", "")), pos, moved)
    return reads
