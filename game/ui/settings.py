"""The player's settings (UI scale, AI speed, window size...), remembered between runs as JSON.

The file lives where game.io says (`settings_path()`, redirected by SKIRMISH_TABLE_HOME in tests).
A missing or broken file gives the defaults: settings never stop the game from opening.
"""
from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

UI_SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)
AI_SPEEDS = {"slow": 1.4, "normal": 0.7, "fast": 0.3, "instant": 0.0}   # seconds between AI actions


@dataclasses.dataclass
class Settings:
    ui_scale: float = 1.0
    ai_speed: str = "normal"
    window: tuple[int, int] = (1280, 800)
    los_preview: bool = True          # LOS lines from the selected unit to the enemies it could see
    show_legend: bool = True
    inches: bool = False              # the tape shows inches first
    turn_sound: bool = True           # a short tone when it becomes your turn in a game over the network
    last_players: dict[str, str] = dataclasses.field(default_factory=dict)

    @property
    def ai_delay(self) -> float:
        return AI_SPEEDS.get(self.ai_speed, AI_SPEEDS["normal"])

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window"] = list(self.window)
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        s = cls()
        if not isinstance(data, dict):
            return s
        scale = data.get("ui_scale")
        if isinstance(scale, (int, float)) and not isinstance(scale, bool) and 0.5 <= scale <= 3.0:
            s.ui_scale = float(scale)
        if data.get("ai_speed") in AI_SPEEDS:
            s.ai_speed = data["ai_speed"]
        win = data.get("window")
        if (isinstance(win, list) and len(win) == 2 and all(isinstance(v, int) for v in win)
                and 320 <= win[0] <= 10000 and 240 <= win[1] <= 10000):
            s.window = (win[0], win[1])
        for name in ("los_preview", "show_legend", "inches", "turn_sound"):
            if isinstance(data.get(name), bool):
                setattr(s, name, data[name])
        lp = data.get("last_players")
        if isinstance(lp, dict):
            s.last_players = {str(k): str(v) for k, v in lp.items() if isinstance(v, str)}
        return s


def settings_file() -> Path | None:
    try:
        from game.io.save_file import settings_path
    except ImportError:
        return None
    try:
        return Path(settings_path())
    except Exception:          # a data folder we cannot make: play with the defaults
        return None


def load_settings() -> Settings:
    path = settings_file()
    if path is None or not path.is_file():
        return Settings()
    try:
        return Settings.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Settings()


def save_settings(settings: Settings) -> bool:
    path = settings_file()
    if path is None:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(settings.to_json(), indent=2), encoding="utf-8")
        os.replace(tmp, path)
        return True
    except OSError:
        return False
