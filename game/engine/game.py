"""The one loop every driver uses: UI, AI, simulation and tests (design §3).

`new_game` builds the state from a scenario; then `to_act`, `legal_actions`, `check` and `apply`
move it on. After each action the engine checks, in order: game over, phase over, turn over.

A game may hold a nested game of another ruleset (the campaign's battle, `start_child`): while
it lives, every question and action goes to the innermost live game; when it ends, the parent's
resume hook receives its result and the parent's flow goes on. A save stays one flat list of
actions: replaying them rebuilds both levels.
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import Any, Sequence

from game.engine import registry
from game.engine.actions import Action
from game.engine.boards import build_board
from game.engine.dice import DiceStream, derived_seed
from game.engine.events import Event
from game.engine.flow import Decision, FlowState, Phase
from game.engine.ruleset import Option, Ruleset, sides_from
from game.engine.scenario import Scenario
from game.engine.state import GameState, Result, state_hash

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
    ruleset = registry.get(scenario.ruleset)
    if scenario.board_kind != ruleset.board_kind:
        raise ValueError(f"{scenario.name}: {ruleset.id} is played on a {ruleset.board_kind}, "
                         f"but the scenario has a {scenario.board_kind}")
    opts = ruleset.resolve_options(scenario.options, options)
    units = {u.id: u.copy() for u in scenario.units}
    initiative = int(scenario.ruleset_data.get("first_side", 0)) if scenario.ruleset_data else 0
    state = GameState(ruleset_id=ruleset.id, options=opts, scenario=scenario, board=build_board(scenario),
                      seed=int(seed), units=units, flow=FlowState(initiative=initiative, active=initiative),
                      dice=dice if dice is not None else DiceStream(seed=derived_seed(int(seed), "dice")))
    ruleset.setup(state)
    state.flow.started = True
    _start_turn(state, ruleset)
    _advance(state, ruleset)
    state._events = []
    return state


# -- nested games --------------------------------------------------------------------------------
def innermost(state: GameState) -> GameState:
    """The game deciding now: the deepest nested game still being played."""
    while state.child is not None and state.child.outcome is None:
        state = state.child
    return state


def _chain(state: GameState) -> list[GameState]:
    games = [state]
    while games[-1].child is not None and games[-1].child.outcome is None:
        games.append(games[-1].child)
    return games


def auto_played(state: GameState) -> bool:
    """Is the decision now one the AI makes for every side (inside a nested game whose parent's
    ruleset resolves its nested games automatically)? Drivers then seat their auto player."""
    games = _chain(state)
    return any(ruleset_of(g).auto_nested(g) for g in games[:-1])


def start_child(state: GameState, scenario: Scenario, resume: str, seats: Sequence[int] | None = None,
                options: dict[str, Any] | None = None) -> GameState:
    """Start a nested game of another ruleset (the campaign's battle), with a seed derived from this
    game's seed. `seats[i]` is this game's side playing the child's side i (default: the same).
    When the child ends, the resume hook `resume` of this game's ruleset receives its Result."""
    ruleset = ruleset_of(state)
    if resume not in ruleset.resumes:
        raise FlowError(f"ruleset {ruleset.id}: no resume hook {resume!r} to take the nested game's result")
    if state.child is not None:
        raise FlowError(f"ruleset {ruleset.id}: a nested game is already being played")
    state.children += 1
    child = new_game(scenario, derived_seed(state.seed, f"nested game {state.children}"), options)
    child.seats = tuple(int(s) for s in seats) if seats is not None else tuple(range(child.sides))
    if len(child.seats) != child.sides or not all(0 <= s < state.sides for s in child.seats):
        raise FlowError(f"ruleset {ruleset.id}: seats {list(child.seats)} do not fit {child.sides} sides")
    state.child = child
    state.flow.child_resume = resume
    state.emit("NestedGameBegan", f"{scenario.title} begins ({child.ruleset_id})",
               ruleset=child.ruleset_id, scenario=scenario.name)
    _mirror(state, child, child.log, 0)
    return child


def _mirror(parent: GameState, child: GameState, events: list[Event], rolls_from: int) -> None:
    """A nested game's events and rolls are told in the parent's log too. Something hidden in the
    child is hidden from every parent side but those playing a child side that may see it (a side
    not in the battle sees none of its secrets)."""
    seats = child.seats or ()

    def up(hidden: tuple[int, ...]) -> tuple[int, ...]:
        if not hidden:
            return ()
        may_see = {seats[s] for s in range(len(seats)) if s not in hidden}
        return tuple(s for s in range(parent.sides) if s not in may_see)

    for e in events:      # told at the parent's turn; the nested game's own turn goes with its phase
        phase = f"{child.ruleset_id} T{e.turn}" + (f": {e.phase}" if e.phase else "")
        event = dataclasses.replace(e, hidden_from=up(e.hidden_from), turn=parent.flow.turn, phase=phase)
        parent.log.append(event)
        parent._events.append(event)
    for r, hidden in zip(child.rolls[rolls_from:], child.rolls_hidden_from[rolls_from:]):
        parent.rolls.append(r)
        parent.rolls_hidden_from.append(up(hidden))


def _finish_child(state: GameState, ruleset: Ruleset) -> None:
    """The nested game has ended: the parent's resume hook receives its result."""
    child, resume = state.child, state.flow.child_resume
    assert child is not None and child.outcome is not None and resume is not None
    state.child = None
    state.flow.child_resume = None
    # the nested game's own last line said who won ("The battle of ... ends"); this one goes back
    over = state.emit("NestedGameOver", f"Back to {state.scenario.title} after {child.scenario.title}",
                      winner=child.outcome.winner, result=child.outcome.to_json(), title=child.scenario.title,
                      sides=[s.name for s in child.scenario.sides], seats=list(child.seats or ()))
    told = len(state.log)
    ruleset.resumes[resume](state, child.outcome)
    # what the result changed, as the resume hook told it to everyone (the battle's result screen)
    over.data["then"] = [e.text for e in state.log[told:] if e.kind != "Rolled" and not e.hidden_from]


# -- asking -----------------------------------------------------------------------------------
def _deciding(game: GameState) -> Decision | None:
    if game.outcome is not None:
        return None
    flow = game.flow
    if flow.interrupts:
        return flow.interrupts[-1]
    if flow.queue:
        return flow.queue[0]
    return None


def to_act(state: GameState) -> Decision | None:
    """Who decides what now: the top interrupt, else the head of the phase's queue, of the innermost
    live game. `seat` says which side of the outermost game makes the decision."""
    games = _chain(state)
    decision = _deciding(games[-1])
    if decision is None:
        return None
    if len(games) == 1:
        decision.seat = decision.side
        return decision
    seat = decision.side
    for game in reversed(games[1:]):
        seat = game.seats[seat] if game.seats else seat
    return dataclasses.replace(decision, seat=seat)


def legal_actions(state: GameState) -> list[Option]:
    game = innermost(state)
    decision = _deciding(game)
    if decision is None:
        return []
    return ruleset_of(game).legal_actions(game, decision)


def check(state: GameState, action: Action) -> str | None:
    """Why `action` is illegal now, or None when it is legal. Never changes the state."""
    game = innermost(state)
    decision = _deciding(game)
    if decision is None:
        return "the game is over"
    ruleset = ruleset_of(game)
    if not isinstance(action, tuple(ruleset.actions)):
        return f"{type(action).__name__} is not an action of {ruleset.id}"
    return ruleset.check(game, action, decision)


def result(state: GameState) -> Result | None:
    return state.outcome


def view(state: GameState, seat: int, shared: bool = False) -> GameState:
    """What the side `seat` of the outermost game may see: the innermost live game it plays in.
    A side that plays no part in a nested game sees its own game, without the nested one.
    `shared`: it holds the state's own objects, to be read at once and never changed (Ruleset.view)."""
    game, side = state, seat
    while game.child is not None and game.child.outcome is None:
        seats = game.child.seats or ()
        if side not in seats:
            break
        side, game = seats.index(side), game.child
    rs = ruleset_of(game)
    seen = rs.view(game, side, shared=True) if shared and _views_share(type(rs)) else rs.view(game, side)
    seen.child = None
    return seen


@functools.cache
def _views_share(kind: type) -> bool:
    """Whether a ruleset's `view` takes `shared` (the bundled ones do; a ruleset written to the plain
    `view(state, side)` of design §3 gets the plain call, and its view is a copy)."""
    return "shared" in inspect.signature(kind.view).parameters


# -- acting -----------------------------------------------------------------------------------
def apply(state: GameState, action: Action, atomic: bool = True, checked: bool = True) -> list[Event]:
    """Resolve `action` for the deciding side and move the flow on. Returns the new events.

    Atomic: if the ruleset raises in the middle of a resolution, the state is left as it was, so a
    half-applied action can never be saved. `atomic=False` is for a throwaway copy (the AI's
    look-ahead plays on clones it drops when anything fails), where the guard's copy is wasted.
    `checked=False` skips the legality check (the option search): only for replaying actions known
    to be legal, whose end the caller confirms by the state hash (a save's fast load)."""
    if checked:
        reason = check(state, action)
    else:
        reason = _plainly_wrong(innermost(state), action)
    if reason is not None:
        raise IllegalAction(reason)
    if not atomic:
        return _apply(state, action)
    before = state.clone()
    try:
        return _apply(state, action)
    except BaseException:
        _restore(state, before)
        raise


def _plainly_wrong(game: GameState, action: Action) -> str | None:
    """The cheap part of a check, kept when the option search is skipped: a decision to make, an
    action of its ruleset, made by the deciding side (its `side`) for one of its own units (`actor`)."""
    decision = _deciding(game)
    if decision is None:
        return "the game is over"
    if not isinstance(action, tuple(ruleset_of(game).actions)):
        return f"{type(action).__name__} is not an action of {game.ruleset_id}"
    side = getattr(action, "side", None)
    if isinstance(side, int) and side != decision.side:
        return f"side {side} does not decide now"
    actor = getattr(action, "actor", None)        # (an actor may name a team rather than a unit)
    if isinstance(actor, str) and actor in game.units and game.units[actor].side != decision.side:
        return f"{actor} is not a unit of the deciding side"
    return None


def _restore(state: GameState, before: GameState) -> None:
    for f in dataclasses.fields(GameState):
        setattr(state, f.name, getattr(before, f.name))


def _apply(state: GameState, action: Action) -> list[Event]:
    games = _chain(state)
    game = games[-1]
    for g in games:
        g._events = []
        g.action_count += 1
    rolls_before = [len(g.rolls) for g in games]
    ruleset = ruleset_of(game)
    flow = game.flow
    if flow.interrupts:
        decision = flow.interrupts.pop()
    else:
        decision = flow.queue[0]
        if not decision.run:
            flow.queue.pop(0)
    ruleset.apply(game, action, decision)
    if decision.resume is not None:
        ruleset.resumes[decision.resume](game, decision)
    _close_run(game, decision)
    _advance(game, ruleset)
    # climb out: each parent hears its child's events, then takes a finished child's result
    for depth in range(len(games) - 2, -1, -1):
        parent, child = games[depth], games[depth + 1]
        _mirror(parent, child, child._events, rolls_before[depth + 1])
        child._events = []
        _advance(parent, ruleset_of(parent))
    events, state._events = state._events, []
    return events


def end_run(state: GameState) -> None:
    """Rulesets call this when the deciding side's run of actions ends (initiative lost, turn done)."""
    state.flow.run_over = True


def pass_initiative(state: GameState, to_side: int, why: str) -> None:
    """The initiative changes hands; the current run ends (Risus: a failed action passes it)."""
    flow = state.flow
    if flow.initiative != to_side:
        flow.initiative = to_side
        state.emit("InitiativePassed", f"{state.scenario.sides[to_side].name} take the initiative: {why}",
                   side=to_side)
    end_run(state)


def set_order(state: GameState, order: Sequence[int]) -> None:
    """The turn's order of sides, first to last (the campaign: rank order of the sides' dice)."""
    order = [int(s) for s in order]
    if sorted(order) != list(range(state.sides)):
        raise FlowError(f"ruleset {state.ruleset_id}: order {order} must name each side once")
    state.flow.order = order
    state.flow.initiative = state.flow.active = order[0]


def push_interrupt(state: GameState, decision: Decision) -> None:
    """Another side decides now, in the middle of an action (opportunity fire, a grenade back...).
    A decision naming `resume` has that resume hook finish the interrupted resolution after it."""
    if decision.resume is not None and decision.resume not in ruleset_of(state).resumes:
        raise FlowError(f"ruleset {state.ruleset_id}: no resume hook {decision.resume!r}")
    state.flow.interrupts.append(decision)


# -- the flow runner -----------------------------------------------------------------------------
def _close_run(state: GameState, decision: Decision) -> None:
    flow = state.flow
    if flow.run_over and flow.queue and flow.queue[0].run:
        flow.queue.pop(0)
        flow.run_over = False
        if flow.queue:
            flow.active = flow.queue[0].side


def _start_turn(state: GameState, ruleset: Ruleset) -> None:
    flow = state.flow
    flow.phase = -1
    flow.phase_name = ""
    flow.step = 0
    flow.side_turn = 0
    flow.active = flow.initiative
    flow.order = list(sides_from(state, flow.initiative))
    state.emit("TurnBegan", f"Turn {flow.turn} begins", turn=flow.turn)
    if ruleset.flow.turn_begin is not None:
        ruleset.flow.turn_begin(state)
    if flow.order[0] != flow.initiative:           # the hook rolled the initiative, not an order
        flow.order = list(sides_from(state, flow.initiative))
    flow.active = flow.initiative


def _enter_phase(state: GameState, ruleset: Ruleset, index: int) -> None:
    flow = state.flow
    phase = ruleset.flow.phases[index]
    flow.phase = index
    flow.phase_name = phase.name
    flow.step = 0
    flow.queue = []
    flow.run_over = False
    if phase.begin is not None:
        phase.begin(state, phase)
    reason = phase.reason or phase.name
    if phase.order == "run":
        flow.queue = [Decision(flow.active, phase.decision, reason, hidden=phase.hidden, run=True)]
    elif phase.order == "each-run":
        flow.queue = [Decision(s, phase.decision, reason, hidden=phase.hidden, run=True) for s in flow.order]
        flow.active = flow.queue[0].side
    elif phase.order == "each-once":
        flow.queue = [Decision(s, phase.decision, reason, hidden=phase.hidden) for s in flow.order]
    elif phase.order == "actors":
        flow.queue = list(phase.actors(state, phase) or [])


def _waiting(state: GameState) -> bool:
    flow = state.flow
    return bool(flow.interrupts or flow.queue) or state.child is not None


def _run_steps(state: GameState, phase: Phase) -> bool:
    """The phase's declared steps, in order; a step that asks for a decision runs again once it is
    answered. True when every step is done."""
    flow = state.flow
    while flow.step < len(phase.steps):
        phase.steps[flow.step](state, phase)
        if _waiting(state):
            return False
        flow.step += 1
    return True


def _check_over(state: GameState, ruleset: Ruleset) -> bool:
    if state.outcome is not None:
        return True
    if state.child is not None:                # the nested game decides first
        return False
    outcome = ruleset.result(state)
    if outcome is None and state.flow.turn > state.scenario.turn_limit:
        outcome = ruleset.result_at_limit(state)
    if outcome is None:
        return False
    state.outcome = outcome
    state.flow.over = True
    state.flow.queue = []
    state.flow.interrupts = []
    # "won by": a side's name may be singular ("Kessel army 2") or plural ("Americans"), no verb to agree
    who = "a draw" if outcome.winner is None else f"won by {state.scenario.sides[outcome.winner].name}"
    # a nested game (a campaign's battle) ends while its parent goes on: it is named, not "the game"
    ends = f"{state.scenario.title} ends" if state.seats is not None else "The game ends"
    state.emit("GameOver", f"{ends}: {who} ({outcome.reason})", winner=outcome.winner)
    return True


def _advance(state: GameState, ruleset: Ruleset) -> None:
    """Walk the flow until some side must decide, or the game is over."""
    flow = state.flow
    phases = ruleset.flow.phases
    for _ in range(MAX_FLOW_STEPS):
        if state.child is not None:
            if state.child.outcome is None:
                return                       # the nested game decides
            _finish_child(state, ruleset)
            continue
        if _check_over(state, ruleset):
            return
        if flow.interrupts:
            return
        if flow.queue:
            if flow.queue[0].run and flow.run_over:
                _close_run(state, flow.queue[0])
                continue
            return
        # the phase's decisions are made: its steps, then its end
        if 0 <= flow.phase < len(phases):
            phase = phases[flow.phase]
            if not _run_steps(state, phase):
                continue
            if phase.end is not None:
                phase.end(state, phase)
                if _waiting(state):
                    raise FlowError(f"ruleset {ruleset.id}: phase {phase.name!r} asked for a decision in its "
                                    f"end hook (declare it as a step)")
            if (phase.steps or phase.end is not None) and _check_over(state, ruleset):
                return                           # the phase's resolution ended the game
        nxt = flow.phase + 1
        while nxt < len(phases) and not phases[nxt].happens_on(flow.turn):
            nxt += 1
        if nxt < len(phases):
            _enter_phase(state, ruleset, nxt)
            continue
        # the side's player-turn, or the whole turn, is over
        if ruleset.flow.per_side and flow.side_turn + 1 < state.sides:
            flow.side_turn += 1
            flow.active = flow.order[flow.side_turn]
            flow.phase = -1
            continue
        if ruleset.flow.turn_end is not None:
            ruleset.flow.turn_end(state)
        if _check_over(state, ruleset):
            return
        flow.turn += 1
        if _check_over(state, ruleset):
            return
        _start_turn(state, ruleset)
    raise FlowError(f"ruleset {ruleset.id}: the flow ran {MAX_FLOW_STEPS} steps without a decision")


def replay(scenario: Scenario, seed: int, options: dict[str, Any] | None,
           actions: list[Action], checked: bool = True) -> GameState:
    """Rebuild a game from its action list (the truth of a save). `checked=False`: each action is
    applied without its legality check (a trusted list, its end confirmed by the caller's hash)."""
    state = new_game(scenario, seed, options)
    for i, action in enumerate(actions):
        try:
            apply(state, action, atomic=checked, checked=checked)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i + 1} ({type(action).__name__}) does not replay: {exc}") from None
    return state


__all__ = ["new_game", "to_act", "legal_actions", "check", "apply", "result", "view", "replay",
           "innermost", "auto_played", "start_child", "end_run", "pass_initiative", "set_order", "push_interrupt",
           "state_hash", "IllegalAction", "FlowError"]
