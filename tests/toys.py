"""Small toy rulesets, one per turn structure of design §3, proving the flow is data.

They are not games: each action states its own outcome, so the tests can check exactly the order
of decisions a structure produces, interrupts and hidden commitments included.
"""
from __future__ import annotations

import dataclasses

from game.engine import game as engine
from game.engine.actions import Action, Pass
from game.engine.flow import Decision, Flow, Phase
from game.engine.registry import register, unregister
from game.engine.ruleset import Option, Ruleset, other_side
from game.engine.scenario import Scenario
from game.engine.state import GameState, Result


@dataclasses.dataclass(frozen=True)
class Try(Action):
    actor: str = ""
    succeed: bool = True


@dataclasses.dataclass(frozen=True)
class Step(Action):
    actor: str = ""


@dataclasses.dataclass(frozen=True)
class Fire(Action):
    side: int = 0
    hit: bool = True


@dataclasses.dataclass(frozen=True)
class Commit(Action):
    side: int = 0
    orders: tuple = ()


@dataclasses.dataclass(frozen=True)
class Answer(Action):
    side: int = 0
    yes: bool = True


def scenario(ruleset: str, units=(("a", 0, 3), ("b", 0, 5), ("x", 1, 4), ("y", 1, 5)),
             turn_limit: int = 6) -> Scenario:
    return Scenario.from_dict({
        "format": "skirmish-table/scenario", "version": 1, "name": f"{ruleset}-test",
        "ruleset": ruleset, "table": {"width": 60, "height": 40},
        "sides": [{"name": "Blue"}, {"name": "Red"}],
        "units": [{"id": uid, "side": side, "name": uid.upper(), "x": 10 + 5 * i, "y": 10,
                   "stats": {"rating": rating}} for i, (uid, side, rating) in enumerate(units)],
        "turn_limit": turn_limit})


class ToyBase(Ruleset):
    actions = (Try, Step, Fire, Commit, Answer, Pass)

    def legal_actions(self, state: GameState, decision: Decision) -> list[Option]:
        s = decision.side
        if decision.kind == "opportunity-fire":
            return [Option("Fire", "Fire", Fire(s, True)), Option("Fire", "Fire and miss", Fire(s, False)),
                    Option("Pass", "Pass", Pass(s))]
        if decision.kind in ("commit-orders",):
            return [Option("Commit", "Commit", Commit(s, ("hold",))),
                    Option("Commit", "Commit", Commit(s, ("advance",)))]
        if decision.kind in ("throw-back", "commander-save", "follow"):
            return [Option("Answer", "Yes", Answer(s, True)), Option("Answer", "No", Answer(s, False))]
        units = [u for u in state.side_units(s) if decision.the_actor in (None, u.id)]
        opts = []
        for u in units:
            opts += [Option("Try", f"{u.id} ok", Try(u.id, True), actor=u.id),
                     Option("Try", f"{u.id} fails", Try(u.id, False), actor=u.id),
                     Option("Step", f"{u.id} steps", Step(u.id), actor=u.id)]
        return opts + [Option("Pass", "Pass", Pass(s))]

    def result_at_limit(self, state: GameState) -> Result:
        return Result(None, "turn limit")


class InitiativeToy(ToyBase):
    """Risus Skirmish: the initiative holder acts while its actions succeed; a step may draw fire."""
    id = "toy-initiative"
    flow = Flow((Phase("actions", order="run", reason="holds the initiative"),))

    def apply(self, state, action, decision):
        side = decision.side
        if isinstance(action, Try) and not action.succeed:
            engine.pass_initiative(state, other_side(state, side), "the action failed")
        elif isinstance(action, Step):
            engine.push_interrupt(state, Decision(other_side(state, side), "opportunity-fire",
                                                  "an enemy moved into view"))
        elif isinstance(action, Fire) and action.hit:
            engine.pass_initiative(state, side, "opportunity fire succeeded")
        elif isinstance(action, Pass) and decision.kind == "act":
            engine.pass_initiative(state, other_side(state, side), "passed")


def _resolve(state, phase):
    state.emit("Phase", f"{phase.name} resolves")


def _grenades(state, phase):
    if state.data["orders"].get("0") == ["advance"]:
        engine.push_interrupt(state, Decision(1, "throw-back", "a grenade lands"))


