"""The game screen's part for a game played at a distance (its session a RemoteGame, game/ui/remote.py;
the screen's `remote`, None in a game held on this machine).

Each frame it takes what the network thread received and tells the player: a refusal from the
referee, a dropped connection being taken up again. While another player thinks, the status line
says who and where ("Waiting for French (on 192.168.1.5) …"); when it becomes this player's turn,
the window's title says so and a short tone plays (unless the settings mute it). When a campaign's
battle has ended, its result screen comes over the table, as in hotseat."""
from __future__ import annotations

from typing import Any

from game.ui import render, theme
from game.ui.components.nesting import what_next
from game.ui.remote import GUEST_SAVE, NO_LOOKING_BACK
from game.ui.remote_sound import chime

YOUR_TURN = "Your turn"


class RemoteTable:
    def __init__(self, game: Any, say, app) -> None:
        self.game, self.say, self.app, self.settings = game, say, app, app.settings
        self.turns_told = 0                 # "your turn" said (and the tone played, when it could be)
        self.chimes = 0
        self.opened = False                 # what is said when the table opens was said

    def poll(self) -> None:
        notices = self.game.poll()
        if not self.opened and self.game.ready:
            self.opened = True
            self.opening(notices)
        for kind, text in notices:
            if kind == "your-turn":
                self.your_turn()
            elif kind == "error":
                self.say(f"The referee says: {text}", theme.BAD, 8)
            elif kind == "reconnecting":
                self.say(f"The connection dropped ({text}): reconnecting…", theme.WARN, 6)
            elif kind == "failed":
                self.say(text, theme.BAD, 30)
        if self.game.battles_over:
            # a battle has ended (the view went back to the map, or on to the next battle): its
            # result screen over the table, as in hotseat; the next one's once back at the table
            report = self.game.battles_over.pop(0)
            onward = what_next(self.game.state)
            self.app.later(lambda: self.app.open("battle-result", report, onward))

    def opening(self, notices: list[tuple[str, str]]) -> None:
        """The table opens: "your turn" when it is (the Join and lobby screens took the notice that
        said it), and who chose the forces of a game on points (RemoteGame.forces_note)."""
        if ("your-turn", "") in notices:
            notices.remove(("your-turn", ""))
        forces = self.game.forces_note()
        if self.game.my_turn():
            self.your_turn(f" {forces}" if forces else "")
        elif forces:
            self.say(forces, theme.DIM, 12)

    def your_turn(self, more: str = "") -> None:
        self.turns_told += 1
        self.say(f"{YOUR_TURN}.{more}", theme.GOOD, 12 if more else 3)
        if getattr(self.settings, "turn_sound", True) and chime():
            self.chimes += 1

    def line(self) -> tuple[str, tuple] | None:
        """What the status line says of the other players and of the connection, if anything."""
        g = self.game
        if g.connection == "failed":
            return f"Disconnected: {g.failed}", theme.BAD
        if g.connection == "reconnecting":
            return f"Reconnecting to {g.where}…", theme.WARN
        if g.awaiting:
            return "Sent; waiting for the referee…", theme.DIM
        side = g.waiting_for()
        if side is None:
            return None
        name = g.side_name(side)
        if not g.is_human(side):
            return f"{name} (AI {g.players[side]}) is playing…", theme.DIM
        if g.hosting:
            if side in g.seated:
                return f"Waiting for {name} (on {g.seated[side]}) …", theme.DIM
            code = g.codes.get(side)
            return f"Waiting for {name} to join" + (f" with the code {code}" if code else "") + " …", theme.WARN
        return f"Waiting for {name} (on {g.where}) …", theme.DIM

    def draw(self, surface, viewport, fonts, s) -> None:
        """The same line over the table's top edge, whole (the status bar may cut it short)."""
        line = self.line()
        if line is None:
            return
        x, y, w, _h = viewport
        bg = {theme.BAD: (250, 214, 206), theme.WARN: (250, 236, 190)}.get(line[1], (236, 240, 246))
        clip = surface.get_clip()
        surface.set_clip(viewport)
        render.label_box(surface, fonts, line[0], (x + w // 2, y + s(6)), 14, bg=bg, anchor="midtop")
        surface.set_clip(clip)

    def caption(self) -> str:
        title = self.game.scenario.title
        return f"{YOUR_TURN} — {title}" if self.game.my_turn() else title

    def refused(self, what: str) -> str | None:
        """Why `what` ("save", "look back") cannot be done over the network, or None when it can."""
        if what == "look back":
            return f"Cannot look back: {NO_LOOKING_BACK}."
        if what == "save" and self.game.save_path is None:
            return f"Cannot save: {GUEST_SAVE}."
        return None

    def close(self) -> None:
        self.game.close()
