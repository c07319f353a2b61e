"""Nested games (the campaign's battles): notice when the innermost live game changes, so the screen
can swap its board view, and tell the result of a child game that just ended."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from game.engine import game as engine


def innermost(state) -> Any:
    fn = getattr(engine, "innermost", None)
    if fn is None:
        return state
    try:
        return fn(state)
    except Exception:
        return state


def progress(root) -> tuple[str, float] | None:
    """How far the nested game in play has gone, for a progress bar while the AI resolves it: its
    turn out of its turn limit and the actions played so far, read from the nested state alone.
    None when no nested game is being played."""
    game = innermost(root)
    if game is root or game is None:
        return None
    scenario = getattr(game, "scenario", None)
    limit = max(1, int(getattr(scenario, "turn_limit", 0) or 1))
    turn = min(max(1, int(getattr(game, "turn", 1) or 1)), limit)
    acts = int(getattr(game, "action_count", 0) or 0)
    title = getattr(scenario, "title", "") or "The nested game"
    label = f"{title}: turn {turn} of {limit}, {acts} action{'s' if acts != 1 else ''} played"
    return label, turn / limit


def _data_line(key: str, value: Any, side_name: Callable[[int | None], str]) -> str | None:
    """One short item of a result's data: a number or word as it is; told per side ({"0": [...]}), the
    sides' names with how many (or what share). Anything else (ids, lists of units) is left to the log."""
    if isinstance(value, (int, float, str)) and not isinstance(value, bool) and len(str(value)) <= 30:
        return f"{key.replace('_', ' ')}: {value}"
    if not (isinstance(value, dict) and value and all(str(k).isdigit() for k in value)):
        return None
    parts = []
    for k, v in value.items():
        n = len(v) if isinstance(v, (list, tuple)) else v
        if isinstance(n, float):
            n = f"{n:.0%}" if 0 <= n <= 1 else f"{n:g}"
        if isinstance(n, (int, str)) and not isinstance(n, bool):
            parts.append(f"{side_name(int(k))} {n}")
    return f"{key.replace('_', ' ')}: " + ", ".join(parts) if parts else None


def summary(result, side_name: Callable[[int | None], str], title: str = "",
            after: list[str] | None = None) -> list[str]:
    """A short, plain account of a game's result: who won, why, its data in brief, then what it
    changed in the game around it (`after`: the parent's events once the result came back)."""
    # "won by": a side's name may be singular ("Kessel army 2") or plural ("Hussars"), no verb to agree
    who = "a draw" if result.winner is None else f"won by {side_name(result.winner)}"
    lines = [f"{title}: {who}" if title else who[:1].upper() + who[1:], str(result.reason or "")]
    data = getattr(result, "data", None) or {}
    items = [line for k, v in data.items() if (line := _data_line(str(k), v, side_name))]
    lines += items[:1]                     # the box holds six lines: the result, then what it changed
    lines += list(after or [])[:3]
    return [line for line in lines if line]


def consequences(root, max_lines: int = 4) -> list[str]:
    """What the parent game told everyone once its nested game ended: the public events of its
    resume hook, rolls left out (the engine keeps them with the last NestedGameOver)."""
    log = getattr(root, "log", None) or []
    over = next((e for e in reversed(log) if e.kind == "NestedGameOver"), None)
    return [] if over is None else list(over.data.get("then") or [])[:max_lines]


@dataclasses.dataclass(frozen=True)
class ArmyLosses:
    """One side of a finished nested game: what it had, lost, had routed, and kept."""

    name: str
    seat: int                  # the outer game's side that played it
    units: int
    lost: int
    routed: int
    survivors: int


@dataclasses.dataclass(frozen=True)
class BattleReport:
    """A finished nested game as its result screen and the campaign's statistics tell it, from the
    rules alone: the nested game's Result (winner, reason, its data of losses and survivors) and what
    the parent's resume hook did on the map (its events)."""

    title: str
    winner: str | None         # the winning side's name (None: a draw)
    winner_seat: int | None
    reason: str
    armies: tuple[ArmyLosses, ...]
    on_the_map: tuple[str, ...]
    turn: int                  # the outer game's turn


def army_losses(result: Any, names: list[str], seats: list[int], units: dict[int, int] | None = None) \
        -> tuple[ArmyLosses, ...]:
    """Per side, from the Result's data ({"losses": {side: [ids]}, "survivors": {side: [{"routed"}]}});
    `units` (per side, how many it began with) when the nested game's state is at hand."""
    data = getattr(result, "data", None) or (result.get("data") if isinstance(result, dict) else None) or {}
    losses, survivors = data.get("losses") or {}, data.get("survivors") or {}
    out = []
    for side, name in enumerate(names):
        lost = len(losses.get(str(side)) or ())
        kept = survivors.get(str(side)) or ()
        routed = sum(1 for u in kept if isinstance(u, dict) and u.get("routed"))
        had = (units or {}).get(side, lost + len(kept))
        out.append(ArmyLosses(name, seats[side] if side < len(seats) else side, had, lost, routed, len(kept)))
    return tuple(out)


