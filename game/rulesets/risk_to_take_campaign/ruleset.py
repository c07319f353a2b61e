"""A Risk to Take, the hex campaign (seed 003_24994b0dfd86b84f, "1. Campaign rules"): armies on a hex
map whose battles are nested `risk-to-take` games. Thin wiring: one module per part of the turn.

Turn: every side rolls the initiative (turn.py); on even turns reinforcements are rolled (turn.py);
armies waiting are placed (turn 1: the deployment); on even turns every army rolls for supply and
starving armies loot or not (supply.py); the sides march in rank order, then the trains move
(movement.py, supply.py); the battles are fought as nested games (battles.py); at the end of the turn
armies take the places they stand on, hostile towns strike and rebels loot. Goals: goals.py.
"""
from __future__ import annotations

from typing import Any

from game.engine import game as engine
from game.engine import registry
from game.engine.actions import Action, Pass
from game.engine.flow import Decision, Flow, Phase
from game.engine.ruleset import Option, OptionSpec, Ruleset, StatField, UnitKind
from game.engine.state import GameState, Result

from . import armies, bare_map, battles, editing, fog, goals, looks, movement, regions, supply, turn, validation
from .actions import ACTIONS, Deploy, ForbidLooting, Halt, Loot, March


def marchers(state: GameState, phase: Any) -> list[Decision]:
    """actors: one run of marches per side with an army to move, in rank order (hidden orders)."""
    return [Decision(side, "march", "marches in rank order of the initiative", run=True, hidden=True)
            for side in state.data["ranks"]
            if any(movement.can_march(state, u) for u in armies.armies(state, side))]


def end_of_turn(state: GameState) -> None:
    """Armies take the places they stand on alone; hostile towns strike; rebels loot."""
    for u in armies.armies(state):
        h = armies.hex_of(u)
        if h in state.board.places and all(o.side == u.side for o in armies.armies_at(state, h)
                                           if armies.REBEL not in o.markers):
            battles.take(state, h, u.side)
    supply.hostile_towns(state)
    supply.rebels_loot(state)
    state.data["turn_over"] = state.turn


