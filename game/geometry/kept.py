"""A bounded memory of answers, the least recently used forgotten first: the geometry the rules ask
for again and again (cleared move regions, grown bases, a terrain's table).

The window's AI thinks in a thread of its own and a hosted game's referee lives on the network
thread, both asking while the window draws: each step here is one dict operation, and a key another
thread forgot in between is simply not there (asked again, answered again), never an error."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Hashable


class Kept:
    """At most `size` answers by key."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        """The answer kept for `key` (now the most recently used), or None."""
        hit = self._answers.get(key)
        if hit is not None:
            try:
                self._answers.move_to_end(key)
            except KeyError:            # forgotten meanwhile by another thread: the answer stands
                pass
        return hit

    def put(self, key: Hashable, answer: Any) -> Any:
        """Keep `answer` (not None) for `key`, forgetting the least recently used beyond `size`."""
        self._answers[key] = answer
        while len(self._answers) > self.size:
            try:
                self._answers.popitem(last=False)
            except KeyError:            # emptied meanwhile by another thread
                break
        return answer

    def __len__(self) -> int:
        return len(self._answers)

    def clear(self) -> None:
        self._answers.clear()
