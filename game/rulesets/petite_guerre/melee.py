"""Hand-to-hand combat (seed 004_34c3fc4ecaa954ef.txt, "Hand-to-hand combat"): both figures roll
their melee die; a hit is 4+. Only one scores 4+: it hits. Both score unequal 4+: they parry. Both
score the same 4+: both hit. At most two figures fight one enemy; the second rolls "without
reaction". A distinct advantage gives a die one size better. A hit's effect is a d4, as for fire.
"""
from __future__ import annotations

import math

import shapely

from game.engine.state import GameState, Unit
from game.geometry import bases
from game.geometry.sectors import angle_difference, angle_to

from . import command, fire, forces, movement, tables


def in_contact(a: Unit, b: Unit) -> bool:
    return math.dist(a.pos, b.pos) <= a.base_radius + b.base_radius + tables.rules()["contact"] + 1e-6


def opponents(state: GameState, target: Unit) -> list[Unit]:
    return [u for u in state.units.values() if not u.out and u.side != target.side and in_contact(u, target)]


def from_flank_or_rear(attacker: Unit, target: Unit) -> bool:
    """Charged "from the back or flanks": the attacker comes from outside the target's front arc
    (tables.json flank_angle either side of its facing)."""
    return abs(angle_difference(angle_to(target.pos, attacker.pos), target.facing)) > tables.rules()["flank_angle"]


def in_melee(state: GameState, f: Unit) -> bool:
    """"When a figure comes in contact with an enemy figure, both roll": a figure in contact with an
    enemy is in hand-to-hand combat. Interpretation: it fights there; it does not move, fire, reload
    nor charge until its enemy falls or it routs."""
    return bool(opponents(state, f))


def opposing(state: GameState, target: Unit) -> list[Unit]:
    """"A maximum of two figures can oppose one given enemy figure": of the enemy figures in contact
    with `target`, the two that oppose it: those that fought it this turn first, then those that
    charged it, then the nearest (by id on a tie). A third in contact waits its turn."""
    fought = state.data["fought"].get(target.id, [])
    charged = state.data.get("charged", {})

    def key(u: Unit):
        return (u.id not in fought, charged.get(u.id) != target.id, round(math.dist(u.pos, target.pos), 6), u.id)
    return sorted(opponents(state, target), key=key)[:2]


def may_fight(state: GameState, f: Unit, enemy: Unit) -> bool:
    """f may fight enemy when each is one of the (at most two) figures opposing the other."""
    return f in opposing(state, enemy) and enemy in opposing(state, f)


def protected_from(state: GameState, f: Unit, enemy: Unit) -> bool:
    """A protecting piece (a wall, a parapet, a building: tables.json "protecting") stands between f
    and its enemy within tables.json "behind" paces of f, or f stands in one. Interpretation: a
    parapet counts only between the two: a building or a wall both figures stand in or on is no
    parapet between them (a charge that ended inside the farmhouse fights its defenders in there)."""
    both = shapely.MultiPoint([f.pos, enemy.pos])
    return any(not shapely.covers(p.polygon, both)
               for p in fire.near_pieces(state, f, enemy, tables.rules()["protecting"]))


def inside_shelter(state: GameState, f: Unit) -> bool:
    """f stands inside a protecting piece that is not a linear obstacle (a building, ruins, a
    fortification; standing on a wall is not being behind it)."""
    kinds = tables.rules()["protecting"]
    return any(p.kind.name in kinds and not p.kind.linear_obstacle for p in state.table.pieces_at(f.x, f.y))


def behind_parapet(state: GameState, f: Unit, enemy: Unit, attacking: bool) -> bool:
    """"figures fighting from behind a parapet": f is protected from its enemy (protected_from) and
    the enemy is not protected from f; in the same building neither is, whoever attacks. Across one wall both are; then only the figure on the far
    side of it from its opponent, the one holding it, has the advantage: the one inside a building
    against one outside, else the one the enemy charged across it (Interpretation: with no charge
    between the two, the figure attacked in this fight)."""
    if not protected_from(state, f, enemy):
        return False
    if not protected_from(state, enemy, f):
        return True
    inside_f, inside_e = inside_shelter(state, f), inside_shelter(state, enemy)
    if inside_f != inside_e:                # in a building (not on a wall) against one outside it
        return inside_f
    charged = state.data.get("charged", {})
    if charged.get(enemy.id) == f.id:
        return True
    if charged.get(f.id) == enemy.id:
        return False
    return not attacking


def advantage(state: GameState, f: Unit, enemy: Unit, attacking: bool) -> str:
    """Why f has a distinct melee advantage, or "" (interpretation: the die one size better)."""
    if forces.wounded(enemy):
        return "against a wounded enemy"
    if behind_parapet(state, f, enemy, attacking):
        return "behind a parapet"
    # "In case of a melee resulting from the clash of units deployed in closed ranks, attacking from
    # the flanks or rear also gives an advantage": both units in line
    closed = forces.formation(state, f.team) == "line" and forces.formation(state, enemy.team) == "line"
    if attacking and closed and from_flank_or_rear(f, enemy):
        return "closed ranks taking the flank or rear"
    return ""


