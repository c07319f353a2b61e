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
from game.engine.boards import TableRules
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, OptionSpec, Ruleset, other_side
from game.engine.state import GameState, Result, Unit
from game.geometry.sectors import angle_to

from . import combat, deployment, forces, hidden, movement, terrain, victory
from .actions import ACTIONS, Attack, DiveForCover, Move, OpportunityFire, Rally, ThrowGrenade

FACING_CHOICES = ("none", "180", "90", "90-in-high", "cliche")


class RisusSkirmish(TableRules, Ruleset):
    id = "risus-skirmish"
    name = "Risus Skirmish"
    flow = Flow((Phase("actions", order="run", decision="act", reason="holds the initiative"),))
    resumes = {movement.MOVE_ON: movement.move_on}
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
        first = state.scenario.sides[state.flow.initiative].name
        state.emit("Initiative", f"The {first} advance and hold the initiative", side=state.flow.initiative)
        if state.options.get("hidden_deployment"):
            deployment.begin(state, hidden.hidden_side(state.scenario))   # its figures placed first

    def hides_information(self, state: GameState) -> bool:
        """Advanced option: hidden deployment keeps the defender's markers secret."""
        return bool(state.options.get("hidden_deployment"))

    def field_of_vision(self, state: GameState, unit_id: str) -> float:
        return terrain.vision_arc(state, state.units[unit_id])

    def blast_radius(self, state: GameState) -> float | None:
        """Advanced option: grenades, blast radius R1 set by the scenario."""
        return combat.grenade_radii(state)[0] if state.options.get("grenades") else None

    def los_rules(self, state: GameState) -> Any:
        return terrain.los_rules(state)

    # -- options ------------------------------------------------------------------------------------
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "opportunity-fire":
            return self._opfire_options(state, decision)
        if decision.kind == "dive-for-cover":
            return self._dive_options(state, decision)
        if decision.kind == deployment.DEPLOY:
            return deployment.options(state, decision)
        return self._act_options(state, decision.side)

    # what the AI asks (the same rules the moves use)
    anchor = staticmethod(movement.anchor)
    movers = staticmethod(movement.movers)
    hidden_blank = staticmethod(movement.hidden_blank)

    def _act_options(self, state: GameState, side: int) -> list[Option]:
        opts: list[Option] = []
        enemies = [u for u in state.units.values()
                   if u.side != side and forces.is_real(u) and not forces.is_hidden(u)]
        markers = [u for u in state.units.values() if u.side != side and not u.out and forces.is_hidden(u)]
        my_entities = forces.entities(state, side) + [
            u.id for u in state.side_units(side) if self.hidden_blank(u)]
        enemy_entities = [e for s in range(state.sides) if s != side for e in forces.entities(state, s)]
        for actor in my_entities:
            movers = self.movers(state, actor)
            if not movers:
                continue
            lead = movers[0]
            name = forces.entity_name(state, actor)
            # bases may not overlap: the region leaves out every other base (movement.region_for)
            free = movement.region_for(state, actor)
            if free is not None and not free.is_empty:
                opts.append(Option("Move", f"Move {name}", region=free, template=Move(actor), actor=actor))
            if forces.is_blank(lead):
                continue
            # an assault reaches an enemy standing in the terrain region, before the bases are left out,
            # and is offered only where it ends in base contact with him (movement.assault_contact)
            region = terrain.move_region(state, lead.x, lead.y)
            for e in enemies + markers:
                if region.is_empty or not shapely.intersects_xy(region, e.x, e.y):
                    continue
                if movement.assault_contact(state, movers, e) is None:
                    continue
                facing = round(angle_to(lead.pos, e.pos), 3)
                action = Move(actor, round(e.x, 3), round(e.y, 3), facing)
                if forces.is_hidden(e):         # a marker: who (if anyone) stands there is unknown
                    opts.append(Option("Assault", f"{name} assaults a {hidden.MARKER_NAME.lower()}",
                                       action=action, actor=actor, odds_text="against a hidden marker"))
                    continue
                p, text = combat.assault_odds(state, movers, e)
                opts.append(Option("Assault", f"{name} assaults {e.name}", action=action,
                                   actor=actor, target=e.id, odds=p, odds_text=text))
        for actor in my_entities:
            if movement.anchor(state, actor) is None:
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
        # "A turn consists of one or more actions": Pass only once the side has acted this turn, or
        # when it has nothing else it may do (movement.acted; assets/rules/risus-skirmish.md)
        if movement.acted(state, side) or not opts:
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
            seen = terrain.sees_many(state, [(u, None, None)], [e.pos for e in near])[0]
            for e, ok in zip(near, seen):
                if not ok:
                    continue
                dice, _, _ = combat.grenade_dice(state, u, e.pos)
                if dice <= 0:
                    continue
                p = combat.p_attack(dice)
                out.append(Option("Grenade", f"{u.name} throws a grenade at {e.name}",
                                  action=ThrowGrenade(u.id, e.id), actor=u.id, target=e.id, odds=p,
                                  odds_text=f"{combat.dice_text(dice)}, {combat.pct(p)}"))
        return out

    def _opfire_options(self, state: GameState, decision: Decision) -> list[Option]:
        the_move = decision.context
        opts = []
        mover = the_move.get("actor", "")
        for firer, k in sorted((the_move.get("firers") or {}).items()):
            plan = movement.opfire_plan(state, the_move, firer)
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
        dive = decision.context
        lead = state.units.get(dive.get("anchor", ""))
        opts = []
        if lead is not None and not lead.out:
            _, r2 = combat.grenade_radii(state)
            region = terrain.clear_of_bases(state, terrain.dive_region(state, lead.x, lead.y, r2), lead,
                                            lead.pos, exclude=dive["members"])
            if region.is_empty:
                region = terrain.dive_region(state, lead.x, lead.y, 1e-3)
            opts.append(Option("DiveForCover", f"Dive for cover (up to {r2:g} cm)", region=region,
                               template=DiveForCover(dive["actor"]), actor=dive["actor"]))
        opts.append(Option("Pass", "Hit the ground here", action=Pass(decision.side)))
        return opts

    # -- resolving ----------------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if decision.kind == deployment.DEPLOY:
            if deployment.apply(state, action, decision):
                hidden.reveal_seen(state)      # deployed: what the enemy sees now is revealed
            return
        if decision.kind == "opportunity-fire":
            movement.answer_opfire(state, action, decision)     # the move goes on in movement.move_on
            return
        if decision.kind == "dive-for-cover":
            movement.dive(state, action, decision)
        elif isinstance(action, Pass):
            side = state.scenario.sides[decision.side].name
            state.emit("Passed", f"The {side} pass", side=decision.side)
            engine.pass_initiative(state, other_side(state, decision.side), f"the {side} passed")
        elif isinstance(action, Move):
            movement.note_action(state, decision.side)
            movement.move(state, action, decision.side)
        elif isinstance(action, Attack):
            movement.note_action(state, decision.side)
            self._attack(state, action, decision.side)
        elif isinstance(action, ThrowGrenade):
            movement.note_action(state, decision.side)
            self._grenade(state, action, decision.side)
        elif isinstance(action, Rally):
            movement.note_action(state, decision.side)
            self._rally(state, action, decision.side)
        if state.options.get("hidden_deployment") and not movement.pending_move(state):
            hidden.reveal_seen(state)

    def _fail(self, state: GameState, side: int, why: str) -> None:
        engine.pass_initiative(state, other_side(state, side), why)

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

    # -- the end --------------------------------------------------------------------------------------
    def result(self, state: GameState) -> Result | None:
        return victory.result(state)

    def result_at_limit(self, state: GameState) -> Result:
        return victory.at_limit(state)

    # -- views and words ------------------------------------------------------------------------------
    def view(self, state: GameState, side: int, shared: bool = False) -> GameState:
        seen = super().view(state, side)        # always a whole copy: redact changes the flow's decisions
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
