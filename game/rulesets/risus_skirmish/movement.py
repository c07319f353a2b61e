"""Moving, and the opportunity fire a move draws ("Movement", "Opportunity fire", advanced rules
"Diving for cover", "Hidden deployment").

A move is one resolution that may pause: when enemies see the path, the enemy side is asked
whether to fire (an interrupt carrying the move in its `context`); once it has answered, the
resume hook `move-on` finishes the move: stopped where the fire hit it, or on to its destination
and into close combat when it ends at an enemy's position.

Seed: 000_4bdd83b9ae5dca2c.txt (Risus Skirmish).
"""
from __future__ import annotations

import math
from typing import Any

import shapely

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.flow import Decision
from game.engine.ruleset import other_side
from game.engine.state import GameState, Unit
from game.geometry import bases as base_geometry

from . import combat, forces, hidden, terrain
from .actions import DiveForCover, Move, OpportunityFire

CONTACT = 0.01             # cm: bases this close after an assault touch (positions are rounded to 1e-3)
MOVE_ON = "move-on"        # the resume hook that finishes a move after the enemy's OP fire decision


# ==== who moves ====================================================================================
def hidden_blank(u: Unit) -> bool:
    """A blank marker still on the table: it moves like a figure (a bluff) and does nothing else."""
    return forces.is_blank(u) and forces.is_hidden(u) and not u.out


def anchor(state: GameState, actor: str) -> Unit | None:
    """Who a move is measured from: the character, or the team's acting leader."""
    if forces.is_team(state, actor):
        return forces.acting_leader(state, actor)
    u = state.units.get(actor)
    if u is not None and (forces.able(u) or hidden_blank(u)):
        return u
    return None


def movers(state: GameState, actor: str) -> list[Unit]:
    """The figures a move takes, the anchor first: a team moves all its members that are not pinned."""
    lead = anchor(state, actor)
    if lead is None:
        return []
    rest = [u for u in forces.entity_units(state, actor) if forces.able(u) and u is not lead]
    return [lead] + rest


def note_action(state: GameState, side: int) -> None:
    """A move, attack, grenade or rally: the side has acted in this turn (its run of actions)."""
    state.data["acted"] = [side, state.flow.turn]


def acted(state: GameState, side: int) -> bool:
    """Has the side taken an action in its current turn? ("A turn consists of one or more actions")"""
    return state.data.get("acted") == [side, state.flow.turn]


def pending_move(state: GameState) -> bool:
    """Is a move waiting on the enemy's opportunity fire decision?"""
    return any(d.resume == MOVE_ON for d in state.flow.interrupts)


# ==== the move ======================================================================================
def region_for(state: GameState, actor: str):
    """Where the actor's move may end: its terrain region (terrain.move_region) clear of every other
    base, grown by the anchor's radius, and of the enemy bases its straight line would cross."""
    group = movers(state, actor)
    if not group:
        return None
    lead = group[0]
    region = terrain.move_region(state, lead.x, lead.y)
    return terrain.clear_of_bases(state, region, lead, lead.pos, exclude=[u.id for u in group])


def assault_target(state: GameState, lead: Unit, x: float, y: float) -> Unit | None:
    """The enemy figure or marker standing exactly where a move is aimed (the Assault option)."""
    for u in state.units.values():
        if u.side != lead.side and not u.out and math.dist(u.pos, (x, y)) <= 2e-3:
            return u
    return None


CONTACT_BEARINGS = 72       # the points round an enemy an assault may end at: every 5 degrees


