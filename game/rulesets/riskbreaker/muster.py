"""Building a party on points before the battle ("Character Creation"), for the new-game screen and
the AI, through the engine's generic muster (game/engine/muster.py).

A scenario lets a side build its party with `ruleset_data.muster`: `{"points": 10, "party": [1, 4],
"sides": [0, 1], "ai_builds": true}` (each character's points, how many characters, which sides build,
whether an AI side builds its own; the defaults are 10 points, one to as many characters as the side
has in the file, both sides, and true). The side's own
characters in the file are where the builder starts and where the new characters stand (in order).

An entry is a character: its name, the four stats (+/- buttons, 1 to 10) and its skills, each written
as the text writes a skill with its stat: `Sword (M, melee)`, `Bow (A, ranged)`, `Lightning* (W,
ranged)` (`*`: magical, 2 points), `Knockdown (M)`. The first Fight skill listed is the one the
character starts fighting with.

Seed: 001_3f7b5bbacd6908e7.txt (Riskbreaker).
"""
from __future__ import annotations

import copy
import re
from typing import Any

from game.engine.muster import ITEMS, NUMBER, TEXT, Field, Muster, Preset, Tally, field_problems, size_problems

from .characters import LETTER, STAT_MAX, STAT_MIN, STATS, archetypes, data, expand, points_left, sheet_problems

STAT_OF_LETTER = {v: k for k, v in LETTER.items()}
SKILL_FORM = "Name (M), Name (A, ranged), Name* (W, ranged): stat M, A, W or P; melee or ranged for a Fight skill"
_SKILL = re.compile(r"^\s*(?P<name>[^()*]+?)\s*(?P<magic>\*)?\s*\(\s*(?P<stat>[A-Za-z]+)\s*"
                    r"(?:,\s*(?P<fight>[A-Za-z]+)\s*)?\)\s*$")


# ==== a skill as text, and back ==========================================================================
def skill_text(k: dict[str, Any]) -> str:
    """`Lightning* (W, ranged)`: the name, * when magical, the stat's letter and the kind of Fight skill."""
    fight = f", {k['fight']}" if k.get("fight") else ""
    return f"{k['name']}{'*' if k.get('magical') else ''} ({LETTER[k['stat']]}{fight})"


def parse_skill(text: str) -> dict[str, Any] | str:
    """A typed skill as a sheet's skill, or why it cannot be read."""
    m = _SKILL.match(text or "")
    if not m:
        return f"skill {text!r}: expected {SKILL_FORM}"
    stat = m["stat"].lower()
    stat = STAT_OF_LETTER.get(stat.upper(), stat)
    if stat not in STATS:
        return f"skill {text!r}: the stat must be M, A, W or P (Muscle, Agility, Wit, Personality)"
    fight = (m["fight"] or "").lower()
    if fight not in ("", "melee", "ranged"):
        return f"skill {text!r}: a Fight skill is melee or ranged, not {m['fight']!r}"
    k: dict[str, Any] = {"name": m["name"].strip(), "stat": stat}
    if fight:
        k["fight"] = fight
    if m["magic"]:
        k["magical"] = True
    return k


def catalogue() -> tuple[str, ...]:
    """The skills offered in the builder's list: the archetypes' own, then the data file's list."""
    seen: dict[str, None] = {}
    for a in archetypes().values():
        for k in a["skills"]:
            seen.setdefault(skill_text(k))
    for text in data().get("skill_list", []):
        seen.setdefault(text)
    return tuple(seen)


# ==== entries and sheets =============================================================================
def entry_of(sheet: dict[str, Any], name: str) -> dict[str, Any]:
    """A character sheet (or a preset) as a builder entry; the Fight skill in use is listed first."""
    sheet = expand(sheet)
    skills = list(sheet["skills"])
    using = sheet.get("fighting_with")
    skills.sort(key=lambda k: 0 if k["name"] == using else 1)
    return {"name": name, **{s: int(sheet[s]) for s in STATS}, "skills": [skill_text(k) for k in skills]}


