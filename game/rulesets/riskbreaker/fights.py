"""Fights and Advantage ("Declare Fights", "Calculate Advantage").

A fight is the characters of two sides in one location who are engaged, plus characters with a
ranged Fight skill in an adjacent location with LOS who declared to join it. Each fight keeps one
signed Advantage, stored for the first of its two sides (the other holds its negative): "always being
positive for one side (and thus negative for the other)".

"Every fight has only two sides. If there are more than two sides, break the fight down into smaller
fights until there are only two": a location holding characters of more than two sides is split into
two-sided fights (`split`), each keyed `location#AvB`; a fight of two sides is keyed by its location.

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
    location. "Every battle is broken down into individual fights, which are made up of everyone close
    enough to hit one another and actively involved in same": characters who declared against one
    another are one fight, even from two locations (two archers shooting across; `_join_across`). A
    fight needs both sides; characters held off by Tactics sit this round out."""
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
    members = _join_across(state, members)
    out: dict[str, list[str]] = {}
    for loc, ids in members.items():
        sides = {state.units[m].side for m in ids}
        if len(sides) == 2:
            out[loc] = ids
        elif len(sides) > 2:
            out.update(split(state, loc, ids))
    return out


def _join_across(state: GameState, members: dict[str, list[str]]) -> dict[str, list[str]]:
    """A group of one side only (characters shooting into a location whose enemies declared elsewhere)
    joins the group its targets are in: they hit one another, so they are one fight. The joined fight
    keeps the key of a group that had both sides, else the first location in table order."""
    pieces = [p.id for p in state.table.pieces]
    keys = sorted(members, key=pieces.index)
    parent = {k: k for k in keys}

    def root(k: str) -> str:
        while parent[k] != k:
            k = parent[k]
        return k
    where = {m: k for k, ids in members.items() for m in ids}
    for k in keys:
        if len({state.units[m].side for m in members[k]}) != 1:
            continue
        side = state.units[members[k][0]].side
        targets = [where[u.id] for u in enemies_at(state, side, k) if u.id in where]
        for t in targets:
            a, b = root(k), root(t)
            if a != b:
                two = [r for r in (a, b) if len({state.units[m].side for m in members[r]}) > 1]
                keep = two[0] if two else min(a, b, key=pieces.index)
                parent[b if keep == a else a] = keep
    out: dict[str, list[str]] = {}
    for k in keys:
        out.setdefault(root(k), []).extend(members[k])
    return out


def split(state: GameState, loc: str, ids: list[str]) -> dict[str, list[str]]:
    """More than two sides in one place: "break the fight down into smaller fights until there are only
    two". **Interpretation:** each side deals its characters there, strongest fight rating first, to
    the enemy sides present in turn (in side order); the characters two sides dealt to each other make
    a two-sided fight. A character dealt to a side that dealt nobody back has no fight this round."""
    by_side: dict[int, list[Unit]] = {}
    for m in ids:
        by_side.setdefault(state.units[m].side, []).append(state.units[m])
    against: dict[str, int] = {}
    for side, units in sorted(by_side.items()):
        enemies = [e for e in sorted(by_side) if e != side]
        units.sort(key=lambda u: (-characters.fight_rating(state, u), u.id))
        for i, u in enumerate(units):
            against[u.id] = enemies[i % len(enemies)]
    out: dict[str, list[str]] = {}
    for m in ids:
        a, b = sorted((state.units[m].side, against[m]))
        if any(state.units[o].side == against[m] and against[o] == state.units[m].side for o in ids):
            out.setdefault(f"{loc}#{a}v{b}", []).append(m)
    return out


def location(state: GameState, key: str) -> str:
    """The location a fight is in (a split fight's key names its location first)."""
    return key.split("#")[0]


def sides_of(state: GameState, key: str) -> list[int]:
    """The two sides of a fight, the first the one its stored Advantage belongs to."""
    f = state.data["fights"].get(key)
    if f is not None and "sides" in f:
        return list(f["sides"])
    return sorted({state.units[m].side for m in (f or {}).get("members", [])})[:2] or [0, 1]


