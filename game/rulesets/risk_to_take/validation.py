"""Checks of the values A Risk to Take reads from a unit's stats beyond its type (issue 30 §1), each as
'field.path: what was expected': a scenario or a saved battle may carry its state (dragoons mounted
or not and where their horses stand, how often it has routed, its failed saves, a reprieve), and the side a campaign's battle starts without the initiative."""
from __future__ import annotations

from typing import Any

from game.engine.stat_checks import flag, number, shown, whole

MOST_COUNT = 20          # routs or failed saves a unit has had (a unit breaks long before)


def problems(scenario: Any) -> list[str]:
    out: list[str] = []
    for i, u in enumerate(scenario.units):
        at, s = f"units[{i}].stats", u.stats
        for key in ("mounted", "reprieved"):
            if s.get(key) is not None:
                flag(out, f"{at}.{key}", s[key])
        for key in ("routs", "failed_saves"):
            if s.get(key) is not None:
                whole(out, f"{at}.{key}", s[key], 0, MOST_COUNT)
        horses = s.get("horses")
        if horses is not None:
            if not (isinstance(horses, list) and len(horses) == 2):
                out.append(f"{at}.horses: expected null or where the horses stand, [x, y] in cm, got {shown(horses)}")
            else:
                for k, v in enumerate(horses):
                    number(out, f"{at}.horses[{k}]", v, -10_000, 10_000)
    lost = (scenario.ruleset_data or {}).get("initiative_lost_by")    # a campaign's starving army
    if lost is not None:
        whole(out, "ruleset_data.initiative_lost_by", lost, 0, len(scenario.sides) - 1)
    return out
