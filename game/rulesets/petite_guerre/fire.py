"""Aimed fire, volley fire, reloading and the effect of hits (seed 004_34c3fc4ecaa954ef.txt,
"Aimed fire", "Aimed-fire reloading", "Volley fire", "Volley-fire reloading").
"""
from __future__ import annotations

import math
from fractions import Fraction

import shapely

from game.engine import odds
from game.engine.state import GameState, Unit
from game.geometry.table import LosRules

from . import command, forces, movement, tables


# ---- the target's condition, from the geometry ---------------------------------------------------
def near_pieces(state: GameState, f: Unit, other: Unit, kinds, beyond_other: bool = False) -> list:
    """The pieces of these kinds that f stands in, or that cross the line toward `other` within
    tables.json "behind" paces of f (the nearest first); with beyond_other, not a piece `other` stands
    in (a wall the firer leans on does not shelter his target)."""
    t = state.table
    d = math.dist(f.pos, other.pos)
    k = min(tables.rules()["behind"], d) / d if d else 0.0
    near = shapely.LineString([f.pos, (f.x + (other.x - f.x) * k, f.y + (other.y - f.y) * k)]) if d else \
        shapely.Point(f.pos)
    found = []
    for i in sorted(t.tree.query(near, predicate="intersects").tolist()):
        piece = t.pieces[i]
        if piece.kind.name not in kinds:
            continue
        if beyond_other and shapely.intersects(piece.polygon, shapely.Point(other.pos)):
            continue
        found.append((float(shapely.distance(shapely.Point(f.pos), piece.polygon)), -i, piece))
    return [p for _, _, p in sorted(found, key=lambda x: x[:2])]


def condition(state: GameState, shooter: Unit, target: Unit) -> tuple[str, str]:
    """(condition, why): partially protected (in or just behind a wall, a building), partially
    screened (in or just behind a hedge, tall grass, a wood's edge), moving (moved in its last turn)
    or unmoving. Interpretation: the hardest counts, whatever gives it: a figure in tall grass just
    behind a wall is partially protected."""
    r = tables.rules()
    for cond, kinds, words in (("protected", r["protecting"], "partially protected by"),
                               ("screened", r["screening"], "partially screened by")):
        found = near_pieces(state, target, shooter, kinds, beyond_other=True)
        if found:
            return cond, f"{words} {found[0].name or found[0].kind.label}"
    if movement.is_moving(state, target):
        return "moving", "moving (it moved in its last turn)"
    return "unmoving", "unmoving"


def sees(state: GameState, a: Unit, b: Unit, rules) -> bool:
    return state.table.los((a.x, a.y), (b.x, b.y), rules).clear


# ---- aimed fire ---------------------------------------------------------------------------------
def loaded(f: Unit) -> bool:
    return "fired" not in f.markers


def aimed_plan(state: GameState, shooter: Unit, target: Unit, haste: bool):
    """(expr, p, text) of an aimed shot, or None when it cannot hit."""
    dist = math.dist(shooter.pos, target.pos)
    cond, why = condition(state, shooter, target)
    thr = tables.threshold(forces.weapon(shooter), dist, cond)
    if thr is None:
        return None
    expr = tables.aimed_expr(forces.af_die(shooter), thr, haste)
    p = odds.probability(expr)
    if p == 0:
        return None
    mark = tables.range_mark(forces.weapon(shooter), dist)
    text = (f"{expr.split('>=')[0]} needs {thr}+ ({mark}-pace mark, {why}"
            f"{', in haste' if haste else ''}): {tables.pct(p, 1)}")
    return expr, p, text


def aimed_fire(state: GameState, shooter: Unit, target: Unit, haste: bool) -> None:
    expr, p, text = aimed_plan(state, shooter, target, haste)
    state.emit("AimedFire", f"{forces.name(shooter)} fires at {forces.name(target)} ({text})",
               actor=shooter.id, target=target.id)
    shooter.markers.discard("reloaded")
    shooter.markers.add("fired")               # the black marker
    r = state.roll(expr, "aimed fire", forces.name(shooter), odds_text=text)
    if r.success:
        hit(state, target, "fire")
        after_fire(state, [target.team])


