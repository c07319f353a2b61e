"""Fights and Advantage ("Declare Fights", "Calculate Advantage").

A fight is the characters of the two sides in one location who are engaged, plus characters with a
ranged Fight skill in an adjacent location with LOS who declared to join it. Each fight keeps one
signed Advantage, stored for side 0 (side 1 holds its negative): "always being positive for one
side (and thus negative for the other)".

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

from typing import Any

from game.engine.state import GameState, Unit

from . import battleground, characters


# ==== who is where ====================================================================================
def standing(state: GameState, side: int | None = None) -> list[Unit]:
    return [u for u in state.units.values() if not u.out and (side is None or u.side == side)]


def enemies_at(state: GameState, side: int, loc: str | None) -> list[Unit]:
    return [u for u in standing(state) if u.side != side and battleground.location_of(state, u) == loc]


def join_choices(state: GameState, u: Unit) -> list[str]:
    """Where the character may fight: its own location when enemies are there (it cannot stay out);
    otherwise, with a ranged Fight skill, an adjacent location holding enemies that it sees."""
    here = battleground.location_of(state, u)
    if here is None:
        return []
    if enemies_at(state, u.side, here):
        return [here]
    return [loc for loc in battleground.adjacent(state, here)
            if enemies_at(state, u.side, loc) and battleground.sees(state, u, loc)]


# ==== the fights of a round ============================================================================
def form(state: GameState) -> dict[str, list[str]]:
    """Members of each fight from the declarations: everyone in a location with enemies; ranged
    characters who declared into an adjacent fight; and characters a ranged enemy fires on at their
    location. A fight needs both sides; characters held off by Tactics sit this round out."""
    d = state.data
    held = {uid for uid, h in d["held_off"].items() if h["until"] >= state.turn}
    members: dict[str, list[str]] = {}
    loose = []
    for u in sorted(standing(state), key=lambda u: u.id):
        if u.id in held:
            continue
        here = battleground.location_of(state, u)
        declared = d["declared"].get(u.id, "")
        if here is not None and enemies_at(state, u.side, here):
            members.setdefault(here, []).append(u.id)
        elif declared and declared in join_choices(state, u) and characters.is_ranged(state, u):
            members.setdefault(declared, []).append(u.id)
        else:
            loose.append(u)
    for u in loose:                      # shot at from afar: the fight comes to them
        here = battleground.location_of(state, u)
        there = members.get(here or "", [])
        if any(state.units[m].side != u.side for m in there):
            there.append(u.id)
    return {loc: ids for loc, ids in members.items()
            if len({state.units[m].side for m in ids}) == 2}


def members(state: GameState, loc: str, side: int | None = None) -> list[Unit]:
    f = state.data["fights"].get(loc)
    if f is None:
        return []
    return [state.units[m] for m in f["members"]
            if not state.units[m].out and (side is None or state.units[m].side == side)]


def live(state: GameState, loc: str) -> bool:
    return len({u.side for u in members(state, loc)}) == 2


def fight_of(state: GameState, uid: str) -> str | None:
    for loc, f in state.data["fights"].items():
        if uid in f["members"] and live(state, loc):
            return loc
    return None


def opponents(state: GameState, uid: str) -> list[Unit]:
    loc = fight_of(state, uid)
    if loc is None:
        return []
    return members(state, loc, 1 - state.units[uid].side)


def leave(state: GameState, uid: str) -> None:
    for f in state.data["fights"].values():
        if uid in f["members"]:
            f["members"].remove(uid)


# ==== Advantage =========================================================================================
def skill_level(state: GameState, loc: str, side: int) -> int:
    """"A side's skill level is the sum of the fight ratings of all characters on that side"."""
    return sum(characters.fight_rating(state, u) for u in members(state, loc, side))


def base(state: GameState, loc: str) -> int:
    """Side 0's starting Advantage: the difference of skill levels, plus 1 per extra member when one
    side outnumbers the other."""
    n0, n1 = len(members(state, loc, 0)), len(members(state, loc, 1))
    return skill_level(state, loc, 0) - skill_level(state, loc, 1) + (n0 - n1)


def advantage(state: GameState, loc: str, side: int) -> int:
    f = state.data["fights"].get(loc)
    if f is None:
        return 0
    return f["adv"] if side == 0 else -f["adv"]


def shift(state: GameState, loc: str, side: int, amount: int, why: str) -> None:
    """Change `side`'s Advantage in the fight at `loc` by `amount` and log it in the text's words."""
    f = state.data["fights"].get(loc)
    if f is None or amount == 0:
        return
    before = advantage(state, loc, side)
    f["adv"] += amount if side == 0 else -amount
    after = advantage(state, loc, side)
    verb = "gain" if amount > 0 else "lose"
    state.emit("Advantage", f"{state.scenario.sides[side].name} {verb} {abs(amount)} Advantage at "
                            f"{battleground.name(state, loc)} ({why}): {before:+d} -> {after:+d}",
               fight=loc, side=side, amount=amount, advantage=f["adv"])


def situations(state: GameState, loc: str) -> list[dict[str, Any]]:
    """"Other elements such as ambushing ... can gain 1, 2, or 3 further Advantage": the scenario's
    situations for a fight that begins at this location (on a given round, or any)."""
    out = []
    for s in state.scenario.ruleset_data.get("situations", []) or []:
        if s.get("location") == loc and s.get("round", state.turn) == state.turn:
            out.append(s)
    return out


def calculate(state: GameState) -> None:
    """Calculate Advantage for each fight. A new fight starts at its base plus the scenario's
    situations. A fight that goes on keeps its Advantage, moved by the change in its base (members
    joined, left, were knocked out or took Skill Damage) and by last round's skill levels: the side
    whose skill level was greater gains 1. Penalties owed from last round (failed maneuvers and
    alterations) are paid now."""
    d = state.data
    old = d["fights"]
    formed = form(state)
    d["fights"] = {}
    for loc in sorted(formed, key=lambda k: [p.id for p in state.table.pieces].index(k)):
        d["fights"][loc] = {"adv": 0, "members": formed[loc], "base": 0, "levels": [0, 0]}
        b = base(state, loc)
        where = battleground.name(state, loc)
        names = {s: ", ".join(f"{u.name} ({characters.letter_label(state, u, characters.weapon(state, u))})"
                              for u in members(state, loc, s)) for s in (0, 1)}
        levels = [skill_level(state, loc, 0), skill_level(state, loc, 1)]
        if loc in old:
            f = old[loc]
            prev = f["levels"]
            state.emit("Fight", f"The fight at {where} goes on: {names[0]} against {names[1]} "
                                f"(skill levels {levels[0]} and {levels[1]})", fight=loc)
            d["fights"][loc].update(adv=f["adv"], base=f["base"])
            if b != f["base"]:
                shift(state, loc, 0, b - f["base"], "the sides changed")
            if prev[0] != prev[1]:
                up = 0 if prev[0] > prev[1] else 1
                shift(state, loc, up, 1, "its skill level was the greater last round")
        else:
            state.emit("Fight", f"A fight begins at {where}: {names[0]} against {names[1]} "
                                f"(skill levels {levels[0]} and {levels[1]})", fight=loc)
            d["fights"][loc]["adv"] = b
            state.emit("Advantage", f"Starting Advantage at {where}: {state.scenario.sides[0].name} "
                                    f"{b:+d} (skill levels {levels[0]} - {levels[1]}, "
                                    f"outnumbering {len(members(state, loc, 0)) - len(members(state, loc, 1)):+d})",
                       fight=loc, advantage=b)
            for s in situations(state, loc):
                shift(state, loc, int(s["side"]), int(s["advantage"]), s.get("why", "the situation"))
        d["fights"][loc]["base"] = b
        d["fights"][loc]["levels"] = levels
    pay_penalties(state)
    d["fought"] = sorted(m for f in d["fights"].values() for m in f["members"])


def pay_penalties(state: GameState) -> None:
    """"They must subtract the established Risk from their side's Advantage at the beginning of the
    next turn": penalties owed by a character (a failed maneuver) are paid in the fight it is in now;
    those owed in a fight (a failed alteration) in that fight. With no such fight, nothing is owed."""
    for p in state.data["pending"]:
        loc = fight_of(state, p["uid"]) if p.get("uid") else p.get("fight")
        if loc is not None and loc in state.data["fights"]:
            shift(state, loc, p["side"], -p["risk"], p["why"])
    state.data["pending"] = []


def owe(state: GameState, side: int, risk: int, why: str, uid: str = "", fight: str | None = None) -> None:
    state.data["pending"].append({"side": side, "risk": risk, "why": why, "uid": uid, "fight": fight})