def die_of(state: GameState, f: Unit, enemy: Unit, attacking: bool) -> tuple[int, str]:
    why = advantage(state, f, enemy, attacking)
    die = forces.melee_die(f)
    return (tables.step(die, +1) if why else die), why


def charge_point(state: GameState, f: Unit, target: Unit) -> tuple[float, float]:
    """Where the charger stops: in contact with the target, straight toward it; at the wall when
    the target stands inside a building the charger is outside of (stop_at_wall)."""
    gap = f.base_radius + target.base_radius + tables.rules()["contact"] / 2
    d = math.dist(f.pos, target.pos)
    if d <= gap:
        return f.x, f.y
    k = (d - gap) / d
    end = (f.x + (target.x - f.x) * k, f.y + (target.y - f.y) * k)
    x, y = stop_at_wall(state, f.pos, end, target)
    return round(x, 3), round(y, 3)


def stop_at_wall(state: GameState, start, end, target: Unit) -> tuple[float, float]:
    """Interpretation: a charge at a figure inside a building (a house, ruins, a fortification) by a
    figure outside it stops at the building's wall, as at a window or doorway: the charger fights
    from outside, the figure inside "from behind a parapet". It is a charge only if the two are in
    contact there (a figure deep inside is reached by fire, not by the bayonet)."""
    kinds = tables.rules()["protecting"]
    x, y = end
    for p in state.table.pieces_at(target.x, target.y):
        if p.kind.name not in kinds or p.kind.linear_obstacle or shapely.intersects(p.polygon, shapely.Point(start)):
            continue
        path = shapely.LineString([start, (x, y)])
        if not shapely.intersects(path, p.polygon):
            continue
        length = path.length
        stop = max(0.0, float(shapely.distance(shapely.Point(start), shapely.intersection(path, p.polygon))) - 0.01)
        x, y = start[0] + (x - start[0]) * stop / length, start[1] + (y - start[1]) * stop / length
    return x, y


def can_charge(state: GameState, f: Unit, target: Unit, reg=None) -> bool:
    """The contact point lies within the charger's fast move, and the target is not already fought
    by two figures ("a maximum of two figures can oppose one given enemy figure"); a figure already
    in contact does not charge ("Fast speed is also used to close in with the enemy when charging":
    it has nothing to close; it fights). A charge stopped at a building's wall must end in contact."""
    if len(opponents(state, target)) >= 2 or in_melee(state, f):
        return False
    x, y = charge_point(state, f, target)
    if math.dist((x, y), target.pos) > f.base_radius + target.base_radius + tables.rules()["contact"] + 1e-6:
        return False
    if reg is None:
        reg = movement.region(state, f, "fast", forces.formation(state, f.team), charge=True)
    return bool(reg.distance(shapely.Point(x, y)) <= 1e-3)


def charge(state: GameState, f: Unit, target: Unit) -> None:
    """Charges close in at fast speed; the charged unit is out of control, and from the flank or
    rear it takes a reaction test; then the two fight."""
    flank = from_flank_or_rear(f, target)
    x, y = charge_point(state, f, target)
    state.emit("Charge", f"{forces.name(f)} charges {forces.name(target)}", actor=f.id, target=target.id)
    movement.move_figure(state, f, x, y, "fast")
    _charged(state, f, target)
    f.facing = round(angle_to(f.pos, target.pos), 3)
    command.pressure(state, target.team, "it was charged")
    if flank:
        command.reaction_test(state, target.team, "charged in the flank or rear")
    fight(state, f, target)


HAND = "hand-to-hand"       # the text's own word for the fight


def fight(state: GameState, f: Unit, enemy: Unit) -> None:
    fought = state.data["fought"].setdefault(enemy.id, [])
    without_reaction = len(fought) >= 1
    fought.append(f.id)
    a_name, b_name = forces.name(f), forces.name(enemy)
    state.emit("Melee", f"{a_name} fights {b_name} hand-to-hand"
                        + (" (the second figure opposing it: it rolls without reaction)" if without_reaction else ""),
               actor=f.id, target=enemy.id)
    need = tables.rules()["melee_hit"]
    a_die, a_why = die_of(state, f, enemy, True)
    a = state.roll(f"d{a_die}>={need}", HAND + (f", advantage: {a_why}" if a_why else ""), a_name)
    if without_reaction:
        if a.success:
            fire.hit(state, enemy, HAND)
        else:
            state.emit("Melee", f"{a_name} does not hit {b_name}")
        _after(state, [f, enemy])
        return
    b_die, b_why = die_of(state, enemy, f, False)
    b = state.roll(f"d{b_die}>={need}", HAND + (f", advantage: {b_why}" if b_why else ""), b_name)
    if a.success and b.success and a.total != b.total:
        state.emit("Melee", f"{a_name} and {b_name} parry ({a.total} against {b.total})")
    elif a.success and b.success:
        state.emit("Melee", f"{a_name} and {b_name} both score {a.total}: both are hit")
        fire.hit(state, enemy, HAND)
        fire.hit(state, f, HAND)
    elif a.success:
        fire.hit(state, enemy, HAND)
    elif b.success:
        fire.hit(state, f, HAND)
    else:
        state.emit("Melee", f"neither {a_name} nor {b_name} scores a hit")
    _after(state, [f, enemy])


