"""UI test helpers: a small ruleset with a move region and a rolled attack, an App fixture, and
functions that post real pygame events into the app's loop."""
from __future__ import annotations

import dataclasses

import pytest
import shapely

from game.engine import game as engine
from game.engine import odds
from game.engine.actions import Action, Pass
from game.engine.flow import Flow, Phase
from game.engine.registry import register, unregister
from game.engine.ruleset import OptionSpec, Option, Ruleset, other_side
from game.engine.scenario import Scenario
from game.engine.state import Result


@dataclasses.dataclass(frozen=True)
class Move(Action):
    actor: str = ""
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0


@dataclasses.dataclass(frozen=True)
class Attack(Action):
    actor: str = ""
    target: str = ""


class UiToy(Ruleset):
    """Risus-like: the side with the initiative acts while it succeeds; a move never fails but ends
    the run when it is a "long" one; an attack rolls hits(2d6,5)>=1 and a failure passes the
    initiative. With the `secret` option, moves are hidden from the other side."""

    id = "ui-toy"
    name = "UI toy"
    flow = Flow((Phase("actions", order="run", reason="holds the initiative"),))
    options = (OptionSpec("secret", "Secret moves", False, help="moves are hidden from the enemy"),)
    actions = (Move, Attack, Pass)

    def legal_actions(self, state, decision):
        s = decision.side
        opts = []
        for u in state.side_units(s):
            if "pinned" in u.markers:
                continue
            region = shapely.Point(u.x, u.y).buffer(10).intersection(
                shapely.box(1, 1, state.scenario.width - 1, state.scenario.height - 1))
            opts.append(Option("Move", f"Move {u.name}", region=region, template=Move(u.id, u.x, u.y, u.facing),
                               actor=u.id))
            for e in state.side_units(other_side(state, s)):
                if "hidden" in e.markers:
                    continue
                p = odds.probability("hits(2d6,5)>=1")
                opts.append(Option("Attack", f"{u.name} attacks {e.name}", Attack(u.id, e.id), actor=u.id,
                                   target=e.id, odds=p, odds_text=f"2 dice, {odds.percent_text(p)}"))
        opts.append(Option("Pass", "Pass the initiative", Pass(s)))
        return opts

    def apply(self, state, action, decision):
        side = decision.side
        other = other_side(state, side)
        if isinstance(action, Move):
            u = state.units[action.actor]
            u.x, u.y, u.facing = action.x, action.y, action.facing
            hidden = (other,) if state.options.get("secret") else ()
            state.emit("Moved", f"{u.name} moves secretly to {u.x:.0f},{u.y:.0f}" if hidden else
                       f"{u.name} moves to {u.x:.0f},{u.y:.0f}", hidden_from=hidden, unit=u.id)
            if state.options.get("secret"):
                u.markers.add("hidden")
            engine.pass_initiative(state, other, "a move ends the run")
        elif isinstance(action, Attack):
            u, t = state.units[action.actor], state.units[action.target]
            p = odds.probability("hits(2d6,5)>=1")
            r = state.roll("hits(2d6,5)>=1", "attack", u.name, odds_text=odds.percent_text(p))
            if r.success:
                t.out = True
                state.emit("Out", f"{t.name} is out of the battle")
            else:
                engine.pass_initiative(state, other, "the attack failed")
        elif isinstance(action, Pass):
            engine.pass_initiative(state, other, "passed")

    def view(self, state, side):
        seen = super().view(state, side)
        for uid in list(seen.units):
            u = seen.units[uid]
            if u.side != side and "hidden" in u.markers:
                del seen.units[uid]
        return seen

    def hides_information(self, state):
        return bool(state.options.get("secret"))

    def result(self, state):
        for side in range(state.sides):
            if not state.side_units(side):
                return Result(other_side(state, side), f"{state.scenario.sides[side].name} have no one left")
        return None

    def describe_unit(self, state, uid):
        u = state.units[uid]
        return f"{u.name} ({state.scenario.sides[u.side].name})\nrifle, cliché 3"


def toy_scenario(turn_limit: int = 6, secret: bool = False, terrain: bool = True) -> Scenario:
    doc = {
        "format": "skirmish-table/scenario", "version": 1, "name": "ui-toy-field", "title": "Toy field",
        "description": "Two patrols meet at a wood.", "ruleset": "ui-toy", "options": {"secret": secret},
        "table": {"width": 90, "height": 60},
        "terrain": ([{"id": "wood1", "kind": "wood", "name": "Long wood",
                      "polygon": [[40, 10], [55, 12], [52, 40], [38, 36]]},
                     {"id": "house1", "kind": "house", "name": "Farm",
                      "polygon": [[10, 40], [22, 40], [22, 50], [10, 50]]}] if terrain else []),
        "sides": [{"name": "Blue"}, {"name": "Red"}],
        "units": [{"id": "b1", "side": 0, "name": "Baker", "x": 20, "y": 20, "facing": 0},
                  {"id": "b2", "side": 0, "name": "Able", "x": 20, "y": 30, "facing": 0},
                  {"id": "r1", "side": 1, "name": "Rossi", "x": 70, "y": 20, "facing": 180},
                  {"id": "r2", "side": 1, "name": "Conti", "x": 70, "y": 30, "facing": 180}],
        "victory": {"kind": "last-standing"}, "turn_limit": turn_limit}
    return Scenario.from_dict(doc)


