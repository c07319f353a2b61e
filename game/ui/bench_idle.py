"""Issue 30 §4, "a game at rest rests": the process CPU the window's own loop (App.run) uses while
nothing happens, on the main menu and on a table waiting for the player, with the dummy video driver.
Prints `idle cpu_pct=.. screen=menu` and `idle cpu_pct=.. screen=table` (target: 1% of a core)."""
from __future__ import annotations

import os
import time

SECONDS = 4.0
SCENARIO = "risus-meeting-engagement"


def _app():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("SKIRMISH_TABLE_HOME", _scratch_home())
    from game.rulesets import load_all
    from game.ui.app import LINGER, App
    from game.ui.settings import Settings
    load_all()
    app = App(1280, 800, settings=Settings(), remember=False, threaded_ai=False)
    app.draw_every_frame = False            # as `python -m game play` runs it
    app._last_input = -LINGER                # nobody has touched it
    return app


def _scratch_home() -> str:
    import tempfile
    return tempfile.mkdtemp(prefix="skirmish-bench-idle-")


def cpu_at_rest(app, seconds: float = SECONDS) -> tuple[float, int]:
    """Per cent of one core the loop used over `seconds` of wall time, and the frames it drew."""
    app.run(seconds=0.5)                     # settle: the first frames are drawn
    drawn = app.drawn
    wall, cpu = time.monotonic(), time.process_time()
    app.run(seconds=seconds)
    return 100.0 * (time.process_time() - cpu) / (time.monotonic() - wall), app.drawn - drawn


def table_waiting(app):
    """A hotseat game on the table, the first side's turn, its options read: waiting for the player."""
    from game.io.scenario_file import load_scenario
    from game.ui.session import Session
    session = Session(load_scenario(SCENARIO), 1, None, ["human", "human"])
    session.set_viewer(0)
    app.start_session(session)
    return app.top


def run() -> list[str]:
    import pygame
    lines = []
    for screen in ("menu", "table"):
        app = _app()
        try:
            if screen == "menu":
                app.main_menu()
            else:
                table_waiting(app)
            pct, drawn = cpu_at_rest(app)
            lines.append(f"idle cpu_pct={pct:.2f} screen={screen} frames_drawn={drawn} seconds={SECONDS:g}")
        finally:
            pygame.quit()
    return lines


if __name__ == "__main__":
    for line in run():
        print(line)
