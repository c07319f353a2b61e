"""Riskbreaker (seed 001): an abstracted combat engine of fights, Advantage and Risk.

This module wires the engine's Flow to the text's Combat Flow, each step in its own module:

  round.py         1. Declare Fights (hidden), the order of actions, 4. Mark combat counters
  fights.py        fights in locations, 2. Calculate Advantage
  damage.py        3. Advantage, Kill Damage and Skill Damage actions
  special.py       3. Special actions: maneuver (followed as an interrupt), alteration, tactics,
                   recovery, first aid; leaving by an exit
  rolls.py         the stat roll: 1d10 under Stat + 2, capped at 9
  characters.py    character creation (points), archetypes, the sheet
  battleground.py  locations are the table's terrain pieces; a maneuver's Risk is distance
  victory.py       the end;  validation.py  a scenario's checks

Interpretations are recorded in assets/rules/riskbreaker.md (the in-game rules reference).
Seed: 001_3f7b5bbacd6908e7.txt.
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.boards import TableRules
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, Ruleset, StatField, UnitKind
from game.engine.state import GameState, Result

from . import battleground, characters, damage, fights, muster, round, special, validation, victory
from .actions import (ACTIONS, Alteration, Declare, FirstAid, Flee, Follow, GainAdvantage, Hold, KillDamage,
                      Maneuver, Recovery, SkillDamage, Surrender, Tactics)


def _begin_round(state: GameState, phase: Phase) -> None:
    round.begin_round(state)


def _declare_queue(state: GameState, phase: Phase) -> list[Decision]:
    return round.declare_queue(state, phase.reason)


def _calculate_advantage(state: GameState, phase: Phase) -> None:
    round.reveal_and_calculate(state)


def _action_order(state: GameState, phase: Phase) -> list[Decision]:
    return round.order(state)


def _mark_counters(state: GameState, phase: Phase) -> None:
    round.mark_counters(state)


class Riskbreaker(TableRules, Ruleset):
    id = "riskbreaker"
    name = "Riskbreaker"
    actions = ACTIONS
    resumes = {special.FOLLOW_ON: special.follow_on}
    marker_styles = {"out": "OUT", "fled": "FLED"}
    flow = Flow((
        Phase("declare fights", order="actors", decision="declare", hidden=True, begin=_begin_round,
              actors=_declare_queue, reason="declare each character's fight and Fight skill, in secret"),
        Phase("calculate advantage", order="auto", begin=_calculate_advantage),
        Phase("actions", order="actors", decision="act", actors=_action_order,
              reason="one action per character, in reverse fight rating order"),
        Phase("combat counters", order="auto", begin=_mark_counters),
    ))

    # ==== setting up ===============================================================================
    # -- for the scenario editor: the presets of archetypes.json ('Some archtypical characters') ---
    def unit_kinds(self) -> tuple[UnitKind, ...]:
        return tuple(UnitKind(k, a.get("name", k), {"archetype": k}, {"shape": "round", "diameter": 1.5})
                     for k, a in characters.archetypes().items())

    def unit_form(self, stats: Any) -> tuple[StatField, ...]:
        if "archetype" in stats:           # a preset; its other stats override the sheet's
            return (StatField("archetype", "Archetype", "fighter", tuple(characters.archetypes())),
                    *super().unit_form({k: v for k, v in stats.items() if k != "archetype"}))
        return super().unit_form(stats)

    def validate_scenario(self, scenario: Any) -> list[str]:
        return validation.problems(scenario)

    def setup(self, state: GameState) -> None:
        characters.setup(state)
        state.data.update(declared={}, revealed=False, fights={}, pending=[], acted=[], asked=[],
                          held_off={}, closed={}, fought=[], surrendered=None,
                          declared_weapon={})

    def hides_information(self, state: GameState) -> bool:
        """Both sides declare their fights in secret each round: until the declarations are revealed
        (the rest of the round hides nothing, so hotseat players are not handed over every action)."""
        return not state.data.get("revealed", False)

    def los_rules(self, state: GameState) -> Any:
        return battleground.los_rules(state)

    # ==== options ================================================================================
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "declare":
            return round.declare_choices(state, decision)
        if decision.kind == "follow":
            return special.follow_options(state, decision)
        u = state.units.get(decision.the_actor or "")
        if u is None or u.out:
            return []
        return self.action_options(state, u)

    def action_options(self, state: GameState, u) -> list[Option]:
        opts = (damage.damage_options(state, u) + damage.advantage_options(state, u)
                + special.maneuver_options(state, u) + special.alteration_options(state, u)
                + special.tactics_options(state, u) + special.recovery_options(state, u)
                + special.first_aid_options(state, u) + special.flee_options(state, u)
                + round.surrender_options(state, u))
        return opts + [Option("Hold", f"{u.name}: no action", action=Hold(u.id), actor=u.id)]

    # ==== resolving ================================================================================
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if isinstance(action, Declare):
            round.declare(state, action, decision)
            return
        if isinstance(action, Surrender):
            round.surrender(state, action)
            return
        if isinstance(action, Follow):
            special.follow(state, action)
            return
        uid = action.actor  # type: ignore[attr-defined]
        if isinstance(action, GainAdvantage):
            damage.gain_advantage(state, action)
        elif isinstance(action, KillDamage):
            damage.kill_damage(state, action)
        elif isinstance(action, SkillDamage):
            damage.skill_damage(state, action)
        elif isinstance(action, Maneuver):
            special.maneuver(state, action, decision.side)
        elif isinstance(action, Alteration):
            special.alteration(state, action)
        elif isinstance(action, Tactics):
            special.tactics(state, action)
        elif isinstance(action, Recovery):
            special.recovery(state, action)
        elif isinstance(action, FirstAid):
            special.first_aid(state, action)
        elif isinstance(action, Flee):
            special.flee(state, action, decision.side)
        elif isinstance(action, Hold):
            state.emit("Action", f"{state.units[uid].name} takes no action", actor=uid)
        round.acted(state, uid)

    # ==== the end =================================================================================
    def result(self, state: GameState) -> Result | None:
        return victory.result(state)

    def result_at_limit(self, state: GameState) -> Result:
        return victory.result_at_limit(state)

    # ==== what a side may see ========================================================================
    def view(self, state: GameState, side: int, shared: bool = False) -> GameState:
        seen = super().view(state, side, shared)
        if not state.data.get("revealed"):
            seen.data["declared"] = {uid: loc for uid, loc in state.data["declared"].items()
                                     if state.units[uid].side == side}
            seen.data["declared_weapon"] = {uid: k for uid, k in state.data["declared_weapon"].items()
                                            if state.units[uid].side == side}
        return seen

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        return characters.describe(state, unit_id)

    # ==== building a party on points (muster.py) ========================================================
    def muster(self, scenario: Any, side: int) -> Any:
        return muster.muster(scenario, side)

    def muster_force(self, scenario: Any, side: int) -> list[dict[str, Any]]:
        return muster.force(scenario, side)

    def muster_tally(self, scenario: Any, side: int, entries: list[dict[str, Any]]) -> Any:
        return muster.tally(scenario, side, entries)

    def muster_apply(self, doc: dict[str, Any], scenario: Any, side: int,
                     entries: list[dict[str, Any]]) -> dict[str, Any]:
        return muster.apply(doc, scenario, side, entries)

    def unit_sheet(self, state: GameState, unit_id: str) -> Any:
        return characters.sheet_table(state, state.units[unit_id])

    # ==== what the AI and the UI ask ======================================================================
    sheet_rows = staticmethod(characters.sheet_rows)
    advantage = staticmethod(fights.advantage)
    fight_of = staticmethod(fights.fight_of)
