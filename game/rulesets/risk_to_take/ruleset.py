"""A Risk to Take, the tabletop battles (seed 003_24994b0dfd86b84f, "2. Tabletop rules"): the
ruleset the engine drives. Thin wiring: one module per part of the turn.

Turn: both sides roll initiative (ties re-rolled); the winner moves all its units, then the other
side; then artillery fire and volleys, then melee; at the end of the turn routed units roll for
destruction (turn.py) and a broken army loses (victory.py).
"""
from __future__ import annotations

from typing import Any

import shapely

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.boards import TableRules
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import REGION_TOLERANCE, Option, Ruleset, StatField, UnitKind
from game.engine.state import GameState, Result

from . import arcs, combat, looks, movement, saves, turn, validation, victory, walls
from .battle import battle_from_armies
from .actions import ACTIONS, Aim, Charge, CommanderSaves, Dismount, Mount, Move
from .troops import (ARC_HALF, RANGES, STICK, TYPES, fighting, fire_range, is_artillery, is_commander, label,
                     prepare, routed)


class RiskToTake(TableRules, Ruleset):
    id = "risk-to-take"
    name = "A Risk to Take"
    flow = Flow((Phase("move", order="each-run", decision="move", reason="moves, the side with the initiative first"),
                 Phase("fire", order="auto", steps=(combat.capture_commanders, combat.aim_artillery, combat.plan_fire,
                                                    saves.resolve_saves)),
                 Phase("melee", order="auto", steps=(combat.plan_melee, saves.resolve_saves)),
                 Phase("end of turn", order="auto", steps=(turn.destruction, victory.check_break))),
                turn_begin=turn.roll_initiative)
    resumes = {saves.COMMANDER_ANSWERED: saves.commander_answered}
    actions = ACTIONS
    marker_styles = {"routed": "R", "fatigued": "F", "dismounted": "D"}

    def setup(self, state: GameState) -> None:
        for u in state.units.values():
            prepare(u)
        walls.settle_all(state)

    # -- the table's tools ------------------------------------------------------------------
    def field_of_vision(self, state: GameState, unit_id: str) -> float:
        return 360.0 if is_commander(state.units[unit_id]) else 2 * ARC_HALF

    def tape_unit(self, state: GameState) -> tuple[str, float]:
        """"1 stick = 1 movement for infantry": the tape reads and marks off sticks."""
        return ("stick", STICK)

    def firing_arc(self, state: GameState, unit_id: str, reach: float):
        """"30 degrees both on left and right", swept from every point of the front edge (arcs.py)."""
        u = state.units[unit_id]
        return None if is_commander(u) else arcs.arc_zone(u, reach)

    def range_bands(self, state: GameState, unit_id: str) -> list[tuple[str, float]]:
        u = state.units[unit_id]
        if is_commander(u):
            return [("vicinity", RANGES["commander_vicinity"])]
        if is_artillery(u):
            return [("canister", RANGES["volley"]), ("artillery", fire_range(u))]
        return [("melee", RANGES["melee"]), ("volley", fire_range(u))]

    # -- options -----------------------------------------------------------------------------
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "aim":
            return self._aim_options(state, decision)
        if decision.kind == "commander-save":
            return self._commander_options(state, decision)
        return self._move_options(state, decision.side)

    def _move_options(self, state: GameState, side: int) -> list[Option]:
        opts: list[Option] = []
        for u in sorted(state.side_units(side), key=lambda u: u.id):
            if not movement.can_move(state, u):
                continue
            region = movement.move_region(state, u)
            opts.append(Option("Move", f"Move {u.name} ({movement.move_length(u):g} cm)", region=region,
                               template=Move(u.id, u.x, u.y, u.facing), actor=u.id))
            for e in sorted(state.units.values(), key=lambda e: e.id):
                if e.side != side and not e.out and movement.can_charge(state, u, e):
                    mod = saves.modifier(state, e, "melee", u)
                    opts.append(Option("Charge", f"{u.name} charges {e.name}", action=Charge(u.id, e.id),
                                       actor=u.id, target=e.id,
                                       odds=saves.fail_chance(combat.FIGURES["melee"], mod),
                                       odds_text=f"{e.name} " + saves.odds_words(combat.FIGURES["melee"], mod)))
            if movement.can_dismount(u):
                opts.append(Option("Dismount", f"{u.name} dismount", action=Dismount(u.id), actor=u.id))
            if movement.can_mount(u):
                opts.append(Option("Mount", f"{u.name} mount", action=Mount(u.id), actor=u.id))
        opts.append(Option("Pass", "End of moves", action=Pass(side)))
        return opts

    def _aim_options(self, state: GameState, decision: Decision) -> list[Option]:
        gun = state.units[decision.actor[0]]
        opts = []
        for t in combat.artillery_targets(state, gun):
            cause, figure = combat.artillery_figure(gun, t)
            mod = saves.modifier(state, t, cause, gun)
            opts.append(Option("Aim", f"{gun.name}: {cause} at {t.name}", action=Aim(gun.id, t.id),
                               actor=gun.id, target=t.id, odds=saves.fail_chance(figure, mod),
                               odds_text=f"{t.name} {saves.odds_words(figure, mod)}"))
        opts.append(Option("Pass", f"{gun.name} holds its fire", action=Pass(decision.side)))
        return opts

    def _commander_options(self, state: GameState, decision: Decision) -> list[Option]:
        unit = state.units[decision.context["unit"]]
        opts = [Option("CommanderSaves", f"{state.units[c].name} saves {unit.name}",
                       action=CommanderSaves(c, unit.id), actor=c, target=unit.id)
                for c in decision.actor]
        what = "be destroyed" if decision.context.get("outcome") == "destroyed" else "rout"
        opts.append(Option("Pass", f"Let {unit.name} {what}", action=Pass(decision.side)))
        return opts

    def check(self, state: GameState, action: Action, decision: Decision) -> str | None:
        """A move is checked against its own unit's region only (the other options are not built)."""
        if decision.kind == "move" and isinstance(action, Move):
            u = state.units.get(action.actor)
            if u is None or u.side != decision.side or not movement.can_move(state, u):
                return f"{action.actor} cannot move now"
            region = movement.move_region(state, u)
            if region.distance(shapely.Point(action.x, action.y)) > REGION_TOLERANCE:
                return "Move: that point is outside the legal region (the unit's stick)"
            blocker = movement.turn_blocked(state, u, action.x, action.y, action.facing)
            if blocker is not None:
                return f"Move: facing that way there, its base would overlap {blocker}"
            return None
        if decision.kind == "move" and isinstance(action, Pass):
            return None if action.side == decision.side else "Pass: it is not that side's turn"
        if decision.kind == "move" and isinstance(action, Charge):
            u, t = state.units.get(action.actor), state.units.get(action.target)
            if u is None or t is None or u.side != decision.side or not movement.can_move(state, u):
                return f"Charge: {action.actor} cannot charge {action.target} now"
            why = movement.charge_refusal(state, u, t)
            return None if why is None else f"Charge: {why}"
        if decision.kind == "move" and isinstance(action, (Dismount, Mount)) and self._may_remount(state, action,
                                                                                                   decision.side):
            return None                 # the option is offered: no need to build all the others
        return super().check(state, action, decision)

    @staticmethod
    def _may_remount(state: GameState, action: Dismount | Mount, side: int) -> bool:
        """Is this mount or dismount one of the move options (as _move_options offers them)?"""
        u = state.units.get(action.actor)
        if u is None or u.side != side or u.out or not movement.can_move(state, u):
            return False
        return movement.can_dismount(u) if isinstance(action, Dismount) else movement.can_mount(u)

    # -- resolving ---------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if decision.kind == "aim":
            gun = decision.actor[0]
            combat.aims(state)[gun] = action.target if isinstance(action, Aim) else ""
            return
        if decision.kind == "commander-save":
            if isinstance(action, CommanderSaves):
                decision.context["saved_by"] = action.actor    # saves.commander_answered finishes
            return
        if isinstance(action, Pass):
            state.emit("MovesOver", f"Moves over: {state.scenario.sides[decision.side].name}",
                       side=decision.side)
            engine.end_run(state)
            return
        if isinstance(action, Move):
            movement.move(state, action)
        elif isinstance(action, Charge):
            movement.charge(state, action)
        elif isinstance(action, Dismount):
            movement.dismount(state, action)
        elif isinstance(action, Mount):
            movement.mount(state, action)
        if not any(movement.can_move(state, u) for u in state.side_units(decision.side)):
            engine.end_run(state)

    # -- the end -----------------------------------------------------------------------------
    def result(self, state: GameState) -> Result | None:
        return victory.result(state)

    def result_at_limit(self, state: GameState) -> Result:
        return victory.at_limit(state)

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        u = state.units[unit_id]
        side = state.scenario.sides[u.side].name
        bits = [label(u)]
        if not is_commander(u):
            bits.append("routed" if routed(u) else ("formed" if fighting(u) else "out"))
            bits.append(f"routed {u.stats.get('routs', 0)}x")
            if u.stats.get("failed_saves"):
                bits.append(f"{u.stats['failed_saves']} failed saves")
        return f"{u.name} ({side}): " + ", ".join(bits)

    unit_look = staticmethod(looks.unit_look)

    def nested_scenario(self, spec: Any) -> Any:
        """A campaign's battle: {"armies": [two army lists], "terrain", "name", "initiative_lost_by",
        "river"} (battle.battle_from_armies)."""
        return battle_from_armies(spec["armies"], spec.get("terrain", "plain"), name=spec.get("name", "battle"),
                                  initiative_lost_by=spec.get("initiative_lost_by"), river=spec.get("river"))

    def validate_scenario(self, scenario: Any) -> list[str]:
        problems = validation.problems(scenario)
        for i, u in enumerate(scenario.units):
            t = u.stats.get("type") or u.kind
            if t not in TYPES:
                problems.append(f"units[{i}].stats.type: expected one of {', '.join(TYPES)}, got {t!r}")
        if scenario.victory.get("kind") not in ("break",):
            problems.append("victory.kind: expected 'break'")
        return problems

    # -- for the scenario editor: the unit types of troops.json ("2. Tabletop rules: a) Basing") ----
    def unit_kinds(self) -> tuple[UnitKind, ...]:
        from .troops import DATA
        return tuple(UnitKind(k, t["label"], {"type": k},
                              DATA["commander_base"] if t.get("commander") else DATA["unit_base"])
                     for k, t in TYPES.items())

    def unit_form(self, stats: Any) -> tuple[StatField, ...]:
        return (StatField("type", "Unit type", "line-infantry", tuple(TYPES)),)


RULESET = RiskToTake()
