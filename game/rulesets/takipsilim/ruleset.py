"""Takipsilim Skirmishes (seed 002): every character commits one action in secret, then the round
resolves phase by phase: movement, shooting, grenades, melee, miscellaneous.

This module wires the engine's Flow to the phases, each in its own module:

  orders.py         the round begins; hidden orders, the options a character has, revealing them
  movement.py       Run, free moves, charges, escaping off the table
  shooting.py       range bands, cover and movement, ammunition, automatic fire
  grenades.py       the four grenade types; cooked grenades thrown away, back, or detonating
  melee.py          weapon reach and the simultaneous fight
  miscellaneous.py  reload, aim, first aid, operate machinery; the end of the round
  hits.py           hits landing: armour, luck, damage and severe wounds
  victory.py        the end of the game;  validation.py  a scenario's checks
  characters.py     what every phase asks about a character (skills, gear, effects, the ambush)
  ground.py         the table as Takipsilim reads it: reach, line of sight, cover, blasts
  tables.py         the data files: weapons and range bands, grenades, armour, melee reach

Interpretations are recorded in assets/rules/takipsilim.md (the in-game rules reference).
"""
from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.boards import TableRules
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, OptionSpec, Ruleset, StatField
from game.engine.state import GameState, Result, Unit
from game.geometry.los import LosRules

from . import (characters, grenades, hits, melee, miscellaneous, movement, orders, shooting, tables,
               validation, victory)
from .actions import ACTIONS, Order, SpendLuck, ThrowAway, ThrowBack


# ==== the flow's hooks: one round =================================================================
def _begin_round(state: GameState, phase: Phase) -> None:
    orders.begin_round(state)


def _order_queue(state: GameState, phase: Phase) -> list[Decision]:
    return orders.queue(state, phase.reason)


def _resolve_movement(state: GameState, phase: Phase) -> None:
    orders.reveal(state)
    movement.resolve(state)


def _resolve_shooting(state: GameState, phase: Phase) -> None:
    shooting.resolve(state)


def _resolve_grenades(state: GameState, phase: Phase) -> None:
    grenades.resolve(state)


def _resolve_melee(state: GameState, phase: Phase) -> None:
    melee.resolve(state)


def _settle_hits(state: GameState, phase: Phase) -> None:
    """After shooting and melee: the phase's hits land, one by one (luck may interrupt)."""
    hits.settle(state)


def _begin_miscellaneous(state: GameState, phase: Phase) -> None:
    miscellaneous.begin(state)


def _offer_grenade_responses(state: GameState, phase: Phase) -> None:
    """"Throwing grenades away or back fall under this action too": a cooked grenade among the
    enemy is answered before the miscellaneous actions."""
    grenades.offer_responses(state)


def _miscellaneous_actions(state: GameState, phase: Phase) -> None:
    miscellaneous.actions(state)


def _detonations(state: GameState, phase: Phase) -> None:
    """Cooked grenades detonate at the end of the round."""
    grenades.detonate(state)


def _end_round(state: GameState, phase: Phase) -> None:
    miscellaneous.end_round(state)