def reload(state: GameState, f: Unit) -> bool:
    """"You roll one dice corresponding to the figure's aimed-fire skills ... the weapon is reloaded
    if the outcome is 4+" (a wounded figure rolls one size smaller). The marker turns grey."""
    die = forces.af_die(f)
    need = tables.rules()["reload"]
    r = state.roll(f"d{die}>={need}", "reload", forces.name(f))
    if r.success:
        f.markers.discard("fired")
        f.markers.add("reloaded")              # the grey marker: may fire in haste now
        state.data["reloaded_now"].append(f.id)
        state.emit("Reloaded", f"{forces.name(f)} has reloaded (grey marker)", unit=f.id)
    else:
        state.emit("Reloading", f"{forces.name(f)} is still reloading", unit=f.id)
    return bool(r.success)


# ---- hits ---------------------------------------------------------------------------------------
def hit(state: GameState, f: Unit, how: str) -> str:
    """"When a figure is hit, a d4 is rolled to determine the effect of the hit": 1-2 a wound (red
    disc), 3-4 death; a wounded figure wounded again dies."""
    lo = tables.rules()["hit_effect"]["death"][0]
    r = state.roll(f"d4>={lo}", f"effect of the hit ({how})", forces.name(f),
                   odds_text=f"death on {lo}+, else a wound: death {tables.pct(Fraction(5 - lo, 4))}")
    effect = tables.hit_effect(r.total)
    if effect == "wound" and not forces.wounded(f):
        f.markers.add("wounded")
        state.emit("Wounded", f"{forces.name(f)} is wounded (red disc)", unit=f.id)
        return "wound"
    f.out = True
    f.markers.add("dead")
    state.emit("Killed", f"{forces.name(f)} is killed and removed", unit=f.id)
    return "death"


def after_fire(state: GameState, teams) -> None:
    """Fire casualties put the unit out of control; below half strength it tests its reaction."""
    for team in dict.fromkeys(teams):
        command.pressure(state, team, "it took fire casualties")
        command.check_strength(state, team)


# ---- volley fire --------------------------------------------------------------------------------
def ranks(state: GameState, team: str) -> dict[int, list[Unit]]:
    out: dict[int, list[Unit]] = {}
    for f in forces.figures(state, team):
        out.setdefault(int(f.stats.get("rank", 1)), []).append(f)
    return dict(sorted(out.items()))


def loaded_ranks(state: GameState, team: str) -> list[int]:
    return [k for k, figs in ranks(state, team).items() if any(loaded(f) for f in figs)]


def fired_ranks(state: GameState, team: str) -> list[int]:
    return [k for k, figs in ranks(state, team).items() if any(not loaded(f) for f in figs)]


def volley_plan(state: GameState, team: str, n_ranks: int, target: str):
    """(firers, expr, p, text) of a volley by the first n loaded ranks at a unit, or None.

    Interpretation: "A rank fires at what it can see, as aimed fire does": of the ranks that fire,
    the figures that see a figure of the target unit within the volley table's reach roll a d20 each
    (a figure in hand-to-hand combat fights instead); none seeing, no volley. The distance is the
    nearest firer's to the nearest figure it sees; a moving target makes no difference to a volley
    (its shot is not aimed at one man), cover does."""
    use = loaded_ranks(state, team)[:n_ranks]
    if len(use) < n_ranks:
        return None
    from . import melee
    by_rank = ranks(state, team)
    loaded_figs = [f for k in use for f in by_rank[k] if loaded(f) and not melee.in_melee(state, f)]
    seen = reached(state, loaded_figs, target)
    firers = [f for f in loaded_figs if seen.get(f.id)]
    if not firers:
        return None
    dist, fid, near = min((math.dist(f.pos, t.pos), f.id, t.id) for f in firers for t in seen[f.id])
    cond, why = condition(state, state.units[fid], state.units[near])
    if cond == "moving":
        cond, why = "unmoving", "moving makes no difference to a volley"
    thr = tables.volley_threshold(dist, cond)
    if thr is None:
        return None
    expr = f"hits({len(firers)}d20,{thr})>=1"
    p = odds.probability(expr)
    each = Fraction(21 - thr, 20)
    mark = next(m for m in tables.rules()["volley"]["marks"] if dist <= m + 1e-9)
    text = (f"{len(firers)} d20, each hits on {thr}+ ({tables.pct(each)}; {dist:.1f} paces: the {mark}-pace "
            f"mark, {why}); at least one hit {tables.pct(p, 1)}")
    return firers, expr, p, text


