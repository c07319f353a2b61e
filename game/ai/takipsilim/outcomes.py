"""What a Takipsilim order is expected to do (shoot, throw, fight, reload, aim, operate) and what a state is worth."""
from __future__ import annotations

from game.ai.generic import outcome_value
from game.ai.takipsilim.analysis import HURT, LUCK, Analysis, hit_table, p_roll
from game.engine.state import GameState, Unit
from game.geometry.measure import distance
from game.rulesets.takipsilim import RULESET as RS
from game.rulesets.takipsilim import combat, ground, tables
from game.rulesets.takipsilim.actions import (AIM, FIRST_AID, GRENADE, MELEE, OPERATE, READY, RELOAD, SHOOT,
                                              Order)

DENIED = 0.35               # an enemy who cannot shoot (gassed) or act (dazzled) next round
ESCAPE = 3.0                # a traveller off the escape edge (the ambush: two needed)
OPERATE_VALUE = 2.0         # each run of the machinery toward the scenario's count


def order_value(analysis: Analysis, u: Unit, order: Order, pos, moved: bool) -> float:
    """What the order does this round (or sets up for the next), given where u will stand."""
    a = order.action
    if a == SHOOT:
        t = analysis.view.units.get(order.target)
        if t is None:
            return 0.0
        auto = order.mode == "auto"
        cost = 0.03 if auto else 0.0
        return analysis.read_shot(u, t, pos, moved, auto) - cost
    if a == GRENADE:
        return grenade_value(analysis, u, order, pos)
    if a == MELEE:
        return melee_value(analysis, u, analysis.view.units.get(order.target))
    if a == RELOAD:
        return reload_value(analysis, u, pos)
    if a == AIM:
        if not analysis.d["ammo"].get(u.id, {}).get("loaded"):
            return 0.0                    # nothing to shoot with next round
        # aiming gives up this round's shot for advantage on the next one: worth it before a
        # long or covered shot, where the advantage adds more than a shot now would
        aimed = analysis.best_shot(u, pos, moved=False, extra_adv=True)
        plain = analysis.best_shot(u, pos, moved=False)
        return analysis.next_round() * (aimed - plain)
    if a == READY:
        return 0.01
    if a == OPERATE:
        # only the side the scenario counts the machinery for gains by running it (militia working
        # the scavengers' generator only spend their action)
        op = analysis.view.scenario.victory.get("operate") or {}
        if int(op.get("side", -1)) != u.side or op.get("objective") != order.target:
            return 0.0
        # a machine runs once a round: a friend already ordered to work it leaves nothing to add
        mine = analysis.d.get("orders") or {}
        if any(o.get("action") == OPERATE and o.get("target") == order.target
               and analysis.view.units[uid].side == u.side for uid, o in mine.items() if uid in analysis.view.units):
            return 0.0
        return OPERATE_VALUE
    if a == FIRST_AID:
        return 0.01 if reaches(analysis, u, analysis.view.units.get(order.target)) else -0.05
    return 0.0                     # run, hunker, wait: only where the figure ends up counts


def reaches(analysis: Analysis, u: Unit, t: Unit | None) -> bool:
    """Would the medic's run (movement: straight toward the comrade, stopped by terrain and bases) end in
    contact with him? Else the first aid is an order wasted ("cannot reach ... to give first aid")."""
    if t is None:
        return False
    view = analysis.view
    contact = float(tables.melee()["contact"])
    end = ground.run_towards(view.table, u.pos, t.pos, u.base_radius + t.base_radius + contact / 2)
    end = ground.stop_clear(view, u, end, target=t)
    return ground.edge_gap(end, u.base, t.pos, t.base) <= contact + 1e-6


