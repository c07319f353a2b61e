"""New game: pick a bundled scenario (or open a file), read it, set the ruleset's options and who
plays each side (a human or an AI level), then start."""
from __future__ import annotations

import html
import math

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UISelectionList, UITextBox, UITextEntryLine

from game.ui import render, theme
from game.ui.players import ai_names, default_ai, new_seed
from game.ui.components.board_view import board_of, kind_of_board
from game.ui.components.board_views import board_view_for
from game.ui.screens.base import Screen
from game.ui.screens.setup_forces import HUMAN, ForcesOnPoints


def bundled() -> list[tuple[str, str, str]]:
    try:
        from game.io.scenario_file import bundled_scenarios
        return bundled_scenarios()
    except Exception:
        return []


def option_text(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def board_text(scen) -> str:
    """"table 120 × 80 cm" or "a hex map": what the game is played on."""
    if scen.board_kind == "table":
        return f"table {scen.width:g} × {scen.height:g} cm"
    return "a hex map"


class SetupScreen(ForcesOnPoints, Screen):
    name = "setup"
    def __init__(self, app, preselect: str | None = None, host=None):
        """`host`: hosting over the network (game/ui/remote_setup.py's HostChoices): its player
        choices, title and start."""
        super().__init__(app)
        self.host = host
        self.title = host.title if host is not None else "New game"
        self.start_text = host.start_text if host is not None else "Start the game  (Enter)"
        self.scenarios = bundled()
        self.extra: list[tuple[str, str, str]] = []       # scenarios opened from files: (path, rid, title)
        self.loaded: dict[str, object] = {}               # name/path -> Scenario, or a problem string
        self.current: str | None = preselect or (self.scenarios[0][0] if self.scenarios else None)
        self.values: dict[str, object] = {}                # the player's option choices
        self.forces: dict[int, list[dict]] = {}            # side -> the force its player built (muster)
        self.players: list[str] = []
        self.seed = new_seed()
        self.thumb_cache: dict[tuple, pygame.Surface] = {}
        self.message = ""
        self._pick_defaults()

    # -- the scenario ------------------------------------------------------------------------------
    def scenario(self):
        if self.current is None:
            return None
        if self.current not in self.loaded:
            from game.io.errors import FileProblem
            from game.io.scenario_file import load_scenario
            try:
                self.loaded[self.current] = load_scenario(self.current)
            except FileProblem as exc:
                self.loaded[self.current] = str(exc) if self.host is None else self.host.file_problem(self.current, exc)
            except Exception as exc:
                self.loaded[self.current] = f"{self.current}: {type(exc).__name__}: {exc}"
        value = self.loaded[self.current]
        return None if isinstance(value, str) else value

    def ruleset(self):
        scen = self.scenario()
        if scen is None:
            return None
        try:
            from game.engine import registry
            return registry.get(scen.ruleset)
        except Exception:
            return None

    def _pick_defaults(self) -> None:
        scen, rs = self.scenario(), self.ruleset()
        self.values = {}
        self.forces = {}
        if scen is not None and rs is not None:
            try:
                self.values = dict(rs.resolve_options(scen.options))
            except ValueError:
                self.values = {o.id: o.default for o in rs.options}
        n = len(scen.sides) if scen is not None else 2
        last = self.app.settings.last_players
        names = ai_names()
        self.players = []
        for i in range(n):
            p = last.get(str(i), HUMAN if i == 0 else default_ai())
            if p != HUMAN and p not in names:
                p = default_ai()
            self.players.append(p)
        if self.host is not None:
            self.players = self.host.defaults(self.players)

    # -- widgets ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        m = self.s(20)
        top = self.s(70)
        left_w = min(self.s(330), w // 4)
        right_w = min(self.s(330), w // 4)
        mid_x = m + left_w + m
        mid_w = w - mid_x - right_w - 2 * m
        self.items: dict[str, str] = {}
        texts = []
        for name, rid, title in self.scenarios + self.extra:
            text = title
            if text in self.items:
                text += f" ({name})"
            self.items[text] = name
            texts.append(text)
        current_text = next((t for t, n in self.items.items() if n == self.current), None)
        self.list = UISelectionList(pygame.Rect(m, top, left_w, h - top - m - self.s(110)), texts,
                                    self.app.manager, container=self.container, default_selection=current_text)
        self.button(pygame.Rect(m, h - m - self.s(100), left_w, self.s(40)), "Open a scenario file…  (O)",
                    self.open_dialog)
        self.button(pygame.Rect(m, h - m - self.s(44), left_w, self.s(44)), "Back  (Esc)", self.back)
        # the middle: thumbnail and description
        thumb_h = int((h - top - m) * 0.55)
        self.thumb_rect = pygame.Rect(mid_x, top, mid_w, thumb_h)
        scen = self.scenario()
        problem = self.loaded.get(self.current) if isinstance(self.loaded.get(self.current), str) else None
        desc = self._description(scen, problem)
        self.desc = UITextBox(desc, pygame.Rect(mid_x, top + thumb_h + m, mid_w, h - top - thumb_h - 2 * m),
                              self.app.manager, container=self.container)
        # the right: options, players, seed, start
        x = w - m - right_w
        y = top
        self.option_widgets: dict[object, tuple[str, object]] = {}
        self.right_labels: list[tuple[str, int, int, str]] = []
        rs = self.ruleset()
        ch = self.s(32)
        self.right_labels.append(("Options", x, y, "h"))
        y += self.s(28)
        if rs is None or not rs.options:
            self.right_labels.append(("This ruleset has no options.", x, y, "dim"))
            y += self.s(30)
        else:
            for spec in rs.options:
                value = self.values.get(spec.id, spec.default)
                self.right_labels.append((spec.label or spec.id, x, y, ""))
                rect = pygame.Rect(x + right_w - self.s(120), y - self.s(4), self.s(120), ch)
                if spec.choices:
                    texts_c = [option_text(c) for c in spec.choices]
                    widget = UIDropDownMenu(texts_c, option_text(value), rect, self.app.manager,
                                            container=self.container)
                    self.option_widgets[widget] = (spec.id, "choice")
                elif isinstance(spec.default, bool):
                    widget = self.button(rect, option_text(value), lambda sid=spec.id: self.toggle(sid),
                                         tooltip=spec.help or None)
                    self.option_widgets[widget] = (spec.id, "bool")
                else:
                    widget = UITextEntryLine(rect, self.app.manager, container=self.container,
                                             initial_text=str(value))
                    self.option_widgets[widget] = (spec.id, "number")
                y += ch + self.s(8)
        y += self.s(12)
        self.right_labels.append(("Players", x, y, "h"))
        y += self.s(28)
        kinds = self.player_kinds()
        self.player_menus = {}
        for i, p in enumerate(self.players):
            name = scen.sides[i].name if scen is not None and i < len(scen.sides) else f"Side {i + 1}"
            self.right_labels.append((name, x + self.s(22), y, f"side{i}"))
            menu = UIDropDownMenu(kinds, p if p in kinds else kinds[0],
                                  pygame.Rect(x + right_w - self.s(150), y - self.s(4), self.s(150), ch),
                                  self.app.manager, container=self.container)
            self.player_menus[menu] = i
            y += ch + self.s(8)
        y = self.build_musters(scen, rs, x, y, right_w, ch)
        y += self.s(12)
        self.right_labels.append(("Seed", x, y, ""))
        self.seed_entry = UITextEntryLine(pygame.Rect(x + right_w - self.s(150), y - self.s(4), self.s(150), ch),
                                          self.app.manager, container=self.container, initial_text=str(self.seed))
        self.start_button = self.button(pygame.Rect(x, h - m - self.s(50), right_w, self.s(50)),
                                        self.start_text, self.start, "#primary")
        if scen is None:
            self.start_button.disable()

    def _description(self, scen, problem) -> str:
        if problem:
            return f"<font color='#e63c32'><b>This scenario cannot be used.</b></font><br>{html.escape(problem)}"
        if scen is None:
            return "No scenarios are installed (maps/*.json)."
        sides = " vs ".join(html.escape(s.name) for s in scen.sides)
        rs = self.ruleset()
        rname = html.escape(rs.name if rs is not None and rs.name else scen.ruleset)
        units = len(scen.units)
        text = (f"<font size=5><b>{html.escape(scen.title)}</b></font><br>"
                f"<i>{rname}</i> · {sides} · {board_text(scen)} · "
                f"{units} units · {scen.turn_limit} turns<br><br>")
        text += html.escape(scen.description or "").replace("\n\n", "<br><br>").replace("\n", " ")
        victory = scen.victory.get("text") or scen.victory.get("description") if isinstance(scen.victory, dict) else None
        if victory:
            text += f"<br><br><b>Victory:</b> {html.escape(str(victory))}"
        return text

    # -- actions -------------------------------------------------------------------------------
    def toggle(self, sid: str) -> None:
        self.values[sid] = not bool(self.values.get(sid))
        for widget, (wid, kind) in self.option_widgets.items():
            if wid == sid and kind == "bool":
                widget.set_text(option_text(self.values[sid]))
        self.thumb_cache.clear()

    def back(self) -> None:
        self.app.pop(self)

    def player_kinds(self) -> list[str]:
        """Who may play a side: a human at this screen, or an AI level (hosting: you, the guest, an AI)."""
        if self.host is not None:
            return self.host.player_kinds()
        return [HUMAN] + [n for n in ai_names() if n != HUMAN]

    def cycle(self, index: int, players: bool = False) -> None:
        """Keys 1-9: the n-th option's next value; Shift+1-9: the n-th side's next player."""
        if players:
            if index < len(self.players):
                kinds = self.player_kinds()
                cur = self.players[index]
                self.players[index] = kinds[(kinds.index(cur) + 1) % len(kinds)] if cur in kinds else kinds[0]
                self.app.later(self.rebuild)
            return
        rs = self.ruleset()
        if rs is None or index >= len(rs.options):
            return
        spec = rs.options[index]
        value = self.values.get(spec.id, spec.default)
        if spec.choices:
            i = list(spec.choices).index(value) if value in spec.choices else -1
            self.values[spec.id] = spec.choices[(i + 1) % len(spec.choices)]
        elif isinstance(spec.default, bool):
            self.values[spec.id] = not bool(value)
        else:
            return
        self.thumb_cache.clear()
        self.app.later(self.rebuild)

    def choose(self, name: str) -> None:
        if name == self.current:
            return
        self.current = name
        self._pick_defaults()
        self.app.later(self.rebuild)

    def open_dialog(self) -> None:
        import os
        self.open_file_dialog("Open a scenario file", os.getcwd())

    def _read_widgets(self) -> str | None:
        rs = self.ruleset()
        specs = {o.id: o for o in rs.options} if rs is not None else {}
        for widget, (sid, kind) in self.option_widgets.items():
            if kind == "number":
                text = widget.get_text().strip()
                try:
                    value = float(text)
                    if isinstance(specs[sid].default, int) and value.is_integer():
                        value = int(value)
                    if not math.isfinite(value):
                        raise ValueError
                except (ValueError, KeyError):
                    return f"option {sid}: expected a number, got {text!r}"
                self.values[sid] = value
        try:
            self.seed = int(self.seed_entry.get_text().strip())
        except ValueError:
            return f"the seed must be a whole number, got {self.seed_entry.get_text()!r}"
        return None

    def ready_scenario(self, players: list[str] | None = None):
        """The scenario to start: the widgets read, the forces built (`players`: who plays each side,
        by default the choices on screen); None, and the message said, when it cannot start."""
        scen = self.scenario()
        if scen is None:
            return None
        problem = self._read_widgets()
        if problem:
            self.message = problem
            return None
        from game.engine.muster import MusterError
        from game.io.errors import FileProblem
        try:
            return self.mustered(scen, players)
        except (MusterError, FileProblem) as exc:
            self.message = "The forces cannot be used: " + str(exc).splitlines()[0]
            return None

    def start(self) -> None:
        if self.host is not None:
            self.host.start(self)
            return
        scen = self.ready_scenario()
        if scen is None:
            return
        from game.ui.session import Session, SessionError
        try:
            session = Session(scen, self.seed, dict(self.values), list(self.players), source=self.current or "")
        except SessionError as exc:
            self.message = str(exc)
            return
        except Exception as exc:
            self.message = f"{type(exc).__name__}: {exc}"
            return
        self.app.settings.last_players = {str(i): p for i, p in enumerate(self.players)}
        self.app.save_settings()
        self.app.start_session(session)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if not self.close_file_dialog():
                    self.back()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_o:
                self.open_dialog()
            elif pygame.K_1 <= event.key <= pygame.K_9:
                self.cycle(event.key - pygame.K_1, players=bool(event.mod & pygame.KMOD_SHIFT))
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                names = [n for n, _, _ in self.scenarios + self.extra]
                if names:
                    i = names.index(self.current) if self.current in names else -1
                    i = (i + (1 if event.key == pygame.K_DOWN else -1)) % len(names)
                    self.choose(names[i])
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            name = self.items.get(event.text)
            if name:
                self.choose(name)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element in self.player_menus:
                self.players[self.player_menus[event.ui_element]] = event.text
                if self.musters(self.scenario(), self.ruleset()):
                    self.app.later(self.rebuild)        # who builds each force changed
            elif event.ui_element in self.option_widgets:
                sid, _ = self.option_widgets[event.ui_element]
                rs = self.ruleset()
                spec = next(o for o in rs.options if o.id == sid)
                self.values[sid] = next((c for c in spec.choices if option_text(c) == event.text), spec.default)
                self.thumb_cache.clear()
        elif (path := self.file_dialog_event(event)) is not None:
            self.loaded.pop(path, None)
            self.current = path
            scen = self.scenario()
            if scen is not None:
                self.extra.append((path, scen.ruleset, scen.title))
            else:
                self.extra.append((path, "?", f"file: {path}"))
            self._pick_defaults()
            self.app.later(self.rebuild)

    # -- drawing -------------------------------------------------------------------------------
    def thumbnail(self, size: tuple[int, int]) -> pygame.Surface | None:
        scen = self.scenario()
        if scen is None:
            return None
        key = (self.current, size, tuple(sorted((k, str(v)) for k, v in self.values.items())), repr(self.forces), tuple(self.players))
        if key in self.thumb_cache:
            return self.thumb_cache[key]
        from game.engine import game as engine
        try:
            if self.forces:         # the forces built so far stand on the thumbnail
                from game.engine.muster import muster_scenario_doc
                from game.engine.scenario import Scenario
                scen = Scenario.from_dict(muster_scenario_doc(self.ruleset(), scen, self.forces))
            state = engine.new_game(scen, 1, dict(self.values))
        except Exception as exc:
            self.message = f"{type(exc).__name__}: {exc}"
            return None
        board = board_of(state)
        if kind_of_board(board) == "table":
            surf = self.table_thumbnail(state, size)
        else:
            surf = self.board_thumbnail(state, size)
        self.thumb_cache = {key: surf}
        return surf

    def table_thumbnail(self, state, size: tuple[int, int]) -> pygame.Surface:
        """A table in cm: its terrain and, unless something is hidden, the units' bases."""
        w, h = size
        tw, th = render.table_size(state)
        k = min((w - 8) / tw, (h - 8) / th)
        surf = pygame.Surface((int(tw * k) + 4, int(th * k) + 4))
        surf.fill(theme.PANEL_DARK)
        render.draw_terrain(surf, state, lambda x, y: (x * k + 2, y * k + 2), k, self.app.fonts, labels=False)
        for u in self.shown_units(state):
            r = max(2, int(render.base_radius_cm(u.base) * k))
            pygame.draw.circle(surf, theme.side_colour(u.side), (u.x * k + 2, u.y * k + 2), r)
        return surf

    def board_thumbnail(self, state, size: tuple[int, int]) -> pygame.Surface:
        """Any other board (a campaign's hex map): drawn by its own board view, the units placed
        so far as dots."""
        view = board_view_for(self.app, state)
        view.place((0, 0, size[0], size[1]))
        surf = pygame.Surface(size)
        surf.fill(theme.PANEL_DARK)
        view.draw_ground(surf)
        r = max(3, int(view.camera.scale * 1.5))
        for u in self.shown_units(state):
            if getattr(u, "hex", None) is not None:
                pygame.draw.circle(surf, theme.side_colour(u.side), view.camera.to_screen(*view.where(u)), r)
        return surf

    def shown_units(self, state) -> list:
        """The units a thumbnail may show: none with hidden deployment (it would give positions
        away), none of a force still sealed (only its note is drawn)."""
        try:
            shown = render.seen_by_all(state)       # a hidden deployment's positions are not given away
        except Exception:
            shown = []
        return [u for u in shown if not self.sealed(u.side)]   # a hidden force: only its note is drawn

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        fonts = self.app.fonts
        theme.draw_text(surface, fonts, self.title, (self.s(20), self.s(18)), 28, theme.ACCENT, "b")
        theme.draw_text(surface, fonts, "Up/Down scenario · 1-9 options · Shift+1-9 players · O open a file · Enter start",
                        (surface.get_width() - self.s(20), self.s(30)), 12, theme.DIM, anchor="topright")
        if self.message:
            theme.draw_text(surface, fonts, self.message, (self.s(220), self.s(30)), 14, theme.BAD)
        theme.panel(surface, self.thumb_rect, theme.PANEL_DARK, theme.EDGE, 6)
        thumb = self.thumbnail(self.thumb_rect.inflate(-self.s(12), -self.s(12)).size)
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(center=self.thumb_rect.center))
        for n, note in enumerate(self.sealed_notes()):
            theme.draw_text(surface, fonts, note, (self.thumb_rect.x + self.s(12), self.thumb_rect.y + self.s(10 + 20 * n)),
                            14, theme.TEXT, "b")
        for text, x, y, style in self.right_labels:
            if style == "h":
                theme.draw_text(surface, fonts, text, (x, y), 17, theme.ACCENT, "b")
            elif style == "dim":
                theme.draw_text(surface, fonts, text, (x, y), 13, theme.DIM, "i")
            elif style.startswith("side"):
                side = int(style[4:])
                pygame.draw.circle(surface, theme.side_colour(side), (x - self.s(12), y + self.s(11)), self.s(7))
                theme.draw_text(surface, fonts, text, (x, y), 15, theme.TEXT, "b")
            else:
                theme.draw_text(surface, fonts, text, (x, y), 14, theme.TEXT)
