"""Risus Skirmish forces: characters with clichés, Risus teams with a leader, weapons (seed 000).

A character's stats hold its clichés, each a name with a dice level and what it is appropriate for:
    {"cliches": [{"name": "Tough wisecracking light machinegunner", "level": 3,
                  "for": ["shooting", "close combat"]}],
     "weapon": "light machine gun", "grenades": 2}
A blank marker of hidden deployment has {"blank": true} and nothing else.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Iterable

from game.engine.state import GameState, Unit

TAGS = ("shooting", "close combat", "rallying", "leadership", "spotting")
TAG_ALIASES = {
    "shoot": "shooting", "fire": "shooting", "ranged": "shooting",
    "close-combat": "close combat", "close_combat": "close combat", "melee": "close combat",
    "assault": "close combat", "rally": "rallying", "lead": "leadership",
    "spot": "spotting",
}

SHOOTING = ("shooting",)
TEAM_SHOOTING = ("shooting", "leadership")     # "In a team an appropriate cliché of the leader is used"
CLOSE_COMBAT = ("close combat",)
RALLYING = ("rallying",)
LEADERSHIP = ("leadership",)
SPOTTING = ("spotting", "shooting")

_DATA_FILE = Path(__file__).with_name("weapons.json")


@functools.cache
def _weapon_data() -> dict[str, Any]:
    return json.loads(_DATA_FILE.read_text(encoding="utf-8"))


def weapon_classes() -> dict[str, int]:
    return dict(_weapon_data()["classes"])


def known_weapons(state_or_data: Any = None) -> dict[str, str]:
    """Weapon name -> class ("ordinary", "better", "much better"), with a scenario's additions."""
    table = dict(_weapon_data()["weapons"])
    extra = _ruleset_data(state_or_data).get("weapons") or {}
    if isinstance(extra, dict):
        table.update({str(k).lower(): v for k, v in extra.items() if isinstance(v, str)})
    return table


def _ruleset_data(state_or_data: Any) -> dict[str, Any]:
    if state_or_data is None:
        return {}
    if isinstance(state_or_data, dict):
        return state_or_data
    scenario = getattr(state_or_data, "scenario", state_or_data)
    return getattr(scenario, "ruleset_data", {}) or {}


def weapon_of(unit: Unit) -> str:
    return str(unit.stats.get("weapon", "rifle")).lower()


def weapon_bonus(state: GameState, unit: Unit) -> int:
    """'Better' weapon for ranged fire +1, much 'better' +2, ordinary 0."""
    cls = known_weapons(state).get(weapon_of(unit), "ordinary")
    return int(weapon_classes().get(cls, 0))


def weapon_class(state: GameState, unit: Unit) -> str:
    return known_weapons(state).get(weapon_of(unit), "ordinary")


# -- clichés --------------------------------------------------------------------------------------
def norm_tag(tag: str) -> str:
    t = str(tag).strip().lower()
    return TAG_ALIASES.get(t, t)


def cliches(unit: Unit) -> list[dict[str, Any]]:
    return list(unit.stats.get("cliches") or [])


def tags_of(cliche: dict[str, Any]) -> set[str]:
    return {norm_tag(t) for t in cliche.get("for") or ()}


def best_cliche(unit: Unit, tags: Iterable[str], fallback: bool = True) -> dict[str, Any] | None:
    """The character's highest cliché appropriate for one of the tags (first listed wins a tie).

    Interpretation: a character with no cliché tagged for the job uses its highest cliché (Risus lets
    a player argue any cliché into a fight; the program cannot hear the argument, so it takes the best).
    """
    wanted = set(tags)
    own = cliches(unit)
    fit = [c for c in own if tags_of(c) & wanted]
    pool = fit or (own if fallback else [])
    if not pool:
        return None
    return max(pool, key=lambda c: (int(c.get("level", 0)), -own.index(c)))


def level(cliche: dict[str, Any] | None) -> int:
    return 0 if cliche is None else max(0, int(cliche.get("level", 0)))


def cliche_text(cliche: dict[str, Any] | None) -> str:
    if cliche is None:
        return "no cliché"
    return f"{cliche.get('name', 'cliché')}({level(cliche)})"