@pytest.fixture
def ui_home(player_home):
    """The player's folder of this test (tests/conftest.py makes one for every test)."""
    yield player_home


@pytest.fixture
def toy_ruleset():
    rs = UiToy()
    register(rs)
    yield rs
    unregister(rs.id)


@pytest.fixture
def app():
    from game.ui.app import App
    from game.ui.settings import Settings
    a = App(1100, 720, settings=Settings(ai_speed="instant"), remember=False, threaded_ai=False)
    yield a
    import pygame
    pygame.quit()
    # a screen that raised shows the error panel and the app goes on: here that is a failure
    assert not a.failures, f"a screen failed: {a.failures[0]!r}"


# -- driving the app with real events ---------------------------------------------------------------
def post(event_type, **attrs):
    import pygame
    pygame.event.post(pygame.event.Event(event_type, **attrs))


def click(app, pos, button=1, frames=2):
    import pygame
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    for _ in range(frames):
        app.step()


def drag(app, a, b, button=1, steps=4, frames=2):
    import pygame
    post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=button)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, pos=b, button=button)
    for _ in range(frames):
        app.step()


def key(app, k, mod=0, frames=2, unicode=""):
    import pygame
    post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
    post(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
    for _ in range(frames):
        app.step()


def settle(app, table, frames: int = 60):
    """Step until the options on show can take a key (a new phase's options are read first)."""
    for _ in range(frames):
        if table.panel.on_screen():
            return
        app.step()


def at(table, x, y):
    """The screen pixel of table point (x, y) in cm."""
    return tuple(int(v) for v in table.camera.to_screen(x, y))


def select(app, table, uid, tries: int = 6, must: bool = True) -> bool:
    """Select a unit the way a player does: Tab until it is the selected one (at most `tries` presses;
    `must`: fail the test when it never comes). True when it is selected."""
    import pygame
    for _ in range(tries):
        if table.sel.selected == uid:
            return True
        key(app, pygame.K_TAB, frames=1)
    assert not must or table.sel.selected == uid
    return table.sel.selected == uid


def move_to(app, pos, frames=1):
    import pygame
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(frames):
        app.step()


def place_in_region(app, screen, option, rng, salt: int) -> bool:
    """Click points of the option's region on the board (a second click beside to face) until the
    action is made; Esc when none was. True when it was."""
    import math

    import pygame

    from game.ai.players import point_in_region
    session = screen.session
    before = session.version
    for attempt in range(8):
        x, y = point_in_region(option.region, rng.child(salt, attempt))
        sp = tuple(int(v) for v in screen.camera.to_screen(x, y))
        click(app, sp, frames=1)
        if screen.sel.placing is not None and screen.sel.placing.point is not None:
            a = rng.uniform(0, 2 * math.pi)
            click(app, (sp[0] + int(30 * math.cos(a)), sp[1] + int(30 * math.sin(a))), frames=1)
        if session.version != before:
            return True
    key(app, pygame.K_ESCAPE, frames=1)
    return False


def play_through(app, session, seed: int = 1, max_frames: int = 20000) -> dict:
    """Play the session to its end through the app: every human decision made with posted events
    (Tab to a unit, a number key for an option, clicks in a move region), handovers clicked,
    hand-over banners confirmed. Returns counts of what happened."""
    import pygame

    from game.engine.dice import PlayerRng
    from game.ui.screens.battle_result import BattleResultScreen
    from game.ui.screens.endgame import EndGameScreen
    from game.ui.screens.handover import HandoverScreen
    from game.ui.screens.game import GameScreen

    rng = PlayerRng(seed, "ui-test")
    seen = {"handovers": 0, "ui_actions": 0, "frames": 0, "leaks": 0}
    idle = 0
    last = -1
    while seen["frames"] < max_frames:
        app.step()
        seen["frames"] += 1
        top = app.top
        if isinstance(top, EndGameScreen):
            return seen
        if isinstance(top, HandoverScreen):
            seen["handovers"] += 1
            click(app, (app.size[0] // 2, 30), frames=1)
            continue
        if isinstance(top, BattleResultScreen):        # a campaign's battle ended: back to the map
            seen["battle_results"] = seen.get("battle_results", 0) + 1
            key(app, pygame.K_RETURN, frames=1)
            continue
        assert isinstance(top, GameScreen), type(top).__name__
        t = top
        if t.banner_to is not None:
            key(app, pygame.K_RETURN, frames=1)
            continue
        if t.my_decision() is None or not t.panel.on_screen():      # a player reads the options first
            idle = 0 if session.version != last else idle + 1
            last = session.version
            assert idle < 3000, f"stuck at {session.decision()}"
            continue
        acts = t.actors()
        if acts and rng.random() < 0.8:
            select(app, t, acts[rng.below(len(acts))], tries=len(acts) + 1, must=False)
        drawn = [(int(k), o) for _r, o, k, _l in t.panel.rows if k]     # the options with a key on show
        if not drawn:
            key(app, pygame.K_TAB, frames=1)
            continue
        number, option = drawn[rng.below(len(drawn))]
        before = session.version
        key(app, pygame.K_0 + number, frames=1)
        if option.region is not None and session.version == before:
            place_in_region(app, t, option, rng, seen["frames"])
        if session.version != before:
            seen["ui_actions"] += 1
    raise AssertionError(f"no end after {max_frames} frames")
