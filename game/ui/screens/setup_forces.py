"""The new-game screen's "Forces on points" section: a button per side that may build its force (the
form its ruleset declares, game/engine/muster.py), what each side will field, and the scenario with
every built force in it. Between two humans at one screen (hotseat) a force one player built is
hidden from the others: they see only "built, N points". Nothing here knows a rule."""
from __future__ import annotations

import pygame

from game.ui.players import HUMAN


class ForcesOnPoints:
    """Mixed into SetupScreen: reads its scenario(), ruleset(), players, forces and seed."""

    def musters(self, scen, rs) -> list:
        """The sides that may build their force on points in this scenario (their ruleset's form)."""
        if scen is None or rs is None:
            return []
        try:
            return [m for i in range(len(scen.sides)) if (m := rs.muster(scen, i)) is not None]
        except Exception as exc:
            self.message = f"{type(exc).__name__}: {exc}"
            return []

    def build_musters(self, scen, rs, x: int, y: int, width: int, ch: int) -> int:
        musters = self.musters(scen, rs)
        if not musters:
            return y
        y += self.s(12)
        self.right_labels.append(("Forces on points", x, y, "h"))
        y += self.s(28)
        host = getattr(self, "host", None)
        players = host.people(self.players) if host is not None else self.players     # (you, the guest: people)
        for m in musters:
            name = scen.sides[m.side].name
            choice = host.guest_force(self, m.side) if host is not None else None
            if choice is not None:          # hosting: the guest builds it, or the scenario's, or you
                y = self.guest_force_row(host, m.side, choice, name, x, y, width, ch)
                if choice != host.you_build:
                    continue
            text = f"{name}: build it again…" if self.sealed(m.side) else f"{name}: build the force…"
            self.button(pygame.Rect(x, y, width, ch), text, lambda m=m: self.open_muster(m))
            y += ch + self.s(2)
            if self.sealed(m.side):
                note = f"{self.built_note(m.side)} (hidden)"
            elif m.side in self.forces:
                n = len(self.forces[m.side])
                note = f"built: {n} {m.noun if n == 1 else m.nouns}"
            elif players[m.side] != HUMAN and m.ai_builds:
                note = f"the AI ({players[m.side]}) builds it"
            else:
                note = "the scenario's own force"
            self.right_labels.append((note, x, y, "dim"))
            y += self.s(22)
        return y

    def guest_force_row(self, host, side: int, choice: str, name: str, x: int, y: int, width: int, ch: int) -> int:
        """Hosting: who makes a guest side's force, one button per choice (the chosen one lit)."""
        self.right_labels.append((host.force_note(choice, name), x, y, "dim"))
        y += self.s(22)
        gap = self.s(4)
        w = (width - 2 * gap) // len(host.choices)
        for n, (key, label, _note, what) in enumerate(host.choices):
            self.button(pygame.Rect(x + n * (w + gap), y, w, ch), label,
                        lambda key=key: host.choose_guest_force(self, side, key),
                        "#primary" if key == choice else None, f"{name}'s force, chosen by {label.lower()}: {what}")
        return y + ch + self.s(6)

    # -- hotseat: a force built by one player is hidden from the others ------------------------------
    def hotseat(self) -> bool:
        """Two or more people share this screen: each one's built force stays theirs."""
        return sum(p == HUMAN for p in self.players) >= 2

    def sealed(self, side: int) -> bool:
        """A built force the other players must not see: only "built, N points" is shown of it, and
        building that side again starts from the scenario's force."""
        return self.hotseat() and side in self.forces

    def built_note(self, side: int) -> str:
        """"built, N points": what the other players may know of a sealed force (its points, as the
        ruleset prices it)."""
        try:
            points = sum(self.ruleset().muster_tally(self.scenario(), side, self.forces[side]).costs)
        except Exception:
            return "built"
        return f"built, {points} points"

    def sealed_notes(self, but: int | None = None) -> list[str]:
        scen = self.scenario()
        return [f"{scen.sides[side].name}: {self.built_note(side)}"
                for side in sorted(self.forces) if side != but and self.sealed(side)]

    def open_muster(self, muster) -> None:
        scen, rs = self.scenario(), self.ruleset()
        side = muster.side
        if self.sealed(side):       # another player may be at the screen: start from the scenario's force
            entries = rs.muster_force(scen, side)
        else:
            entries = self.forces.get(side) or rs.muster_force(scen, side)

        def done(built: list[dict]) -> None:
            self.forces[side] = built
            self.app.later(self.rebuild)
        self.app.open("muster", scen, rs, side, entries, done, others=self.sealed_notes(but=side))

    def mustered(self, scen, players: list[str] | None = None):
        """The scenario with every built force in it: the players' own, and the AI sides' (which build
        theirs from the seed). A scenario without forces on points comes back as it is. `players`:
        who plays each side, when not the choices on screen (a host's "you" and "guest" are people)."""
        rs = self.ruleset()
        if not self.musters(scen, rs):
            return scen
        from game.ai.muster import forces_for
        from game.engine.muster import muster_scenario_doc
        from game.io.scenario_file import scenario_from_doc
        forces = forces_for(scen, list(players or self.players), self.seed, HUMAN, self.forces)
        if not forces:
            return scen
        return scenario_from_doc(muster_scenario_doc(rs, scen, forces), self.current or scen.name)