def _clear_orders(state, phase):
    state.data["orders"] = {}


class CommitToy(ToyBase):
    """Takipsilim: both sides commit hidden orders, then the phases resolve; a grenade may come back."""
    id = "toy-commit"
    flow = Flow((Phase("orders", order="each-once", decision="commit-orders", hidden=True),
                 Phase("movement", order="auto", begin=_resolve),
                 Phase("shooting", order="auto", begin=_resolve),
                 Phase("grenades", order="auto", begin=_grenades),
                 Phase("melee", order="auto", begin=_resolve),
                 Phase("miscellaneous", order="auto", begin=_resolve, end=_clear_orders)))

    def setup(self, state):
        state.data["orders"] = {}

    def apply(self, state, action, decision):
        if isinstance(action, Commit):
            state.data["orders"][str(action.side)] = list(action.orders)

    def view(self, state, side):
        seen = super().view(state, side)
        seen.data["orders"] = {k: v for k, v in seen.data["orders"].items() if k == str(side)}
        return seen


def _by_rating(state, phase):
    adv = state.data["advantage"]
    less = 0 if adv < 0 else 1
    units = sorted(state.units.values(),
                   key=lambda u: (u.stats["rating"], 0 if u.side == less else 1, u.id))
    return [Decision(u.side, "act", "fight rating order", actor=u.id) for u in units]


class RatingToy(ToyBase):
    """Riskbreaker: characters act one at a time by fight rating, ties to the side with less Advantage."""
    id = "toy-rating"
    flow = Flow((Phase("fight", order="actors", actors=_by_rating),))

    def setup(self, state):
        state.data["advantage"] = 2          # positive: side 0 is ahead

    def apply(self, state, action, decision):
        if isinstance(action, Step):     # a maneuver: each opponent may follow
            for u in state.side_units(other_side(state, decision.side)):
                engine.push_interrupt(state, Decision(u.side, "follow", "keep pace", actor=u.id))


def _roll_initiative(state):
    while True:
        a = state.roll("d6", "initiative", "Blue").total
        b = state.roll("d6", "initiative", "Red").total
        if a != b:            # equal rolls are re-rolled
            state.flow.initiative = 0 if a > b else 1
            return


def _volleys(state, phase):
    engine.push_interrupt(state, Decision(1, "commander-save", "a unit routs"))


def _melee(state, phase):
    state.emit("Melee", "melee resolves")


class PhasesToy(ToyBase):
    """A Risk to Take battles: initiative roll, then move (winner first), fire and melee phases."""
    id = "toy-phases"
    flow = Flow((Phase("move", order="each-run"),
                 Phase("fire", order="auto", begin=_volleys),
                 Phase("melee", order="auto", begin=_melee)), turn_begin=_roll_initiative)

    def apply(self, state, action, decision):
        if isinstance(action, Pass) and decision.kind == "act":
            engine.end_run(state)


def _activation_tests(state, phase):
    state.emit("Activation", f"activation tests for side {state.flow.active}", side=state.flow.active)


class ActivationToy(ToyBase):
    """Petite Guerre: each player's turn opens with activation tests, then that player acts."""
    id = "toy-activation"
    flow = Flow((Phase("activation", order="auto", begin=_activation_tests),
                 Phase("actions", order="run")), per_side=True)

    def apply(self, state, action, decision):
        if isinstance(action, Pass):
            engine.end_run(state)


def _battles(state, phase):
    state.emit("Battles", "battles")


def _reinforce(state, phase):
    state.emit("Reinforcements", f"reinforcements on turn {state.turn}")


class CampaignToy(ToyBase):
    """The campaign: moves every turn, reinforcements and supply every second turn."""
    id = "toy-campaign"
    flow = Flow((Phase("movement", order="each-once"),
                 Phase("battles", order="auto", begin=_battles),
                 Phase("reinforcements", order="auto", every=2, offset=1, begin=_reinforce)))

    def apply(self, state, action, decision):
        pass


TOYS = (InitiativeToy(), CommitToy(), RatingToy(), PhasesToy(), ActivationToy(), CampaignToy())


def register_toys() -> None:
    for toy in TOYS:
        register(toy)


def unregister_toys() -> None:
    for toy in TOYS:
        unregister(toy.id)
