"""How the units of A Risk to Take are drawn (seed 003_24994b0dfd86b84f, "2. Tabletop rules",
a) Basing): each type told apart at a glance (line and light infantry, cavalry, cuirassiers,
dragoons mounted or dismounted, artillery, commanders), with the state a unit carries.

Only looks: the board draws the symbol, the short label and the markers generically."""
from __future__ import annotations

from game.engine.ruleset import Look
from game.engine.state import GameState

from .troops import TYPES, fatigued, is_dragoons, type_id

# "Special troops: cuirassiers, dragoons (mounted or dismounted) and light infantry. Draw each type
# so it can be told apart at a glance."
SYMBOLS = {"line-infantry": ("infantry", "Line"), "light-infantry": ("light-infantry", "Light"),
           "cavalry": ("cavalry", "Cav"), "cuirassiers": ("heavy-cavalry", "Cuir"),
           "dragoons": ("mounted-infantry", "Drag"), "artillery": ("artillery", "Guns"),
           "commander": ("command", "Cmd")}


def unit_look(state: GameState, unit_id: str) -> Look:
    u = state.units[unit_id]
    t = type_id(u)
    symbol, tag = SYMBOLS.get(t, ("figure", TYPES.get(t, {}).get("label", t)[:4]))
    markers: list[str] = []
    points: tuple[tuple[str, float, float], ...] = ()
    if is_dragoons(u) and not u.stats.get("mounted", True):
        # dismounted dragoons "act as light infantry"; their horses stay where they dismounted
        symbol, tag = "light-infantry", "Drag"
        markers.append("dismounted")
        horses = u.stats.get("horses")
        if isinstance(horses, (list, tuple)) and len(horses) == 2:
            try:
                points = (("horses", float(horses[0]), float(horses[1])),)
            except (TypeError, ValueError):
                points = ()
    if fatigued(u):
        markers.append("fatigued")                 # routed three times
    routs = int(u.stats.get("routs", 0) or 0)
    if routs and not fatigued(u):
        markers.append(f"routed {routs}x")
    failed = int(u.stats.get("failed_saves", 0) or 0)
    if failed:
        markers.append(f"{failed} failed saves")
    return Look(symbol=symbol, label=tag, markers=tuple(markers), points=points)
