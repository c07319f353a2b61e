"""Characters ("Character Creation") and their sheets: stats bought with points, skills tied to a
stat, and during play the sheet's Skill Damage, Effective Skill, Kill Damage and Combat Counters.

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

import copy
import functools
import json
from importlib import resources
from typing import Any

from game.engine.sheets import Sheet, Table
from game.engine.state import GameState, Unit

STATS = ("muscle", "agility", "wit", "personality")
LETTER = {"muscle": "M", "agility": "A", "wit": "W", "personality": "P"}
STAT_MIN, STAT_MAX = 1, 10          # "Character stats range from 1 to 10"


@functools.lru_cache(maxsize=1)
def data() -> dict[str, Any]:
    return json.loads(resources.files(__package__).joinpath("archetypes.json").read_text("utf-8"))


def archetypes() -> dict[str, dict[str, Any]]:
    return data()["archetypes"]


# ==== point buy ========================================================================================
def stat_cost(value: int) -> int:
    """Points a stat at `value` cost from the starting 4 ("to increase a stat, pay the amount you're
    increasing it to"; "decreasing a stat gives you the amount of points it started at"): 4->5 costs 5,
    4->6 costs 11, 4->3 gives 4 (a negative cost), 4->2 gives 7."""
    start = int(data()["starting_stat"])
    if value >= start:
        return sum(range(start + 1, value + 1))
    return -sum(range(value + 1, start + 1))


def skill_cost(skill: dict[str, Any]) -> int:
    """"A skill costs 1 point (or 2 points for anything unusual or 'magical')"."""
    return 2 if skill.get("magical") else 1


def stat_of_skill(k: dict[str, Any]) -> tuple[str, str] | None:
    """The stat a skill belongs to, with why, or None where the text leaves it to the player. "Muscle:
    Fight with <Mêlée Weapon>, Knockdown, Push. Agility: Fight with <Ranged Weapon>, Maneuver ... Wit:
    All spells, including Fight with <Magical Spell>, Illusion, Heal, as well as Tactics. Personality:
    All social skills ... as well as perception skills": a magical skill is a spell (Wit); a skill the
    text names takes its stat; a melee Fight skill Muscle, a ranged one Agility; a skill the text does
    not name takes the stat of its family (archetypes.json), else the player chooses."""
    name = str(k.get("name", "")).strip().lower()
    named = {n.lower(): s for n, s in data()["skill_stats"].items()}
    family = {n.lower(): f for n, f in data()["skill_families"].items()}
    if k.get("magical"):
        return "wit", "a spell (magical)"
    if name in named:
        return named[name], "named so by the text"
    if k.get("fight") == "melee":
        return "muscle", "a melee Fight skill"
    if k.get("fight") == "ranged":
        return "agility", "a ranged Fight skill"
    if name in family:
        return family[name][0], family[name][1]
    return None


def stat_problem(k: dict[str, Any]) -> str | None:
    """Why the skill sits on the wrong stat, naming the skill, its stat and what was expected."""
    want = stat_of_skill(k)
    if want is None or want[0] == k.get("stat"):
        return None
    stat, why = want
    return (f"{k['name']} ({why}) belongs to {stat.capitalize()}: expected {LETTER[stat]}, "
            f"got {LETTER.get(k.get('stat'), k.get('stat'))}")


def points_left(sheet: dict[str, Any]) -> int:
    budget = int(sheet.get("points", data()["starting_points"]))
    return budget - sum(stat_cost(int(sheet[s])) for s in STATS) - sum(skill_cost(k) for k in sheet["skills"])


def expand(stats: dict[str, Any]) -> dict[str, Any]:
    """A unit's stats as the scenario gives them: a full sheet, or {"archetype": id} (a preset), whose
    keys the scenario may override (fighting_with, points)."""
    if "archetype" in stats:
        sheet = copy.deepcopy(archetypes()[stats["archetype"]])
        sheet.pop("points_left", None)
        sheet.update({k: copy.deepcopy(v) for k, v in stats.items() if k != "archetype"})
        sheet["archetype"] = stats["archetype"]
        return sheet
    return copy.deepcopy(stats)


def sheet_problems(stats: dict[str, Any]) -> list[str]:
    """Why a character sheet is illegal (each as 'field: what was expected'), empty when it is legal."""
    if "archetype" in stats and stats["archetype"] not in archetypes():
        return [f"archetype: expected one of {', '.join(archetypes())}, got {stats['archetype']!r}"]
    sheet = expand(stats)
    out = []
    for s in STATS:
        v = sheet.get(s)
        if not isinstance(v, int) or isinstance(v, bool) or not STAT_MIN <= v <= STAT_MAX:
            out.append(f"{s}: expected a whole number from {STAT_MIN} to {STAT_MAX}, got {v!r}")
    skills = sheet.get("skills")
    if not isinstance(skills, list) or not all(isinstance(k, dict) and isinstance(k.get("name"), str)
                                               for k in skills):
        return out + ["skills: expected a list of {name, stat}"]
    names = [k["name"] for k in skills]
    if len(set(names)) != len(names):
        out.append("skills: each skill once")
    for i, k in enumerate(skills):
        if k.get("stat") not in STATS:
            out.append(f"skills[{i}].stat: expected one of {', '.join(STATS)}, got {k.get('stat')!r}")
        if k.get("fight") not in (None, "melee", "ranged"):
            out.append(f"skills[{i}].fight: expected melee or ranged, got {k.get('fight')!r}")
        elif k.get("stat") in STATS and stat_problem(k):
            out.append(f"skills[{i}]: {stat_problem(k)}")
    if out:
        return out
    fights = [k["name"] for k in skills if k.get("fight")]
    if not fights:
        out.append("skills: a character needs a Fight skill")
    elif sheet.get("fighting_with", fights[0]) not in fights:
        out.append(f"fighting_with: expected one of the Fight skills {', '.join(fights)}, "
                   f"got {sheet.get('fighting_with')!r}")
    left = points_left(sheet)
    if left < 0:
        out.append(f"points: the sheet spends {-left} more than its {sheet.get('points', 10)} points")
    return out


# ==== the sheet in play ==================================================================================
def setup(state: GameState) -> None:
    """Expand presets; every character starts unhurt, fighting with its first (or named) Fight skill."""
    sheets = {}
    for u in state.units.values():
        u.stats = expand(u.stats)
        fights = [k["name"] for k in u.stats["skills"] if k.get("fight")]
        sheets[u.id] = {"kill": 0, "skill": {s: 0 for s in STATS}, "counters": 0,
                        "weapon": u.stats.get("fighting_with", fights[0])}
    state.data["sheets"] = sheets


def sheet(state: GameState, uid: str) -> dict[str, Any]:
    return state.data["sheets"][uid]


def skill(u: Unit, name: str) -> dict[str, Any] | None:
    return next((k for k in u.stats["skills"] if k["name"] == name), None)


def skill_use(k: dict[str, Any]) -> str:
    return str(k.get("use") or data()["skill_uses"].get(k["name"], ""))


def skills_for(u: Unit, use: str) -> list[dict[str, Any]]:
    return [k for k in u.stats["skills"] if skill_use(k) == use]


def fight_skills(u: Unit) -> list[dict[str, Any]]:
    return [k for k in u.stats["skills"] if k.get("fight")]


def rating(u: Unit, stat: str) -> int:
    return int(u.stats[stat])


def effective(state: GameState, u: Unit, stat: str) -> int:
    """Rating - Skill Damage = Effective Skill (the sheet), never below 0."""
    return max(0, rating(u, stat) - sheet(state, u.id)["skill"][stat])


def weapon(state: GameState, u: Unit) -> dict[str, Any]:
    """The Fight skill the character fights with now."""
    return skill(u, sheet(state, u.id)["weapon"]) or fight_skills(u)[0]


def fight_rating(state: GameState, u: Unit) -> int:
    """The effective rating of the Fight skill in use (its stat less Skill Damage): what counts in the
    side's skill level and in the order of actions."""
    return effective(state, u, weapon(state, u)["stat"])


def capacity(u: Unit, k: dict[str, Any]) -> int:
    """"Each character in a fight can take Kill Damage equal to the fight rating of the skill they're
    currently fighting with": the stat's rating, since Skill Damage does not bring a character "closer
    to being knocked out" (assets/rules/riskbreaker.md)."""
    return rating(u, k["stat"])


def kill_left(state: GameState, u: Unit) -> int:
    return capacity(u, weapon(state, u)) - sheet(state, u.id)["kill"]


def is_ranged(state: GameState, u: Unit) -> bool:
    return weapon(state, u).get("fight") == "ranged"


def label(u: Unit, k: dict[str, Any]) -> str:
    """`M5: Sword`, as the text writes a skill."""
    return f"{LETTER[k['stat']]}{rating(u, k['stat'])}: {k['name']}"


def sheet_table(state: GameState, u: Unit) -> Sheet:
    """The text's character sheet: Stat | Rating - Skill Damage = Effective Skill | Skills (magical
    ones starred, the Fight skill in use marked), then Kill Damage and Combat Counters."""
    sh = sheet(state, u.id)
    w = weapon(state, u)
    rows = []
    for s in STATS:
        names = ", ".join(("> " if k is w else "") + k["name"] + ("*" if k.get("magical") else "")
                          for k in u.stats["skills"] if k["stat"] == s)
        rows.append((s.capitalize(), f"{rating(u, s)} -", str(sh["skill"][s]), f"= {effective(state, u, s)}", names))
    status = " (fled)" if "fled" in u.markers else " (out)" if u.out else ""
    from . import fights
    loc = fights.fight_of(state, u.id)
    where = (f"In the fight at {fights.name(state, loc)}, Advantage {fights.advantage(state, loc, u.side):+d}"
             if loc else "In no fight")
    return Sheet(f"{u.name} ({state.scenario.sides[u.side].name}){status}",
                 (Table(("Stat", "Rating\u00a0-", "Skill Damage", "=\u00a0Effective Skill", "Skills"), tuple(rows),
                        "lrrll"),
                  Table(("", "", "", ""), (("Kill Damage", f"{sh['kill']}/{capacity(u, w)}", "Combat Counters",
                                            f"{sh['counters']}/3"),))),
                 (f"Fighting with {label(u, w)} (>). {where}.",
                  *(f"  · {line}" for line in (fights.story(state, loc) if loc else ()))))


def sheet_rows(state: GameState, u: Unit) -> list[str]:
    """The sheet as lines of text: one a stat, then Kill Damage, Combat Counters and the Fight skill in use."""
    return sheet_table(state, u).as_text().split("\n")[2:]


def describe(state: GameState, uid: str) -> str:
    u = state.units[uid]
    sh = sheet(state, uid)
    w = weapon(state, u)
    side = state.scenario.sides[u.side].name
    stats = " ".join(f"{LETTER[s]}{effective(state, u, s)}" + (f"({rating(u, s)})" if sh["skill"][s] else "")
                     for s in STATS)
    status = " (fled)" if "fled" in u.markers else " (out)" if u.out else ""
    from . import fights
    loc = fights.fight_of(state, uid)
    where = (f"; in the fight at {fights.name(state, loc)}, Advantage "
             f"{fights.advantage(state, loc, u.side):+d}") if loc else ""
    return (f"{u.name} ({side}){status}: {stats}; fights with {label(u, w)}, Kill Damage "
            f"{sh['kill']}/{capacity(u, w)}, counters {sh['counters']}/3{where}")


def letter_label(state: GameState, u: Unit, k: dict[str, Any]) -> str:
    """`M5: Knockdown`, with the effective stat (after Skill Damage)."""
    return f"{LETTER[k['stat']]}{effective(state, u, k['stat'])}: {k['name']}"
