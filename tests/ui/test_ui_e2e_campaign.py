"""Issue 24 §1, the campaign end to end through the real App: New game, the campaign's row clicked,
Start with side 0 human; the placement and the marches chosen by clicks on the action panel and the
map until a battle; the battle on the table played by the human side through clicks to its end; a
screen between the battle and the map (the battle's result) dismissed as a player does; back on the
map with the battle's result applied."""
from __future__ import annotations

from e2e_drive import clear_the_way, human_turn, no_failure, open_new_game, pick_scenario, start_game

from game.engine.dice import PlayerRng
from game.ui.components.hex_view import HexView
from game.ui.screens.game import GameScreen

CAMPAIGN = "risk-to-take-campaign-two-crowns"
SEED = 3


def _until(app, screen, rng, done, frames: int, what: str) -> int:
    """Frames until `done()`: the human's decisions by clicks, the AI's on their own, screens
    between (handovers, a battle's result) dismissed. Returns how many actions the human made."""
    session = screen.session
    made = 0
    for _ in range(frames):
        if done():
            return made
        no_failure(app)
        if dismiss_between(app):
            continue
        if app.top is screen and screen.my_decision() is not None and screen.panel.on_screen():
            made += human_turn(app, screen, rng)
        else:
            app.step()
    assert done(), f"{what}: not reached after {frames} frames ({len(session.history)} actions)"
    return made


def dismiss_between(app) -> bool:
    """A screen between the battle and the map (another engineer adds the battle's result screen):
    Enter, then a click on its first button, as a player would; True when one was dismissed."""
    import pygame
    from conftest import key
    from e2e_drive import button_named, press
    if clear_the_way(app):
        return True
    top = app.top
    if isinstance(top, GameScreen) or top is None or top.name in ("menu", "pause", "error"):
        return False
    key(app, pygame.K_RETURN, frames=2)
    if app.top is top and top.container is not None:
        press(app, button_named(top, ""), frames=2)
    return True


def test_the_campaign_from_new_game_through_a_battle_on_the_table_and_back_to_the_map(app, ui_home):
    seed = SEED
    app.main_menu()
    app.step()
    setup = open_new_game(app)
    pick_scenario(app, setup, CAMPAIGN)
    screen = start_game(app, setup, ["human"] + ["easy"] * (len(setup.players) - 1), seed=seed)
    session = screen.session
    rng = PlayerRng(seed, "ui-e2e-campaign")
    assert isinstance(screen.board, HexView)                       # the map appears
    # placement, then marches until armies meet: a battle on the table
    _until(app, screen, rng, lambda: session.state.child is not None, 6000, "a battle")
    battles_before = len(session.state.data.get("battles", []))
    _until(app, screen, rng, lambda: not isinstance(screen.board, HexView), 30, "the battle's table")
    battle = session.state.child
    fought = {a: len(session.state.units[a].stats["units"]) for a in (battle_armies(session))}
    # the battle fought by the human side through clicks to its end
    made = _until(app, screen, rng, lambda: session.state.child is not battle, 20000, "the battle's end")
    assert made > 0, "the human side made no action in the battle"
    # the screen between (the battle's result), then the map with the result applied
    _until(app, screen, rng, lambda: app.top is screen and isinstance(screen.board, HexView), 300, "the map")
    battles = session.state.data["battles"]
    assert len(battles) == battles_before + 1
    result = battles[-1]
    for army, before in fought.items():
        unit = session.state.units[army]
        lost = result["losses"][str(unit.side)]
        assert len(unit.stats["units"]) == before - lost or unit.out          # the losses, on the map
    attacker, defender = (session.state.units[result[k]] for k in ("attacker", "defender"))
    if result["winner"] is not None:                                       # the loser left the hex
        assert attacker.out or defender.out or attacker.hex != defender.hex
    no_failure(app)


def battle_armies(session) -> list[str]:
    """The two armies of the battle about to be fought (the campaign's first pending battle)."""
    pending = session.state.data["pending"][0]
    return [pending["attacker"], pending["defender"]]
