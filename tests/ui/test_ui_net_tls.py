"""Issue 29, TLS from the window: Play over the network has a "Certificate (CA file)" field, as `join`
has `--ca CERT`, for a club's server whose certificate is its own. With it the window joins a host, or
makes a game on a club server, over wss://; a certificate not given (so not trusted), a missing or
damaged file, or a certificate with a plain ws:// address is one line on the screen, and the window
goes on. The certificate is tests/data/tls/ (self-signed for localhost and 127.0.0.1). Loopback only."""
from __future__ import annotations

from pathlib import Path

from e2e_drive import press, type_into
from net_drive import (SCENARIO, SEED, Served, headless_guest, host_setup, loopback_host, net_menu,  # noqa: F401
                       play_actions, until)

from game.io.scenario_file import load_scenario
from game.net.referee import GUEST, Referee
from game.net.server import Tables
from game.net.tls import server_context

TLS = Path(__file__).resolve().parents[1] / "data" / "tls"
CERT, KEY = str(TLS / "cert.pem"), str(TLS / "key.pem")
FIELD = "Certificate (CA file)"


def tls_served(ui_home, referee=None) -> Served:
    """A referee (or, without one, a club server open to new games) listening with TLS on 127.0.0.1."""
    tables = None if referee is not None else Tables(ui_home / "server", open_to_create=True)
    return Served(referee, tables=tables, ssl=server_context(CERT, KEY))


def join_with(app, address: str, code: str, ca: str):
    """Play over the network: the address, the code and the certificate typed; Join pressed."""
    net = net_menu(app)
    type_into(app, net.entries["address"], address)
    type_into(app, net.entries["code"], code)
    type_into(app, net.entries["ca"], ca)
    press(app, net.join_button)
    return net


def refused(app, net) -> str:
    """The one line the Join screen says once the connection is given up."""
    until(app, lambda: net.joining is None and net.message and not net.message.startswith("Connecting"),
          "the refusal")
    assert app.top is net and "\n" not in net.message
    return net.message


def test_joining_a_tls_host_with_its_certificate_in_the_field_plays_the_seat(app, ui_home):
    referee = Referee.new(load_scenario(SCENARIO), SEED, None, [GUEST, "easy"], ui_home / "tls.json")
    served = tls_served(ui_home, referee)
    try:
        address = f"wss://localhost:{served.port}"
        net = join_with(app, address, referee.codes[0], "")               # the system's store: refused
        line = refused(app, net)
        assert line.startswith(f"{address}: the host's certificate is not trusted (self-signed certificate)")
        assert line.endswith(f'type the path of a copy of it in "{FIELD}"; nothing was sent')
        net = join_with(app, f"127.0.0.1:{served.port}", referee.codes[0], "")       # plain against TLS
        assert refused(app, net) == (f"127.0.0.1:{served.port}: the host speaks TLS: join wss://127.0.0.1:"
                                     f"{served.port} (and its certificate in \"{FIELD}\" when it is its own)")
        assert referee.state.action_count == 0
        join_with(app, address, referee.codes[0], CERT)
        until(app, lambda: app.top.name == "table", "the table over TLS")
        game = app.top.session
        play_actions(app, 3)
        assert len(game.history) == 3 or game.is_over()
        assert referee.actions and game.viewer == 0
    finally:
        served.stop()


def test_a_missing_or_damaged_certificate_file_is_one_line_before_any_connection(app, ui_home):
    missing = ui_home / "club.pem"
    for ca, line in ((str(missing), f"{FIELD}: {missing}: no such file (expected a PEM certificate)"),
                     (KEY, f"{FIELD}: {KEY}: not a PEM certificate (no '-----BEGIN CERTIFICATE-----' block)"),
                     (str(ui_home), f"{FIELD}: {ui_home}: is a folder (expected a PEM certificate)"),
                     (CERT, f"{FIELD}: ws://127.0.0.1:1: a ws:// address is plain websockets; write wss:// for TLS")):
        address = "ws://127.0.0.1:1" if ca == CERT else "127.0.0.1:1"
        net = join_with(app, address, "abc", ca)
        assert net.message == line and net.joining is None        # nothing was tried
    type_into(app, net.entries["server"], "wss://127.0.0.1:1")        # hosting on a server: the same
    type_into(app, net.entries["ca"], KEY)
    press(app, net.host_button)
    assert app.top is net and net.message.startswith(f"{FIELD}: {KEY}: not a PEM certificate")


def host_on(app, server: str, ca: str):
    """Host on the club server at `server` with the certificate `ca`: the lobby."""
    setup = host_setup(app, SCENARIO, server, ca)
    type_into(app, setup.seed_entry, str(SEED))
    press(app, setup.start_button, frames=3)
    assert app.top.name == "net-lobby", setup.message
    return app.top


def test_hosting_on_a_tls_club_server_with_its_certificate_makes_the_game_there(app, ui_home):
    served = tls_served(ui_home)
    try:
        server = f"wss://127.0.0.1:{served.port}"
        lobby = host_on(app, server, "")                                  # not trusted: the lobby says so
        until(app, lambda: lobby.message, "the refusal")
        assert lobby.message.startswith(f"{server}: the host's certificate is not trusted (self-signed")
        assert FIELD in lobby.message and not served.tables.games
        lobby.back()
        lobby = host_on(app, server, CERT)
        until(app, lambda: lobby.game.ready and "Join code (Germans)" in lobby.fields, "the code on screen")
        assert lobby.fields["Server"].get_text() == server
        headless_guest(server, lobby.fields["Join code (Germans)"].get_text(), ca=CERT)
        press(app, lobby.table_button)
        until(app, lambda: app.top.name == "table", "the table")
        play_actions(app, 2)
        (referee,) = served.tables.games.values()
        assert referee.seats == [GUEST, GUEST] and len(app.top.session.history) == 2
    finally:
        served.stop()
