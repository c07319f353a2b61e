"""Nested games (the campaign's battles): notice when the innermost live game changes, so the screen
can swap its board view, and tell the result of a child game that just ended."""
from __future__ import annotations

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
    who = "A draw" if result.winner is None else f"{side_name(result.winner)} win"
    lines = [f"{title + ': ' if title else ''}{who}", str(result.reason or "")]
    data = getattr(result, "data", None) or {}
    items = [line for k, v in data.items() if (line := _data_line(str(k), v, side_name))]
    lines += items[:1]                     # the box holds six lines: the result, then what it changed
    lines += list(after or [])[:3]
    return [line for line in lines if line]


def consequences(root, max_lines: int = 4) -> list[str]:
    """What the parent game told everyone once its nested game ended: its public events after the
    last NestedGameOver, up to the next turn or the next nested game, rolls left out."""
    log = getattr(root, "log", None) or []
    idx = max((i for i, e in enumerate(log) if e.kind == "NestedGameOver"), default=None)
    if idx is None:
        return []
    out = []
    for e in log[idx + 1:]:
        if e.kind in ("TurnBegan", "NestedGameBegan", "GameOver"):
            break
        if e.kind != "Rolled" and not e.hidden_from:
            out.append(e.text)
    return out[:max_lines]


class NestWatch:
    """Call `step(state)` after each change; it returns (the innermost game changed, the ended child's
    summary lines or None)."""

    def __init__(self, state):
        self.inner = innermost(state)
        self.began: list[str] | None = None     # set by step when a nested game has just begun

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
        if now is self.inner:
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
        return True, ended
