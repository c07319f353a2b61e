"""The round ("Combat Flow"): 1. Declare Fights (a hidden commitment per side, carried over from the
last round unless changed), 2. Calculate Advantage, 3. actions one character at a time in reverse
fight rating order, 4. Mark combat counters.

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from game.engine import game as engine
from game.engine.flow import Decision
from game.engine.ruleset import Option
from game.engine.state import GameState, Unit

from . import battleground, characters, fights
from .actions import Declare, Surrender


# ==== 1. Declare Fights ================================================================================
def declare_options(state: GameState, u: Unit) -> list[Option]:
    """Each fight the character may be in (or none, when no enemy shares its location), with each
    Fight skill it may fight with there: a ranged one to reach into an adjacent location, never one
    whose rating its Kill Damage already reaches (that would knock it out)."""
    sh = characters.sheet(state, u.id)
    here = battleground.location_of(state, u)
    choices = fights.join_choices(state, u)
    places = choices if here in choices else [""] + choices
    last = state.data["declared"].get(u.id)
    opts = []
    for loc in places:
        for k in characters.fight_skills(u):
            if characters.capacity(u, k) <= sh["kill"]:
                continue
            if loc and loc != here and k.get("fight") != "ranged":
                continue
            where = f"fights at {battleground.name(state, loc)}" if loc else "stays out of the fights"
            same = last == loc and sh["weapon"] == k["name"]
            opts.append(Option("Declare", f"{u.name} {where} with {characters.label(u, k)}"
                               + (" (as last round)" if same else ""),
                               action=Declare(u.id, loc, k["name"]), actor=u.id,
                               key=f"{u.id}:{loc}:{k['name']}"))
    opts.sort(key=lambda o: not o.label.endswith("(as last round)"))
    return opts


def begin_round(state: GameState) -> None:
    d = state.data
    d["revealed"] = False
    d["acted"] = []
    d["asked"] = []
    d["declared_weapon"] = {}
    state.emit("Round", f"Round {state.turn}: declare fights", turn=state.turn)
    for u in fights.standing(state):     # one choice only: declared for the player
        opts = declare_options(state, u)
        if len(opts) == 1:
            _record(state, opts[0].action)
        elif not opts:
            d["declared"][u.id] = ""


def may_surrender(state: GameState, side: int) -> bool:
    """Surrender is offered to a side with at most half as many characters standing as its enemies."""
    mine = len(fights.standing(state, side))
    return 2 * mine <= len(fights.standing(state)) - mine


def surrender_options(state: GameState, u: Unit) -> list[Option]:
    """**Interpretation:** a side that may surrender is offered it once a round, among the actions of
    the first of its characters to act: one option among that character's others, not a choice put
    to every character at every declaration (which made a random side give up in round two)."""
    first = not any(state.units[a].side == u.side for a in state.data["acted"])
    if not first or not may_surrender(state, u.side):
        return []
    return [Option("Surrender", f"Surrender: {state.scenario.sides[u.side].name}", action=Surrender(u.side),
                   actor=u.id)]


def _next_to_declare(state: GameState, side: int) -> str | None:
    """The next character the side declares for: one with a choice to make."""
    for u in sorted(fights.standing(state, side), key=lambda u: u.id):
        if u.id not in state.data["asked"] and len(declare_options(state, u)) > 1:
            return u.id
    return None


def declare_queue(state: GameState, reason: str) -> list[Decision]:
    """One hidden run per side, answered character by character (Takipsilim's orders are the model)."""
    out = []
    for side in state.flow.order:
        first = _next_to_declare(state, side)
        if first is not None:
            out.append(Decision(side, "declare", reason, actor=first, hidden=True, run=True))
    return out


def declare_choices(state: GameState, decision: Decision) -> list[Option]:
    u = state.units.get(decision.the_actor or "")
    if u is None:
        return []
    return declare_options(state, u)


def _record(state: GameState, action: Declare) -> None:
    u = state.units[action.actor]
    state.data["declared"][u.id] = action.fight
    state.data["declared_weapon"][u.id] = action.skill      # taken up when the declarations are revealed


def declare(state: GameState, action: Declare, decision: Decision) -> None:
    _record(state, action)
    state.data["asked"].append(action.actor)
    # no log line yet: a line hidden from the other side would keep the hotseat handing over for the
    # rest of the game; the declarations are told when they are revealed
    nxt = _next_to_declare(state, decision.side)
    if nxt is None:
        engine.end_run(state)
    else:
        decision.actor = (nxt,)


def surrender(state: GameState, action: Surrender) -> None:
    """A side that surrenders is beaten: with two sides the battle ends; with more, its characters
    leave the battle and the others fight on."""
    state.emit("Surrender", f"Surrender: {state.scenario.sides[action.side].name}", side=action.side)
    if state.sides == 2:
        state.data["surrendered"] = action.side
    else:
        for u in fights.standing(state, action.side):
            u.out = True
            u.markers.add("surrendered")
        state.flow.queue = order(state)


# ==== 2. reveal and Calculate Advantage =========================================================
def reveal_and_calculate(state: GameState) -> None:
    state.data["revealed"] = True
    for uid, k in state.data["declared_weapon"].items():
        characters.sheet(state, uid)["weapon"] = k
    for u in sorted(fights.standing(state), key=lambda u: u.id):
        loc = state.data["declared"].get(u.id, "")
        state.emit("Declaration", f"{u.name} fights with {characters.letter_label(state, u, characters.weapon(state, u))}"
                                  + (f" at {battleground.name(state, loc)}" if loc else ""), unit=u.id)
    fights.calculate(state)


# ==== 3. actions, in reverse fight rating order =====================================================
def order(state: GameState) -> list[Decision]:
    """Fights one at a time (in table order); in each, lowest fight rating first ("reverse fight
    rating order"), ties between sides to the side with less Advantage; ties on one side by id.
    **Interpretation:** at equal Advantage the side with the lower skill level goes first (the
    weaker, as with less Advantage), and at equal skill levels too, the scenario's first side.
    Characters in no fight act after the fights, lowest rating first. Knocked-out characters and
    those who acted are left out; the order is rebuilt after every action (ratings and Advantage
    move), which is what lets it skip a character knocked out before its turn."""
    acted = set(state.data["acted"])
    out: list[Decision] = []
    placed: set[str] = set()
    for loc in list(state.data["fights"]):
        if not fights.live(state, loc):
            continue
        rank = {s: (fights.advantage(state, loc, s), fights.skill_level(state, loc, s),
                    s != state.flow.initiative) for s in fights.sides_of(state, loc)}
        queue = sorted((u for u in fights.members(state, loc) if u.id not in acted),
                       key=lambda u: (characters.fight_rating(state, u), rank[u.side], u.id))
        for u in queue:
            if u.id not in placed:
                placed.add(u.id)
                out.append(Decision(u.side, "act", f"acts in the fight at {fights.name(state, loc)}",
                                    actor=u.id))
    rest = sorted((u for u in fights.standing(state) if u.id not in acted and u.id not in placed),
                  key=lambda u: (characters.fight_rating(state, u), u.id))
    out += [Decision(u.side, "act", "acts outside the fights", actor=u.id) for u in rest]
    return out


def acted(state: GameState, uid: str) -> None:
    state.data["acted"].append(uid)
    state.flow.queue = order(state)


# ==== 4. Mark combat counters ===========================================================================
def mark_counters(state: GameState) -> None:
    """"Every character who fought marks a combat counter ... When all three are filled, that character
    immediately takes one point of Kill Damage. Then all three counters are cleared." Then alterations
    and Tactics that last some rounds wear off."""
    from .damage import take_kill
    for uid in state.data["fought"]:
        u = state.units[uid]
        if u.out:
            continue
        sh = characters.sheet(state, uid)
        sh["counters"] += 1
        state.emit("CombatCounter", f"{u.name} marks combat counter {sh['counters']} of 3", unit=uid)
        if sh["counters"] >= 3:
            sh["counters"] = 0
            take_kill(state, u, 1, "three combat counters")
    closed = state.data["closed"]
    for key in list(closed):
        c = closed[key]
        if 0 <= c["until"] <= state.turn:
            del closed[key]
            a, b = key.split("|")
            state.emit("Alteration", f"The way between {battleground.name(state, a)} and "
                                     f"{battleground.name(state, b)} is open again")
    for uid in list(state.data["held_off"]):
        if state.data["held_off"][uid]["until"] <= state.turn:
            del state.data["held_off"][uid]