def name(state: GameState, key: str) -> str:
    """A fight as the log names it: its location, and for a split fight the two sides."""
    where = battleground.name(state, location(state, key))
    if "#" not in key:
        return where
    a, b = sides_of(state, key)
    return f"{where} ({state.scenario.sides[a].name} against {state.scenario.sides[b].name})"


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
    return [u for u in members(state, loc) if u.side != state.units[uid].side]


def join(state: GameState, loc: str, uid: str) -> None:
    """A character comes into a fight during the round (a friend brought in by Tactics): it fights,
    so it marks a combat counter at the end of the round ("every character who fought")."""
    state.data["fights"][loc]["members"].append(uid)
    if uid not in state.data["fought"]:
        state.data["fought"].append(uid)


def leave(state: GameState, uid: str) -> None:
    for f in state.data["fights"].values():
        if uid in f["members"]:
            f["members"].remove(uid)


# ==== Advantage =========================================================================================
def skill_level(state: GameState, loc: str, side: int) -> int:
    """"A side's skill level is the sum of the fight ratings of all characters on that side"."""
    return sum(characters.fight_rating(state, u) for u in members(state, loc, side))


def advantage(state: GameState, loc: str, side: int) -> int:
    f = state.data["fights"].get(loc)
    if f is None or side not in sides_of(state, loc):
        return 0
    return f["adv"] if side == sides_of(state, loc)[0] else -f["adv"]


def shift(state: GameState, loc: str, side: int, amount: int, why: str) -> None:
    """Change `side`'s Advantage in the fight at `loc` by `amount` and log it in the text's words."""
    f = state.data["fights"].get(loc)
    if f is None or amount == 0:
        return
    before = advantage(state, loc, side)
    f["adv"] += amount if side == sides_of(state, loc)[0] else -amount
    after = advantage(state, loc, side)
    f.setdefault("history", []).append({"round": state.turn, "side": side, "amount": amount, "after": after,
                                        "why": why})
    # "Blue: +3 Advantage at yard": no verb to agree with a side's name, one or many
    state.emit("Advantage", f"{state.scenario.sides[side].name}: {amount:+d} Advantage at "
                            f"{name(state, loc)} ({why}): {before:+d} -> {after:+d}",
               fight=loc, side=side, amount=amount, advantage=f["adv"])


def situations(state: GameState, loc: str) -> list[dict[str, Any]]:
    """"Other elements such as ambushing ... can gain 1, 2, or 3 further Advantage": the scenario's
    situations for a fight that begins at this location (on a given round, or any); a situation with
    `fighting_with` counts only when one of the side's characters there fights with that skill (the
    pikes holding a stairway: not a lone Wizard on it)."""
    out = []
    for s in state.scenario.ruleset_data.get("situations", []) or []:
        side = int(s.get("side", 0))
        if s.get("location") != location(state, loc) or s.get("round", state.turn) != state.turn \
                or side not in sides_of(state, loc):
            continue
        if s.get("fighting_with") and not any(characters.weapon(state, u)["name"] == s["fighting_with"]
                                              for u in members(state, loc, side)):
            continue
        out.append(s)
    return out


def calculate(state: GameState) -> None:
    """Calculate Advantage for each fight. A new fight starts at the difference of skill levels, +1 per
    extra member, plus the scenario's situations. A fight that goes on (the same two sides, still a
    fight at the end of last round) keeps its Advantage: spent Risk stays spent. It moves only by what
    the text names: outnumbering as the numbers change, the drift (`drift`), and penalties owed from
    last round (failed maneuvers and alterations)."""
    d = state.data
    old = {k: f for k, f in d["fights"].items() if live(state, k)}
    formed = form(state)
    d["fights"] = {}
    pieces = [p.id for p in state.table.pieces]
    for loc in sorted(formed, key=lambda k: (pieces.index(location(state, k)), k)):
        pair = sorted({state.units[m].side for m in formed[loc]})
        f = d["fights"][loc] = {"adv": 0, "members": formed[loc], "sides": pair, "history": []}
        numbers = [len(members(state, loc, s)) for s in pair]
        levels = [skill_level(state, loc, s) for s in pair]
        f.update(numbers=numbers, levels=levels, outnumbering=outnumbering(numbers))
        if loc in old and goes_on(state, old[loc], f):
            _goes_on(state, loc, old[loc])
        else:
            _begins(state, loc)
    pay_penalties(state)
    d["fought"] = sorted(m for f in d["fights"].values() for m in f["members"])


