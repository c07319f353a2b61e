"""Issue 29, live play from the window: Play over the network → Host or Join, driven with posted events
on the real App, over loopback (127.0.0.1, a free port) only. The other player is a headless guest
(game.net.client.play with an AI level) or a referee served on a thread of the test."""
from __future__ import annotations

import pygame
from conftest import key
from e2e_drive import human_turn, pick_scenario, press, type_into
from net_drive import (SCENARIO, SEED, Served, headless_guest, join_from_menu, loopback_host,  # noqa: F401
                       net_menu, play_actions, same_game, served_game, until)

from game.engine import game as engine
from game.engine.dice import PlayerRng
from game.io.scenario_file import load_scenario
from game.net import wire
from game.net.referee import GUEST, Referee


# -- (a) host from the menu ---------------------------------------------------------------------------
def test_hosting_from_the_menu_a_guest_joins_with_the_code_on_screen_and_the_game_is_the_referees(app, ui_home):
    net = net_menu(app)
    type_into(app, net.entries["port"], "0")              # any free port
    press(app, net.host_button)
    setup = app.top
    assert setup.name == "setup" and setup.host is not None and setup.players == ["you", "guest"]
    pick_scenario(app, setup, SCENARIO)
    type_into(app, setup.seed_entry, str(SEED))
    press(app, setup.start_button, frames=3)
    assert setup.message == ""
    lobby = app.top
    assert lobby.name == "net-lobby"
    until(app, lambda: lobby.game.port is not None and any(k.startswith("Join code") for k in lobby.fields),
          "the join code on screen")
    port = lobby.game.port
    assert lobby.fields["Address"].get_text() == f"127.0.0.1:{port}"
    code = lobby.fields["Join code (Germans)"].get_text()     # read from the screen, as the host would
    guest = headless_guest(f"127.0.0.1:{port}", code)
    until(app, lambda: app.top.name == "table", "the table once the guest joined")
    table = app.top
    game = table.session
    assert game.seated == {1: "127.0.0.1"} and game.viewer == 0
    play_actions(app, 6)
    assert len(game.history) == 6 or game.is_over()
    until(app, lambda: game.is_over() or game.my_turn(), "the referee at rest")
    same_game(game.referee, game, 0)
    assert "seed" not in wire.view_json(game.state)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)                 # the host's quick save: the referee's own
    from game.io.save_file import load_save, saves_dir
    assert load_save(saves_dir() / "quicksave.json").actions == load_save(game.save_path).actions
    from game.io.journal import journal_path                  # written whole: no journal beside it
    assert not journal_path(saves_dir() / "quicksave.json").exists()
    app.main_menu()                                            # leaving the table stops hosting
    assert game.link.stopped
    guest["thread"].join(10)
    assert not guest["thread"].is_alive()


def test_hosting_on_a_club_server_makes_the_game_there_and_shows_the_guests_code(app, ui_home):
    from game.net.server import Tables
    served = Served(None, tables=Tables(ui_home / "server", open_to_create=True))
    try:
        net = net_menu(app)
        type_into(app, net.entries["server"], served.address)
        press(app, net.host_button)
        setup = app.top
        assert setup.title == f"Host a game on the server at {served.address}"
        pick_scenario(app, setup, SCENARIO)
        type_into(app, setup.seed_entry, str(SEED))
        press(app, setup.start_button, frames=3)
        lobby = app.top
        assert lobby.name == "net-lobby"
        until(app, lambda: lobby.game.ready and "Join code (Germans)" in lobby.fields, "the code on screen")
        assert lobby.fields["Server"].get_text() == served.address
        (referee,) = served.tables.games.values()          # the server is the referee: both seats guests
        assert referee.seats == [GUEST, GUEST]
        guest = headless_guest(served.address, lobby.fields["Join code (Germans)"].get_text())
        press(app, lobby.table_button)
        until(app, lambda: app.top.name == "table", "the table")
        game = app.top.session
        play_actions(app, 4)
        until(app, lambda: game.is_over() or game.my_turn(), "the server at rest")
        same_game(referee, game, 0)
        app.main_menu()
    finally:
        served.stop()


