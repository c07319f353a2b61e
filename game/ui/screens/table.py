"""The table: terrain, units, the action panel, the dice log, the turn display and the tools.

Everything drawn comes from `session.view()` (the viewing side's view), never the raw state.
The human acts through options built from legal_actions; the AI plays with paced animation;
hotseat games with hidden information hand the window over between players.
"""
from __future__ import annotations

import concurrent.futures
import dataclasses
import math
import time
from typing import Any

import pygame

from game.engine import game as engine
from game.engine.ruleset import Option
from game.ui import render, theme
from game.ui.camera import Camera
from game.ui.screens.base import Screen

ANIM_TIME = 0.35
ROLL_ANIM_TIME = 0.9
CM_PER_INCH = 2.54
QUICKSAVE = "quicksave.json"

_executor: concurrent.futures.ThreadPoolExecutor | None = None


def executor() -> concurrent.futures.ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
    return _executor


@dataclasses.dataclass
class Placing:
    """A region option being placed: first the point, then the facing."""

    option: Option
    point: tuple[float, float] | None = None
    facing: float | None = None
    down_at: tuple[int, int] | None = None
    dragged: bool = False


def takes_facing(option: Option) -> bool:
    t = option.template
    return t is not None and any(f.name == "facing" for f in dataclasses.fields(t))


def prettify(kind: str) -> str:
    return kind.replace("-", " ").replace("_", " ").strip().capitalize()


def angle(a, b) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