def sheet_of(entry: dict[str, Any], points: int) -> tuple[dict[str, Any], list[str]]:
    """A builder entry as a character sheet on `points`, and the skills that could not be read."""
    skills, bad = [], []
    for text in entry.get("skills", []):
        k = parse_skill(text)
        (bad if isinstance(k, str) else skills).append(k)
    sheet: dict[str, Any] = {s: entry.get(s) for s in STATS}
    sheet.update(skills=skills, points=points)
    fights = [k["name"] for k in skills if k.get("fight")]
    if fights:
        sheet["fighting_with"] = fights[0]
    return sheet, bad


# ==== what the scenario allows ======================================================================
def settings(scenario: Any) -> dict[str, Any] | None:
    rd = scenario.ruleset_data or {}
    return rd.get("muster") if isinstance(rd.get("muster"), dict) else None


def slots(scenario: Any, side: int) -> list[Any]:
    return [u for u in scenario.units if u.side == side]


def muster(scenario: Any, side: int) -> Muster | None:
    conf = settings(scenario)
    if conf is None or side not in conf.get("sides", [0, 1]):
        return None
    party = conf.get("party", [1, len(slots(scenario, side))])
    fewest, most = (party, party) if isinstance(party, int) else party
    points = int(conf.get("points", data()["starting_points"]))
    name = scenario.sides[side].name
    fields = (Field("name", "Name", TEXT),
              *(Field(s, s.capitalize(), NUMBER, STAT_MIN, STAT_MAX) for s in STATS),
              Field("skills", "Skills", ITEMS, choices=catalogue(), help=SKILL_FORM))
    presets = tuple(Preset(aid, a["name"], entry_of({"archetype": aid}, a["name"]),
                           note=f"{a['points_left']} point{'s' if a['points_left'] != 1 else ''} left") for aid, a in archetypes().items())
    return Muster(side, f"{name}: a party of {fewest}-{most} characters, {points} points each",
                  points, True, fewest, most, fields, presets, noun="character",
                  help="Every stat starts at 4. Raising a stat costs the value it is raised to; lowering "
                       "it gives back the value it started at. A skill costs 1 point, 2 when magical (*). "
                       "The first Fight skill listed is the one the character starts with.",
                  ai_builds=bool(conf.get("ai_builds", True)))


def force(scenario: Any, side: int) -> list[dict[str, Any]]:
    return [entry_of(u.stats, u.name or u.id) for u in slots(scenario, side)]


def tally(scenario: Any, side: int, entries: list[dict[str, Any]]) -> Tally:
    m = muster(scenario, side)
    points = m.budget if m else int(data()["starting_points"])
    problems = size_problems(m, entries) if m else []
    costs, lefts = [], []
    for i, entry in enumerate(entries):
        where = f"character {i + 1} ({entry.get('name') or 'unnamed'})"
        wrong = field_problems(m, i, entry) if m else []
        if wrong:
            problems += wrong
            costs.append(0)
            lefts.append(points)
            continue
        if not entry["name"].strip():
            problems.append(f"character {i + 1}: give the character a name")
        sheet, bad = sheet_of(entry, points)
        left = points_left(sheet)
        costs.append(points - left)
        lefts.append(left)
        problems += [f"{where}: {b}" for b in bad]
        problems += [f"{where}: {p}" for p in sheet_problems(sheet)]
    names = [e.get("name") for e in entries]
    if len(set(names)) != len(names):
        problems.append("each character needs a name of its own")
    return Tally(min(lefts, default=points), tuple(costs), tuple(lefts), tuple(problems))


def apply(doc: dict[str, Any], scenario: Any, side: int, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The side's characters in the file are replaced by the party, each standing where one stood."""
    places = [u for u in doc["units"] if u.get("side") == side]
    points = muster(scenario, side).budget
    party = []
    for place, entry in zip(places, entries):
        unit = copy.deepcopy(place)
        sheet, _ = sheet_of(entry, points)
        unit.update(name=entry["name"].strip(), stats=sheet)
        unit.pop("kind", None)
        party.append(unit)
    doc["units"] = [u for u in doc["units"] if u.get("side") != side] + party
    return doc

