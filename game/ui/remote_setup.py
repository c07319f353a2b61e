"""Hosting a game over the network from the New game screen: each side is played by you, the guest
(the other player, joining from their machine) or an AI level. Starting makes the game here (this
process is the referee, listening on the port) or on a club server; the lobby then shows what to
tell the other player. The setup screen holds one of these in its host mode."""
from __future__ import annotations

from pathlib import Path

from game.ui.players import ai_names
from game.ui.remote_link import GUEST, YOU, host_game, host_on_server, people, scenario_name, seats_of


GUEST_BUILDS, SCENARIOS, YOU_BUILD = "guest builds", "scenario's", "you build"
# How a guest side's force on points is chosen: (choice, its button, its note, what it means)
FORCE_CHOICES = ((GUEST_BUILDS, "Guest", "the guest builds it",
                  "the guest builds it on its machine, unseen by you, before the game begins"),
                 (SCENARIOS, "Scenario", "the scenario's own", "it plays the scenario's own force"),
                 (YOU_BUILD, "You", "you build it", "you build it here (the guest plays what you built)"))


class HostChoices:
    start_text = "Host the game  (Enter)"
    choices = FORCE_CHOICES
    you_build = YOU_BUILD

    def __init__(self, port: int, server: str | None = None, ca: str | None = None) -> None:
        self.port, self.server, self.ca = port, server, ca      # ca: the server's TLS certificate
        self.guest_forces: dict[tuple[str | None, int], str] = {}    # (scenario, side) -> a choice

    @property
    def title(self) -> str:
        return f"Host a game on the server at {self.server}" if self.server else "Host a game"

    def player_kinds(self) -> list[str]:
        return [YOU, GUEST] + [n for n in ai_names() if n not in (YOU, GUEST)]

    def people(self, players: list[str]) -> list[str]:
        return people(players)

    # -- forces on points: a guest side's ----------------------------------------------------------
    def guest_force(self, setup, side: int) -> str | None:
        """How a guest side's force on points is chosen (None: the side is not a guest's). By
        default the guest builds its own on its machine; the host may leave it the scenario's own,
        or build it here (the guest is then told so when its table opens: RemoteGame.forces_note)."""
        if setup.players[side] != GUEST:
            return None
        return self.guest_forces.get((setup.current, side), GUEST_BUILDS)

    def choose_guest_force(self, setup, side: int, choice: str) -> None:
        self.guest_forces[(setup.current, side)] = choice
        if choice != YOU_BUILD:
            setup.forces.pop(side, None)      # a force built here before: not the guest's now
        setup.app.later(setup.rebuild)

    def force_note(self, choice: str, side_name: str) -> str:
        return f"{side_name}'s force: " + next(note for c, _, note, _ in FORCE_CHOICES if c == choice)

    def awaited(self, setup) -> list[int]:
        """The guest sides whose force the game waits for (each built on its guest's machine)."""
        return [m.side for m in setup.musters(setup.scenario(), setup.ruleset())
                if self.guest_force(setup, m.side) == GUEST_BUILDS]

    def file_problem(self, path: str, problem: Exception) -> str:
        """What is said of a file opened to host that is no scenario: a saved game already over has
        nothing left to host (as `python -m game host SAVE` says); one still going on is hosted from
        the command line, which takes its players from the save."""
        from game.net.commands import a_save, game_over
        try:
            save = a_save(Path(path))
            if save is None:
                return str(problem)
            from game.io.save_file import resume
            state = resume(save)
        except Exception as exc:       # a save that does not load: its own line
            return str(exc).splitlines()[0] if str(exc) else str(problem)
        if state.outcome is not None:
            return game_over(state, path)
        return f"{path}: a saved game, not a scenario: host it with python -m game host {path}"

    def defaults(self, players: list[str]) -> list[str]:
        """You play the first side, the guest the second, the AI any other."""
        return [YOU if i == 0 else GUEST if i == 1 else p for i, p in enumerate(players)]

    def start(self, setup) -> None:
        """Host the game the setup screen shows; a problem is its one-line message."""
        try:
            seats_of(setup.players)
        except ValueError as exc:
            setup.message = f"Players: {exc}"
            return
        awaited = self.awaited(setup)
        forces = {side: f for side, f in setup.forces.items() if side not in awaited}
        scen = setup.ready_scenario(people(setup.players))      # the forces built here, checked
        if scen is None:
            return
        try:
            if self.server:
                name = scenario_name(setup.current)
                if name is None:
                    setup.message = "A club server plays its own bundled scenarios: choose one from the list"
                    return
                game = host_on_server(self.server, name, setup.seed, dict(setup.values), list(setup.players),
                                      self.ca, forces, awaited)
            elif awaited:                   # the game is made once the guests' forces are in
                game = host_game(setup.scenario(), setup.seed, dict(setup.values), list(setup.players), self.port,
                                 forces=forces, awaited=awaited)
            else:
                game = host_game(scen, setup.seed, dict(setup.values), list(setup.players), self.port)
        except Exception as exc:      # options the ruleset refuses, a scenario it cannot set up
            setup.message = f"The game cannot be hosted: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
            return
        setup.app.open("net-lobby", game)
