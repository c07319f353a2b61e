"""The game as it stood after each action (moment 0: before any), for the replay, the statistics and
the log's moments; pure of pygame.

A moment is a clone of the game without its log and rolls (how much of the log it had seen is kept
apart). During play every moment is kept as it comes; a game loaded from a save keeps one in
`EVERY` and rebuilds the others when asked, from the moment kept before it and the actions since
(applied without their legality check: they were checked when played, and the loaded game's end
was confirmed by the save's hash). So a long game opens without cloning its state 2,000 times.
"""
from __future__ import annotations

from typing import Callable, Sequence

from game.engine import game as engine
from game.engine.actions import Action
from game.engine.state import GameState

EVERY = 50            # a loaded game keeps one moment in EVERY
REBUILT = 64          # rebuilt moments remembered (the replay steps through them one by one)


def bare(state: GameState) -> GameState:
    """A clone without the log and rolls (a nested game keeps its own log: the table shows it)."""
    moment = state.clone()
    moment.log, moment.rolls, moment.rolls_hidden_from = [], [], []
    moment._events = []
    return moment


def chain_of(state: GameState) -> tuple[tuple[int, int], ...]:
    """Per game of the live chain (the game, its live nested game, ...): its count of nested games
    begun and the length of its log. A nested game is known by its parent's count while it lives."""
    out, game = [], state
    while game is not None:
        out.append((game.children, len(game.log)))
        game = game.child if game.child is not None and game.child.outcome is None else None
    return tuple(out)


class Moments(Sequence[GameState]):
    def __init__(self, actions: Callable[[], list[Action]]):
        self._actions = actions             # the session's action list, read when a moment is rebuilt
        self._kept: dict[int, GameState] = {}
        self._rebuilt: dict[int, GameState] = {}
        self.turns: list[int] = []          # the outer game's turn at each moment
        self.logs: list[int] = []           # the length of the outer game's log at each moment
        self.chains: list[tuple[tuple[int, int], ...]] = []

    def keep(self, state: GameState, store: bool = True) -> None:
        """The moment after the latest action; `store=False` keeps only its figures (loading a save)
        unless it is one of the EVERY."""
        k = len(self.turns)
        self.turns.append(state.flow.turn)
        self.logs.append(len(state.log))
        self.chains.append(chain_of(state))
        if store or k % EVERY == 0:
            self._kept[k] = bare(state)

    def __len__(self) -> int:
        return len(self.turns)

    def __getitem__(self, k):                      # type: ignore[override]
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError(k)
        found = self._kept.get(k) or self._rebuilt.get(k)
        if found is None:
            found = self._rebuild(k)
        return found

    def _rebuild(self, k: int) -> GameState:
        start = max(i for i in self._kept if i <= k)
        before = self._rebuilt.get(k - 1)
        if before is not None and k - 1 > start:
            start, state = k - 1, before.clone()          # stepping forward through the replay
        else:
            state = self._kept[start].clone()
        actions = self._actions()
        for action in actions[start:k]:
            engine.apply(state, action, atomic=False, checked=False)
        moment = bare(state)
        if len(self._rebuilt) >= REBUILT:
            self._rebuilt.pop(next(iter(self._rebuilt)))
        self._rebuilt[k] = moment
        return moment

    def truncate(self, n: int) -> None:
        """Only the first n moments stay (undo)."""
        del self.turns[n:], self.logs[n:], self.chains[n:]
        self._kept = {k: m for k, m in self._kept.items() if k < n}
        self._rebuilt = {k: m for k, m in self._rebuilt.items() if k < n}

    def last_of_each_turn(self) -> list[int]:
        """The index of the last moment of each turn of the outer game, in order."""
        last: dict[int, int] = {}
        for k, turn in enumerate(self.turns):
            last[turn] = k
        return sorted(last.values())