def assault_contact(state: GameState, group: list[Unit], target: Unit) -> tuple[float, float] | None:
    """Where the anchor of an assault on `target` ends (seed 000 "Close Combat": "If a movement ends at
    the position of an enemy that enemy is assaulted"): in base contact with him. Straight toward him
    if that point is clear; else the nearest point round him (every 5 degrees, the bearing from him to
    the mover first) that is clear of every other base, inside the move's terrain region, and reached
    by a straight line that crosses no other enemy's base and closes on him to the end. None when no
    such point exists: then the assault is not offered (assets/rules/risus-skirmish.md)."""
    lead = group[0]
    reach = lead.base_radius + target.base_radius
    sx, sy = lead.pos
    tx, ty = target.pos
    if math.dist(lead.pos, target.pos) <= reach + CONTACT:
        return lead.pos                                   # already in base contact
    others = terrain.standing(state, exclude=[u.id for u in group] + [target.id])
    bases = [terrain.base_of(u) for u in others]
    enemies = [terrain.base_of(u) for u in others if u.side != lead.side]
    region = terrain.move_region(state, sx, sy)
    toward = math.atan2(sy - ty, sx - tx)
    for k in range(CONTACT_BEARINGS):
        turn = (k + 1) // 2 * (1 if k % 2 else -1) * 2 * math.pi / CONTACT_BEARINGS
        a = toward + turn
        x, y = round(tx + reach * math.cos(a), 3), round(ty + reach * math.sin(a), 3)
        if (x - sx) * (tx - x) + (y - sy) * (ty - y) <= 0:
            break                                         # beyond here the line would pass him first
        if base_geometry.overlapping(x, y, lead.base_radius, bases):
            continue
        if k and not region.covers(shapely.Point(x, y)):
            continue
        line = shapely.LineString([(sx, sy), (x, y)])
        if any(line.distance(shapely.Point(ex, ey)) < er + lead.base_radius - base_geometry.TOLERANCE
               for ex, ey, er in enemies):
            continue
        return (x, y)
    return None


def destinations(state: GameState, group: list[Unit], x: float, y: float,
                 target: Unit | None = None) -> dict[str, tuple[float, float]]:
    """Where each figure of a move ends. The anchor ends at (x, y); assaulting an enemy, it ends in base
    contact with him (assault_contact). The others keep their places around the anchor, each clear of
    every base (the anchor's and those placed before it too): one whose place is not clear, or outside
    the region, stops at the nearest point that is (terrain.nearest_inside)."""
    lead = group[0]
    ids = [u.id for u in group]
    region = terrain.move_region(state, lead.x, lead.y)
    if target is not None:      # an offered assault always has its point of contact (the option checks)
        x, y = assault_contact(state, group, target) or lead.pos
    ends = {lead.id: (x, y)}
    placed = [(x, y, lead.base_radius)]
    for u in group[1:]:
        want = (x + u.x - lead.x, y + u.y - lead.y)
        free = terrain.clear_of_bases(state, region, u, u.pos, exclude=ids, extra=placed)
        end = u.pos if free.is_empty else terrain.nearest_inside(free, *want)
        ends[u.id] = end
        placed.append((end[0], end[1], u.base_radius))
    return ends


def move(state: GameState, action: Move, side: int) -> None:
    group = movers(state, action.actor)
    lead = group[0]
    target = None if forces.is_blank(lead) else assault_target(state, lead, action.x, action.y)
    ends = destinations(state, group, action.x, action.y, target)
    paths: dict[str, list[float]] = {}
    for u in group:
        tx, ty = ends[u.id]
        paths[u.id] = [u.x, u.y, round(tx, 3), round(ty, 3)]
    steps = terrain.path_steps(math.dist(p[:2], p[2:]) for p in paths.values())
    the_move = {"actor": action.actor, "side": side, "anchor": lead.id, "facing": action.facing,
                "paths": paths, "steps": steps, "firers": {}}
    if target is not None:
        the_move["assault"] = target.id
    _reveal_movers(state, the_move, [u for u in group if forces.is_hidden(u)])
    if not the_move["paths"]:
        return
    if all(math.dist(p[:2], p[2:]) == 0 for p in the_move["paths"].values()):
        complete(state, the_move)          # turning on the spot draws no OP fire
        return
    firers, watched, enemy = _op_fire_candidates(state, the_move)
    if firers or watched:
        the_move["firers"] = firers
        name = forces.entity_name(state, action.actor)
        dest = terrain.piece_name(terrain.piece_here(state, action.x, action.y))
        state.emit("Moving", f"{name} moves toward {dest}", actor=action.actor)
        engine.push_interrupt(state, Decision(enemy, "opportunity-fire",
                                              f"{name} moves in view of the enemy: OP fire?",
                                              context=the_move, resume=MOVE_ON))
        return
    complete(state, the_move)


