"""Risus Skirmish (seed 000_4bdd83b9ae5dca2c): the ruleset the engine drives.

The side holding the initiative acts (move, attack, rally) while its actions succeed; a failed
action, or a successful opportunity fire of the enemy, passes the initiative. The engine's turn
counter counts these changes: a "turn" is one side's run of actions.
"""
from __future__ import annotations

import copy
import math
from typing import Any

import shapely

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, OptionSpec, Ruleset
from game.engine.state import GameState, Result, Unit
from game.geometry.sectors import angle_to

from . import combat, forces, geo, hidden, victory
from .actions import ACTIONS, Attack, DiveForCover, Move, OpportunityFire, Rally, ThrowGrenade

REGION_SLACK = 2e-3      # cm: Option.at() rounds points to 1e-3, so a chosen point may sit that far out
FACING_CHOICES = ("none", "180", "90", "90-in-high", "cliche")


def _other(state: GameState, side: int) -> int:
    return (side + 1) % state.sides


class RisusSkirmish(Ruleset):
    id = "risus-skirmish"
    name = "Risus Skirmish"
    flow = Flow((Phase("actions", order="run", decision="act", reason="holds the initiative"),))
    actions = ACTIONS
    marker_styles = {"pinned": "P", "hidden": "?"}
    options = (
        OptionSpec("facing", "Facing (field of vision)", "90-in-high", FACING_CHOICES,
                   "none: terrain only; 180 or 90 degrees; 90 inside high terrain and 360 in the "
                   "open; cliche: 45 degrees per level of the spotting/shooting cliché"),
        OptionSpec("houses", "Houses", "high", ("high", "walls"),
                   "high: like other high terrain; walls: walls block LOS, doors and windows let "
                   "fire and figures through"),
        OptionSpec("hidden_deployment", "Hidden deployment", False,
                   help="the defender deploys hidden, with blank markers among the real ones"),
        OptionSpec("grenades", "Grenades", False,
                   help="hand grenades: blast radius R1, maximum range R2 (set by the scenario)"),
        OptionSpec("diving_for_cover", "Diving for cover", False,
                   help="a mover hit by OP fire may move up to R2 before going down"),
        OptionSpec("spotting", "Spotting roll", False,
                   help="OP fire needs a spotting roll first: the cliché's dice, any 6 spots"),
    )

    # -- setting up ---------------------------------------------------------------------------------
    def setup(self, state: GameState) -> None:
        for u in state.units.values():
            u.stats = copy.deepcopy(u.stats)
        data = state.scenario.ruleset_data
        if "first_side" not in data:
            for i, s in enumerate(state.scenario.sides):
                if s.role.lower() in ("attacker", "advancing", "attacking"):
                    state.flow.initiative = state.flow.active = i
                    break
        hidden.setup(state)
        state.data["teams"] = forces.build_teams(state)
        state.data["pending"] = None
        state.data["dive"] = None
        first = state.scenario.sides[state.flow.initiative].name
        state.emit("Initiative", f"The {first} advance and hold the initiative", side=state.flow.initiative)
        if state.options.get("hidden_deployment"):
            hidden.reveal_seen(state)

    def hides_information(self, state: GameState) -> bool:
        """Advanced option: hidden deployment keeps the defender's markers secret."""
        return bool(state.options.get("hidden_deployment"))

    def field_of_vision(self, state: GameState, unit_id: str) -> float:
        return geo.vision_arc(state, state.units[unit_id])

    def blast_radius(self, state: GameState) -> float | None:
        """Advanced option: grenades, blast radius R1 set by the scenario."""
        return combat.grenade_radii(state)[0] if state.options.get("grenades") else None

    def los_rules(self, state: GameState) -> Any:
        return geo.los_rules(state)

    # -- options ------------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "opportunity-fire":
            return self._opfire_options(state, decision)
        if decision.kind == "dive-for-cover":
            return self._dive_options(state, decision)
        return self._act_options(state, decision.side)

    def anchor(self, state: GameState, actor: str) -> Unit | None:
        """Who a move is measured from: the character, or the team's acting leader."""
        if forces.is_team(state, actor):
            return forces.acting_leader(state, actor)
        u = state.units.get(actor)
        if u is not None and (forces.able(u) or self.hidden_blank(u)):
            return u
        return None

    @staticmethod
    def hidden_blank(u: Unit) -> bool:
        """A blank marker still on the table: it moves like a figure (a bluff) and does nothing else."""
        return forces.is_blank(u) and forces.is_hidden(u) and not u.out

    def movers(self, state: GameState, actor: str) -> list[Unit]:
        """The figures a move takes, the anchor first: a team moves all its members that are not pinned."""
        lead = self.anchor(state, actor)
        if lead is None:
            return []
        rest = [u for u in forces.entity_units(state, actor) if forces.able(u) and u is not lead]
        return [lead] + rest

    def _act_options(self, state: GameState, side: int) -> list[Option]:
        opts: list[Option] = []
        enemies = [u for u in state.units.values()
                   if u.side != side and forces.is_real(u) and not forces.is_hidden(u)]
        my_entities = forces.entities(state, side) + [
            u.id for u in state.side_units(side) if self.hidden_blank(u)]
        enemy_entities = [e for s in range(state.sides) if s != side for e in forces.entities(state, s)]
        for actor in my_entities:
            movers = self.movers(state, actor)
            if not movers:
                continue
            lead = movers[0]
            name = forces.entity_name(state, actor)
            region = geo.move_region(state, lead.x, lead.y)
            opts.append(Option("Move", f"Move {name}", region=region, template=Move(actor), actor=actor))
            if forces.is_blank(lead):
                continue
            for e in enemies:
                if region.is_empty or not shapely.intersects_xy(region, e.x, e.y):
                    continue
                p, text = combat.assault_odds(state, movers, e)
                facing = round(angle_to(lead.pos, e.pos), 3)
                opts.append(Option("Assault", f"{name} assaults {e.name}",
                                   action=Move(actor, round(e.x, 3), round(e.y, 3), facing),
                                   actor=actor, target=e.id, odds=p, odds_text=text))
        for actor in my_entities:
            if self.anchor(state, actor) is None:
                continue
            name = forces.entity_name(state, actor)
            for target in enemy_entities:
                plan = combat.plan_attack(state, actor, target)
                if plan is None or plan.p == 0:
                    continue
                opts.append(Option("Attack", f"{name} attacks {forces.entity_name(state, target)}",
                                   action=Attack(actor, target), actor=actor, target=target,
                                   odds=plan.p, odds_text=plan.odds_text))
        if state.options.get("grenades"):
            opts += self._grenade_options(state, side, enemies)
        for u in state.side_units(side):
            if forces.is_real(u) and forces.is_pinned(u):
                n, p, text = combat.rally_odds(state, u)
                if n > 0:
                    opts.append(Option("Rally", f"Rally {u.name}", action=Rally(u.id), actor=u.id,
                                       odds=p, odds_text=text))
        opts.append(Option("Pass", "Pass: give up the initiative", action=Pass(side)))
        return opts

    def _grenade_options(self, state: GameState, side: int, enemies: list[Unit]) -> list[Option]:
        _, r2 = combat.grenade_radii(state)
        out = []
        for u in state.side_units(side):
            if not forces.able(u) or combat.grenades_left(u) <= 0:
                continue
            near = [e for e in enemies if not forces.is_pinned(e) and math.dist(u.pos, e.pos) <= r2]
            if not near:
                continue
            seen = geo.sees_many(state, [(u, None, None)], [e.pos for e in near])[0]
            for e, ok in zip(near, seen):
                if not ok:
                    continue
                dice, _, _ = combat.grenade_dice(state, u, e.pos, True)
                if dice <= 0:
                    continue
                p = combat.p_attack(dice)
                out.append(Option("Grenade", f"{u.name} throws a grenade at {e.name}",
                                  action=ThrowGrenade(u.id, e.id), actor=u.id, target=e.id, odds=p,
                                  odds_text=f"{combat.dice_text(dice)}, {combat.pct(p)}"))
        return out

    def _opfire_options(self, state: GameState, decision: Decision) -> list[Option]:
        pend = state.data.get("pending") or {}
        opts = []
        mover = pend.get("actor", "")
        for firer, k in sorted((pend.get("firers") or {}).items()):
            plan = self._opfire_plan(state, pend, firer)
            if plan is None:
                continue
            p = plan.p
            text = plan.odds_text
            if state.options.get("spotting"):
                ps = combat.p_spot(state, firer)
                p = p * ps
                text = f"spot {combat.pct(ps)}, then {text}; together {combat.pct(p)}"
            opts.append(Option("OpportunityFire",
                               f"OP fire: {forces.entity_name(state, firer)} at "
                               f"{forces.entity_name(state, mover)}",
                               action=OpportunityFire(firer, mover), actor=firer, target=mover, odds=p,
                               odds_text=text))
        opts.append(Option("Pass", "Hold fire", action=Pass(decision.side)))
        return opts

    def _dive_options(self, state: GameState, decision: Decision) -> list[Option]:
        dive = state.data.get("dive") or {}
        lead = state.units.get(dive.get("anchor", ""))
        opts = []
        if lead is not None and not lead.out:
            _, r2 = combat.grenade_radii(state)
            region = geo.dive_region(state, lead.x, lead.y, r2)
            opts.append(Option("DiveForCover", f"Dive for cover (up to {r2:g} cm)", region=region,
                               template=DiveForCover(dive["actor"]), actor=dive["actor"]))
        opts.append(Option("Pass", "Hit the ground here", action=Pass(decision.side)))
        return opts

    def check(self, state: GameState, action: Action, decision: Decision) -> str | None:
        reason = super().check(state, action, decision)
        if reason is None or not isinstance(action, (Move, DiveForCover)):
            return reason
        pt = shapely.Point(action.x, action.y)
        for o in self.legal_actions(state, decision):
            if (o.region is not None and o.template is not None and type(o.template) is type(action)
                    and o.template.actor == action.actor and o.region.distance(pt) <= REGION_SLACK):
                return None
        return reason

    # -- resolving ----------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if decision.kind == "opportunity-fire":
            self._answer_opfire(state, action, decision)
        elif decision.kind == "dive-for-cover":
            self._dive(state, action, decision)
        elif isinstance(action, Pass):
            side = state.scenario.sides[decision.side].name
            state.emit("Passed", f"The {side} pass", side=decision.side)
            engine.pass_initiative(state, _other(state, decision.side), f"the {side} passed")
        elif isinstance(action, Move):
            self._move(state, action, decision.side)
        elif isinstance(action, Attack):
            self._attack(state, action, decision.side)
        elif isinstance(action, ThrowGrenade):
            self._grenade(state, action, decision.side)
        elif isinstance(action, Rally):
            self._rally(state, action, decision.side)
        if not state.data.get("pending") and state.options.get("hidden_deployment"):
            hidden.reveal_seen(state)

    def _fail(self, state: GameState, side: int, why: str) -> None:
        engine.pass_initiative(state, _other(state, side), why)

    def _attack(self, state: GameState, action: Attack, side: int) -> None:
        plan = combat.plan_attack(state, action.actor, action.target)
        name = forces.entity_name(state, action.actor)
        tname = forces.entity_name(state, action.target)
        state.emit("Attack", f"{name} attacks {tname} ({plan.odds_text})", actor=action.actor,
                   target=action.target)
        ok, _ = combat.resolve_attack(state, plan)
        if ok:
            keep = forces.they(state, action.actor, "keep", "keeps")
            state.emit("Success", f"The attack succeeds: {name} {keep} the initiative")
        else:
            self._fail(state, side, f"{name}'s attack failed")

    def _grenade(self, state: GameState, action: ThrowGrenade, side: int) -> None:
        thrower, target = state.units[action.actor], state.units[action.target]
        state.emit("Grenade", f"{thrower.name} throws a hand grenade at {target.name}", actor=thrower.id,
                   target=target.id)
        if not combat.resolve_grenade(state, thrower, target):
            self._fail(state, side, f"{thrower.name}'s grenade missed")

    def _rally(self, state: GameState, action: Rally, side: int) -> None:
        unit = state.units[action.actor]
        state.emit("RallyAttempt", f"Rally attempt: {unit.name}", actor=unit.id)
        if not combat.resolve_rally(state, unit):
            self._fail(state, side, f"the rally of {unit.name} failed")

    # -- movement and opportunity fire -----------------------------------------------------------------
    def _move(self, state: GameState, action: Move, side: int) -> None:
        movers = self.movers(state, action.actor)
        lead = movers[0]
        region = geo.move_region(state, lead.x, lead.y)
        paths: dict[str, list[float]] = {}
        for u in movers:
            if u is lead:
                tx, ty = action.x, action.y
            else:
                tx, ty = geo.nearest_inside(region, action.x + u.x - lead.x, action.y + u.y - lead.y)
            paths[u.id] = [u.x, u.y, round(tx, 3), round(ty, 3)]
        steps = geo.path_steps(math.dist(p[:2], p[2:]) for p in paths.values())
        pend = {"actor": action.actor, "side": side, "anchor": lead.id, "facing": action.facing,
                "paths": paths, "steps": steps, "firers": {}}
        self._reveal_movers(state, pend, [u for u in movers if forces.is_hidden(u)])
        if not pend["paths"]:
            return
        if all(math.dist(p[:2], p[2:]) == 0 for p in pend["paths"].values()):
            self._complete_move(state, pend)          # turning on the spot draws no OP fire
            return
        firers, watched, enemy = self._op_fire_candidates(state, pend)
        if firers or watched:
            pend["firers"] = firers
            state.data["pending"] = pend
            name = forces.entity_name(state, action.actor)
            dest = geo.piece_name(geo.piece_here(state, action.x, action.y))
            state.emit("Moving", f"{name} moves toward {dest}", actor=action.actor)
            engine.push_interrupt(state, Decision(enemy, "opportunity-fire",
                                                  f"{name} moves in view of the enemy: OP fire?",
                                                  data={"mover": action.actor}))
            return
        self._complete_move(state, pend)

    def _reveal_movers(self, state: GameState, pend: dict[str, Any], secret: list[Unit]) -> None:
        """Hidden deployment: a hidden figure moves hidden until an enemy gets LOS to it somewhere on its
        path; there it is revealed (a blank marker is taken away there and its move ends)."""
        if not secret:
            return
        viewers = [u for u in state.units.values()
                   if u.side != pend["side"] and forces.is_real(u) and not forces.is_hidden(u)]
        if not viewers:
            return
        steps = pend["steps"]
        for u in secret:
            sx, sy, tx, ty = pend["paths"][u.id]
            points = geo.path_points((sx, sy), (tx, ty), steps)
            seen = geo.sees_many(state, [(v, None, None) for v in viewers], points)
            ks = [k for k in range(steps) if any(row[k] for row in seen)]
            if not ks:
                continue
            spotter = next(v for v, row in zip(viewers, seen) if row[ks[0]])
            if forces.is_blank(u):
                u.x, u.y = points[ks[0]]
                del pend["paths"][u.id]
            combat.reveal(state, u, f"as it comes into view of {spotter.name}" if forces.is_blank(u)
                          else f"as he comes into view of {spotter.name}")

    def _op_fire_candidates(self, state: GameState, pend: dict[str, Any]):
        """Enemy characters and teams that see the move somewhere along its path (LOS and field of
        vision), each with the first path point where it does: {firer: step}. With hidden deployment,
        hidden markers (blanks too) that see the path also give the enemy the decision, so that the
        pause does not tell a real figure from a blank."""
        side = pend["side"]
        enemy = _other(state, side)
        steps = pend["steps"]
        points: list[tuple[float, float]] = []
        owner: list[int] = []
        for path in pend["paths"].values():
            for k, p in enumerate(geo.path_points(path[:2], path[2:], steps), start=1):
                points.append(p)
                owner.append(k)
        firers: dict[str, int] = {}
        viewers = [u for u in state.units.values()
                   if u.side != side and not u.out and (forces.able(u) or forces.is_hidden(u))]
        if not viewers:
            return firers, False, enemy
        seen = geo.sees_many(state, [(v, None, None) for v in viewers], points)
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
            if self._opfire_plan(state, {**pend, "firers": firers}, e) is None:
                del firers[e]
        return firers, watched and bool(state.options.get("hidden_deployment")), enemy

    @staticmethod
    def _at_step(pend: dict[str, Any], uid: str, k: int) -> tuple[float, float]:
        sx, sy, tx, ty = pend["paths"][uid]
        n = pend["steps"]
        return (sx + (tx - sx) * k / n, sy + (ty - sy) * k / n)

    def _opfire_plan(self, state: GameState, pend: dict[str, Any], firer: str):
        k = pend["firers"][firer]
        positions = {uid: self._at_step(pend, uid, k) for uid in pend["paths"]}
        plan = combat.plan_attack(state, firer, pend["actor"], positions, only=list(pend["paths"]))
        if plan is None or plan.p == 0:
            return None
        return plan

    def _answer_opfire(self, state: GameState, action: Action, decision: Decision) -> None:
        pend = state.data["pending"]
        state.data["pending"] = None
        mover = forces.entity_name(state, pend["actor"])
        if isinstance(action, Pass):
            side = state.scenario.sides[decision.side].name
            state.emit("HoldFire", f"The {side} hold their fire", side=decision.side)
            self._complete_move(state, pend)
            return
        assert isinstance(action, OpportunityFire)
        firer = action.actor
        fname = forces.entity_name(state, firer)
        k = pend["firers"][firer]
        plan = self._opfire_plan(state, pend, firer)
        for uid in sorted({s for shot in plan.shots for s in shot.shooters}):
            combat.reveal(state, state.units[uid], "as he opens fire")
        comes = forces.they(state, pend["actor"], "they come", "he comes")
        state.emit("OpFire", f"OP fire! {fname} fires at {mover} as {comes} into view", actor=firer,
                   target=pend["actor"])
        if state.options.get("spotting"):
            spotter, cliche = combat.spotting_cliche(state, firer)
            n = forces.level(cliche)
            spotted = n > 0 and bool(state.roll(
                f"hits({n}d6,6)>=1", f"spotting {mover}", who=spotter.name,
                odds_text=f"{combat.dice_text(n)}, only 6s, {combat.pct(combat.p_sixes(n))}").success)
            if not spotted:
                state.emit("NotSpotted", f"{fname} does not spot {mover} in time: no OP fire")
                self._complete_move(state, pend)
                return
        ok, hits = combat.resolve_attack(state, plan, "OP fire")
        if ok:
            for uid in pend["paths"]:
                u = state.units[uid]
                u.x, u.y = self._at_step(pend, uid, k)
                u.facing = pend["facing"]
            hit = forces.they(state, pend["actor"], "hit", "hits")
            state.emit("OpFireStops", f"The OP fire stops the move: {mover} {hit} the ground",
                       actor=pend["actor"])
            engine.pass_initiative(state, decision.side, f"successful OP fire by {fname}")
            if state.options.get("diving_for_cover"):
                stopped = [uid for uid in pend["paths"] if not state.units[uid].out]
                anchor = pend["anchor"] if pend["anchor"] in stopped else stopped[0]
                state.data["dive"] = {"actor": pend["actor"], "anchor": anchor, "members": stopped}
                engine.push_interrupt(state, Decision(pend["side"], "dive-for-cover",
                                                      f"{mover} {forces.they(state, pend['actor'], 'are', 'is')} "
                                                      f"hit by OP fire: dive for cover?",
                                                      actor=pend["actor"]))
            return
        for uid in hits:
            u = state.units[uid]
            u.x, u.y = self._at_step(pend, uid, k)
            u.facing = pend["facing"]
        state.emit("OpFireFails", f"The OP fire fails to stop {mover}")
        self._complete_move(state, pend, exclude=set(hits))

    def _complete_move(self, state: GameState, pend: dict[str, Any], exclude: set[str] = frozenset()) -> None:
        moved = [uid for uid in pend["paths"] if uid not in exclude]
        for uid in moved:
            u = state.units[uid]
            u.x, u.y = pend["paths"][uid][2], pend["paths"][uid][3]
            u.facing = pend["facing"]
        name = forces.entity_name(state, pend["actor"])
        if moved:
            lead = state.units[moved[0]]
            where = geo.piece_name(geo.piece_here(state, lead.x, lead.y))
            secret = all(forces.is_hidden(state.units[uid]) for uid in moved)
            enemies = tuple(s for s in range(state.sides) if s != pend["side"]) if secret else ()
            state.emit("Moved", f"{name} moves to {where}, facing {pend['facing']:.0f}°",
                       hidden_from=enemies, actor=pend["actor"])
            if secret:
                many = len(moved) > 1
                state.emit("Moved", "Hidden markers move" if many else "A hidden marker moves",
                           hidden_from=(pend["side"],))
        lead = state.units[pend["anchor"]]
        if lead.id in exclude or not forces.able(lead):
            return
        defender = self._enemy_at(state, lead)
        if defender is None:
            return
        if forces.is_hidden(defender):
            combat.reveal(state, defender, "as the enemy reaches his position")
            if defender.out:
                return
        movers = [lead] + [state.units[uid] for uid in moved
                           if uid != lead.id and forces.able(state.units[uid])]
        for m in movers:
            combat.reveal(state, m, "as he assaults")
        if not combat.resolve_close_combat(state, movers, defender):
            self._fail(state, pend["side"], f"{name}'s assault failed")

    def _enemy_at(self, state: GameState, lead: Unit) -> Unit | None:
        """'If a movement ends at the position of an enemy': the move's end is within base contact
        (the two bases overlap) of an enemy figure or marker; the nearest is assaulted."""
        best = None
        for u in state.units.values():
            if u.side == lead.side or u.out:
                continue
            d = math.dist(u.pos, lead.pos)
            if d < forces.base_radius(u) + forces.base_radius(lead) - 1e-9:
                if best is None or d < best[0]:
                    best = (d, u)
        return best[1] if best else None

    def _dive(self, state: GameState, action: Action, decision: Decision) -> None:
        dive = state.data.get("dive") or {}
        state.data["dive"] = None
        name = forces.entity_name(state, dive.get("actor", ""))
        if not isinstance(action, DiveForCover):
            state.emit("HitTheGround", f"{name} {forces.they(state, dive.get('actor', ''), 'hit the ground where they are', 'hits the ground where he is')}")
            return
        lead = state.units[dive["anchor"]]
        dx, dy = action.x - lead.x, action.y - lead.y
        _, r2 = combat.grenade_radii(state)
        for uid in dive["members"]:
            u = state.units[uid]
            if uid == lead.id:
                tx, ty = action.x, action.y
            else:
                tx, ty = geo.nearest_inside(geo.dive_region(state, u.x, u.y, r2), u.x + dx, u.y + dy)
            u.x, u.y, u.facing = round(tx, 3), round(ty, 3), action.facing
        where = geo.piece_name(geo.piece_here(state, lead.x, lead.y))
        dive_word = forces.they(state, dive["actor"], "dive", "dives")
        state.emit("DiveForCover", f"{name} {dive_word} for cover into {where} before going down")

    # -- the end --------------------------------------------------------------------------------------
    def result(self, state: GameState) -> Result | None:
        return victory.result(state)

    def result_at_limit(self, state: GameState) -> Result:
        return victory.at_limit(state)

    # -- views and words ------------------------------------------------------------------------------
    def view(self, state: GameState, side: int) -> GameState:
        seen = super().view(state, side)
        hidden.redact(state, seen, side)
        return seen

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        u = state.units[unit_id]
        side = state.scenario.sides[u.side].name
        if forces.is_blank(u) or (state.viewer is not None and state.viewer != u.side and forces.is_hidden(u)):
            return f"{hidden.MARKER_NAME} ({side})"
        clist = ", ".join(forces.cliche_text(c) for c in forces.cliches(u)) or "no clichés"
        status = [m for m in ("pinned", "hidden") if m in u.markers] + (["out"] if u.out else [])
        team = f", {forces.entity_name(state, u.team)}" if u.team and u.team in forces.team_table(state) else ""
        weapon = f"{forces.weapon_of(u)} ({forces.weapon_class(state, u)})"
        return f"{u.name} ({side}{team}): {clist}; {weapon}" + (f"; {', '.join(status)}" if status else "")

    def validate_scenario(self, scenario: Any) -> list[str]:
        from .validation import problems
        return problems(scenario)


RULESET = RisusSkirmish()
