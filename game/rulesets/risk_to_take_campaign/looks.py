"""How the campaign's units are drawn on the hex map (issue 17, "The campaign screen": "armies as
counters with their strength; supply trains"), through the generic Look the table uses too.

An army shows the symbol of its most numerous fighting troop type (the board's symbol words) and
its name's initials; a looted army carries a "looted" marker (it loses its next battle's initiative).
A supply train is a plain token labelled "Train". Only looks: the hex view draws them generically."""
from __future__ import annotations

from game.engine.ruleset import Look, initials
from game.engine.state import GameState

from . import armies

# the army contents' troop types (issue 17, "Army contents": line, light infantry, cavalry, cuirassiers,
# dragoons, artillery) as the board's symbol words (game.engine.ruleset.LOOK_SYMBOLS)
SYMBOLS = {"line-infantry": "infantry", "light-infantry": "light-infantry", "cavalry": "cavalry",
           "cuirassiers": "heavy-cavalry", "dragoons": "mounted-infantry", "artillery": "artillery"}


def unit_look(state: GameState, unit_id: str) -> Look:
    u = state.units[unit_id]
    if u.kind == armies.TRAIN:
        return Look(symbol="figure", label="Train")
    counts: dict[str, int] = {}
    for x in u.stats.get("units", ()):
        if x.get("type") != armies.COMMANDER:
            counts[x["type"]] = counts.get(x["type"], 0) + 1
    most = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    symbol = SYMBOLS.get(most[0][0], "figure") if most else "command"
    markers = ("looted",) if u.stats.get("status", {}).get("no_initiative") else ()
    return Look(symbol=symbol, label=initials(u.name or u.id), markers=markers)