def _reveal_movers(state: GameState, the_move: dict[str, Any], secret: list[Unit]) -> None:
    """Hidden deployment: a hidden figure moves hidden until an enemy gets LOS to it somewhere on its
    path; there it is revealed (a blank marker is taken away there and its move ends)."""
    if not secret:
        return
    viewers = [u for u in state.units.values()
               if u.side != the_move["side"] and forces.is_real(u) and not forces.is_hidden(u)]
    if not viewers:
        return
    steps = the_move["steps"]
    for u in secret:
        sx, sy, tx, ty = the_move["paths"][u.id]
        points = terrain.path_points((sx, sy), (tx, ty), steps)
        seen = terrain.sees_many(state, [(v, None, None) for v in viewers], points)
        ks = [k for k in range(steps) if any(row[k] for row in seen)]
        if not ks:
            continue
        spotter = next(v for v, row in zip(viewers, seen) if row[ks[0]])
        if forces.is_blank(u):
            u.x, u.y = points[ks[0]]
            del the_move["paths"][u.id]
        combat.reveal(state, u, f"as it comes into view of {spotter.name}" if forces.is_blank(u)
                      else f"as he comes into view of {spotter.name}")


def _op_fire_candidates(state: GameState, the_move: dict[str, Any]):
    """Enemy characters and teams that see the move somewhere along its path (LOS and field of
    vision), each with the first path point where it does: {firer: step}. With hidden deployment,
    hidden markers (blanks too) that see the path also give the enemy the decision, so that the
    pause does not tell a real figure from a blank."""
    side = the_move["side"]
    enemy = other_side(state, side)
    steps = the_move["steps"]
    points: list[tuple[float, float]] = []
    owner: list[int] = []
    for path in the_move["paths"].values():
        for k, p in enumerate(terrain.path_points(path[:2], path[2:], steps), start=1):
            points.append(p)
            owner.append(k)
    firers: dict[str, int] = {}
    viewers = [u for u in state.units.values()
               if u.side != side and not u.out and (forces.able(u) or forces.is_hidden(u))]
    if not viewers:
        return firers, False, enemy
    seen = terrain.sees_many(state, [(v, None, None) for v in viewers], points)
    watched = False
    for v, row in zip(viewers, seen):
        ks = [owner[j] for j, ok in enumerate(row) if ok]
        if not ks:
            continue
        if forces.is_hidden(v):
            watched = True
        if not forces.able(v):
            continue
        e = forces.entity_of(state, v)
        if forces.entity_side(state, e) != enemy:
            continue
        firers[e] = min(firers.get(e, steps + 1), min(ks))
    for e in list(firers):
        if opfire_plan(state, {**the_move, "firers": firers}, e) is None:
            del firers[e]
    return firers, watched and bool(state.options.get("hidden_deployment")), enemy


def at_step(the_move: dict[str, Any], uid: str, k: int) -> tuple[float, float]:
    sx, sy, tx, ty = the_move["paths"][uid]
    n = the_move["steps"]
    return (sx + (tx - sx) * k / n, sy + (ty - sy) * k / n)


def opfire_plan(state: GameState, the_move: dict[str, Any], firer: str):
    k = the_move["firers"][firer]
    positions = {uid: at_step(the_move, uid, k) for uid in the_move["paths"]}
    plan = combat.plan_attack(state, firer, the_move["actor"], positions, only=list(the_move["paths"]))
    if plan is None or plan.p == 0:
        return None
    return plan