class Takipsilim(TableRules, Ruleset):
    id = "takipsilim"
    name = "Takipsilim Skirmishes"
    actions = ACTIONS
    options = (
        OptionSpec("free_move", "Free move with every action", True,
                   help="Moving is a free action: every character may move up to its allowance in the "
                        "movement phase besides its committed action (shooting after moving has "
                        "disadvantage). Off: only the Run action moves (and melee charges)."),
    )
    marker_styles = {"out-of-combat": "OUT", "dead": "DEAD", "mortal-wound": "MW", "stabilised": "STB",
                     "escaped": "ESC", "winded": "WND", "dazzled": "DAZ", "ducked": "DCK",
                     "gassed": "GAS", "aimed": "AIM", "hunkering": "HNK"}
    # "Rounds": "Each character commits to only one action per round. Resolve actions in the following
    # order: Movement, Shooting, Grenades, Melee, Miscellaneous."
    flow = Flow((
        Phase("orders", order="actors", decision="orders", hidden=True, begin=_begin_round,
              actors=_order_queue, reason="commit one action per character, in secret"),
        Phase("movement", order="auto", begin=_resolve_movement),
        Phase("shooting", order="auto", begin=_resolve_shooting, steps=(_settle_hits,)),
        Phase("grenades", order="auto", begin=_resolve_grenades),
        Phase("melee", order="auto", begin=_resolve_melee, steps=(_settle_hits,)),
        Phase("miscellaneous", order="auto", begin=_begin_miscellaneous,
              steps=(_offer_grenade_responses, _miscellaneous_actions, _detonations, _settle_hits,
                     _end_round)),
    ))

    # ==== setting up ==========================================================================
    def unit_form(self, stats: Any) -> tuple[StatField, ...]:
        """For the scenario editor: the weapon and melee weapon from weapons.json and melee.json,
        the rest of a character's sheet as it is."""
        kit = (StatField("weapon", "Weapon", None, (None, *tables.weapons())),
               StatField("melee_weapon", "Melee weapon", None, (None, *tables.melee_weapons())))
        return kit + tuple(f for f in super().unit_form(stats) if f.key not in ("weapon", "melee_weapon"))

    def validate_scenario(self, scenario: Any) -> list[str]:
        return validation.problems(scenario)

    def setup(self, state: GameState) -> None:
        characters.setup(state)

    def hides_information(self, state: GameState) -> bool:
        """Every round both sides commit their orders in secret."""
        return True

    def range_bands(self, state: GameState, unit_id: str) -> list[tuple[str, float]]:
        return shooting.range_bands(state, unit_id)

    def blast_radius(self, state: GameState) -> float | None:
        """Fragmentation: those within short range (10 m) of the blast must roll to avoid it."""
        return tables.bands()[0][1]

    def los_rules(self, state: GameState) -> LosRules:
        return shooting.los_rules(state)

    # ==== options ================================================================================
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "orders":
            if decision.the_actor not in state.units:
                return []
            return self.order_options(state, state.units[decision.the_actor])
        if decision.kind == "luck":
            return hits.luck_options(state)
        if decision.kind == "grenade":
            return grenades.response_options(state, decision.side, decision.context.get("grenade", ""))
        return []

    def order_options(self, state: GameState, u: Unit) -> list[Option]:
        return orders.options(state, u)

    # ==== answering decisions (Option.contains takes a moving order's point anywhere in its region) ====
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if isinstance(action, Order):
            orders.commit(state, action, decision)
        elif isinstance(action, SpendLuck):
            hits.spend_luck(state, action)
        elif isinstance(action, ThrowAway):
            grenades.throw_away(state, action)
        elif isinstance(action, ThrowBack):
            grenades.throw_back(state, action)
        # Pass: leave the grenade where it is

    # ==== the end =================================================================================
    def result(self, state: GameState) -> Result | None:
        return victory.result(state)

    def result_at_limit(self, state: GameState) -> Result:
        return victory.result_at_limit(state)

    # ==== what a side may see =========================================================================
    def view(self, state: GameState, side: int, shared: bool = False) -> GameState:
        seen = super().view(state, side, shared)
        if not state.data.get("revealed"):
            seen.data["orders"] = orders.unrevealed(state, side)
        return seen

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        return characters.describe(state, unit_id)

    # ==== what the AI asks (the same rules the phases use) ============================================
    skill = staticmethod(characters.skill)
    weapon = staticmethod(characters.weapon)
    melee_reach = staticmethod(characters.melee_reach)
    melee_name = staticmethod(characters.melee_name)
    has_gear = staticmethod(characters.has_gear)
    is_pc = staticmethod(characters.is_pc)
    effect = staticmethod(characters.effect)
    set_effect = staticmethod(characters.set_effect)
    surprised_side = staticmethod(characters.surprised_side)
    ambush_bonus = staticmethod(characters.ambush_bonus)
    enemies = staticmethod(characters.enemies)
    in_smoke = staticmethod(characters.in_smoke)
    smoke_indoors = staticmethod(characters.smoke_indoors)
    shot_setup = staticmethod(shooting.shot_setup)
    melee_modifiers = staticmethod(melee.modifiers)
    order_text = staticmethod(orders.text)
