"""Events: what happened, for the UI to animate and the log to read (design §3).

`text` is one line in the rules' own words; `data` carries what the UI needs to animate it.
`hidden_from` lists the sides that must not see the event (a hidden figure's move, say).
"""
from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass
class Event:
    kind: str                    # "Moved", "Rolled", "Pinned", "InitiativePassed", ...
    text: str                    # the log line, in the rules' words
    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    turn: int = 0
    phase: str = ""
    hidden_from: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": self.data, "turn": self.turn,
                "phase": self.phase, "hidden_from": list(self.hidden_from)}

    def log_line(self) -> str:
        """The event as one line of the game log: `T3 [shooting] Ann hits Bob: ...`."""
        phase = f"[{self.phase}] " if self.phase else ""
        return f"T{self.turn} {phase}{self.text}"

    def visible_to(self, side: int | None) -> bool:
        return side is None or side not in self.hidden_from