# ---- a unit in line charges as a unit -------------------------------------------------------------
def line_charge_move(state: GameState, team: str, target: Unit) -> tuple[float, float] | None:
    """How far a unit in line charging `target` moves (dx, dy), or None when it cannot: the whole
    line goes straight at fast speed (the line stick) toward the target, so that its front-rank
    figure nearest the target comes into contact; it stops where any figure's way is blocked (bases
    may not overlap), and the charge needs the target in contact at the end. A line with a figure in
    contact is in hand-to-hand combat already: it fights, it does not charge."""
    figs = forces.figures(state, team)
    if len(opponents(state, target)) >= 2 or any(in_melee(state, f) for f in figs):
        return None
    front = [f for f in figs if int(f.stats.get("rank", 1)) == 1] or figs
    lead = min(front, key=lambda f: (math.dist(f.pos, target.pos), f.id))
    x, y = charge_point(state, lead, target)
    dx, dy = x - lead.x, y - lead.y
    far = min(movement.reach(f, "fast", "line") for f in figs)
    if math.hypot(dx, dy) > far + 1e-6 or math.hypot(dx, dy) < 1e-6:
        return None
    friends, enemies = movement.others(state, lead.side, [f.id for f in figs])
    t = 1.0
    for f in figs:
        end = bases.stop_on_path(f.pos, (f.x + dx, f.y + dy), f.base_radius, friends, blockers=enemies)
        end = stop_at_wall(state, f.pos, end, target)
        whole = math.hypot(dx, dy)
        t = min(t, math.dist(f.pos, end) / whole)
    dx, dy = round(dx * t, 3), round(dy * t, 3)
    w, h = state.scenario.width, state.scenario.height
    if any(not (0 <= f.x + dx <= w and 0 <= f.y + dy <= h) for f in figs):
        return None
    if not any(math.dist((f.x + dx, f.y + dy), target.pos) <= f.base_radius + target.base_radius
               + tables.rules()["contact"] + 1e-6 for f in figs):
        return None
    return dx, dy


def charge_in_line(state: GameState, team: str, target: Unit) -> None:
    """The line closes in at fast speed; the charged unit is out of control, from the flank or rear
    it takes a reaction test; then every charging figure in contact fights an enemy it touches (the
    nearest that fewer than two already fight; the second rolls without reaction)."""
    dx, dy = line_charge_move(state, team, target)
    u = forces.unit(state, team)
    figs = forces.figures(state, team)
    state.emit("Charge", f"{u['name']} {forces.verb(u['name'], 'charges', 'charge')} {forces.name(target)} in line",
               actor=team, target=target.id)
    for f in figs:
        f.x, f.y = round(f.x + dx, 3), round(f.y + dy, 3)
        movement.moved(state, f, "fast")
    state.emit("Moved", f"{u['name']} {forces.verb(u['name'], 'moves', 'move')} in line {math.hypot(dx, dy):.1f} "
                        f"paces at fast speed", unit=team)
    front = min(figs, key=lambda f: (math.dist(f.pos, target.pos), f.id))
    command.pressure(state, target.team, "it was charged")
    if from_flank_or_rear(front, target):
        command.reaction_test(state, target.team, "charged in the flank or rear")
    for f in sorted(figs, key=lambda f: (math.dist(f.pos, target.pos), f.id)):
        foes = [e for e in opponents(state, f) if len(state.data["fought"].get(e.id, [])) < 2]
        if f.out or not foes:
            continue
        foe = min(foes, key=lambda e: (math.dist(f.pos, e.pos), e.id))
        _charged(state, f, foe)
        if may_fight(state, f, foe):
            fight(state, f, foe)


def _charged(state: GameState, f: Unit, target: Unit) -> None:
    """Remember who charged whom (the parapet goes to the figure charged across it); a charge the
    other way between the two is over."""
    charged = state.data.setdefault("charged", {})
    if charged.get(target.id) == f.id:
        del charged[target.id]
    charged[f.id] = target.id


def _after(state: GameState, figs) -> None:
    for team in dict.fromkeys(g.team for g in figs):
        command.check_strength(state, team)
