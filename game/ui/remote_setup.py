"""Hosting a game over the network from the New game screen: each side is played by you, the guest
(the other player, joining from their machine) or an AI level. Starting makes the game here (this
process is the referee, listening on the port) or on a club server; the lobby then shows what to
tell the other player. The setup screen holds one of these in its host mode."""
from __future__ import annotations

from pathlib import Path

from game.ui.players import ai_names
from game.ui.remote_link import GUEST, YOU, host_game, host_on_server, people, scenario_name, seats_of


class HostChoices:
    start_text = "Host the game  (Enter)"

    def __init__(self, port: int, server: str | None = None, ca: str | None = None) -> None:
        self.port, self.server, self.ca = port, server, ca      # ca: the server's TLS certificate

    @property
    def title(self) -> str:
        return f"Host a game on the server at {self.server}" if self.server else "Host a game"

    def player_kinds(self) -> list[str]:
        return [YOU, GUEST] + [n for n in ai_names() if n not in (YOU, GUEST)]

    def force_note(self, player: str, side_name: str) -> str | None:
        """Forces on points over the network: the host chooses every person's force, the guest's too
        (built here, or left as the scenario's), and the guest is told so when its table opens
        (RemoteGame.forces_note): building one's own force from the other machine is not offered."""
        return f"{side_name} is the guest's: you choose its force" if player == GUEST else None

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
        scen = setup.ready_scenario(people(setup.players))
        if scen is None:
            return
        try:
            if self.server:
                name = scenario_name(setup.current)
                if name is None:
                    setup.message = "A club server plays its own bundled scenarios: choose one from the list"
                    return
                game = host_on_server(self.server, name, setup.seed, dict(setup.values), list(setup.players),
                                      self.ca, dict(setup.forces))
            else:
                game = host_game(scen, setup.seed, dict(setup.values), list(setup.players), self.port)
        except Exception as exc:      # options the ruleset refuses, a scenario it cannot set up
            setup.message = f"The game cannot be hosted: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
            return
        setup.app.open("net-lobby", game)