class TableScreen(Screen):
    name = "table"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.camera: Camera | None = None
        self.terrain = render.TerrainCache(app.fonts)
        self.painter = render.UnitPainter(app.fonts)
        self.regions = render.RegionCache()
        self.selected: str | None = None
        self.hovered: str | None = None
        self.hover_time = 0.0
        self.placing: Placing | None = None
        self.focus: Option | None = None          # the highlighted option (e.g. after clicking its target)
        self.tool: str | None = None
        self.tool_a: tuple[float, float] | None = None
        self.tool_b: tuple[float, float] | None = None
        self.tool_dragging = False
        self.blast_pinned: tuple[float, float] | None = None
        self.arc: float | None = None
        self.blast_r: float | None = None
        self.rings_on = False
        self.log_only_dice = False
        self.log_scroll = 0
        self.opt_scroll = 0
        self.toast: tuple[str, tuple, float] | None = None
        self.now = 0.0
        self.positions: dict[str, tuple[float, float, float]] = {}
        self.anims: dict[str, tuple[tuple, tuple, float]] = {}
        self.seen_version = -1
        self.seen_viewer: int | None = -1
        self.banner_to: int | None = None          # hand the window over to this side after this banner
        self.last_by_human = False
        self.ai_future: concurrent.futures.Future | None = None
        self.ai_future_version = -1
        self.ai_wait = 0.0
        self.skip_ai = False
        self.ai_broken: str | None = None
        self._falling_back = False
        self.end_shown = False
        self.end_at: float | None = None
        self.pan_from: tuple[int, int] | None = None
        self.pan_moved = False
        self.rows: list[tuple[pygame.Rect, Option, str, list[str]]] = []   # rect, option, key, label lines
        self.row_options: list[Option] = []
        self._rows_key: Any = None
        self.log_layout: list[tuple[int, Any]] = []
        self._log_key: Any = None
        self.last_roll_count = 0
        self.roll_flash_at = -10.0
        self._los_cache: dict[tuple, list] = {}
        self.cursor_world: tuple[float, float] | None = None
        self.dynamic_buttons: list[Any] = []
        self._dyn_key: Any = None
        self.pending_handover = False
        self.started = False

    # -- layout -----------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        self.top_h = self.s(46)
        self.bottom_h = self.s(38)
        self.panel_w = max(300, min(self.s(380), int(w * 0.4)))
        view = self.session.view()
        self.legend = self.layout_legend(view, w - self.panel_w) if self.app.settings.show_legend else None
        legend_h = self.legend[0] if self.legend else 0
        self.viewport = (0, self.top_h, w - self.panel_w, h - self.top_h - self.bottom_h - legend_h)
        tw, th = render.table_size(view)
        if self.camera is None:
            self.camera = Camera(tw, th, self.viewport)
        else:
            self.camera.set_viewport(self.viewport)
        self.panel_rect = pygame.Rect(w - self.panel_w, self.top_h, self.panel_w, h - self.top_h)
        # the top bar's buttons
        bw, bh = self.s(78), self.s(32)
        x = w - self.s(8)
        self.top_buttons = {}
        for key, text, fn, tip in (("menu", "Menu", self.open_menu, "The game menu (Esc)"),
                                   ("help", "Help", self.open_help, "Every shortcut (F1)"),
                                   ("rules", "Rules", self.open_rules, "The rules reference (F2)"),
                                   ("save", "Save", self.quick_save, "Quick save (Ctrl+S); save as: Ctrl+Shift+S"),
                                   ("undo", "Undo", self.undo, "Undo the last action if no dice were rolled since (Ctrl+Z)")):
            x -= bw
            self.top_buttons[key] = self.button(pygame.Rect(x, (self.top_h - bh) // 2, bw, bh), text, fn,
                                                tooltip=tip)
            x -= self.s(6)
        self.top_buttons_left = x
        # the tools, in the bottom bar
        tx = self.s(8)
        tb_h = self.bottom_h - self.s(8)
        self.tool_buttons = {}
        for key, text, tip in (("measure", "Tape M", "Measuring tape: drag on the table (M)"),
                               ("los", "LOS V", "Line of sight: drag from a unit or point (V)"),
                               ("arc", "Arc F", "Field of vision / firing arc of the selected unit (F; [ ] to change)"),
                               ("blast", "Blast B", "Blast template at the cursor; click pins it (B; [ ] radius)"),
                               ("rings", "Ranges R", "Range bands around the selected unit (R)"),
                               ("legend", "Legend G", "Terrain legend (G)"),
                               ("fit", "Fit Home", "Fit the table to the window (Home)")):
            bwid = self.s(76)
            b = self.button(pygame.Rect(tx, h - self.bottom_h + self.s(4), bwid, tb_h), text,
                            lambda k=key: self.tool_key(k), object_id="#tool", tooltip=tip)
            self.tool_buttons[key] = b
            tx += bwid + self.s(4)
        self.status_x = tx + self.s(8)
        self.layout_rows()
        self._tool_ids: dict[str, str] = {}
        self._rows_key = None
        self._log_key = None
        self._dyn_key = None
        self.dynamic_buttons = []
        self.refresh_tool_buttons()

    def refresh_tool_buttons(self) -> None:
        on = {"measure": self.tool == "measure", "los": self.tool == "los", "arc": self.arc is not None,
              "blast": self.tool == "blast", "rings": self.rings_on, "legend": self.app.settings.show_legend,
              "fit": False}
        for key, b in self.tool_buttons.items():
            want = "#tool_on" if on[key] else "#tool"
            if self._tool_ids.get(key) != want:
                self._tool_ids[key] = want
                b.change_object_id(want)

    def on_top_again(self) -> None:
        self._rows_key = None
        self._dyn_key = None

    # -- the state -----------------------------------------------------------------------------------
    def view(self):
        return self.session.view()

    def viewer(self) -> int | None:
        return self.session.viewer

    def my_decision(self):
        """The decision, when the viewer is the human who must make it now."""
        d = self.session.decision()
        if d is None or self.banner_to is not None or self.pending_handover:
            return None
        if not self.session.is_human(d.side) or d.side != self.session.viewer:
            return None
        return d

    def options(self) -> list[Option]:
        return self.session.legal() if self.my_decision() is not None else []

    def actor_matches(self, option: Option, uid: str | None) -> bool:
        if uid is None or option.actor is None:
            return False
        if option.actor == uid:
            return True
        u = self.view().units.get(uid)
        return u is not None and u.team is not None and option.actor == u.team

    def _option_index(self):
        """Per state: the units that can act and the options of each (cached: drawn every frame)."""
        key = (self.session.version, self.session.viewer, self.banner_to, self.pending_handover)
        if getattr(self, "_index_key", None) == key:
            return self._index
        opts = self.options()
        units = self.view().units
        teams: dict[str, list[str]] = {}
        for uid, u in units.items():
            if u.team is not None and not u.out:
                teams.setdefault(u.team, []).append(uid)
        by_unit: dict[str, list[Option]] = {}
        free: list[Option] = []
        for o in opts:
            if o.actor is not None and o.actor in units and not units[o.actor].out:
                by_unit.setdefault(o.actor, []).append(o)
            elif o.actor is not None and o.actor in teams:
                for uid in teams[o.actor]:
                    by_unit.setdefault(uid, []).append(o)
            else:
                free.append(o)
        actors = [uid for uid in units if uid in by_unit]
        self._index = (actors, by_unit, free)
        self._index_key = key
        return self._index

    def actors(self) -> list[str]:
        """Units that can act now, in table order."""
        return self._option_index()[0]

    def options_for(self, uid: str | None) -> list[Option]:
        """The selected unit's options and those of no unit (Pass...); with no unit of its own
        selected and only a few options in all (an interrupt such as opportunity fire), all of them."""
        _, by_unit, free = self._option_index()
        mine = by_unit.get(uid, []) if uid else []
        if not mine:
            everything = self.options()
            if len(everything) <= 8:
                return list(everything)
        return mine + free

    def region_option(self) -> Option | None:
        """The region option a click on the table uses: the one being placed, else the selected unit's first."""
        if self.placing is not None:
            return self.placing.option
        for o in self.options_for(self.selected):
            if o.region is not None and self.actor_matches(o, self.selected):
                return o
        return None

    def sync(self) -> None:
        """Follow the session: new state (animate moves, flash new rolls), whose eyes, the end."""
        s = self.session
        if s.version == self.seen_version and s.viewer == self.seen_viewer:
            return
        view = s.view()
        animate = s.viewer == self.seen_viewer and not self.skip_ai and self.app.settings.ai_speed != "instant"
        new_pos = {uid: (u.x, u.y, u.facing) for uid, u in view.units.items()}
        anims = {}
        if animate:
            for uid, target in new_pos.items():
                old = self.positions.get(uid)
                if old is not None and (abs(old[0] - target[0]) > 1e-6 or abs(old[1] - target[1]) > 1e-6
                                        or abs(old[2] - target[2]) > 1e-6):
                    anims[uid] = (old, target, self.now)
        self.anims = anims
        self.positions = dict(new_pos)
        for uid, (old, _target, _t0) in anims.items():
            self.positions[uid] = old
        rolls = sum(1 for e in view.log if e.kind == "Rolled" and e.visible_to(s.viewer))
        if s.viewer != self.seen_viewer:
            self.last_roll_count = rolls
            self.log_scroll = 0
        elif rolls > self.last_roll_count:
            self.last_roll_count = rolls
            self.roll_flash_at = self.now
            self.log_scroll = 0
        self.seen_version = s.version
        self.seen_viewer = s.viewer
        # keep the selection sensible
        d = self.my_decision()
        if d is not None and d.actor is not None and d.actor in view.units:
            self.selected = d.actor
        elif self.selected is not None and (self.selected not in view.units or view.units[self.selected].out):
            self.selected = None
        elif d is not None and (self.selected is None or self.selected not in self._option_index()[1]):
            acts = self.actors()
            # an interrupt (opportunity fire...) or a single unit able to act: select it, the
            # player should not have to look for it
            if acts and (view.flow.interrupts or len(acts) == 1):
                self.selected = acts[0]
        if self.placing is not None and self.placing.option not in self.options():
            self.placing = None
        if self.focus is not None and self.focus not in self.options():
            self.focus = None
        self._rows_key = None

    def check_viewer(self) -> None:
        """Hand the window over when the deciding human changes and something is hidden."""
        s = self.session
        if s.is_over() or self.banner_to is not None or self.pending_handover:
            return
        want, need = s.wanted_viewer()
        if need:
            if self.last_by_human and s.viewer is not None:
                self.banner_to = want
                self.placing = None
                self.focus = None
            else:
                self.push_handover(want)
        elif want is not None and want != s.viewer:
            s.set_viewer(want)

    def push_handover(self, side: int) -> None:
        from game.ui.screens.handover import HandoverScreen
        self.banner_to = None
        self.pending_handover = True
        self.placing = None
        self.focus = None
        self.selected = None
        self.hovered = None
        self.tool_a = self.tool_b = None
        self.app.push(HandoverScreen(self.app, self.session, side, self.viewer_ready))

    def viewer_ready(self, side: int) -> None:
        self.pending_handover = False
        self.session.set_viewer(side)
        self.last_by_human = False
        self.seen_viewer = -2             # snap, do not animate the other side's moves
        self.sync()

    def hand_over(self) -> None:
        if self.banner_to is not None:
            self.push_handover(self.banner_to)

    # -- acting ------------------------------------------------------------------------------------
    def say(self, text: str, colour=theme.TEXT, seconds: float = 4.0) -> None:
        self.toast = (text, colour, self.now + seconds)

    def commit(self, action) -> bool:
        reason = self.session.check(action)
        if reason:
            self.say(reason, theme.BAD)
            return False
        try:
            events = self.session.act(action)
        except engine.IllegalAction as exc:
            self.say(str(exc), theme.BAD)
            return False
        self.placing = None
        self.focus = None
        self.toast = None
        self.after_action(events, by_human=True)
        return True

    def after_action(self, events, by_human: bool) -> None:
        self.last_by_human = by_human
        problem = self.session.maybe_autosave()
        if problem:
            self.say(problem, theme.WARN)
        self.sync()
        self.check_viewer()

    def choose(self, option: Option) -> None:
        """An option picked from the panel or by its key: a complete action is done at once (its odds
        were on show), a region option starts the placement."""
        if option.action is not None:
            self.commit(option.action)
            return
        if option.region is None:
            return
        if option.actor is not None:
            for uid in self.actors():
                if self.actor_matches(option, uid):
                    self.selected = uid
                    break
        self.placing = Placing(option)
        self.focus = option
        self.say(f"{option.label}: click inside the highlighted area" +
                 (", then drag or click again to face" if takes_facing(option) else ""), theme.ACCENT, 6)

    def place_at(self, p: tuple[float, float], facing: float | None) -> None:
        pl = self.placing
        if pl is None:
            return
        action = pl.option.at(p[0], p[1], facing)
        self.commit(action)

    def default_facing(self, option: Option, p: tuple[float, float]) -> float | None:
        if not takes_facing(option):
            return None
        u = self.view().units.get(self.selected) if self.selected else None
        if u is not None and math.hypot(p[0] - u.x, p[1] - u.y) > 0.5:
            return angle((u.x, u.y), p)
        return u.facing if u is not None else 0.0

    def undo(self) -> None:
        if self.ai_future is not None:
            self.ai_future = None
        why = self.session.undo()
        if why:
            self.say(f"Cannot undo: {why}", theme.WARN)
            return
        self.placing = None
        self.focus = None
        self.banner_to = None
        self.end_shown = False
        self.end_at = None
        self.seen_viewer = -2
        self.last_by_human = False
        self.sync()
        self.check_viewer()
        self.say("Undone.", theme.GOOD, 2.5)

    def quick_save(self) -> None:
        try:
            from game.io.save_file import saves_dir
            path = self.session.save(saves_dir() / QUICKSAVE, label="quick save")
        except Exception as exc:
            self.say(f"Could not save: {exc}", theme.BAD)
            return
        self.say(f"Saved ({path.name}). F9 loads it.", theme.GOOD)

    def quick_load(self) -> None:
        try:
            from game.io.save_file import saves_dir
            path = saves_dir() / QUICKSAVE
        except Exception as exc:
            self.say(f"Cannot find the saves: {exc}", theme.BAD)
            return
        if not path.is_file():
            self.say("There is no quick save yet (Ctrl+S makes one).", theme.WARN)
            return
        self.app.load_save_file(path)

    def save_as(self) -> None:
        from game.ui.screens.saves import SavesScreen
        self.app.push(SavesScreen(self.app, mode="save", session=self.session,
                                  on_saved=lambda p: self.say(f"Saved: {p.name}", theme.GOOD)))

    def open_menu(self) -> None:
        from game.ui.screens.pause import PauseMenu
        self.app.push(PauseMenu(self.app))

    def open_help(self) -> None:
        from game.ui.screens.help import HelpOverlay
        self.app.push(HelpOverlay(self.app))

    def open_rules(self) -> None:
        from game.ui.screens.rules import RulesScreen
        self.app.push(RulesScreen(self.app, self.session.state.ruleset_id))

    def open_settings(self) -> None:
        from game.ui.screens.settings import SettingsScreen
        self.app.push(SettingsScreen(self.app))

    def open_results(self) -> None:
        from game.ui.screens.endgame import EndGameScreen
        self.end_shown = True
        self.app.push(EndGameScreen(self.app, self.session))

    def load_screen(self) -> None:
        from game.ui.screens.saves import SavesScreen
        self.app.push(SavesScreen(self.app, mode="load"))

    # -- the AI ------------------------------------------------------------------------------------
    def ai_turn(self) -> bool:
        d = self.session.decision()
        return d is not None and not self.session.is_human(d.side)

    def drive_ai(self, dt: float) -> None:
        s = self.session
        if s.is_over() or self.ai_broken or self.banner_to is not None or self.pending_handover:
            return
        if self.app.top is not self:
            return
        if not self.ai_turn():
            self.skip_ai = False
            return
        if self.ai_future is not None:
            if self.ai_future_version != s.version:
                self.ai_future = None
                return
            if not self.ai_future.done():
                return
            future, self.ai_future = self.ai_future, None
            try:
                action = future.result()
            except Exception as exc:
                self.ai_failed(exc)
                return
            self.apply_ai(action)
            return
        if not self.skip_ai:
            if self.ai_wait > 0:
                self.ai_wait -= dt
                return
            if self.anims:
                return
        if self.skip_ai or not self.app.threaded_ai:
            budget = time.perf_counter() + (0.03 if self.skip_ai else 0.0)
            while True:
                inputs = s.ai_inputs()
                if inputs is None:
                    return
                player, view, options, decision = inputs
                try:
                    action = player.choose(view, options, decision)
                except Exception as exc:
                    self.ai_failed(exc)
                    return
                if not self.apply_ai(action):
                    return
                if not self.skip_ai or time.perf_counter() > budget or not self.ai_turn() or \
                        self.banner_to is not None or self.pending_handover:
                    return
        inputs = s.ai_inputs()
        if inputs is None:
            return
        player, view, options, decision = inputs
        self.ai_future = executor().submit(player.choose, view, options, decision)
        self.ai_future_version = s.version

    def ai_failed(self, exc: Exception) -> None:
        """An AI that fails must not stop the game: this once, a random legal choice is made."""
        from game.ai.players import make_player
        s = self.session
        inputs = s.ai_inputs()
        if inputs is not None and not self._falling_back:
            _player, view, options, decision = inputs
            try:
                action = make_player("random", s.seed, decision.side).choose(view, options, decision)
                self.say(f"The AI failed ({type(exc).__name__}: {exc}); it made a random legal choice instead.",
                         theme.WARN, 8)
                self._falling_back = True
                try:
                    done = self.apply_ai(action)
                finally:
                    self._falling_back = False
                if done:
                    return
                return
            except Exception as again:
                exc = again
        self.ai_broken = f"The AI failed: {type(exc).__name__}: {exc}"
        self.say(self.ai_broken, theme.BAD, 30)

    def apply_ai(self, action) -> bool:
        try:
            events = self.session.act(action)
        except Exception as exc:
            self.ai_failed(exc)
            return False
        self.ai_wait = self.app.settings.ai_delay
        self.after_action(events, by_human=False)
        return True

    # -- input ------------------------------------------------------------------------------------
    def in_viewport(self, pos) -> bool:
        x, y, w, h = self.viewport
        return x <= pos[0] < x + w and y <= pos[1] < y + h

    def world(self, pos) -> tuple[float, float]:
        return self.camera.to_world(*pos)

    def unit_at(self, pos):
        wx, wy = self.world(pos)
        slack = 4 / self.camera.scale
        return render.unit_hit(self.view().units.values(), wx, wy, slack)

    def tool_key(self, key: str) -> None:
        if key == "fit":
            self.camera.fit()
        elif key == "legend":
            self.app.settings.show_legend = not self.app.settings.show_legend
            self.app.save_settings()
            self.app.later(self.rebuild)
        elif key == "arc":
            self.arc = None if self.arc is not None else self.default_arc()
        elif key == "rings":
            self.rings_on = not self.rings_on
        elif key in ("measure", "los", "blast"):
            self.tool = None if self.tool == key else key
            self.tool_a = self.tool_b = None
            self.blast_pinned = None
            if self.tool == "blast" and self.blast_r is None:
                self.blast_r = self.default_blast()
            if self.tool:
                hints = {"measure": "Tape: drag on the table to measure", "los": "LOS: drag from a unit or a point",
                         "blast": "Blast template: click to pin it, [ and ] change its radius"}
                self.say(hints[self.tool], theme.ACCENT, 4)
        self.refresh_tool_buttons()

    def default_arc(self) -> float:
        """The selected unit's field of vision, as the ruleset declares it."""
        if not self.selected:
            return 90.0
        return float(self.session.ruleset.field_of_vision(self.view(), self.selected))

    def default_blast(self) -> float:
        r = self.session.ruleset.blast_radius(self.view())
        return 4.0 if r is None else float(r)

    def range_bands(self) -> list[tuple[str, float]]:
        bands = self.session.ruleset.range_bands(self.view(), self.selected) if self.selected else []
        if not bands:
            bands = [("10 cm", 10.0), ("30 cm", 30.0), ("60 cm", 60.0)]
        return [(str(n), float(cm)) for n, cm in bands]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEWHEEL:
            pos = self.app.mouse
            if self.in_viewport(pos):
                self.camera.zoom_at(pos[0], pos[1], 1 if event.y > 0 else -1 if event.y < 0 else 0)
            elif self.panel_rect.collidepoint(pos):
                if pos[1] >= self.log_rect.y:
                    self.log_scroll = max(0, self.log_scroll - event.y * self.s(40))
                else:
                    self.opt_scroll = max(0, self.opt_scroll - event.y * self.s(34))
                    self._rows_key = None
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.mouse_up(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event)

    def key(self, event) -> None:
        k = event.key
        mods = event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        if ctrl:
            if k == pygame.K_z:
                self.undo()
            elif k == pygame.K_s and shift:
                self.save_as()
            elif k == pygame.K_s:
                self.quick_save()
            elif k in (pygame.K_l, pygame.K_o):
                self.load_screen()
            return
        if k == pygame.K_ESCAPE:
            if self.placing is not None or self.focus is not None:
                self.placing = None
                self.focus = None
                self.say("Cancelled.", theme.DIM, 1.5)
            elif self.tool is not None:
                self.tool_key(self.tool)
            else:
                self.open_menu()
            return
        if self.banner_to is not None and k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.hand_over()
            return
        if k == pygame.K_F2:
            self.open_rules()
        elif k == pygame.K_F3:
            self.open_settings()
        elif k == pygame.K_F9:
            self.quick_load()
        elif k == pygame.K_SPACE:
            if self.ai_turn():
                self.skip_ai = True
                self.anims = {}
                self.positions = {uid: (u.x, u.y, u.facing) for uid, u in self.view().units.items()}
        elif k == pygame.K_TAB:
            self.cycle(-1 if shift else 1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.enter_key()
        elif k == pygame.K_p:
            passes = [o for o in self.options_for(self.selected) if o.kind == "Pass" and o.action is not None]
            if passes:
                self.commit(passes[0].action)
        elif pygame.K_0 <= k <= pygame.K_9 or pygame.K_KP0 <= k <= pygame.K_KP9:
            n = (k - pygame.K_0) if k <= pygame.K_9 else (k - pygame.K_KP0)
            index = 9 if n == 0 else n - 1
            opts = getattr(self, "row_options", [])
            if index < len(opts):
                self.choose(opts[index])
        elif k == pygame.K_m:
            self.tool_key("measure")
        elif k == pygame.K_v:
            self.tool_key("los")
        elif k == pygame.K_f:
            self.tool_key("arc")
        elif k == pygame.K_b:
            self.tool_key("blast")
        elif k == pygame.K_r:
            self.tool_key("rings")
        elif k == pygame.K_g:
            self.tool_key("legend")
        elif k == pygame.K_o:
            self.app.settings.los_preview = not self.app.settings.los_preview
            self.say("LOS preview " + ("on" if self.app.settings.los_preview else "off"), theme.DIM, 2)
        elif k == pygame.K_l:
            self.log_only_dice = not self.log_only_dice
            self._log_key = None
        elif k in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            up = k == pygame.K_RIGHTBRACKET
            if self.tool == "blast" and self.blast_r is not None:
                self.blast_r = max(0.5, self.blast_r + (0.5 if up else -0.5))
            elif self.arc is not None:
                steps = [30, 45, 60, 90, 120, 180, 270, 360]
                i = min(range(len(steps)), key=lambda j: abs(steps[j] - self.arc))
                self.arc = float(steps[max(0, min(len(steps) - 1, i + (1 if up else -1)))])
        elif k == pygame.K_HOME:
            self.camera.fit()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS):
            x, y, w, h = self.viewport
            self.camera.zoom_at(x + w / 2, y + h / 2, 1 if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS) else -1)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = self.s(80)
            dx = {pygame.K_LEFT: step, pygame.K_RIGHT: -step}.get(k, 0)
            dy = {pygame.K_UP: step, pygame.K_DOWN: -step}.get(k, 0)
            self.camera.pan(dx, dy)
        self.refresh_tool_buttons()

    def cycle(self, step: int) -> None:
        acts = self.actors()
        if not acts:
            own = [uid for uid, u in self.view().units.items() if u.side == self.session.viewer and not u.out]
            acts = own
        if not acts:
            return
        i = acts.index(self.selected) if self.selected in acts else (-1 if step > 0 else 0)
        self.selected = acts[(i + step) % len(acts)]
        self.placing = None
        self.focus = None
        self._rows_key = None
        u = self.view().units[self.selected]
        px, py = self.camera.to_screen(u.x, u.y)
        if not self.in_viewport((px, py)):
            x, y, w, h = self.viewport
            self.camera.pan(x + w / 2 - px, y + h / 2 - py)

    def enter_key(self) -> None:
        if self.placing is not None:
            pl = self.placing
            p = pl.point or self.cursor_world
            if p is None:
                return
            facing = pl.facing if pl.point is not None and pl.facing is not None else self.default_facing(pl.option, p)
            self.place_at(p, facing)
        elif self.focus is not None:
            self.choose(self.focus)

    def mouse_down(self, event) -> None:
        pos = event.pos
        if event.button in (2, 3):
            if self.in_viewport(pos):
                self.pan_from = pos
                self.pan_moved = False
            return
        if event.button != 1:
            return
        if self.panel_rect.collidepoint(pos):
            for rect, option, _, _ in self.rows:
                if option is not None and rect.collidepoint(pos):
                    self.choose(option)
                    return
            if self.log_rect.collidepoint(pos) and self.log_toggle_rect.collidepoint(pos):
                self.log_only_dice = not self.log_only_dice
                self._log_key = None
            return
        if not self.in_viewport(pos):
            return
        wp = self.world(pos)
        if self.tool in ("measure", "los"):
            u = self.unit_at(pos)
            self.tool_a = (u.x, u.y) if u is not None else wp
            self.tool_b = self.tool_a
            self.tool_dragging = True
            return
        if self.tool == "blast":
            self.blast_pinned = None if self.blast_pinned is not None else wp
            return
        if self.banner_to is not None:
            return
        if self.placing is not None and self.placing.point is not None:
            self.placing.down_at = pos
            return
        unit = self.unit_at(pos)
        d = self.my_decision()
        if unit is not None and self.placing is None:
            self.click_unit(unit)
            return
        option = self.region_option()
        if d is not None and option is not None:
            action = option.at(wp[0], wp[1], self.default_facing(option, wp))
            reason = self.session.check(action)
            if reason:
                self.say(reason, theme.BAD)
                return
            if self.placing is None:
                self.placing = Placing(option)
            self.placing.point = wp
            self.placing.facing = self.default_facing(option, wp)
            self.placing.down_at = pos
            self.placing.dragged = False
            self.focus = option
            return
        if unit is None:
            self.selected = None
            self.focus = None
            self._rows_key = None

    def click_unit(self, unit) -> None:
        uid = unit.id
        team = unit.team
        targeted = [o for o in self.options_for(self.selected)
                    if self.selected and o.target is not None and (o.target == uid or (team and o.target == team))]
        if targeted:
            if self.focus in targeted:
                # a second click on the target commits the option whose odds are on show
                self.choose(self.focus)
                return
            self.focus = targeted[0]
            self.say(f"{self.focus.label}" + (f" — {self.focus.odds_text}" if self.focus.odds_text else "") +
                     ". Click again or press Enter to do it.", theme.ACCENT, 6)
            self._rows_key = None
            return
        self.selected = uid
        self.focus = None
        self.placing = None
        self._rows_key = None

    def mouse_up(self, event) -> None:
        pos = event.pos
        if event.button in (2, 3):
            if self.pan_from is not None and not self.pan_moved and event.button == 3:
                # a right click without a drag cancels
                if self.placing is not None or self.focus is not None:
                    self.placing = None
                    self.focus = None
                elif self.tool is not None:
                    self.tool_key(self.tool)
            self.pan_from = None
            return
        if event.button != 1:
            return
        if self.tool_dragging:
            self.tool_dragging = False
            if self.tool_a is not None:
                u = self.unit_at(pos)
                self.tool_b = (u.x, u.y) if u is not None else self.world(pos)
            return
        pl = self.placing
        if pl is None or pl.point is None or pl.down_at is None:
            return
        moved = math.hypot(pos[0] - pl.down_at[0], pos[1] - pl.down_at[1])
        if not takes_facing(pl.option):
            self.place_at(pl.point, None)
            return
        if moved > 6:
            pl.facing = angle(pl.point, self.world(pos))
            self.place_at(pl.point, pl.facing)
            return
        sx, sy = self.camera.to_screen(*pl.point)
        if math.hypot(pos[0] - sx, pos[1] - sy) <= 6 and pl.dragged:
            self.place_at(pl.point, pl.facing)
        elif pl.dragged:
            self.place_at(pl.point, angle(pl.point, self.world(pos)))
        else:
            pl.dragged = True        # the point is set; the next click (or Enter) sets the facing
            pl.down_at = None
            self.say("Now drag or click to face (Enter keeps this facing, right click cancels)", theme.ACCENT, 5)

    def mouse_move(self, event) -> None:
        pos = event.pos
        if self.pan_from is not None:
            dx, dy = pos[0] - self.pan_from[0], pos[1] - self.pan_from[1]
            if abs(dx) + abs(dy) > 2:
                self.pan_moved = True
            self.camera.pan(dx, dy)
            self.pan_from = pos
            return
        if self.in_viewport(pos):
            self.cursor_world = self.world(pos)
            u = self.unit_at(pos)
            uid = u.id if u is not None else None
            if uid != self.hovered:
                self.hovered = uid
                self.hover_time = self.now
        else:
            self.cursor_world = None
            self.hovered = None
        if self.tool_dragging and self.tool_a is not None and self.cursor_world is not None:
            self.tool_b = self.cursor_world
        pl = self.placing
        if pl is not None and pl.point is not None and self.cursor_world is not None:
            sx, sy = self.camera.to_screen(*pl.point)
            if math.hypot(pos[0] - sx, pos[1] - sy) > 6:
                pl.facing = angle(pl.point, self.cursor_world)

    # -- update ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.now += dt
        if not self.started:
            self.started = True
            self.seen_viewer = self.session.viewer
            self.sync()
            self.check_viewer()
            if self.session.viewer is None and not self.pending_handover:
                want, _ = self.session.wanted_viewer()
                if want is not None:
                    self.push_handover(want)
                    return
        self.sync()
        if self.anims:
            done = []
            for uid, (a, b, t0) in self.anims.items():
                t = min(1.0, (self.now - t0) / ANIM_TIME)
                e = t * t * (3 - 2 * t)
                da = ((b[2] - a[2] + 180) % 360) - 180
                self.positions[uid] = (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e, a[2] + da * e)
                if t >= 1:
                    done.append(uid)
            for uid in done:
                del self.anims[uid]
        self.drive_ai(dt)
        if self.session.is_over() and not self.end_shown and self.app.top is self:
            if self.end_at is None:
                self.end_at = self.now + 1.0
            elif self.now >= self.end_at and not self.anims:
                self.open_results()
        self.layout_rows()
        self.layout_log()
        self.update_dynamic_buttons()
        undo_ok = self.session.undo_reason() is None and self.banner_to is None
        b = self.top_buttons.get("undo")
        if b is not None:
            if undo_ok and not b.is_enabled:
                b.enable()
            elif not undo_ok and b.is_enabled:
                b.disable()

    def busy(self) -> bool:
        """Something moves on screen (the window then draws at full speed)."""
        return bool(self.anims) or self.ai_turn() or self.now - self.roll_flash_at < ROLL_ANIM_TIME or \
            (self.toast is not None and self.now < self.toast[2])

    def update_dynamic_buttons(self) -> None:
        """The banner's hand-over button and the results button come and go with the state."""
        key = (self.banner_to, self.session.is_over(), self.panel_rect.topleft, self.app.size)
        if key == self._dyn_key:
            return
        self._dyn_key = key
        for b in self.dynamic_buttons:
            b.kill()
        self.dynamic_buttons = []
        if self.banner_to is not None:
            x, y, w, h = self.viewport
            bw, bh = self.s(340), self.s(46)
            name = self.session.side_name(self.banner_to)
            self.dynamic_buttons.append(self.button(pygame.Rect(x + (w - bw) // 2, y + h // 2 + self.s(20), bw, bh),
                                                    f"Hand over to {name}  (Enter)", self.hand_over, "#primary"))
        elif self.session.is_over():
            r = self.panel_rect
            self.dynamic_buttons.append(self.button(pygame.Rect(r.x + self.s(12), r.y + self.s(76),
                                                                r.w - self.s(24), self.s(36)),
                                                    "Results and the log", self.open_results, "#primary"))

    # -- the panel ---------------------------------------------------------------------------------
    def layout_rows(self) -> None:
        r = self.panel_rect
        pad = self.s(12)
        self.log_rect = pygame.Rect(r.x, r.y + int(r.h * 0.6), r.w, r.h - int(r.h * 0.6))
        self.log_toggle_rect = pygame.Rect(self.log_rect.right - self.s(120), self.log_rect.y + self.s(4),
                                           self.s(112), self.s(22))
        key = (self.session.version, self.session.viewer, self.selected, self.hovered if self.selected is None else None,
               id(self.focus), r.topleft, r.size,
               self.opt_scroll, self.banner_to, self.pending_handover, id(self.placing.option) if self.placing else None)
        if key == self._rows_key:
            return
        self._rows_key = key
        self.rows = []
        self.card_top = r.y + self.s(92)
        self.card_lines = self.card_text()
        lh = self.app.fonts.line_height(13)
        self.rows_top = self.card_top + self.s(28) + len(self.card_lines) * lh + self.s(8)
        opts = self.options_for(self.selected)
        self.row_options = list(opts)
        fonts = self.app.fonts
        y = self.rows_top + self.s(22) - self.opt_scroll
        bottom = self.log_rect.y - self.s(6)
        top_limit = self.rows_top + self.s(20)
        lh13 = fonts.line_height(13)
        room = r.w - 2 * pad - self.s(40)
        for n, o in enumerate(opts, start=1):
            key_label = str(n % 10) if n <= 10 else ""
            text = o.label + ("  (place on the table)" if o.region is not None else "")
            lines = fonts.wrap(fonts.safe(text, 13), 13, room)[:2]
            if len(fonts.wrap(fonts.safe(text, 13), 13, room)) > 2:
                lines[-1] = lines[-1][:max(1, len(lines[-1]) - 2)] + "..."
            h = len(lines) * lh13 + (fonts.line_height(12) if o.odds_text else 0) + self.s(10)
            rect = pygame.Rect(r.x + pad, y, r.w - 2 * pad, h)
            if rect.bottom <= bottom and rect.top >= top_limit:
                self.rows.append((rect, o, key_label, lines))
            y += h + self.s(4)
        self.rows_hidden_below = y > bottom

    def card_text(self) -> list[str]:
        uid = self.selected or self.hovered
        if uid is None or uid not in self.view().units:
            return []
        try:
            text = self.session.ruleset.describe_unit(self.view(), uid)
        except Exception:
            u = self.view().units[uid]
            text = u.name
        lines = []
        width = self.panel_rect.w - self.s(24)
        for line in text.split("\n")[:8]:
            lines.extend(self.app.fonts.wrap(line, 13, width))
        return lines[:9]

    def log_entries(self) -> list:
        view = self.view()
        viewer = self.session.viewer
        events = [e for e in view.log if e.visible_to(viewer)]
        if self.log_only_dice:
            events = [e for e in events if e.kind == "Rolled"]
        return events

    def layout_log(self) -> None:
        key = (self.session.version, self.session.viewer, self.log_only_dice, self.log_rect.size)
        if key == self._log_key:
            return
        self._log_key = key
        fonts = self.app.fonts
        width = self.log_rect.w - self.s(28)
        entries = []
        events = self.log_entries()
        newest_roll = None
        for e in reversed(events):
            if e.kind == "Rolled":
                newest_roll = e
                break
        for e in reversed(events[-300:]):
            if e.kind == "Rolled":
                head = " · ".join(p for p in (e.data.get("who") or "", e.data.get("purpose") or "") if p) or "Roll"
                odds_w = fonts.get(12).size(f"odds {e.data.get('odds_text') or ''}")[0] if e.data.get("odds_text") else 0
                lines = fonts.wrap(head, 13, width - odds_w - self.s(24), "b")[:2]
                h = len(lines) * fonts.line_height(13) + self.s(26)
                entries.append((h, ("roll", e, lines, e is newest_roll)))
            else:
                text = e.text
                lines = fonts.wrap(text, 12, width)[:4]
                h = len(lines) * fonts.line_height(12) + self.s(4)
                entries.append((h, ("event", e, lines, False)))
        self.log_layout = entries

    # -- drawing -----------------------------------------------------------------------------------
    def caption(self) -> str | None:
        return self.session.scenario.title

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        view = self.view()
        cam = self.camera
        vx, vy, vw, vh = self.viewport
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.viewport))
        self.terrain.blit(surface, view, cam)
        self.draw_overlays_under(surface, view)
        marker_labels = dict(getattr(self.session.ruleset, "marker_styles", {}) or {})
        acting = set(self.actors()) if self.my_decision() is not None else set()
        self.painter.draw(surface, cam, view.units.values(), self.positions, marker_labels,
                          self.selected, self.hovered, acting)
        self.draw_overlays_over(surface, view)
        if self.banner_to is not None:
            self.draw_banner(surface)
        surface.set_clip(clip)
        self.draw_legend(surface)
        self.draw_top(surface, view)
        self.draw_bottom(surface)
        self.draw_panel(surface, view)

    def draw_overlays_under(self, surface, view) -> None:
        """Under the units: move regions, arcs, range bands, LOS preview."""
        cam = self.camera
        option = self.region_option() if self.my_decision() is not None else None
        if option is not None and option.region is not None:
            strong = self.placing is not None
            self.regions.blit(surface, option.region, cam,
                              fill=(255, 214, 90, 80 if strong else 40),
                              edge=(240, 190, 70, 255 if strong else 150))
        sel = view.units.get(self.selected) if self.selected else None
        if self.arc is not None and sel is not None and not sel.out:
            x, y, f = self.positions.get(sel.id, (sel.x, sel.y, sel.facing))
            diag = math.hypot(*render.table_size(view))
            render.draw_sector(surface, cam, (x, y), f, self.arc, diag, (255, 255, 255, 38), (255, 255, 255, 170))
        if self.rings_on:
            centre = None
            if sel is not None:
                centre = (sel.x, sel.y)
            elif self.cursor_world is not None:
                centre = self.cursor_world
            if centre is not None:
                render.draw_rings(surface, cam, self.app.fonts, centre, self.range_bands())
        if self.app.settings.los_preview and self.tool is None and self.placing is None:
            self.draw_los_preview(surface, view)

    def los_rules(self):
        try:
            return self.session.ruleset.los_rules(self.view())
        except Exception:
            return None

    def los_from(self, uid: str) -> list[tuple[str, bool, str | None]]:
        """LOS from one unit to every visible enemy, computed once per (unit, state, viewer)."""
        key = (uid, self.session.version, self.session.viewer)
        found = self._los_cache.get(key)
        if found is not None:
            return found
        if self.ai_future is not None and not self.ai_future.done():
            return []          # the AI's thread is using the table's prepared geometry: wait for it
        view = self.view()
        u = view.units.get(uid)
        found = []
        if u is not None and not u.out:
            others = [o for o in view.units.values() if o.side != u.side and not o.out]
            if others:
                rules = self.los_rules()
                points = [(u.x, u.y)] + [(o.x, o.y) for o in others]
                try:
                    row = view.table.los_row(0, points, rules) if rules is not None else view.table.los_row(0, points)
                    found = [(o.id, bool(row.clear[i + 1]), row.blockers[i + 1]) for i, o in enumerate(others)]
                except Exception:
                    found = []
        if len(self._los_cache) > 32:
            self._los_cache.clear()
        self._los_cache[key] = found
        return found

    def draw_los_preview(self, surface, view) -> None:
        uid = self.hovered
        if uid is None:
            return
        u = view.units.get(uid)
        if u is None or u.out:
            return
        cam = self.camera
        a = cam.to_screen(u.x, u.y)
        for oid, clear, _blocker in self.los_from(uid):
            o = view.units.get(oid)
            if o is None:
                continue
            b = cam.to_screen(o.x, o.y)
            # clear: a thick green line with a dark edge; blocked: a thin red one (thickness, not only
            # colour, tells them apart)
            if clear:
                pygame.draw.line(surface, (20, 20, 20), a, b, 4)
                pygame.draw.line(surface, theme.GOOD, a, b, 2)
            else:
                pygame.draw.line(surface, (185, 45, 40), a, b, 1)

    def draw_overlays_over(self, surface, view) -> None:
        cam = self.camera
        fonts = self.app.fonts
        pl = self.placing
        if pl is not None and pl.point is not None:
            u = view.units.get(self.selected) if self.selected else None
            p = cam.to_screen(*pl.point)
            if u is not None:
                pygame.draw.line(surface, (255, 255, 255), cam.to_screen(u.x, u.y), p, 1)
                r = max(4, int(render.base_radius_cm(u.base) * cam.scale))
                pygame.draw.circle(surface, theme.ACCENT, p, r, 2)
            if pl.facing is not None:
                t = math.radians(pl.facing)
                L = max(30, self.s(40))
                tip = (p[0] + math.cos(t) * L, p[1] + math.sin(t) * L)
                pygame.draw.line(surface, theme.ACCENT, p, tip, 3)
                left = (tip[0] - math.cos(t - 0.5) * 10, tip[1] - math.sin(t - 0.5) * 10)
                right = (tip[0] - math.cos(t + 0.5) * 10, tip[1] - math.sin(t + 0.5) * 10)
                pygame.draw.polygon(surface, theme.ACCENT, [tip, left, right])
        # the focused option's target (or the option under the pointer), with its odds
        shown = self.focus
        for rect, option, _, _ in self.rows:
            if rect.collidepoint(self.app.mouse):
                shown = option
        actors = self.members(view, shown.actor) if shown is not None and shown.actor else []
        if not actors and self.selected in view.units:
            actors = [view.units[self.selected]]
        targets = self.members(view, shown.target) if shown is not None and shown.target else []
        if targets:
            top = None
            for t in targets:
                tp = cam.to_screen(t.x, t.y)
                r = max(6, int(render.base_radius_cm(t.base) * cam.scale)) + 7
                pygame.draw.circle(surface, theme.BAD, tp, r, 3)
                for a in actors:
                    pygame.draw.line(surface, theme.ACCENT, cam.to_screen(a.x, a.y), tp, 2)
                if top is None or tp[1] - r < top[1]:
                    top = (tp[0], tp[1] - r)
            text = shown.label + (f" · {shown.odds_text}" if shown.odds_text else "")
            render.label_box(surface, fonts, text, (top[0], top[1] - 4), 13)
        # tools
        if self.tool in ("measure", "los") and self.tool_a is not None and self.tool_b is not None:
            a, b = self.tool_a, self.tool_b
            pa, pb = cam.to_screen(*a), cam.to_screen(*b)
            dist = math.hypot(b[0] - a[0], b[1] - a[1])
            if self.tool == "measure":
                pygame.draw.line(surface, (20, 20, 20), pa, pb, 5)
                pygame.draw.line(surface, (255, 235, 120), pa, pb, 3)
                for pt in (pa, pb):
                    pygame.draw.circle(surface, (255, 235, 120), pt, 4)
                inches = dist / CM_PER_INCH
                text = f"{inches:.1f} in · {dist:.1f} cm" if self.app.settings.inches else f"{dist:.1f} cm · {inches:.1f} in"
                render.label_box(surface, fonts, text, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - 6), 13)
            else:
                self.draw_los_tool(surface, view, a, b, pa, pb, dist)
        if self.tool == "blast":
            centre = self.blast_pinned or self.cursor_world
            if centre is not None and self.blast_r:
                c = cam.to_screen(*centre)
                r = self.blast_r * cam.scale
                tmp = pygame.Surface((int(2 * r) + 4, int(2 * r) + 4), pygame.SRCALPHA)
                pygame.draw.circle(tmp, (230, 90, 40, 70), (r + 2, r + 2), r)
                pygame.draw.circle(tmp, (230, 90, 40, 230), (r + 2, r + 2), r, 2)
                surface.blit(tmp, (c[0] - r - 2, c[1] - r - 2))
                hit = 0
                for u in view.units.values():
                    if u.out:
                        continue
                    if math.hypot(u.x - centre[0], u.y - centre[1]) <= self.blast_r + render.base_radius_cm(u.base):
                        hit += 1
                        up = cam.to_screen(u.x, u.y)
                        pygame.draw.circle(surface, (230, 90, 40), up,
                                           max(5, int(render.base_radius_cm(u.base) * cam.scale)) + 5, 2)
                render.label_box(surface, fonts, f"blast r {self.blast_r:g} cm · {hit} inside", (c[0], c[1] - r - 4), 12)
        # the hovered unit's tooltip
        if self.hovered and self.hovered in view.units and self.now - self.hover_time > 0.25 and self.tool is None:
            self.draw_unit_tip(surface, view, self.hovered)

    @staticmethod
    def members(view, ident: str | None) -> list:
        """The units an option names: the unit itself, or every able member of a team."""
        if not ident:
            return []
        u = view.units.get(ident)
        if u is not None:
            return [u] if not u.out else []
        return [u for u in view.units.values() if u.team == ident and not u.out]

    def draw_los_tool(self, surface, view, a, b, pa, pb, dist) -> None:
        if self.ai_future is not None and not self.ai_future.done():
            render.label_box(surface, self.app.fonts, "LOS: waiting for the AI…", pb, 12)
            return
        rules = self.los_rules()
        try:
            res = view.table.los(a, b, rules) if rules is not None else view.table.los(a, b)
        except Exception as exc:
            render.label_box(surface, self.app.fonts, f"LOS failed: {exc}", pb, 12)
            return
        fonts = self.app.fonts
        cam = self.camera
        if res.clear:
            pygame.draw.line(surface, (20, 20, 20), pa, pb, 6)
            pygame.draw.line(surface, theme.GOOD, pa, pb, 4)
            text = f"clear · {dist:.1f} cm"
        else:
            piece = getattr(view.table, "by_id", {}).get(res.blocker)
            if piece is not None:
                for poly in render.polygons_of(piece.polygon):
                    render.outline_polygon(surface, poly, (255, 240, 60), cam.to_screen, 5)
                    render.outline_polygon(surface, poly, theme.BAD, cam.to_screen, 2)
            pygame.draw.line(surface, (20, 20, 20), pa, pb, 6)
            render.dashed_line(surface, theme.BAD, pa, pb, 4, 12, 6)
            name = (getattr(piece, "name", "") or "") if piece is not None else ""
            kind = render.kind_label(getattr(piece, "kind", None)) if piece is not None else ""
            what = name or kind or str(res.blocker)
            text = f"blocked by {what} · {dist:.1f} cm"
        for pt in (pa, pb):
            pygame.draw.circle(surface, (255, 255, 255), pt, 4)
        render.label_box(surface, fonts, text, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - 6), 13,
                         bg=(230, 250, 235) if res.clear else (255, 230, 225))

    def draw_unit_tip(self, surface, view, uid) -> None:
        fonts = self.app.fonts
        try:
            text = self.session.ruleset.describe_unit(view, uid)
        except Exception:
            text = view.units[uid].name
        u = view.units[uid]
        lines = []
        for line in text.split("\n")[:10]:
            lines.extend(fonts.wrap(line, 12, self.s(300)))
        lines = lines[:12]
        if u.markers:
            lines.append("markers: " + ", ".join(sorted(u.markers)))
        lh = fonts.line_height(12)
        w = max(fonts.get(12).size(l)[0] for l in lines) + self.s(16)
        h = lh * len(lines) + self.s(10)
        mx, my = self.app.mouse
        rect = pygame.Rect(mx + 16, my + 16, w, h)
        x, y, vw, vh = self.viewport
        if rect.right > x + vw:
            rect.x = mx - w - 10
        if rect.bottom > y + vh:
            rect.y = my - h - 10
        theme.panel(surface, rect, (17, 20, 26), theme.side_colour(u.side), 5)
        yy = rect.y + self.s(5)
        for i, line in enumerate(lines):
            theme.draw_text(surface, fonts, line, (rect.x + self.s(8), yy), 12, theme.TEXT, "b" if i == 0 else "")
            yy += lh

    def layout_legend(self, view, width: int):
        """The terrain kinds on this table, in columns along the bottom of the table view."""
        entries = render.legend_entries(view)
        if not entries:
            return None
        fonts = self.app.fonts
        sw = self.s(16)
        lh = fonts.line_height(11) + self.s(2)
        best = None
        for with_props in (True, False):      # a narrow window: the kinds' names only, in more columns
            cells = []
            for label, colour, props in entries:
                props = props if with_props else ""
                w = sw + self.s(6) + fonts.get(11, "b").size(label)[0] + \
                    (fonts.get(11).size("  " + props)[0] if props else 0)
                cells.append((w, label, colour, props))
            col_w = max(c[0] for c in cells) + self.s(18)
            cols = max(1, (width - self.s(12)) // col_w)
            rows = -(-len(cells) // cols)
            if best is None or rows < best[0]:
                best = (rows, col_w, cols, cells)
            if rows <= 3:
                break
        rows, col_w, cols, cells = best
        max_rows = max(1, int(self.app.size[1] * 0.2) // lh)     # a small window keeps its table
        if rows > max_rows:
            rows = max_rows
            cells = cells[:rows * cols]
        return (rows * lh + self.s(10), col_w, cols, lh, cells)

    def draw_legend(self, surface) -> None:
        if not self.legend:
            return
        height, col_w, cols, lh, cells = self.legend
        fonts = self.app.fonts
        x0, y0 = 0, self.viewport[1] + self.viewport[3]
        rect = pygame.Rect(x0, y0, self.viewport[2], height)
        pygame.draw.rect(surface, (30, 33, 39), rect)
        pygame.draw.line(surface, theme.EDGE, rect.topleft, rect.topright)
        for i, (_w, label, colour, props) in enumerate(cells):
            col, row = i % cols, i // cols
            x = x0 + self.s(10) + col * col_w
            y = y0 + self.s(5) + row * lh
            sw = pygame.Rect(x, y + self.s(2), self.s(16), lh - self.s(5))
            pygame.draw.rect(surface, colour, sw)
            pygame.draw.rect(surface, (10, 10, 10), sw, 1)
            r = theme.draw_text(surface, fonts, label, (sw.right + self.s(6), y), 11, theme.TEXT, "b")
            if props:
                theme.draw_text(surface, fonts, "  " + props, (r.right, y), 11, theme.DIM)

    def draw_banner(self, surface) -> None:
        x, y, w, h = self.viewport
        box = pygame.Rect(0, 0, self.s(460), self.s(150))
        box.center = (x + w // 2, y + h // 2)
        theme.panel(surface, box, (24, 27, 33), theme.ACCENT, 10, alpha=240)
        fonts = self.app.fonts
        me = self.session.side_name(self.session.viewer)
        theme.draw_text(surface, fonts, f"{me}: your part is done for now", (box.centerx, box.y + self.s(18)), 18,
                        theme.TEXT, "b", anchor="midtop")
        theme.draw_text(surface, fonts, "Look at the results, then hand over", (box.centerx, box.y + self.s(48)), 13,
                        theme.DIM, "i", anchor="midtop")

    def draw_top(self, surface, view) -> None:
        w = surface.get_width()
        bar = pygame.Rect(0, 0, w, self.top_h)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.EDGE, (0, self.top_h - 1), (w, self.top_h - 1))
        fonts = self.app.fonts
        s = self.session
        fs = view.flow
        x = self.s(12)
        cy = self.top_h // 2
        r = theme.draw_text(surface, fonts, f"Turn {min(fs.turn, s.scenario.turn_limit)} of {s.scenario.turn_limit}",
                            (x, cy), 16, theme.TEXT, "b", anchor="midleft")
        x = r.right + self.s(14)
        if fs.phase_name:
            r = theme.draw_text(surface, fonts, prettify(fs.phase_name), (x, cy), 15, theme.ACCENT, "b", anchor="midleft")
            x = r.right + self.s(14)
        ini = fs.initiative
        if 0 <= ini < view.sides:
            pygame.draw.circle(surface, theme.side_colour(ini), (x + self.s(6), cy), self.s(6))
            r = theme.draw_text(surface, fonts, f"initiative: {s.side_name(ini)}", (x + self.s(16), cy), 14,
                                theme.DIM, anchor="midleft")
            x = r.right + self.s(18)
        # who decides and why
        res = s.result()
        if res is not None:
            who = "a draw" if res.winner is None else f"{s.side_name(res.winner)} win"
            text, colour = f"Game over: {who}", theme.ACCENT
        else:
            d = s.decision()
            if d is None:
                text, colour = "", theme.TEXT
            else:
                player = "" if s.is_human(d.side) else f" (AI {s.players[d.side]})"
                text = f"{s.side_name(d.side)}{player} to decide"
                colour = theme.shade(theme.side_colour(d.side), 1.45)
        room = self.top_buttons_left - x - self.s(8)
        if text and room > 60:
            font = fonts.get(15, "b")
            while font.size(text)[0] > room and len(text) > 4:
                text = text[:-2]
            theme.draw_text(surface, fonts, text, (x, cy), 15, colour, "b", anchor="midleft")

    def draw_bottom(self, surface) -> None:
        w, h = surface.get_size()
        bar = pygame.Rect(0, h - self.bottom_h, w - self.panel_w, self.bottom_h)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.EDGE, bar.topleft, bar.topright)
        fonts = self.app.fonts
        toast = self.toast if self.toast is not None and self.now < self.toast[2] else None
        text, colour = self.status_text(hints_only=toast is not None)
        room = bar.right - self.status_x - self.s(8)
        if room > 40 and text:
            lines = fonts.wrap(text, 13, room)
            theme.draw_text(surface, fonts, lines[0] if lines else "", (self.status_x, bar.centery), 13, colour,
                            anchor="midleft")
        if toast is not None:
            # messages (an illegal click's reason, a save) float over the bottom of the table, whole
            x, y, vw, vh = self.viewport
            lines = fonts.wrap(toast[0], 14, vw - self.s(80))[:3]
            lh = fonts.line_height(14)
            bw = max(fonts.get(14).size(l)[0] for l in lines) + self.s(28)
            box = pygame.Rect(0, 0, bw, lh * len(lines) + self.s(14))
            box.midbottom = (x + vw // 2, y + vh - self.s(12))
            theme.panel(surface, box, (20, 22, 27), toast[1], 8, alpha=235)
            yy = box.y + self.s(7)
            for line in lines:
                theme.draw_text(surface, fonts, line, (box.centerx, yy), 14, toast[1], "b", anchor="midtop")
                yy += lh

    def status_text(self, hints_only: bool = False) -> tuple[str, tuple]:
        if not hints_only and self.toast is not None and self.now < self.toast[2]:
            return self.toast[0], self.toast[1]
        if self.ai_broken:
            return self.ai_broken, theme.BAD
        pl = self.placing
        if pl is not None:
            if pl.point is None:
                return f"{pl.option.label}: click inside the highlighted area (right click or Esc cancels)", theme.ACCENT
            return "Drag or click to set the facing; Enter keeps it", theme.ACCENT
        if self.ai_turn() and not self.session.is_over():
            return "The AI is playing… Space skips the animation", theme.DIM
        pos = ""
        if self.cursor_world is not None:
            x, y = self.cursor_world
            pos = f"x {x:.1f}  y {y:.1f} cm   ·   "
        return pos + "F1 help · Tab next unit · 1-9 options · wheel zoom · right drag pan", theme.DIM

    def draw_panel(self, surface, view) -> None:
        r = self.panel_rect
        pygame.draw.rect(surface, theme.PANEL_DARK, r)
        pygame.draw.line(surface, theme.EDGE, r.topleft, r.bottomleft)
        fonts = self.app.fonts
        s = self.session
        pad = self.s(12)
        x = r.x + pad
        y = r.y + self.s(10)
        d = s.decision()
        mine = self.my_decision()
        # the decision header
        head_rect = pygame.Rect(r.x + self.s(6), y - self.s(4), r.w - self.s(12), self.s(74))
        interrupt = bool(view.flow.interrupts) and d is not None
        if s.is_over():
            res = s.result()
            who = "A draw" if res.winner is None else f"{s.side_name(res.winner)} win"
            theme.draw_text(surface, fonts, who, (x, y), 18, theme.ACCENT, "b")
            for i, line in enumerate(fonts.wrap(res.reason, 12, r.w - 2 * pad)[:2]):
                theme.draw_text(surface, fonts, line, (x, y + self.s(26) + i * fonts.line_height(12)), 12, theme.DIM)
        elif d is not None:
            col = theme.side_colour(d.side)
            if interrupt and mine is not None:
                theme.panel(surface, head_rect, (60, 48, 20), theme.ACCENT, 6)
            pygame.draw.circle(surface, col, (x + self.s(7), y + self.s(11)), self.s(7))
            if mine is not None:
                title = f"{s.side_name(d.side)}: " + (prettify(d.kind) + "?" if interrupt else "your decision")
            elif self.banner_to is not None or self.pending_handover:
                title = f"{s.side_name(self.banner_to if self.banner_to is not None else d.side)} decides next"
            elif not s.is_human(d.side):
                title = f"{s.side_name(d.side)} (AI {s.players[d.side]}) is playing"
            else:
                title = f"Waiting for {s.side_name(d.side)}"
            theme.draw_text(surface, fonts, title, (x + self.s(20), y), 16, theme.TEXT, "b")
            reason = d.reason if (mine is not None or not d.hidden) else ""
            if reason and (mine is not None or self.banner_to is None):
                for i, line in enumerate(fonts.wrap(reason[:1].upper() + reason[1:], 13, r.w - 2 * pad - self.s(20))[:2]):
                    theme.draw_text(surface, fonts, line, (x + self.s(20), y + self.s(24) + i * fonts.line_height(13)),
                                    13, theme.ACCENT if interrupt else theme.DIM, "i")
        # the unit card
        y = self.card_top
        uid = self.selected or self.hovered
        if uid is not None and uid in view.units:
            u = view.units[uid]
            pygame.draw.line(surface, theme.EDGE, (r.x + pad, y - self.s(6)), (r.right - pad, y - self.s(6)))
            pygame.draw.circle(surface, theme.side_colour(u.side), (x + self.s(6), y + self.s(10)), self.s(6))
            label = (u.name or u.id) + ("" if uid == self.selected else "  (hover)")
            theme.draw_text(surface, fonts, label, (x + self.s(18), y), 15, theme.TEXT, "b")
            if u.markers:
                mk = ", ".join(sorted(u.markers))
                theme.draw_text(surface, fonts, mk, (r.right - pad, y + self.s(2)), 12, theme.WARN, "b", anchor="topright")
            yy = y + self.s(24)
            for line in self.card_lines:
                theme.draw_text(surface, fonts, line, (x, yy), 13, theme.DIM)
                yy += fonts.line_height(13)
        # the options
        y = self.rows_top
        if mine is not None:
            pygame.draw.line(surface, theme.EDGE, (r.x + pad, y - self.s(4)), (r.right - pad, y - self.s(4)))
            sel = view.units.get(self.selected) if self.selected else None
            n = len(self.actors())
            if sel is not None and self.selected in self._option_index()[1]:
                heading = f"{sel.name} can:"
            elif n and any(o.actor is not None for _, o, _, _ in self.rows):
                heading = f"Choose, or select one of the {n} units that can act (Tab)"
            else:
                heading = (f"Select a unit (Tab or click): {n} can act" if n else "Options")
            theme.draw_text(surface, fonts, heading, (x, y), 13, theme.ACCENT, "b")
            for rect, option, key_label, lines in self.rows:
                self.draw_option(surface, rect, option, key_label, lines)
            if self.rows_hidden_below:
                theme.draw_text(surface, fonts, "▼ more (wheel)", (r.right - pad, self.log_rect.y - self.s(4)), 11,
                                theme.DIM, anchor="bottomright")
        self.draw_log(surface)

    def draw_option(self, surface, rect, option: Option, key_label: str, lines: list[str]) -> None:
        """One option: its key, its label (two lines at most) and, before any roll, its odds."""
        fonts = self.app.fonts
        hover = rect.collidepoint(self.app.mouse)
        focused = option is self.focus or (self.placing is not None and self.placing.option is option)
        bg = (74, 60, 26) if focused else ((52, 58, 68) if hover else (40, 45, 53))
        edge = theme.ACCENT if focused else ((110, 118, 130) if hover else (62, 68, 80))
        pygame.draw.rect(surface, bg, rect, border_radius=5)
        pygame.draw.rect(surface, edge, rect, 2 if focused else 1, border_radius=5)
        x = rect.x + self.s(34)
        y = rect.y + self.s(5)
        if key_label:
            badge = pygame.Rect(rect.x + self.s(6), rect.y + self.s(6), self.s(20), self.s(20))
            pygame.draw.rect(surface, (24, 27, 32), badge, border_radius=4)
            theme.draw_text(surface, fonts, key_label, badge.center, 12, theme.ACCENT, "b", anchor="center")
        lh = fonts.line_height(13)
        for line in lines:
            theme.draw_text(surface, fonts, line, (x, y), 13, theme.TEXT)
            y += lh
        if option.odds_text:
            img = fonts.render(option.odds_text, 12, (235, 235, 235), "b")
            ox = rect.right - self.s(8) - img.get_width()
            surface.blit(img, (max(x, ox), y))
            if option.odds is not None:
                p = max(0.0, min(1.0, float(option.odds)))
                bar_w = max(self.s(40), ox - x - self.s(10))
                bar = pygame.Rect(x, y + img.get_height() // 2 - self.s(2), bar_w, self.s(5))
                if ox - x > self.s(50):
                    pygame.draw.rect(surface, (24, 26, 30), bar, border_radius=2)
                    pygame.draw.rect(surface, theme.GOOD if p >= 0.5 else theme.WARN,
                                     (bar.x, bar.y, int(bar.w * p), bar.h), border_radius=2)

    def draw_log(self, surface) -> None:
        fonts = self.app.fonts
        r = self.log_rect
        pygame.draw.rect(surface, (22, 25, 30), r)
        pygame.draw.line(surface, theme.EDGE, r.topleft, r.topright)
        pad = self.s(10)
        title = "Dice" if self.log_only_dice else "Log and dice"
        theme.draw_text(surface, fonts, title, (r.x + pad, r.y + self.s(6)), 14, theme.ACCENT, "b")
        t = self.log_toggle_rect
        pygame.draw.rect(surface, (40, 45, 53), t, border_radius=4)
        theme.draw_text(surface, fonts, "all events (L)" if self.log_only_dice else "dice only (L)", t.center, 11,
                        theme.DIM, anchor="center")
        body = pygame.Rect(r.x, r.y + self.s(32), r.w, r.h - self.s(36))
        clip = surface.get_clip()
        surface.set_clip(body)
        total = sum(h for h, _ in self.log_layout)
        self.log_scroll = max(0, min(self.log_scroll, max(0, total - body.h)))
        y = body.y - self.log_scroll
        for h, (kind, e, lines, newest) in self.log_layout:
            if y > body.bottom:
                break
            if y + h >= body.y:
                if kind == "roll":
                    self.draw_roll(surface, pygame.Rect(r.x + pad, y, r.w - 2 * pad, h), e, lines, newest)
                else:
                    yy = y
                    for line in lines:
                        theme.draw_text(surface, fonts, line, (r.x + pad, yy), 12, (170, 176, 186))
                        yy += fonts.line_height(12)
            y += h
        surface.set_clip(clip)
        if not self.log_layout:
            theme.draw_text(surface, fonts, "No rolls yet.", (r.x + pad, body.y + self.s(4)), 12, theme.FAINT, "i")

    def draw_roll(self, surface, rect, e, lines, newest) -> None:
        fonts = self.app.fonts
        age = self.now - self.roll_flash_at
        animating = newest and age < ROLL_ANIM_TIME
        box = rect.inflate(0, -self.s(4))
        if animating:
            glow = int(120 * (1 - age / ROLL_ANIM_TIME))
            pygame.draw.rect(surface, (60 + glow // 2, 52 + glow // 3, 24), box, border_radius=5)
        else:
            pygame.draw.rect(surface, (32, 36, 43), box, border_radius=5)
        success = e.data.get("success")
        edge = theme.GOOD if success else theme.BAD if success is False else theme.EDGE
        pygame.draw.rect(surface, edge, (box.x, box.y, self.s(4), box.h), border_radius=2)
        x = box.x + self.s(10)
        y = box.y + self.s(3)
        for line in lines:
            theme.draw_text(surface, fonts, line, (x, y), 13, theme.TEXT, "b")
            y += fonts.line_height(13)
        odds = e.data.get("odds_text") or ""
        if odds:
            theme.draw_text(surface, fonts, f"odds {odds}", (box.right - self.s(8), box.y + self.s(3)), 12,
                            theme.DIM, anchor="topright")
        # the dice
        faces = e.data.get("faces") or []
        kept = [list(k) for k in (e.data.get("kept") or [])]
        sides = self._sides_of(e.data.get("expr") or "")
        size = self.s(18)
        dx = x
        frame = int(self.now * 20)
        for ti, term in enumerate(faces):
            left = list(kept[ti]) if ti < len(kept) else list(term)
            for di, face in enumerate(term):
                shown = face
                if animating and age < ROLL_ANIM_TIME * 0.7:
                    n = sides[ti] if ti < len(sides) else 6
                    shown = (frame * 7 + di * 3 + ti) % max(2, n) + 1
                counts = face in left
                if counts:
                    left.remove(face)
                die = pygame.Rect(dx, y + self.s(1), size, size)
                if dx + size > box.right - self.s(80):
                    break
                pygame.draw.rect(surface, (240, 238, 230) if counts else (120, 120, 120), die, border_radius=4)
                theme.draw_text(surface, fonts, str(shown), die.center, 11, (20, 20, 20), "b", anchor="center")
                dx += size + self.s(3)
            dx += self.s(6)
        if success is not None and not (animating and age < ROLL_ANIM_TIME * 0.7):
            word = "success" if success else "failure"
            theme.draw_text(surface, fonts, word, (box.right - self.s(8), y + self.s(10)), 13,
                            theme.GOOD if success else theme.BAD, "b", anchor="midright")
        elif e.data.get("total") is not None and success is None:
            theme.draw_text(surface, fonts, f"= {e.data.get('total')}", (box.right - self.s(8), y + self.s(10)), 13,
                            theme.TEXT, "b", anchor="midright")

    _sides_cache: dict[str, list[int]] = {}

    def _sides_of(self, expr: str) -> list[int]:
        found = self._sides_cache.get(expr)
        if found is None:
            found = []
            try:
                from game.engine import odds
                parsed = odds.parse(expr)
                for term in parsed.terms:
                    part = term.part
                    if hasattr(part, "sides"):
                        found.append(int(part.sides))
            except Exception:
                pass
            self._sides_cache[expr] = found
        return found

    def draw_over(self, surface: pygame.Surface) -> None:
        pass

