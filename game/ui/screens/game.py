"""The game screen: it lays out the board view (picked by the board's kind), the turn and status bars,
the action panel and the dice log, and routes input to them; the AI driver and the handover follow
the session. Everything drawn comes from `session.view()`, never the raw state."""
from __future__ import annotations

import pygame

from game.engine import game as engine
from game.engine.ruleset import Option
from game.ui import theme
from game.ui.components import keymap
from game.ui.components.action_panel import ActionPanel, phase_of
from game.ui.components.ai_driver import AiDriver
from game.ui.components.bars import Bars
from game.ui.components.board_view import Frame, board_of, kind_of_board, looks_of
from game.ui.components.board_views import board_view_for
from game.ui.components.choices import Choices, Selection, actors_of
from game.ui.components.dice_log import DiceLog
from game.ui.components.nesting import NestWatch, battle_report, progress as nest_progress, what_next
from game.ui.components.orders import committed as committed_orders
from game.ui.components.placing import Placement
from game.ui.components.tools import TableTools
from game.ui.components.roster import Roster
from game.ui.screens import game_actions, game_review, game_status
from game.ui.screens.base import Screen
from game.ui.remote_table import RemoteTable
from game.ui.session import seat_of

QUICKSAVE = game_actions.QUICKSAVE


class GameScreen(game_actions.GameCommands, game_status.GameStatus, game_review.GameReview, Screen):
    name = "table"

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.sel = Selection()
        self.choices = Choices(session, self.my_decision)
        self.panel = ActionPanel(app, session, self.sel, self.choices)
        self.log = DiceLog(app.fonts, self.s)
        self.roster = Roster(app.fonts, self.s)
        self._looks: dict = {}
        self.ai = AiDriver(session, app.settings, app.threaded_ai, lambda ev: self.after_action(ev, False), self.say)
        self.tools = TableTools(app, session, self.sel, self.ai.thinking)
        self.bars = Bars(app, session)
        self.nest = NestWatch(session.state)
        self.board = board_view_for(app, session.view())
        self.board_shown = board_of(session.view())      # the board the board view was made for
        self.placement = self.make_placement()
        self.now = 0.0
        self.seen_version, self.seen_viewer = -1, -1
        self.my_stage = None                       # phase_of the player's decision while it lasts
        self.banner_to: int | None = None          # hand the window over to this side after this banner
        self.pending_handover = False
        self.last_by_human = False
        self.end_shown, self.end_at = False, None
        self.pan_from: tuple[int, int] | None = None
        self.pan_moved = False
        self.cursor_world: tuple[float, float] | None = None
        self.dynamic_buttons: list = []
        self._dyn_key = None
        self.started = False
        self.confirm_load = None                   # the quick-load question, while it is asked
        self.remote = RemoteTable(session, self.say, app) if getattr(session, "remote", False) else None

    def make_placement(self) -> Placement:
        return Placement(self.sel, self.board, self.view, self.session.check, self.commit, self.say)

    # -- layout ---------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        handlers = {"menu": self.open_menu, "help": self.open_help, "rules": self.open_rules,
                    "save": self.quick_save, "undo": self.undo, "tool": self.tool_key}
        hide = set() if self.board.has_tools and self.tools.has_range_bands() else {"rings"}
        self.bars.build(self.button, handlers, tools=self.board.has_tools, hide=hide)
        top_h, bottom_h = self.bars.top_h, self.bars.bottom_h
        self.panel_w = max(300, min(self.s(380), int(w * 0.4)))
        self.board.place((0, top_h, w - self.panel_w, h - top_h - bottom_h), self.view(),
                         legend=self.app.settings.show_legend)
        self.viewport = self.board.viewport
        log_rect = self.panel.place(pygame.Rect(w - self.panel_w, top_h, self.panel_w, h - top_h))
        self.log.place(log_rect)
        self.roster.place(log_rect)
        self.panel.below = (self.log, self.roster)     # moved down when the options need the room
        self.log._key = None
        self._dyn_key = None
        self.dynamic_buttons = []
        self.refresh_tool_buttons()

    @property
    def camera(self):
        return self.board.camera

    def refresh_tool_buttons(self) -> None:
        self.bars.refresh(dict(self.tools.state(), legend=self.app.settings.show_legend))

    def on_top_again(self) -> None:
        self.panel.invalidate()
        self._dyn_key = None

    # -- the state --------------------------------------------------------------------------------
    def view(self):
        """What the table shows: the viewer's view now, or of a past moment while looking back."""
        return self.session.view() if self.review is None else self.session.moment_view(self.review)

    def my_decision(self):
        """The decision, when the viewer is the human who must make it now."""
        d = self.session.decision()
        if d is None or self.banner_to is not None or self.pending_handover or self.review is not None:
            return None
        if self.remote is not None and not self.session.my_turn():     # sent, its answer not back yet
            return None
        seat = seat_of(d)
        if not self.session.is_human(seat) or seat != self.session.viewer:
            return None
        return d

    def actors(self) -> list[str]:
        return self.choices.actors()

    def region_option(self) -> Option | None:
        return self.choices.region_option(self.sel)

    def sync(self) -> None:
        """Follow the session: a new board (a nested game), new state (animate moves, flash new rolls),
        whose eyes, the end."""
        s = self.session
        if s.version == self.seen_version and s.viewer == self.seen_viewer:
            return
        changed, ended = self.nest.step(s.state, s.side_name)
        if ended and s.human_sides and self.nest.finished is not None:
            self.show_battle_result(self.nest.finished)
        elif ended:                    # every side an AI: a glance, the game does not stop
            self.bars.show_summary(ended, self.now + 8)
        elif changed and self.nest.began:
            self.bars.show_summary(self.nest.began, self.now + 4)
        view = s.view()
        if changed or kind_of_board(board_of(view)) != self.board.kind:
            self.swap_board(view)
        animate = s.viewer == self.seen_viewer and not self.ai.skip and self.app.settings.ai_speed != "instant"
        if self.review is None:
            self.board.follow(view, animate, self.now)
        self.log.follow(view, s.viewer, s.viewer != self.seen_viewer, self.now)
        self.seen_version, self.seen_viewer = s.version, s.viewer
        sel = self.sel
        d = self.my_decision()
        stage = phase_of(view, d) if d is not None else None
        if stage is not None and stage != self.my_stage:
            # a new phase, or the player's turn again after another side's: the unit picked before is
            # no longer what the panel is about (its lone options hid every other unit's)
            sel.selected = None
        self.my_stage = stage
        first = next((a for a in actors_of(d) if a in view.units), None) if d is not None else None
        if first is not None:
            sel.selected = first
        elif sel.selected is not None and (sel.selected not in view.units or view.units[sel.selected].out):
            sel.selected = None
        elif d is not None and (sel.selected is None or not self.choices.can_act(sel.selected)):
            acts = self.actors()
            # an interrupt (opportunity fire...) or a single unit able to act: select it, the
            # player should not have to look for it
            if acts and (view.flow.interrupts or len(acts) == 1):
                sel.selected = acts[0]
        options = self.choices.options()
        if sel.placing is not None and sel.placing.option not in options:
            sel.placing = None
        if sel.focus is not None and sel.focus not in options:
            sel.focus = None
        self.panel.invalidate()

    def show_battle_result(self, finished) -> None:
        """A nested game has ended: its result over the table, then the map (or the next battle)."""
        report, onward = battle_report(self.session.state, finished), what_next(self.session.state)
        self.nest.finished = None
        self.app.later(lambda: self.app.open("battle-result", report, onward))

    def swap_board(self, view) -> None:
        """The innermost game's board changed (a nested game began or ended): a new board view."""
        self.board = board_view_for(self.app, view)
        self.board_shown = board_of(view)
        self.placement = self.make_placement()
        self.sel.selected = self.sel.hovered = None
        self.sel.cancel()
        if self.container is not None:
            self.app.later(self.rebuild)

    def check_viewer(self) -> None:
        """Hand the window over when the deciding human changes and something is hidden."""
        s = self.session
        if s.is_over() or self.banner_to is not None or self.pending_handover:
            return
        want, need = s.wanted_viewer()
        if need:
            if self.last_by_human and s.viewer is not None:
                self.banner_to = want
                self.sel.cancel()
            else:
                self.push_handover(want)
        elif want is not None and want != s.viewer:
            s.set_viewer(want)

    def push_handover(self, side: int, note: str = "") -> None:
        self.banner_to = None
        self.pending_handover = True
        self.sel.cancel()
        self.sel.selected = self.sel.hovered = None
        self.tools.reset_line()
        self.app.open("handover", self.session, side, self.viewer_ready, note=note)

    def viewer_ready(self, side: int) -> None:
        self.pending_handover = False
        self.session.set_viewer(side)
        self.last_by_human = False
        self.seen_viewer = -2             # snap, do not animate the other side's moves
        self.sync()

    def hand_over(self) -> None:
        if self.banner_to is not None:
            self.push_handover(self.banner_to)

    # -- acting ---------------------------------------------------------------------------------
    def say(self, text: str, colour=theme.TEXT, seconds: float = 4.0) -> None:
        self.bars.say(text, colour, self.now + seconds)

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
        self.sel.cancel()
        self.bars.toast = None
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
        if actors_of(option):
            for uid in self.actors():
                if self.choices.actor_matches(option, uid):
                    self.sel.selected = uid
                    break
        self.placement.start(option)

    # -- input ------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.quick_load_answer(event):
            return
        if event.type == pygame.KEYDOWN:
            if self.review_key(event.key):
                return
            found = keymap.lookup(event.key, event.mod)
            if found is not None:
                binding, chord = found
                self.run(binding.command, chord.arg)
            self.refresh_tool_buttons()
        elif event.type in (pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) \
                and self.board.camera is None:
            return      # a board just swapped in (a battle began or ended) is placed at the next rebuild
        elif event.type == pygame.MOUSEWHEEL:
            pos = self.app.mouse
            if self.board.in_viewport(pos):
                self.camera.zoom_at(pos[0], pos[1], 1 if event.y > 0 else -1 if event.y < 0 else 0)
            elif self.panel.rect.collidepoint(pos):
                if pos[1] >= self.log.rect.y:
                    (self.roster if self.roster.on else self.log).wheel(event.y)
                else:
                    self.panel.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse_down(event)
        elif event.type == pygame.MOUSEBUTTONUP:
            self.mouse_up(event)
        elif event.type == pygame.MOUSEMOTION:
            self.mouse_move(event)

    def run(self, command: str, arg=None) -> None:
        """One keymap command: the handler is `cmd_<command>` (see game_actions)."""
        handler = getattr(self, f"cmd_{command}")
        handler(arg) if arg is not None else handler()

    def mouse_down(self, event) -> None:
        pos = event.pos
        if event.button in (2, 3):
            if self.board.in_viewport(pos):
                self.pan_from, self.pan_moved = pos, False
            return
        if event.button != 1:
            return
        if self.panel.rect.collidepoint(pos):
            option = self.panel.option_at(pos)
            if option is not None:
                self.choose(option)
            elif self.roster.on and pos[1] >= self.roster.rect.y:
                self.roster_click(pos)
            elif not self.log.click(pos):
                self.log_click(pos)
            return
        if not self.board.in_viewport(pos):
            return
        view = self.view()
        if self.board.has_tools and self.tools.press(self.board.world(pos), self.board.unit_at(pos, view)):
            return
        if self.banner_to is not None:
            return
        sel = self.sel
        if sel.placing is not None and sel.placing.point is not None:
            self.placement.press(pos, sel.placing.option)
            return
        unit = self.board.unit_at(pos, view)
        if hasattr(self.board, "pick"):
            self.board.pick(pos)
        if unit is not None and sel.placing is None:
            self.click_unit(unit)
            return
        option = self.region_option()
        if self.my_decision() is not None and option is not None:
            self.placement.press(pos, option)
            return
        if unit is None:
            sel.selected = None
            sel.focus = None
            self.panel.invalidate()

    def click_unit(self, unit) -> None:
        sel = self.sel
        uid, team = unit.id, unit.team
        targeted = [o for o in self.choices.options_for(sel.selected)
                    if sel.selected and o.target is not None and (o.target == uid or (team and o.target == team))]
        if targeted:
            if sel.focus in targeted:
                # a second click on the target commits the option whose odds are on show
                self.choose(sel.focus)
                return
            sel.focus = targeted[0]
            self.say(f"{sel.focus.label}" + (f" — {sel.focus.odds_text}" if sel.focus.odds_text else "") +
                     ". Click again or press Enter to do it.", theme.ACCENT, 6)
            self.panel.invalidate()
            return
        sel.selected = uid
        sel.cancel()
        self.panel.invalidate()

    def mouse_up(self, event) -> None:
        pos = event.pos
        if event.button in (2, 3):
            if self.pan_from is not None and not self.pan_moved and event.button == 3:
                self.cancel()        # a right click without a drag cancels
            self.pan_from = None
            return
        if event.button != 1:
            return
        if self.tools.release(self.board.world(pos), self.board.unit_at(pos, self.view())):
            return
        self.placement.release(pos)

    def cancel(self) -> bool:
        """Right click or Esc: drop the placement or the focus, else the tool; False when nothing was on."""
        if self.sel.placing is not None or self.sel.focus is not None:
            self.sel.cancel()
            return True
        if self.tools.tool is not None:
            self.tool_key(self.tools.tool)
            return True
        return False

    def mouse_move(self, event) -> None:
        pos = event.pos
        if self.pan_from is not None:
            dx, dy = pos[0] - self.pan_from[0], pos[1] - self.pan_from[1]
            if abs(dx) + abs(dy) > 2:
                self.pan_moved = True
            self.camera.pan(dx, dy)
            self.pan_from = pos
            return
        sel = self.sel
        if self.board.in_viewport(pos):
            self.cursor_world = self.board.world(pos)
            u = self.board.unit_at(pos, self.view())
            uid = u.id if u is not None else None
            if uid != sel.hovered:
                sel.hovered, sel.hover_time = uid, self.now
        else:
            self.cursor_world = None
            # a roster row under the pointer lights its unit on the table
            uid = self.roster.unit_at(pos) if self.roster.on else None
            if uid != sel.hovered:
                sel.hovered, sel.hover_time = uid, self.now
        self.tools.motion(self.cursor_world)
        self.placement.motion(pos, self.cursor_world)

    # -- update -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.now += dt
        s = self.session
        if self.remote is not None:
            self.remote.poll()
        if not self.started:
            self.started = True
            self.seen_viewer = s.viewer
            self.sync()
            self.check_viewer()
            if s.viewer is None and not self.pending_handover:
                want, _ = s.wanted_viewer()
                if want is not None:
                    self.push_handover(want)
                    return
        self.sync()
        self.board.update(self.now)
        paused = self.banner_to is not None or self.pending_handover or self.app.top is not self or \
            self.review is not None
        self.ai.drive(dt, paused, self.board.busy(), lambda: self.banner_to is not None or self.pending_handover)
        if s.is_over() and not self.end_shown and self.app.top is self:
            if self.end_at is None:
                self.end_at = self.now + 1.0
            elif self.now >= self.end_at and not self.board.busy():
                self.open_results()
        self.panel.update((self.banner_to, self.pending_handover), self.log.rect.y)
        self.log.update(s.view(), s.viewer, s.version)
        self.update_dynamic_buttons()
        self.bars.enable_undo(s.undo_reason() is None and self.banner_to is None)

    def busy(self) -> bool:
        """Something moves on screen (the window then draws at full speed)."""
        return self.board.busy() or self.ai.turn() or self.log.animating(self.now) or \
            self.bars.live_toast(self.now) is not None

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        view = self.view()
        # under a result (a battle just ended) the table shows its board and no option (the ones the
        # player had are no longer there to take); the panel's head still says whose decision it is
        covered = self.app.top is not self and getattr(self.app.top, "hides_choices", False)
        yours = self.my_decision()
        mine = None if covered else yours
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(self.viewport))
        shown = None if covered else self.sel.focus
        hovered_row = None if covered else self.panel.option_at(self.app.mouse)
        if hovered_row is not None:
            shown = hovered_row
        region = self.region_option() if mine is not None else None
        frame = Frame(view=view, sel=self.sel, region=region.region if region is not None else None,
                      strong=self.sel.placing is not None, shown=shown,
                      acting=frozenset(self.actors()) if mine is not None else frozenset(),
                      marker_labels=dict(getattr(self.session.ruleset, "marker_styles", {}) or {}),
                      marker_notes=dict(getattr(self.session.ruleset, "marker_notes", {}) or {}),
                      cursor=self.cursor_world, now=self.now,
                      describe=lambda uid: self.session.ruleset.describe_unit(view, uid),
                      look=lambda uid: self.session.ruleset.unit_look(view, uid),
                      tools=self.tools if self.board.has_tools else None,
                      orders=committed_orders(self.session, view) if self.review is None else [],
                      moment=self.review_event,
                      preview=self.move_preview(view, region),
                      route=lambda action: self.session.ruleset.route(view, action))
        self.board.draw(surface, frame)
        self.bars.avoid = self.board.drawn_labels()
        surface.set_clip(clip)
        self.board.draw_legend(surface)
        self.bars.draw_top(surface, view)
        toast = self.bars.live_toast(self.now)
        self.bars.draw_bottom(surface, surface.get_width() - self.panel_w, self.status_text(toast is not None),
                              self.viewport, self.now)
        if self.session.auto_now():          # the AI resolves a nested game: how far it has gone
            self.bars.draw_progress(surface, self.viewport, nest_progress(self.session.state))
        self.draw_review(surface)
        if self.remote is not None:           # who is thinking, where; the connection
            self.remote.draw(surface, self.viewport, self.app.fonts, self.s)
        self.panel.draw(surface, view, yours, self.banner_to, self.pending_handover, self.log.rect.y, covered)
        if self.roster.on:
            live = self.session.view()
            self.roster.draw(surface, live, self.session.viewer, looks_of(live, self.live_look(live), self._looks),
                             lambda uid: self.session.ruleset.describe_unit(live, uid), frame.marker_labels,
                             self.sel.selected, self.sel.hovered)
        else:
            self.log.draw(surface, self.now)

    def live_look(self, view):
        return lambda uid: self.session.ruleset.unit_look(view, uid)

