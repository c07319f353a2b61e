"""Figures, units and their state in Petite Guerre (seed 004_34c3fc4ecaa954ef.txt).

One figure is one man (an engine Unit); a unit (a piquet, a detachment, a platoon) is a team of
figures with a leader and sub-leaders. Unit state lives in state.data["units"]: its status
(in control, out of control: red square, routed: red triangles), formation, starting strength.
"""
from __future__ import annotations

from game.engine.state import GameState, Unit

from . import tables

IN_CONTROL, OUT_OF_CONTROL, ROUTED = "in-control", "out-of-control", "routed"


def setup(state: GameState) -> None:
    declared = state.scenario.ruleset_data.get("units", {})
    units: dict[str, dict] = {}
    for f in sorted(state.units.values(), key=lambda u: u.id):
        team = f.team or f.id
        f.team = team
        d = declared.get(team, {})
        u = units.setdefault(team, {"side": f.side, "name": d.get("name", team),
                                    "formation": d.get("formation", "open"),
                                    "status": d.get("status", IN_CONTROL), "strength": 0,
                                    "halved": False, "figures": []})
        u["strength"] += 1
        u["figures"].append(f.id)
    state.data["units"] = units
    for team in units:
        mark(state, team)


# ---- figures ----------------------------------------------------------------------------------
def kind(f: Unit) -> str:
    return f.stats.get("troop", "line-infantry")


def role(f: Unit) -> str:
    return f.stats.get("role", "")


def weapon(f: Unit) -> str:
    return f.stats.get("weapon") or tables.troop(kind(f))["weapon"]     # null: the troop type's weapon


def wounded(f: Unit) -> bool:
    return "wounded" in f.markers


def af_die(f: Unit) -> int:
    """The AF die; a wounded figure (red disc) rolls one size smaller for fire and reloading."""
    die = tables.troop(kind(f))["AF"]
    return tables.step(die, -1) if wounded(f) else die


def melee_die(f: Unit) -> int:
    die = tables.troop(kind(f))["M"]
    return tables.step(die, -1) if wounded(f) else die


def name(f: Unit) -> str:
    return f.name or f.id


# ---- units ------------------------------------------------------------------------------------
def unit(state: GameState, team: str) -> dict:
    return state.data["units"][team]


def unit_of(state: GameState, f: Unit) -> dict:
    return state.data["units"][f.team]


def figures(state: GameState, team: str) -> list[Unit]:
    return [state.units[i] for i in unit(state, team)["figures"] if not state.units[i].out]


def side_units(state: GameState, side: int) -> list[str]:
    return [t for t, u in sorted(state.data["units"].items()) if u["side"] == side and figures(state, t)]


def status(state: GameState, team: str) -> str:
    return unit(state, team)["status"]


def formation(state: GameState, team: str) -> str:
    return unit(state, team)["formation"]


def c_die(state: GameState, team: str) -> int:
    """The unit's C die is its commander's troop type's. Its commander is its leader or, in a unit
    led by a sub-leader, its sub-leader. Interpretation: a unit that has lost its commander rolls one
    size smaller (a sub-leader taking over from a fallen leader does not make up for him; a unit
    led only by a sub-leader loses the size when its last sub-leader falls)."""
    figs = figures(state, team)
    if not figs:
        return 4
    everyone = [state.units[i] for i in unit(state, team)["figures"]]
    rank = "leader" if any(role(f) == "leader" for f in everyone) else \
        "sub-leader" if any(role(f) == "sub-leader" for f in everyone) else ""
    commanders = [f for f in figs if role(f) == rank] if rank else figs
    die = tables.troop(kind(commanders[0] if commanders else figs[0]))["C"]
    return tables.step(die, -1) if rank and not commanders else die


def mark(state: GameState, team: str) -> None:
    """Red square on out-of-control figures, red triangle on routed ones."""
    st = status(state, team)
    for i in unit(state, team)["figures"]:
        f = state.units[i]
        f.markers.discard("out-of-control")
        f.markers.discard("routed")
        if st != IN_CONTROL:
            f.markers.add(st)


def set_status(state: GameState, team: str, new: str, why: str) -> None:
    u = unit(state, team)
    if u["status"] == new:
        return
    u["status"] = new
    mark(state, team)
    words = {IN_CONTROL: f"{verb(u['name'], 'is', 'are')} in control",
             OUT_OF_CONTROL: f"{verb(u['name'], 'is', 'are')} out of control (red square)",
             ROUTED: f"{verb(u['name'], 'routs', 'rout')} (red triangles)"}[new]
    state.emit("Status", f"{u['name']} {words}: {why}", unit=team, status=new)


def verb(unit_name: str, one: str, many: str) -> str:
    """The verb agreeing with a unit's name: "the swivel gun is", "the pandours are" (a name whose
    last word ends in a plural -s: "the farmers", not "the hussar patrol" nor "the boss")."""
    last = unit_name.split()[-1] if unit_name.split() else ""
    return many if last.endswith("s") and not last.endswith("ss") else one


def roller(state: GameState, team: str) -> str:
    """Who rolls for a unit in the log: the unit ("the pandours roll d6 for activation test", the
    engine's roll line agreeing with a plural name; "the swivel gun rolls d8 ...")."""
    return unit(state, team)["name"]


def unit_points(state: GameState, team: str) -> int:
    return sum(tables.points(kind(state.units[i]), role(state.units[i])) for i in unit(state, team)["figures"])


def figure_points(f: Unit) -> int:
    return tables.points(kind(f), role(f))


def formation_of(state: GameState, f: Unit) -> str:
    return formation(state, f.team)


def share_lost(state: GameState, side: int) -> float:
    """The share of its starting points a side has lost: figures killed or fled, and figures of routed
    units (what decides the game at the turn limit)."""
    lost = sum(figure_points(f) for f in state.side_units(side, include_out=True)
               if f.out or status(state, f.team) == ROUTED)
    return lost / max(1, state.data["start_points"][str(side)])