def battle_report(root, battle) -> BattleReport:
    """The nested game `battle` just ended inside `root` (the parent has taken its result)."""
    res = engine.result(battle)
    names = [s.name for s in battle.scenario.sides]
    seats = list(battle.seats or range(len(names)))
    units: dict[int, int] = {}
    for u in battle.units.values():
        units[u.side] = units.get(u.side, 0) + 1
    winner = None if res is None or res.winner is None else names[res.winner]
    over = next((e for e in reversed(getattr(root, "log", None) or []) if e.kind == "NestedGameOver"), None)
    return BattleReport(battle.scenario.title, winner, None if winner is None else seats[res.winner],
                        str(getattr(res, "reason", "") or ""), army_losses(res, names, seats, units),
                        tuple(consequences(root, 6)), over.turn if over is not None else root.turn)


def past_battles(root) -> list[BattleReport]:
    """Every nested game finished so far, read back from the parent's log (NestedGameOver carries the
    result, the sides and seats; the events after it are what the parent did with it)."""
    log = getattr(root, "log", None) or []
    return [r for e in log if e.kind == "NestedGameOver" and (r := report_of(e)) is not None]


def report_of(over) -> BattleReport | None:
    """A finished nested game's report from its parent's NestedGameOver event alone (None: an event
    without the battle's sides)."""
    d = over.data
    names = list(d.get("sides") or [])
    if not names:
        return None
    result = d.get("result") or {}
    seats = list(d.get("seats") or range(len(names)))
    winner = result.get("winner")
    return BattleReport(str(d.get("title") or "A battle"), None if winner is None else names[winner],
                        None if winner is None else seats[winner], str(result.get("reason") or ""),
                        army_losses(result, names, seats), tuple(d.get("then") or ()), over.turn)


BACK_TO_THE_MAP = "Back to the map"
ON_TO_THE_NEXT_BATTLE = "On to the next battle"


def what_next(state) -> str:
    """Where a battle's result screen leads, by the game as it stands once the battle is over: on to
    the next battle when the parent began it in the action that ended the last (the game in play is
    still a nested one: it plays for the parent's seats), back to the map otherwise. `state` is the
    whole game or a seat's view of the game in play (a game played at a distance)."""
    return ON_TO_THE_NEXT_BATTLE if getattr(innermost(state), "seats", None) is not None else BACK_TO_THE_MAP


def same_game(a, b) -> bool:
    """Two states of one game: a game played at a distance is sent a new view (a new object) after
    each action, the same game while its ruleset, scenario and seats stay (a campaign's battles each
    have a scenario of their own)."""
    def key(g):
        return getattr(g, "ruleset_id", None), getattr(getattr(g, "scenario", None), "name", None), \
            getattr(g, "seats", None)
    return a is not None and b is not None and key(a)[1] is not None and key(a) == key(b)


class NestWatch:
    """Call `step(state)` after each change; it returns (the innermost game changed, the ended child's
    summary lines or None)."""

    def __init__(self, state):
        self.inner = innermost(state)
        self.began: list[str] | None = None     # set by step when a nested game has just begun
        self.finished = None                    # set by step: the nested game that has just ended

    @staticmethod
    def opening(game) -> list[str]:
        """A nested game beginning: its title and who plays whom, for the transition to its board."""
        scenario = getattr(game, "scenario", None)
        title = getattr(scenario, "title", "") or "A nested game"
        sides = [s.name for s in getattr(scenario, "sides", ())]
        lines = [f"{title} begins"]
        if len(sides) >= 2:
            lines.append(" against ".join(sides) + f" ({getattr(game, 'ruleset_id', '')})")
        return lines

    def step(self, root, side_name: Callable[[int | None], str]) -> tuple[bool, list[str] | None]:
        now = innermost(root)
        if now is self.inner or same_game(now, self.inner):
            self.inner = now
            return False, None
        before, self.inner = self.inner, now
        self.began = self.opening(now) if now is not root and getattr(now, "child", None) is None \
            and now is not before else None
        ended = None
        if before is not root:
            try:
                res = engine.result(before)
            except Exception:
                res = None
            if res is not None:
                scenario = getattr(before, "scenario", None)
                title = getattr(scenario, "title", "") or "The battle"
                sides = getattr(scenario, "sides", None)

                def named(side):        # the child's own side names, when it has them
                    try:
                        return sides[side].name
                    except Exception:
                        return side_name(side)
                ended = summary(res, named, title, consequences(root))
                self.finished = before
        return True, ended
