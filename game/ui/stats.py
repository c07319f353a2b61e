"""The game's statistics, from its log and its moments (pure: no pygame): per side the rolls made,
the successes the logged odds promised against those that came (the luck report), the units lost
and the enemy units put out, and the losses turn by turn for the chart.

A roll is a side's when its `who` names one of that side's units (or starts with one's name: "Sgt A
for Pvt B"), or the side itself; else it is the side's whose action rolled it (a team's attack rolled
under the team's name); a roll of no one's (the turn's weather...) is counted apart."""
from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any, Callable, Sequence


@dataclasses.dataclass
class Luck:
    rolls: int = 0                     # every roll of the side
    judged: int = 0                    # rolls with odds and an outcome (success or failure)
    expected: float = 0.0              # the sum of the odds shown before them
    successes: int = 0                 # the successes that came
    variance: float = 0.0              # of the number of successes, from the odds

    @property
    def spread(self) -> float:
        """How many standard deviations the successes lie from the expected (0 when nothing was judged)."""
        return 0.0 if self.variance <= 0 else (self.successes - self.expected) / math.sqrt(self.variance)

    def verdict(self) -> str:
        if not self.judged:
            return "no rolls with odds"
        z = self.spread
        if z >= 2:
            return "very lucky"
        if z >= 1:
            return "lucky"
        if z <= -2:
            return "very unlucky"
        if z <= -1:
            return "unlucky"
        return "as the odds said"


@dataclasses.dataclass
class SideStats:
    name: str
    luck: Luck
    units: int                          # units it had
    lost: int                           # its units out of the battle
    put_out: int                        # enemy units out of the battle
    losses_by_turn: list[int]           # its units out at the end of each turn (index 0: turn 1)


def roller_side(state: Any, who: str) -> int | None:
    """The side a roll's `who` belongs to: one of its units (by name or id, or the longest unit name
    it starts with), or the side by name."""
    if not who:
        return None
    for u in state.units.values():
        if who in (u.name, u.id):
            return u.side
    for i, side in enumerate(state.scenario.sides):
        if who == side.name or who.startswith(side.name + " "):
            return i
    starts = [u for u in state.units.values() if u.name and who.startswith(u.name + " ")]
    if starts:
        return max(starts, key=lambda u: len(u.name)).side
    return None


def luck_by_side(state: Any, log: Sequence[Any], decided_by: Callable[[Any], int | None] | None = None) \
        -> tuple[list[Luck], Luck]:
    """Per side (and for rolls of no side) the rolls made and the successes expected from the odds
    shown before each roll against the successes that came. `decided_by(event)`: the side whose
    action an event came from, for a roll whose `who` names no unit."""
    sides = [Luck() for _ in range(len(state.scenario.sides))]
    nobody = Luck()
    for e in log:
        if e.kind != "Rolled":
            continue
        side = roller_side(state, str(e.data.get("who") or ""))
        if side is None and decided_by is not None:
            side = decided_by(e)
        luck = sides[side] if side is not None and 0 <= side < len(sides) else nobody
        luck.rolls += 1
        odds, success = e.data.get("odds"), e.data.get("success")
        if odds is None or success is None:
            continue
        try:
            p = float(Fraction(str(odds)))
        except (ValueError, ZeroDivisionError):
            continue
        luck.judged += 1
        luck.expected += p
        luck.variance += p * (1 - p)
        luck.successes += 1 if success else 0
    return sides, nobody


def losses_by_turn(moments: Sequence[Any], sides: int, turn_limit: int | None = None) -> list[list[int]]:
    """Per side, its units out of the battle at the end of each turn, from the game's moments (a
    game ended by its turn limit counts its last moments in the last turn)."""
    last_turn = max(1, max((m.flow.turn for m in moments), default=1))
    if turn_limit:
        last_turn = max(1, min(last_turn, int(turn_limit)))
    out: list[list[int | None]] = [[None] * last_turn for _ in range(sides)]
    for m in moments:                  # in order: the last moment of a turn is its end
        t = max(1, min(m.flow.turn, last_turn))
        for side in range(sides):
            out[side][t - 1] = sum(1 for u in m.units.values() if u.side == side and u.out)
    for curve in out:                  # a turn with no action keeps the losses of the turn before
        for i, v in enumerate(curve):
            curve[i] = v if v is not None else (curve[i - 1] if i else 0)
    return out                         # type: ignore[return-value]


def game_stats(state: Any, log: Sequence[Any], moments: Sequence[Any],
               decided_by: Callable[[Any], int | None] | None = None) -> tuple[list[SideStats], Luck]:
    """Everything the statistics screen shows, for a state, the log its viewer may see, the moments
    and who decided the action behind each event."""
    luck, nobody = luck_by_side(state, log, decided_by)
    n = len(state.scenario.sides)
    curves = losses_by_turn(moments or [state], n, getattr(state.scenario, "turn_limit", None))
    lost = [sum(1 for u in state.units.values() if u.side == s and u.out) for s in range(n)]
    out = []
    for s in range(n):
        units = sum(1 for u in state.units.values() if u.side == s)
        out.append(SideStats(state.scenario.sides[s].name, luck[s], units, lost[s],
                             sum(lost) - lost[s], curves[s]))
    return out, nobody