# ==== the enemy's answer, then the move goes on ========================================================
def answer_opfire(state: GameState, action: Action, decision: Decision) -> None:
    """The enemy holds fire, or fires (after a spotting roll, with that option): the outcome is
    written into the move's context for `move_on`."""
    the_move = decision.context
    mover = forces.entity_name(state, the_move["actor"])
    if isinstance(action, Pass):
        side = state.scenario.sides[decision.side].name
        state.emit("HoldFire", f"The {side} hold their fire", side=decision.side)
        the_move["fire"] = "held"
        return
    assert isinstance(action, OpportunityFire)
    firer = action.actor
    fname = forces.entity_name(state, firer)
    plan = opfire_plan(state, the_move, firer)
    for uid in sorted({s for shot in plan.shots for s in shot.shooters}):
        combat.reveal(state, state.units[uid], "as he opens fire")
    comes = forces.they(state, the_move["actor"], "they come", "he comes")
    state.emit("OpFire", f"OP fire! {fname} fires at {mover} as {comes} into view", actor=firer,
               target=the_move["actor"])
    the_move["firer"] = firer
    if state.options.get("spotting"):
        spotter, cliche = combat.spotting_cliche(state, firer)
        n = forces.level(cliche)
        spotted = n > 0 and bool(state.roll(
            f"hits({n}d6,6)>=1", f"spotting {mover}", who=spotter.name,
            odds_text=f"{combat.dice_text(n)}, only 6s, {combat.pct(combat.p_sixes(n))}").success)
        if not spotted:
            state.emit("NotSpotted", f"{fname} does not spot {mover} in time: no OP fire")
            the_move["fire"] = "unspotted"
            return
    ok, hits = combat.resolve_attack(state, plan, "OP fire")
    the_move["fire"] = "stopped" if ok else "failed"
    the_move["hits"] = list(hits)


def move_on(state: GameState, decision: Decision) -> None:
    """The resume hook: the move goes on after the enemy's OP fire decision. Successful fire stops
    the whole move where it hit and passes the initiative; failed fire stops only the figures hit."""
    the_move = decision.context
    mover = forces.entity_name(state, the_move["actor"])
    fire = the_move.get("fire")
    if fire == "stopped":
        _stop_where_fired_on(state, the_move, the_move["paths"])
        hit = forces.they(state, the_move["actor"], "hit", "hits")
        state.emit("OpFireStops", f"The OP fire stops the move: {mover} {hit} the ground",
                   actor=the_move["actor"])
        fname = forces.entity_name(state, the_move["firer"])
        engine.pass_initiative(state, decision.side, f"successful OP fire by {fname}")
        _offer_dive(state, the_move, list(the_move["paths"]))
    elif fire == "failed":
        state.emit("OpFireFails", f"The OP fire fails to stop {mover}")
        complete(state, the_move, exclude=set(the_move["hits"]))
        _stop_where_fired_on(state, the_move, the_move["hits"])   # clear of the others, now arrived
        # "Diving for cover" is for every figure hit by the fire, even when the fire on the team failed
        _offer_dive(state, the_move, the_move["hits"])
    else:
        complete(state, the_move)
    if state.options.get("hidden_deployment") and not pending_move(state):
        hidden.reveal_seen(state)


def _offer_dive(state: GameState, the_move: dict[str, Any], hit: list[str]) -> None:
    """Advanced rule "Diving for cover": the figures the OP fire hit may move up to R2 before going
    down (a decision of the moving side)."""
    down = [uid for uid in hit if not state.units[uid].out]
    if not state.options.get("diving_for_cover") or not down:
        return
    lead = the_move["anchor"] if the_move["anchor"] in down else down[0]
    if len(down) == len(the_move["paths"]):        # the whole team (or the character): its own name
        who, many = forces.entity_name(state, the_move["actor"]), forces.is_team(state, the_move["actor"])
    else:                                          # some members of a team: by their names
        who, many = ", ".join(state.units[uid].name for uid in down), len(down) > 1
    engine.push_interrupt(state, Decision(
        the_move["side"], "dive-for-cover", f"{who} {'are' if many else 'is'} hit by OP fire: dive for cover?",
        actor=the_move["actor"],
        context={"actor": the_move["actor"], "anchor": lead, "members": down, "who": who, "many": many}))


def _stop_where_fired_on(state: GameState, the_move: dict[str, Any], uids) -> None:
    """These figures stop at the point of their path where the OP fire caught them; where that point
    lies on another base (the path may pass a friend), at the nearest clear point short of it."""
    k = the_move["firers"][the_move["firer"]]
    for uid in uids:
        u = state.units[uid]
        x, y = at_step(the_move, uid, k)
        others = [terrain.base_of(o) for o in terrain.standing(state, exclude=[uid])]
        if base_geometry.overlapping(x, y, u.base_radius, others):
            x, y = base_geometry.stop_on_path(the_move["paths"][uid][:2], (x, y), u.base_radius, others)
            x, y = round(x, 3), round(y, 3)
        u.x, u.y = x, y
        u.facing = the_move["facing"]


