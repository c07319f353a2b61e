"""Initiative, activation and morale (seed 004_34c3fc4ecaa954ef.txt, "Initiative and unit
activation", "Morale"): pressure puts a unit out of control; at the start of its player's turn an
out-of-control unit takes an activation test, a routed unit a rally test (or its figures run).
"""
from __future__ import annotations

import math

from game.engine.state import GameState
from game.geometry import bases

from . import forces, tables
from .forces import IN_CONTROL, OUT_OF_CONTROL, ROUTED


# ---- the start of a player's turn --------------------------------------------------------------
def begin_player_turn(state: GameState) -> None:
    d = state.data
    d["pturn"] += 1
    d["acted"] = []
    d["reloaded_now"] = []
    d["fought"] = {}
    side = state.flow.active
    state.emit("PlayerTurn", f"— {possessive(state.scenario.sides[side].name)} turn —", side=side)
    # "The gray marker is removed at the beginning of the following turn."
    for f in state.side_units(side):
        f.markers.discard("reloaded")
    ran = []
    for team in forces.side_units(state, side):
        st = forces.status(state, team)
        if st == OUT_OF_CONTROL:
            activation_test(state, team)
        elif st == ROUTED:
            rally_or_run(state, team)
            ran.append(team)
    # Interpretation: a rout takes more than one roll to break a side: the side is beaten when its
    # every unit is routed and has failed a rally test (a unit routed by this turn's activation test
    # has its chance to rally next turn)
    left = forces.side_units(state, side)
    if left and all(forces.status(state, t) == ROUTED and t in ran for t in left):
        d.setdefault("broken", {})[str(side)] = True


def possessive(name: str) -> str:
    """English possessive of a side's name: "the Farmers' turn", "Prussia's turn"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def activation_test(state: GameState, team: str) -> str:
    """"The activation test ... consists of rolling dice corresponding to the unit's command /
    discipline skill coefficient": the C die's score falls in a band of tables.json "activation"."""
    u = forces.unit(state, team)
    die = forces.c_die(state, team)
    lo = tables.rules()["activation"]["in-control"][0]
    r = state.roll(f"d{die}>={lo}", "activation test", forces.roller(state, team),
                   odds_text=tables.band_text("activation", die))
    result = tables.band("activation", r.total)
    if result == "in-control":
        forces.set_status(state, team, IN_CONTROL, f"activation test {r.total}")
    elif result == "rout":
        forces.set_status(state, team, ROUTED, f"activation test {r.total}")
    else:
        state.emit("Status", f"{u['name']} {forces.verb(u['name'], 'stays', 'stay')} out of control and "
                             f"{forces.verb(u['name'], 'passes', 'pass')} the turn (activation test {r.total})",
                   unit=team, status=OUT_OF_CONTROL)
    return result


def reaction_test(state: GameState, team: str, why: str) -> str:
    """"Units in a critical situation (reduced to less than 50% of their strength; charged from the
    back or flanks) must undergo a morale or reaction test", which "may result in the unit being put,
    or left, out-of-control, or getting routed": those two results, no third (tables.json
    "reaction": the C die's score falls in a band)."""
    u = forces.unit(state, team)
    if u["status"] == ROUTED:
        return "rout"
    die = forces.c_die(state, team)
    lo = tables.rules()["reaction"]["out-of-control"][0]
    r = state.roll(f"d{die}>={lo}", f"reaction test ({why})", forces.roller(state, team),
                   odds_text=tables.band_text("reaction", die))
    result = tables.band("reaction", r.total)
    if result == "rout":
        forces.set_status(state, team, ROUTED, f"reaction test {r.total}")
    elif u["status"] == OUT_OF_CONTROL:
        state.emit("Status", f"{u['name']} {forces.verb(u['name'], 'stays', 'stay')} out of control "
                             f"(reaction test {r.total})", unit=team, status=OUT_OF_CONTROL)
    else:
        forces.set_status(state, team, OUT_OF_CONTROL, f"reaction test {r.total}")
    return result


def pressure(state: GameState, team: str, why: str) -> None:
    """"All units that are under attack (suffering fire casualties, or being charged by enemy units)
    are considered temporarily out-of-control.\""""
    if forces.status(state, team) == IN_CONTROL:
        forces.set_status(state, team, OUT_OF_CONTROL, why)


def check_strength(state: GameState, team: str) -> None:
    """Below 50% of its strength (once per unit): a reaction test. Wounded figures still count."""
    u = forces.unit(state, team)
    left = len(forces.figures(state, team))
    if not u["halved"] and left * 2 < u["strength"]:
        u["halved"] = True
        if left:
            reaction_test(state, team, "below half strength")


# ---- routs ------------------------------------------------------------------------------------
def rally_or_run(state: GameState, team: str) -> None:
    """Interpretation: a routed unit rallies on its C die scoring tables.json "rally" or more (it
    stops, out of control); otherwise each figure runs at fast speed straight away from the nearest
    enemy figure, and figures that reach the table edge flee the field."""
    u = forces.unit(state, team)
    die = forces.c_die(state, team)
    need = tables.rules()["rally"]
    if need <= die:
        r = state.roll(f"d{die}>={need}", "rally", forces.roller(state, team))
        if r.success:
            forces.set_status(state, team, OUT_OF_CONTROL, f"rallied on {r.total}")
            return
    enemies = [e for e in state.units.values() if e.side != u["side"] and not e.out]
    for f in forces.figures(state, team):
        run_away(state, f, enemies)


def run_away(state: GameState, f, enemies) -> None:
    """The figure runs its fast move straight away from the nearest enemy; off the table it flees.
    Bases may not overlap: it goes round nothing, so it stops short where its way is blocked (in
    base contact with an enemy in the way, clear of a friend)."""
    from . import movement
    dist = movement.reach(f, "fast", forces.formation_of(state, f))
    if enemies:
        e = min(enemies, key=lambda e: (math.dist(f.pos, e.pos), e.id))
        dx, dy = f.x - e.x, f.y - e.y
    else:
        dx, dy = 0.0, 1.0
    n = math.hypot(dx, dy) or 1.0
    x, y = f.x + dx / n * dist, f.y + dy / n * dist
    w, h = state.scenario.width, state.scenario.height
    if not (0 <= x <= w and 0 <= y <= h):
        f.out = True
        f.markers.add("fled")
        state.emit("Fled", f"{forces.name(f)} runs off the table and is lost", unit=f.id)
        return
    friends, foes = movement.others(state, f.side, [f.id], apart=True)
    x, y = bases.stop_on_path(f.pos, (x, y), f.base_radius, friends, blockers=foes)
    ran = math.dist(f.pos, (x, y))
    f.x, f.y = round(x, 3), round(y, 3)
    state.data["moved"][f.id] = state.data["pturn"]
    short = "" if ran >= dist - 1e-6 else ", and stops short: the way is blocked"
    state.emit("Moved", f"{forces.name(f)} runs away {ran:.1f} paces{short}", unit=f.id, x=f.x, y=f.y)
