"""A campaign's statistics (a game whose ruleset nests games: its battles), pure of pygame: each
side's strength at the end of every campaign turn, the battles with their results and losses (read
from the log: game/ui/components/nesting.past_battles), and each battle's own statistics (the luck
of its rolls, its losses turn by turn) from the session's moments while it was fought.

A side's strength is what the map's counters show: the sum of its units' `strength` stat (an army's
number of units) when the game's units carry one, else its units still in the game."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from game.ui.components.nesting import BattleReport, past_battles
from game.ui.stats import Luck, SideStats, game_stats, luck_by_side


def has_strengths(state: Any) -> bool:
    return any("strength" in (u.stats or {}) for u in state.units.values())


def strength(state: Any, side: int, counted: bool | None = None) -> int:
    counted = has_strengths(state) if counted is None else counted
    units = [u for u in state.units.values() if u.side == side and not u.out]
    if counted:
        return sum(int(u.stats.get("strength") or 0) for u in units if "strength" in (u.stats or {}))
    return len(units)


@dataclasses.dataclass
class CampaignSide:
    name: str
    luck: Luck                      # the campaign's own rolls (initiative, marches, supply...)
    strength_by_turn: list[int]     # at the end of each campaign turn (index 0: turn 1)
    battles_won: int
    battles_lost: int
    units_lost: int                 # in battles, as their results say


@dataclasses.dataclass
class CampaignStats:
    sides: list[CampaignSide]
    battles: list[BattleReport]
    nobody: Luck


def campaign_stats(view: Any, log: Sequence[Any], turn_views: Sequence[Any],
                   decided_by: Callable[[Any], int | None] | None = None) -> CampaignStats:
    """`view`: the viewer's view now; `log`: its log; `turn_views`: its view at the end of each turn."""
    n = len(view.scenario.sides)
    battle_rolls = [e for e in log if e.kind == "Rolled" and not str(e.phase).startswith(_nested_prefixes(view))]
    luck, nobody = luck_by_side(view, battle_rolls, decided_by)
    counted = has_strengths(view) or any(has_strengths(v) for v in turn_views)
    curves = [[strength(v, s, counted) for v in (turn_views or [view])] for s in range(n)]
    battles = past_battles(view)
    out = []
    for s in range(n):
        won = sum(1 for b in battles if b.winner_seat == s)
        fought = [a for b in battles for a in b.armies if a.seat == s]
        lost = sum(1 for b in battles if b.winner_seat is not None and b.winner_seat != s
                   and any(a.seat == s for a in b.armies))
        out.append(CampaignSide(view.scenario.sides[s].name, luck[s], curves[s], won, lost,
                                sum(a.lost for a in fought)))
    return CampaignStats(out, battles, nobody)


def _nested_prefixes(view: Any) -> tuple[str, ...]:
    """The phase prefixes of a nested game's events mirrored into the log ("risk-to-take T3: ...")."""
    from game.engine import registry
    try:
        nests = tuple(registry.get(view.ruleset_id).nests)
    except KeyError:
        return ()
    return tuple(f"{rid} T" for rid in nests)


def map_view(state: Any, side: int) -> Any:
    """What `side` sees of the campaign itself (its map), even while it fights one of its battles."""
    from game.engine import registry
    seen = registry.get(state.ruleset_id).view(state, side)
    seen.child = None
    return seen


def is_campaign(state: Any) -> bool:
    from game.engine import registry
    try:
        return bool(registry.get(state.ruleset_id).nests)
    except KeyError:
        return False


def battle_moments(chains: Sequence[tuple[tuple[int, int], ...]], number: int) -> list[int]:
    """The moments (indexes) while the campaign's nested game `number` (1: the first) was live."""
    return [k for k, chain in enumerate(chains) if len(chain) > 1 and chain[0][0] == number]


def battle_stats(session: Any, number: int, report: BattleReport) -> tuple[list[SideStats], Luck] | None:
    """The statistics of the campaign's battle `number` as the viewer saw it: its own log's rolls, its
    losses turn by turn from the moments it was live, its end from its result. None when the viewer
    played no part in it (its moments then show the map, not the battle)."""
    ks = battle_moments(session.moments.chains, number)
    if not ks:
        return None
    views = [session.moment_view(k) for k in ks]
    if views[-1].ruleset_id == session.state.ruleset_id:
        return None
    last_of_turn: dict[int, int] = {}
    for i, v in enumerate(views):
        last_of_turn[v.flow.turn] = i
    turn_views = [views[i] for i in sorted(last_of_turn.values())]
    final = views[-1]
    seats = list(session.moments[ks[-1]].child.seats or ())
    deciders = {}
    for k in ks:                           # the battle's events, each told to the action behind it
        before = session.moments.chains[k - 1]
        start = before[1][1] if len(before) > 1 and before[0][0] == number else 0
        done = session.history[k - 1].side if k >= 1 else None
        side = seats.index(done) if done in seats else None
        for e in session.moments[k].child.log[start:session.moments.chains[k][1][1]]:
            deciders[id(e)] = side
    stats, nobody = game_stats(final, final.log, turn_views, lambda e: deciders.get(id(e)))
    for st, army in zip(stats, report.armies):     # the last action's losses: from the result
        st.lost = max(st.lost, army.lost)
        if st.losses_by_turn:
            st.losses_by_turn[-1] = max(st.losses_by_turn[-1], army.lost)
    for st in stats:
        st.put_out = sum(o.lost for o in stats if o is not st)
    return stats, nobody