def goes_on(state: GameState, was: dict[str, Any], now: dict[str, Any]) -> bool:
    """The fight of last round goes on: the same two sides, each with someone who was in it (a fight
    whose characters all changed is a new fight, with a new starting Advantage)."""
    if was.get("sides") != now["sides"]:
        return False
    stayed = {state.units[m].side for m in now["members"] if m in was["members"]}
    return stayed == set(now["sides"])


def outnumbering(numbers: list[int]) -> int:
    """"When one side is outnumbered, the opposing side gains +1 Advantage for each additional
    member": the first side's share (negative when it is the one outnumbered)."""
    return numbers[0] - numbers[1]


def _names(state: GameState, loc: str) -> list[str]:
    return [", ".join(f"{u.name} ({characters.letter_label(state, u, characters.weapon(state, u))})"
                      for u in members(state, loc, s)) for s in sides_of(state, loc)]


def _begins(state: GameState, loc: str) -> None:
    f = state.data["fights"][loc]
    pair, levels = f["sides"], f["levels"]
    where, names = name(state, loc), _names(state, loc)
    f["adv"] = b = levels[0] - levels[1] + f["outnumbering"]
    f["history"].append({"round": state.turn, "side": pair[0], "amount": b, "after": b,
                         "why": "starting Advantage"})
    state.emit("Fight", f"A fight begins at {where}: {names[0]} against {names[1]} "
                        f"(skill levels {levels[0]} and {levels[1]})", fight=loc)
    state.emit("Advantage", f"Starting Advantage at {where}: {state.scenario.sides[pair[0]].name} "
                            f"{b:+d} (skill levels {levels[0]} - {levels[1]}, outnumbering {f['outnumbering']:+d})",
               fight=loc, advantage=b)
    for s in situations(state, loc):
        shift(state, loc, int(s["side"]), int(s["advantage"]), s.get("why", "the situation"))


def _goes_on(state: GameState, loc: str, was: dict[str, Any]) -> None:
    f = state.data["fights"][loc]
    pair, levels, names = f["sides"], f["levels"], _names(state, loc)
    state.emit("Fight", f"The fight at {name(state, loc)} goes on: {names[0]} against {names[1]} "
                        f"(skill levels {levels[0]} and {levels[1]})", fight=loc)
    f["adv"] = was["adv"]
    f["history"] = list(was.get("history", []))[-30:]
    moved = f["outnumbering"] - was.get("outnumbering", f["outnumbering"])
    if moved:
        a, b = f["numbers"]
        shift(state, loc, pair[0], moved, f"outnumbering: now {a} against {b}")
    side, amount = drift(was.get("levels", levels), pair)
    if amount:
        shift(state, loc, side, amount, f"its skill level was greater by {amount} last round")


def drift(levels: list[int], pair: list[int]) -> tuple[int, int]:
    """"If one side's skill level is greater than the other's by one, its Advantage increases by one
    during this phase the next round." **Interpretation** (assets/rules/riskbreaker.md): one point of
    Advantage per point of difference in last round's skill levels, to the greater side."""
    diff = levels[0] - levels[1]
    return (pair[0], diff) if diff > 0 else (pair[1], -diff)


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


def story(state: GameState, loc: str, most: int = 5) -> list[str]:
    """What made the fight's Advantage, in the log's own words (nothing recomputed): its starting
    Advantage (skill levels, outnumbering) and the latest changes since (last round's greater skill
    level, situations, actions, Risk spent), for a player who asks why it stands where it does."""
    events = [e for e in state.log if e.kind == "Advantage" and (e.data or {}).get("fight") == loc]
    starts = [i for i, e in enumerate(events) if "amount" not in e.data]
    if not starts:
        return [e.text for e in events[-most:]]
    first = starts[-1]
    return [events[first].text] + [e.text for e in events[first + 1:]][-(most - 1):]
