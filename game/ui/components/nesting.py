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


def summary(result, side_name: Callable[[int | None], str], title: str = "") -> list[str]:
    """A short, plain account of a game's result: who won, why, and its data if any."""
    who = "A draw" if result.winner is None else f"{side_name(result.winner)} win"
    lines = [f"{title + ': ' if title else ''}{who}", str(result.reason or "")]
    data = getattr(result, "data", None) or {}
    if data:
        lines.append(", ".join(f"{k}: {v}" for k, v in list(data.items())[:6]))
    return [line for line in lines if line]


class NestWatch:
    """Call `step(state)` after each change; it returns (the innermost game changed, the ended child's
    summary lines or None)."""

    def __init__(self, state):
        self.inner = innermost(state)

    def step(self, root, side_name: Callable[[int | None], str]) -> tuple[bool, list[str] | None]:
        now = innermost(root)
        if now is self.inner:
            return False, None
        before, self.inner = self.inner, now
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
                ended = summary(res, named, title)
        return True, ended
