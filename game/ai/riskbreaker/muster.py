"""The AI builds a Riskbreaker party on points (the scenario's points a character, its party size).

What wins fights in Riskbreaker is the fight rating: it is the side's skill level (the starting
Advantage), the order of actions, the odds of every damage roll and the Kill Damage a character can
take. So each character is built around one Fight skill raised as high as the points allow, paid for
by lowering the stats it does not roll, except Agility: a character on Agility 2 cannot keep pace with
anyone (it must succeed and roll lower than the mover), so fugitives ran from it for whole games.
Names carry the side ("West Blade 1"), so a log of two AI parties reads unambiguously. Every character takes Maneuver (without it a character cannot
move from one location to another) and an Advantage skill of its fight stat (it rolls as well as the
weapon); points left buy Tactics, First Aid, Intimidate. The party is as large as the scenario allows (each
extra member is +1 Advantage), mostly melee with a ranged character or two to join fights next door.
The choices between equally good builds come from the seed.
"""
from __future__ import annotations

from typing import Any

from game.engine.dice import PlayerRng
from game.engine.muster import Muster
from game.rulesets.riskbreaker.characters import STATS, stat_cost
from game.rulesets.riskbreaker.muster import skill_text

# (the stat, the Fight skill, its kind, an Advantage skill of the same stat, a name)
STYLES = (
    ("muscle", "Sword", "melee", "Knockdown", "Blade"),
    ("muscle", "Axe", "melee", "Push", "Axeman"),
    ("muscle", "Spear", "melee", "Shield Bash", "Spear"),
    ("agility", "Bow", "ranged", "Dodge", "Archer"),
)
EXTRAS = (("Tactics", "wit"), ("First Aid", "wit"), ("Intimidate", "personality"))
LOWEST = 2          # a stat is never lowered below this: 30% is still a roll worth having


def character(style: tuple, points: int, name: str) -> dict[str, Any] | None:
    """The best sheet of one style on `points`: the fight stat as high as can be paid for."""
    stat, weapon, kind, advantage, _ = style
    others = [s for s in STATS if s != stat and s != "agility"]     # never Agility: it maneuvers and keeps pace
    for rating in range(8, 4, -1):
        stats = {s: 4 for s in STATS}
        stats[stat] = rating
        skills = [{"name": weapon, "stat": stat, "fight": kind}, {"name": "Maneuver", "stat": "agility"},
                  {"name": advantage, "stat": stat}]
        spent = stat_cost(rating) + len(skills)
        for s in others:
            while spent > points and stats[s] > LOWEST:
                stats[s] -= 1
                spent = sum(stat_cost(v) for v in stats.values()) + len(skills)
        if spent > points:
            continue
        for extra, extra_stat in EXTRAS:
            if spent < points:
                skills.append({"name": extra, "stat": extra_stat})
                spent += 1
        return {"name": name, **stats, "skills": [skill_text(k) for k in skills]}
    return None


def build(scenario: Any, side: int, muster: Muster, rng: PlayerRng, level: str) -> list[dict[str, Any]]:
    size = muster.most
    ranged = min(size - 1, rng.below(2) + (1 if size >= 4 else 0))       # 0-2 archers, never all
    party = []
    for i in range(size):
        melee = [s for s in STYLES if s[2] == "melee"]
        style = STYLES[-1] if i >= size - ranged else melee[rng.below(len(melee))]
        sheet = character(style, muster.budget, f"{scenario.sides[side].name} {style[4]} {i + 1}")
        if sheet is not None:
            party.append(sheet)
    return party
