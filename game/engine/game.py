"""The one loop every driver uses: UI, AI, simulation and tests (design §3).

`new_game` builds the state from a scenario; then `to_act`, `legal_actions`, `check` and `apply`
move it on. After each action the engine checks, in order: game over, phase over, turn over.
"""
from __future__ import annotations

import copy
from typing import Any

from game.engine import registry
from game.engine.actions import Action
from game.engine.dice import DiceStream, derived_seed
from game.engine.events import Event
from game.engine.flow import Decision, FlowState, Phase
from game.engine.ruleset import Option, Ruleset, sides_from
from game.engine.scenario import Scenario
from game.engine.state import GameState, Result, Unit, state_hash
from game.engine.table import build_table

MAX_FLOW_STEPS = 100_000


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is unchanged."""


class FlowError(RuntimeError):
    """A ruleset's flow that cannot reach a decision (a bug in the ruleset, never the player's)."""


def ruleset_of(state: GameState) -> Ruleset:
    return registry.get(state.ruleset_id)


def new_game(scenario: Scenario, seed: int, options: dict[str, Any] | None = None,
             dice: DiceStream | None = None) -> GameState:
    """Set up a scenario: units where the scenario puts them, then the flow's first decision."""
    rs = registry.get(scenario.ruleset)
    opts = rs.resolve_options(scenario.options, options)
    units = {
        u.id: Unit(id=u.id, side=u.side, name=u.name, x=u.x, y=u.y, facing=u.facing,
                   base=dict(u.base), kind=u.kind, team=u.team, stats=copy.deepcopy(u.stats),
                   markers=set(u.markers))
        for u in scenario.units
    }
    initiative = int(scenario.ruleset_data.get("first_side", 0)) if scenario.ruleset_data else 0
    state = GameState(ruleset_id=rs.id, options=opts, scenario=scenario, table=build_table(scenario),
                      seed=int(seed), units=units, flow=FlowState(initiative=initiative, active=initiative),
                      dice=dice if dice is not None else DiceStream(seed=derived_seed(int(seed), "dice")))
    rs.setup(state)
    state.flow.started = True
    _start_turn(state, rs)
    _advance(state, rs)
    state._events = []
    return state


# -- asking -----------------------------------------------------------------------------------
def to_act(state: GameState) -> Decision | None:
    """Who decides what now: the top interrupt, else the head of the phase's queue."""
    if state.outcome is not None:
        return None
    fs = state.flow
    if fs.interrupts:
        return fs.interrupts[-1]
    if fs.queue:
        return fs.queue[0]
    return None


def legal_actions(state: GameState) -> list[Option]:
    decision = to_act(state)
    if decision is None:
        return []
    return ruleset_of(state).legal_actions(state, decision)


def check(state: GameState, action: Action) -> str | None:
    """Why `action` is illegal now, or None when it is legal. Never changes the state."""
    decision = to_act(state)
    if decision is None:
        return "the game is over"
    rs = ruleset_of(state)
    if not isinstance(action, tuple(rs.actions)):
        return f"{type(action).__name__} is not an action of {rs.id}"
    return rs.check(state, action, decision)


def result(state: GameState) -> Result | None:
    return state.outcome


def view(state: GameState, side: int) -> GameState:
    return ruleset_of(state).view(state, side)


