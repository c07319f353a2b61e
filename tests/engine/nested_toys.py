"""A toy campaign whose battles are nested games of a toy battle ruleset (design §3 "Nested games").

Each turn both sides choose to march or to hold; when both march, the armies meet and the battle is
fought as a full game of `toy-battle`, with the campaign's sides seated the other way round (the
campaign's side 1 plays the battle's side 0), so that the engine's seat translation is exercised.
The battle's Result comes back to the campaign, which counts victories and removes the loser's
army base. Its actions share no class with the battle's, so a save must name which game each went to.
"""
from __future__ import annotations

import dataclasses

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.flow import Decision, Flow, Phase
from game.engine.registry import register, unregister
from game.engine.ruleset import Option, Ruleset
from game.engine.scenario import Scenario
from game.engine.state import GameState, Result
from tests.toys import InitiativeToy


@dataclasses.dataclass(frozen=True)
class March(Action):
    side: int = 0
    march: bool = True


class BattleToy(InitiativeToy):
    """A battle: the initiative toy, ended by its turn limit with the survivors counted."""
    id = "toy-battle"

    def result(self, state: GameState) -> Result | None:
        standing = [len(state.side_units(s)) for s in range(state.sides)]
        if min(standing) == 0:
            winner = 0 if standing[0] else 1
            return Result(winner, "the enemy is gone", {"survivors": standing})
        return None

    def result_at_limit(self, state: GameState) -> Result:
        holder = state.flow.initiative
        return Result(holder, "holds the initiative at nightfall",
                      {"survivors": [len(state.side_units(s)) for s in range(state.sides)],
                       "field": holder})

    def apply(self, state, action, decision):
        super().apply(state, action, decision)
        if getattr(action, "succeed", True) is False:       # a failed try costs a figure
            mine = state.side_units(decision.side)
            if mine:
                mine[-1].out = True


def battle_scenario(turn_limit: int = 3) -> Scenario:
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": "toy-field", "title": "The toy field",
        "ruleset": "toy-battle", "table": {"width": 60, "height": 40},
        "sides": [{"name": "Red"}, {"name": "Blue"}],       # the campaign's side 1 plays side 0 here
        "units": [{"id": f"{c}{i}", "side": s, "name": f"{c}{i}", "x": 10 + 5 * i + 20 * s, "y": 10,
                   "stats": {"rating": 1}} for s, c in ((0, "r"), (1, "b")) for i in range(3)],
        "victory": {"kind": "toy"}, "turn_limit": turn_limit})


def _meet(state: GameState, phase: Phase) -> None:
    """Both armies marched: they meet, and the battle is fought on the table."""
    marches = state.data["marches"]
    if marches.get("0") and marches.get("1"):
        state.emit("ArmiesMeet", "The armies meet: battle!")
        engine.start_child(state, battle_scenario(), "battle-over", seats=(1, 0))
    state.data["marches"] = {}


def _battle_over(state: GameState, result: Result) -> None:
    """The battle's result comes back: the winner (in campaign sides) scores, the loser retreats."""
    winner = None if result.winner is None else (1, 0)[result.winner]
    state.data["battles"].append({"winner": winner, "reason": result.reason, "data": result.data})
    if winner is not None:
        state.data["victories"][winner] += 1


class WarToy(Ruleset):
    id = "toy-war"
    board_kind = "hexmap"
    actions = (March, Pass)
    nests = ("toy-battle",)
    resumes = {"battle-over": _battle_over}
    flow = Flow((Phase("march", order="each-once", decision="march"),
                 Phase("battles", order="auto", begin=_meet)))

    def setup(self, state):
        state.data.update(marches={}, battles=[], victories=[0, 0])

    def legal_actions(self, state, decision):
        s = decision.side
        return [Option("March", "March", March(s, True)), Option("March", "Hold", March(s, False))]

    def apply(self, state, action, decision):
        state.data["marches"][str(action.side)] = action.march
        state.emit("March", f"side {action.side} {'marches' if action.march else 'holds'}")

    def result(self, state):
        v = state.data["victories"]
        if max(v) >= 2:
            return Result(v.index(2), "two victories", {"victories": list(v)})
        return None


def war_doc(turn_limit: int = 6) -> dict:
    """The campaign stands on a hex map: two capitals, a town, a forest, a river crossed by a road."""
    return {
        "format": "skirmish-table/scenario", "version": 1, "name": "toy-war", "title": "Toy war",
        "ruleset": "toy-war",
        "hexmap": {"layout": "pointy", "size": 5, "cols": 7, "rows": 5, "default": "plain",
                   "hexes": [{"q": 1, "r": 1, "terrain": "forest"}, {"q": 2, "r": 1, "terrain": "forest"},
                             {"q": 2, "r": 3, "terrain": "hills"}, {"q": 4, "r": 0, "terrain": "marsh"}],
                   "hexsides": [{"a": [3, 1], "b": [4, 1], "kind": "river"},
                                {"a": [2, 2], "b": [3, 2], "kind": "river"},
                                {"a": [1, 3], "b": [2, 3], "kind": "river"},
                                {"a": [1, 2], "b": [2, 2], "kind": "road"},
                                {"a": [2, 2], "b": [3, 2], "kind": "road"},
                                {"a": [3, 2], "b": [4, 2], "kind": "road"}],
                   "places": [{"q": -1, "r": 2, "kind": "capital", "name": "Blueburg", "side": 0},
                              {"q": 5, "r": 2, "kind": "capital", "name": "Redmark", "side": 1},
                              {"q": 2, "r": 2, "kind": "town", "name": "Midford"}]},
        "sides": [{"name": "Blue"}, {"name": "Red"}],
        "units": [{"id": "blue-army", "side": 0, "name": "Blue army", "hex": [0, 2]},
                  {"id": "red-army", "side": 1, "name": "Red army", "hex": [4, 2]}],
        "victory": {"kind": "toy"}, "turn_limit": turn_limit}


def war_scenario(turn_limit: int = 6) -> Scenario:
    return Scenario.from_dict(war_doc(turn_limit))


NESTED_TOYS = (WarToy(), BattleToy())


def register_nested() -> None:
    for toy in NESTED_TOYS:
        register(toy)


def unregister_nested() -> None:
    for toy in NESTED_TOYS:
        unregister(toy.id)