def attack_dice_base(cliche_level: int) -> int:
    """'The base number of dice to roll is half the cliché rounded': halves round up, so cliché(3) gives 2."""
    return (max(0, cliche_level) + 1) // 2


# -- figures ---------------------------------------------------------------------------------------
def is_blank(unit: Unit) -> bool:
    return bool(unit.stats.get("blank"))


def is_pinned(unit: Unit) -> bool:
    return "pinned" in unit.markers


def is_hidden(unit: Unit) -> bool:
    return "hidden" in unit.markers


def is_real(unit: Unit) -> bool:
    """A character (not a blank marker) still in the battle."""
    return not unit.out and not is_blank(unit)


def able(unit: Unit) -> bool:
    """Can move, attack and fire at opportunity: in the battle, a character, not pinned."""
    return is_real(unit) and not is_pinned(unit)


# -- teams -----------------------------------------------------------------------------------------
def team_table(state: GameState) -> dict[str, dict[str, Any]]:
    """Team id -> {"name", "leader", "side"} (built by the ruleset's setup)."""
    return state.data.get("teams", {})


def build_teams(state: GameState) -> dict[str, dict[str, Any]]:
    """Risus teams from the units' `team` and ruleset_data.teams {id: {name, leader}}.

    Without a named leader the member with the highest leadership cliché leads (ties: first listed).
    """
    declared = state.scenario.ruleset_data.get("teams") or {}
    teams: dict[str, dict[str, Any]] = {}
    for u in state.units.values():
        if u.team is None or is_blank(u):
            continue
        t = teams.setdefault(u.team, {"name": u.team, "leader": None, "side": u.side, "members": []})
        t["members"].append(u.id)
    for tid, t in teams.items():
        spec = declared.get(tid) or {}
        t["name"] = str(spec.get("name", tid))
        leader = spec.get("leader")
        if leader not in t["members"]:
            leader = max(t["members"], key=lambda m: (level(best_cliche(state.units[m], LEADERSHIP)),
                                                      -t["members"].index(m)))
        t["leader"] = leader
    return teams


def members(state: GameState, team_id: str) -> list[Unit]:
    t = team_table(state).get(team_id)
    if t is None:
        return []
    return [state.units[m] for m in t["members"] if m in state.units]


def acting_leader(state: GameState, team_id: str) -> Unit | None:
    """The team's leader while he can act; else the able member best at leading (Risus teams re-form)."""
    t = team_table(state).get(team_id)
    if t is None:
        return None
    leader = state.units.get(t["leader"])
    if leader is not None and able(leader):
        return leader
    fit = [m for m in members(state, team_id) if able(m)]
    if not fit:
        return None
    return max(fit, key=lambda m: (level(best_cliche(m, LEADERSHIP)), level(best_cliche(m, SHOOTING)),
                                   -fit.index(m)))


def is_team(state: GameState, actor: str) -> bool:
    return actor not in state.units and actor in team_table(state)


def entity_units(state: GameState, actor: str) -> list[Unit]:
    """The figures an actor id stands for: one character, or every member of a team."""
    if actor in state.units:
        return [state.units[actor]]
    return members(state, actor)


def entity_name(state: GameState, actor: str) -> str:
    if actor in state.units:
        return state.units[actor].name
    t = team_table(state).get(actor)
    return t["name"] if t else actor


def they(state: GameState, actor: str, team: str, one: str) -> str:
    """Grammar for log lines: a team's words or one character's ('hit the ground' / 'hits the ground')."""
    return team if is_team(state, actor) else one


def entity_side(state: GameState, actor: str) -> int:
    if actor in state.units:
        return state.units[actor].side
    return int(team_table(state)[actor]["side"])


def entity_of(state: GameState, unit: Unit) -> str:
    """The actor id a figure acts under: its team, or itself."""
    if unit.team is not None and unit.team in team_table(state):
        return unit.team
    return unit.id


def entities(state: GameState, side: int) -> list[str]:
    """Every actor of a side in a stable order: teams (by first member) and lone characters."""
    out: list[str] = []
    for u in state.units.values():
        if u.side != side or is_blank(u):
            continue
        e = entity_of(state, u)
        if e not in out:
            out.append(e)
    return out