def reached(state: GameState, firers, target: str) -> dict[str, list[Unit]]:
    """For each firer, the figures of the target unit it sees within the volley table's last mark."""
    far = tables.volley_max_range()
    rules = LosRules(edge_depth=state.scenario.edge_band)
    out = {}
    for f in firers:
        out[f.id] = [t for t in forces.figures(state, target)
                     if math.dist(f.pos, t.pos) <= far + 1e-9 and sees(state, f, t, rules)]
    return out


def volley(state: GameState, team: str, n_ranks: int, target: str) -> None:
    firers, expr, p, text = volley_plan(state, team, n_ranks, target)
    u = forces.unit(state, team)
    state.emit("Volley", f"{u['name']} {forces.verb(u['name'], 'fires', 'fire')} a volley with "
                         f"{n_ranks} {'rank' if n_ranks == 1 else 'ranks'} at "
                         f"{forces.unit(state, target)['name']} ({text})", actor=team, target=target)
    for k in loaded_ranks(state, team)[:n_ranks]:          # the rank fires together
        for f in ranks(state, team)[k]:
            f.markers.discard("reloaded")
            f.markers.add("fired")
    r = state.roll(expr, "volley fire", forces.roller(state, team), odds_text=text)
    n_hits = r.total
    if not n_hits:
        return
    # "hits are assigned ... to the figures which are closer to the firing line": the figures the
    # volley reached (seen by a firer, within the table's reach), nearest first, then round again
    seen = reached(state, firers, target)
    struck = {t.id: t for f in firers for t in seen[f.id]}
    order = sorted(struck.values(), key=lambda t: (min(math.dist(t.pos, f.pos) for f in firers), t.id))
    state.emit("Hits", f"{n_hits} {'hit' if n_hits == 1 else 'hits'} on the figures the volley reached, "
                       f"nearest the firing line first",
               target=target)
    for i in range(n_hits):
        alive = [t for t in order if not t.out]
        if not alive:
            break
        aim = order[i % len(order)]          # one hit per figure, nearest first, then round again
        hit(state, aim if not aim.out else alive[0], "volley")
    after_fire(state, [target])


def reload_ranks(state: GameState, team: str) -> None:
    """"To reload the rank, a single d20 must be rolled and score 16+"; each rank rolls
    independently; with platoon firing one d20 for the whole platoon on 12+."""
    u = forces.unit(state, team)
    v = tables.rules()["volley"]
    fired = fired_ranks(state, team)
    groups = [fired] if state.options.get("platoon_firing") else [[k] for k in fired]
    need = v["platoon_reload"] if state.options.get("platoon_firing") else v["rank_reload"]
    by_rank = ranks(state, team)
    for group in groups:
        who = "the platoon" if len(groups) == 1 and state.options.get("platoon_firing") else f"rank {group[0]}"
        r = state.roll(f"d20>={need}", f"volley reload ({who})", forces.roller(state, team))
        if r.success:
            for k in group:
                for f in by_rank[k]:
                    f.markers.discard("fired")
                    f.markers.add("reloaded")
            state.emit("Reloaded", f"{u['name']}: {who} has reloaded", unit=team)
        else:
            state.emit("Reloading", f"{u['name']}: {who} is still reloading", unit=team)