# -- (b) join from the menu --------------------------------------------------------------------------
def test_joining_from_the_menu_with_the_address_and_code_plays_the_seat(app, served_game):
    table = join_from_menu(app, served_game.address, served_game.referee.codes[0])
    game = table.session
    assert game.viewer == 0 and game.state.seed == 0 and not game.hosting
    board = table.board
    play_actions(app, 5)
    assert table.board is board               # each view sent is a new object, but the same game's
    assert len(game.history) == 5 or game.is_over()
    until(app, lambda: game.is_over() or game.my_turn(), "the referee at rest")
    same_game(served_game.referee, game, 0)
    assert table.bars is not None and game.undo_reason() is not None      # no undo over the network
    key(app, pygame.K_F4)                                      # the replay needs the whole game
    assert table.review is None and "look back" in table.bars.live_toast(table.now)[0]
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)                 # and so does a save
    assert "Cannot save: a guest holds only its side's view" in table.bars.live_toast(table.now)[0]
    from game.io.save_file import saves_dir
    assert not (saves_dir() / "quicksave.json").exists()


# -- (d) the window's title says whose turn it is ------------------------------------------------------
def until_the_other_decides(app, table, rng) -> None:
    """The window's seat plays (clicks) until the other side decides (Risus: a run ends on a failure)."""
    game = table.session
    for _ in range(40):
        until(app, lambda: game.waiting_for() is not None or table.my_decision() is not None, "a decision")
        if game.waiting_for() == 1:
            return
        until(app, lambda: table.panel.on_screen(), "the options")
        human_turn(app, table, rng)
        until(app, lambda: not game.awaiting, "the answer")
    assert game.waiting_for() == 1


def mute_the_tone(app, table) -> None:
    """The game menu (Esc, in steps), its settings (T), the tone's switch (4), back to the table."""
    for _ in range(3):
        if app.top.name != "pause":
            key(app, pygame.K_ESCAPE)
    key(app, pygame.K_t)
    assert app.top.name == "settings"
    key(app, pygame.K_4)
    key(app, pygame.K_ESCAPE)
    assert app.top is table and app.settings.turn_sound is False


def test_the_title_says_your_turn_and_the_status_line_names_who_is_thinking(app, ui_home):
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, GUEST], ui_home / "two.json")
    served = Served(referee)
    try:
        headless_guest(served.address, referee.codes[1], pause=0.6)       # the Germans think a little
        table = join_from_menu(app, served.address, referee.codes[0])
        game = table.session
        app.step()
        assert app.caption.startswith("Skirmish Table — Your turn")
        assert table.remote.turns_told == 1 and table.bars.live_toast(table.now)[0] == "Your turn."  # as it opens
        rng = PlayerRng(5, "ui-net")
        for sound in (True, False):                 # the tone, then muted in the settings (key 4)
            told = table.remote.turns_told
            until_the_other_decides(app, table, rng)
            assert table.remote.turns_told == told      # not said again after each of its own actions
            app.step()
            assert "Your turn" not in app.caption
            assert table.status_text()[0] == f"Waiting for Germans (on {served.address}) …"
            told, chimes = table.remote.turns_told, table.remote.chimes
            until(app, lambda: game.my_turn() or game.is_over(), "the Germans' answer")
            app.step()
            if game.is_over():
                break
            assert app.caption.startswith("Skirmish Table — Your turn")
            assert "Your turn" in table.bars.live_toast(table.now)[0]
            assert table.remote.turns_told == told + 1
            assert table.remote.chimes == chimes + sound      # the dummy audio driver has a mixer
            if sound:
                mute_the_tone(app, table)
    finally:
        served.stop()


# -- to the end -------------------------------------------------------------------------------------------
def test_a_joined_game_played_to_its_end_shows_the_results_from_what_the_guest_holds(app, toy_ruleset, ui_home):
    from conftest import toy_scenario
    from game.ui.screens.endgame import EndGameScreen
    referee = Referee.new(toy_scenario(turn_limit=4), SEED, None, [GUEST, "easy"], ui_home / "toy.json")
    served = Served(referee)
    try:
        game = join_from_menu(app, served.address, referee.codes[0]).session
        play_actions(app, 200)
        assert game.is_over() and referee.over
        until(app, lambda: isinstance(app.top, EndGameScreen), "the results")
        assert game.result().winner == referee.state.outcome.winner
        assert game.log_lines() == [e.log_line() for e in engine.view(referee.state, 0).log if e.visible_to(0)]
        same_game(referee, game, 0)
    finally:
        served.stop()


def test_the_network_screen_opened_with_an_address_and_a_code_joins_at_once(app, served_game):
    """What `python -m game join ADDRESS --code CODE` opens in the window (remote_link.play_in_window)."""
    app.main_menu()
    app.open("net", address=served_game.address, code=served_game.referee.codes[0])
    until(app, lambda: app.top.name == "table", "the table")
    assert app.top.session.viewer == 0 and app.top.session.where == served_game.address