def complete(state: GameState, the_move: dict[str, Any], exclude: set[str] = frozenset()) -> None:
    moved = [uid for uid in the_move["paths"] if uid not in exclude]
    for uid in moved:
        u = state.units[uid]
        u.x, u.y = the_move["paths"][uid][2], the_move["paths"][uid][3]
        u.facing = the_move["facing"]
    name = forces.entity_name(state, the_move["actor"])
    if moved:
        lead = state.units[moved[0]]
        where = terrain.piece_name(terrain.piece_here(state, lead.x, lead.y))
        secret = all(forces.is_hidden(state.units[uid]) for uid in moved)
        enemies = tuple(s for s in range(state.sides) if s != the_move["side"]) if secret else ()
        state.emit("Moved", f"{name} moves to {where}, facing {the_move['facing']:.0f}°",
                   hidden_from=enemies, actor=the_move["actor"])
        if secret:
            many = len(moved) > 1
            state.emit("Moved", "Hidden markers move" if many else "A hidden marker moves",
                       hidden_from=(the_move["side"],))
    lead = state.units[the_move["anchor"]]
    if lead.id in exclude or not forces.able(lead) or not the_move.get("assault"):
        return
    defender = _enemy_at(state, lead, the_move["assault"])
    if defender is None:
        return
    if forces.is_hidden(defender):
        combat.reveal(state, defender, "as the enemy reaches his position")
        if defender.out:
            return
    assaulting = [lead] + [state.units[uid] for uid in moved
                           if uid != lead.id and forces.able(state.units[uid])]
    for m in assaulting:
        combat.reveal(state, m, "as he assaults")
    if not combat.resolve_close_combat(state, assaulting, defender):
        engine.pass_initiative(state, other_side(state, the_move["side"]), f"{name}'s assault failed")


def _enemy_at(state: GameState, lead: Unit, aimed: str) -> Unit | None:
    """'If a movement ends at the position of an enemy': an assault ends in base contact with an enemy
    figure or marker (bases may not overlap); the one it was aimed at, else the nearest."""
    target = state.units.get(aimed)
    if target is not None and not target.out and \
            math.dist(target.pos, lead.pos) <= target.base_radius + lead.base_radius + CONTACT:
        return target
    best = None
    for u in state.units.values():
        if u.side == lead.side or u.out:
            continue
        d = math.dist(u.pos, lead.pos)
        if d <= u.base_radius + lead.base_radius + CONTACT:
            if best is None or d < best[0]:
                best = (d, u)
    return best[1] if best else None


# ==== diving for cover ===============================================================================
def dive(state: GameState, action: Action, decision: Decision) -> None:
    """Advanced rule: a mover hit by OP fire may move up to R2 before going down."""
    the_dive = decision.context
    name, many = the_dive["who"], the_dive["many"]
    if not isinstance(action, DiveForCover):
        where = "hit the ground where they are" if many else "hits the ground where he is"
        state.emit("HitTheGround", f"{name} {where}")
        return
    lead = state.units[the_dive["anchor"]]
    dx, dy = action.x - lead.x, action.y - lead.y
    _, r2 = combat.grenade_radii(state)
    placed = [(action.x, action.y, lead.base_radius)]
    for uid in the_dive["members"]:
        u = state.units[uid]
        if uid == lead.id:
            tx, ty = action.x, action.y
        else:       # clear of every base, the members placed before it too
            free = terrain.clear_of_bases(state, terrain.dive_region(state, u.x, u.y, r2), u, u.pos,
                                          exclude=the_dive["members"], extra=placed)
            tx, ty = u.pos if free.is_empty else terrain.nearest_inside(free, u.x + dx, u.y + dy)
            placed.append((tx, ty, u.base_radius))
        u.x, u.y, u.facing = round(tx, 3), round(ty, 3), action.facing
    where = terrain.piece_name(terrain.piece_here(state, lead.x, lead.y))
    state.emit("DiveForCover", f"{name} {'dive' if many else 'dives'} for cover into {where} before going down")