def reload_value(analysis: Analysis, u: Unit, pos) -> float:
    ammo = analysis.d["ammo"].get(u.id)
    w = RS.weapon(u)
    if not ammo or not w:
        return 0.0
    loaded, cap = ammo["loaded"], int(w["magazine"])
    if not any(m > loaded for m in ammo["spares"]):
        return 0.0
    later = analysis.next_round() * analysis.best_shot(u, pos, moved=False)
    if loaded == 0:
        return later
    if loaded <= max(1, cap // 5):
        return 0.3 * later + 0.02
    return 0.01 * (cap - loaded) / cap

def melee_value(analysis: Analysis, u: Unit, t: Unit | None) -> float:
    if t is None or t.out:
        return 0.0
    adv, dis = RS.melee_modifiers(analysis.view, u, t, u.pos, t.pos)
    mode = combat.mode_of(adv, dis)
    mine = hit_table(mode, RS.skill(u, "melee"), 0)
    v = analysis.hit_value(t, mine, projectile=False)
    if not RS.surprised_side(analysis.view, t.side):
        adv2, dis2 = RS.melee_modifiers(analysis.view, t, u, t.pos, u.pos)
        theirs_mode = combat.mode_of(adv2, dis2)
        theirs = hit_table(theirs_mode, RS.skill(t, "melee"), 0)
        v -= analysis.hit_value(u, theirs, projectile=False)
        # melee only with the weapon advantage: without it the blow that comes back is as good
        if p_roll(mode, RS.skill(u, "melee")) <= p_roll(theirs_mode, RS.skill(t, "melee")):
            v -= 0.15
    gap = ground.edge_gap(u.pos, u.base, t.pos, t.base)
    if gap > float(tables.melee()["contact"]):
        v *= 0.7                  # the charge may fall short if the target runs
    return v

def grenade_value(analysis: Analysis, u: Unit, order: Order, pos) -> float:
    g = tables.grenades().get(order.mode)
    t = analysis.view.units.get(order.target)
    if g is None or t is None:
        return 0.0
    rules = tables.grenade_rules()
    if distance(tuple(pos), t.pos) > float(rules["throw_range"]):
        return 0.0
    effect = g["effect"]
    if effect == "smoke":
        return 0.01
    p_throw = p_roll(combat.mode_of(RS.ambush_bonus(analysis.view, u), []), RS.skill(u, "athletics")) \
        if g.get("throw_roll") else 1.0
    radius = float(g["radius"])
    centre = t.pos
    victims = [v for v in analysis.units if distance(v.pos, centre) <= radius]
    total = 0.0
    for v in victims:
        sign = 1.0 if v.side != u.side else -1.5
        if effect == "explosive":
            if ground.blast_cover(analysis.view.table, v.pos, centre) is not None:
                continue
            dodge = p_roll(combat.mode_of(RS.ambush_bonus(analysis.view, v), []), RS.skill(v, "athletics"))
            full = hit_table("normal", 0, 0, always=True)
            val = (1 - dodge) * analysis.hit_value(v, full, projectile=False) + dodge * 0.1
            total += sign * val * (0.7 if v.side != u.side else 1.0)   # they may throw it away
        elif effect == "flashbang":
            if v.side == u.side or RS.has_gear(v, g.get("protection", "")):
                continue
            shield = p_roll(combat.mode_of(RS.ambush_bonus(analysis.view, v), []), RS.skill(v, "athletics"))
            total += (1 - shield) * DENIED
        elif effect == "tear-gas":
            if RS.has_gear(v, g.get("protection", "")):
                continue
            total += sign * DENIED
    return p_throw * total


def evaluate(state: GameState, side: int) -> float:
    done = outcome_value(state, side)
    if done is not None:
        return done
    analysis = Analysis(state, side)
    total = 0.0
    vic = state.scenario.victory
    for u in state.units.values():
        sign = 1.0 if u.side == side else -1.0
        if "escaped" in u.markers:
            total += sign * ESCAPE
            continue
        if u.out:
            continue
        v = analysis.worth(u) * (1 - HURT * analysis.damage(u) / 6) + LUCK * analysis.luck(u) + analysis.place(u, u.pos)
        total += sign * v
    op = vic.get("operate")
    if op:
        s = int(op.get("side", 0))
        done_ops = state.data.get("operated", {}).get(str(s), {}).get(op.get("objective"), 0)
        total += (1 if s == side else -1) * OPERATE_VALUE * done_ops
    return total
