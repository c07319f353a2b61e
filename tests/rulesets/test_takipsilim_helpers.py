"""Builders for the Takipsilim rule tests: small tables, characters, orders and scripted dice.
(No tests here; the test_takipsilim_*.py files import these.)"""
from __future__ import annotations

from typing import Any, Sequence

import game.rulesets.takipsilim  # noqa: F401  (registers the ruleset)
from game.engine import game as engine
from game.engine.dice import scripted
from game.engine.scenario import Scenario
from game.rulesets.takipsilim.actions import HUNKER, RUN, WAIT, Order

ID = "takipsilim"


def rect(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "kind": kind, "name": extra.pop("name", pid),
            "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], **extra}


def wall(pid: str, x: float, y0: float, y1: float) -> dict[str, Any]:
    """A north-south low wall 0.6 cm thick with its west face at x."""
    return rect(pid, "low-wall", x, y0, x + 0.6, y1, name=pid)


def house(pid: str, x0: float, y0: float, x1: float, y1: float, door=None) -> dict[str, Any]:
    """A house whose walls are its outline; `door` is an opening [[x, y], [x, y]] in them."""
    ring = [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]
    piece = rect(pid, "house", x0, y0, x1, y1, walls=[ring], rooms=[[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]])
    if door:
        piece["openings"] = [door]
    return piece


def fig(uid: str, side: int, x: float, y: float, *, name: str | None = None, weapon: str | None = "assault-rifle",
        **stats: Any) -> dict[str, Any]:
    s = {"weapon": weapon, **stats} if weapon else dict(stats)
    return {"id": uid, "side": side, "name": name or uid.capitalize(), "x": x, "y": y,
            "base": {"shape": "round", "diameter": 1.0}, "stats": s}


def scenario(units: Sequence[dict], pieces: Sequence[dict] = (), *, width: float = 80, height: float = 40,
             options: dict | None = None, victory: dict | None = None, ruleset_data: dict | None = None,
             turn_limit: int = 10, objectives: Sequence[dict] = (), sides: Sequence[dict] | None = None) -> Scenario:
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "takipsilim-test", "title": "test",
        "ruleset": ID, "options": dict(options or {}),
        "table": {"width": width, "height": height, "edge_band": 3},
        "terrain": list(pieces),
        "sides": list(sides or [{"name": "Blue", "role": "attacker"}, {"name": "Red", "role": "defender"}]),
        "units": list(units), "objectives": list(objectives),
        "victory": victory or {"kind": "eliminate"}, "turn_limit": turn_limit,
        "ruleset_data": {"first_side": 0, **(ruleset_data or {})}})


def game(units: Sequence[dict], pieces: Sequence[dict] = (), dice: Sequence[int] | None = None, **kw: Any):
    return engine.new_game(scenario(units, pieces, **kw), seed=1, dice=scripted(dice) if dice is not None else None)


def with_dice(state, faces: Sequence[int]):
    """Force the next dice: the script replaces the stream from here on."""
    state.dice = scripted(list(faces))
    return state


def dice_left(state) -> list[int]:
    return state.dice.remaining_script or []


def order(uid: str, action: str, target: str = "", mode: str = "", move_to=None, at=None) -> Order:
    """An order; `at` is where the figure stands (for an order without a move: x, y = its position)."""
    if move_to is not None:
        return Order(uid, action, target, mode, True, float(move_to[0]), float(move_to[1]))
    x, y = at if at is not None else (0.0, 0.0)
    return Order(uid, action, target, mode, False, float(x), float(y))


def shoot(state, uid: str, target: str, mode: str = "single", move_to=None) -> Order:
    return _fill(state, order(uid, "shoot", target, mode, move_to))


def act(state, uid: str, action: str, target: str = "", mode: str = "", move_to=None) -> Order:
    return _fill(state, order(uid, action, target, mode, move_to))


def run(state, uid: str, to) -> Order:
    return order(uid, RUN, move_to=to)


def _fill(state, o: Order) -> Order:
    if o.move:
        return o
    u = state.units[o.actor]
    return Order(o.actor, o.action, o.target, o.mode, False, u.x, u.y)


def idle(state, uid: str) -> Order:
    """Wait, or hunker down when in cover (whichever the rules offer)."""
    for opt in engine.legal_actions(state):
        a = opt.action
        if a is not None and getattr(a, "actor", None) == uid and a.action in (WAIT, HUNKER):
            return a
    raise AssertionError(f"no wait/hunker option for {uid}")


def commit(state, orders: dict[str, Order] | Sequence[Order] = (), dice: Sequence[int] | None = None):
    """Answer every pending orders decision: the given orders, the rest idle. `dice` are scripted
    just before the last order, so they are the round's dice."""
    if not isinstance(orders, dict):
        orders = {o.actor: o for o in orders}
    scripted_yet = False
    turn = state.turn
    while True:
        d = engine.to_act(state)
        if d is None or d.kind != "orders" or state.turn != turn:
            return state
        o = orders.get(d.the_actor) or idle(state, d.the_actor)
        if dice is not None and not scripted_yet and _last_order(state):
            with_dice(state, dice)
            scripted_yet = True
        reason = engine.check(state, o)
        assert reason is None, f"{o}: {reason}"
        engine.apply(state, o)


def _last_order(state) -> bool:
    """Is the decision being asked the last order of the round?"""
    d = engine.to_act(state)
    queue = state.flow.queue
    if len(queue) > 1:
        return False
    pending = [u for u in state.units.values()
               if u.side == d.side and not u.out and u.id not in state.data["orders"]]
    return len(pending) == 1


def options(state, actor: str | None = None):
    return [o for o in engine.legal_actions(state) if actor is None or o.the_actor == actor]


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def events(state, kind: str) -> list:
    return [e for e in state.log if e.kind == kind]


def rolls(state, purpose: str | None = None) -> list:
    return [r for r in state.rolls if purpose is None or r.purpose == purpose]


def who(state):
    d = engine.to_act(state)
    return None if d is None else (d.side, d.kind, d.the_actor)


def damage(state, uid: str) -> dict[str, int]:
    return state.data["damage"][uid]