class RiskToTakeCampaign(Ruleset):
    id = "risk-to-take-campaign"
    name = "A Risk to Take: the campaign"
    board_kind = "hexmap"
    nests = (battles.BATTLES,)
    flow = Flow((Phase("reinforcements", order="auto", every=2, offset=1, begin=turn.roll_reinforcements),
                 Phase("placement", order="actors", decision="place", actors=turn.placements),
                 Phase("supply", order="actors", decision="forage", every=2, offset=1,
                       begin=supply.roll_supply, actors=supply.starving_decisions),
                 Phase("march", order="actors", decision="march", actors=marchers,
                       begin=movement.roll_allowances, steps=(supply.advance_trains,)),
                 Phase("battles", order="auto", begin=battles.order_pending, steps=(battles.next_battle,))),
                turn_begin=turn.roll_initiative, turn_end=end_of_turn)
    resumes = {battles.RESUME: battles.battle_over}
    actions = ACTIONS
    options = (
        OptionSpec("reinforcement_die", "Reinforcement die", "d4", ("d4", "d6"),
                   "d4: 1-2 one army, 3-4 two; d6: odd one army, even two"),
        OptionSpec("terrain_costs", "Terrain costs", False,
                   help="on: forest and hills cost 2 hexes of a march, marsh 3, a river 2 more (roads 1); "
                        "off: every hex costs 1, as the text counts"),
        OptionSpec("scouting", "Scouting range (hexes)", 3, help="how far armies and towns see"),
        OptionSpec("auto_battles", "Resolve battles automatically", False,
                   help="the AI plays both sides of every battle"),
    )

    def setup(self, state: GameState) -> None:
        armies.setup(state)

    # -- options -----------------------------------------------------------------------------
    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        if decision.kind == "place":
            unit = state.units[decision.actor[0]]
            return [Option("Deploy", f"Place {unit.name}", region=regions.region(state, turn.placement_hexes(state, unit)),
                           template=Deploy(unit.id), actor=unit.id)]
        if decision.kind == "forage":
            unit = state.units[decision.actor[0]]
            towns = [state.board.places[h].name for h in supply.towns_to_sack(state, unit)]
            what = (f"marches to {towns[0]} and sacks it" if len(towns) == 1
                    else f"marches to {' or '.join(towns)} (by a die) and sacks it" if towns
                    else f"strips the countryside (no town within {supply.LOOT_REACH} hexes)")
            return [Option("Loot", f"{unit.name} loots: {what}", action=Loot(unit.id), actor=unit.id),
                    Option("ForbidLooting", f"Forbid {unit.name} to loot (risk of rebellion)",
                           action=ForbidLooting(unit.id), actor=unit.id)]
        opts = []
        for u in armies.armies(state, decision.side):
            if not movement.can_march(state, u):
                continue
            allowance = armies.status(u)["allowance"]
            to = movement.destinations(state, u)
            if to:
                opts.append(Option("March", f"March {u.name} ({allowance} hexes)", region=regions.region(state, to),
                                   template=March(u.id), actor=u.id))
            opts.append(Option("Halt", f"{u.name} stays", action=Halt(u.id), actor=u.id))
        opts.append(Option("Pass", "End of marches", action=Pass(decision.side)))
        return opts

    def check(self, state: GameState, action: Action, decision: Decision) -> str | None:
        """A point names a hex: it must be one of the army's legal hexes."""
        if isinstance(action, (Deploy, March)):
            unit = state.units.get(action.actor)
            if unit is None or unit.side != decision.side:
                return f"{action.actor} is not an army of this side"
            h = regions.hex_at(state, action.x, action.y)
            if isinstance(action, Deploy):
                if decision.kind != "place" or action.actor not in decision.actor:
                    return f"{unit.name} is not being placed now"
                if h not in turn.placement_hexes(state, unit):
                    return "Deploy: that hex is not within reach of the capital (or camp), or is taken"
                return None
            if decision.kind != "march" or not movement.can_march(state, unit):
                return f"{unit.name} cannot march now"
            if h not in movement.destinations(state, unit):
                return f"March: that hex is beyond {unit.name}'s allowance or barred"
            return None
        return super().check(state, action, decision)

    # -- resolving ---------------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, decision: Decision) -> None:
        if isinstance(action, Deploy):
            turn.place(state, state.units[action.actor], regions.hex_at(state, action.x, action.y))
        elif isinstance(action, Loot):
            supply.loot(state, state.units[action.actor])
        elif isinstance(action, ForbidLooting):
            supply.forbid(state, state.units[action.actor])
        elif isinstance(action, March):
            movement.march(state, state.units[action.actor], regions.hex_at(state, action.x, action.y))
        elif isinstance(action, Halt):
            movement.halt(state, state.units[action.actor])
        if decision.kind == "march":
            if isinstance(action, Pass):
                for u in armies.armies(state, decision.side):
                    if movement.can_march(state, u):
                        armies.status(u)["moved"] = True
                engine.end_run(state)
            elif not any(movement.can_march(state, u) for u in armies.armies(state, decision.side)):
                engine.end_run(state)
            # a side whose armies all stand to fight (an enemy entered their hexes) has no march left
            queue = state.flow.queue
            queue[1:] = [d for d in queue[1:] if d.kind != "march" or any(
                movement.can_march(state, u) for u in armies.armies(state, d.side))]

    def route(self, state: GameState, action: Action) -> list[tuple[float, float]] | None:
        """A march's path (the cheapest, as the rules will walk it), hex centre by hex centre."""
        if not isinstance(action, March) or action.actor not in state.units:
            return None
        unit = state.units[action.actor]
        h = regions.hex_at(state, action.x, action.y)
        if unit.hex is None or h is None or h not in movement.destinations(state, unit):
            return None
        return [state.board.centre(p) for p in movement.path_to(state, unit, h)]

    # -- what a side sees --------------------------------------------------------------------
    def view(self, state: GameState, side: int, shared: bool = False) -> GameState:
        seen = super().view(state, side, shared)
        fog.hide(state, seen, side)
        return seen

    def hides_information(self, state: GameState) -> bool:
        return True

    def uses_terrain_costs(self, state: GameState) -> bool:
        """The `terrain_costs` option (off by default: "Movement is 5 hexes per army", every hex 1)."""
        return regions.terrain_costs(state)

    def auto_nested(self, state: GameState) -> bool:
        return bool(state.options.get("auto_battles"))

    # -- the end -----------------------------------------------------------------------------
    def result(self, state: GameState) -> Result | None:
        """The goals; once the last turn is over, the turn limit's result (stamped on that turn)."""
        outcome = goals.result(state)
        if outcome is None and state.data.get("turn_over", 0) >= state.scenario.turn_limit:
            return goals.at_limit(state)
        return outcome

    def result_at_limit(self, state: GameState) -> Result:
        return goals.at_limit(state)

    def describe_unit(self, state: GameState, unit_id: str) -> str:
        u = state.units[unit_id]
        side = state.scenario.sides[u.side].name
        if u.kind == armies.TRAIN:
            sent = u.stats.get("detachment")
            return f"{u.name} ({side}): a supply train, 7 hexes a turn" + (f", escorted by a {sent['type']}" if sent else "")
        kinds: dict[str, int] = {}
        for x in u.stats.get("units", ()):
            kinds[x["type"]] = kinds.get(x["type"], 0) + 1
        bits = [", ".join(f"{n} {t}" for t, n in kinds.items())]
        status = u.stats.get("status", {})
        if armies.REBEL in u.markers:
            bits.append("REBELS: out of control")
        if "allowance" in status and not status.get("moved"):
            bits.append(f"marches {status['allowance']} this turn")
        if status.get("train"):
            train = state.units.get(status["train"])
            sent = train.stats.get("detachment") if train is not None else None
            bits.append("waiting for a train" + (f" (its {sent['type']} rides with it)" if sent else ""))
        if status.get("no_initiative"):
            bits.append("looted: loses the initiative of its next battle")
        return f"{u.name} ({side}): " + "; ".join(bits)

    def unit_look(self, state: GameState, unit_id: str):
        return looks.unit_look(state, unit_id)

    # -- a bare hex map (a Tiled import) made a campaign (bare_map.py) ----------------------------
    @property
    def default_victory(self) -> dict[str, Any]:
        """A scenario's victory when its file gives none: the campaign's goals (bare_map.py)."""
        return {"kind": "campaign", "goals": [dict(g) for g in bare_map.DEFAULT_GOALS]}

    def complete_scenario(self, doc: dict[str, Any]) -> list[str]:
        return bare_map.complete_scenario(doc)

    # -- for the scenario editor: the army and its list of units (editing.py) -------------------
    def unit_kinds(self) -> tuple[UnitKind, ...]:
        return editing.unit_kinds()

    def unit_form(self, stats: Any) -> tuple[StatField, ...]:
        return editing.unit_form(stats)

    def validate_scenario(self, scenario: Any) -> list[str]:
        problems = validation.problems(scenario)
        if scenario.victory.get("kind") != "campaign":
            problems.append("victory.kind: expected 'campaign'")
        for i, g in enumerate(scenario.victory.get("goals") or []):
            if not isinstance(g, dict) or g.get("kind") not in ("capital", "destroy", "towns"):
                problems.append(f"victory.goals[{i}].kind: expected capital, destroy or towns")
        caps = {p.get("side") for p in (scenario.hexmap or {}).get("places", []) if p.get("kind") == "capital"}
        for s in range(len(scenario.sides)):
            if s not in caps:
                problems.append(f"hexmap.places: side {s} needs a capital")
        for i, u in enumerate(scenario.units):       # each army must make a battle of its own units
            if u.stats.get("units") is not None:
                army = {"name": u.name, "units": u.stats["units"]}
                try:
                    registry.get(battles.BATTLES).nested_scenario({"armies": [army, army]})
                except (ValueError, TypeError, KeyError) as exc:
                    problems.append(f"units[{i}].stats.units: {exc}")
        if not 2 <= len(scenario.sides) <= 4:
            problems.append(f"sides: expected 2 to 4 sides, got {len(scenario.sides)}")
        return problems


RULESET = RiskToTakeCampaign()
