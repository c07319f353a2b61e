"""Every screen by name, in one place: a screen opens another through the App by its name
(`app.open("rules", ruleset_id)`), never by importing it, so each screen's file imports only what lies
below it (the base screen, components, the session) and reads on its own. The App is the one place
that turns a name into a screen; this table says where each lives."""
from __future__ import annotations

import importlib

SCREENS: dict[str, str] = {
    "menu": "game.ui.screens.menu:MainMenu",
    "setup": "game.ui.screens.setup:SetupScreen",
    "muster": "game.ui.screens.muster:MusterScreen",
    "table": "game.ui.screens.game:GameScreen",
    "net": "game.ui.screens.net_menu:NetMenu",
    "net-lobby": "game.ui.screens.net_lobby:NetLobby",
    "handover": "game.ui.screens.handover:HandoverScreen",
    "pause": "game.ui.screens.pause:PauseMenu",
    "endgame": "game.ui.screens.endgame:EndGameScreen",
    "battle-result": "game.ui.screens.battle_result:BattleResultScreen",
    "battle-stats": "game.ui.screens.battle_stats:BattleStatsScreen",
    "saves": "game.ui.screens.saves:SavesScreen",
    "turn-sent": "game.ui.screens.mail_sent:TurnSentScreen",
    "rules": "game.ui.screens.rules:RulesScreen",
    "settings": "game.ui.screens.settings:SettingsScreen",
    "help": "game.ui.screens.help:HelpOverlay",
    "error": "game.ui.screens.error:ErrorScreen",
    "editor-start": "game.ui.editor.start:EditorStart",
    "editor": "game.ui.screens.editor:EditorScreen",
}


def screen_class(name: str) -> type:
    """The class of the screen called `name` (its module is imported the first time)."""
    if name not in SCREENS:
        raise KeyError(f"no screen named {name!r} (known: {', '.join(sorted(SCREENS))})")
    module, cls = SCREENS[name].split(":")
    return getattr(importlib.import_module(module), cls)
