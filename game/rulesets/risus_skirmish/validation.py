"""Checks of a Risus Skirmish scenario beyond the file format: each as 'field.path: what was expected'."""
from __future__ import annotations

from typing import Any

from . import forces, terrain

VICTORY_KINDS = ("eliminate", "hold")
# the ranges a player could mean (issue 30 §1)
MOST_GRENADES = 20
MOST_CM = 1000           # a distance on the table
MOST_ACTIONS = 100_000   # actions before a game ends at its limit


def problems(scenario: Any) -> list[str]:
    out: list[str] = []
    gap = terrain.tiling_gap(scenario)
    if gap is not None:
        area, (x, y) = gap
        out.append(f"terrain: expected pieces that tile the whole table (Risus movement goes from piece to "
                   f"piece), but {area:.1f} cm² are not covered, e.g. around ({x:g}, {y:g})")
    data = scenario.ruleset_data or {}
    weapons = forces.known_weapons(data)
    unit_ids = {u.id for u in scenario.units}
    per_side = [0] * len(scenario.sides)
    for i, u in enumerate(scenario.units):
        here = f"units[{i}].stats"
        if u.stats.get("blank"):
            continue
        if 0 <= u.side < len(per_side):
            per_side[u.side] += 1
        cl = u.stats.get("cliches")
        if not isinstance(cl, list) or not cl:
            out.append(f"{here}.cliches: expected a list of clichés like "
                       f"{{\"name\": \"Honorable homesick rifleman\", \"level\": 3, \"for\": [\"shooting\"]}}")
            continue
        for j, c in enumerate(cl):
            if not isinstance(c, dict) or not isinstance(c.get("name"), str):
                out.append(f"{here}.cliches[{j}]: expected an object with a name, a level and 'for'")
                continue
            lvl = c.get("level")
            if isinstance(lvl, bool) or not isinstance(lvl, int) or not 0 <= lvl <= 20:
                out.append(f"{here}.cliches[{j}].level: expected a whole number of dice 0..20, got {lvl!r}")
            tags = c.get("for", [])
            if not isinstance(tags, list):
                out.append(f"{here}.cliches[{j}].for: expected a list of {', '.join(forces.TAGS)}")
                continue
            for t in tags:
                if not isinstance(t, str) or forces.norm_tag(t) not in forces.TAGS:
                    out.append(f"{here}.cliches[{j}].for: expected tags among {', '.join(forces.TAGS)}, got {t!r}")
        w = u.stats.get("weapon", "rifle")
        if not isinstance(w, str) or w.lower() not in weapons:
            out.append(f"{here}.weapon: expected a known weapon ({', '.join(sorted(weapons))}), got {w!r}")
        g = u.stats.get("grenades", 0)
        if not (g is True or g is False or (isinstance(g, int) and 0 <= g <= MOST_GRENADES)):
            out.append(f"{here}.grenades: expected a number of grenades from 0 to {MOST_GRENADES} or true, "
                       f"got {g!r:.40}")
    for s, n in enumerate(per_side):
        if n == 0:
            out.append(f"units: expected at least one character for side {s} "
                       f"({scenario.sides[s].name})")
    teams = data.get("teams", {})
    if not isinstance(teams, dict):
        out.append("ruleset_data.teams: expected an object {team id: {name, leader}}")
        teams = {}
    team_members: dict[str, list[str]] = {}
    for u in scenario.units:
        if u.team is not None:
            team_members.setdefault(u.team, []).append(u.id)
    for tid, spec in teams.items():
        if not isinstance(spec, dict):
            out.append(f"ruleset_data.teams.{tid}: expected an object {{name, leader}}")
            continue
        if tid not in team_members:
            out.append(f"ruleset_data.teams.{tid}: expected a team some unit belongs to (unit.team)")
        leader = spec.get("leader")
        if leader is not None and leader not in team_members.get(tid, []):
            out.append(f"ruleset_data.teams.{tid}.leader: expected a member of the team, got {leader!r}")
    for tid in team_members:
        if tid in unit_ids:
            out.append(f"units: team id {tid!r} is also a unit id; expected distinct ids")
        sides = {u.side for u in scenario.units if u.team == tid}
        if len(sides) > 1:
            out.append(f"units: team {tid!r} has members on several sides")
    for key in ("grenade_blast_radius", "grenade_range", "cover_distance"):
        if key in data:
            val = data[key]
            if isinstance(val, bool) or not isinstance(val, (int, float)) or not 0 < val <= MOST_CM:
                out.append(f"ruleset_data.{key}: expected a distance in cm > 0 and at most {MOST_CM}, got {val!r:.40}")
    for key in ("action_limit",):
        if key in data:
            val = data[key]
            if isinstance(val, bool) or not isinstance(val, int) or not 1 <= val <= MOST_ACTIONS:
                out.append(f"ruleset_data.{key}: expected a whole number from 1 to {MOST_ACTIONS}, got {val!r:.40}")
    extra = data.get("weapons") or {}
    classes = forces.weapon_classes()
    if not isinstance(extra, dict):
        out.append("ruleset_data.weapons: expected an object {weapon name: class}")
        extra = {}
    for name, cls in extra.items():
        if cls not in classes:
            out.append(f"ruleset_data.weapons.{name}: expected one of {', '.join(classes)}, got {cls!r:.40}")
    for key in ("first_side", "hidden_side"):
        if key in data:
            val = data[key]
            if isinstance(val, bool) or not isinstance(val, int) or not 0 <= val < len(scenario.sides):
                out.append(f"ruleset_data.{key}: expected a side index 0..{len(scenario.sides) - 1}, got {val!r}")
    v = scenario.victory or {}
    kind = v.get("kind")
    if kind not in VICTORY_KINDS:
        out.append(f"victory.kind: expected one of {', '.join(VICTORY_KINDS)}, got {kind!r}")
    if kind == "hold":
        ids = [o.get("id") for o in scenario.objectives]
        if v.get("objective") not in ids:
            out.append(f"victory.objective: expected the id of an objective ({', '.join(map(str, ids)) or 'none'}), "
                       f"got {v.get('objective')!r}")
        side = v.get("side", 1)
        if isinstance(side, bool) or not isinstance(side, int) or not 0 <= side < len(scenario.sides):
            out.append(f"victory.side: expected the index of the holding side, got {side!r}")
    if "pinned_counts" in v and not isinstance(v["pinned_counts"], bool):
        out.append(f"victory.pinned_counts: expected true or false, got {v['pinned_counts']!r}")
    return out
