"""Builders for the Risus Skirmish rule tests: small tiled tables, characters with clichés, games
with scripted dice. (No tests here; the test_risus_*.py files import these.)"""
from __future__ import annotations

from typing import Any, Iterable, Sequence

import game.rulesets.risus_skirmish as _risus  # noqa: F401  (registers the ruleset)
from game.engine import game as engine
from game.engine.actions import Pass
from game.engine.dice import scripted
from game.engine.scenario import Scenario

RS = "risus-skirmish"


def rect(pid: str, kind: str, x0: float, y0: float, x1: float, y1: float, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "kind": kind, "name": extra.pop("name", pid),
            "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], **extra}


OPEN = [rect("field", "field", 0, 0, 60, 40)]


def cliche(name: str, level: int, *tags: str) -> dict[str, Any]:
    return {"name": name, "level": level, "for": list(tags)}


def fig(uid: str, side: int, x: float, y: float, level: int = 3, *, name: str | None = None,
        weapon: str = "rifle", team: str | None = None, facing: float = 0.0,
        cliches: Sequence[dict[str, Any]] | None = None, markers: Iterable[str] = (), **stats: Any) -> dict:
    cl = list(cliches) if cliches is not None else [
        cliche(f"Soldier {uid}", level, "shooting", "close combat", "rallying")]
    return {"id": uid, "side": side, "name": name or uid.capitalize(), "x": x, "y": y, "facing": facing,
            "team": team, "stats": {"cliches": cl, "weapon": weapon, **stats}, "markers": list(markers)}


def blank(uid: str, side: int, x: float, y: float) -> dict:
    return {"id": uid, "side": side, "name": uid, "x": x, "y": y, "stats": {"blank": True}}


def scenario(units: Sequence[dict], pieces: Sequence[dict] | None = None, *, width: float = 60,
             height: float = 40, options: dict | None = None, victory: dict | None = None,
             ruleset_data: dict | None = None, turn_limit: int = 30, objectives: Sequence[dict] = (),
             sides: Sequence[dict] | None = None, zones: Sequence[dict] = ()) -> Scenario:
    data = {"first_side": 0, **(ruleset_data or {})}
    if data["first_side"] is None:          # let the sides' roles decide who advances
        del data["first_side"]
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "risus-test", "title": "Risus test",
        "ruleset": RS, "options": {"facing": "none", **(options or {})},
        "table": {"width": width, "height": height, "edge_band": 3},
        "terrain": list(pieces if pieces is not None else OPEN),
        "sides": list(sides or [{"name": "Americans", "role": "attacker"},
                                {"name": "Germans", "role": "defender"}]),
        "units": list(units), "objectives": list(objectives), "deployment_zones": list(zones),
        "victory": victory or {"kind": "eliminate"}, "turn_limit": turn_limit, "ruleset_data": data})


def game(units: Sequence[dict], pieces: Sequence[dict] | None = None, dice: Sequence[int] | None = None,
         deploy: bool = True, **kw: Any):
    """A game set up; with hidden deployment the hidden side keeps the file's places (it says its
    deployment is done at once) unless `deploy` is False."""
    sc = scenario(units, pieces, **kw)
    state = engine.new_game(sc, seed=1, dice=scripted(dice) if dice is not None else None)
    d = engine.to_act(state)
    if deploy and d is not None and d.kind == "deploy":
        engine.apply(state, Pass(d.side))
    return state


def with_dice(state, faces: Sequence[int]):
    """Force the next dice (the script replaces the stream from here on)."""
    state.dice = scripted(list(faces))
    return state


def options(state, kind: str | None = None):
    opts = engine.legal_actions(state)
    return [o for o in opts if kind is None or o.kind == kind]


def option(state, kind: str, actor: str | None = None, target: str | None = None):
    found = [o for o in options(state, kind) if (actor is None or o.the_actor == actor)
             and (target is None or o.target == target)]
    assert found, f"no {kind} option for {actor} -> {target}: {[o.label for o in options(state)]}"
    return found[0]


def who(state):
    d = engine.to_act(state)
    return None if d is None else (d.side, d.kind)


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def kinds(state) -> list[str]:
    return [e.kind for e in state.log]


def stand_fast(state):
    """The side holding the initiative takes one action that changes nothing: its first figure or
    team turns on the spot (a move that only turns draws no OP fire, so it succeeds)."""
    from game.rulesets.risus_skirmish import movement
    from game.rulesets.risus_skirmish.actions import Move
    d = engine.to_act(state)
    for o in engine.legal_actions(state):
        lead = movement.anchor(state, o.the_actor or "") if o.kind == "Move" else None
        if lead is not None:
            engine.apply(state, Move(o.the_actor, lead.x, lead.y, lead.facing))
            assert engine.to_act(state).side == d.side
            return
    raise AssertionError("no figure can turn on the spot")


def pass_turn(state):
    """Give up the initiative. "A turn consists of one or more actions": Pass is offered only once the
    side has acted, so it stands fast first (stand_fast), then passes."""
    from game.engine.actions import Pass
    side = engine.to_act(state).side
    stand_fast(state)
    engine.apply(state, Pass(side))
