"""Advanced option: hidden deployment (seed 000).

"The defender may deploy his men hidden ... Only when firing or when an enemy gets LOS is the
characters position revealed ... by placing markers some of which are blanks on the map."

The hidden side's figures and its blank markers (units with stats {"blank": true}) start with the
`hidden` marker. The other side's view shows each of them as an anonymous marker: same name, same
base, no team, no stats, numbered by position, so a blank cannot be told from a real figure.
"""
from __future__ import annotations

import dataclasses
from game.engine.scenario import Scenario
from game.engine.state import GameState, Unit

from . import combat, forces, terrain

MARKER_BASE = {"shape": "round", "diameter": 2.5}
MARKER_NAME = "Hidden marker"


def hidden_side(scenario: Scenario) -> int:
    """ruleset_data.hidden_side, else the side whose role is "defender", else the side that does not
    advance first."""
    data = scenario.ruleset_data
    if "hidden_side" in data:
        return int(data["hidden_side"])
    for i, s in enumerate(scenario.sides):
        if s.role.lower() in ("defender", "defending"):
            return i
    first = int(data.get("first_side", 0))
    return (first + 1) % max(1, len(scenario.sides))


def setup(state: GameState) -> None:
    """Hidden deployment on: the hidden side's figures and blanks are hidden. Off: blanks are taken off
    the table and nobody is hidden."""
    if not state.options.get("hidden_deployment"):
        for uid in [u.id for u in state.units.values() if forces.is_blank(u)]:
            del state.units[uid]
        for u in state.units.values():
            u.markers.discard("hidden")
        return
    side = hidden_side(state.scenario)
    count = 0
    for u in state.units.values():
        if u.side == side:
            u.markers.add("hidden")
            count += 1
        elif forces.is_blank(u):
            u.out = True
    name = state.scenario.sides[side].name
    state.emit("HiddenDeployment", f"The {name} deploy hidden: {count} markers on the table, "
                                   f"some of them blanks", side=side)
    for u in state.units.values():
        if "hidden" in u.markers and not forces.is_blank(u):
            state.emit("HiddenDeployment", f"{u.name} deploys hidden", hidden_from=_others(state, side),
                       unit=u.id)


def _others(state: GameState, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.sides) if s != side)


def reveal_seen(state: GameState) -> None:
    """Reveal every hidden figure or marker an enemy figure (in the battle, pinned or not) has LOS to,
    within its field of vision; a blank marker is then taken away."""
    hidden = [u for u in state.units.values() if "hidden" in u.markers and not u.out]
    if not hidden:
        return
    for h in sorted(hidden, key=lambda u: u.id):
        viewers = [u for u in state.units.values()
                   if u.side != h.side and forces.is_real(u) and "hidden" not in u.markers]
        if not viewers:
            continue
        seen = terrain.sees_many(state, [(v, None, None) for v in viewers], [h.pos])
        spotter = next((v for v, row in zip(viewers, seen) if row[0]), None)
        if spotter is not None:
            combat.reveal(state, h, f"(in LOS of {spotter.name})")


def watchers(state: GameState, side: int) -> list[Unit]:
    """Hidden markers of the enemies of `side`: in a view they may be anyone."""
    return [u for u in state.units.values() if u.side != side and "hidden" in u.markers and not u.out]


def redact(state: GameState, seen: GameState, side: int) -> None:
    """Replace the other side's hidden figures and blanks by anonymous markers in a view."""
    if not state.options.get("hidden_deployment"):
        return
    secret = [u for u in seen.units.values() if u.side != side and "hidden" in u.markers and not u.out]
    if secret:
        keep = {k: u for k, u in seen.units.items() if u not in secret}
        for i, u in enumerate(sorted(secret, key=lambda u: (u.x, u.y, u.id)), start=1):
            mid = f"marker-{i}"
            keep[mid] = Unit(id=mid, side=u.side, name=MARKER_NAME, x=u.x, y=u.y, facing=0.0,
                             base=dict(MARKER_BASE), kind="marker", team=None, stats={},
                             markers={"hidden"})
        seen.units = {k: keep[k] for k in sorted(keep)}
        secret_ids = {u.id for u in secret}
        teams = {}
        for tid, t in (seen.data.get("teams") or {}).items():
            shown = [m for m in t.get("members", []) if m not in secret_ids]
            if not shown:
                continue          # a team still wholly hidden does not exist for this side
            leader = t.get("leader") if t.get("leader") not in secret_ids else shown[0]
            teams[tid] = {**t, "members": shown, "leader": leader}
        seen.data["teams"] = teams
        for decision in seen.flow.interrupts:      # a move waiting on OP fire: hidden firers left out
            if decision.side != side and decision.kind == "deploy":
                decision.context = {}               # which figures are placed: the deployer's secret
                continue
            the_move = decision.context
            if the_move.get("firers"):
                the_move["firers"] = {f: k for f, k in the_move["firers"].items()
                                      if f not in secret_ids and not any(
                                          m in secret_ids for m in (state.data.get("teams", {}).get(f) or {}).get(
                                              "members", []))}
    seen.scenario = redacted_scenario(state.scenario, side)


def redacted_scenario(scenario: Scenario, side: int) -> Scenario:
    """The scenario as `side` may read it: the hidden side's deployment as anonymous markers."""
    cache = scenario.__dict__.get("_risus_redacted")
    if cache is None:
        cache = {}
        object.__setattr__(scenario, "_risus_redacted", cache)
    if side in cache:
        return cache[side]
    hs = hidden_side(scenario)
    if side == hs:
        cache[side] = scenario
        return scenario
    secret = [u for u in scenario.units if u.side == hs]
    public = [u for u in scenario.units if u.side != hs]
    markers = []
    raw_markers = []
    for i, u in enumerate(sorted(secret, key=lambda u: (u.x, u.y, u.id)), start=1):
        markers.append(Unit(id=f"marker-{i}", side=u.side, name=MARKER_NAME, x=u.x, y=u.y,
                            base=dict(MARKER_BASE), kind="marker", markers={"hidden"}))
        raw_markers.append({"id": f"marker-{i}", "side": u.side, "name": MARKER_NAME, "x": u.x, "y": u.y,
                            "base": dict(MARKER_BASE), "kind": "marker", "markers": ["hidden"]})
    secret_ids = {u.id for u in secret}
    secret_teams = {u.team for u in secret if u.team}
    raw = dict(scenario.raw)
    raw["units"] = [u for u in raw.get("units", []) if u.get("id") not in secret_ids] + raw_markers
    data = dict(scenario.ruleset_data)
    if isinstance(data.get("teams"), dict):
        data["teams"] = {k: v for k, v in data["teams"].items() if k not in secret_teams}
    raw["ruleset_data"] = data
    out = dataclasses.replace(scenario, units=tuple(public + markers), ruleset_data=data, raw=raw)
    board = scenario.__dict__.get("_board")
    if board is not None:
        object.__setattr__(out, "_board", board)
    cache[side] = out
    return out