# -- acting -----------------------------------------------------------------------------------
def apply(state: GameState, action: Action) -> list[Event]:
    """Resolve `action` for the deciding side and move the flow on. Returns the new events."""
    reason = check(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    rs = ruleset_of(state)
    fs = state.flow
    state._events = []
    if fs.interrupts:
        decision = fs.interrupts.pop()
    else:
        decision = fs.queue[0]
        if not decision.data.get("run"):
            fs.queue.pop(0)
    rs.apply(state, action, decision)
    state.action_count += 1
    _close_run(state, decision)
    _advance(state, rs)
    events, state._events = state._events, []
    return events


def end_run(state: GameState) -> None:
    """Rulesets call this when the deciding side's run of actions ends (initiative lost, turn done)."""
    state.flow.run_over = True


def pass_initiative(state: GameState, to_side: int, why: str) -> None:
    """The initiative changes hands; the current run ends (Risus: a failed action passes it)."""
    fs = state.flow
    if fs.initiative != to_side:
        fs.initiative = to_side
        state.emit("InitiativePassed", f"{state.scenario.sides[to_side].name} take the initiative: {why}",
                   side=to_side)
    end_run(state)


def push_interrupt(state: GameState, decision: Decision) -> None:
    """Another side decides now, in the middle of an action (opportunity fire, a grenade back...)."""
    state.flow.interrupts.append(decision)


# -- the flow runner -----------------------------------------------------------------------------
def _phases(rs: Ruleset) -> tuple[Phase, ...]:
    return rs.flow.phases


def _hook(rs: Ruleset, state: GameState, name: str | None, *args: Any) -> Any:
    if name:
        return getattr(rs, name)(state, *args)
    return None


def _close_run(state: GameState, decision: Decision) -> None:
    fs = state.flow
    if fs.run_over and fs.queue and fs.queue[0].data.get("run"):
        fs.queue.pop(0)
        fs.run_over = False
        if fs.queue:
            fs.active = fs.queue[0].side


def _start_turn(state: GameState, rs: Ruleset) -> None:
    fs = state.flow
    fs.phase = -1
    fs.phase_name = ""
    fs.side_turn = 0
    fs.active = fs.initiative
    state.emit("TurnBegan", f"Turn {fs.turn} begins", turn=fs.turn)
    _hook(rs, state, rs.flow.turn_begin)
    fs.active = fs.initiative


def _enter_phase(state: GameState, rs: Ruleset, index: int) -> None:
    fs = state.flow
    phase = _phases(rs)[index]
    fs.phase = index
    fs.phase_name = phase.name
    fs.queue = []
    fs.run_over = False
    _hook(rs, state, phase.begin, phase)
    reason = phase.reason or phase.name
    if phase.order == "run":
        fs.queue = [Decision(fs.active, phase.decision, reason, hidden=phase.hidden, data={"run": True})]
    elif phase.order == "each-run":
        fs.queue = [Decision(s, phase.decision, reason, hidden=phase.hidden, data={"run": True})
                    for s in sides_from(state, fs.initiative)]
        fs.active = fs.queue[0].side
    elif phase.order == "each-once":
        fs.queue = [Decision(s, phase.decision, reason, hidden=phase.hidden)
                    for s in sides_from(state, fs.initiative)]
    elif phase.order == "actors":
        fs.queue = list(_hook(rs, state, phase.actors, phase) or [])


def _check_over(state: GameState, rs: Ruleset) -> bool:
    if state.outcome is not None:
        return True
    outcome = rs.result(state)
    if outcome is None and state.flow.turn > state.scenario.turn_limit:
        outcome = rs.result_at_limit(state)
    if outcome is None:
        return False
    state.outcome = outcome
    state.flow.over = True
    state.flow.queue = []
    state.flow.interrupts = []
    who = "a draw" if outcome.winner is None else f"{state.scenario.sides[outcome.winner].name} win"
    state.emit("GameOver", f"The game ends: {who} ({outcome.reason})", winner=outcome.winner)
    return True


def _advance(state: GameState, rs: Ruleset) -> None:
    """Walk the flow until some side must decide, or the game is over."""
    fs = state.flow
    phases = _phases(rs)
    for _ in range(MAX_FLOW_STEPS):
        if _check_over(state, rs):
            return
        if fs.interrupts:
            return
        if fs.queue:
            if fs.queue[0].data.get("run") and fs.run_over:
                _close_run(state, fs.queue[0])
                continue
            return
        # the phase is over
        if 0 <= fs.phase < len(phases):
            _hook(rs, state, phases[fs.phase].end, phases[fs.phase])
            if _check_over(state, rs) or fs.interrupts or fs.queue:
                continue
        nxt = fs.phase + 1
        while nxt < len(phases) and not phases[nxt].happens_on(fs.turn):
            nxt += 1
        if nxt < len(phases):
            _enter_phase(state, rs, nxt)
            continue
        # the side's player-turn, or the whole turn, is over
        if rs.flow.per_side and fs.side_turn + 1 < state.sides:
            fs.side_turn += 1
            fs.active = sides_from(state, fs.initiative)[fs.side_turn]
            fs.phase = -1
            continue
        _hook(rs, state, rs.flow.turn_end)
        if _check_over(state, rs):
            return
        fs.turn += 1
        if _check_over(state, rs):
            return
        _start_turn(state, rs)
    raise FlowError(f"ruleset {rs.id}: the flow ran {MAX_FLOW_STEPS} steps without a decision")


def replay(scenario: Scenario, seed: int, options: dict[str, Any] | None,
           actions: list[Action]) -> GameState:
    """Rebuild a game from its action list (the truth of a save)."""
    state = new_game(scenario, seed, options)
    for i, action in enumerate(actions):
        try:
            apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i + 1} ({type(action).__name__}) does not replay: {exc}") from None
    return state


__all__ = ["new_game", "to_act", "legal_actions", "check", "apply", "result", "view", "replay",
           "end_run", "pass_initiative", "push_interrupt", "state_hash", "IllegalAction", "FlowError"]
